"""Compare a trainee's answer with the engine's, field by field (for the web app).

The question kind is found by its name (:func:`games.registry.judging`); the comparison itself
is :func:`games.questions.judge.compare`.

>>> expected = {"kind": "bring_in", "answer": {"seat": 3, "amount": 200, "first_to_act": 3}}
>>> verdict = judge(expected, {"seat": 3, "amount": 200, "first_to_act": 4})
>>> verdict["correct"], verdict["score"], [f["field"] for f in verdict["fields"] if not f["correct"]]
(False, 0.6667, ['first_to_act'])
>>> verdict["judge_version"] == JUDGE_VERSION
True

The web app stores each verdict with ``JUDGE_VERSION`` and shows the stored one; bump it
whenever a change to judging (of any question kind) can change a verdict, so that stored
attempts judged by the older rules can be found and re-scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.errors import EngineError
from games.questions.judge import JUDGE_VERSION, RULING_OUTCOMES, compare, same_ruling
from games.registry import judging

__all__ = ["JUDGE_VERSION", "RULING_OUTCOMES", "answer_fields", "judge", "same_ruling"]


def answer_fields(kind: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Flatten an answer of ``kind`` into judged fields with normalised values.

    The kind's typed fields say how (:mod:`games.questions.fields`): seats inside a list are
    compared as sets (sorted); the order of ranking groups matters, the order inside a tie
    group does not; ``bet_to``/``raise_to`` are sets of totals.
    """
    return judging(kind).flatten(answer)


def judge(
    expected: Mapping[str, Any],
    given: Mapping[str, Any],
    *,
    kind: str | None = None,
    fields: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Judge ``given`` against ``expected`` (a ``solve`` result, or an answer with ``kind=``).

    Every field of the engine's answer is judged (a missing one is wrong) unless ``fields``
    names the ones the drill asked for. Amounts and seats must be exact. Partial credit is
    the share of correct fields.
    """
    if "answer" in expected and "kind" in expected:
        kind = str(expected["kind"])
        expected = expected["answer"]
    if kind is None:
        raise EngineError("missing_field", "judge needs the question kind", path="kind")
    if not isinstance(given, Mapping):
        raise EngineError("bad_type", "the given answer must be an object", path=None)
    return compare(judging(kind), expected, given, fields=fields)
