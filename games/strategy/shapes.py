"""Shapes of a few cards: pairs, suits, straight draws and partial lows.

The evaluators of :mod:`games.core.hands` rank complete hands of five or more cards; the
strategies also need to read three or four cards (a three-flush, four to a straight, the
best three low cards), which is what these small helpers do. Ranks are ints with the ace
as 14; for straights the ace also counts as 1, and for lows it is 1 only.

>>> from games.core.cards import parse_cards
>>> run_length(parse_cards("9c Td Jh Ks"))
4
>>> sorted(straight_outs(parse_cards("9c Td Jh Qs")))
[8, 13]
>>> three_straight(parse_cards("Jd 9c Th")).needed
frozenset({8, 12})
>>> partial_low_key(low_values(parse_cards("Ac 5d 5h Ks")), 3)
(0, (13, 5, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.core.cards import Card, Suit

__all__ = [
    "ThreeStraight",
    "best_suit",
    "low_values",
    "pair_ranks",
    "partial_low_key",
    "rank_counts",
    "run_length",
    "straight_outs",
    "three_straight",
]

ACE = 14


def rank_counts(cards: Iterable[Card]) -> Counter[int]:
    return Counter(int(card.rank) for card in cards)


def pair_ranks(cards: Iterable[Card]) -> list[int]:
    """Ranks held two or more times, highest first."""
    return sorted((rank for rank, count in rank_counts(cards).items() if count >= 2), reverse=True)


def best_suit(cards: Sequence[Card]) -> tuple[Suit | None, int]:
    """The suit with the most cards and how many; ties go to the suit with the highest card."""
    if not cards:
        return None, 0
    counts = Counter(card.suit for card in cards)
    suit = max(counts, key=lambda s: (counts[s], max(int(c.rank) for c in cards if c.suit is s), s))
    return suit, counts[suit]


def _straight_values(cards: Iterable[Card]) -> set[int]:
    values = {int(card.rank) for card in cards}
    if ACE in values:
        values.add(1)
    return values


def _as_rank(value: int) -> int:
    return ACE if value == 1 else value


def run_length(cards: Iterable[Card]) -> int:
    """The most distinct ranks that fit in one five-rank straight window (ace high or low)."""
    values = _straight_values(cards)
    return max(len(values & set(range(low, low + 5))) for low in range(1, 11))


def straight_outs(cards: Iterable[Card]) -> frozenset[int]:
    """Ranks not held that would make a straight; empty unless four to a straight are held."""
    values = _straight_values(cards)
    outs: set[int] = set()
    for low in range(1, 11):
        missing = set(range(low, low + 5)) - values
        if len(missing) == 1:
            outs.add(_as_rank(missing.pop()))
    return frozenset(outs)


@dataclass(frozen=True, slots=True)
class ThreeStraight:
    """Three distinct ranks within a span of four (at most one gap: seed 003 4.3).

    ``low`` and ``high`` are straight values (an ace low is 1). ``needed`` are the ranks
    that extend it to four to a straight: the gap, if any, and the rank at each end.
    """

    low: int
    high: int
    needed: frozenset[int]

    @property
    def has_ace(self) -> bool:
        return self.low == 1 or self.high == ACE


def three_straight(cards: Iterable[Card]) -> ThreeStraight | None:
    """The highest three to a straight with at most one gap among ``cards``, or None."""
    values = _straight_values(cards)
    for high in range(ACE, 2, -1):
        if high not in values:
            continue
        for span in (2, 3):
            low = high - span
            inside = [v for v in range(low + 1, high) if v in values]
            if low < 1 or low not in values or len(inside) < 1:
                continue
            gaps = {v for v in range(low + 1, high) if v not in values}
            ends = {v for v in (low - 1, high + 1) if 1 <= v <= ACE}
            return ThreeStraight(low, high, frozenset(_as_rank(v) for v in gaps | ends))
    return None


# --- ace-to-five lows (razz, the low half of stud/8) ---------------------------------------


def low_values(cards: Iterable[Card]) -> list[int]:
    """The ranks with the ace as 1, lowest first."""
    return sorted(card.rank.low_value for card in cards)


def partial_low_key(values: Sequence[int], size: int) -> tuple[int, tuple[int, ...]]:
    """A sort key (lower is better) for the best ``size``-card low from ``values``.

    Distinct ranks are taken lowest first; when there are too few, the lowest duplicates
    fill in and count as pairs. The key is (cards that pair, ranks highest first), so an
    unpaired partial low beats a paired one and then the highest card decides, as in
    RULES.md 10 for razz.
    """
    distinct = sorted(set(values))
    chosen = distinct[:size]
    duplicates = sorted((Counter(values) - Counter(distinct)).elements())
    paired = min(size - len(chosen), len(duplicates))
    chosen += duplicates[:paired]
    return paired, tuple(sorted(chosen, reverse=True))
