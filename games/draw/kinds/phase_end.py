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
        # Whoever acts next at the table: the next to bet, or once the phase is over the first
        # to draw; nobody only when everyone else dropped.
        Field(
            "next",
            SEAT,
            (
                "Next to act (while the phase goes on: the next to bet; once it is over: the first to draw)",
                "次にアクションするプレイヤー（フェーズ中は次にベットする人、終了後は最初にドローする人）",
            ),
            none_allowed=True,
        ),
    ),
    solve=solve_draw,
    unjudged=("phase", "pending", "to_match", "next_step"),
)
