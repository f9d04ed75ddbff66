"""The next reveal question of ten-card stud."""

from __future__ import annotations

from games.questions.fields import SEATS, Field
from games.questions.kind import QuestionKind
from games.tenstud.answers import solve_tenstud

KIND = QuestionKind(
    name="next_reveal",
    family="tenstud",
    label=("Next reveal", "次に公開する人"),
    fields=(Field("seats", SEATS, ("Reveals next", "次に公開するプレイヤー")),),
    solve=solve_tenstud,
    unjudged=("step", "hands", "finished"),
)
