"""The split question of ten-card stud."""

from __future__ import annotations

from games.questions.fields import CHIPS_BY_SEAT, SEATS, Field
from games.questions.kind import QuestionKind
from games.tenstud.answers import solve_tenstud

KIND = QuestionKind(
    name="split",
    family="tenstud",
    label=("Split", "配分"),
    fields=(
        Field("winners", SEATS, ("Winners", "勝者")),
        Field("awards", CHIPS_BY_SEAT, ("Points received", "受け取るポイント")),
    ),
    solve=solve_tenstud,
    unjudged=("pot", "odd_chips"),
)
