"""The bring-in question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import AMOUNT, SEAT, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="bring_in",
    family="stud",
    label=("Bring-in", "ブリングイン"),
    fields=(
        Field("seat", SEAT, ("Brings in", "ブリングインする席")),
        Field("amount", AMOUNT, ("Amount posted", "出す額")),
        Field(
            "first_to_act",
            SEAT,
            ("First to act after the bring-in", "ブリングインの次にアクションする席"),
            none_allowed=True,
        ),
    ),
    solve=solve,
)
