"""Celery entry points of the infrastructure app."""

from celery import current_app, shared_task
from django.db import transaction

from .models import UnsentTask


@shared_task(acks_late=True)
def send_unsent(limit: int = 500) -> int:
    """Queue the tasks kept while the broker was down (Celery beat, every minute); returns how many."""
    sent = 0
    with transaction.atomic():
        for pending in UnsentTask.objects.select_for_update(skip_locked=True)[:limit]:
            current_app.tasks[pending.task].apply_async(kwargs=pending.kwargs)
            pending.delete()
            sent += 1
    return sent
