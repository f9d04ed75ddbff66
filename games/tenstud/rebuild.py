"""A ten-card stud scenario document rebuilt from its table view alone
(``games.questions.answerable``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.core.cards import format_cards
from games.core.rebuild import finish, from_first, hidden_pool, view_cards

__all__ = ["rebuild_tenstud"]


def rebuild_tenstud(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A ten-card stud document from the table view: hole cards still down are drawn from the
    unseen cards."""
    seats, player = from_first(view)  # p1 is the seat dealt first
    visible = view_cards(c for s in seats for key in ("door", "revealed", "hole") for c in s.get(key) or [])
    pool = hidden_pool(visible, rng)
    actions = []
    for k, s in enumerate(seats):
        if not s["door"]:
            continue
        turned = view_cards(s["revealed"])
        down = view_cards(s["hole"]) if "hole" in s else [pool.pop() for _ in range(s["hidden"])]
        actions.append(f"d dh p{k + 1} {format_cards(view_cards(s['door']))}{format_cards([*turned, *down])}")
    for step in view["steps"]:
        for seat, card in step["cards"].items():
            actions.append(f"p{player[int(seat)]} sm {card}")
    doc: dict[str, Any] = {"variant": "T10S", "pot": view["pot"]["total"], "actions": actions}
    return finish({**view, "seats": seats}, doc, view.get("structure", {}).get("min_chip", 1))
