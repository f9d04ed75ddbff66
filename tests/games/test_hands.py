"""The fast evaluators in games.core.hands against the enumerating oracle and against pokerkit.

RULES.md 10 is the authority for the rankings; the oracle (tests/games/reference_hands.py)
writes them down by trying every five-card subset.
"""

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import hands
from games.core.cards import FULL_DECK, Card, parse_cards
from games.core.hands import Category
from tests.games import reference_hands as oracle

# Standard five-card frequencies out of C(52, 5) = 2,598,960 (any probability table).
FIVE_CARD_CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.QUADS: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.TRIPS: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

cards_5_to_10 = st.integers(min_value=5, max_value=10).flatmap(
    lambda n: st.lists(st.sampled_from(FULL_DECK), min_size=n, max_size=n, unique=True)
)


def _random_hands(seed: int, size: int, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(FULL_DECK, size) for _ in range(count)]


def _check_value(value: hands.HandValue, expected: hands.HandValue, dealt: list[Card]) -> None:
    assert (value.kind, value.strength, value.category, value.ranks) == (
        expected.kind,
        expected.strength,
        expected.category,
        expected.ranks,
    ), [str(c) for c in dealt]
    assert len(value.cards) == 5
    assert len(set(value.cards)) == 5
    assert set(value.cards) <= set(dealt)
    low = value.kind != "high"
    assert [c.rank.low_value if low else int(c.rank) for c in value.cards] == list(value.ranks)


# --- RULES.md 10, stud high ------------------------------------------------------


@pytest.mark.slow
def test_rules_10_high_every_five_card_hand_matches_the_oracle_and_the_known_frequencies():
    # The oracle's strength of five cards depends only on their ranks and on whether
    # they share a suit, so it is computed once per (ranks, flush) and compared for
    # every one of the 2,598,960 hands.
    expected: dict[tuple[int, bool], int] = {}
    seen: Counter[int] = Counter()
    for combo in combinations(FULL_DECK, 5):
        strength = hands.high_strength(combo)
        seen[strength] += 1
        key = (
            sum(1 << (3 * (c.index >> 2)) for c in combo),
            combo[0].suit == combo[1].suit == combo[2].suit == combo[3].suit == combo[4].suit,
        )
        if key not in expected:
            expected[key] = oracle.high_strength(combo)
        assert strength == expected[key], [str(c) for c in combo]
    categories: Counter[Category] = Counter()
    for strength, count in seen.items():
        categories[Category(strength >> 20)] += count
    assert dict(categories) == FIVE_CARD_CATEGORY_COUNTS
    assert len(seen) == 7_462  # the distinct five-card high hands


def test_rules_10_high_best_five_of_seven_matches_the_oracle_on_random_hands():
    for dealt in _random_hands(1, 7, 3_000):
        _check_value(hands.best_high(dealt), oracle.best_high(dealt), dealt)


def test_rules_10_high_best_five_of_six_eight_and_ten_matches_the_oracle():
    for size in (5, 6, 8, 10):
        for dealt in _random_hands(size, size, 400):
            _check_value(hands.best_high(dealt), oracle.best_high(dealt), dealt)


@settings(max_examples=300, deadline=None)
@given(cards_5_to_10)
def test_rules_10_high_strength_equals_the_oracle_for_any_five_to_ten_cards(dealt):
    assert hands.high_strength(dealt) == oracle.high_strength(dealt)
    _check_value(hands.best_high(dealt), oracle.best_high(dealt), dealt)


@pytest.mark.parametrize(
    ("text", "category", "ranks"),
    [
        ("AsKsQsJsTs9s8s", Category.STRAIGHT_FLUSH, (14, 13, 12, 11, 10)),
        ("5d4d3d2dAdAhAc", Category.STRAIGHT_FLUSH, (5, 4, 3, 2, 14)),
        ("9s9h9d9cAs2c3d", Category.QUADS, (9, 9, 9, 9, 14)),
        ("KsKhKd7c7h7dAs", Category.FULL_HOUSE, (13, 13, 13, 7, 7)),
        ("2h3h4h5h7h8h6s", Category.FLUSH, (8, 7, 5, 4, 3)),  # the flush beats the straight
        ("Ah2c3d4s5hKhQh", Category.STRAIGHT, (5, 4, 3, 2, 14)),
        ("AhAcKdKsQhQc2d", Category.TWO_PAIR, (14, 14, 13, 13, 12)),
        ("2h3h4h5h9h9s9d9c2s3s", Category.QUADS, (9, 9, 9, 9, 5)),
        ("KhQhJhTh8h8s8d8cKsKd", Category.QUADS, (8, 8, 8, 8, 13)),
    ],
)
def test_rules_10_high_known_hands(text, category, ranks):
    value = hands.best_high(parse_cards(text))
    assert (value.category, value.ranks) == (category, ranks)


def test_rules_10_flush_uses_the_suit_that_makes_it():
    value = hands.best_high(parse_cards("2h5h9hJhKh2s5s"))
    assert {c.suit for c in value.cards} == {parse_cards("Kh")[0].suit}
    assert str(value.cards[0]) == "Kh"


def test_rules_10_pair_plays_before_its_kickers_highest_suit_first():
    value = hands.best_high(parse_cards("7c7sAd9h3c2d4h"))
    assert [str(c) for c in value.cards] == ["7s", "7c", "Ad", "9h", "4h"]


# --- RULES.md 10, razz and eight-or-better -----------------------------------------


@pytest.mark.slow
def test_rules_10_razz_every_five_card_hand_matches_the_oracle():
    # Razz ignores suits entirely, so the oracle is computed once per rank multiset.
    expected: dict[int, int] = {}
    seen: set[int] = set()
    for combo in combinations(FULL_DECK, 5):
        strength = hands.razz_strength(combo)
        key = sum(1 << (3 * (c.index >> 2)) for c in combo)
        if key not in expected:
            expected[key] = oracle.razz_strength(combo)
        assert strength == expected[key], [str(c) for c in combo]
        seen.add(strength)
    assert len(seen) == 6_175  # one class per multiset of five ranks


def test_rules_10_eight_low_every_rank_set_matches_the_oracle():
    # Eight-or-better depends only on which ranks A..8 are present: check all 2**13 sets.
    for mask in range(1 << 13):
        dealt = [Card.from_index((bit << 2) | (bit & 3)) for bit in range(13) if mask >> bit & 1]
        if len(dealt) < 5:
            continue
        assert hands.eight_low_strength(dealt) == oracle.eight_low_strength(dealt), mask


def test_rules_10_razz_and_eight_low_match_the_oracle_on_random_seven_card_hands():
    for dealt in _random_hands(2, 7, 3_000):
        _check_value(hands.best_razz(dealt), oracle.best_razz(dealt), dealt)
        fast, slow = hands.best_eight_low(dealt), oracle.best_eight_low(dealt)
        assert (fast is None) == (slow is None)
        if fast is not None and slow is not None:
            _check_value(fast, slow, dealt)


@settings(max_examples=300, deadline=None)
@given(cards_5_to_10)
def test_rules_10_low_strengths_equal_the_oracle_for_any_five_to_ten_cards(dealt):
    assert hands.razz_strength(dealt) == oracle.razz_strength(dealt)
    assert hands.eight_low_strength(dealt) == oracle.eight_low_strength(dealt)


@pytest.mark.parametrize(
    ("text", "category", "ranks"),
    [
        ("Ac2d3h4s5cKdKh", Category.HIGH_CARD, (5, 4, 3, 2, 1)),
        ("AcAd7h6s5c7d", Category.PAIR, (1, 1, 7, 6, 5)),
        ("AcAd7h6s5cKdKh", Category.HIGH_CARD, (13, 7, 6, 5, 1)),
        ("2c2d5h5s5cKdKh", Category.TWO_PAIR, (5, 5, 2, 2, 13)),  # KK55 2 is worse: 5 pairs lower
        ("2c2d2h2sKcKdKh", Category.FULL_HOUSE, (2, 2, 2, 13, 13)),
        ("3c3d3h3s9c", Category.QUADS, (3, 3, 3, 3, 9)),
    ],
)
def test_rules_10_razz_known_hands(text, category, ranks):
    value = hands.best_razz(parse_cards(text))
    assert (value.category, value.ranks) == (category, ranks)


def test_rules_10_razz_lowest_pair_wins_among_paired_hands():
    # BARGE: "AA765 would beat 22543" and "AA654 would beat AA732".
    assert hands.razz_strength(parse_cards("AcAd7h6s5c")) > hands.razz_strength(parse_cards("2c2d5h4s3c"))
    assert hands.razz_strength(parse_cards("AcAd6h5s4c")) > hands.razz_strength(parse_cards("AhAs7d3s2c"))


def test_rules_10_eight_low_needs_five_different_ranks_eight_or_lower():
    assert hands.eight_low_strength(parse_cards("8c7d6h5s9cKd4h")) is not None
    assert hands.eight_low_strength(parse_cards("8c7d6h5s9cKd5h")) is None
    assert hands.best_eight_low(parse_cards("8c7d6h4s2cAd")).ranks == (7, 6, 4, 2, 1)  # type: ignore[union-attr]


# --- against pokerkit 0.7.7 (orderings, not numbers) -------------------------------


def _assert_same_order(ours: list[int | None], theirs: list[object]) -> None:
    """Both sides rank every pair of hands the same way (None, no low, is the worst)."""
    order = sorted(range(len(ours)), key=lambda i: -1 if ours[i] is None else ours[i])  # type: ignore[operator]
    for a, b in pairwise(order):
        ta, tb = theirs[a], theirs[b]
        if ours[a] == ours[b]:
            assert ta == tb, (a, b)
        elif ta is None:
            continue
        else:
            assert tb is not None, (a, b)
            assert ta < tb, (a, b)  # type: ignore[operator]


def _pokerkit_cards(dealt: list[Card]) -> list[object]:
    from pokerkit import Card as PokerkitCard

    return list(PokerkitCard.parse("".join(str(c) for c in dealt)))


def test_pokerkit_standard_high_hand_orders_random_seven_card_hands_like_ours():
    from pokerkit import StandardHighHand

    dealt = _random_hands(11, 7, 2_000)
    ours: list[int | None] = [hands.high_strength(h) for h in dealt]
    theirs = [StandardHighHand.from_game(_pokerkit_cards(h)) for h in dealt]
    _assert_same_order(ours, theirs)


def test_pokerkit_regular_low_hand_orders_random_razz_hands_like_ours():
    from pokerkit import RegularLowHand

    dealt = _random_hands(12, 7, 2_000)
    ours: list[int | None] = [hands.razz_strength(h) for h in dealt]
    theirs = [RegularLowHand.from_game(_pokerkit_cards(h)) for h in dealt]
    _assert_same_order(ours, theirs)


def test_pokerkit_eight_or_better_low_hand_orders_random_hands_like_ours():
    from pokerkit import EightOrBetterLowHand

    dealt = _random_hands(13, 7, 2_000)
    ours = [hands.eight_low_strength(h) for h in dealt]
    theirs = [EightOrBetterLowHand.from_game_or_none(_pokerkit_cards(h)) for h in dealt]
    assert [o is None for o in ours] == [t is None for t in theirs]
    _assert_same_order(ours, theirs)


def test_treys_seven_card_ranks_agree_with_ours():
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    dealt = _random_hands(14, 7, 500)
    ours: list[int | None] = [hands.high_strength(h) for h in dealt]
    # treys: 1 is the royal flush, so a lower number is better; negate to compare.
    theirs: list[object] = [
        -evaluator.evaluate([TreysCard.new(str(c)) for c in h[:2]], [TreysCard.new(str(c)) for c in h[2:]])
        for h in dealt
    ]
    _assert_same_order(ours, theirs)


def test_evaluators_refuse_fewer_than_five_cards():
    with pytest.raises(ValueError, match="five cards"):
        hands.high_strength(parse_cards("AsKsQsJs"))
    with pytest.raises(ValueError, match="five cards"):
        hands.best_razz(parse_cards("AsKsQsJs"))


def test_the_docstring_examples_of_the_evaluators_and_the_other_games_hold():
    import doctest

    from games.core import names
    from games.draw import game as draw
    from games.holdem import game as holdem_game
    from games.holdem import hand as holdem
    from games.tenstud import game as tenstud

    for module in (hands, names, holdem, holdem_game, draw, tenstud):
        result = doctest.testmod(module)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__
