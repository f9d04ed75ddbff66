"""The question kinds of no-limit hold'em, one module each, in their teaching order."""

from __future__ import annotations

from games.questions.kind import QuestionKind

from . import award, min_raise, next_action, pots, round_over

KINDS: tuple[QuestionKind, ...] = (
    next_action.KIND,
    min_raise.KIND,
    round_over.KIND,
    pots.KIND,
    award.KIND,
)
