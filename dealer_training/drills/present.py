"""Shape a question for the page: the table, the answer controls, and the feedback after it.

Everything poker comes from the engine: the table view (``games.table.table_view``, which never
holds the answer), the judged verdict and the diagnosis of a wrong answer. This module only
arranges it: seats into places around the oval, cards into faces, answers into lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from dealer_training.accounts.house_rules import describe_rules
from dealer_training.accounts.models import Ruleset
from dealer_training.scenarios.labels import QUESTION_KINDS, chips, describe_record, page_language
from dealer_training.scenarios.present import answer_lines
from dealer_training.scenarios.rules_policy import question_rules_label
from dealer_training.scenarios.stud_table import marked_seats_context, table_context
from games.api import EngineError, action_after, diagnose, game, kind, table_view

from . import answer_form, other_games
from .feedback import compare_rows, show_steps
from .models import Question


def game_code(question: Question) -> str:
    """The question's game: its variant, or its document's (a question may store none)."""
    return question.variant or str(question.document.get("variant") or "F7S")


def table_for(question: Question, *, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The table of ``question`` as the trainee sees it, by the game's family: the stud table,
    or the other games' (``other_games.table_for``); ``mark`` the seats the correct answer names."""
    if not game(game_code(question)).is_stud:
        return other_games.table_for(view_of(question), mark=mark)
    view = view_of(question)
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
        # Whose rules: the house's, or the ones the scenario's author pinned (rules_policy).
        "rules_label": question_rules_label(question.document),
        "rule_lines": describe_rules(
            ruleset=str(rules.get("ruleset")), overrides=overrides, structure=structure
        ),
    }


def marked_table_for(question: Question) -> dict[str, Any]:
    """Of a stud question's table after the answer, only the seats the correct answer names,
    drawn as ``table_for(question, mark=...)`` draws them."""
    return marked_seats_context(view_of(question), mark=marked_seats(question))


def view_of(question: Question) -> dict[str, Any]:
    """The engine's table view of ``question``: the one kept when it was issued, or drawn from its
    document (a question issued before views were kept)."""
    if question.view is not None:
        return dict(question.view)
    return table_view(question.document)


def _ruleset_label(code: str) -> str:
    """The rule set by its name in the page's language, never its code."""
    try:
        return str(Ruleset(code).label)
    except ValueError:
        return code


def controls_for(
    question: Question,
    table: Mapping[str, Any],
    *,
    given: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the answer form needs: the prompt and one input per asked field (``answer_form``);
    ``given`` and ``errors`` are those of a refused answer, shown again."""
    seats, ranked = answer_seats(question, table)
    return {
        "kind": question.kind,
        "prompt": prompt_for(question, table),
        "inputs": answer_form.build(
            game_code(question),
            question.kind,
            question.fields,
            seats=seats,
            ranked=ranked,
            given=given,
            errors=errors,
        ),
    }


def answer_seats(question: Question, table: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    """The seats an answer may name (those dealt in) and the seats whose hands are ranked (the
    question's own, or those still in)."""
    if not game(game_code(question)).is_stud:
        seats = [s["seat"] for s in table["seats"]]
        return seats, seats
    live = [s["seat"] for s in table["seats"] if not s.get("empty")]
    ranked = table.get("asked_seats") or [
        s["seat"] for s in table["seats"] if not s.get("empty") and not s["folded"]
    ]
    return live, list(ranked)


def seats_to_answer(question: Question) -> tuple[list[int], list[int]]:
    """``answer_seats`` of the question's table, read from the engine's view for the stud games
    (the drawn table is not needed to read an answer)."""
    if game(game_code(question)).is_stud:
        return answer_seats(question, view_of(question))
    return answer_seats(question, table_for(question))


def prompt_for(question: Question, table: Mapping[str, Any]) -> Any:
    if game(game_code(question)).is_stud:
        return QUESTION_KINDS.get(question.kind) or kind_label(game_code(question), question.kind)
    return other_games.prompt(question.variant, question.kind, table)


def kind_label(game_code: str, kind_name: str) -> str:
    """A question kind's name in the page's language (the engine's own)."""
    label = kind(game_code, kind_name).label
    return label[1] if page_language() == "ja" else label[0]


def marked_seats(question: Question) -> list[int]:
    """Seats the correct answer points at, to mark on the table after answering."""
    answer = question.expected.get("answer") or {}
    return answer_form.marked_seats(game_code(question), question.kind, answer, question.fields)


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
    lang = page_language()
    wrong_fields = [f["field"] for f in verdict.get("fields", []) if not f["correct"]]
    lines = [
        {"label": label, "value": value, "is_hand": isinstance(value, dict)}
        for label, value in _lines(question, question.expected.get("answer") or {})
    ]
    rows = _compare_rows(question, attempt.answer, verdict)
    shown = {row["label"] for row in rows}
    return {
        "correct": attempt.correct,
        "score": round(100 * attempt.score),
        "time": attempt.time_ms / 1000,
        "speed": attempt.speed,
        "speed_label": attempt.get_speed_display() if attempt.speed else "",
        "lines": lines,
        # The lines that explain the answer but were not asked (each seat's hands, the pots as
        # awarded), after the asked fields.
        "breakdown": [line for line in lines if line["label"] not in shown],
        "explanation": explanation.get(lang) or explanation.get("en") or "",
        "rules": expected.get("rules") or [],
        "findings": [f[lang] for f in findings],
        "wrong_fields": wrong_fields,
        "given": _given_lines(question, attempt.answer),
        "rows": rows,
        # The replay of what decides the answer, for a wrong answer (stud kinds that declare one).
        "show_me": show_steps(question.document) if not attempt.correct and _is_stud(question) else [],
        "then": walk_action_text(question) if question.walk_action else "",
    }


def _is_stud(question: Question) -> bool:
    return game(game_code(question)).is_stud


def _compare_rows(question: Question, given: Any, verdict: Mapping[str, Any]) -> list[dict[str, Any]]:
    if not isinstance(given, Mapping):
        return []
    expected = question.expected.get("answer") or {}
    return compare_rows(game_code(question), question.kind, question.fields, expected, given, verdict)


def walk_action_text(question: Question) -> str:
    """In a hand walk, what the computer player does once the question is answered."""
    try:
        record, seat, street = action_after(question.document, question.walk_action)
    except EngineError:
        return ""
    # Translators: one sentence of the hand walk's narration, ended as the language ends one.
    return _("%(sentence)s.") % {"sentence": describe_record(record, seat, street)}


def _lines(question: Question, answer: Mapping[str, Any]) -> list[tuple[str, Any]]:
    return answer_lines(game_code(question), question.kind, answer, question.fields)


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
