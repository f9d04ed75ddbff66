"""Celery entry points of the scenarios app."""

from contextlib import suppress
from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError

from dealer_training import jobs
from dealer_training.queueing import send_on_commit

from . import imports
from .models import ImportJob


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(DatabaseError,),
    retry_backoff=2,
    retry_backoff_max=300,
    retry_jitter=True,
    max_retries=8,
    soft_time_limit=settings.JOBS_SOFT_TIME_LIMIT,
    time_limit=settings.JOBS_TIME_LIMIT,
)
def import_run(self: Task[Any, Any], job_id: int) -> None:
    """Process an uploaded import (queued when its job row is committed).

    Delivered again after a worker was lost, it goes on from the files already recorded; while
    another run of the job is alive it waits for it to finish or go quiet; a job started too
    often without finishing is failed (``dealer_training.jobs``). A run that reaches its soft time
    limit is failed with a message; the files it finished stay imported.
    """
    claimed, number = jobs.claim(ImportJob, job_id)
    if claimed is jobs.Claim.BUSY and not self.request.is_eager:
        raise self.retry(countdown=jobs.stalled_after().total_seconds())
    if claimed is jobs.Claim.GAVE_UP:
        imports.import_job_give_up(job_id=job_id)
    if claimed is not jobs.Claim.STARTED:
        return  # finished, or deleted: a repeated delivery does nothing
    try:
        job = ImportJob.objects.select_related("organisation", "created_by").get(pk=job_id)
        imports.run(job, run=number)
    except SoftTimeLimitExceeded:
        jobs.fail_after_time_limit(lambda: imports.import_job_time_out(job_id=job_id, run=number))
        raise
    except DatabaseError:
        with suppress(DatabaseError):
            jobs.release(ImportJob, job_id, number)  # the retry takes it again at once
        raise


@shared_task(acks_late=True)
def imports_recover_stalled() -> list[int]:
    """Celery beat: imports whose progress stopped are queued again or failed; [queued, failed]."""
    return list(imports.imports_recover_stalled(queue=lambda pk: send_on_commit(import_run, job_id=pk)))


@shared_task(acks_late=True)
def trash_purge() -> int:
    """Celery beat: what has been in the trash longer than its days is deleted for good."""
    from .trash import trash_purge as purge

    return purge()
