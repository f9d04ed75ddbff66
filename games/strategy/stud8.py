"""A simple, sensible Stud Hi-Lo eight-or-better computer player (rules chosen here).

The pot splits between the best high hand and the best low of five different ranks 8 or
lower (RULES.md 10); hands that can win both ways are worth the most. "Good" low cards are
different ranks 8 or lower (ace = 1); the high side is read as in Stud High, and the
threat of the opponents' boards is seed 003's section 5 score.

3rd street classes
  - Premium: trips, a pair of aces, three good cards 5 or lower, three good cards to a 6
    with an ace.
  - Good: three good cards, a pair of jacks to kings, a pair with an ace beside it.
  - Marginal: an ace door, an ace with another card 5 or lower, a pair of eights or lower
    with a card 5 or lower beside it.
  - Weak: anything else.

3rd street
  - Bring-in: premium or good completes, else posts the bring-in.
  - Nobody has completed: premium or good completes, marginal calls, weak folds.
  - Facing a completion: premium raises, good calls, anything else folds.
  - Facing a raise: premium calls, three good cards to a 7 call, anything else folds.

4th to 7th street
  - Low: made with five good cards; on track (4th to 6th) with three good cards on 4th,
    four on 5th and 6th; behind when some live board alone beats my best low cards of the
    same number.
  - High: two pair or better, a big pair (jacks or better), a draw (four to a flush or a
    straight, not dead per seed 003 section 6).
  - Two-way: a made or on-track low together with a big pair, two pair or better, or a draw.
  - Nobody bet: two-way, two pair or better, a made low not behind, or a big pair with the
    threat below 7 bets; else check.
  - Facing a bet (a single bet can be raised): a full house or better, or a made low not
    behind together with a pair or better or a draw, raises; a made low, a low on track
    and not behind, two pair or better, a big pair with the threat below 7, a live draw
    before 7th, or kings or aces on 7th call; else fold.

Whatever the rule wants goes through the same fallback as Stud High (seed 003 section 8).

>>> from games.core.cards import parse_cards
>>> from games.strategy.context import Opponent
>>> ctx = VisibleContext(
...     variant="F7S/8", street=3, seat=2, down=parse_cards("Kc9d"), up=parse_cards("Ah"),
...     opponents=(Opponent(seat=1, up=parse_cards("2c")), Opponent(seat=3, up=parse_cards("Qd"))),
...     facing=Facing.BRING_IN, bets=0, aggressors=(1,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.COMPLETE}),
... )
>>> start_class(ctx), decide_stud8(ctx)
(<Start.MARGINAL: 1>, <Action.CALL: 'call'>)
"""

from __future__ import annotations

from enum import IntEnum

from games.core.hands import Category
from games.strategy.context import Action, Decision, Facing, VisibleContext, decision
from games.strategy.razz import behind_on_board, good_cards
from games.strategy.shapes import rank_counts
from games.strategy.stud_hi import max_threat
from games.strategy.stud_hi_eval import HIGH_THREAT, Live, read_hand

__all__ = ["Start", "decide_stud8", "plan_stud8", "start_class"]

JACK, KING, ACE = 11, 13, 14


class Start(IntEnum):
    """3rd-street classes, weakest first."""

    WEAK = 0
    MARGINAL = 1
    GOOD = 2
    PREMIUM = 3


def start_class(ctx: VisibleContext) -> Start:
    counts = rank_counts(ctx.cards)
    lows = good_cards(ctx)
    pair = max((rank for rank, n in counts.items() if n >= 2), default=None)
    ace = ACE in counts
    if max(counts.values()) == 3 or pair == ACE:
        return Start.PREMIUM
    if len(lows) == 3 and (lows[-1] <= 5 or (ace and lows[-1] <= 6)):
        return Start.PREMIUM
    if len(lows) == 3 or (pair is not None and (JACK <= pair <= KING or ace)):
        return Start.GOOD
    if ctx.door.rank == ACE or (ace and len(good_cards(ctx, 5)) >= 2):
        return Start.MARGINAL
    if (
        pair is not None
        and pair <= 8
        and any(card.rank.low_value <= 5 and card.rank != pair for card in ctx.cards)
    ):
        return Start.MARGINAL
    return Start.WEAK


def decide_stud8(ctx: VisibleContext) -> Action:
    """The stud/8 action for the seat to act (always a member of ``ctx.allowed``)."""
    return plan_stud8(ctx).action


def plan_stud8(ctx: VisibleContext) -> Decision:
    if ctx.street == 3:
        return _third(ctx)
    return _later(ctx)


def _third(ctx: VisibleContext) -> Decision:
    start = start_class(ctx)
    name = start.name.lower()
    if ctx.must_bring_in:
        if start >= Start.GOOD:
            return decision(ctx, Action.COMPLETE, f"stud8 3rd bring-in, {name} completes")
        return decision(ctx, Action.BRING_IN, f"stud8 3rd bring-in, {name} posts")
    if ctx.facing in (Facing.NOTHING, Facing.BRING_IN):
        if start >= Start.GOOD:
            return decision(ctx, Action.COMPLETE, f"stud8 3rd {name} completes")
        if start is Start.MARGINAL:
            return decision(ctx, Action.CALL, "stud8 3rd marginal calls")
        return decision(ctx, Action.FOLD, "stud8 3rd weak folds")
    if ctx.facing is Facing.COMPLETION and ctx.bets == 1:
        if start is Start.PREMIUM:
            return decision(ctx, Action.RAISE, "stud8 3rd premium raises the completion")
        if start is Start.GOOD:
            return decision(ctx, Action.CALL, "stud8 3rd good calls the completion")
        return decision(ctx, Action.FOLD, f"stud8 3rd {name} folds to the completion")
    if start is Start.PREMIUM or len(good_cards(ctx, 7)) == 3:
        return decision(ctx, Action.CALL, "stud8 3rd calls the raise")
    return decision(ctx, Action.FOLD, f"stud8 3rd {name} folds to the raise")


def _later(ctx: VisibleContext) -> Decision:
    read = read_hand(
        ctx.cards, street=ctx.street, opponents_up=[o.up for o in ctx.live_opponents], dead=ctx.dead
    )
    good = good_cards(ctx)
    behind = behind_on_board(ctx)
    made_low = len(good) >= 5
    on_track = ctx.street < 7 and len(good) >= (3 if ctx.street == 4 else 4)
    low = made_low or on_track
    draw = (read.four_flush or read.four_straight) and read.four_live is not Live.BAD
    big_pair = read.made is Category.PAIR and read.pair_rank is not None and read.pair_rank >= JACK
    two_pair = read.made >= Category.TWO_PAIR
    high = big_pair or two_pair or draw
    threat = max_threat(ctx)
    if ctx.facing in (Facing.NOTHING, Facing.BRING_IN):
        if low and high:
            return decision(ctx, Action.BET, "stud8 two-way hand bets")
        if two_pair or (made_low and not behind) or (big_pair and threat < HIGH_THREAT):
            return decision(ctx, Action.BET, "stud8 made hand bets")
        return decision(ctx, Action.CHECK, "stud8 checks")
    scoop = made_low and not behind and (read.made >= Category.PAIR or draw)
    if ctx.bets == 1 and (read.made >= Category.FULL_HOUSE or scoop):
        return decision(ctx, Action.RAISE, "stud8 scooping hand raises")
    keeps = (
        made_low
        or (on_track and not behind)
        or two_pair
        or (big_pair and threat < HIGH_THREAT)
        or draw
        or (ctx.street == 7 and read.pair_rank is not None and read.pair_rank >= KING)
    )
    if keeps:
        return decision(ctx, Action.CALL, "stud8 calls")
    return decision(ctx, Action.FOLD, "stud8 folds")
