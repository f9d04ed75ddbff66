"""The question kinds of the three stud games, one module each, in their teaching order."""

from __future__ import annotations

from games.questions.kind import QuestionKind

from . import (
    award,
    best_hands,
    bring_in,
    dealer_error,
    next_action,
    pots,
    ruling,
    showdown_first,
    stub,
    stub_count,
)

KINDS: tuple[QuestionKind, ...] = (
    pots.KIND,
    bring_in.KIND,
    next_action.KIND,
    stub.KIND,
    stub_count.KIND,
    showdown_first.KIND,
    best_hands.KIND,
    award.KIND,
    ruling.KIND,
    dealer_error.KIND,
)
