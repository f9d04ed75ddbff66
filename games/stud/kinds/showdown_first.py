"""The who shows first question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import SEAT, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="showdown_first",
    family="stud",
    label=("Who shows first", "ショーダウンの順番"),
    fields=(Field("seat", SEAT, ("Shows first", "最初にハンドを見せる席")),),
    solve=solve,
)
