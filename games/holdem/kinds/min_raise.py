"""The minimum raise question of no-limit hold'em."""

from __future__ import annotations

from games.holdem.answers import solve_holdem
from games.questions.fields import AMOUNT, SEAT, Field
from games.questions.kind import QuestionKind

KIND = QuestionKind(
    name="min_raise",
    family="holdem",
    label=("Minimum raise", "ミニマムレイズ"),
    fields=(
        Field("seat", SEAT, ("Player to act", "アクションする席")),
        Field("min_raise_to", AMOUNT, ("Minimum raise to", "最低レイズ額（合計）"), none_allowed=True),
        Field("increment", AMOUNT, ("Raise increment", "レイズ幅")),
    ),
    solve=solve_holdem,
    unjudged=("to_match", "full_raise_to", "all_in_only"),
)
