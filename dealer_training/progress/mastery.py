"""Mastery: when a trainee has a skill in one game, and when they reached it.

A skill is mastered in a game when the trainee has given at least ``min_answers`` answers, got
at least ``accuracy`` percent of the last ``window`` right, and the median time of those answers
is at or under the skill's speed target. The bars belong to the organisation
(``drills.TrainingSettings``); this module only applies them, so it needs no database.

A mastered skill is *slipping* when the trainee reached mastery once and the accuracy over the
recent window has since fallen below the bar.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from dealer_training.drills.targets import (
    clean_speed_targets,
    target_seconds,
)

# SkillProgress keeps this many recent results, the largest window TrainingSettings allows, so
# that a change of the window applies at once without a rebuild.
RECENT_KEEP = 100


class Status(StrEnum):
    NOT_STARTED = "not_started"
    PRACTISING = "practising"
    MASTERED = "mastered"
    SLIPPING = "slipping"


@dataclass(frozen=True)
class Bars:
    """An organisation's mastery thresholds."""

    min_answers: int = 30
    window: int = 30
    accuracy: int = 90  # percent
    speed_targets: Mapping[str, float] | None = None  # skill -> seconds

    @classmethod
    def from_settings(cls, settings: Any) -> Bars:
        """From a ``drills.TrainingSettings`` (saved or a default instance)."""
        clean = clean_speed_targets(settings.speed_targets)
        return cls(
            min_answers=max(1, int(settings.mastery_min_answers)),
            window=max(1, min(RECENT_KEEP, int(settings.mastery_window))),
            accuracy=max(0, min(100, int(settings.mastery_accuracy))),
            speed_targets=clean,
        )

    def target_seconds(self, skill: str) -> float:
        return target_seconds(skill, self.speed_targets)

    def target_ms(self, skill: str) -> int:
        return round(self.target_seconds(skill) * 1000)

    def accuracy_met(self, correct: int, answered: int) -> bool:
        return answered > 0 and correct * 100 >= self.accuracy * answered


def median(values: Sequence[int]) -> float:
    """The median of a non-empty sequence (the mean of the two middle values for an even count)."""
    ordered = sorted(values)
    n = len(ordered)
    mid = n // 2
    if n % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


@dataclass(frozen=True)
class Standing:
    """Where a trainee stands on one skill in one game, read from the recent results."""

    status: Status
    answered: int  # all answers ever
    window_answers: int  # answers in the recent window
    window_correct: int
    window_accuracy: float | None  # percent, None without answers
    window_median_ms: float | None
    target_ms: int
    accuracy_ok: bool
    speed_ok: bool
    enough_answers: bool

    @property
    def window_median_seconds(self) -> float | None:
        return None if self.window_median_ms is None else self.window_median_ms / 1000

    @property
    def target_seconds(self) -> float:
        return self.target_ms / 1000


@dataclass(frozen=True)
class Window:
    """The last ``window`` results of one trainee, skill and game, summed up."""

    answers: int
    correct: int
    median_ms: int | None


def window_of(recent: Sequence[Sequence[Any]], *, window: int) -> Window:
    """Sum up the newest ``window`` items of ``recent`` (newest last, items ``[correct, time_ms]``)."""
    last = list(recent[-window:]) if window > 0 else []
    if not last:
        return Window(answers=0, correct=0, median_ms=None)
    return Window(
        answers=len(last),
        correct=sum(1 for item in last if item[0]),
        median_ms=round(median([int(item[1]) for item in last])),
    )


def standing(
    *,
    skill: str,
    attempts: int,
    window_answers: int,
    window_correct: int,
    window_median_ms: int | None,
    mastered_at: datetime | None,
    bars: Bars,
) -> Standing:
    """Evaluate one SkillProgress row against the bars: O(1), from the stored window sums."""
    target = bars.target_ms(skill)
    if window_answers <= 0 or window_median_ms is None:
        return Standing(
            status=Status.NOT_STARTED,
            answered=attempts,
            window_answers=0,
            window_correct=0,
            window_accuracy=None,
            window_median_ms=None,
            target_ms=target,
            accuracy_ok=False,
            speed_ok=False,
            enough_answers=False,
        )
    accuracy_ok = bars.accuracy_met(window_correct, window_answers)
    speed_ok = window_median_ms <= target
    enough = attempts >= bars.min_answers
    if enough and accuracy_ok and speed_ok:
        status = Status.MASTERED
    elif mastered_at is not None and not accuracy_ok:
        status = Status.SLIPPING
    else:
        status = Status.PRACTISING
    return Standing(
        status=status,
        answered=attempts,
        window_answers=window_answers,
        window_correct=window_correct,
        window_accuracy=100 * window_correct / window_answers,
        window_median_ms=float(window_median_ms),
        target_ms=target,
        accuracy_ok=accuracy_ok,
        speed_ok=speed_ok,
        enough_answers=enough,
    )


@dataclass(frozen=True)
class FirstMastery:
    at: datetime
    attempts: int  # answers given up to and including the one that reached mastery


def first_mastery(
    results: Iterable[tuple[bool, int, datetime]], *, skill: str, bars: Bars
) -> FirstMastery | None:
    """The first answer after which the bars were met, walking the history oldest first.

    ``results`` yields ``(correct, time_ms, created_at)``. A sliding window keeps the count of
    correct answers; the median is only computed where count and accuracy already pass.
    """
    target = bars.target_ms(skill)
    window: list[tuple[bool, int]] = []
    correct_in_window = 0
    count = 0
    for correct, time_ms, created_at in results:
        count += 1
        window.append((correct, time_ms))
        correct_in_window += 1 if correct else 0
        if len(window) > bars.window:
            dropped = window.pop(0)
            correct_in_window -= 1 if dropped[0] else 0
        if count < bars.min_answers or not bars.accuracy_met(correct_in_window, len(window)):
            continue
        if median([t for _, t in window]) <= target:
            return FirstMastery(at=created_at, attempts=count)
    return None
