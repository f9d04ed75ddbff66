"""One trainee's progress: mastery grid, streak, weekly history, due reviews, certificates, attempts."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.core.paginator import Page, Paginator
from django.db.models import Sum
from django.utils import timezone

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import (
    Attempt,
    Certificate,
    ReviewCard,
)
from dealer_training.drills.selection import visible_review_cards
from dealer_training.scenarios.choices import Skill, Variant

from ..mastery import Bars, Standing, Status
from ..models import DailyRollup, SkillProgress
from ..rollups import counted
from .common import HISTORY_WEEKS, Tally, applies, other_games


@dataclass(frozen=True)
class MasteryCell:
    skill: str
    variant: str
    variant_label: str
    applicable: bool
    standing: Standing | None
    mastered_at: datetime | None = None
    attempts_to_mastery: int | None = None
    first_attempt_at: datetime | None = None

    @property
    def status(self) -> str:
        if not self.applicable:
            return "not_applicable"
        return self.standing.status.value if self.standing else Status.NOT_STARTED.value


@dataclass(frozen=True)
class MasteryRow:
    skill: str
    label: str
    target_seconds: float
    cells: list[MasteryCell]


@dataclass(frozen=True)
class MasteryGrid:
    rows: list[MasteryRow]
    variants: list[tuple[str, str]]
    bars: Bars
    mastered: int
    practising: int
    slipping: list[MasteryCell]
    applicable: int
    # The other games, a row of one cell each (the game is its own skill). One counts in
    # ``applicable`` once the trainee has practised it: the stud skills are the curriculum.
    others: list[MasteryRow] = field(default_factory=list)

    @property
    def started(self) -> int:
        return self.mastered + self.practising + len(self.slipping)


def mastery_grid(*, organisation: Organisation, trainee_id: int, bars: Bars) -> MasteryGrid:
    """Every skill in every game for one trainee, and each other game: one query."""
    rows = SkillProgress.objects.filter(organisation=organisation, trainee_id=trainee_id).defer("recent")
    by_unit = {(row.skill, row.variant): row for row in rows}
    counts = {Status.MASTERED: 0, Status.PRACTISING: 0}
    slipping: list[MasteryCell] = []
    applicable_count = 0

    def cell_of(skill: str, variant: str, variant_label: str, *, optional: bool = False) -> MasteryCell:
        nonlocal applicable_count
        row = by_unit.get((skill, variant))
        ok = (applies(skill, variant) and not optional) or row is not None
        applicable_count += 1 if ok else 0
        now = row.standing(bars) if row else None
        cell = MasteryCell(
            skill=skill,
            variant=variant,
            variant_label=variant_label,
            applicable=ok or optional,
            standing=now,
            mastered_at=row.mastered_at if row else None,
            attempts_to_mastery=row.attempts_to_mastery if row else None,
            first_attempt_at=row.first_attempt_at if row else None,
        )
        if now is not None and now.status in counts:
            counts[now.status] += 1
        elif now is not None and now.status == Status.SLIPPING:
            slipping.append(cell)
        return cell

    grid_rows = [
        MasteryRow(
            skill=skill,
            label=str(label),
            target_seconds=bars.target_seconds(skill),
            cells=[cell_of(skill, variant, str(variant_label)) for variant, variant_label in Variant.choices],
        )
        for skill, label in Skill.choices
    ]
    others = [
        MasteryRow(
            skill=skill,
            label=label,
            target_seconds=bars.target_seconds(skill),
            cells=[cell_of(skill, code, label, optional=True)],
        )
        for skill, code, label in other_games()
    ]
    return MasteryGrid(
        rows=grid_rows,
        variants=[(value, str(label)) for value, label in Variant.choices],
        bars=bars,
        mastered=counts[Status.MASTERED],
        practising=counts[Status.PRACTISING],
        slipping=slipping,
        applicable=applicable_count,
        others=others,
    )


@dataclass(frozen=True)
class Streak:
    days_in_a_row: int  # ending today, or yesterday when today has no practice yet
    practised_today: bool
    last_day: date | None
    days_last_4_weeks: int


def practice_streak(*, organisation: Organisation, trainee_id: int, today: date | None = None) -> Streak:
    today = today or timezone.localdate()
    days = set(
        DailyRollup.objects.filter(
            organisation=organisation, trainee_id=trainee_id, day__gte=today - timedelta(days=400)
        )
        .values_list("day", flat=True)
        .distinct()
    )
    run = 0
    cursor = today if today in days else today - timedelta(days=1)
    while cursor in days:
        run += 1
        cursor -= timedelta(days=1)
    return Streak(
        days_in_a_row=run,
        practised_today=today in days,
        last_day=max(days) if days else None,
        days_last_4_weeks=sum(1 for day in days if day > today - timedelta(days=28)),
    )


@dataclass(frozen=True)
class HistoryPoint(Tally):
    start: date
    attempts: int
    correct: int
    total_ms: int


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def history_weeks(
    *,
    organisation: Organisation,
    trainee_id: int,
    skill: str = "",
    variant: str = "",
    weeks: int = HISTORY_WEEKS,
    today: date | None = None,
) -> list[HistoryPoint]:
    """Accuracy and average time per week (Monday to Sunday), oldest first: one query."""
    today = today or timezone.localdate()
    first = week_start(today) - timedelta(weeks=weeks - 1)
    rows = DailyRollup.objects.filter(organisation=organisation, trainee_id=trainee_id, day__gte=first)
    if skill:
        rows = rows.filter(skill=skill)
    if variant:
        rows = rows.filter(variant=variant)
    buckets: dict[date, list[int]] = defaultdict(lambda: [0, 0, 0])
    for day, attempts, correct, total in (
        rows.values("day")
        .annotate(a=Sum("attempts"), c=Sum("correct"), t=Sum("time_ms_total"))
        .values_list("day", "a", "c", "t")
    ):
        bucket = buckets[week_start(day)]
        bucket[0] += attempts
        bucket[1] += correct
        bucket[2] += total
    return [
        HistoryPoint(start=start, attempts=b[0], correct=b[1], total_ms=b[2])
        for start in (first + timedelta(weeks=i) for i in range(weeks))
        for b in [buckets.get(start, [0, 0, 0])]
    ]


def reviews_due_count(*, organisation: Organisation, trainee_id: int) -> int:
    return visible_review_cards(
        ReviewCard.objects.filter(
            organisation=organisation, trainee_id=trainee_id, due_at__lte=timezone.now()
        ),
        organisation_id=organisation.pk,
    ).count()


def certificates_for_trainee(*, organisation: Organisation, trainee_id: int) -> list[Certificate]:
    return list(
        Certificate.objects.filter(organisation=organisation, trainee_id=trainee_id)
        .select_related("signed_off_by", "revoked_by")
        .order_by("-issued_at")
    )


def certificates_in_force(certificates: list[Certificate]) -> int:
    """How many of ``certificates`` still hold: a revoked certificate no longer counts."""
    return sum(1 for certificate in certificates if certificate.revoked_at is None)


def trainee_attempts_page(
    *, organisation: Organisation, trainee_id: int, page: int | str, per_page: int = 25
) -> Page[Attempt]:
    """One page of a trainee's attempts, newest first, with what the scenario was."""
    attempts = (
        # An exam sitting's answers show once it has ended, as the rollups count them.
        counted(Attempt.objects.filter(organisation=organisation, trainee_id=trainee_id))
        .select_related("question", "scenario_version__scenario")
        .only(
            "created_at",
            "mode",
            "skill",
            "variant",
            "kind",
            "answer",
            "correct",
            "score",
            "time_ms",
            "speed",
            "trainee_id",
            "verdict",
            "question__kind",
            "question__variant",
            "question__fields",
            "question__seed",
            "question__position",
            # The question drawn small (from its view) and its correct answer (``attempt_rows``).
            "question__document",
            "question__view",
            "question__expected",
            "scenario_version__number",
            "scenario_version__scenario_id",
            "scenario_version__scenario__title",
        )
        .order_by("-created_at", "-pk")
    )
    return Paginator(attempts, per_page).page(page)


def trainee_attempt(*, organisation: Organisation, trainee_id: int, attempt_id: int) -> Attempt | None:
    """One of a trainee's answers with its question, once it counts (an exam's after the
    sitting ends); None when it is not this trainee's in this organisation."""
    return (
        counted(Attempt.objects.filter(organisation=organisation, trainee_id=trainee_id, pk=attempt_id))
        .select_related("question", "session", "scenario_version__scenario")
        .first()
    )
