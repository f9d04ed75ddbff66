"""The evaluation axes of seed 003 (Stud High CPU Lv2), sections 2 to 6 and appendices A, B.

- :func:`eval_3rd_tier`: the 3rd-street tier S/A/B/C/D from the pattern tables of section
  4, lowered for dead cards (4.2, 4.3, the low pair of 4.1), with appendix A's door
  comparison and appendix B's heads-up adjustment.
- :func:`score_threat`: how strong an opponent's upcards look, 0 to 10 (section 5).
- :func:`score_live`: whether the cards a draw needs are still live, GOOD/OK/BAD (section 6).
- :func:`eval_category_5th_plus`: Made / Draw / Nothing from 5th street on (section 7.3).

Readings where the document leaves a choice are listed in ``docs/strategy.md``.

>>> from games.core.cards import parse_cards
>>> eval_3rd_tier(parse_cards("KsKd"), parse_cards("4c"), opponent_doors=(), dead=())
<Tier.S: 4>
>>> score_threat(parse_cards("7c7d"))
5
>>> score_live(DrawIntent.flush(Suit.HEARTS), parse_cards("2h9hQh"))
<Live.BAD: 0>
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Literal

from games.core.cards import Card, Suit
from games.core.hands import Category, best_high
from games.strategy.shapes import (
    best_suit,
    pair_ranks,
    rank_counts,
    run_length,
    straight_outs,
    three_straight,
)

__all__ = [
    "HIGH_THREAT",
    "LOW_THREAT",
    "DrawIntent",
    "HandRead",
    "Live",
    "Pattern",
    "StreetCategory",
    "ThirdStreetRead",
    "Tier",
    "eval_3rd_tier",
    "eval_category_5th_plus",
    "read_3rd",
    "read_hand",
    "score_live",
    "score_threat",
]

JACK, QUEEN, KING, ACE = 11, 12, 13, 14

# Section 5.1 thresholds: 7 or more "close to made", 4 to 6 medium, 3 or less low.
HIGH_THREAT = 7
LOW_THREAT = 3


class Tier(IntEnum):
    """Section 3.2, weakest first so that tiers compare and shift as numbers."""

    D = 0
    C = 1
    B = 2
    A = 3
    S = 4

    def shifted(self, steps: int) -> Tier:
        """Up (positive) or down (negative) by ``steps``, staying within D..S."""
        return Tier(max(Tier.D, min(Tier.S, self + steps)))


class Live(IntEnum):
    """Section 6.3, worst first (``max`` picks the livest of several draws)."""

    BAD = 0
    OK = 1
    GOOD = 2


@dataclass(frozen=True, slots=True)
class DrawIntent:
    """What a hand is drawing to (section 6): a suit, straight ranks, or pairing a rank."""

    kind: Literal["flush", "straight", "pair"]
    suit: Suit | None = None
    ranks: frozenset[int] = frozenset()

    @classmethod
    def flush(cls, suit: Suit) -> DrawIntent:
        return cls("flush", suit=suit)

    @classmethod
    def straight(cls, needed: Iterable[int]) -> DrawIntent:
        return cls("straight", ranks=frozenset(needed))

    @classmethod
    def pair(cls, *ranks: int) -> DrawIntent:
        """Improving a pair (or pairing a card) of one of ``ranks``; the livest rank counts."""
        return cls("pair", ranks=frozenset(ranks))


def score_live(intent: DrawIntent, dead: Iterable[Card]) -> Live:
    """Section 6.3: count the needed cards among the dead cards.

    Flush: suit cards seen 0-1 GOOD, 2 OK, 3+ BAD. Straight: the most-seen needed rank
    0 GOOD, 1 OK, 2+ BAD. Pair improvement: the rank seen 0 GOOD, 1 OK, 2+ BAD (for several
    ranks, the livest one).
    """
    dead = tuple(dead)
    if intent.kind == "flush":
        seen = sum(1 for card in dead if card.suit is intent.suit)
        return Live.GOOD if seen <= 1 else Live.OK if seen == 2 else Live.BAD
    ranks = rank_counts(dead)
    if intent.kind == "straight":
        seen = max((ranks[rank] for rank in intent.ranks), default=0)
    else:
        seen = min((ranks[rank] for rank in intent.ranks), default=0)
    return Live.GOOD if seen == 0 else Live.OK if seen == 1 else Live.BAD


def score_threat(up: Sequence[Card]) -> int:
    """Section 5.1: how strong one opponent's upcards look, 0 to 10.

    Open pair +5 (two pair or trips showing: +7), three-flush +4, four-flush +6, three to a
    straight with at most one gap +4, four to a straight +6, an ace +2, two or more kings
    and queens +1; the sum is capped at 10.
    """
    score = 0
    counts = [*sorted(rank_counts(up).values(), reverse=True), 0, 0]
    if counts[0] >= 3 or counts[1] >= 2:
        score += 7
    elif counts[0] == 2:
        score += 5
    _, suited = best_suit(up)
    score += 6 if suited >= 4 else 4 if suited == 3 else 0
    if run_length(up) >= 4:
        score += 6
    elif len({int(c.rank) for c in up}) >= 3 and three_straight(up) is not None:
        score += 4
    if any(card.rank == ACE for card in up):
        score += 2
    if sum(1 for card in up if card.rank in (KING, QUEEN)) >= 2:
        score += 1
    return min(score, 10)


# --- 3rd street ------------------------------------------------------------------------


class Pattern(StrEnum):
    """Which line of the section 4 tables gave the tier."""

    TRIPS = "trips"
    HIGH_PAIR = "high_pair"  # JJ+
    MIDDLE_PAIR = "middle_pair"  # 77-TT
    LOW_PAIR = "low_pair"  # 22-66
    THREE_FLUSH = "three_flush"
    THREE_STRAIGHT = "three_straight"
    BIG_ACE = "big_ace"  # an ace with two cards ten or higher, no draw
    HIGH_DOOR = "high_door"  # J, Q, K or A door without support
    NOTHING = "nothing"


@dataclass(frozen=True, slots=True)
class ThirdStreetRead:
    """The 3rd-street reading: the tier, the pattern behind it and the liveness of its draw."""

    tier: Tier
    pattern: Pattern
    live: Live
    hidden_pair: bool = False
    flush_suit: Suit | None = None


def _downgrade(base: Tier, live: Live, bad_steps: int) -> Tier:
    """Tables 4.2 and 4.3: the top tier only when live GOOD, one tier less at OK (not below
    B), ``bad_steps`` tiers less at BAD."""
    if live is Live.GOOD:
        return base
    if live is Live.OK:
        return min(base, Tier.B)
    return base.shifted(-bad_steps)


def read_3rd(
    down: Sequence[Card],
    up: Sequence[Card],
    *,
    opponent_doors: Collection[Card],
    dead: Collection[Card],
    heads_up: bool = False,
) -> ThirdStreetRead:
    """Read a 3rd-street hand (two downcards, the door card up) into a tier (section 3, 4).

    ``opponent_doors`` are the doors of the opponents still in the hand (for "相手ドア次第"
    and appendix A); ``dead`` every opponent upcard (section 0.2).
    """
    cards = (*down, *up)
    door = up[0]
    counts = rank_counts(cards)
    reads: list[ThirdStreetRead] = []
    for rank, count in counts.items():
        if count < 2:
            continue
        live = score_live(DrawIntent.pair(rank), dead)
        hidden = int(door.rank) != rank
        if count == 3:
            reads.append(ThirdStreetRead(Tier.S, Pattern.TRIPS, live))
        elif rank >= JACK:
            reads.append(ThirdStreetRead(Tier.S, Pattern.HIGH_PAIR, live, hidden))
        elif rank >= 7:
            # 4.1: a split middle pair is A, "S寄り" when it outranks every door against it.
            tops = not hidden and all(int(d.rank) < rank for d in opponent_doors)
            reads.append(ThirdStreetRead(Tier.S if tops else Tier.A, Pattern.MIDDLE_PAIR, live, hidden))
        else:
            # 4.1: a hidden low pair is B, a split one a tier stronger; dead cards make it C/D.
            base = Tier.B if hidden else Tier.A
            tier = base if live is Live.GOOD else base.shifted(-1 if live is Live.OK else -2)
            reads.append(ThirdStreetRead(tier, Pattern.LOW_PAIR, live, hidden))
    suit, suited = best_suit(cards)
    if suited == 3 and suit is not None:
        live = score_live(DrawIntent.flush(suit), dead)
        base = Tier.A if max(counts) >= QUEEN else Tier.B
        reads.append(ThirdStreetRead(_downgrade(base, live, 2), Pattern.THREE_FLUSH, live, flush_suit=suit))
    straight = three_straight(cards) if len(counts) == 3 else None
    if straight is not None:
        live = score_live(DrawIntent.straight(straight.needed), dead)
        seen = rank_counts(dead)
        heavy = [rank for rank in straight.needed if seen[rank] >= 2]
        steps = 2 if len(heavy) >= 2 or any(seen[rank] >= 3 for rank in heavy) else 1
        # 3.2: an ace-high or wheel three-straight is thin support, B at best.
        base = Tier.A if straight.high >= JACK and not straight.has_ace else Tier.B
        reads.append(ThirdStreetRead(_downgrade(base, live, steps), Pattern.THREE_STRAIGHT, live))
    if len(counts) == 3 and ACE in counts and min(counts) >= 10:
        live = score_live(DrawIntent.pair(*counts), dead)
        reads.append(ThirdStreetRead(Tier.B, Pattern.BIG_ACE, live))
    if len(counts) == 3 and door.rank >= JACK:
        reads.append(ThirdStreetRead(Tier.C, Pattern.HIGH_DOOR, score_live(DrawIntent.pair(*counts), dead)))
    if not reads:
        reads.append(ThirdStreetRead(Tier.D, Pattern.NOTHING, score_live(DrawIntent.pair(*counts), dead)))
    best = max(reads, key=lambda read: (read.tier, read.live))
    tier = best.tier
    # Appendix A: a door two ranks above every other door may lift D to C (never further).
    if tier is Tier.D and opponent_doors and int(door.rank) - max(int(d.rank) for d in opponent_doors) >= 2:
        tier = Tier.C
    # Appendix B: heads-up, Tier B plays like Tier A.
    if heads_up and tier is Tier.B:
        tier = Tier.A
    return ThirdStreetRead(tier, best.pattern, best.live, best.hidden_pair, best.flush_suit)


def eval_3rd_tier(
    down: Sequence[Card],
    up: Sequence[Card],
    *,
    opponent_doors: Collection[Card],
    dead: Collection[Card],
    heads_up: bool = False,
) -> Tier:
    """The 3rd-street tier of section 3.2 (see :func:`read_3rd`)."""
    return read_3rd(down, up, opponent_doors=opponent_doors, dead=dead, heads_up=heads_up).tier


# --- 4th street on -----------------------------------------------------------------------


class StreetCategory(StrEnum):
    """Section 7.3: Made (one pair or better), Draw, Nothing."""

    MADE = "M"
    DRAW = "D"
    NOTHING = "N"


@dataclass(frozen=True, slots=True)
class HandRead:
    """A hand from 4th street on: what it has made and what it draws to."""

    category: StreetCategory
    made: Category
    pair_rank: int | None  # the highest rank held twice or more
    flush_count: int
    straight_outs: frozenset[int]  # ranks that make a straight (four to a straight held)
    draws: tuple[DrawIntent, ...]
    live: Live | None  # the livest draw, None without a draw
    four_live: Live | None  # the livest four-card draw (four-flush, four-straight)

    @property
    def four_flush(self) -> bool:
        return self.flush_count == 4 and self.made < Category.FLUSH

    @property
    def four_straight(self) -> bool:
        return bool(self.straight_outs) and self.made < Category.STRAIGHT

    @property
    def strong_draw(self) -> bool:
        """Sections 7.2 and 7.3: a four-flush or a four-straight with two out ranks, not dead."""
        strong = self.four_flush or (self.four_straight and len(self.straight_outs) >= 2)
        return strong and self.four_live is not None and self.four_live is not Live.BAD


def _made_category(cards: Sequence[Card]) -> Category:
    if len(cards) >= 5:
        return best_high(cards).category
    shape = [*sorted(rank_counts(cards).values(), reverse=True), 0]
    if shape[0] == 4:
        return Category.QUADS
    if shape[0] == 3:
        return Category.TRIPS
    if shape[0] == 2:
        return Category.TWO_PAIR if shape[1] == 2 else Category.PAIR
    return Category.HIGH_CARD


def read_hand(
    cards: Sequence[Card],
    *,
    street: int,
    opponents_up: Iterable[Sequence[Card]],
    dead: Collection[Card],
) -> HandRead:
    """Read a hand of 4 to 7 cards against the upcards of the live opponents.

    Draws: a four-flush, four to a straight; on 4th street also a three-flush and three to
    a straight (they are the draws of 7.2); on 5th street two or more cards that outrank
    every opponent upcard ("ペア改善が現実的" of 7.3). On 7th street nothing is a draw.
    """
    made = _made_category(cards)
    pairs = pair_ranks(cards)
    suit, suited = best_suit(cards)
    outs = straight_outs(cards) if street < 7 else frozenset()
    four: list[DrawIntent] = []
    others: list[DrawIntent] = []
    if street < 7:
        if suit is not None and suited == 4 and made < Category.FLUSH:
            four.append(DrawIntent.flush(suit))
        if outs and made < Category.STRAIGHT:
            four.append(DrawIntent.straight(outs))
        if street == 4:
            if suit is not None and suited == 3:
                others.append(DrawIntent.flush(suit))
            if not outs and (three := three_straight(cards)) is not None:
                others.append(DrawIntent.straight(three.needed))
        board_top = max((int(c.rank) for up in opponents_up for c in up), default=0)
        overcards = sorted({int(c.rank) for c in cards if int(c.rank) > board_top})
        if street == 5 and not pairs and len(overcards) >= 2:
            others.append(DrawIntent.pair(*overcards))
    draws = (*four, *others)
    live = max((score_live(draw, dead) for draw in draws), default=None)
    four_live = max((score_live(draw, dead) for draw in four), default=None)
    if made >= Category.PAIR:
        category = StreetCategory.MADE
    elif draws:
        category = StreetCategory.DRAW
    else:
        category = StreetCategory.NOTHING
    return HandRead(category, made, pairs[0] if pairs else None, suited, outs, draws, live, four_live)


def eval_category_5th_plus(
    cards: Sequence[Card],
    *,
    street: int,
    opponents_up: Iterable[Sequence[Card]],
    dead: Collection[Card],
) -> StreetCategory:
    """Section 7.3: M (one pair or better), D (four-flush, four-straight, realistic
    pair improvement), N (anything else)."""
    return read_hand(cards, street=street, opponents_up=opponents_up, dead=dead).category
