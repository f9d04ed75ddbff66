"""Reads of the drills: sessions and questions of one trainee, plans, the review queue."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from dealer_training.accounts.models import Organisation, User
from dealer_training.prepared import Prepared
from dealer_training.scenarios.models import DrillSet, Scenario
from dealer_training.scenarios.selectors import drill_set_items_marking_held, held_for_exams

from .grades import Answer, answer_of
from .models import Attempt, DrillSession, Mode, Question, ReviewCard, TrainingSettings, WalkLevel
from .selection import PlanEntry, asked_in_session, visible_review_cards
from .targets import clean_speed_targets, target_seconds

# A skill whose review card has lapsed this often is flagged as one the trainee keeps missing.
MISSED_LAPSES = 3


# The room's training bars are read on every timed question and answer and change rarely: they
# are kept in the shared cache, dropped whenever they are saved or deleted (and after the commit,
# so that a reader in between cannot keep the old ones), and kept at most this long in any case.
TRAINING_CACHE_SECONDS = 300


def _training_key(organisation_id: int) -> str:
    return f"drills:training-settings:{organisation_id}"


def training_settings_for(organisation_id: int) -> TrainingSettings:
    """The organisation's training bars (the defaults when it has set none)."""
    key = _training_key(organisation_id)
    training: TrainingSettings | None = cache.get(key)
    if training is None:
        training = TrainingSettings.objects.filter(
            organisation_id=organisation_id
        ).first() or TrainingSettings(organisation_id=organisation_id)
        cache.set(key, training, TRAINING_CACHE_SECONDS)
    return training


def forget_training_settings(sender: Any, *, instance: TrainingSettings, **kwargs: Any) -> None:
    """TrainingSettings saved or deleted: the cached copy goes, now and once committed."""
    key = _training_key(instance.organisation_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def drill_set_plan(*, drill_set: DrillSet) -> list[PlanEntry]:
    """A drill set's items expanded to one entry per question, in order. Drafts are left out, and
    so, in a set that is not an exam, are the scenarios an exam holds back from practice."""
    plan: list[PlanEntry] = []
    items = drill_set_items_marking_held(drill_set=drill_set)
    for item in items:
        if item.scenario_id is not None:
            scenario = item.scenario
            assert scenario is not None
            if item.held:
                continue
            if scenario.status == Scenario.Status.PUBLISHED and scenario.current_version_id is not None:
                plan.append(PlanEntry(scenario, scenario.skill, scenario.variant))
        else:
            plan += [PlanEntry(None, item.skill, item.variant)] * item.count
    return plan


def drill_set_plan_size(*, drill_set: DrillSet) -> int:
    """The questions of ``drill_set_plan`` counted by the database, without expanding the plan:
    the size guard before a session starts. Scenarios an exam holds back from a practice set are
    counted too (the plan skips them), so it is never below the plan's length."""
    items = drill_set.items.all()
    generated = items.filter(scenario__isnull=True).aggregate(n=Sum("count"))["n"] or 0
    authored = items.filter(
        scenario__status=Scenario.Status.PUBLISHED,
        scenario__current_version__isnull=False,
        scenario__deleted_at__isnull=True,
    ).count()
    return int(generated) + authored


def due_review_cards(
    *,
    organisation: Organisation,
    trainee: User,
    limit: int = 20,
    now: datetime | None = None,
    session: DrillSession | None = None,
) -> list[ReviewCard]:
    """The trainee's review cards due now, most overdue first (authored scenarios still published
    and not held back by an exam); with ``session``, leaving out the scenarios it has asked."""
    now = now or timezone.now()
    cards = visible_review_cards(
        ReviewCard.objects.filter(organisation=organisation, trainee=trainee, due_at__lte=now),
        organisation_id=organisation.pk,
    )
    if session is not None:
        cards = cards.exclude(scenario_id__in=asked_in_session(session))
    return list(cards.select_related("scenario__current_version").order_by("due_at")[:limit])


@dataclass(frozen=True)
class ReviewSummary:
    due: int
    next_due: datetime | None
    missed: list[ReviewCard]


def review_summary(
    *, organisation: Organisation, trainee: User, now: datetime | None = None
) -> ReviewSummary:
    """How many reviews are due, when the next one is, and the skills the trainee keeps missing."""
    now = now or timezone.now()
    cards = visible_review_cards(
        ReviewCard.objects.filter(organisation=organisation, trainee=trainee), organisation_id=organisation.pk
    )
    counts = cards.aggregate(due=Count("pk", filter=Q(due_at__lte=now)))
    upcoming = cards.filter(due_at__gt=now).order_by("due_at").values_list("due_at", flat=True).first()
    missed = list(
        cards.filter(lapses__gte=MISSED_LAPSES, scenario__isnull=True).order_by("-lapses", "skill")[:5]
    )
    return ReviewSummary(due=counts["due"] or 0, next_due=upcoming, missed=missed)


def session_for_trainee(*, organisation: Organisation, trainee: User, pk: int) -> DrillSession | None:
    """A session of this trainee in this organisation (anyone else's is not found)."""
    return (
        DrillSession.objects.select_related("drill_set", "organisation")
        .filter(organisation=organisation, trainee=trainee, pk=pk)
        .first()
    )


# Read by every answer: compiled once (dealer_training.prepared).
_QUESTION = Prepared(
    lambda organisation_id, trainee_id, pk: Question.objects.select_related("session", "attempt").filter(
        organisation_id=organisation_id, trainee_id=trainee_id, pk=pk
    )[:1],
    organisation_id=int,
    trainee_id=int,
    pk=int,
)


def question_for_trainee(*, organisation: Organisation, trainee: User, pk: int) -> Question | None:
    """A question of this trainee in this organisation, with its session and its answer if any."""
    return _QUESTION.first(organisation_id=organisation.pk, trainee_id=trainee.pk, pk=pk)


def recent_sessions(*, organisation: Organisation, trainee: User, limit: int = 8) -> QuerySet[DrillSession]:
    return (
        DrillSession.objects.filter(organisation=organisation, trainee=trainee)
        .select_related("drill_set")
        .annotate(
            answered=Count("attempts"),
            right=Count("attempts", filter=Q(attempts__correct=True)),
        )
        .order_by("-started_at")[:limit]
    )


def session_attempts(*, session: DrillSession) -> QuerySet[Question]:
    return session.questions.select_related("attempt").order_by("position")


def missed_questions(*, session: DrillSession) -> list[Question]:
    """The questions of ``session`` answered wrong, in order, that practice may ask again: an
    authored scenario that an exam now holds back from practice is left out."""
    return list(
        session.questions.filter(attempt__correct=False)
        .exclude(
            scenario_version__scenario_id__in=held_for_exams(organisation_id=session.organisation_id),
        )
        .order_by("position")
    )


# The grades read at most this many of a trainee's newest answers (one query): enough for every
# skill's window, however the trainee spread their practice lately.
GRADE_ANSWERS_READ = 2000


def grade_answers(
    *, organisation_id: int, trainee_id: int, training: TrainingSettings, limit: int = GRADE_ANSWERS_READ
) -> list[Answer]:
    """A trainee's newest answers as the grades read them, oldest first: one query. An exam
    sitting's answers count once it has ended (as the progress rollups count them)."""
    targets = clean_speed_targets(training.speed_targets)
    rows = (
        Attempt.objects.filter(organisation_id=organisation_id, trainee_id=trainee_id)
        .exclude(mode=Mode.EXAM, session__finished_at__isnull=True)
        .order_by("-created_at", "-pk")
        .values_list(
            "skill",
            "mode",
            "correct",
            "time_ms",
            "speed",
            "scenario_version__scenario__difficulty",
            "created_at",
            "session__walk_level",
            "question__hint_shown_at",
        )[:limit]
    )
    return [
        answer_of(
            skill=skill,
            mode=mode,
            # An answer given with a hint (asked for, or shown by a learning walk) is not counted
            # as right in the grade: the grade says what the dealer does unaided.
            correct=correct and hint_at is None and not (mode == Mode.WALK and walk_level == WalkLevel.LEARN),
            time_ms=time_ms,
            speed=speed,
            authored_difficulty=difficulty,
            target_seconds=target_seconds(skill, targets),
            day=timezone.localtime(created_at).date(),
            walk_level=walk_level,
        )
        for skill, mode, correct, time_ms, speed, difficulty, created_at, walk_level, hint_at in reversed(
            rows
        )
    ]


def next_answered_question(*, session: DrillSession, after: int) -> Question | None:
    """The session's next question after position ``after`` that has an answer (for review)."""
    return session.questions.filter(position__gt=after, attempt__isnull=False).order_by("position").first()
