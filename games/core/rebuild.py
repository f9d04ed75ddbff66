"""What rebuilding a scenario document from its table view needs in every game: the cards the
view names, the unseen cards to stand in for hidden ones, and the seats, smallest chip and
question every rebuilt document carries (``games.questions.answerable``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from games.core.cards import FULL_DECK, Card, parse_cards

__all__ = ["finish", "from_first", "hidden_pool", "view_cards"]


def view_cards(texts: Iterable[str]) -> list[Card]:
    """The cards of card texts (``"AsKd"``, ``"7h"``) as the view writes them."""
    return [c for text in texts for c in parse_cards(text)]


def hidden_pool(visible: Iterable[Card], rng: random.Random) -> list[Card]:
    """The cards the view shows nowhere, shuffled: the stand-ins for every hidden card."""
    seen = set(visible)
    pool = [c for c in FULL_DECK if c not in seen]
    rng.shuffle(pool)
    return pool


def finish(view: Mapping[str, Any], doc: dict[str, Any], chip: int) -> dict[str, Any]:
    """``doc`` with the view's seats, seat count, smallest chip and question."""
    doc["seats"] = [s["seat"] for s in view["seats"]]
    if view.get("seat_count") is not None:
        doc["seat_count"] = view["seat_count"]
    if chip != 1:
        doc["_min_chip"] = chip
    doc["_question"] = {"kind": view["kind"]}
    return doc


def from_first(view: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], dict[int, int]]:
    """The seats from the one marked ``first`` (p1), clockwise as listed, and each seat's player."""
    listed = list(view["seats"])
    start = next(k for k, s in enumerate(listed) if s["seat"] == view["first"])
    seats = listed[start:] + listed[:start]
    return seats, {s["seat"]: k + 1 for k, s in enumerate(seats)}
