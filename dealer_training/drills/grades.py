"""The dealer grade, S to D, per skill and overall, from the recent answers.

Over a trainee's last ``window`` answers (``TrainingSettings.mastery_window``; per skill, or of
any skill for the overall grade)::

    score = 100 × accuracy × difficulty weight × speed factor     (at most 100)

- *accuracy*: the share of those answers that were right (0 to 1);
- *difficulty weight*: ``0.9 + 0.05 × d`` for their average difficulty ``d`` (1 to 5), so 0.95
  for the easiest items and 1.15 for the hardest. An authored scenario's difficulty is its
  author's; a generated item has its skill's (``GENERATED_DIFFICULTY``);
- *speed factor*: the mean over the timed answers (speed mode and exams) of 1.00 for a fast
  answer, 0.90 for a normal one and 0.75 for a slow one; 0.80 when none of them was timed, so
  that practice alone reaches A at most and an S needs answers given against the clock.

Grades: S from 95, A from 85, B from 70, C from 50, D below. Fewer than ``needed`` answers
(``min(window, GRADE_MIN_ANSWERS)``) give no grade yet.

This module is pure: it takes answers as values and needs no database.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from .targets import speed_grade, timed_mode

# Lower bounds of the grades, best first.
THRESHOLDS: tuple[tuple[str, float], ...] = (("S", 95.0), ("A", 85.0), ("B", 70.0), ("C", 50.0))
LOWEST = "D"
GRADE_MIN_ANSWERS = 10
SPEED_FACTORS: Mapping[str, float] = {"fast": 1.0, "normal": 0.9, "slow": 0.75}
UNTIMED_FACTOR = 0.8
WEIGHT_BASE = 0.9
WEIGHT_STEP = 0.05
DEFAULT_DIFFICULTY = 2  # as a new scenario's

# A generated item's difficulty, by skill: reading one fact off the table (who brings in, the
# antes) is easy; amounts, stubs and showdowns take several steps; rulings and side pots the most.
GENERATED_DIFFICULTY: Mapping[str, int] = {
    "antes": 1,
    "bring_in": 1,
    "first_to_act": 2,
    "razz_order": 2,
    "stub_count": 2,
    "betting": 3,
    "stub": 3,
    "showdown": 3,
    "rulings": 4,
    "dealer_errors": 4,
    "side_pots": 4,
    # The other games, each one skill: a whole hand's procedure.
    "holdem": 3,
    "draw": 3,
    "tenstud": 3,
}


def difficulty_of(skill: str, authored: int | None) -> int:
    """An answer's difficulty: its authored scenario's, else its skill's for a generated item."""
    if authored is not None:
        return max(1, min(5, int(authored)))
    return GENERATED_DIFFICULTY.get(skill, DEFAULT_DIFFICULTY)


@dataclass(frozen=True)
class Answer:
    """One answer as the grade sees it."""

    skill: str
    correct: bool
    time_ms: int
    difficulty: int = DEFAULT_DIFFICULTY
    speed: str = ""  # fast / normal / slow when timed, else empty
    day: date | None = None

    @property
    def timed(self) -> bool:
        return self.speed in SPEED_FACTORS


def answer_of(
    *,
    skill: str,
    mode: str,
    correct: bool,
    time_ms: int,
    speed: str,
    authored_difficulty: int | None,
    target_seconds: float,
    day: date | None = None,
    walk_level: str = "",
) -> Answer:
    """An attempt's values as an ``Answer``: only answers of the timed modes carry a speed mark
    (the stored one, else measured against the target)."""
    mark = ""
    if timed_mode(mode, walk_level):
        mark = speed if speed in SPEED_FACTORS else speed_grade(time_ms, target_seconds)
    return Answer(
        skill=skill,
        correct=correct,
        time_ms=time_ms,
        difficulty=difficulty_of(skill, authored_difficulty),
        speed=mark,
        day=day,
    )


@dataclass(frozen=True)
class Grade:
    """The grade of one set of answers (a skill's or all), with the parts of its score."""

    answers: int
    needed: int
    correct: int = 0
    fast: int = 0
    normal: int = 0
    slow: int = 0
    difficulty: float | None = None  # average, 1 to 5
    weight: float | None = None
    speed_factor: float | None = None
    score: float | None = None  # 0 to 100, None when not graded yet
    letter: str = ""  # S to D, empty when not graded yet

    @property
    def graded(self) -> bool:
        return bool(self.letter)

    @property
    def accuracy(self) -> float | None:
        """Percent right."""
        return 100 * self.correct / self.answers if self.answers else None

    @property
    def timed(self) -> int:
        return self.fast + self.normal + self.slow


def letter_for(score: float) -> str:
    for letter, bound in THRESHOLDS:
        if score >= bound:
            return letter
    return LOWEST


def grade(answers: Sequence[Answer], *, needed: int) -> Grade:
    """The grade of ``answers`` (the window already cut), or none below ``needed`` answers."""
    n = len(answers)
    marks = {mark: sum(1 for a in answers if a.speed == mark) for mark in SPEED_FACTORS}
    correct = sum(1 for a in answers if a.correct)
    if n == 0:
        return Grade(answers=0, needed=needed)
    difficulty = sum(a.difficulty for a in answers) / n
    weight = WEIGHT_BASE + WEIGHT_STEP * difficulty
    timed = sum(marks.values())
    speed_factor = (
        sum(SPEED_FACTORS[mark] * count for mark, count in marks.items()) / timed if timed else UNTIMED_FACTOR
    )
    score = min(100.0, 100 * (correct / n) * weight * speed_factor)
    # Rounded once, so that the letter and the number shown always agree.
    score = round(score, 1)
    return Grade(
        answers=n,
        needed=needed,
        correct=correct,
        fast=marks["fast"],
        normal=marks["normal"],
        slow=marks["slow"],
        difficulty=round(difficulty, 2),
        weight=round(weight, 3),
        speed_factor=round(speed_factor, 3),
        score=score,
        letter=letter_for(score) if n >= needed else "",
    )


@dataclass(frozen=True)
class GradeBars:
    window: int = 30
    needed: int = GRADE_MIN_ANSWERS

    @classmethod
    def from_settings(cls, settings: Any) -> GradeBars:
        """From a ``TrainingSettings`` (saved or a default instance)."""
        window = max(1, min(100, int(settings.mastery_window)))
        return cls(window=window, needed=min(window, GRADE_MIN_ANSWERS))


@dataclass(frozen=True)
class GradeReport:
    overall: Grade
    skills: dict[str, Grade] = field(default_factory=dict)

    def weakest(self) -> str | None:
        """The skill with the lowest score among those graded, else among those answered."""
        graded = [(g.score, skill) for skill, g in self.skills.items() if g.graded and g.score is not None]
        pool = graded or [(g.score, skill) for skill, g in self.skills.items() if g.score is not None]
        return min(pool)[1] if pool else None


class _Windows:
    """The newest ``window`` answers overall and per skill, fed oldest first."""

    def __init__(self, bars: GradeBars) -> None:
        self.bars = bars
        self.overall: deque[Answer] = deque(maxlen=bars.window)
        self.skills: dict[str, deque[Answer]] = {}

    def add(self, answer: Answer) -> None:
        self.overall.append(answer)
        self.skills.setdefault(answer.skill, deque(maxlen=self.bars.window)).append(answer)

    def overall_grade(self) -> Grade:
        return grade(list(self.overall), needed=self.bars.needed)

    def skill_grade(self, skill: str) -> Grade:
        return grade(list(self.skills.get(skill, ())), needed=self.bars.needed)


def grade_report(answers: Iterable[Answer], *, bars: GradeBars) -> GradeReport:
    """The grade now, overall and for each skill answered, from ``answers`` oldest first."""
    windows = _Windows(bars)
    for answer in answers:
        windows.add(answer)
    return GradeReport(
        overall=windows.overall_grade(),
        skills={skill: windows.skill_grade(skill) for skill in sorted(windows.skills)},
    )


@dataclass(frozen=True)
class DayGrades:
    """The grades at the end of one practice day: overall and of the skills answered that day."""

    day: date
    answers: int  # answered that day
    overall: Grade
    skills: dict[str, Grade]


def grade_history(answers: Iterable[Answer], *, bars: GradeBars, days: int = 14) -> list[DayGrades]:
    """The grades at the end of each of the last ``days`` days with answers, oldest first, from
    ``answers`` oldest first (each with its ``day``)."""
    windows = _Windows(bars)
    history: list[DayGrades] = []
    current: date | None = None
    answered: list[Answer] = []

    def close() -> None:
        if current is None:
            return
        skills = sorted({a.skill for a in answered})
        history.append(
            DayGrades(
                day=current,
                answers=len(answered),
                overall=windows.overall_grade(),
                skills={skill: windows.skill_grade(skill) for skill in skills},
            )
        )

    for answer in answers:
        if answer.day != current:
            close()
            current, answered = answer.day, []
        windows.add(answer)
        answered.append(answer)
    close()
    return history[-days:]
