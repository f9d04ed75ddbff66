"""Shape a question for the page: the table, the answer controls, and the feedback after it.

Everything poker comes from the engine: the table view (``games.table.table_view``, which never
holds the answer), the judged verdict and the diagnosis of a wrong answer. This module only
arranges it: seats into places around the oval, cards into faces, answers into lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from dealer_training.accounts.house_rules import describe_rules
from dealer_training.accounts.models import Ruleset
from dealer_training.scenarios.labels import QUESTION_KINDS, RULINGS, chips, describe_record
from dealer_training.scenarios.present import answer_lines
from dealer_training.scenarios.stud_table import table_context
from games.core.errors import EngineError
from games.questions.diagnose import diagnose
from games.stud.walk import action_after_record
from games.table import table_view

from . import other_games
from .answers import PROCEDURES, award_fields, pot_rows
from .answers import RULINGS as RULING_CODES
from .models import Question
from .other_games import is_other


def _ja() -> bool:
    return (get_language() or "").startswith("ja")


def table_for(question: Question, *, reveal: bool = False, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The table of ``question`` as the trainee sees it; ``reveal`` shows every downcard (after
    the answer), ``mark`` the seats the correct answer names."""
    view = table_view(question.document, reveal_downcards=True if reveal else None)
    structure = view["structure"]
    rules = view["rules"]
    overrides = {k: v for k, v in (question.document.get("_rules") or {}).items()}
    return {
        **table_context(view, mark=mark),
        "structure": {
            "ante": chips(structure["antes"][0]) if structure["antes"] else "0",
            "bring_in": chips(structure["bring_in"]),
            "small_bet": chips(structure["small_bet"]),
            "big_bet": chips(structure["big_bet"]),
            "max_bets": structure["max_bets"],
            # Odd chips are broken down to the smallest chip in play (TDA 2024 Rule 20).
            "min_chip": chips(structure["min_chip"]),
        },
        "ruleset": _ruleset_label(str(rules.get("ruleset"))),
        "rule_lines": describe_rules(
            ruleset=str(rules.get("ruleset")), overrides=overrides, structure=structure
        ),
    }


def _ruleset_label(code: str) -> str:
    """The rule set by its name in the page's language, never its code."""
    try:
        return str(Ruleset(code).label)
    except ValueError:
        return code


# The pots form shows the main pot and one side pot; the page's script hides the further rows
# until the trainee asks for them (without it every row shows).
SHOWN_POT_ROWS = 2


def _given_values(given: Mapping[str, Any], name: str) -> list[str]:
    getter = getattr(given, "getlist", None)
    raw = getter(name) if getter else given.get(name, [])
    return [str(v) for v in (raw if isinstance(raw, list | tuple) else [raw]) if str(v)]


def pot_row_fields(
    seats: Sequence[int], given: Mapping[str, Any] | None = None, errors: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The rows of the pots form, named as ``answers.parse_answer`` reads them, with what a refused
    answer held. A row past the first two is ``extra`` (hidden until asked for) unless it or a
    later row holds a value, so nothing typed is ever hidden."""
    given = given or {}
    errors = errors or {}
    rows: list[dict[str, Any]] = []
    for i in pot_rows(seats):
        amount_name, seats_name = f"pot_amount_{i}", f"pot_eligible_{i}"
        checked = set(_given_values(given, seats_name))
        rows.append(
            {
                "index": i,
                "name": _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i},
                "amount_name": amount_name,
                "seats_name": seats_name,
                "amount": str(given.get(amount_name, "") or ""),
                "seats": [{"seat": seat, "checked": str(seat) in checked} for seat in seats],
                "filled": bool(str(given.get(amount_name, "") or "").strip() or checked),
                "error": errors.get(amount_name) or errors.get(seats_name) or "",
            }
        )
    last = max((row["index"] for row in rows if row["filled"]), default=-1)
    for row in rows:
        row["extra"] = row["index"] >= SHOWN_POT_ROWS and row["index"] > last
    return rows


def controls_for(
    question: Question,
    table: Mapping[str, Any],
    *,
    given: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the answer form needs: the seats to tap, ranked seats, pot rows, ruling choices;
    ``given`` and ``errors`` are those of a refused answer, shown again."""
    live = [s["seat"] for s in table["seats"] if not s["empty"]]
    ranked = table.get("asked_seats") or [
        s["seat"] for s in table["seats"] if not s["empty"] and not s["folded"]
    ]
    fields = set(question.fields)
    return {
        "kind": question.kind,
        "prompt": QUESTION_KINDS.get(question.kind, question.kind),
        "fields": fields,
        "seats": live,
        "ranked": ranked,
        "pot_rows": pot_row_fields(live, given, errors),
        "award_fields": award_fields(live),
        "procedures": [(code, code if code != "none" else _("none")) for code in PROCEDURES],
        "rulings": [(code, RULINGS[code]) for code in RULING_CODES],
        "asks_high": "high_ranking" in fields,
        "asks_low": "low_ranking" in fields,
    }


def marked_seats(question: Question) -> list[int]:
    """Seats the correct answer points at, to mark on the table after answering."""
    answer = question.expected.get("answer") or {}
    if is_other(question.variant):
        return other_games.marked_seats(question.kind, answer)
    marked = []
    for key in ("seat", "first_to_act", "first_to_act_7th"):
        if isinstance(answer.get(key), int) and key in _asked(question):
            marked.append(answer[key])
    if question.kind == "award":
        marked += [int(s) for s in (answer.get("awards") or {})]
    if question.kind == "best_hands":
        for key in ("high_ranking", "low_ranking"):
            ranking = answer.get(key) or []
            if ranking and key in question.fields:
                marked += ranking[0]
    return sorted(set(marked))


def _asked(question: Question) -> set[str]:
    return set(question.fields) or {"seat"}


def feedback_for(question: Question, attempt: Any, verdict: Mapping[str, Any]) -> dict[str, Any]:
    """Right or wrong, the correct answer in words, the engine's explanation and rules, and, when
    wrong, what the given answer would have been right for."""
    expected = question.expected
    explanation = expected.get("explanation") or {}
    findings: list[dict[str, Any]] = []
    if not attempt.correct:
        try:
            findings = diagnose(question.document, attempt.answer)
        except EngineError:
            findings = []
    lang = "ja" if _ja() else "en"
    wrong_fields = [f["field"] for f in verdict.get("fields", []) if not f["correct"]]
    return {
        "correct": attempt.correct,
        "score": round(100 * attempt.score),
        "time": attempt.time_ms / 1000,
        "speed": attempt.speed,
        "speed_label": attempt.get_speed_display() if attempt.speed else "",
        "lines": [
            {"label": label, "value": value, "is_hand": isinstance(value, dict)}
            for label, value in _lines(question, question.expected.get("answer") or {})
        ],
        "explanation": explanation.get(lang) or explanation.get("en") or "",
        "rules": expected.get("rules") or [],
        "findings": [f[lang] for f in findings],
        "wrong_fields": wrong_fields,
        "given": _given_lines(question, attempt.answer),
        "then": walk_action_text(question) if question.walk_action else "",
    }


def walk_action_text(question: Question) -> str:
    """In a hand walk, what the computer player does once the question is answered."""
    try:
        record, seat, street = action_after_record(question.document, question.walk_action)
    except EngineError:
        return ""
    return describe_record(record, seat, street) + "."


def _lines(question: Question, answer: Mapping[str, Any]) -> list[tuple[str, Any]]:
    if is_other(question.variant):
        return other_games.answer_lines(question.kind, answer, question.fields)
    return answer_lines(question.kind, answer, question.fields)


def _given_lines(question: Question, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    try:
        lines = _lines(question, given)
    except (KeyError, TypeError, ValueError, AttributeError):
        return []
    return [{"label": label, "value": value, "is_hand": isinstance(value, dict)} for label, value in lines]


def answer_summary(question: Question, given: Mapping[str, Any]) -> str:
    """A given answer on one line, each field by its name ("Who brings in: Seat 3 · Amount: 200")."""
    parts = []
    for line in _given_lines(question, given):
        value = line["value"]
        text = value.get("name", "") if line["is_hand"] else value
        parts.append(f"{line['label']}: {text}")
    return " · ".join(parts) if parts else "—"
