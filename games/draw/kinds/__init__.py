"""The question kinds of Flush Code Hack draw, one module each, in their teaching order."""

from __future__ import annotations

from games.questions.kind import QuestionKind

from . import phase_end, round_result, showdown_winner

KINDS: tuple[QuestionKind, ...] = (
    showdown_winner.KIND,
    round_result.KIND,
    phase_end.KIND,
)
