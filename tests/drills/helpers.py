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


def post_for(game: str, kind: str, fields: Any, answer: dict[str, Any]) -> dict[str, Any]:
    """The POST the answer form sends for ``answer``, field by field of the kind's typed fields
    (the inputs of ``templates/drills/fields/<type>.html``)."""
    from games.api import fields as types
    from games.api import kind as find_kind

    asked = set(fields or ())
    data: dict[str, Any] = {}
    for f in find_kind(game, kind).fields:
        if asked and f.key not in asked:
            continue
        value = answer.get(f.key)
        if f.type == types.SEAT:
            data[f.key] = "none" if value is None else str(value)
        elif f.type in (types.AMOUNT, types.TEXT):
            data[f.key] = "" if value is None else str(value)
        elif f.type in (types.AMOUNTS, types.ORDER):
            data[f.key] = " ".join(str(v) for v in value or [])
        elif f.type == types.SEATS:
            data[f.key] = [str(s) for s in value or []]
        elif f.type == types.RANKING:
            for place, group in enumerate(value or [], start=1):
                for seat in group:
                    data[f"{f.key}_{seat}"] = str(place)
        elif f.type == types.CHOICE:
            data[f.key] = str(value)
        elif f.type == types.YES_NO:
            data[f.key] = "yes" if value else "no"
        elif f.type == types.CHIPS_BY_SEAT:
            for seat, amount in (value or {}).items():
                data[f"{f.key}_{seat}"] = str(amount)
        elif f.type in (types.POTS, types.AWARD_POTS):
            for i, pot in enumerate(value or []):
                data[f"{f.key}_amount_{i}"] = str(pot["amount"])
                data[f"{f.key}_eligible_{i}"] = [str(s) for s in pot["eligible"]]
                for side in ("high", "low", "winners"):
                    if pot.get(side):
                        data[f"{f.key}_{side}_{i}"] = [str(s) for s in pot[side]]
                for seat, amount in (pot.get("awards") or {}).items():
                    data[f"{f.key}_awards_{i}_{seat}"] = str(amount)
        elif f.type == types.OPTIONS:
            if answer.get("seat") is None:
                continue
            ticked = [name for name in ("fold", "check") if (value or {}).get(name)]
            for key, (option, name) in OPTION_FIELDS.items():
                amount = (value or {}).get(key)
                if amount is None or amount == []:
                    continue
                ticked.append(option)
                data[name] = " ".join(str(v) for v in amount) if isinstance(amount, list) else str(amount)
            data["option"] = ticked
        elif f.type == types.HANDS:
            for seat, hand in (value or {}).items():
                for side in ("high", "low"):
                    if (hand or {}).get(side):
                        data[f"{f.key}_{seat}_{side}"] = " ".join(hand[side]["cards"])
    return data


def _seats_of(question: Any) -> list[int]:
    document = question.document
    if "seats" in document and isinstance(document["seats"], list):
        return [int(s) for s in document["seats"]]
    if "starting_stacks" in document:
        return list(range(1, len(document["starting_stacks"]) + 1))
    return [1, 2, 3, 4, 5]


def form_data(question: Any, *, correct: bool = True) -> dict[str, Any]:
    """The answer form's POST for ``question``: the engine's answer, or (``correct=False``) the
    engine's answer with its first asked field made wrong."""
    answer = dict(question.expected["answer"])
    if not correct:
        answer = _wrong(question, answer)
    return post_for(question.variant, question.kind, question.fields, answer)


def other_form_data(question: Any, *, correct: bool = True) -> dict[str, Any]:
    """The answer form of a hold'em, draw or ten-card stud question (the same form as stud's)."""
    return form_data(question, correct=correct)


def _wrong(question: Any, answer: dict[str, Any]) -> dict[str, Any]:
    from games.api import fields as types
    from games.api import kind as find_kind

    asked = set(question.fields or ())
    first = next(f for f in find_kind(question.variant, question.kind).fields if not asked or f.key in asked)
    value = answer.get(first.key)
    seats = _seats_of(question)
    if first.type == types.SEAT:
        answer[first.key] = next(s for s in seats if s != value)
    elif first.type == types.AMOUNT:
        answer[first.key] = (value or 0) + 100
    elif first.type == types.SEATS:
        answer[first.key] = [s for s in seats if s not in (value or [])][:1] or seats[:1]
    elif first.type == types.RANKING:
        answer[first.key] = list(reversed(value)) if value and len(value) > 1 else [[s] for s in seats[:2]]
    elif first.type == types.CHOICE:
        answer[first.key] = next(c for c in first.choices if c != value)
    elif first.type == types.YES_NO:
        answer[first.key] = not value
    elif first.type == types.CHIPS_BY_SEAT:
        answer[first.key] = {seat: amount + 100 for seat, amount in (value or {}).items()}
    elif first.type == types.POTS:
        answer[first.key] = [{**value[0], "amount": value[0]["amount"] + 100}, *value[1:]]
    return answer


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


def parse_form(question: Any, data: Any) -> dict[str, Any]:
    """The answer object the question's form reads from ``data`` (``answer_form.parse``)."""
    from dealer_training.drills.answer_form import parse
    from dealer_training.drills.present import answer_seats, table_for

    seats, ranked = answer_seats(question, table_for(question))
    return parse(question.variant, question.kind, question.fields, data, seats=seats, ranked=ranked)
