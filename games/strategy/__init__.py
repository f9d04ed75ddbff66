"""Computer players for the hand walks: Stud High Lv2 (seed 003).

A strategy reads a :class:`VisibleContext` (what the seat to act can see and the legal
action types) and returns one :class:`Action`; the engine turns it into an amount.
:func:`decide` picks the strategy of the variant. Everything is deterministic.

>>> from games.cards import parse_cards
>>> ctx = VisibleContext(
...     variant="F7S", street=3, seat=4, down=parse_cards("KcKd"), up=parse_cards("3h"),
...     opponents=(Opponent(seat=1, up=parse_cards("2c")),),
...     facing=Facing.BRING_IN, bets=0, aggressors=(1,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.COMPLETE}),
... )
>>> decide(ctx)
<Action.COMPLETE: 'complete'>
"""

from __future__ import annotations

from games.strategy.context import Action, Decision, Facing, Opponent, Variant, VisibleContext, choose
from games.strategy.stud_hi import decide_stud_hi_lv2, plan_stud_hi_lv2

__all__ = [
    "Action",
    "Decision",
    "Facing",
    "Opponent",
    "Variant",
    "VisibleContext",
    "choose",
    "decide",
    "decide_stud_hi_lv2",
    "plan",
]


def plan(ctx: VisibleContext) -> Decision:
    """The decision of the variant's strategy, with the rule that made it."""
    return plan_stud_hi_lv2(ctx)


def decide(ctx: VisibleContext) -> Action:
    """The action of the variant's strategy (always a member of ``ctx.allowed``)."""
    return plan(ctx).action
