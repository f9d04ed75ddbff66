"""The enumerating hand evaluators: the oracle the fast ones in ``games.core.hands`` are checked against.

This was the engine's first implementation: it tries every five-card subset, so it is
slow but plainly right. It is kept here, unchanged in substance, for the tests.

Its strengths are the contract: higher is better, and ``games.core.hands`` returns the
same numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from games.core.cards import Card
from games.core.hands import Category, HandValue

__all__ = [
    "Category",
    "HandValue",
    "best_eight_low",
    "best_high",
    "best_razz",
    "eight_low_strength",
    "high_board_strength",
    "high_strength",
    "razz_board_strength",
    "razz_strength",
]

# --- stud high -----------------------------------------------------------------


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    for _ in range(5 - len(ranks)):
        value <<= 4
    return value


def _high5(cards: Sequence[Card]) -> tuple[int, Category, tuple[int, ...]]:
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    counts = Counter(ranks)
    # Group by (count, rank) so that a pair outranks its kickers.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ordered = tuple(rank for rank, count in groups for _ in range(count))
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5  # the wheel: the ace plays low
    if straight_top:
        category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        ordered = (5, 4, 3, 2, 14) if straight_top == 5 else ordered
        return _pack(category, [straight_top]), category, ordered
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        category = Category.QUADS
    elif shape[:2] == [3, 2]:
        category = Category.FULL_HOUSE
    elif flush:
        category = Category.FLUSH
    elif shape[0] == 3:
        category = Category.TRIPS
    elif shape[:2] == [2, 2]:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return _pack(category, [rank for rank, _ in groups]), category, ordered


def _order_cards(cards: Sequence[Card], ranks: Sequence[int], *, ace_low: bool) -> tuple[Card, ...]:
    pool = sorted(cards, key=lambda c: c.index, reverse=True)
    out: list[Card] = []
    for rank in ranks:
        for card in pool:
            value = card.rank.low_value if ace_low else int(card.rank)
            if value == rank and card not in out:
                out.append(card)
                break
    return tuple(out)


def best_high(cards: Sequence[Card]) -> HandValue:
    """The best five-card high hand from five to ten cards."""
    best: tuple[int, Category, tuple[int, ...], tuple[Card, ...]] | None = None
    for combo in combinations(cards, 5):
        strength, category, ordered = _high5(combo)
        if best is None or strength > best[0]:
            best = (strength, category, ordered, combo)
    if best is None:
        raise ValueError("a high hand needs at least five cards")
    strength, category, ordered, chosen = best
    return HandValue("high", strength, category, _order_cards(chosen, ordered, ace_low=False), ordered)


def high_strength(cards: Sequence[Card]) -> int:
    """Only the strength of :func:`best_high` (the fast path for rankings)."""
    return best_high(cards).strength


# --- ace-to-five lows ----------------------------------------------------------

_LOW_LIMIT = 1 << 24


def _low5(cards: Sequence[Card]) -> tuple[int, Category, tuple[int, ...]]:
    """Ace-to-five value where lower is better; straights and flushes do not count."""
    ranks = [c.rank.low_value for c in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ordered = tuple(rank for rank, count in groups for _ in range(count))
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        category = Category.QUADS
    elif shape[:2] == [3, 2]:
        category = Category.FULL_HOUSE
    elif shape[0] == 3:
        category = Category.TRIPS
    elif shape[:2] == [2, 2]:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return _pack(category, [rank for rank, _ in groups]), category, ordered


def best_razz(cards: Sequence[Card]) -> HandValue:
    """The best ace-to-five low from five to seven cards (any unpaired hand beats any pair)."""
    best: tuple[int, Category, tuple[int, ...], tuple[Card, ...]] | None = None
    for combo in combinations(cards, 5):
        value, category, ordered = _low5(combo)
        if best is None or value < best[0]:
            best = (value, category, ordered, combo)
    if best is None:
        raise ValueError("a low hand needs at least five cards")
    value, category, ordered, chosen = best
    return HandValue(
        "razz", _LOW_LIMIT - value, category, _order_cards(chosen, ordered, ace_low=True), ordered
    )


def razz_strength(cards: Sequence[Card]) -> int:
    return best_razz(cards).strength


def best_eight_low(cards: Sequence[Card]) -> HandValue | None:
    """The best qualifying eight-or-better low (five different ranks, 8 or lower), or None."""
    low = sorted({c.rank.low_value for c in cards if c.rank.low_value <= 8})
    if len(low) < 5:
        return None
    chosen = tuple(sorted(low[:5], reverse=True))
    picked = _order_cards(cards, chosen, ace_low=True)
    return HandValue("eight", _LOW_LIMIT - _pack(0, chosen), Category.HIGH_CARD, picked, chosen)


def eight_low_strength(cards: Sequence[Card]) -> int | None:
    value = best_eight_low(cards)
    return None if value is None else value.strength


# --- boards on 4th to 7th street (who acts first) -------------------------------


def high_board_strength(upcards: Sequence[Card]) -> int:
    """Strength of a stud-high board of one to five upcards.

    Only pairs, two pair, trips, quads and high cards count (RULES.md 5: four-card
    straights and flushes are not hands). Ties between equal boards are broken by
    the caller, following the ruleset's flag.
    """
    ranks = [int(c.rank) for c in upcards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [*sorted(counts.values(), reverse=True), 0]
    if shape[0] == 4:
        category = Category.QUADS
    elif shape[0] == 3 and shape[1] == 2:
        category = Category.FULL_HOUSE
    elif shape[0] == 3:
        category = Category.TRIPS
    elif shape[0] == 2 and shape[1] == 2:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return _pack(category, [rank for rank, _ in groups])


def razz_board_strength(upcards: Sequence[Card]) -> int:
    """Strength of a razz board: the lowest ace-to-five board is the strongest.

    Any unpaired board beats any paired board; boards are compared from the highest
    card down (RULES.md 5).
    """
    ranks = [c.rank.low_value for c in upcards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [*sorted(counts.values(), reverse=True), 0]
    if shape[0] == 4:
        category = Category.QUADS
    elif shape[0] == 3 and shape[1] == 2:
        category = Category.FULL_HOUSE
    elif shape[0] == 3:
        category = Category.TRIPS
    elif shape[0] == 2 and shape[1] == 2:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return _LOW_LIMIT - _pack(category, [rank for rank, _ in groups])
