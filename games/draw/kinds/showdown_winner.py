"""The showdown winner question of Flush Code Hack draw."""

from __future__ import annotations

from games.draw.answers import solve_draw
from games.questions.fields import ORDER, SEAT, TEXT, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="showdown_winner",
    family="draw",
    label=("Showdown winner", "ショーダウンの勝者"),
    fields=(
        Field("winner", SEAT, ("Winner", "勝者")),
        Field("order", ORDER, ("Order, best first", "順位（強い順）")),
        Field("decided_by", TEXT, ("Decided by", "決め手")),
    ),
    solve=solve_draw,
    unjudged=("hands",),
)
