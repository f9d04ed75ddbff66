"""The ruling question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import CHOICE, SEAT, Field
from games.questions.judge import same_ruling
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve
from games.stud.events import RULING_CODES

KIND = QuestionKind(
    name="ruling",
    family="stud",
    label=("Ruling", "裁定"),
    fields=(
        Field("ruling", CHOICE, ("Ruling", "裁定"), choices=RULING_CODES),
        Field("seat", SEAT, ("Seat", "席")),
    ),
    solve=solve,
    same={"ruling": same_ruling},
)
