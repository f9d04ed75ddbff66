"""What a computer player sees when it must act, and the action types it may return.

A :class:`VisibleContext` is built by whoever runs the hand (the hand state machine, a
test, a scenario tool) and holds only what the seat to act can see: its own down and up
cards, every opponent's upcards, what it faces on this street and the legal action types.
The strategies return one :class:`Action`; the amount (bring-in, completion, bet or raise
size, the 4th-street open-pair option) is the engine's business.

Seed 003 section 0.2 fixes the dead cards: the upcards of every opponent, folded ones
included; downcards are never dead cards because nobody sees them.

>>> from games.core.cards import parse_cards
>>> ctx = VisibleContext(
...     variant="F7S", street=3, seat=1,
...     down=parse_cards("KsKd"), up=parse_cards("4c"),
...     opponents=(Opponent(seat=2, up=parse_cards("9h")), Opponent(seat=3, up=parse_cards("2d"))),
...     facing=Facing.BRING_IN, bets=0, aggressors=(3,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.COMPLETE}),
... )
>>> [str(c) for c in ctx.dead], ctx.heads_up
(['9h', '2d'], False)
>>> choose(ctx, Action.RAISE)
<Action.COMPLETE: 'complete'>
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from games.core.cards import Card
from games.core.errors import EngineError

__all__ = [
    "FALLBACKS",
    "Action",
    "Decision",
    "Facing",
    "Opponent",
    "Variant",
    "VisibleContext",
    "choose",
    "decision",
]

Variant = Literal["F7S", "FR", "F7S/8"]
VARIANTS: tuple[Variant, ...] = ("F7S", "FR", "F7S/8")


class Action(StrEnum):
    """The action types of seed 003 section 2.2 (``allowedActions``)."""

    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


AGGRESSIVE = frozenset({Action.BRING_IN, Action.COMPLETE, Action.BET, Action.RAISE})


class Facing(StrEnum):
    """What the seat to act faces on this street.

    ``NOTHING``: no bet to call (check or bet; on 3rd street only when the low card is
    all-in for the ante, TDA 2024 RP-10 E). ``BRING_IN``: 3rd street, only the bring-in
    has been posted. ``COMPLETION``: 3rd street, the bring-in was completed and nobody
    raised. ``BET``: 4th street on, one bet. ``RAISE``: a raise over the completion or the
    bet (two or more bets this street).
    """

    NOTHING = "nothing"
    BRING_IN = "bring_in"
    COMPLETION = "completion"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True, kw_only=True)
class Opponent:
    """Another player at the table as the seat to act sees them.

    ``up`` are the upcards dealt to them (for a folded player, those they had when they
    folded: seed 003 counts them as dead cards). ``live``: still in the hand.
    ``yet_to_act``: has not yet acted by choice on this street (posting the bring-in is
    forced, so the bring-in player stays ``True`` until they act again); the 3rd-street
    steal of seed 003 7.1 compares doors with these players only.
    """

    seat: int
    up: tuple[Card, ...]
    live: bool = True
    yet_to_act: bool = False

    @property
    def door(self) -> Card | None:
        """The 3rd-street upcard."""
        return self.up[0] if self.up else None


@dataclass(frozen=True, slots=True, kw_only=True)
class VisibleContext:
    """Everything the seat to act may use to choose an action (validated on creation).

    - ``variant``: ``"F7S"`` stud high, ``"FR"`` razz, ``"F7S/8"`` stud hi-lo eight-or-better.
    - ``street``: 3 to 7.
    - ``seat``: the seat to act; ``down`` and ``up`` its cards (``up[0]`` is the door card);
      ``community``: a 7th-street community card when the stub ran short (TDA RP-10 H).
    - ``opponents``: every other seat dealt in, live or folded.
    - ``facing`` and ``bets``: what the seat faces and how many full bets were made this
      street (the completion and a bet count 1, each raise 1 more; the bring-in 0).
    - ``aggressors``: for each street from 3rd to the current one, the seat that made the
      last bring-in, completion, bet or raise on it (``None`` when there was none); the
      last entry is this street. Seed 003 2.1 calls that seat the aggressor.
    - ``allowed``: the action types that are legal now.
    """

    variant: Variant
    street: int
    seat: int
    down: tuple[Card, ...]
    up: tuple[Card, ...]
    opponents: tuple[Opponent, ...]
    facing: Facing
    bets: int
    aggressors: tuple[int | None, ...]
    allowed: frozenset[Action]
    community: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards that play for the seat to act (downcards first)."""
        return self.down + self.up + self.community

    @property
    def door(self) -> Card:
        return self.up[0]

    @property
    def live_opponents(self) -> tuple[Opponent, ...]:
        return tuple(opp for opp in self.opponents if opp.live)

    @property
    def dead(self) -> tuple[Card, ...]:
        """Seed 003 0.2: every opponent's upcards, folded players' included; never downcards."""
        return tuple(card for opp in self.opponents for card in opp.up)

    @property
    def heads_up(self) -> bool:
        """Only one opponent is still in the hand (seed 003 appendix B)."""
        return len(self.live_opponents) == 1

    @property
    def must_bring_in(self) -> bool:
        """The bring-in player before posting: post the bring-in or complete, no fold (seed 003 8.2)."""
        return Action.BRING_IN in self.allowed and Action.FOLD not in self.allowed

    @property
    def aggressor(self) -> int | None:
        """The seat that made the last aggressive action on this street."""
        return self.aggressors[-1]

    def opponent(self, seat: int | None) -> Opponent | None:
        for opp in self.opponents:
            if opp.seat == seat:
                return opp
        return None


def _bad(message: str, **params: object) -> EngineError:
    return EngineError("bad_context", message, params=params)


def _validate(ctx: VisibleContext) -> None:
    if ctx.variant not in VARIANTS:
        raise _bad(f"unknown variant {ctx.variant!r}", variant=ctx.variant)
    if not 3 <= ctx.street <= 7:
        raise _bad(f"street must be 3 to 7, not {ctx.street}", street=ctx.street)
    if not ctx.up:
        raise _bad("the seat to act has no upcard")
    if len(ctx.cards) != ctx.street or len(ctx.community) > 1 or (ctx.community and ctx.street != 7):
        raise _bad(f"{len(ctx.cards)} cards on street {ctx.street}", street=ctx.street)
    seats = [ctx.seat, *(opp.seat for opp in ctx.opponents)]
    if len(set(seats)) != len(seats):
        raise _bad("a seat appears twice", seats=seats)
    if not ctx.live_opponents:
        raise _bad("no opponent is still in the hand")
    shown = [*ctx.cards, *ctx.dead]
    if len(set(shown)) != len(shown):
        raise _bad("a card appears twice", cards=[str(c) for c in shown])
    ups = min(ctx.street - 2, 4)
    if len(ctx.up) != ups:
        raise _bad(f"{len(ctx.up)} upcards on street {ctx.street}", street=ctx.street)
    if any(len(opp.up) > ups or (opp.live and len(opp.up) != ups) for opp in ctx.opponents):
        raise _bad("an opponent has the wrong number of upcards")
    if len(ctx.aggressors) != ctx.street - 2 or any(s is not None and s not in seats for s in ctx.aggressors):
        raise _bad("aggressors must name a seat (or None) for each street so far", street=ctx.street)
    if not ctx.allowed:
        raise _bad("no action is allowed")
    third_only = ctx.facing in (Facing.BRING_IN, Facing.COMPLETION)
    if (third_only and ctx.street != 3) or (ctx.facing is Facing.BET and ctx.street == 3):
        raise _bad(f"cannot face {ctx.facing.value} on street {ctx.street}", facing=ctx.facing.value)
    least = {Facing.NOTHING: 0, Facing.BRING_IN: 0, Facing.COMPLETION: 1, Facing.BET: 1, Facing.RAISE: 2}
    if ctx.bets < least[ctx.facing] or (ctx.facing in (Facing.NOTHING, Facing.BRING_IN) and ctx.bets):
        raise _bad(f"{ctx.bets} bets while facing {ctx.facing.value}", bets=ctx.bets)


# Seed 003 section 8.1: when the wanted action is not allowed, fall back to the next best.
# Aggression falls back to the passive action of the same situation; a fold never replaces a
# check (folding when nobody bet is an irregularity, TDA 2024 Rule 58).
FALLBACKS: dict[Action, tuple[Action, ...]] = {
    Action.RAISE: (Action.RAISE, Action.COMPLETE, Action.BET, Action.CALL, Action.CHECK, Action.FOLD),
    Action.COMPLETE: (Action.COMPLETE, Action.RAISE, Action.BET, Action.CALL, Action.CHECK, Action.FOLD),
    Action.BET: (Action.BET, Action.CHECK, Action.CALL, Action.FOLD),
    Action.BRING_IN: (Action.BRING_IN, Action.CALL, Action.CHECK, Action.FOLD),
    Action.CALL: (Action.CALL, Action.CHECK, Action.FOLD),
    Action.CHECK: (Action.CHECK, Action.FOLD),
    Action.FOLD: (Action.CHECK, Action.FOLD),
}

# When nothing in the chain is allowed (for instance only BRING_IN and COMPLETE), the
# cheapest allowed action.
_CHEAPEST_FIRST = (
    Action.CHECK,
    Action.BRING_IN,
    Action.CALL,
    Action.FOLD,
    Action.BET,
    Action.COMPLETE,
    Action.RAISE,
)


def choose(ctx: VisibleContext, wanted: Action) -> Action:
    """The wanted action if allowed, else its fallback (seed 003 section 8).

    Always returns a member of ``ctx.allowed``, and never FOLD while CHECK is allowed.
    """
    return first_allowed(ctx.allowed, (*FALLBACKS[wanted], *_CHEAPEST_FIRST))


def first_allowed(allowed: frozenset[Action], order: Iterable[Action]) -> Action:
    for action in order:
        if action in allowed:
            return action
    raise _bad("no action is allowed")  # pragma: no cover - VisibleContext forbids an empty set


@dataclass(frozen=True, slots=True)
class Decision:
    """A strategy's choice: ``action`` is legal now, ``wanted`` is what the rule asked for
    before the fallback, ``rule`` names the rule that decided (``"3rd-3 steal"``)."""

    action: Action
    wanted: Action
    rule: str


def decision(ctx: VisibleContext, wanted: Action, rule: str) -> Decision:
    return Decision(choose(ctx, wanted), wanted, rule)
