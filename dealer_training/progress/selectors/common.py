"""Shared by the progress reads: which skills apply to a game, the organisation's bars, the report limits."""

from __future__ import annotations

from datetime import timedelta

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import (
    TrainingSettings,
)
from dealer_training.scenarios.choices import Skill, Variant

from ..mastery import Bars

# Razz ordering is a razz skill; in the other games that cell is left out, not "not started".
APPLICABLE_VARIANTS: dict[str, tuple[str, ...]] = {Skill.RAZZ_ORDER: (Variant.RAZZ,)}
ASSIGNMENT_LOOKAHEAD = timedelta(days=7)
ASSIGNMENT_LOOKBACK = timedelta(days=60)
HISTORY_WEEKS = 12
# Lists beside the cohort heatmap (slipping, due, exams) show this many, then a count of the rest.
LIST_LIMIT = 30


def applies(skill: str, variant: str) -> bool:
    return variant in APPLICABLE_VARIANTS.get(skill, tuple(Variant.values))


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
