"""The table view of a ten-card stud scenario: what the trainee sees."""

from __future__ import annotations

from typing import Any

from games.tenstud.document import PLAYERS, TenStudScenario

__all__ = ["table_view", "tenstud_table_view"]


def tenstud_table_view(scenario: TenStudScenario) -> dict[str, Any]:
    """Revealed cards and the count of hidden hole cards per seat; every card for the final
    questions; every reveal so far step by step; the pot; ``first``, the seat dealt first (odd
    chips of a split go from there). Never who reveals next, the ranking or the shares."""
    state = scenario.replay()
    kind = scenario.kind
    final = kind in ("final_ranking", "split")
    seats = []
    for p in range(1, PLAYERS + 1):
        if p not in state.doors:
            seats.append(
                {"seat": scenario.seat(p), "player": f"p{p}", "door": [], "revealed": [], "hidden": 0}
            )
            continue
        entry: dict[str, Any] = {
            "seat": scenario.seat(p),
            "player": f"p{p}",
            "door": [str(c) for c in state.doors[p]],
            "revealed": [str(c) for c in state.revealed[p]],
            "hidden": state.hidden[p],
        }
        if final and state.all_known():
            entry["hole"] = [str(c) for c in state.holes[p] or ()]
        seats.append(entry)
    # Who turned which card at each step; never the players still due in a step in progress.
    steps = [
        {"step": step.number, "cards": {str(scenario.seat(p)): str(c) for p, c in step.cards.items()}}
        for step in state.steps
    ]
    return {
        "kind": kind,
        "variant": "T10S",
        "pot": {"total": state.pot},
        "structure": {"min_chip": scenario.chip},
        "first": scenario.seat(1),
        "seats": seats,
        "seat_count": scenario.seat_count,
        "steps": steps,
    }


# How the engine reaches this game's view (``games.registry.part``).
table_view = tenstud_table_view
