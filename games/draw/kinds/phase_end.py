"""The end of the phase question of Flush Code Hack draw."""

from __future__ import annotations

from games.draw.answers import solve_draw
from games.questions.fields import SEAT, YES_NO, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="phase_end",
    family="draw",
    label=("End of the phase", "フェーズの終了"),
    fields=(
        Field("complete", YES_NO, ("Phase complete", "フェーズ終了")),
        Field("next", SEAT, ("Next to act", "次にアクションするプレイヤー")),
    ),
    solve=solve_draw,
    unjudged=("phase", "pending", "to_match", "next_step"),
)
