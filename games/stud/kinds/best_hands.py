"""The best hands question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import HANDS, RANKING, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="best_hands",
    family="stud",
    label=("Best hands", "ハンドの順位"),
    fields=(
        Field("hands", HANDS, ("Best hands", "ベストハンド")),
        Field("high_ranking", RANKING, ("High ranking", "ハイの順位"), only_if_present=True),
        Field("low_ranking", RANKING, ("Low ranking", "ローの順位"), only_if_present=True),
    ),
    solve=solve,
)
