"""The levels of a hand walk, from learning the procedure to dealing at table pace.

A level decides how the walk is played, never what is right: the same hand, the same questions,
the same judging. It sets when the trainee sees a hint, whether the clock runs against the room's
speed targets, how fast the table deals (the live table's motion) and how often the dealer or a
player makes a mistake the trainee must catch.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from .models import WalkLevel

# Hints: shown before answering, shown when asked for (and recorded), or never.
HINT_ALWAYS = "always"
HINT_ON_REQUEST = "on_request"
HINT_NEVER = "never"


@dataclass(frozen=True)
class LevelSpec:
    code: str
    label: Promise
    summary: Promise
    hints: str
    timed: bool
    # Milliseconds per card pitched on the live table (chips and pushes take a few times this).
    pace_ms: int
    # Seconds before a right answer goes on by itself (None: the trainee presses Next).
    auto_advance: int | None
    # Share of the walk's decisions that come with a dealer or player irregularity to catch. It is
    # the engine's ``games.api.walk(..., error_rate=...)``: services._walk_steps is the one place
    # that hands it over, so that the number of steps and each step follow from the session alone.
    error_rate: float


LEVELS: dict[str, LevelSpec] = {
    WalkLevel.LEARN: LevelSpec(
        code=WalkLevel.LEARN,
        label=_("Learn"),
        summary=_("a hint before every decision: the rule that decides and the seats to look at"),
        hints=HINT_ALWAYS,
        timed=False,
        pace_ms=220,
        auto_advance=None,
        error_rate=0.0,
    ),
    WalkLevel.GUIDED: LevelSpec(
        code=WalkLevel.GUIDED,
        label=_("Guided"),
        summary=_("a hint when you ask for one (the answer is then marked as helped)"),
        hints=HINT_ON_REQUEST,
        timed=False,
        pace_ms=180,
        auto_advance=None,
        error_rate=0.1,
    ),
    WalkLevel.PRACTICE: LevelSpec(
        code=WalkLevel.PRACTICE,
        label=_("Practice"),
        summary=_("no hints, explanations after each answer"),
        hints=HINT_NEVER,
        timed=False,
        pace_ms=140,
        auto_advance=None,
        error_rate=0.2,
    ),
    WalkLevel.TABLE_READY: LevelSpec(
        code=WalkLevel.TABLE_READY,
        label=_("Table-ready"),
        summary=_("no hints, a faster deal, timed against the room's targets"),
        hints=HINT_NEVER,
        timed=True,
        pace_ms=70,
        auto_advance=3,
        error_rate=0.3,
    ),
}

DEFAULT_LEVEL = WalkLevel.PRACTICE


def level_of(code: str) -> LevelSpec:
    """The level named ``code``; a session without one (made before levels) plays practice."""
    return LEVELS.get(code) or LEVELS[DEFAULT_LEVEL]


def error_rate_of(code: str) -> float:
    """The share of irregularities in a walk of level ``code``: none for a walk made before the
    levels (empty), whose steps must stay the ones it was started with."""
    return LEVELS[code].error_rate if code in LEVELS else 0.0
