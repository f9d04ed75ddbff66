"""Play hands with random legal actions (property tests, benchmarks, scenario generation).

>>> import random
>>> from games.stud.rules import Variant
>>> state = random_hand(random.Random(7), variant=Variant.RAZZ, players=5)
>>> state.phase in ("showdown", "over")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from games.core.cards import Deck
from games.stud.rules import TDA_2024, Ruleset, Structure, Variant
from games.stud.state import LegalAction, StudState

__all__ = [
    "DEFAULT_STRUCTURE",
    "Policy",
    "apply_legal",
    "deal_next",
    "pick",
    "play_out",
    "random_action",
    "random_hand",
]

T = TypeVar("T")

DEFAULT_STRUCTURE = Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000)


@dataclass(frozen=True)
class Policy:
    """Relative weights of the kinds of action a random player picks."""

    fold: float = 1.0
    check: float = 6.0
    call: float = 6.0
    bet: float = 2.0
    raise_: float = 2.0
    complete: float = 2.0
    post_bring_in: float = 5.0

    @cached_property
    def weights(self) -> dict[str, float]:
        """Weight by action kind as :meth:`StudState.betting_choices` names them."""
        return {
            "fold": self.fold,
            "check": self.check,
            "call": self.call,
            "bet": self.bet,
            "raise": self.raise_,
            "complete": self.complete,
            "post_bring_in": self.post_bring_in,
        }


def pick(rng: random.Random, items: Sequence[T], weights: Sequence[float]) -> T:
    """One item at random by weight (a lighter ``random.choices`` for a handful of items)."""
    mark = rng.random() * sum(weights)
    for item, weight in zip(items, weights, strict=True):
        mark -= weight
        if mark < 0:
            return item
    return items[-1]


def random_action(state: StudState, rng: random.Random, policy: Policy = Policy()) -> tuple[str, int | None]:
    """Pick one legal betting action ``(kind, amount)`` of the player to act."""
    choices = state.betting_choices()
    table = policy.weights
    return pick(rng, choices, [table[kind] for kind, _ in choices])


def apply_legal(state: StudState, action: tuple[str, int | None] | LegalAction) -> None:
    """Apply a betting action given as ``(kind, amount)`` or a :class:`LegalAction`."""
    kind, amount = (action.kind, action.amount) if isinstance(action, LegalAction) else action
    if kind == "post_bring_in":
        state.post_bring_in()
    elif kind in ("check", "call"):
        state.check_or_call()
    elif kind == "fold":
        state.fold()
    else:
        assert amount is not None
        state.complete_bet_or_raise_to(amount)


def deal_next(state: StudState, deck: Deck) -> None:
    """Deal the next card(s) the state is waiting for, from ``deck``."""
    dealee = state.next_dealee
    if dealee is None:
        state.deal_community(deck.draw(1)[0])
    else:
        state.deal_hole(dealee, deck.draw(3 if state.street == 3 else 1))


def play_out(
    state: StudState,
    rng: random.Random,
    deck: Deck | None = None,
    *,
    policy: Policy = Policy(),
    stop: Callable[[StudState], bool] | None = None,
) -> StudState:
    """Deal and act at random until the showdown, the last fold, or ``stop(state)``."""
    if deck is None:
        deck = Deck(rng=rng, exclude=sorted(state.used, key=lambda c: c.index))
    while state.phase in ("deal", "bet"):
        if stop is not None and stop(state):
            break
        if state.phase == "deal":
            deal_next(state, deck)
        else:
            apply_legal(state, random_action(state, rng, policy))
    return state


def random_hand(
    rng: random.Random,
    *,
    variant: Variant,
    players: int = 7,
    ruleset: Ruleset = TDA_2024,
    structure: Structure = DEFAULT_STRUCTURE,
    stacks: Sequence[int] | None = None,
    policy: Policy = Policy(),
) -> StudState:
    """A whole hand with random legal actions, from the antes to the showdown or last fold."""
    state = StudState(
        variant=variant,
        ruleset=ruleset,
        structure=structure,
        starting_stacks=stacks if stacks is not None else [20 * structure.big_bet] * players,
    )
    return play_out(state, rng, policy=policy)
