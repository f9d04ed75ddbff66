"""The stub question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import AMOUNT, CHOICE, SEAT, YES_NO, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve
from games.stud.state import STUB_PROCEDURES

KIND = QuestionKind(
    name="stub",
    family="stud",
    label=("Stub", "スタブ"),
    fields=(
        Field("stub", AMOUNT, ("Cards in the stub", "スタブの枚数")),
        Field("required", AMOUNT, ("Cards needed", "必要な枚数")),
        Field(
            "procedure",
            CHOICE,
            ("Procedure (TDA 2024 RP-10 H)", "手順（TDA 2024 RP-10 H）"),
            choices=STUB_PROCEDURES,
        ),
        Field("community_card", YES_NO, ("Community card", "コミュニティカード")),
        Field(
            "first_to_act_7th", SEAT, ("First to act on 7th street", "7thストリートで最初にアクションする席")
        ),
    ),
    solve=solve,
)
