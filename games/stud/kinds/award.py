"""The award question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import AWARD_POTS, CHIPS_BY_SEAT, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="award",
    family="stud",
    label=("Award", "ポットの配分"),
    fields=(
        Field("pots", AWARD_POTS, ("Pots as awarded", "各ポットの配分")),
        Field("awards", CHIPS_BY_SEAT, ("Chips received", "受け取るチップ")),
    ),
    solve=solve,
)
