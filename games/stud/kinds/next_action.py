"""The next action question of seven-card stud (the three stud games)."""

from __future__ import annotations

from games.questions.fields import OPTIONS, SEAT, Field
from games.questions.kind import QuestionKind
from games.solve import solve_scenario as solve

KIND = QuestionKind(
    name="next_action",
    family="stud",
    label=("Next action", "次のアクション"),
    fields=(
        Field("seat", SEAT, ("Next to act", "次にアクションする席"), none_allowed=True),
        Field("options", OPTIONS, ("Options", "選べるアクション")),
    ),
    solve=solve,
    unjudged=("street", "round_complete"),
)
