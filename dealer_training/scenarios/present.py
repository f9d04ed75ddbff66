"""Shape the engine's table view and answers for templates (words and cards, no poker logic)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from .engine import Checked, message_for, place_of
from .labels import (
    PROCEDURES,
    QUESTION_SHORT,
    RULINGS,
    cards_info,
    chips,
    describe_legal,
    describe_record,
    seat_text,
)


def _ja() -> bool:
    return (get_language() or "").startswith("ja")


def _seats(seats: Sequence[int] | None) -> str:
    if not seats:
        return _("none")
    return ", ".join(str(s) for s in seats)


def _options(options: Mapping[str, Any]) -> list[str]:
    out = []
    if options.get("fold"):
        out.append(_("Fold"))
    if options.get("check"):
        out.append(pgettext("poker action", "Check"))
    if options.get("call") is not None:
        out.append(_("Call %(amount)s") % {"amount": chips(options["call"])})
    if options.get("bring_in") is not None:
        out.append(_("Bring-in %(amount)s") % {"amount": chips(options["bring_in"])})
    if options.get("complete_to") is not None:
        out.append(_("Complete to %(amount)s") % {"amount": chips(options["complete_to"])})
    if options.get("bet_to"):
        out.append(_("Bet %(amounts)s") % {"amounts": " / ".join(chips(a) for a in options["bet_to"])})
    if options.get("raise_to"):
        out.append(_("Raise to %(amounts)s") % {"amounts": " / ".join(chips(a) for a in options["raise_to"])})
    return out


def _hand(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not value:
        return None
    name = value.get("name_ja") if _ja() and value.get("name_ja") else value.get("name")
    return {"cards": cards_info(value.get("cards") or []), "name": name}


def seat_amounts(awards: Mapping[Any, int]) -> str:
    """Chips per seat, each seat's amount after its name: "Seat 3: 600, Seat 4: 600"."""
    return ", ".join(
        _("%(seat)s: %(amount)s") % {"seat": seat_text(int(s)), "amount": chips(a)} for s, a in awards.items()
    )


def answer_lines(
    kind: str, answer: Mapping[str, Any], fields: Sequence[str] | None = None
) -> list[tuple[str, Any]]:
    """The answer as (label, value) lines; values are text or lists of cards. ``fields`` (the
    answer fields a drill asked) leaves out the lines of fields it did not ask."""
    lines: list[tuple[str, str, Any]] = []  # (field, label, value)
    if kind == "pots":
        for i, pot in enumerate(answer.get("pots") or []):
            label = _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i}
            lines.append(
                (
                    "pots",
                    label,
                    _("%(amount)s, seats %(seats)s")
                    % {"amount": chips(pot["amount"]), "seats": _seats(pot["eligible"])},
                )
            )
    elif kind == "bring_in":
        lines.append(("seat", _("Brings in"), seat_text(answer.get("seat"))))
        lines.append(("amount", _("Amount"), chips(answer.get("amount"))))
        first = answer.get("first_to_act")
        # TDA 2024 RP-10 E: heads-up against a low card all-in on the ante nobody can act.
        lines.append(
            (
                "first_to_act",
                _("First to act"),
                seat_text(first) if first is not None else _("Nobody: no one can act"),
            )
        )
    elif kind == "next_action":
        if answer.get("seat") is None:
            lines.append(("seat", _("To act"), _("Nobody: the betting round is complete")))
        else:
            lines.append(("seat", _("To act"), seat_text(answer["seat"])))
            lines.append(("options", _("Options"), " · ".join(_options(answer.get("options") or {}))))
    elif kind == "stub":
        lines.append(("stub", _("Cards in the stub"), str(answer.get("stub"))))
        lines.append(("required", _("Cards needed"), str(answer.get("required"))))
        procedure = answer.get("procedure")
        lines.append(("procedure", _("Procedure"), str(PROCEDURES.get(str(procedure), procedure))))
        lines.append(
            ("community_card", _("Community card"), _("Yes") if answer.get("community_card") else _("No"))
        )
        lines.append(
            ("first_to_act_7th", _("First to act on 7th"), seat_text(answer.get("first_to_act_7th")))
        )
    elif kind == "stub_count":
        lines.append(("stub", _("Cards in the stub"), str(answer.get("stub"))))
        lines.append(("needed", _("Cards the next street needs"), str(answer.get("needed"))))
    elif kind == "showdown_first":
        lines.append(("seat", _("Shows first"), seat_text(answer.get("seat"))))
    elif kind == "best_hands":
        for seat, hands in (answer.get("hands") or {}).items():
            for half, label in (("high", _("high")), ("low", _("low"))):
                hand = _hand(hands.get(half))
                if hand:
                    lines.append((f"{half}_ranking", f"{seat_text(int(seat))} ({label})", hand))
        if answer.get("high_ranking"):
            lines.append(
                ("high_ranking", _("High ranking"), " > ".join(_seats(g) for g in answer["high_ranking"]))
            )
        if answer.get("low_ranking") is not None:
            lines.append(
                (
                    "low_ranking",
                    _("Low ranking"),
                    " > ".join(_seats(g) for g in answer["low_ranking"]) or _("no qualifying low"),
                )
            )
    elif kind == "award":
        for i, pot in enumerate(answer.get("pots") or []):
            label = _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i}
            parts = [chips(pot["amount"])]
            if "high" in pot:
                parts.append(_("high: %(seats)s") % {"seats": _seats(pot["high"])})
            if "low" in pot:
                parts.append(_("low: %(seats)s") % {"seats": _seats(pot["low"])})
            parts.append(seat_amounts(pot.get("awards") or {}))
            lines.append(("awards", label, " · ".join(parts)))
        lines.append(("awards", _("Each player receives"), seat_amounts(answer.get("awards") or {})))
    elif kind == "ruling":
        lines.append(
            ("ruling", _("Ruling"), str(RULINGS.get(str(answer.get("ruling")), answer.get("ruling"))))
        )
        lines.append(("seat", _("Seat"), seat_text(answer.get("seat"))))
    asked = set(fields or ())
    return [(label, value) for field, label, value in lines if not asked or field in asked]


def answer_context(solution: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not solution:
        return None
    return {
        "kind": QUESTION_SHORT.get(solution["kind"], solution["kind"]),
        "lines": [
            {"label": label, "value": value, "is_hand": isinstance(value, dict)}
            for label, value in answer_lines(solution["kind"], solution["answer"])
        ],
        "explanation_en": solution["explanation"]["en"],
        "explanation_ja": solution["explanation"]["ja"],
        "rules": solution.get("rules") or [],
    }


def action_rows(actions: Sequence[str], checked: Checked | None) -> list[dict[str, Any]]:
    """The hand so far, one row per action, described from the engine's replay."""
    history = checked.history if checked else []
    streets = checked.streets if checked else []
    seats = checked.seats if checked else ()
    failed = None
    error = None
    if checked is not None and checked.error is not None:
        place = place_of(checked.error.path)
        if place.section == "action":
            failed, error = place.index, message_for(checked.error, seats)
    rows = []
    for i, text in enumerate(actions):
        if i < len(history):
            record = history[i]
            seat = seats[record.player] if record.player is not None and record.player < len(seats) else None
            description = describe_record(record, seat, streets[i] if i < len(streets) else 3)
        else:
            description = text
        rows.append(
            {
                "index": i,
                "number": i + 1,
                "phh": text,
                "text": description,
                "error": error if i == failed else None,
            }
        )
    return rows


def legal_buttons(legal: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    return [{"op": f"act:{a['phh']}", "label": describe_legal(a), "kind": a["kind"]} for a in legal]
