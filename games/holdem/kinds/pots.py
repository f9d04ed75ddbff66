"""The pots question of no-limit hold'em."""

from __future__ import annotations

from games.holdem.answers import solve_holdem
from games.questions.fields import CHIPS_BY_SEAT, POTS, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="pots",
    family="holdem",
    label=("Pots", "ポット"),
    fields=(
        Field("pots", POTS, ("Pots, main first", "ポット（メインから）")),
        Field(
            "returned",
            CHIPS_BY_SEAT,
            ("Uncalled bets returned", "返却されるコールされなかったベット"),
            none_allowed=True,
        ),
    ),
    solve=solve_holdem,
)
