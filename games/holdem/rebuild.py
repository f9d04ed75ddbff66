"""A hold'em scenario document rebuilt from its table view alone (``games.questions.answerable``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.core.cards import format_cards
from games.core.rebuild import finish, hidden_pool, view_cards

__all__ = ["rebuild_holdem"]


def rebuild_holdem(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A hold'em document from the table view: hole cards the view does not show are drawn
    from the unseen cards; the blinds and antes are posted again by the structure."""
    seats = view["seats"]
    player = {s["seat"]: s["player"] for s in seats}
    structure = view["structure"]
    history = view["history"]
    visible = view_cards(view.get("board") or []) + view_cards(c for s in seats for c in s.get("shown") or [])
    pool = hidden_pool(visible, rng)
    actions = []
    for s in seats:
        if not s["hole_cards"]:
            continue
        hole = view_cards(s["shown"]) if s.get("shown") else [pool.pop(), pool.pop()]
        actions.append(f"d dh {s['player']} {format_cards(hole)}")
    for entry in history:
        action = entry["action"]
        who = player.get(entry["seat"]) if entry["seat"] is not None else None
        if action == "board":
            actions.append(f"d db {''.join(entry['cards'])}")
        elif action == "fold":
            actions.append(f"{who} f")
        elif action in ("check", "call"):
            actions.append(f"{who} cc")
        elif action in ("bet", "raise"):
            actions.append(f"{who} cbr {entry['to']}")
        elif action == "show":
            actions.append(f"{who} sm {''.join(entry['cards'])}")
        elif action == "muck":
            actions.append(f"{who} sm")
        # post_ante and post_blind: the structure and the starting stacks post them again.
    doc: dict[str, Any] = {
        "variant": "NT",
        "antes": list(structure["antes"]),
        "blinds_or_straddles": list(structure["blinds_or_straddles"]),
        "min_bet": structure["min_bet"],
        "starting_stacks": [s["stack"] + s["committed"] for s in seats],
        "actions": actions,
    }
    return finish(view, doc, structure.get("min_chip", 1))
