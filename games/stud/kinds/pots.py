"""The pots question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import POTS, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="pots",
    family="stud",
    label=("Pots", "ポット"),
    fields=(Field("pots", POTS, ("Pots, main first", "ポット（メインから）")),),
    solve=solve,
)
