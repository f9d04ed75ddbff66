"""Stored verdicts: each attempt keeps the engine's verdict as judged when it was stored.

``Attempt.verdict`` is the dict ``games.questions.judge.judge`` returned (correct, score, the fields one by
one) and ``Attempt.judge_version`` the version of the judging rules that gave it
(``games.questions.judge.JUDGE_VERSION``); ``correct`` and ``score`` are copied from it. Pages show the
stored verdict and never judge again, so a change to judging cannot put a new verdict beside an
old score. Judging happens when an answer is first stored (``services.attempt_submit``) and when
``manage.py rescore_attempts`` re-scores attempts judged by older rules.

The functions here take the model class, so the data migration can pass its historical model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.errors import EngineError
from games.questions.judge import JUDGE_VERSION, judge

__all__ = ["JUDGE_VERSION", "fill_verdicts", "judged", "verdict_columns"]

BATCH_SIZE = 500


def judged(expected: Any, answer: Any, fields: Sequence[str] | None) -> dict[str, Any] | None:
    """The verdict on a stored ``answer``, or ``None`` when the stored question cannot be judged
    (an expected answer of an old or broken shape)."""
    if not isinstance(expected, Mapping) or not isinstance(answer, Mapping):
        return None
    try:
        return judge(expected, answer, fields=fields or None)
    except (EngineError, AttributeError, TypeError, ValueError):
        return None


def verdict_columns(verdict: Mapping[str, Any]) -> dict[str, Any]:
    """The attempt's columns that come from a verdict."""
    return {
        "verdict": dict(verdict),
        "judge_version": int(verdict.get("judge_version", JUDGE_VERSION)),
        "correct": bool(verdict["correct"]),
        "score": float(verdict["score"]),
    }


def fill_verdicts(attempt_model: Any, *, batch_size: int = BATCH_SIZE) -> tuple[int, int]:
    """Give attempts stored before verdicts were kept (``judge_version`` 0) their verdict.

    The stored answer is judged against the question's expected answer. Where the verdict agrees
    with the stored ``correct`` and ``score``, it is stored with the current judge version. Where
    it does not, the stored score was given by older judging rules: the row keeps its score and
    no verdict (version 0), so that ``rescore_attempts`` finds it and reports the change, and an
    exam's mark is never changed silently. Returns (filled, left for re-scoring).
    """
    rows = (
        attempt_model.objects.filter(judge_version=0)
        .select_related("question")
        .only("id", "answer", "correct", "score", "question__expected", "question__fields")
        .order_by("pk")
    )
    filled = left = 0
    batch: list[Any] = []
    for attempt in rows.iterator(chunk_size=batch_size):
        verdict = judged(attempt.question.expected, attempt.answer, attempt.question.fields)
        if (
            verdict is None
            or bool(verdict["correct"]) != attempt.correct
            or round(float(verdict["score"]), 4) != round(attempt.score, 4)
        ):
            left += 1
            continue
        attempt.verdict = verdict
        attempt.judge_version = int(verdict["judge_version"])
        batch.append(attempt)
        if len(batch) >= batch_size:
            attempt_model.objects.bulk_update(batch, ["verdict", "judge_version"])
            filled += len(batch)
            batch = []
    if batch:
        attempt_model.objects.bulk_update(batch, ["verdict", "judge_version"])
        filled += len(batch)
    return filled, left
