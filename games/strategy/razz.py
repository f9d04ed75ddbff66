"""A simple, sensible razz computer player (no seed document; rules chosen here).

Razz is ace-to-five lowball (RULES.md 10): the ace is low, pairs are bad, straights and
flushes do not count. Ranks below are low values (ace = 1); "three to a 7" means three
different ranks, the highest 7 or lower; a "good" card is a rank 8 or lower that does not
pair the hand.

3rd street
  - Bring-in (the highest door): complete with three to a 7, else post the bring-in.
  - Nobody has completed: three to a 7 completes; three to an 8 completes when the door is
    lower than every door still to act, else calls; a door of 5 or lower that is lower than
    every door still to act, with two good cards, completes as a steal; anything else folds.
  - Facing a completion: three to a 6 raises, three to an 8 calls, anything else folds.
  - Facing a raise: three to a 7 calls, anything else folds.

4th to 6th street
  - On track: three good cards on 4th, four on 5th and 6th; made: five good cards.
  - Behind: some live opponent's board alone is a better low than the best cards of mine
    of the same number (they show more than I hold).
  - Nobody bet: a made low, or on track with the best board at the table, bets; else check.
  - Facing a bet: a made 7-low (or, on 4th, four good cards to a 7 with the best board)
    raises a single bet; a made low, or on track and not behind, calls; else fold.

7th street
  - Nobody bet: an 8-low or better that is not behind bets; else check.
  - Facing a bet: a 6-low or better that is not behind raises a single bet; a 7-low calls,
    a 9-low calls a single bet when not behind; else fold.

Whatever the rule wants goes through the same fallback as Stud High (seed 003 section 8).

>>> from games.core.cards import parse_cards
>>> from games.strategy.context import Opponent
>>> ctx = VisibleContext(
...     variant="FR", street=3, seat=2, down=parse_cards("Ac2d"), up=parse_cards("4h"),
...     opponents=(Opponent(seat=1, up=parse_cards("Kc")), Opponent(seat=3, up=parse_cards("9d"))),
...     facing=Facing.COMPLETION, bets=1, aggressors=(3,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.RAISE}),
... )
>>> plan_razz(ctx).rule, decide_razz(ctx)
('razz 3rd three to a 6 raises the completion', <Action.RAISE: 'raise'>)
"""

from __future__ import annotations

from games.core.hands import Category, best_razz, razz_board_strength
from games.strategy.context import Action, Decision, Facing, Opponent, VisibleContext, decision
from games.strategy.shapes import low_values, partial_low_key

__all__ = ["behind_on_board", "decide_razz", "good_cards", "plan_razz", "three_to"]


def decide_razz(ctx: VisibleContext) -> Action:
    """The razz action for the seat to act (always a member of ``ctx.allowed``)."""
    return plan_razz(ctx).action


def plan_razz(ctx: VisibleContext) -> Decision:
    if ctx.street == 3:
        return _third(ctx)
    if ctx.street == 7:
        return _seventh(ctx)
    return _middle(ctx)


def good_cards(ctx: VisibleContext, limit: int = 8) -> list[int]:
    """My different low ranks up to ``limit``, lowest first."""
    return sorted({v for v in low_values(ctx.cards) if v <= limit})


def three_to(ctx: VisibleContext, limit: int) -> bool:
    """Three different ranks, all ``limit`` or lower (3rd street)."""
    return len(good_cards(ctx, limit)) >= 3


def behind_on_board(ctx: VisibleContext) -> bool:
    """Some live opponent's upcards beat my best cards of the same number."""
    mine = low_values(ctx.cards)
    for opp in ctx.live_opponents:
        size = len(opp.up)
        if size and partial_low_key(low_values(opp.up), size) < partial_low_key(mine, size):
            return True
    return False


def _best_board(ctx: VisibleContext) -> bool:
    mine = razz_board_strength(ctx.up)
    return all(mine > razz_board_strength(opp.up) for opp in ctx.live_opponents)


def _door_below(ctx: VisibleContext, others: list[Opponent]) -> bool:
    door = ctx.door.rank.low_value
    return all(o.door is None or door < o.door.rank.low_value for o in others)


def _bettor(ctx: VisibleContext) -> list[Opponent]:
    opp = ctx.opponent(ctx.aggressor)
    return [opp] if opp is not None else list(ctx.live_opponents)


def _third(ctx: VisibleContext) -> Decision:
    if ctx.must_bring_in:
        if three_to(ctx, 7):
            return decision(ctx, Action.COMPLETE, "razz 3rd bring-in with three to a 7 completes")
        return decision(ctx, Action.BRING_IN, "razz 3rd bring-in posts")
    behind = [o for o in ctx.live_opponents if o.yet_to_act]
    if ctx.facing in (Facing.NOTHING, Facing.BRING_IN):
        if three_to(ctx, 7):
            return decision(ctx, Action.COMPLETE, "razz 3rd three to a 7 completes")
        if three_to(ctx, 8):
            if _door_below(ctx, behind):
                return decision(ctx, Action.COMPLETE, "razz 3rd three to an 8, lowest door completes")
            return decision(ctx, Action.CALL, "razz 3rd three to an 8 calls")
        steal = ctx.door.rank.low_value <= 5 and _door_below(ctx, behind) and len(good_cards(ctx)) >= 2
        if steal and len(set(low_values(ctx.cards))) == 3:
            return decision(ctx, Action.COMPLETE, "razz 3rd low door steals")
        return decision(ctx, Action.FOLD, "razz 3rd folds")
    if ctx.facing is Facing.COMPLETION and ctx.bets == 1:
        if three_to(ctx, 6):
            return decision(ctx, Action.RAISE, "razz 3rd three to a 6 raises the completion")
        if three_to(ctx, 8):
            return decision(ctx, Action.CALL, "razz 3rd three to an 8 calls the completion")
        return decision(ctx, Action.FOLD, "razz 3rd folds to the completion")
    if three_to(ctx, 7):
        return decision(ctx, Action.CALL, "razz 3rd three to a 7 calls the raise")
    return decision(ctx, Action.FOLD, "razz 3rd folds to the raise")


def _middle(ctx: VisibleContext) -> Decision:
    good = good_cards(ctx)
    made = len(good) >= 5
    on_track = len(good) >= (3 if ctx.street == 4 else 4)
    best_board = _best_board(ctx)
    facing = ctx.facing not in (Facing.NOTHING, Facing.BRING_IN)
    if not facing:
        if made or (on_track and best_board):
            return decision(ctx, Action.BET, "razz made or leading low bets")
        return decision(ctx, Action.CHECK, "razz checks")
    seven = made and good[4] <= 7
    four_to_seven = ctx.street == 4 and len(good_cards(ctx, 7)) >= 4 and best_board
    if ctx.bets == 1 and (seven or four_to_seven):
        return decision(ctx, Action.RAISE, "razz strong low raises")
    if made or (on_track and not behind_on_board(ctx)):
        return decision(ctx, Action.CALL, "razz live low calls")
    return decision(ctx, Action.FOLD, "razz behind or off track folds")


def _seventh(ctx: VisibleContext) -> Decision:
    low = best_razz(ctx.cards)
    top = low.ranks[0] if low.category is Category.HIGH_CARD else 99
    behind = behind_on_board(ctx)
    if ctx.facing in (Facing.NOTHING, Facing.BRING_IN):
        if top <= 8 and not behind:
            return decision(ctx, Action.BET, f"razz 7th {top}-low bets")
        return decision(ctx, Action.CHECK, "razz 7th checks")
    if top <= 6 and not behind and ctx.bets == 1:
        return decision(ctx, Action.RAISE, f"razz 7th {top}-low raises")
    if top <= 7 or (top <= 9 and not behind and ctx.bets == 1):
        return decision(ctx, Action.CALL, f"razz 7th {top}-low calls")
    return decision(ctx, Action.FOLD, "razz 7th folds")
