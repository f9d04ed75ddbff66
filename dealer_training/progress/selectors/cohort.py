"""The cohort report: trainees by skill and game, who slips, open assignments, exams, mastery times."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from statistics import median as stat_median
from typing import Any

from django.db.models import Count, Sum
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from dealer_training.accounts.models import Cohort, Membership, Organisation, Role
from dealer_training.drills.models import (
    DrillSession,
    ReviewCard,
)
from dealer_training.drills.selection import visible_review_cards
from dealer_training.scenarios.models import Assignment

from .. import heatmap
from ..labels import STATUS_MARKS, STATUS_WORDS
from ..mastery import Bars, Standing, Status, standing
from ..models import DailyRollup, SkillProgress
from .common import (
    ASSIGNMENT_LOOKAHEAD,
    ASSIGNMENT_LOOKBACK,
    LIST_LIMIT,
    REPORT_GAME_CODES,
    REPORT_SKILL_CODES,
    Tally,
    game_labels,
    report_skills,
    training_settings_for,
)
from .exams import ExamResult, exam_results, exam_sessions


@dataclass
class HeatCell(Tally):
    skill: str
    attempts: int = 0
    correct: int = 0
    total_ms: int = 0
    target_seconds: float = 0.0
    statuses: list[tuple[str, Status]] = field(default_factory=list)  # (game label, status)

    @property
    def over_target(self) -> bool:
        seconds = self.average_seconds
        return seconds is not None and seconds > self.target_seconds

    @property
    def status(self) -> str:
        """Mastered when every game practised is mastered; slipping when any game slips."""
        found = [status for _, status in self.statuses if status != Status.NOT_STARTED]
        if not found:
            return Status.NOT_STARTED.value
        if Status.SLIPPING in found:
            return Status.SLIPPING.value
        if all(status == Status.MASTERED for status in found):
            return Status.MASTERED.value
        return Status.PRACTISING.value

    def finish(self, *, bar: int, slower: str, words: dict[str, str]) -> None:
        """Fix what the heatmap prints, once: a report has thousands of cells, and each lookup
        in the template costs more than computing it here."""
        accuracy = self.accuracy
        status = self.status
        self.band = "none" if accuracy is None else str(accuracy_band(accuracy, bar))
        self.accuracy_text = "" if accuracy is None else f"{accuracy:.0f}%"
        seconds = self.average_seconds
        self.seconds_text = "" if seconds is None else _("%(s)s s") % {"s": f"{seconds:.1f}"}
        self.slow = self.over_target
        self.mark = STATUS_MARKS[status] if status in (Status.MASTERED, Status.SLIPPING) else ""
        said = [words[status]] if status != Status.NOT_STARTED else []
        if self.slow:
            said.append(slower)
        self.hidden_text = ", ".join(said)


@dataclass
class DueAssignment:
    title: str
    due_at: datetime
    overdue: bool


@dataclass
class TraineeLine:
    membership: Membership
    cells: list[HeatCell]
    reviews_due: int = 0
    assignments: list[DueAssignment] = field(default_factory=list)

    @property
    def user(self) -> Any:
        return self.membership.user

    @property
    def attempts(self) -> int:
        return sum(cell.attempts for cell in self.cells)

    @property
    def accuracy(self) -> float | None:
        attempts = self.attempts
        return 100 * sum(cell.correct for cell in self.cells) / attempts if attempts else None

    @property
    def is_due(self) -> bool:
        return bool(self.reviews_due or self.assignments)

    @property
    def cells_html(self) -> SafeString:
        return heatmap.cells_html(self.cells)


@dataclass(frozen=True)
class SlippingItem:
    membership: Membership
    skill: str
    skill_label: str
    variant_label: str
    standing: Standing
    mastered_at: datetime


@dataclass(frozen=True)
class MasteryTime:
    skill: str
    skill_label: str
    variant_label: str
    practising: int
    mastered: int
    median_days: float | None
    median_answers: float | None


@dataclass
class CohortReport:
    """The report; the lists beside the heatmap show their first ``LIST_LIMIT`` items and a count."""

    skills: list[tuple[str, str]]
    lines: list[TraineeLine]
    slipping: list[SlippingItem]
    slipping_count: int
    due: list[TraineeLine]
    due_count: int
    mastery_times: list[MasteryTime]
    exams: list[ExamResult]
    exam_count: int
    bars: Bars
    start: date
    variant: str

    @property
    def slipping_more(self) -> int:
        return self.slipping_count - len(self.slipping)

    @property
    def due_more(self) -> int:
        return self.due_count - len(self.due)

    @property
    def exams_more(self) -> int:
        return self.exam_count - len(self.exams)


def accuracy_band(accuracy: float | None, bar: int) -> int:
    """0 (far below the mastery bar) to 3 (at or above it); -1 without answers."""
    if accuracy is None:
        return -1
    if accuracy >= bar:
        return 3
    if accuracy >= bar - 10:
        return 2
    if accuracy >= bar - 25:
        return 1
    return 0


def trainee_memberships(*, organisation: Organisation, cohort: Cohort | None) -> list[Membership]:
    members = (
        Membership.objects.current()
        .filter(organisation=organisation, role=Role.TRAINEE)
        .select_related("user")
    )
    if cohort is not None:
        members = members.filter(cohorts=cohort)
    return sorted(members, key=lambda m: (m.user.display_name.casefold(), m.user.email))


def _open_assignments(
    *, organisation: Organisation, memberships: Sequence[Membership], now: datetime
) -> dict[int, list[DueAssignment]]:
    """Assignments due within a week (or overdue up to 60 days) that the trainee has not finished."""
    assignments = list(
        Assignment.objects.filter(
            organisation=organisation,
            due_at__gte=now - ASSIGNMENT_LOOKBACK,
            due_at__lte=now + ASSIGNMENT_LOOKAHEAD,
        ).select_related("drill_set")
    )
    if not assignments:
        return {}
    user_ids = {m.user_id for m in memberships}
    cohort_ids = {a.cohort_id for a in assignments if a.cohort_id}
    cohort_users: dict[int, set[int]] = defaultdict(set)
    if cohort_ids:
        through = Membership.cohorts.through
        for cohort_id, user_id in through.objects.filter(cohort_id__in=cohort_ids).values_list(
            "cohort_id", "membership__user_id"
        ):
            cohort_users[cohort_id].add(user_id)
    finished: dict[tuple[int, int], datetime] = {}
    for trainee_id, drill_set_id, finished_at in DrillSession.objects.filter(
        organisation=organisation,
        drill_set_id__in={a.drill_set_id for a in assignments},
        trainee_id__in=user_ids,
        finished_at__isnull=False,
    ).values_list("trainee_id", "drill_set_id", "finished_at"):
        assert finished_at is not None  # only finished sessions are read
        key = (trainee_id, drill_set_id)
        finished[key] = max(finished_at, finished.get(key, finished_at))
    due: dict[int, list[DueAssignment]] = defaultdict(list)
    for assignment in assignments:
        assert assignment.due_at is not None
        targets = (
            {assignment.trainee_id} if assignment.trainee_id else cohort_users[assignment.cohort_id or 0]
        )
        for user_id in targets & user_ids:
            done = finished.get((user_id, assignment.drill_set_id))
            if done is not None and done >= assignment.created_at:
                continue
            due[user_id].append(
                DueAssignment(
                    title=assignment.drill_set.title,
                    due_at=assignment.due_at,
                    overdue=assignment.due_at < now,
                )
            )
    for items in due.values():
        items.sort(key=lambda item: item.due_at)
    return due


_PROGRESS_COLUMNS = (
    "trainee_id",
    "skill",
    "variant",
    "attempts",
    "window_answers",
    "window_correct",
    "window_median_ms",
    "mastered_at",
    "first_attempt_at",
    "attempts_to_mastery",
)
_SKILL_ORDER = {code: i for i, code in enumerate(REPORT_SKILL_CODES)}
_VARIANT_ORDER = {code: i for i, code in enumerate(REPORT_GAME_CODES)}


def _unit_order(skill: str, variant: str) -> tuple[int, int]:
    return _SKILL_ORDER.get(skill, len(_SKILL_ORDER)), _VARIANT_ORDER.get(variant, len(_VARIANT_ORDER))


def cohort_report(
    *,
    organisation: Organisation,
    cohort: Cohort | None,
    variant: str,
    start: date,
    exam_title: str,
) -> CohortReport:
    """The cohort report: heatmap, slipping, due, time to mastery, exams. A fixed number of queries."""
    training = training_settings_for(organisation)
    bars = Bars.from_settings(training)
    memberships = trainee_memberships(organisation=organisation, cohort=cohort)
    user_ids = [m.user_id for m in memberships]
    # The stud skills, then each other game as its own column (only the chosen game's, if one is).
    skills = report_skills(variant)
    variant_labels = game_labels()
    skill_labels = dict(report_skills())
    cells: dict[int, dict[str, HeatCell]] = {
        uid: {skill: HeatCell(skill=skill, target_seconds=bars.target_seconds(skill)) for skill, _ in skills}
        for uid in user_ids
    }

    rollups = DailyRollup.objects.filter(organisation=organisation, day__gte=start, trainee_id__in=user_ids)
    if variant:
        rollups = rollups.filter(variant=variant)
    for trainee_id, skill, attempts, correct, total in (
        rollups.values("trainee_id", "skill")
        .annotate(a=Sum("attempts"), c=Sum("correct"), t=Sum("time_ms_total"))
        .values_list("trainee_id", "skill", "a", "c", "t")
        .order_by()
    ):
        cell = cells[trainee_id].get(skill)
        if cell is not None:
            cell.attempts, cell.correct, cell.total_ms = attempts, correct, total

    progress = SkillProgress.objects.filter(organisation=organisation, trainee_id__in=user_ids).defer(
        "recent"
    )
    if variant:
        progress = progress.filter(variant=variant)
    by_user = {m.user_id: m for m in memberships}
    slipping: list[SlippingItem] = []
    times: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(
        lambda: {"days": [], "answers": [], "practising": []}
    )
    # Plain tuples, not model instances: a cohort has thousands of these rows.
    for (
        trainee_id,
        skill,
        game,
        attempts,
        window_answers,
        window_correct,
        window_median_ms,
        mastered_at,
        first_attempt_at,
        attempts_to_mastery,
    ) in progress.values_list(*_PROGRESS_COLUMNS):
        now = standing(
            skill=skill,
            attempts=attempts,
            window_answers=window_answers,
            window_correct=window_correct,
            window_median_ms=window_median_ms,
            mastered_at=mastered_at,
            bars=bars,
        )
        cell = cells[trainee_id].get(skill)
        if cell is not None:
            cell.statuses.append((variant_labels.get(game, game), now.status))
        bucket = times[(skill, game)]
        if mastered_at and first_attempt_at:
            bucket["days"].append((mastered_at - first_attempt_at).total_seconds() / 86400)
            bucket["answers"].append(float(attempts_to_mastery or 0))
        else:
            bucket["practising"].append(1)
        if now.status == Status.SLIPPING and mastered_at:
            slipping.append(
                SlippingItem(
                    membership=by_user[trainee_id],
                    skill=skill,
                    skill_label=skill_labels.get(skill, skill),
                    variant_label=variant_labels.get(game, game),
                    standing=now,
                    mastered_at=mastered_at,
                )
            )
    slipping.sort(key=lambda item: (item.standing.window_accuracy or 0, item.membership.user.email))

    now_at = timezone.now()
    reviews = dict(
        visible_review_cards(
            ReviewCard.objects.filter(organisation=organisation, trainee_id__in=user_ids, due_at__lte=now_at),
            organisation_id=organisation.pk,
        )
        .values("trainee_id")
        .annotate(n=Count("pk"))
        .values_list("trainee_id", "n")
        .order_by()
    )
    assignments = _open_assignments(organisation=organisation, memberships=memberships, now=now_at)

    start_at = datetime.combine(start, datetime.min.time(), tzinfo=timezone.get_current_timezone())
    sessions = exam_sessions(organisation=organisation).filter(
        trainee_id__in=user_ids, finished_at__gte=start_at
    )
    exam_count = sessions.count()
    exams = exam_results(sessions=sessions[:LIST_LIMIT], training=training, default_title=exam_title)

    slower = str(_("slower than the target"))
    words = {status: str(word) for status, word in STATUS_WORDS.items()}
    for by_skill in cells.values():
        for cell in by_skill.values():
            cell.finish(bar=bars.accuracy, slower=slower, words=words)
    lines = [
        TraineeLine(
            membership=m,
            cells=[cells[m.user_id][skill] for skill, _ in skills],
            reviews_due=reviews.get(m.user_id, 0),
            assignments=assignments.get(m.user_id, []),
        )
        for m in memberships
    ]
    mastery_times = [
        MasteryTime(
            skill=skill,
            skill_label=skill_labels.get(skill, skill),
            variant_label=variant_labels.get(game, game),
            practising=len(bucket["practising"]),
            mastered=len(bucket["days"]),
            median_days=stat_median(bucket["days"]) if bucket["days"] else None,
            median_answers=stat_median(bucket["answers"]) if bucket["answers"] else None,
        )
        for (skill, game), bucket in sorted(times.items(), key=lambda item: _unit_order(*item[0]))
    ]
    due = [line for line in lines if line.is_due]
    return CohortReport(
        skills=skills,
        lines=lines,
        slipping=slipping[:LIST_LIMIT],
        slipping_count=len(slipping),
        due=due[:LIST_LIMIT],
        due_count=len(due),
        mastery_times=mastery_times,
        exams=exams,
        exam_count=exam_count,
        bars=bars,
        start=start,
        variant=variant,
    )
