"""From a hand in progress to a computer player's action (the strategies meet the engine).

:func:`visible_context` builds the :class:`VisibleContext` of a player from a
:class:`~games.stud.state.StudState`: only what that player can see (their own down and up
cards, every opponent's upcards, what they face on this street and the legal action
types). :func:`cpu_action` asks the variant's strategy (:func:`games.strategy.decide`) and
turns its action type into the PHH action string the player takes: the bring-in is
posted as ``pK pb``; a completion, bet or raise goes to the smallest legal total (the
completion, the bet or raise of the street, the small bet under the 4th-street open-pair
option, or all-in when that is all the player has).

The adapter reads hands dealt in the normal way; a hand changed by an irregularity (an
exposed downcard turned up, for instance) may not give a valid context.

>>> import random
>>> from games.core.cards import parse_cards
>>> from games.stud.rules import TDA_2024, Structure, Variant
>>> from games.stud.state import StudState
>>> state = StudState(
...     variant=Variant.STUD, ruleset=TDA_2024,
...     structure=Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000),
...     starting_stacks=[10000, 10000, 10000],
... )
>>> for player, cards in enumerate(["7h2cKs", "7d3c2d", "8h8c9s"]):
...     _ = state.deal_hole(player, parse_cards(cards))
>>> cpu_action(state)  # p2 shows the 2d: the bring-in
'p2 pb'
>>> _ = state.post_bring_in()
>>> ctx = visible_context(state, 2)
>>> ctx.facing.value, sorted(a.value for a in ctx.allowed), [str(c) for c in ctx.dead]
('bring_in', ['call', 'complete', 'fold'], ['Ks', '2d'])
>>> cpu_action(state)  # a hidden pair of eights (tier A) completes: to the small bet
'p3 cbr 500'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.errors import EngineError
from games.core.records import ActionRecord
from games.strategy import decide
from games.strategy.context import Action, Facing, Opponent, Variant, VisibleContext

if TYPE_CHECKING:
    from games.stud.state import StudState

__all__ = ["cpu_action", "cpu_decision", "visible_context"]

_ACTION_OF_CHOICE = {
    "post_bring_in": Action.BRING_IN,
    "fold": Action.FOLD,
    "check": Action.CHECK,
    "call": Action.CALL,
    "complete": Action.COMPLETE,
    "bet": Action.BET,
    "raise": Action.RAISE,
}

# Actions taken by choice; posting the bring-in is forced unless the low card is all-in
# on the ante and another player opens with it (TDA 2024 RP-10 E).
_BY_CHOICE = frozenset({"check", "call", "fold", "complete", "bet", "raise"})


def _acted_by_choice(state: StudState) -> set[int]:
    acted: set[int] = set()
    for record in state.street_actions.get(state.street, ()):
        if record.player is None:
            continue
        if record.kind in _BY_CHOICE or (
            record.kind == "post_bring_in" and record.player != state.bring_in_index
        ):
            acted.add(record.player)
    return acted


def _aggressors(state: StudState) -> tuple[int | None, ...]:
    """The seat of the last bring-in, completion, bet or raise of each street so far."""
    out: list[int | None] = []
    for street in range(3, state.street + 1):
        last: int | None = None
        for record in state.street_actions.get(street, ()):
            if record.player is not None and record.kind in ("post_bring_in", "complete", "bet", "raise"):
                last = record.player
        out.append(state.seat_of(last) if last is not None else None)
    return tuple(out)


def _facing(state: StudState, player: int) -> tuple[Facing, int]:
    if state.forced is not None:
        # The bring-in player before posting faces the bring-in (docs/strategy.md); under
        # RP-10 E the first player with chips faces nothing but may fold.
        return (Facing.BRING_IN if state.forced == "bring_in" else Facing.NOTHING), 0
    if state.to_call(player) == 0:
        return Facing.NOTHING, 0
    count = state.bet_count
    if state.street == 3:
        if count == 0:
            return Facing.BRING_IN, 0  # the bring-in, or an all-in below half a completion
        return (Facing.COMPLETION, 1) if count == 1 else (Facing.RAISE, count)
    if count <= 1:
        return Facing.BET, 1  # a bet, or an all-in below half a bet
    return Facing.RAISE, count


def visible_context(state: StudState, player: int) -> VisibleContext:
    """What ``player`` (an index, p1 = 0) sees when it is their turn to act.

    Dead cards are every opponent's upcards, folded players' included (seed 003 0.2). An
    all-in opponent never acts again, so is never "yet to act". Only the player to act has
    a context (``EngineError`` ``no_action_pending`` otherwise).
    """
    if state.actor != player:
        raise EngineError(
            "no_action_pending",
            f"p{player + 1} is not the player to act",
            params={"player": player + 1, "street": state.street},
        )
    acted = _acted_by_choice(state)
    opponents = tuple(
        Opponent(
            seat=state.seat_of(i),
            up=tuple(state.ups[i]),
            live=not state.folded[i],
            yet_to_act=not state.folded[i] and state.stacks[i] > 0 and i not in acted,
        )
        for i in range(state.count)
        if i != player and state.ups[i]
    )
    facing, bets = _facing(state, player)
    allowed = frozenset(_ACTION_OF_CHOICE[kind] for kind, _ in state.betting_choices())
    variant: Variant = state.variant.value
    return VisibleContext(
        variant=variant,
        street=state.street,
        seat=state.seat_of(player),
        down=tuple(state.downs[player]),
        up=tuple(state.ups[player]),
        community=(state.community,) if state.community is not None else (),
        opponents=opponents,
        facing=facing,
        bets=bets,
        aggressors=_aggressors(state),
        allowed=allowed,
    )


def cpu_decision(state: StudState) -> tuple[str, int | None]:
    """The betting choice ``(kind, amount)`` of the player to act, as the strategy plays it.

    ``kind`` is one of :meth:`StudState.betting_choices`' kinds; a completion, bet or raise
    goes to the smallest legal total.
    """
    player = state.actor
    if player is None:
        raise EngineError(
            "no_action_pending",
            "no betting action is pending now (cards are due or the hand is over)",
            params={"street": state.street, "phase": state.phase},
        )
    action = decide(visible_context(state, player))
    choices = [choice for choice in state.betting_choices() if _ACTION_OF_CHOICE[choice[0]] is action]
    if not choices:  # pragma: no cover - decide() only returns allowed actions
        raise EngineError("bad_context", f"{action.value} is not legal now", params={"action": action.value})
    return min(choices, key=lambda choice: choice[1] or 0)


def cpu_action(state: StudState) -> str:
    """The PHH action string the player to act takes (``"p3 cbr 500"``, ``"p2 pb"``, ...)."""
    kind, amount = cpu_decision(state)
    player = state.actor
    assert player is not None
    return ActionRecord(kind, player, amount or 0).phh
