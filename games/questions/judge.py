"""Compare a trainee's answer with the engine's, field by field, by the kind's typed fields.

The generic part of judging: :func:`compare` judges two answers of one question kind (its typed
fields say how, :mod:`games.questions.fields`), and the judging rules' version. The entry point
that finds the kind by its name is :func:`games.judge.judge` (above the registry of kinds).

The web app stores each verdict with ``JUDGE_VERSION`` and shows the stored one; bump it
whenever a change to judging (of any question kind) can change a verdict, so that stored
attempts judged by the older rules can be found and re-scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.questions.kind import QuestionKind

__all__ = ["JUDGE_VERSION", "RULING_OUTCOMES", "compare", "same_ruling"]

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


def _under(name: str, field: str) -> bool:
    return name == field or name.startswith(field + ".") or name.startswith(field + "[")


def compare(
    asked: QuestionKind,
    expected: Mapping[str, Any],
    given: Mapping[str, Any],
    *,
    fields: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Judge ``given`` against ``expected``, two answers of the question kind ``asked`` (see
    :func:`games.judge.judge`, which finds the kind and checks the arguments)."""
    kind = asked.name
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
