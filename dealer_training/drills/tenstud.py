"""The ten-card stud deal page: ``games.tenstud.game.deal_steps`` shown up to one step."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from dealer_training.scenarios.labels import card_info, cards_info, chips, page_language
from games.tenstud.game import deal_steps


@lru_cache(maxsize=64)
def _deal(seed: str) -> dict[str, Any]:
    return deal_steps(seed)


def _name(strength: dict[str, Any]) -> str:
    ja = page_language() == "ja"
    return str(strength["name_ja"] if ja else strength["name"])


def deal_context(seed: str, step: int) -> dict[str, Any] | None:
    """The table after ``step`` reveals (None past the end): door cards, the hole cards turned so
    far, each seat's best five, the explanation of the last step, and the result at the end."""
    deal = _deal(seed)
    steps = deal["steps"]
    if step > len(steps):
        return None
    revealed: dict[str, list[str]] = {}
    for done in steps[:step]:
        for seat, card in done["revealed"].items():
            revealed.setdefault(seat, []).append(card)
    strengths = (
        steps[step - 1]["strengths"]
        if step
        else {str(s["seat"]): s["strength"] for s in deal["start"]["seats"]}
    )
    last = steps[step - 1] if step else None
    seats = []
    for seat in deal["start"]["seats"]:
        key = str(seat["seat"])
        turned = revealed.get(key, [])
        strength = strengths[key]
        seats.append(
            {
                "seat": seat["seat"],
                "door": cards_info(seat["door"]),
                "revealed": [card_info(c) for c in turned],
                "hidden": range(seat["hidden"] - len(turned)),
                "best": cards_info(strength["cards"]),
                "best_name": _name(strength),
                "just_revealed": last is not None and seat["seat"] in last["seats"],
            }
        )
    lang = page_language()
    finished = step == len(steps)
    result = deal["result"]
    return {
        "step": step,
        "total": len(steps),
        "seats": seats,
        "explanation": last["explanation"][lang] if last else "",
        "next_step": None if finished else step + 1,
        "previous_step": step - 1 if step else None,
        "pot": chips(deal["pot"]),
        "result": {
            "ranking": result["ranking"],
            "winners": result["winners"],
            "awards": {seat: chips(amount) for seat, amount in result["awards"].items()},
            "explanation": result["explanation"][lang],
        }
        if finished
        else None,
    }
