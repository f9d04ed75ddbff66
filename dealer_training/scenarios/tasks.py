"""Celery entry points of the scenarios app."""

from celery import shared_task

from .models import ImportJob


@shared_task
def import_run(job_id: int) -> None:
    """Process an uploaded import (queued when its job row is committed)."""
    from .imports import run

    unfinished = [ImportJob.Status.PENDING, ImportJob.Status.RUNNING]
    job = (
        ImportJob.objects.filter(pk=job_id, status__in=unfinished)
        .select_related("organisation", "created_by")
        .first()
    )
    if job is None:  # finished, or deleted: a repeated delivery does nothing
        return
    run(job)
