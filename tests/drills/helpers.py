"""Answer a drill question through its form, as a trainee who knows (or misses) the answer.

``form_data(question)`` turns the engine's expected answer into the POST fields the answer form
sends, so view tests, browser tests and the load benchmark answer like a person would.
"""

from __future__ import annotations

from typing import Any

OPTION_FIELDS = {
    "call": ("call", "call"),
    "bring_in": ("bring_in", "bring_in"),
    "complete_to": ("complete", "complete_to"),
    "bet_to": ("bet", "bet_to"),
    "raise_to": ("raise", "raise_to"),
}


def form_data(question: Any, *, correct: bool = True) -> dict[str, Any]:
    answer = question.expected["answer"]
    fields = set(question.fields)
    data: dict[str, Any] = {}
    kind = question.kind
    if kind == "pots":
        for i, pot in enumerate(answer["pots"]):
            data[f"pot_amount_{i}"] = str(pot["amount"])
            data[f"pot_eligible_{i}"] = [str(s) for s in pot["eligible"]]
        if not correct:
            data["pot_amount_0"] = str(answer["pots"][0]["amount"] + 100)
    elif kind in ("bring_in", "showdown_first", "next_action"):
        seat = answer.get("seat")
        data["seat"] = "none" if seat is None else str(seat)
        if "amount" in fields:
            data["amount"] = str(answer["amount"])
        if "first_to_act" in fields:
            data["first_to_act"] = str(answer["first_to_act"])
        if "options" in fields and seat is not None:
            options = answer["options"]
            ticked = [name for name in ("fold", "check") if options.get(name)]
            for key, (option, name) in OPTION_FIELDS.items():
                value = options.get(key)
                if value is None or value == []:
                    continue
                ticked.append(option)
                data[name] = " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
            data["option"] = ticked
        if not correct:
            data["seat"] = str(_other_seat(question, seat))
    elif kind == "stub":
        data.update(
            stub=str(answer["stub"] + (0 if correct else 1)),
            required=str(answer["required"]),
            procedure=answer["procedure"],
            community_card="yes" if answer["community_card"] else "no",
        )
        if "first_to_act_7th" in fields:
            data["first_to_act_7th"] = str(answer["first_to_act_7th"])
    elif kind == "stub_count":
        data.update(stub=str(answer["stub"] + (0 if correct else 1)), needed=str(answer["needed"]))
    elif kind == "best_hands":
        for key, prefix in (("high_ranking", "high"), ("low_ranking", "low")):
            if key not in fields:
                continue
            ranking = answer.get(key) or []
            if not correct and len(ranking) > 1:
                ranking = list(reversed(ranking))
            for place, group in enumerate(ranking, start=1):
                for seat in group:
                    data[f"{prefix}_{seat}"] = str(place)
    elif kind == "award":
        for seat, amount in answer["awards"].items():
            data[f"award_{seat}"] = str(amount + (0 if correct else 100))
    elif kind == "ruling":
        data["ruling"] = (
            answer["ruling"] if correct else ("misdeal" if answer["ruling"] != "misdeal" else "dead_hand")
        )
    return data


def _other_seat(question: Any, seat: int | None) -> int:
    """A seat at the table other than ``seat``."""
    seats = question.document.get("seats") or list(range(1, len(question.document["starting_stacks"]) + 1))
    return next(int(s) for s in seats if s != seat)


def other_form_data(question: Any, *, correct: bool = True) -> dict[str, Any]:
    """The answer form of a hold'em, draw or ten-card stud question, from the engine's answer."""
    answer = question.expected["answer"]
    kind = question.kind
    if kind in ("next_action", "pots", "award"):
        data = form_data(question, correct=correct)
        data.pop("bring_in", None)
        data.pop("complete_to", None)
        if kind == "award" and "returned" in question.fields:
            for seat, amount in (answer.get("returned") or {}).items():
                data["returned_seat"] = str(seat)
                data["returned_amount"] = str(amount)
        return data
    seats = (
        [
            int(s)
            for s in (
                question.document.get("seats") or range(1, len(question.document["starting_stacks"]) + 1)
            )
        ]
        if "starting_stacks" in question.document
        else [1, 2, 3, 4, 5]
    )
    data: dict[str, Any] = {}
    if kind == "min_raise":
        least = answer["min_raise_to"]  # None: this player may not raise (the field is left empty)
        if least is None:
            given = "" if correct else str(answer["full_raise_to"])
        else:
            given = str(least + (0 if correct else 1))
        data = {"seat": str(answer["seat"]), "min_raise_to": given}
    elif kind in ("round_over", "phase_end"):
        complete = answer["complete"] if correct else not answer["complete"]
        data["complete"] = "yes" if complete else "no"
        if kind == "round_over":
            data["pending"] = [str(s) for s in answer["pending"]]
        else:
            data["next"] = "none" if answer.get("next") is None else str(answer["next"])
    elif kind in ("showdown_winner", "round_result"):
        winner = answer["winner"] if correct else next(s for s in seats if s != answer["winner"])
        data["winner"] = str(winner)
        if kind == "round_result":
            data["pot"] = str(answer["pot"])
            data["eliminated"] = [str(s) for s in answer["eliminated"]]
    elif kind == "next_reveal":
        chosen = answer["seats"] if correct else [s for s in seats if s not in answer["seats"]][:1]
        data["reveal"] = [str(s) for s in chosen]
    elif kind == "final_ranking":
        ranking = answer["ranking"] if correct else list(reversed(answer["ranking"]))
        for place, group in enumerate(ranking, start=1):
            for seat in group:
                data[f"rank_{seat}"] = str(place)
    elif kind == "split":
        data["winners"] = [str(s) for s in answer["winners"]]
        for seat, amount in answer["awards"].items():
            data[f"award_{seat}"] = str(amount + (0 if correct else 100))
    return data


def every_drill() -> list[dict[str, Any]]:
    """``session_start`` arguments for one drill of each skill in each of its games and of each
    question of the other games."""
    from dealer_training.drills.other_games import GAMES
    from dealer_training.scenarios.choices import Skill

    drills: list[dict[str, Any]] = [
        {"skill": skill, "variant": game}
        for skill in Skill.values
        for game in ("F7S", "FR", "F7S/8")
        if skill != "razz_order" or game == "FR"
    ]
    drills += [{"variant": code, "topic": t.kind} for code, game in GAMES.items() for t in game.topics]
    return drills
