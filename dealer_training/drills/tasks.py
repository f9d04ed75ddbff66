"""Celery entry points of the drills: the review schedule catching up with the answers.

Idempotent (each answer is counted once, whichever catch-up runs first), run with ``acks_late``
and retried on database errors (``dealer_training.queueing.TASK_RETRY``).
"""

from datetime import timedelta

from celery import shared_task

from dealer_training.queueing import TASK_RETRY

from . import review


@shared_task(**TASK_RETRY)
def review_catch_up(*, organisation_id: int, trainee_id: int) -> int:
    """Count one trainee's answers not yet in their review schedule."""
    return review.catch_up(organisation_id=organisation_id, trainee_id=trainee_id)


# Answers still not counted this long after they were given are caught up by the periodic sweep
# (Celery beat), whatever became of their own catch-up.
STALE_AFTER = timedelta(minutes=2)


@shared_task(**TASK_RETRY)
def review_catch_up_stale() -> int:
    """The sweep: count the answers whose catch-up never ran."""
    return review.catch_up_stale(older_than=STALE_AFTER)
