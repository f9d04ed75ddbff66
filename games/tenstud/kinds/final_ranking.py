"""The final ranking question of ten-card stud."""

from __future__ import annotations

from games.questions.fields import RANKING, Field
from games.questions.kind import QuestionKind
from games.tenstud.answers import solve_tenstud

KIND = QuestionKind(
    name="final_ranking",
    family="tenstud",
    label=("Final ranking", "最終順位"),
    fields=(Field("ranking", RANKING, ("Ranking, best first", "順位（強い順）")),),
    solve=solve_tenstud,
    unjudged=("hands",),
)
