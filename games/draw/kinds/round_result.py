"""The round result question of Flush Code Hack draw."""

from __future__ import annotations

from games.draw.answers import solve_draw
from games.questions.fields import AMOUNT, CHIPS_BY_SEAT, SEAT, SEATS, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="round_result",
    family="draw",
    label=("Round result", "ラウンドの結果"),
    fields=(
        Field("winner", SEAT, ("Winner", "勝者")),
        Field("pot", AMOUNT, ("Pot", "ポット")),
        Field("points", CHIPS_BY_SEAT, ("Points after the round", "ラウンド後のポイント")),
        Field("eliminated", SEATS, ("Eliminated", "脱落"), none_allowed=True),
    ),
    solve=solve_draw,
    unjudged=("fees", "eliminated_at_fee", "game_over"),
)
