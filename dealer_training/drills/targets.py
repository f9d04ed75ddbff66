"""An organisation's training bars as the drills apply them: speed targets and exam pass marks.

The bars are stored in :class:`~dealer_training.drills.models.TrainingSettings`; this module
holds the defaults and the small rules for reading them, so that the drills (grading an answer's
speed, scoring an exam) and the progress reports apply the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# Seconds per answer when an organisation has not set a target for a skill: calm defaults in
# line with the dealer-school bars (about 8 s for a simple read, longer for pots and showdowns).
DEFAULT_SPEED_TARGET_SECONDS: Mapping[str, float] = {
    "antes": 8.0,
    "bring_in": 6.0,
    "razz_order": 8.0,
    "first_to_act": 6.0,
    "betting": 8.0,
    "stub": 10.0,
    "stub_count": 8.0,
    "rulings": 15.0,
    "dealer_errors": 15.0,
    "side_pots": 20.0,
    "showdown": 15.0,
}
FALLBACK_SPEED_TARGET_SECONDS = 10.0
# An answer within the target is fast; within SLOW_FACTOR times the target, normal; else slow.
SLOW_FACTOR = 2.0
# The modes played against the clock: only their answers are marked fast, normal or slow.
# Practice, review and the hand walk show the time taken but do not mark it.
TIMED_MODES = ("speed", "exam")
# A hand walk is timed at its table-ready level only (walk_levels).
TIMED_WALK_LEVEL = "table_ready"


def timed_mode(mode: str, walk_level: str = "") -> bool:
    """Whether answers of this mode (and, for a hand walk, this level) are played against the clock."""
    return str(mode) in TIMED_MODES or (str(mode) == "walk" and walk_level == TIMED_WALK_LEVEL)


def is_timed(session: Any) -> bool:
    """Whether ``session`` (a ``DrillSession``) is played against the clock."""
    return timed_mode(session.mode, session.walk_level)


def clean_speed_targets(targets: Any) -> dict[str, float]:
    """The positive numeric targets of a ``speed_targets`` JSON value (anything else is ignored)."""
    clean: dict[str, float] = {}
    if not isinstance(targets, dict):
        return clean
    for skill, seconds in targets.items():
        try:
            value = float(seconds)
        except (TypeError, ValueError):
            continue
        if value > 0:
            clean[str(skill)] = value
    return clean


def target_seconds(skill: str, targets: Mapping[str, float] | None = None) -> float:
    if targets and skill in targets:
        return targets[skill]
    return DEFAULT_SPEED_TARGET_SECONDS.get(skill, FALLBACK_SPEED_TARGET_SECONDS)


def speed_grade(time_ms: int, target: float) -> str:
    """``fast``, ``normal`` or ``slow`` for an answer time against a target in seconds."""
    seconds = time_ms / 1000
    if seconds <= target:
        return "fast"
    if seconds <= target * SLOW_FACTOR:
        return "normal"
    return "slow"


@dataclass(frozen=True)
class ExamBars:
    accuracy: int  # percent correct needed
    seconds: float | None  # average seconds per item allowed (None: no speed bar)

    def passed(self, *, correct: int, items: int, average_seconds: float | None) -> bool:
        if items <= 0 or correct * 100 < self.accuracy * items:
            return False
        return self.seconds is None or (average_seconds is not None and average_seconds <= self.seconds)


def exam_bars(*, drill_set: Any, training: Any) -> ExamBars:
    """The pass marks of an exam: its blueprint's where set, else the organisation's."""
    accuracy = (
        drill_set.pass_accuracy
        if drill_set is not None and drill_set.pass_accuracy is not None
        else training.exam_pass_accuracy
    )
    seconds = (
        drill_set.pass_seconds
        if drill_set is not None and drill_set.pass_seconds is not None
        else training.exam_pass_seconds
    )
    return ExamBars(accuracy=int(accuracy), seconds=seconds)
