"""Shared by the progress reads: which skills apply to a game, the organisation's bars, the report limits.

The stud games are reported skill by skill; each other game (hold'em, Flush Code Hack, ten-card
stud) is drilled as one skill, the game itself, so it is one unit: its skill in its game.
"""

from __future__ import annotations

from datetime import timedelta

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import (
    TrainingSettings,
)
from dealer_training.drills.other_games import GAMES as OTHER_GAMES
from dealer_training.scenarios.choices import Skill, Variant

from ..mastery import Bars

# Razz ordering is a razz skill; in the other games that cell is left out, not "not started".
APPLICABLE_VARIANTS: dict[str, tuple[str, ...]] = {Skill.RAZZ_ORDER: (Variant.RAZZ,)}
ASSIGNMENT_LOOKAHEAD = timedelta(days=7)
ASSIGNMENT_LOOKBACK = timedelta(days=60)
HISTORY_WEEKS = 12
# Lists beside the cohort heatmap (slipping, due, exams) show this many, then a count of the rest.
LIST_LIMIT = 30


# Each other game's skill, and the game it belongs to.
OTHER_SKILL_GAMES: dict[str, str] = {game.skill: code for code, game in OTHER_GAMES.items()}
# Every reported skill and game, in the reports' order.
REPORT_SKILL_CODES = (*Skill.values, *OTHER_SKILL_GAMES)
REPORT_GAME_CODES = (*Variant.values, *OTHER_GAMES)


def applies(skill: str, variant: str) -> bool:
    if skill in OTHER_SKILL_GAMES:
        return variant == OTHER_SKILL_GAMES[skill]
    return variant in APPLICABLE_VARIANTS.get(skill, tuple(Variant.values))


def other_games() -> list[tuple[str, str, str]]:
    """The other games as report units, in the drills' order: ``(skill, game code, game name)``."""
    return [(game.skill, code, str(game.label)) for code, game in OTHER_GAMES.items()]


def game_labels() -> dict[str, str]:
    """Every reported game's name by its code, in the current language."""
    return {
        **{value: str(label) for value, label in Variant.choices},
        **{code: str(game.label) for code, game in OTHER_GAMES.items()},
    }


def report_skills(variant: str = "") -> list[tuple[str, str]]:
    """The report's skill columns, ``(code, name)``: the stud skills, then the other games
    (each by its name); for one game, only that game's skills."""
    stud = [(value, str(label)) for value, label in Skill.choices]
    others = [(skill, label) for skill, code, label in other_games() if not variant or code == variant]
    if variant in OTHER_GAMES:
        return others
    return stud if variant else [*stud, *others]


def training_settings_for(organisation: Organisation) -> TrainingSettings:
    return TrainingSettings.objects.filter(organisation=organisation).first() or TrainingSettings(
        organisation=organisation
    )


def bars_for(organisation: Organisation) -> Bars:
    return Bars.from_settings(training_settings_for(organisation))


class Tally:
    """Accuracy and average time of a count of attempts (for the dataclasses that hold one)."""

    attempts: int
    correct: int
    total_ms: int

    @property
    def accuracy(self) -> float | None:
        return 100 * self.correct / self.attempts if self.attempts else None

    @property
    def average_seconds(self) -> float | None:
        return self.total_ms / self.attempts / 1000 if self.attempts else None
