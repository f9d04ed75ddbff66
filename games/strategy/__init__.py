"""Computer players for the hand walks: Stud High Lv2 (seed 003), razz and stud/8.

The strategies read no hand in progress: :mod:`games.stud.cpu` builds their context from a stud
state and turns their action into the player's action (the stud walk plays with it).

A strategy reads a :class:`VisibleContext` (what the seat to act can see and the legal
action types) and returns one :class:`Action`; the engine turns it into an amount.
:func:`decide` picks the strategy of the variant. Everything is deterministic.

>>> from games.core.cards import parse_cards
>>> ctx = VisibleContext(
...     variant="FR", street=3, seat=4, down=parse_cards("Ac2d"), up=parse_cards("3h"),
...     opponents=(Opponent(seat=1, up=parse_cards("Kc")),),
...     facing=Facing.BRING_IN, bets=0, aggressors=(1,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.COMPLETE}),
... )
>>> decide(ctx)
<Action.COMPLETE: 'complete'>
"""

from __future__ import annotations

from games.strategy.context import Action, Decision, Facing, Opponent, Variant, VisibleContext, choose
from games.strategy.razz import decide_razz, plan_razz
from games.strategy.stud8 import decide_stud8, plan_stud8
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
    "decide_razz",
    "decide_stud8",
    "decide_stud_hi_lv2",
    "plan",
]


def plan(ctx: VisibleContext) -> Decision:
    """The decision of the variant's strategy, with the rule that made it."""
    if ctx.variant == "FR":
        return plan_razz(ctx)
    if ctx.variant == "F7S/8":
        return plan_stud8(ctx)
    return plan_stud_hi_lv2(ctx)


def decide(ctx: VisibleContext) -> Action:
    """The action of the variant's strategy (always a member of ``ctx.allowed``)."""
    return plan(ctx).action
