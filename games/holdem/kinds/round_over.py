"""The betting round over question of no-limit hold'em."""

from __future__ import annotations

from games.holdem.answers import solve_holdem
from games.questions.fields import SEATS, YES_NO, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="round_over",
    family="holdem",
    label=("Betting round over", "ラウンド終了"),
    fields=(
        Field("complete", YES_NO, ("Round complete", "ラウンド終了")),
        Field("pending", SEATS, ("Still to act", "まだアクションする席"), none_allowed=True),
    ),
    solve=solve_holdem,
    unjudged=("street", "owes", "reason"),
)
