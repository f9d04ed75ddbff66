"""Exams: who may start a sitting, its time limit, abandoning it, scoring, the certificate record.

An exam is sat only from an exam drill set of the trainee's organisation. Each sitting keeps the
pass marks in force when it started and its time limit. A sitting counts against the set's
allowance from its first answer (one abandoned or expired counts too); after a sitting that was
not passed the trainee waits the set's cool-down. Nothing about single items is shown while the
sitting runs; afterwards, the score, or the full review when the set allows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from dealer_training.accounts.models import Organisation, User
from dealer_training.scenarios.models import MAX_DRILL_SET_QUESTIONS, DrillSet, ExamReview

from .models import RUNNING, Certificate, DrillSession, Mode, Outcome
from .selectors import drill_set_plan, drill_set_plan_size, training_settings_for
from .signals import sitting_ended
from .targets import ExamBars, exam_bars


class ExamError(Exception):
    """An exam request refused; ``code`` names why and ``params`` fill the message."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# --- sittings -----------------------------------------------------------------------------------


def sittings_of(*, drill_set: DrillSet, trainee: User) -> QuerySet[DrillSession]:
    """The trainee's sittings of an exam: every one answered at least once or ended."""
    return (
        DrillSession.objects.filter(drill_set=drill_set, trainee=trainee, mode=Mode.EXAM)
        .filter(Q(finished_at__isnull=False) | Q(attempts__isnull=False))
        .distinct()
    )


def close_if_expired(session: DrillSession, *, now: datetime | None = None) -> bool:
    """Close a sitting past its time limit as expired, scored as it stands. True if it is."""
    now = now or timezone.now()
    if session.mode != Mode.EXAM or session.finished_at is not None or session.ends_at is None:
        return False
    if now < session.ends_at:
        return False
    _close(session, outcome=Outcome.EXPIRED, at=session.ends_at)
    return True


def _close(session: DrillSession, *, outcome: str, at: datetime) -> None:
    session.finished_at = at
    session.outcome = outcome
    session.save(update_fields=["finished_at", "outcome"])
    if outcome == Outcome.FINISHED:
        exam_record(session=session)
    sitting_ended.send(sender=DrillSession, session=session)


def check_open(session: DrillSession, *, now: datetime | None = None) -> None:
    """Refuse an answer to an exam sitting that has ended (closing it if its time is up)."""
    if session.mode != Mode.EXAM:
        return
    if close_if_expired(session, now=now):
        raise ExamError("sitting_expired")
    if session.finished_at is not None:
        raise ExamError("sitting_closed")


@dataclass(frozen=True)
class SittingStatus:
    """Where a trainee stands with one exam: sittings used and allowed, the one running, the wait."""

    used: int
    allowed: int
    running: DrillSession | None
    next_from: datetime | None  # inside the cool-down: the next sitting is allowed from then

    @property
    def left(self) -> int:
        return max(0, self.allowed - self.used)


def sitting_status(*, drill_set: DrillSet, trainee: User, now: datetime | None = None) -> SittingStatus:
    now = now or timezone.now()
    sittings = list(sittings_of(drill_set=drill_set, trainee=trainee).order_by("-started_at"))
    running = next((s for s in sittings if s.state == RUNNING), None)
    # A sitting past its time limit has ended even before anything closed it.
    ended = sorted((s for s in sittings if s.state != RUNNING), key=lambda s: _ended_at(s, now))
    next_from = None
    if ended and drill_set.exam_cooldown_hours and not exam_score(session=ended[-1]).passed:
        allowed_from = _ended_at(ended[-1], now) + timedelta(hours=drill_set.exam_cooldown_hours)
        next_from = allowed_from if now < allowed_from else None
    return SittingStatus(
        used=len(sittings), allowed=drill_set.exam_max_sittings, running=running, next_from=next_from
    )


def _ended_at(session: DrillSession, now: datetime) -> datetime:
    return session.finished_at or session.ends_at or now


@transaction.atomic
def exam_start(
    *,
    organisation: Organisation,
    trainee: User,
    drill_set: DrillSet | None,
    seed: str,
    now: datetime | None = None,
) -> DrillSession:
    """A sitting of an exam drill set: the one still running, or a new one if the rules allow."""
    now = now or timezone.now()
    if drill_set is None or not drill_set.is_exam or drill_set.organisation_id != organisation.pk:
        raise ExamError("exam_needs_exam_set")
    # One start at a time per exam: two tabs cannot open two sittings.
    drill_set = DrillSet.objects.select_for_update().get(pk=drill_set.pk)
    if drill_set_plan_size(drill_set=drill_set) > MAX_DRILL_SET_QUESTIONS:
        raise ExamError("drill_set_too_large")
    planned = len(drill_set_plan(drill_set=drill_set))
    if planned == 0:
        raise ExamError("empty_drill_set")
    open_sittings = DrillSession.objects.filter(
        drill_set=drill_set, trainee=trainee, mode=Mode.EXAM, finished_at__isnull=True
    ).order_by("-started_at")
    for session in open_sittings:
        if not close_if_expired(session, now=now):
            return session
    status = sitting_status(drill_set=drill_set, trainee=trainee, now=now)
    if status.left == 0:
        raise ExamError("no_sittings_left", allowed=status.allowed)
    if status.next_from is not None:
        raise ExamError("cooling_down", allowed_from=status.next_from)
    bars = exam_bars(drill_set=drill_set, training=training_settings_for(organisation.pk))
    return DrillSession.objects.create(
        organisation=organisation,
        trainee=trainee,
        mode=Mode.EXAM,
        drill_set=drill_set,
        seed=seed,
        planned_count=planned,
        ends_at=now + timedelta(minutes=drill_set.exam_minutes),
        pass_accuracy=bars.accuracy,
        pass_seconds=bars.seconds,
    )


@transaction.atomic
def exam_abandon(*, session: DrillSession, now: datetime | None = None) -> DrillSession:
    """The trainee stops a running sitting: it is recorded as abandoned and counts as a sitting."""
    now = now or timezone.now()
    session = DrillSession.objects.select_for_update().get(pk=session.pk)
    if session.mode != Mode.EXAM:
        raise ExamError("not_an_exam")
    if close_if_expired(session, now=now) or session.finished_at is not None:
        raise ExamError("sitting_closed")
    _close(session, outcome=Outcome.ABANDONED, at=now)
    return session


def exam_finish(session: DrillSession, *, now: datetime) -> None:
    """Every item answered: the sitting ends normally (scored, its certificate recorded if passed)."""
    if close_if_expired(session, now=now):
        return
    _close(session, outcome=Outcome.FINISHED, at=now)


# --- what the trainee may see -------------------------------------------------------------------


def items_visible(session: DrillSession) -> bool:
    """Whether the trainee may see single items (right or wrong, the answer, the explanation).

    Outside exams, always, except while a session whose explanations come at the end runs; in an
    exam, only after the sitting ended and when its set offers the full review.
    """
    if session.mode != Mode.EXAM:
        return not (session.explain_at_end and session.state == RUNNING)
    if session.state == RUNNING:
        return False
    return session.drill_set is not None and session.drill_set.exam_review == ExamReview.FULL


# --- scoring ------------------------------------------------------------------------------------


def sitting_bars(session: DrillSession) -> ExamBars:
    """The pass marks a sitting is held to: those in force when it started (older ones: today's)."""
    if session.pass_accuracy is not None:
        return ExamBars(accuracy=session.pass_accuracy, seconds=session.pass_seconds)
    return exam_bars(drill_set=session.drill_set, training=training_settings_for(session.organisation_id))


@dataclass(frozen=True)
class ExamScore:
    items: int
    answered: int
    correct: int
    average_seconds: float | None
    total_seconds: float
    pass_accuracy: int
    pass_seconds: float | None
    state: str
    marks_met: bool

    @property
    def accuracy(self) -> float:
        return 100.0 * self.correct / self.items if self.items else 0.0

    @property
    def passed(self) -> bool:
        """Only a sitting that ran to its end can pass: not an abandoned or expired one."""
        return self.state == Outcome.FINISHED and self.marks_met


def exam_score(*, session: DrillSession) -> ExamScore:
    """A sitting scored as it stands: unanswered items count as wrong."""
    attempts = list(session.attempts.values_list("correct", "time_ms"))
    answered = len(attempts)
    correct = sum(1 for ok, _ in attempts if ok)
    items = max(answered, session.planned_count)
    total = sum(ms for _, ms in attempts) / 1000
    average = total / answered if answered else None
    bars = sitting_bars(session)
    return ExamScore(
        items=items,
        answered=answered,
        correct=correct,
        average_seconds=average,
        total_seconds=total,
        pass_accuracy=bars.accuracy,
        pass_seconds=bars.seconds,
        state=session.state,
        marks_met=bars.passed(correct=correct, items=items, average_seconds=average),
    )


# --- the certificate record ---------------------------------------------------------------------


def new_certificate_code() -> str:
    """An unguessable verification code (128 random bits), safe in a URL."""
    import secrets

    return secrets.token_urlsafe(16)


def item_record(session: DrillSession) -> list[dict[str, object]]:
    """The items of a sitting as a certificate keeps them."""
    return [
        {
            "question": q.pk,
            "position": q.position + 1,
            "skill": q.skill,
            "variant": q.variant,
            "kind": q.kind,
            "scenario_version": q.scenario_version_id,
            "correct": bool(getattr(q, "attempt", None) and q.attempt.correct),
        }
        for q in session.questions.select_related("attempt").order_by("position")
    ]


def exam_record(*, session: DrillSession, default_title: str | None = None) -> Certificate | None:
    """A passed sitting's certificate record (unsigned until an owner signs it off)."""
    score = exam_score(session=session)
    if not score.passed:
        return None
    existing = Certificate.objects.filter(session=session).first()
    if existing is not None:
        return existing
    return Certificate.objects.create(
        organisation_id=session.organisation_id,
        trainee_id=session.trainee_id,
        session=session,
        drill_set=session.drill_set,
        title=session.drill_set.title if session.drill_set else (default_title or gettext("Exam")),
        accuracy=round(score.accuracy, 1),
        average_seconds=round(score.average_seconds or 0.0, 2),
        items=score.items,
        code=new_certificate_code(),
        taken_at=session.started_at,
        total_seconds=round(score.total_seconds, 1),
        pass_accuracy=score.pass_accuracy,
        pass_seconds=score.pass_seconds,
        item_record=item_record(session),
    )
