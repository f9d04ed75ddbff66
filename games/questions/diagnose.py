"""The generic part of explaining a wrong answer: which other answer it matches.

A finding is a code with params and a sentence (:func:`games.diagnose.diagnose`); each game
tries its own candidates (the misreadings its question kinds declare, and for stud the other
variants, rulesets and flags: :mod:`games.stud.diagnose`), and a candidate explains the given
answer when :func:`matches` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.questions.judge import compare
from games.questions.kind import QuestionKind

__all__ = ["matches"]


def matches(
    asked: QuestionKind, alt: Mapping[str, Any], right: Mapping[str, Any], given: Mapping[str, Any]
) -> bool:
    """Whether the given answer is right for ``alt`` (on the fields it gives) and wrong for ``right``."""
    fields = [k for k in given if k in alt or k in right]
    if not fields:
        return False
    mine = compare(asked, alt, given, fields=fields)
    if not mine["correct"]:
        return False
    return not compare(asked, right, given, fields=fields)["correct"]
