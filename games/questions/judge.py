"""Compare a trainee's answer with the engine's, field by field (for the web app).

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

__all__ = ["JUDGE_VERSION", "RULING_OUTCOMES", "answer_fields", "judge", "same_ruling"]

# The version of the judging rules, stored with every verdict. Bump it whenever a change to
# judging (normalising, the fields judged, partial credit, same_ruling...) can change an outcome.
JUDGE_VERSION = 1

# Ruling codes that name one outcome at the table (scenario format section 5): the hand is out
# and what it put in stays in the pot, whether the rulebook says the hand is dead (TDA 2024
# Rules 35-D, 66) or killed (Rule 30, RP-10 C). The code says which circumstance led there; a
# drill asks for the outcome, so either word is right wherever the answer is one of them.
# Every other code is its own outcome: a binding fold (Rule 58) is a fold the player chose, which
# a penalty may follow; a misdeal replays the whole hand (35-C); live_hand, becomes_upcard,
# replace_card, card_plays and reshuffle_no_burn keep the hand in play in different ways.
RULING_OUTCOMES: dict[str, str] = {"dead_hand": "hand_out", "kill_hand": "hand_out"}


def same_ruling(expected: Any, given: Any) -> bool:
    """Whether two ruling codes name the same outcome (``dead_hand`` = ``kill_hand``)."""
    if not isinstance(expected, str) or not isinstance(given, str):
        return bool(expected == given)
    return RULING_OUTCOMES.get(expected, expected) == RULING_OUTCOMES.get(given, given)


def answer_fields(kind: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Flatten an answer of ``kind`` into judged fields with normalised values.

    The kind's typed fields say how (:mod:`games.questions.fields`): seats inside a list are
    compared as sets (sorted); the order of ranking groups matters, the order inside a tie
    group does not; ``bet_to``/``raise_to`` are sets of totals.
    """
    from games.registry import judging

    return judging(kind).flatten(answer)


def _under(name: str, field: str) -> bool:
    return name == field or name.startswith(field + ".") or name.startswith(field + "[")


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
    from games.registry import judging

    asked = judging(kind)
    want = asked.flatten(expected)
    got = asked.flatten(given)
    if fields is not None:
        want = {k: v for k, v in want.items() if any(_under(k, f) for f in fields)}
    results = []
    for name, value in want.items():
        present = name in got
        right = present and asked.equal(name, value, got[name])
        results.append(
            {
                "field": name,
                "correct": right,
                "expected": value,
                "given": got.get(name),
                "missing": not present,
            }
        )
    # A field given but not expected is wrong too (an award to a seat that wins nothing); with
    # ``fields``, only the extras under the fields the drill asked for count.
    extra = sorted(
        name for name in set(got) - set(want) if fields is None or any(_under(name, f) for f in fields)
    )
    correct = sum(1 for r in results if r["correct"])
    total = len(results) + len(extra)
    return {
        "kind": kind,
        "correct": total > 0 and correct == total,
        "score": round(correct / total, 4) if total else 0.0,
        "fields": results,
        "unexpected": extra,
        "judge_version": JUDGE_VERSION,
    }
