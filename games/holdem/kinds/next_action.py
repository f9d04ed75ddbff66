"""The next action question of no-limit hold'em."""

from __future__ import annotations

from games.holdem.answers import solve_holdem
from games.questions.fields import OPTIONS, SEAT, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="next_action",
    family="holdem",
    label=("Next action", "次のアクション"),
    fields=(
        Field("seat", SEAT, ("Next to act", "次にアクションする席"), none_allowed=True),
        Field("options", OPTIONS, ("Options", "選べるアクション")),
    ),
    solve=solve_holdem,
    unjudged=("street", "round_complete"),
)
