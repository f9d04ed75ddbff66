"""Exam results, aggregated from each exam sitting's own attempts (looked up by session id)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, Sum

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import (
    RUNNING,
    Attempt,
    Certificate,
    DrillSession,
    Mode,
    Outcome,
    TrainingSettings,
)
from dealer_training.drills.targets import ExamBars, exam_bars


@dataclass(frozen=True)
class ExamResult:
    session: DrillSession
    title: str
    answered: int
    correct: int
    items: int
    average_seconds: float | None
    pass_accuracy: int
    pass_seconds: float | None
    certificate: Certificate | None

    @property
    def state(self) -> str:
        """``running``, ``finished``, ``abandoned`` or ``expired``."""
        return self.session.state

    @property
    def ended(self) -> bool:
        return self.state != RUNNING

    @property
    def accuracy(self) -> float:
        return 100 * self.correct / self.items if self.items else 0.0

    @property
    def accuracy_ok(self) -> bool:
        return self.items > 0 and self.correct * 100 >= self.pass_accuracy * self.items

    @property
    def speed_ok(self) -> bool:
        if self.pass_seconds is None:
            return True
        return self.average_seconds is not None and self.average_seconds <= self.pass_seconds

    @property
    def passed(self) -> bool:
        """Only a sitting that ran to its end passes: an abandoned or expired one never does."""
        return self.state == Outcome.FINISHED and self.accuracy_ok and self.speed_ok


def exam_sessions(*, organisation: Organisation, trainee_id: int | None = None) -> Any:
    """Every exam sitting from its first answer: finished, abandoned, expired or still running."""
    sittings = DrillSession.objects.filter(organisation=organisation, mode=Mode.EXAM).filter(
        Q(finished_at__isnull=False) | Q(attempts__isnull=False)
    )
    if trainee_id is not None:
        sittings = sittings.filter(trainee_id=trainee_id)
    return (
        DrillSession.objects.filter(pk__in=sittings.values("pk"))
        .select_related(
            "drill_set", "trainee", "certificate", "certificate__signed_off_by", "certificate__revoked_by"
        )
        .order_by("-started_at", "-pk")
    )


def exam_results(
    *, sessions: Iterable[DrillSession], training: TrainingSettings, default_title: str
) -> list[ExamResult]:
    """Score finished exam sessions against their blueprint's bars, else the organisation's.

    Unanswered items count as wrong. One query, by session id (indexed), for any number of exams.
    """
    sessions = list(sessions)
    totals = {
        row["session_id"]: row
        for row in Attempt.objects.filter(session_id__in=[s.pk for s in sessions])
        .values("session_id")
        .annotate(n=Count("pk"), ok=Count("pk", filter=Q(correct=True)), ms=Sum("time_ms"))
        .order_by()
    }
    results = []
    for session in sessions:
        row = totals.get(session.pk, {"n": 0, "ok": 0, "ms": 0})
        blueprint = session.drill_set
        bars = (
            ExamBars(accuracy=session.pass_accuracy, seconds=session.pass_seconds)
            if session.pass_accuracy is not None
            else exam_bars(drill_set=blueprint, training=training)
        )
        answered = row["n"] or 0
        try:
            certificate = session.certificate
        except Certificate.DoesNotExist:
            certificate = None
        results.append(
            ExamResult(
                session=session,
                title=blueprint.title if blueprint else default_title,
                answered=answered,
                correct=row["ok"] or 0,
                items=max(answered, session.planned_count),
                average_seconds=(row["ms"] or 0) / answered / 1000 if answered else None,
                pass_accuracy=bars.accuracy,
                pass_seconds=bars.seconds,
                certificate=certificate,
            )
        )
    return results
