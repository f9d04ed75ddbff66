"""Spaced repetition with ``fsrs``: one card per trainee and skill in a game, and per authored scenario.

An answer is a review: wrong is *Again*; right is *Easy* when fast, *Good* when within twice the
skill's speed target, *Hard* when slower or made with a hint. A miss counts as a lapse, so skills a
trainee keeps missing stand out (``selectors.review_summary``).

The answer is stored at once with ``review_pending`` set, and the schedule catches up after the
commit (:func:`catch_up`, queued on a worker by the answer and run again before any read of the
schedule): answers are counted once each, in the order they were given, whichever runs first.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db import transaction
from django.utils import timezone
from fsrs import Card, Rating, Scheduler

from .models import Attempt, ReviewCard
from .selectors import training_settings_for
from .targets import clean_speed_targets, speed_grade, target_seconds


@lru_cache(maxsize=1)
def scheduler() -> Scheduler:
    # No fuzzing: the same answers give the same schedule, which keeps reviews testable.
    return Scheduler(enable_fuzzing=False)


def rating_for(*, correct: bool, time_ms: int, target: float) -> Rating:
    if not correct:
        return Rating.Again
    return {"fast": Rating.Easy, "normal": Rating.Good, "slow": Rating.Hard}[speed_grade(time_ms, target)]


def record(*, attempt: Attempt, target: float, now: datetime, aided: bool = False) -> None:
    """Schedule the skill's card (and the authored scenario's) after ``attempt``; a right answer
    given with a hint (``aided``) was not made unaided and is reviewed as *Hard*."""
    rating = rating_for(correct=attempt.correct, time_ms=attempt.time_ms, target=target)
    if aided and rating in (Rating.Easy, Rating.Good):
        rating = Rating.Hard
    keys: list[dict[str, Any]] = [
        {
            "organisation_id": attempt.organisation_id,
            "trainee_id": attempt.trainee_id,
            "skill": attempt.skill,
            "variant": attempt.variant,
            "scenario": None,
        }
    ]
    version = attempt.scenario_version
    if version is not None:
        keys.append({"trainee_id": attempt.trainee_id, "scenario_id": version.scenario_id})
    for key in keys:
        _review(key, attempt, rating, now)


def _review(key: dict[str, Any], attempt: Attempt, rating: Rating, now: datetime) -> None:
    row = ReviewCard.objects.select_for_update().filter(**key).first()
    card = Card.from_dict(row.card) if row is not None else Card()
    card, _log = scheduler().review_card(card, rating, review_datetime=now)
    if row is None:
        row = ReviewCard(
            organisation_id=attempt.organisation_id,
            trainee_id=attempt.trainee_id,
            skill=attempt.skill,
            variant=attempt.variant,
            scenario_id=key.get("scenario_id"),
        )
    row.card = card.to_dict()
    row.due_at = card.due
    row.last_review_at = now
    if rating == Rating.Again:
        row.lapses += 1
    row.save()


def catch_up(*, organisation_id: int, trainee_id: int) -> int:
    """Count the trainee's answers not yet in their review schedule, oldest first, each once;
    returns how many were counted. Cheap when there are none (a partial index holds them)."""
    pending = Attempt.objects.filter(
        organisation_id=organisation_id, trainee_id=trainee_id, review_pending=True
    )
    if not pending.exists():
        return 0
    with transaction.atomic():
        # Locked, so that two catch-ups of one trainee count each answer once: the second waits,
        # then finds the rows no longer pending.
        attempts = list(
            pending.select_for_update(of=("self",))
            .select_related("question__session", "scenario_version")
            .order_by("pk")
        )
        if not attempts:
            return 0
        targets = clean_speed_targets(training_settings_for(organisation_id).speed_targets)
        for attempt in attempts:
            record(
                attempt=attempt,
                target=target_seconds(attempt.skill, targets),
                now=attempt.created_at,
                aided=attempt.question.aided,
            )
        Attempt.objects.filter(pk__in=[a.pk for a in attempts]).update(review_pending=False)
    return len(attempts)


def catch_up_stale(*, older_than: timedelta, now: datetime | None = None) -> int:
    """Catch up every trainee with an answer still not counted ``older_than`` after it was given
    (its catch-up lost on the way to a worker); returns how many answers were counted."""
    cutoff = (now or timezone.now()) - older_than
    trainees = (
        Attempt.objects.filter(review_pending=True, created_at__lt=cutoff)
        .values_list("organisation_id", "trainee_id")
        .distinct()
        .order_by()
    )
    return sum(catch_up(organisation_id=org, trainee_id=trainee) for org, trainee in list(trainees))
