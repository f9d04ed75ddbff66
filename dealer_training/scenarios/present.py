"""Shape the engine's table view and answers for templates (words and cards, no poker logic)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.api import Field, fields, kind

from .editor import Draft
from .engine import Checked, message_for, place_of, stack_message
from .labels import (
    EVENT_TYPES,
    PROCEDURES,
    QUESTION_SHORT,
    RULINGS,
    STREETS,
    cards_info,
    chips,
    describe_legal,
    describe_phh,
    describe_record,
    list_items,
    page_language,
    seat_list,
    seat_text,
)


def _parts(parts: Sequence[str]) -> str:
    """The parts of one value (a pot's amount, winners and shares): "a · b" / 「a・b」."""
    return pgettext("value parts separator", " · ").join(parts)


def _seats(seats: Sequence[int] | None) -> str:
    """A list of seats standing alone as a value: "Seats 4 and 5" / 「4番席、5番席」, "Nobody"."""
    return capfirst(seat_list(seats)) if seats else _("Nobody")


def _amounts(amounts: Sequence[int]) -> str:
    """Several amounts (a no-limit range, a bet's sizes): "200 / 5,900"."""
    return " / ".join(chips(a) for a in amounts)


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
        out.append(_("Bet %(amounts)s") % {"amounts": _amounts(options["bet_to"])})
    if options.get("raise_to"):
        out.append(_("Raise to %(amounts)s") % {"amounts": _amounts(options["raise_to"])})
    return out


def _hand(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not value:
        return None
    name = value.get("name_ja") if page_language() == "ja" and value.get("name_ja") else value.get("name")
    return {"cards": cards_info(value.get("cards") or []), "name": name}


def seat_amounts(awards: Mapping[Any, int]) -> str:
    """Chips per seat, each seat's amount after its name: "Seat 3: 600, Seat 4: 600" /
    「3番席：600、4番席：600」."""
    return list_items(
        [
            _("%(seat)s: %(amount)s") % {"seat": seat_text(int(s)), "amount": chips(a)}
            for s, a in awards.items()
        ]
    )


# Words for the codes of a CHOICE field, by the field's key (the engine's codes otherwise).
CHOICE_LABELS: dict[str, Mapping[str, Any]] = {
    "procedure": PROCEDURES,
    "ruling": RULINGS,
    "error": EVENT_TYPES,
    "remedy": RULINGS,
}

# Words for the codes a TEXT field of an answer holds, by the field's key.
DECIDED_BY: dict[str, Promise] = {
    "hand": pgettext_lazy("what decides a showdown", "The hand's category"),
    "rank": pgettext_lazy("what decides a showdown", "Rank"),
    "suit": pgettext_lazy("what decides a showdown", "Suit"),
}
TEXT_LABELS: dict[str, Mapping[str, Any]] = {"decided_by": DECIDED_BY}


def field_label(f: Field) -> str:
    """A field's label in the page's language (the engine's own, English and Japanese)."""
    return f.label[1] if page_language() == "ja" else f.label[0]


def choice_label(f: Field, code: Any) -> str:
    return str(CHOICE_LABELS.get(f.key, {}).get(str(code), code))


def _pot_name(i: int) -> str:
    return _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i}


def _ranking(groups: Sequence[Sequence[int]] | None) -> str:
    """Best first, tied seats joined by "=": "Seat 1 > Seat 3 = Seat 4"."""
    return " > ".join(" = ".join(seat_text(s) for s in g) for g in groups or [] if g) or _("none")


def _field_lines(f: Field, answer: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """One field of an answer as (label, value) lines, by the field's type."""
    label, value = field_label(f), answer.get(f.key)
    if f.type == fields.SEAT:
        return [(label, _("Nobody") if value is None else seat_text(value))]
    if f.type == fields.AMOUNT:
        return [(label, _("none") if value is None else chips(value))]
    if f.type == fields.AMOUNTS:
        return [(label, _amounts(value or []) or _("none"))]
    if f.type == fields.SEATS:
        return [(label, _seats(value))]
    if f.type == fields.ORDER:
        return [(label, " > ".join(seat_text(s) for s in value or []) or _("none"))]
    if f.type == fields.RANKING:
        if value is None:
            return []
        return [(label, _ranking(value))]
    if f.type == fields.CHOICE:
        return [(label, choice_label(f, value))]
    if f.type == fields.YES_NO:
        return [(label, _("Yes") if value else _("No"))]
    if f.type == fields.TEXT:
        return [(label, str(TEXT_LABELS.get(f.key, {}).get(str(value), value or "")))]
    if f.type == fields.CHIPS_BY_SEAT:
        return [(label, seat_amounts(value or {}) or _("none"))]
    if f.type == fields.POTS:
        return [
            (
                _pot_name(i),
                _("%(amount)s, eligible: %(seats)s")
                % {"amount": chips(pot["amount"]), "seats": seat_list(pot["eligible"])},
            )
            for i, pot in enumerate(value or [])
        ]
    if f.type == fields.AWARD_POTS:
        lines = []
        for i, pot in enumerate(value or []):
            parts = [chips(pot["amount"])]
            for side, word in (("high", _("high: %(seats)s")), ("low", _("low: %(seats)s"))):
                if side in pot:
                    parts.append(word % {"seats": seat_list(pot[side])})
            parts.append(seat_amounts(pot.get("awards") or {}))
            lines.append((_pot_name(i), _parts(parts)))
        return lines
    if f.type == fields.OPTIONS:
        if answer.get("seat") is None:
            return []
        return [(label, _parts([str(o) for o in _options(value or {})]))]
    return _hand_lines(value)


def _hand_lines(hands: Any) -> list[tuple[str, Any]]:
    """Each seat's hand (``{cards, name}``) or best hands (``{high, low}``), as card lines."""
    lines: list[tuple[str, Any]] = []
    for seat, hand in (hands or {}).items() if isinstance(hands, Mapping) else ():
        if not isinstance(hand, Mapping):
            continue
        if "cards" in hand:
            shown = _hand(hand)
            if shown:
                lines.append((seat_text(int(seat)), shown))
            continue
        for half, word in (("high", _("high")), ("low", _("low"))):
            shown = _hand(hand.get(half))
            if shown:
                lines.append((_("%(seat)s (%(half)s)") % {"seat": seat_text(int(seat)), "half": word}, shown))
    return lines


def answer_lines(
    game: str, kind_name: str, answer: Mapping[str, Any], asked: Sequence[str] | None = None
) -> list[tuple[str, Any]]:
    """The answer as (label, value) lines, one renderer per field type of the kind
    (``games.api.kind``); values are text or a hand's cards. ``asked`` (the fields a drill
    asked) leaves out the others, but for the breakdowns that explain an answer: each seat's
    hands, when the answer has them, come first, and the pots as awarded are shown whenever
    the answer has them."""
    question_kind = kind(game, kind_name)
    keys = set(asked or ())
    lines: list[tuple[str, Any]] = []
    if isinstance(answer.get("hands"), Mapping):
        lines += _hand_lines(answer["hands"])
    for f in question_kind.fields:
        if f.type == fields.HANDS or (keys and f.key not in keys and f.type != fields.AWARD_POTS):
            continue
        if f.only_if_present and f.key in answer and answer[f.key] is None:
            continue
        lines += _field_lines(f, answer)
    return lines


def answer_context(solution: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not solution:
        return None
    return {
        "kind": QUESTION_SHORT.get(solution["kind"], solution["kind"]),
        "lines": [
            {"label": label, "value": value, "is_hand": isinstance(value, dict)}
            for label, value in answer_lines("stud", solution["kind"], solution["answer"])
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
            if checked.short_stack is not None:
                error = f"{error} {stack_message(checked.short_stack, seats)}"
    rows = []
    for i, text in enumerate(actions):
        if i < len(history):
            record = history[i]
            seat = seats[record.player] if record.player is not None and record.player < len(seats) else None
            description = describe_record(record, seat, streets[i] if i < len(streets) else 3)
        else:
            description = describe_phh(text, seats)
        rows.append(
            {
                "index": i,
                "number": i + 1,
                "phh": text,
                "text": description,
                "street": streets[i] if i < len(history) and i < len(streets) else None,
                "replayed": i < len(history),
                "error": error if i == failed else None,
            }
        )
    return rows


def hand_log(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The hand's rows grouped by street; the rows the engine did not replay (from a refused
    step on) form a last group of their own."""
    groups: list[dict[str, Any]] = []
    refused = any(row["error"] for row in rows)
    for row in rows:
        key = row["street"] if row["replayed"] else "unplayed"
        if not groups or groups[-1]["key"] != key:
            if key == "unplayed" and refused:
                title = _("From the refused step on (not replayed)")
            elif key == "unplayed":
                title = _("Not replayed until the error above is fixed")
            else:
                title = str(STREETS[key]) if isinstance(key, int) and key in STREETS else str(key)
            groups.append({"key": key, "title": title, "start": row["number"], "rows": []})
        groups[-1]["rows"].append(row)
    return groups


def build_actions(draft: Draft) -> dict[str, bool]:
    """Which of the editor's quick steps (``Draft.take`` ops) the engine's legal actions allow."""
    choices = {a["kind"] for a in draft.betting_choices()}
    deal = draft.deal_due()
    build = {
        "deal": deal is not None,
        "downs": deal is not None and deal["count"] == 3 and not draft.pending,
        "check": "check" in choices,
        "play": bool(choices & {"post_bring_in", "check", "call"}),
    }
    return {**build, "any": any(build.values())}


def legal_buttons(legal: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    return [{"op": f"act:{a['phh']}", "label": describe_legal(a), "kind": a["kind"]} for a in legal]
