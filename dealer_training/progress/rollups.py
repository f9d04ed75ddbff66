"""Building the rollups from attempts: the write side of progress.

Every function here recomputes from the attempts and upserts; nothing is ever incremented, so a
task that is retried, delivered twice or re-run after a crash writes the same rows again. Each
unit of work (one trainee's skill in one game, or one trainee's whole history in a rebuild) runs
in one transaction: a worker killed half-way leaves the previous rows, never a half-built set.

Work on one trainee is serialised by locking their membership row (``SELECT ... FOR UPDATE`` on
PostgreSQL), so two workers refreshing the same trainee at once cannot write an older snapshot
over a newer one: the second waits, then reads every attempt committed before it.
"""

from __future__ import annotations

import zoneinfo
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from dealer_training.accounts.models import Membership, Organisation
from dealer_training.drills.models import Attempt, Mode, TrainingSettings
from dealer_training.scenarios.choices import OTHER_GAME_SKILLS, STUD_VARIANTS

from .mastery import RECENT_KEEP, Bars, first_mastery, median, window_of
from .models import DailyRollup, SkillProgress

# Columns read from attempts to build rollups, in this order.
_COLUMNS = ("skill", "variant", "created_at", "correct", "time_ms")
# The games the rollups and reports cover: the stud games, each with its skills, and the other
# games (hold'em, Flush Code Hack, ten-card stud), each drilled as one skill, the game itself.
STUD_GAMES = tuple(v.value for v in STUD_VARIANTS)
REPORTED_GAMES = (*STUD_GAMES, *OTHER_GAME_SKILLS)


def counted(attempts: QuerySet[Attempt]) -> QuerySet[Attempt]:
    """The attempts the rollups count: an exam sitting's only once it has ended (until then its
    progress would tell the trainee which answers were right)."""
    return attempts.exclude(mode=Mode.EXAM, session__finished_at__isnull=True)


def local_zone() -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def local_day(moment: datetime) -> date:
    """The calendar day of ``moment`` where the organisation is (the site's time zone)."""
    return moment.astimezone(local_zone()).date()


def day_bounds(day: date) -> tuple[datetime, datetime]:
    zone = local_zone()
    start = datetime.combine(day, time.min, tzinfo=zone)
    return start, datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)


def bars_for(organisation_id: int) -> Bars:
    training = TrainingSettings.objects.filter(organisation_id=organisation_id).first()
    return Bars.from_settings(training or TrainingSettings())


def _lock_trainee(organisation_id: int, trainee_id: int) -> None:
    # The membership row is the mutex for all rollup work on this trainee in this organisation.
    # A former member has none; their history still rolls up, only without the lock.
    list(
        Membership.objects.select_for_update()
        .filter(organisation_id=organisation_id, user_id=trainee_id)
        .values_list("pk", flat=True)
    )


@dataclass
class _Day:
    attempts: int = 0
    correct: int = 0
    total_ms: int = 0

    def __post_init__(self) -> None:
        self.times: list[int] = []

    def add(self, correct: bool, time_ms: int) -> None:
        self.attempts += 1
        self.correct += 1 if correct else 0
        self.total_ms += time_ms
        self.times.append(time_ms)


def _daily_row(organisation_id: int, trainee_id: int, key: tuple[str, str, date], day: _Day) -> DailyRollup:
    skill, variant, on = key
    return DailyRollup(
        organisation_id=organisation_id,
        trainee_id=trainee_id,
        skill=skill,
        variant=variant,
        day=on,
        attempts=day.attempts,
        correct=day.correct,
        time_ms_total=day.total_ms,
        time_ms_median=round(median(day.times)),
    )


def _upsert_daily(rows: list[DailyRollup]) -> None:
    if rows:
        DailyRollup.objects.bulk_create(
            rows,
            batch_size=1000,
            update_conflicts=True,
            unique_fields=["organisation", "trainee", "skill", "variant", "day"],
            update_fields=["attempts", "correct", "time_ms_total", "time_ms_median", "updated_at"],
        )


def _upsert_progress(rows: list[SkillProgress]) -> None:
    if rows:
        SkillProgress.objects.bulk_create(
            rows,
            batch_size=500,
            update_conflicts=True,
            unique_fields=["organisation", "trainee", "skill", "variant"],
            update_fields=[
                "attempts",
                "correct",
                "recent",
                "window_answers",
                "window_correct",
                "window_median_ms",
                "mastered_at",
                "attempts_to_mastery",
                "first_attempt_at",
                "last_attempt_at",
                "updated_at",
            ],
        )


def _progress_row(
    organisation_id: int,
    trainee_id: int,
    skill: str,
    variant: str,
    history: list[tuple[bool, int, datetime]],
    bars: Bars,
) -> SkillProgress:
    """A SkillProgress row from the unit's whole history, oldest first."""
    reached = first_mastery(history, skill=skill, bars=bars)
    recent = [[1 if correct else 0, time_ms] for correct, time_ms, _ in history[-RECENT_KEEP:]]
    window = window_of(recent, window=bars.window)
    now = timezone.now()
    return SkillProgress(
        organisation_id=organisation_id,
        trainee_id=trainee_id,
        skill=skill,
        variant=variant,
        attempts=len(history),
        correct=sum(1 for correct, _, _ in history if correct),
        recent=recent,
        window_answers=window.answers,
        window_correct=window.correct,
        window_median_ms=window.median_ms,
        mastered_at=reached.at if reached else None,
        attempts_to_mastery=reached.attempts if reached else None,
        first_attempt_at=history[0][2],
        last_attempt_at=history[-1][2],
        updated_at=now,
    )


@transaction.atomic
def rollup_refresh(*, organisation_id: int, trainee_id: int, skill: str, variant: str, day: date) -> None:
    """Recompute one day's rollup and the skill progress of one trainee, skill and game.

    Queued after each recorded attempt. Reads only that unit's attempts.
    """
    _lock_trainee(organisation_id, trainee_id)
    unit = counted(
        Attempt.objects.filter(
            organisation_id=organisation_id, trainee_id=trainee_id, skill=skill, variant=variant
        )
    )
    start, end = day_bounds(day)
    today = _Day()
    for correct, time_ms in unit.filter(created_at__gte=start, created_at__lt=end).values_list(
        "correct", "time_ms"
    ):
        today.add(correct, time_ms)
    if today.attempts:
        _upsert_daily([_daily_row(organisation_id, trainee_id, (skill, variant, day), today)])
    else:
        DailyRollup.objects.filter(
            organisation_id=organisation_id, trainee_id=trainee_id, skill=skill, variant=variant, day=day
        ).delete()

    history = list(unit.order_by("created_at", "pk").values_list("correct", "time_ms", "created_at"))
    if not history:
        SkillProgress.objects.filter(
            organisation_id=organisation_id, trainee_id=trainee_id, skill=skill, variant=variant
        ).delete()
        return
    _upsert_progress(
        [_progress_row(organisation_id, trainee_id, skill, variant, history, bars_for(organisation_id))]
    )


def _group_history(
    rows: Iterable[tuple[str, str, datetime, bool, int]],
) -> tuple[dict[tuple[str, str, date], _Day], dict[tuple[str, str], list[tuple[bool, int, datetime]]]]:
    zone = local_zone()
    days: dict[tuple[str, str, date], _Day] = defaultdict(_Day)
    units: dict[tuple[str, str], list[tuple[bool, int, datetime]]] = defaultdict(list)
    for skill, variant, created_at, correct, time_ms in rows:
        days[(skill, variant, created_at.astimezone(zone).date())].add(correct, time_ms)
        units[(skill, variant)].append((correct, time_ms, created_at))
    return days, units


@transaction.atomic
def rollups_rebuild_trainee(*, organisation_id: int, trainee_id: int, bars: Bars | None = None) -> int:
    """Rebuild every rollup of one trainee in one organisation from their attempts.

    Returns the number of attempts read. Rows whose attempts no longer exist are removed.
    """
    _lock_trainee(organisation_id, trainee_id)
    bars = bars or bars_for(organisation_id)
    rows = (
        counted(
            Attempt.objects.filter(
                organisation_id=organisation_id, trainee_id=trainee_id, variant__in=REPORTED_GAMES
            )
        )
        .order_by("created_at", "pk")
        .values_list(*_COLUMNS)
    )
    days, units = _group_history(rows.iterator(chunk_size=5000))
    _upsert_daily([_daily_row(organisation_id, trainee_id, key, day) for key, day in days.items()])
    _upsert_progress(
        [
            _progress_row(organisation_id, trainee_id, skill, variant, history, bars)
            for (skill, variant), history in units.items()
        ]
    )
    _delete_stale(organisation_id, trainee_id, set(days), set(units))
    return sum(len(history) for history in units.values())


def _delete_stale(
    organisation_id: int,
    trainee_id: int,
    days: set[tuple[str, str, date]],
    units: set[tuple[str, str]],
) -> None:
    existing_days = DailyRollup.objects.filter(organisation_id=organisation_id, trainee_id=trainee_id)
    stale = [
        pk
        for pk, skill, variant, on in existing_days.values_list("pk", "skill", "variant", "day")
        if (skill, variant, on) not in days
    ]
    if stale:
        DailyRollup.objects.filter(pk__in=stale).delete()
    existing_units = SkillProgress.objects.filter(organisation_id=organisation_id, trainee_id=trainee_id)
    stale = [
        pk
        for pk, skill, variant in existing_units.values_list("pk", "skill", "variant")
        if (skill, variant) not in units
    ]
    if stale:
        SkillProgress.objects.filter(pk__in=stale).delete()


def trainees_with_rollup_work(*, organisation_id: int) -> list[int]:
    """Everyone with attempts or rollups in the organisation (rollups of removed attempts go too)."""
    with_attempts = set(
        Attempt.objects.filter(organisation_id=organisation_id, variant__in=REPORTED_GAMES)
        .order_by()
        .values_list("trainee_id", flat=True)
        .distinct()
    )
    with_rollups = set(
        SkillProgress.objects.filter(organisation_id=organisation_id)
        .values_list("trainee_id", flat=True)
        .distinct()
    )
    return sorted(with_attempts | with_rollups)


def organisations_with_rollup_work() -> list[int]:
    return list(Organisation.objects.order_by("pk").values_list("pk", flat=True))


def refresh_arguments(attempt: Any) -> dict[str, Any]:
    """The ``rollup_refresh`` arguments for one attempt (JSON-friendly, for a task message)."""
    return {
        "organisation_id": attempt.organisation_id,
        "trainee_id": attempt.trainee_id,
        "skill": attempt.skill,
        "variant": attempt.variant,
        "day": local_day(attempt.created_at).isoformat(),
    }
