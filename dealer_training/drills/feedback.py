"""The teaching part of the feedback: the given answer beside the correct one, field by field,
and the 'show me' replay of the steps that decide the answer.

The verdict (stored with the attempt) says which judged entries were wrong; this module lays
them out as rows, one per answer line of the asked fields, and marks each row. The replay's
steps come from the engine (``games.api.show_me``) as codes with facts, worded here, or (the
stub, the award and the irregularities) with their sentence and tag in English and Japanese
from the engine; each is drawn on the stud table partial with the seats it points at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from dealer_training.scenarios.labels import (
    STREETS,
    card_text,
    chips,
    describe_record,
    page_language,
    seat_text,
)
from dealer_training.scenarios.present import answer_lines
from dealer_training.scenarios.stud_table import table_context
from games.api import EngineError, fields, kind, show_me

__all__ = ["compare_rows", "show_steps"]


def _under(path: str, key: str) -> bool:
    return path == key or path.startswith(key + ".") or path.startswith(key + "[")


def _part(answer: Mapping[str, Any], key: str, field_type: str) -> dict[str, Any]:
    """One field of an answer (the options need the seat: nobody to act, no options)."""
    part = {key: answer.get(key)} if key in answer else {}
    if field_type == fields.OPTIONS:
        part["seat"] = answer.get("seat")
    return part


def _lines(game: str, kind_name: str, answer: Mapping[str, Any], key: str) -> list[tuple[str, Any]]:
    try:
        return answer_lines(game, kind_name, answer, [key])
    except (KeyError, TypeError, ValueError, AttributeError):
        return []


def _cell(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"value": value, "is_hand": isinstance(value, dict)}


def compare_rows(
    game: str,
    kind_name: str,
    asked: Sequence[str],
    expected: Mapping[str, Any],
    given: Mapping[str, Any],
    verdict: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """One row per answer line of the asked fields: its label, the given value and the correct
    one, and ``state`` ``right`` or ``wrong`` (a field's lines are wrong where the verdict
    found the field wrong and the lines differ; all of them when none differs)."""
    declared = kind(game, kind_name)
    keys = set(asked or declared.keys)
    wrong = {f["field"] for f in verdict.get("fields", []) if not f["correct"]}
    wrong |= set(verdict.get("unexpected", []))
    rows: list[dict[str, Any]] = []
    for f in declared.fields:
        if f.key not in keys:
            continue
        want = _lines(game, kind_name, _part(expected, f.key, f.type), f.key)
        got = _lines(game, kind_name, _part(given, f.key, f.type), f.key)
        field_wrong = any(_under(path, f.key) for path in wrong)
        labels = list(dict.fromkeys([label for label, _v in want] + [label for label, _v in got]))
        wanted, gotten = dict(want), dict(got)
        if not labels:
            continue
        if len(want) <= 1 and len(got) <= 1:
            # A one-line field: its label, whatever the two values say.
            label = (want or got)[0][0]
            pairs = [(label, want[0][1] if want else None, got[0][1] if got else None)]
        else:
            pairs = [(label, wanted.get(label), gotten.get(label)) for label in labels]
        differs = [w != g for _label, w, g in pairs]
        for (label, w, g), differ in zip(pairs, differs, strict=True):
            bad = field_wrong and (differ or not any(differs))
            rows.append(
                {
                    "key": f.key,
                    "label": label,
                    "expected": _cell(w),
                    "given": _cell(g),
                    "state": "wrong" if bad else "right",
                }
            )
    return rows


# --- show me -----------------------------------------------------------------------------------


def show_steps(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The engine's replay, each step worded and drawn with the seats it points at marked."""
    try:
        steps = show_me(document)
    except EngineError:
        return []
    out = []
    for number, step in enumerate(steps, start=1):
        table = table_context(step["view"])
        focus = set(step["seats"])
        tag = _tag(step)
        for seat in table["seats"]:
            if not seat["empty"] and seat["seat"] in focus:
                seat["focus"] = True
                seat["tags"] = [*seat.get("tags", []), {"text": tag, "tone": "focus"}]
        out.append({"number": number, "text": _text(step), "table": table, "seats": sorted(focus)})
    return out


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(seat_text(s) for s in seats)


def _tag(step: Mapping[str, Any]) -> str:
    if "tag" in step:
        return str(step["tag"][page_language()])
    code = step["code"]
    if code == "action" and step["params"]["last_aggressor"]:
        return _("Last bet or raise")
    return {
        "opens": _("Acts first"),
        "action": _("Acts"),
        "to_act": _("Next to act"),
        "shows_first": _("Shows first"),
        "door_rank": _("Door card"),
        "door_suit": _("Brings in"),
        "brings_in": _("Brings in"),
        "first_after_bring_in": _("Acts next"),
        "committed": _("In the pot"),
        "uncalled": _("Returned"),
        "pot": _("Can win it"),
    }.get(code, "")


def _pot_name(index: int) -> str:
    return _("The main pot") if index == 0 else _("Side pot %(number)s") % {"number": index}


def _text(step: Mapping[str, Any]) -> str:
    if "en" in step:
        return str(step[page_language()])
    code, p = step["code"], step["params"]
    if code == "opens":
        street = str(STREETS.get(p["street"], p["street"]))
        if p["reason"] == "bring_in":
            return _("%(street)s: %(seat)s has the bring-in and acts first.") % {
                "street": street,
                "seat": seat_text(p["seat"]),
            }
        if p["reason"] == "left_of_all_in":
            return _(
                "%(street)s: the low card is all-in on the ante, so %(seat)s, on its left, acts first."
            ) % {"street": street, "seat": seat_text(p["seat"])}
        return _("%(street)s: %(seat)s has the best board and acts first.") % {
            "street": street,
            "seat": seat_text(p["seat"]),
        }
    if code == "action":
        text = describe_record(p["record"], p["seat"], p["street"])
        if p["last_aggressor"]:
            return _("%(action)s: the last full bet or raise.") % {"action": text}
        return _("%(action)s.") % {"action": text}
    if code == "to_act":
        if p["pending"]:
            return ngettext(
                "%(seat)s is next to act; after it %(pending)s still has to act.",
                "%(seat)s is next to act; after it %(pending)s still have to act.",
                len(p["pending"]),
            ) % {"seat": seat_text(p["seat"]), "pending": _seats(p["pending"])}
        return _("%(seat)s is next to act, the last one this round.") % {"seat": seat_text(p["seat"])}
    if code == "shows_first":
        who = {"seat": seat_text(p["seat"])}
        if p["reason"] == "last_aggressor":
            text = _("%(seat)s made the last bet or raise on 7th street, so shows first.") % who
        else:
            text = _("Nobody bet on 7th street, so the first player to act shows first: %(seat)s.") % who
        if p["not_at_risk"]:
            text += " " + _("With an all-in, the players still with chips table first.")
        return text
    if code == "round_over":
        return _("Everyone has acted on the last bet: the round is over and nobody acts.")
    if code == "door_rank":
        if p["razz"]:
            return _("The highest door card in razz (the ace is low): %(rank)s, shown by %(seats)s.") % {
                "rank": p["rank"],
                "seats": _seats(p["seats"]),
            }
        return _("The lowest door card (the ace is high): %(rank)s, shown by %(seats)s.") % {
            "rank": p["rank"],
            "seats": _seats(p["seats"]),
        }
    if code == "door_suit":
        return _(
            "Same rank: the suit decides (♣ lowest, then ♦, ♥, ♠). "
            "%(seat)s with %(card)s brings in %(amount)s."
        ) % {"seat": seat_text(p["seat"]), "card": card_text(p["card"]), "amount": chips(p["amount"])}
    if code == "brings_in":
        return _("%(seat)s with %(card)s brings in %(amount)s.") % {
            "seat": seat_text(p["seat"]),
            "card": card_text(p["card"]) if p["card"] else "",
            "amount": chips(p["amount"]),
        }
    if code == "first_after_bring_in":
        return _("After the bring-in, %(seat)s decides first.") % {"seat": seat_text(p["seat"])}
    if code == "committed":
        parts = ", ".join(
            _("%(seat)s: %(amount)s") % {"seat": seat_text(int(s)), "amount": chips(a)}
            for s, a in sorted(p["committed"].items())
        )
        return _("The chips each seat put in, antes included: %(parts)s.") % {"parts": parts}
    if code == "uncalled":
        return _("Nobody could call %(amount)s of %(seat)s's bet: it goes back to %(seat)s.") % {
            "amount": chips(p["amount"]),
            "seat": seat_text(p["seat"]),
        }
    if code == "pot":
        values = {
            "pot": _pot_name(p["index"]),
            "amount": chips(p["amount"]),
            "seats": _seats(p["eligible"]),
        }
        if p["capped_by"] and p["level"] is not None:
            return _(
                "%(pot)s: everyone's chips up to %(level)s (%(capped)s is all-in there) "
                "make %(amount)s, for %(seats)s."
            ) % {**values, "level": chips(p["level"]), "capped": _seats(p["capped_by"])}
        if p["index"] == 0:
            return _("%(pot)s: %(amount)s, for %(seats)s.") % values
        return _("%(pot)s: the chips above that make %(amount)s, for %(seats)s.") % values
    return ""
