"""A trainee's answers as the staff read them: the question drawn small, the answer given and the
correct one in words, and where to see the question in full.

Everything is drawn by the drills' presenters (``drills.present``): the table from the engine's
view, the answers by the per-field renderer (``scenarios.present.answer_lines``). This module
only picks what a list row needs: each seat's upcards (enough to recognise the spot), the street
and the pot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from dealer_training.drills.models import Attempt, Question
from dealer_training.drills.present import game_code, table_for
from dealer_training.scenarios.present import answer_lines, field_label
from games.api import EngineError, game, kind


@dataclass(frozen=True)
class Line:
    label: str
    value: Any
    is_hand: bool
    wrong: bool = False


@dataclass(frozen=True)
class AttemptRow:
    attempt: Attempt
    table: dict[str, Any] | None
    given: list[Line]
    correct: list[Line]
    question_url: str
    scenario_url: str | None
    wrong_fields: list[str] = field(default_factory=list)


def mini_table(question: Question) -> dict[str, Any] | None:
    """The question's table reduced to a line per seat: its number, the cards face up, whether
    it is out of the hand; with the street and the pot. None when the engine cannot draw it."""
    try:
        table = table_for(question)
    except (EngineError, KeyError, TypeError, ValueError):
        return None
    stud = game(game_code(question)).is_stud
    seats = []
    for seat in table.get("seats") or []:
        if seat.get("empty"):
            continue
        if stud:
            cards = [*seat.get("downcards_shown", []), *seat.get("upcards", [])]
            out = bool(seat.get("folded") or seat.get("mucked") or seat.get("dead"))
        else:
            cards = list(seat.get("cards") or [])
            out = bool(seat.get("out"))
        seats.append({"seat": seat["seat"], "cards": cards, "out": out})
    return {
        "seats": seats,
        "street": table.get("street") or table.get("stage") or "",
        "pot": table.get("pot_total"),
        "board": table.get("board") or [],
    }


def _wrong_labels(question: Question, verdict: Mapping[str, Any]) -> tuple[set[str], list[str]]:
    """The labels of the fields the stored verdict found wrong (to mark those lines)."""
    wrong_keys = [f.get("field") for f in verdict.get("fields") or [] if not f.get("correct")]
    if not wrong_keys:
        return set(), []
    try:
        by_key = {f.key: field_label(f) for f in kind(game_code(question), question.kind).fields}
    except EngineError:
        return set(), []
    labels = [by_key.get(str(k), str(k)) for k in wrong_keys]
    return set(labels), labels


def answer_words(question: Question, answer: Any, *, wrong: AbstractSet[str] = frozenset()) -> list[Line]:
    """An answer as labelled lines in the page's language; none when it cannot be read (an
    answer stored by an older judge, or not an answer at all)."""
    if not isinstance(answer, Mapping):
        return []
    try:
        lines = answer_lines(game_code(question), question.kind, answer, question.fields)
    except (EngineError, KeyError, TypeError, ValueError, AttributeError):
        return []
    return [
        Line(label=label, value=value, is_hand=isinstance(value, dict), wrong=label in wrong)
        for label, value in lines
    ]


def attempt_row(attempt: Attempt, *, org_slug: str) -> AttemptRow:
    question = attempt.question
    wrong, wrong_fields = _wrong_labels(question, attempt.verdict or {})
    version = attempt.scenario_version
    return AttemptRow(
        attempt=attempt,
        table=mini_table(question),
        given=answer_words(question, attempt.answer, wrong=wrong if not attempt.correct else set()),
        correct=answer_words(question, (question.expected or {}).get("answer")),
        question_url=reverse(
            "progress:trainee_attempt",
            kwargs={"org_slug": org_slug, "trainee_id": attempt.trainee_id, "attempt_id": attempt.pk},
        ),
        scenario_url=(
            reverse("scenarios:edit", kwargs={"org_slug": org_slug, "pk": version.scenario_id})
            if version is not None
            else None
        ),
        wrong_fields=wrong_fields if not attempt.correct else [],
    )


def attempt_rows(attempts: Iterable[Attempt], *, org_slug: str) -> list[AttemptRow]:
    return [attempt_row(attempt, org_slug=org_slug) for attempt in attempts]
