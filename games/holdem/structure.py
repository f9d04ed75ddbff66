"""The fixed parameters of a no-limit hold'em hand, the record of an action and a pot
(:mod:`games.holdem.hand` plays the hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from games.core.cards import Card
from games.core.errors import EngineError

__all__ = ["HoldemAction", "NoLimitHoldem", "Pot"]


@dataclass(frozen=True, slots=True)
class NoLimitHoldem:
    """The fixed parameters of one hand: PHH's no-limit hold'em fields.

    ``blinds_or_straddles`` and ``antes`` are per player (p1..pN) and may be shorter
    than the player count (missing entries are 0). ``min_bet`` defaults to the largest
    blind (002 section 4: the minimum bet is the big blind).
    """

    starting_stacks: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    antes: tuple[int, ...] = ()
    min_bet: int | None = None

    def __post_init__(self) -> None:
        n = len(self.starting_stacks)
        if n < 2:
            raise EngineError("too_few_players", "hold'em needs at least two players (002 section 1)")
        for name in ("blinds_or_straddles", "antes"):
            values = getattr(self, name)
            if len(values) > n or any(v < 0 for v in values):
                raise EngineError("bad_field", f"{name} must be non-negative, one per player", path=name)
        if any(s < 0 for s in self.starting_stacks):
            raise EngineError("bad_field", "stacks must be non-negative", path="starting_stacks")
        if self.big_blind <= 0:
            raise EngineError("bad_field", "min_bet (or a blind) must be positive", path="min_bet")

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def big_blind(self) -> int:
        return self.min_bet if self.min_bet is not None else max(self.blinds_or_straddles, default=0)

    def posted(self, values: tuple[int, ...], player: int) -> int:
        """The nominal blind or ante of a player (0-based), heads-up read reversed as PHH does."""
        padded = list(values) + [0] * (self.player_count - len(values))
        if self.player_count == 2:
            padded.reverse()
        return padded[player]


@dataclass(frozen=True, slots=True)
class HoldemAction:
    """The record of one applied action: its PHH text and what it did."""

    phh: str
    player: int | None  # 1-based, None for the dealer
    kind: Literal["deal_hole", "deal_board", "fold", "check", "call", "bet", "raise", "show", "muck"]
    amount: int = 0  # chips added (call) or total for the street (bet, raise)
    all_in: bool = False
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot: its chips and the players (1-based) who can win it."""

    amount: int
    eligible: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"amount": self.amount, "eligible": list(self.eligible)}
