"""The question kinds of ten-card stud, one module each, in their teaching order."""

from __future__ import annotations

from games.questions.kind import QuestionKind

from . import final_ranking, next_reveal, split

KINDS: tuple[QuestionKind, ...] = (
    next_reveal.KIND,
    final_ranking.KIND,
    split.KIND,
)
