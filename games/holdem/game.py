"""Hold'em beyond one hand: PHH fields in, stacks and the button from hand to hand (seed 002).

>>> game = HoldemGame(names=("A", "B", "C"), stacks=(100, 100, 100), button=0, small_blind=5, big_blind=10)
>>> [game.names[s] for s in game.order()]
['B', 'C', 'A']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.errors import EngineError
from games.holdem.hand import HoldemHand, NoLimitHoldem

__all__ = ["HoldemGame", "hand_from_phh", "play_random_hand"]


def hand_from_phh(fields: Mapping[str, Any], *, rng: random.Random | None = None) -> HoldemHand:
    """A hand from PHH no-limit hold'em fields (``variant "NT"``), with its ``actions`` applied.

    Errors carry a ``path`` into the fields (``actions[3]``).
    """
    if fields.get("variant") != "NT":
        raise EngineError("bad_variant", 'no-limit hold\'em scenarios have variant "NT"', path="variant")
    try:
        table = NoLimitHoldem(
            starting_stacks=_ints(fields, "starting_stacks"),
            blinds_or_straddles=_ints(fields, "blinds_or_straddles"),
            antes=_ints(fields, "antes", required=False),
            min_bet=int(fields["min_bet"]) if fields.get("min_bet") is not None else None,
        )
    except (TypeError, ValueError) as exc:
        if isinstance(exc, EngineError):
            raise
        raise EngineError("bad_field", str(exc)) from exc
    hand = HoldemHand(table=table, rng=rng)
    actions = fields.get("actions", [])
    if not isinstance(actions, list):
        raise EngineError("bad_field", "actions must be a list of strings", path="actions")
    for k, action in enumerate(actions):
        if not isinstance(action, str):
            raise EngineError("bad_action", "an action is a string", path=f"actions[{k}]")
        try:
            hand.act(action)
        except EngineError as exc:
            raise exc.with_path(f"actions[{k}]") from None
    return hand


def _ints(fields: Mapping[str, Any], name: str, *, required: bool = True) -> tuple[int, ...]:
    value = fields.get(name)
    if value is None and not required:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise EngineError("bad_field", f"{name} must be a list of integers", path=name)
    return tuple(value)


@dataclass(frozen=True, slots=True)
class HoldemGame:
    """Stacks and the button between hands (002 sections 1, 2 and 9).

    ``names`` and ``stacks`` go clockwise round the table; ``button`` indexes them.
    """

    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int = 0
    hands_played: int = field(default=0)

    def __post_init__(self) -> None:
        if len(self.names) != len(self.stacks) or not 0 <= self.button < len(self.names):
            raise EngineError("bad_field", "one stack per name, and the button on a seat")

    @property
    def over(self) -> bool:
        """002 section 9: a new hand starts only while two or more players have chips."""
        return len(self.names) < 2

    def order(self) -> tuple[int, ...]:
        """Seat indexes in PHH order: the button's left first, the button last."""
        n = len(self.names)
        return tuple((self.button + 1 + k) % n for k in range(n))

    def start_hand(self, *, rng: random.Random | None = None) -> HoldemHand:
        if self.over:
            raise EngineError("game_over", "fewer than two players have chips")
        order = self.order()
        n = len(order)
        blinds = (self.small_blind, self.big_blind) + (0,) * (n - 2)
        table = NoLimitHoldem(
            starting_stacks=tuple(self.stacks[s] for s in order),
            blinds_or_straddles=blinds,
            antes=(self.ante,) * n if self.ante else (),
            min_bet=self.big_blind,
        )
        return HoldemHand(table=table, rng=rng)

    def after(self, hand: HoldemHand) -> HoldemGame:
        """The game after ``hand``: stacks paid, busted players out, the button one seat on.

        002 section 9. The button moves to the next player clockwise who still has chips
        (the seat after the old button; a busted seat is simply gone).
        """
        order = self.order()
        stacks = list(self.stacks)
        for k, chips in enumerate(hand.final_stacks()):
            stacks[order[k]] = chips
        n = len(self.names)
        new_button = next(
            (self.button + step) % n for step in range(1, n + 1) if stacks[(self.button + step) % n] > 0
        )
        keep = [s for s in range(n) if stacks[s] > 0]
        return HoldemGame(
            names=tuple(self.names[s] for s in keep),
            stacks=tuple(stacks[s] for s in keep),
            button=keep.index(new_button),
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            hands_played=self.hands_played + 1,
        )


def play_random_hand(hand: HoldemHand, rng: random.Random, *, limit: int = 500) -> HoldemHand:
    """Drive ``hand`` with random legal actions until it is over (for tests and generators)."""
    for _ in range(limit):
        if hand.phase == "over":
            return hand
        hand.play(rng.choice(hand.legal_actions()))
    raise EngineError("no_end", "the hand did not end")  # pragma: no cover
