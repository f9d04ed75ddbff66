"""One irregularity of a hand (scenario-format section 5) and the floor's ruling on it, as
values; :mod:`games.stud.events` rules on them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.cards import Card

__all__ = ["Event", "Ruling"]


@dataclass(frozen=True, slots=True)
class Event:
    """One irregularity: it happened after ``actions[after]`` (``-1``: before any action)."""

    after: int
    type: str
    seat: int | None = None
    card: Card | None = None
    street: int | None = None
    count: int | None = None
    action: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"after": self.after, "type": self.type}
        if self.seat is not None:  # format section 5: seat is an int; an event read without one has none
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = str(self.card)
        if self.street is not None:
            out["street"] = self.street
        if self.count is not None:
            out["count"] = self.count
        if self.action is not None:
            out["action"] = self.action
        return out


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruling for an event: a code of section 5, the seat it concerns, the rules behind it
    and the facts the explanation needs."""

    code: str
    seat: int | None
    event: Event
    rules: tuple[str, ...]
    facts: dict[str, Any]
