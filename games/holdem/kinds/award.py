"""The award question of no-limit hold'em."""

from __future__ import annotations

from games.holdem.answers import solve_holdem
from games.questions.fields import AWARD_POTS, CHIPS_BY_SEAT, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="award",
    family="holdem",
    label=("Award", "ポットの配分"),
    fields=(
        Field("pots", AWARD_POTS, ("Pots as awarded", "各ポットの配分")),
        Field("awards", CHIPS_BY_SEAT, ("Chips received", "受け取るチップ")),
        Field(
            "returned",
            CHIPS_BY_SEAT,
            ("Uncalled bets returned", "返却されるコールされなかったベット"),
            none_allowed=True,
        ),
    ),
    solve=solve_holdem,
)
