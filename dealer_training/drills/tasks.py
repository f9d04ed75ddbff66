"""Celery entry points of the drills: the review schedule catching up with the answers.

Idempotent (each answer is counted once, whichever catch-up runs first), run with ``acks_late``
and retried on database errors (``dealer_training.queueing.TASK_RETRY``).
"""

from celery import shared_task

from dealer_training.queueing import TASK_RETRY

from . import review


@shared_task(**TASK_RETRY)
def review_catch_up(*, organisation_id: int, trainee_id: int) -> int:
    """Count one trainee's answers not yet in their review schedule."""
    return review.catch_up(organisation_id=organisation_id, trainee_id=trainee_id)
