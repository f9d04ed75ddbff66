"""Short builders of visible contexts for the strategy tests.

``me="KsKd|4c"`` is my downcards, a bar, my upcards. Opponents are upcard strings (live,
already acted) or :func:`opp` for the other cases. Without ``allowed`` the usual legal
set for what the seat faces is used.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.cards import parse_cards
from games.strategy import Action, Facing, Opponent, VisibleContext

A = Action

USUAL: dict[Facing, frozenset[Action]] = {
    Facing.NOTHING: frozenset({A.CHECK, A.BET}),
    Facing.BRING_IN: frozenset({A.FOLD, A.CALL, A.COMPLETE}),
    Facing.COMPLETION: frozenset({A.FOLD, A.CALL, A.RAISE}),
    Facing.BET: frozenset({A.FOLD, A.CALL, A.RAISE}),
    Facing.RAISE: frozenset({A.FOLD, A.CALL, A.RAISE}),
}
LEAST_BETS = {Facing.NOTHING: 0, Facing.BRING_IN: 0, Facing.COMPLETION: 1, Facing.BET: 1, Facing.RAISE: 2}


def opp(up: str, *, seat: int | None = None, live: bool = True, yet: bool = False) -> Opponent:
    """An opponent; ``seat`` is filled in by :func:`make` when not given."""
    return Opponent(seat=seat or 0, up=parse_cards(up), live=live, yet_to_act=yet)


def make(
    me: str,
    opps: Sequence[str | Opponent],
    *,
    variant: str = "F7S",
    facing: Facing | None = None,
    bets: int | None = None,
    aggressors: Sequence[int | None] | None = None,
    allowed: Sequence[Action] | None = None,
    bring_in: bool = False,
    community: str = "",
) -> VisibleContext:
    """A context for seat 1. Opponents get seats 2, 3, ... in the order given.

    Defaults: 3rd street faces the bring-in, later streets face nothing; the aggressor of
    every earlier street is unknown (None) and on this street it is the first live
    opponent when facing a bet. ``bring_in=True``: I must post the bring-in or complete.
    """
    down_text, up_text = me.split("|")
    down, up = parse_cards(down_text), parse_cards(up_text)
    street = len(down) + len(up) + (1 if community else 0)
    opponents = []
    for index, spec in enumerate(opps):
        seat = index + 2
        if isinstance(spec, str):
            opponents.append(Opponent(seat=seat, up=parse_cards(spec)))
        else:
            seat = spec.seat or seat
            opponents.append(Opponent(seat=seat, up=spec.up, live=spec.live, yet_to_act=spec.yet_to_act))
    if facing is None:
        facing = Facing.BRING_IN if street == 3 else Facing.NOTHING
    if bets is None:
        bets = LEAST_BETS[facing]
    if aggressors is None:
        first_live = next(o.seat for o in opponents if o.live)
        current = first_live if facing not in (Facing.NOTHING,) else None
        aggressors = [*([None] * (street - 3)), current]
    if allowed is None:
        allowed_set = frozenset({A.BRING_IN, A.COMPLETE}) if bring_in else USUAL[facing]
    else:
        allowed_set = frozenset(allowed)
    return VisibleContext(
        variant=variant,  # type: ignore[arg-type]
        street=street,
        seat=1,
        down=down,
        up=up,
        community=parse_cards(community),
        opponents=tuple(opponents),
        facing=facing,
        bets=bets,
        aggressors=tuple(aggressors),
        allowed=allowed_set,
    )
