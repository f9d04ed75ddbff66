"""Hand values: stud high, razz (ace-to-five low) and eight-or-better low.

Every evaluator returns a ``strength`` where **higher is better**, so rankings are
built the same way for high and low games. Strengths are comparable only within
one evaluator (a razz strength means nothing next to a high strength).

>>> from games.core.cards import parse_cards
>>> best_high(parse_cards("KcKd7h7sQd2c3h")).name("en")
'Two pair, kings and sevens'
>>> best_razz(parse_cards("Ac2d3h4s5c9dKh")).name("en")
'5-4-3-2-A'
>>> best_eight_low(parse_cards("9h8hQs6h4h2hJs")) is None
True

How it is fast: nothing here enumerates five-card subsets. One pass over the cards
builds rank bitmasks (ranks seen at least once, twice, three and four times) and
per-suit counts; the best five cards then follow from the masks, with small tables
built once at import (about 16,000 small ints, a few milliseconds) for "the top
five ranks of a mask" and "the lowest five ranks of a mask".

Strength encoding (the same numbers as the enumerating definition that the tests
keep as an oracle): the category in bits 20..23, then up to five rank nibbles, one
per rank group, most significant first (the pair before its kickers). Low strengths
are ``2**24`` minus the packed low value, so that higher is still better.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from games.core.cards import Card
from games.core.category import Category
from games.core.names import hand_name

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
    "showdown_key",
]

Kind = Literal["high", "razz", "eight"]
Lang = Literal["en", "ja"]


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a best five-card hand.

    ``cards`` are the five cards that play, most significant first (the pair before
    its kickers; for lows the highest card first). ``ranks`` are those ranks as
    ints in the same order (aces as 1 in low hands).
    """

    kind: Kind
    strength: int
    category: Category
    cards: tuple[Card, ...]
    ranks: tuple[int, ...]

    def name(self, lang: Lang = "en") -> str:
        return hand_name(self, lang)


# --- tables built at import ----------------------------------------------------
#
# High masks: bit ``r - 2`` stands for rank r (2..14), so the ace is bit 12.
# Low masks: bit ``r - 1`` stands for the ace-low rank r (A=1 .. K=13).

_HIGH_BIT = tuple(1 << (index >> 2) for index in range(52))
_LOW_BIT = tuple(1 << ((index >> 2) + 1) if index < 48 else 1 for index in range(52))
_SUIT_ONE = tuple(1 << ((index & 3) << 2) for index in range(52))
# Four 4-bit suit counters: adding 3 to each sets its top bit exactly when the count is
# at least 5 (counts stay below 13 with ten cards, so no nibble overflows).
_FLUSH_PROBE_ADD = 0x3333
_FLUSH_PROBE_MASK = 0x8888
_WHEEL_HIGH = 0b1_0000_0000_1111  # A, 5, 4, 3, 2 in a high mask
_CATEGORY_SHIFT = 20
_LOW_LIMIT = 1 << 24


def _build_top5() -> list[int]:
    """``table[mask]``: the top five ranks of a high mask, packed as nibbles from bit 16 down."""
    table = [0] * 8192
    for mask in range(1, 8192):
        top = mask.bit_length() - 1
        table[mask] = ((top + 2) << 16) | (table[mask ^ (1 << top)] >> 4)
    return table


def _build_low5() -> list[int]:
    """``table[mask]``: the five lowest ranks of a low mask, packed from the highest of them down.

    For masks of fewer than five ranks the packed ranks are right-aligned; the callers
    only use those through :func:`_low_desc` with the count they know.
    """
    table = [0] * 8192
    for mask in range(1, 8192):
        top = mask.bit_length() - 1
        rest = mask ^ (1 << top)
        if mask.bit_count() > 5:
            table[mask] = table[rest]
        else:
            table[mask] = ((top + 1) << (4 * rest.bit_count())) | table[rest]
    return table


_TOP5 = _build_top5()
_LOW5 = _build_low5()


def _eight_table() -> list[int | None]:
    """``table[mask]`` for masks of the ranks A..8 present: the eight-low strength or None."""
    table: list[int | None] = [None] * 256
    for mask in range(256):
        if mask.bit_count() >= 5:
            table[mask] = _LOW_LIMIT - _LOW5[mask]
    return table


_EIGHT = _eight_table()


def _straight_top(mask: int) -> int:
    """The top rank of the best straight in a high mask (5 for the wheel), or 0."""
    run = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)
    if run:
        return run.bit_length() + 5  # bit b starts a run whose top is bit b + 4, rank b + 6
    if mask & _WHEEL_HIGH == _WHEEL_HIGH:
        return 5
    return 0


# --- stud high -----------------------------------------------------------------


def high_strength(cards: Sequence[Card]) -> int:
    """The strength of the best five-card high hand from five to ten cards.

    The fast path for rankings: the same number as ``best_high(cards).strength``.

    >>> from games.core.cards import parse_cards
    >>> high_strength(parse_cards("AsKsQsJsTs9d9c")) > high_strength(parse_cards("9s9d9c9hAs2c3d"))
    True
    """
    if len(cards) < 5:
        raise ValueError("a high hand needs at least five cards")
    m1 = m2 = m3 = m4 = suits = 0
    for card in cards:
        index = card.index
        bit = _HIGH_BIT[index]
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
        suits += _SUIT_ONE[index]
    flush = 0
    probe = (suits + _FLUSH_PROBE_ADD) & _FLUSH_PROBE_MASK
    if probe:
        flush = _flush_strength(cards, probe)
        if flush >> _CATEGORY_SHIFT == Category.STRAIGHT_FLUSH:
            return flush
    return _rank_strength(m1, m2, m3, m4, flush)


def _flush_strength(cards: Sequence[Card], probe: int) -> int:
    """The best flush or straight flush among the suits flagged in ``probe``."""
    best = 0
    for suit in range(4):
        if not probe & (8 << (suit << 2)):
            continue
        mask = 0
        for card in cards:
            if card.index & 3 == suit:
                mask |= _HIGH_BIT[card.index]
        top = _straight_top(mask)
        if top:
            value = (Category.STRAIGHT_FLUSH << _CATEGORY_SHIFT) | (top << 16)
        else:
            value = (Category.FLUSH << _CATEGORY_SHIFT) | _TOP5[mask]
        best = max(best, value)
    return best


def _rank_strength(m1: int, m2: int, m3: int, m4: int, flush: int) -> int:
    """Strength from the rank masks (seen once, twice, three, four times) and a flush, if any."""
    if m4:
        top = m4.bit_length() - 1
        kicker = (m1 ^ (1 << top)).bit_length() + 1
        return (Category.QUADS << _CATEGORY_SHIFT) | ((top + 2) << 16) | (kicker << 12)
    if m3:
        top = m3.bit_length() - 1
        pair = m2 ^ (1 << top)
        if pair:  # a second trips plays as the pair
            return (
                (Category.FULL_HOUSE << _CATEGORY_SHIFT) | ((top + 2) << 16) | ((pair.bit_length() + 1) << 12)
            )
    if flush:
        return flush
    top = _straight_top(m1)
    if top:
        return (Category.STRAIGHT << _CATEGORY_SHIFT) | (top << 16)
    if m3:
        top = m3.bit_length() - 1
        kickers = _TOP5[m1 ^ (1 << top)] >> 4 & 0xFF00
        return (Category.TRIPS << _CATEGORY_SHIFT) | ((top + 2) << 16) | kickers
    if m2:
        high = m2.bit_length() - 1
        rest = m2 ^ (1 << high)
        if rest:
            low = rest.bit_length() - 1
            kicker = (m1 ^ (1 << high) ^ (1 << low)).bit_length() + 1
            return (
                (Category.TWO_PAIR << _CATEGORY_SHIFT)
                | ((high + 2) << 16)
                | ((low + 2) << 12)
                | (kicker << 8)
            )
        kickers = _TOP5[m1 ^ (1 << high)] >> 4 & 0xFFF0
        return (Category.PAIR << _CATEGORY_SHIFT) | ((high + 2) << 16) | kickers
    return _TOP5[m1]


def _unpack(strength: int) -> tuple[Category, tuple[int, ...]]:
    """The category and the rank groups (most significant first) of a packed value."""
    category = Category((strength >> _CATEGORY_SHIFT) & 0xF)
    groups = tuple(rank for shift in (16, 12, 8, 4, 0) if (rank := (strength >> shift) & 0xF))
    return category, groups


_HIGH_SHAPES: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.TRIPS: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.QUADS: (4, 1),
}


def best_high(cards: Sequence[Card]) -> HandValue:
    """The best five-card high hand from five to ten cards, with the five cards that play."""
    strength = high_strength(cards)
    category, groups = _unpack(strength)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = groups[0]
        ranks = (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))
    else:
        ranks = tuple(
            rank for rank, count in zip(groups, _HIGH_SHAPES[category], strict=True) for _ in range(count)
        )
    suit = None
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = _flush_suit(cards, strength)
    chosen = _pick(cards, ranks, ace_low=False, suit=suit)
    return HandValue("high", strength, category, chosen, ranks)


def _flush_suit(cards: Sequence[Card], strength: int) -> int:
    """The suit that makes this flush strength (the highest such suit when ten cards hold two)."""
    for suit in (3, 2, 1, 0):
        suited = [card for card in cards if card.index & 3 == suit]
        if len(suited) >= 5 and high_strength(suited) == strength:
            return suit
    raise AssertionError("no suit makes the flush")  # pragma: no cover


def _pick(
    cards: Sequence[Card], ranks: Sequence[int], *, ace_low: bool, suit: int | None
) -> tuple[Card, ...]:
    """For each rank in order, the highest-suited unused card of that rank (of ``suit`` if given)."""
    pool = sorted(cards, key=lambda card: card.index, reverse=True)
    if suit is not None:
        pool = [card for card in pool if card.index & 3 == suit]
    out: list[Card] = []
    for rank in ranks:
        wanted = 14 if ace_low and rank == 1 else rank
        for card in pool:
            if card.rank == wanted and card not in out:
                out.append(card)
                break
    return tuple(out)


# --- ace-to-five lows ----------------------------------------------------------


def razz_strength(cards: Sequence[Card]) -> int:
    """The strength of the best ace-to-five low from five or more cards (higher is better).

    Straights and flushes do not count; any unpaired low beats any paired one.

    >>> from games.core.cards import parse_cards
    >>> razz_strength(parse_cards("Ac2d3h4s5c")) > razz_strength(parse_cards("Ac2d3h4s6c"))
    True
    """
    if len(cards) < 5:
        raise ValueError("a low hand needs at least five cards")
    m1 = m2 = m3 = m4 = 0
    for card in cards:
        bit = _LOW_BIT[card.index]
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
    return _LOW_LIMIT - _low_value(m1, m2, m3, m4)


def _low_value(m1: int, m2: int, m3: int, m4: int) -> int:
    """The packed ace-to-five value (lower is better) from the low rank masks."""
    distinct = m1.bit_count()
    if distinct >= 5:
        return _LOW5[m1]
    if distinct == 4:
        # One rank must pair: the lowest one that can (it leads the groups).
        pair = (m2 & -m2).bit_length()
        return (Category.PAIR << _CATEGORY_SHIFT) | (pair << 16) | (_LOW5[m1 ^ (1 << (pair - 1))] << 4)
    if distinct == 3 and m2.bit_count() >= 2:
        # Two pair from the two lowest ranks that can pair; the third rank is the kicker.
        low = (m2 & -m2).bit_length()
        high = ((m2 ^ (1 << (low - 1))) & -(m2 ^ (1 << (low - 1)))).bit_length()
        kicker = (m1 ^ (1 << (low - 1)) ^ (1 << (high - 1))).bit_length()
        return (Category.TWO_PAIR << _CATEGORY_SHIFT) | (high << 16) | (low << 12) | (kicker << 8)
    if distinct == 3:
        trips = m3.bit_length()
        return (Category.TRIPS << _CATEGORY_SHIFT) | (trips << 16) | (_LOW5[m1 ^ (1 << (trips - 1))] << 8)
    # Two ranks: a full house when one can be trips and the other a pair, else quads.
    low_bit = m1 & -m1
    high_bit = m1 ^ low_bit
    for trips_bit, pair_bit in ((low_bit, high_bit), (high_bit, low_bit)):
        if m3 & trips_bit and m2 & pair_bit:
            return (
                (Category.FULL_HOUSE << _CATEGORY_SHIFT)
                | (trips_bit.bit_length() << 16)
                | (pair_bit.bit_length() << 12)
            )
    quads_bit = m4 & -m4
    kicker = (m1 ^ quads_bit).bit_length()
    return (Category.QUADS << _CATEGORY_SHIFT) | (quads_bit.bit_length() << 16) | (kicker << 12)


_LOW_SHAPES: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.TRIPS: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.QUADS: (4, 1),
}


def best_razz(cards: Sequence[Card]) -> HandValue:
    """The best ace-to-five low from five or more cards (any unpaired hand beats any pair)."""
    strength = razz_strength(cards)
    category, groups = _unpack(_LOW_LIMIT - strength)
    ranks = tuple(
        rank for rank, count in zip(groups, _LOW_SHAPES[category], strict=True) for _ in range(count)
    )
    return HandValue("razz", strength, category, _pick(cards, ranks, ace_low=True, suit=None), ranks)


def eight_low_strength(cards: Sequence[Card]) -> int | None:
    """The strength of the best eight-or-better low, or None when no low qualifies.

    >>> from games.core.cards import parse_cards
    >>> eight_low_strength(parse_cards("Ac2d3h4s5c")) > eight_low_strength(parse_cards("8c7d6h4s2c"))
    True
    """
    mask = 0
    for card in cards:
        mask |= _LOW_BIT[card.index]
    return _EIGHT[mask & 0xFF]


def best_eight_low(cards: Sequence[Card]) -> HandValue | None:
    """The best qualifying eight-or-better low (five different ranks, 8 or lower), or None."""
    strength = eight_low_strength(cards)
    if strength is None:
        return None
    _, ranks = _unpack(_LOW_LIMIT - strength)
    return HandValue(
        "eight", strength, Category.HIGH_CARD, _pick(cards, ranks, ace_low=True, suit=None), ranks
    )


# --- boards on 4th to 7th street (who acts first) -------------------------------


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    for _ in range(5 - len(ranks)):
        value <<= 4
    return value


def _board_value(ranks: Sequence[int]) -> int:
    """Packed value of a board: only pairs, two pair, trips, full house, quads and high cards."""
    # It depends on the ranks alone, not their order: a few thousand boards, each worked out once.
    return _sorted_board_value(tuple(sorted(ranks)))


@cache
def _sorted_board_value(ranks: tuple[int, ...]) -> int:
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


def high_board_strength(upcards: Sequence[Card]) -> int:
    """Strength of a stud-high board of one to five upcards.

    Only pairs, two pair, trips, quads and high cards count (RULES.md 5: four-card
    straights and flushes are not hands). Ties between equal boards are broken by
    the caller, following the ruleset's flag.
    """
    return _board_value([int(c.rank) for c in upcards])


def razz_board_strength(upcards: Sequence[Card]) -> int:
    """Strength of a razz board: the lowest ace-to-five board is the strongest.

    Any unpaired board beats any paired board; boards are compared from the highest
    card down (RULES.md 5).
    """
    return _LOW_LIMIT - _board_value([c.rank.low_value for c in upcards])


def showdown_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """How Flush Code Hack (001) ranks a five-card hand, and the misreading of ten-card stud
    that breaks ties by suit: the hand, then its ranks, then its suits.

    The suits are compared card by card in the order the hand plays (the pair before
    its kickers, higher suit first within a rank), spades > hearts > diamonds > clubs
    (001 "カードの強さとスートの順位"). No two different hands share a key.
    """
    value = best_high(cards)
    return value.strength, tuple(int(card.suit) for card in value.cards)
