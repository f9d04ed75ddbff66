"""Celery entry points of progress: rollups after each attempt, the nightly rebuild, CSV exports.

Tasks take ids and call the functions in ``rollups`` and ``exports``. All of them are
idempotent (they recompute and upsert, or start a file over), run with ``acks_late`` (a task
whose worker dies is delivered again) and retry database errors with a growing pause.
"""

from contextlib import suppress
from datetime import date
from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError

from dealer_training import jobs
from dealer_training.queueing import TASK_RETRY as RETRY
from dealer_training.queueing import send_on_commit

from . import exports, rollups
from .models import ExportJob


@shared_task(**RETRY)
def rollup_refresh(*, organisation_id: int, trainee_id: int, skill: str, variant: str, day: str) -> None:
    """Recompute one trainee's rollups for one skill and game after an attempt on ``day``."""
    rollups.rollup_refresh(
        organisation_id=organisation_id,
        trainee_id=trainee_id,
        skill=skill,
        variant=variant,
        day=date.fromisoformat(day),
    )


@shared_task(**RETRY)
def rollups_rebuild_trainee(*, organisation_id: int, trainee_id: int) -> int:
    """Rebuild all rollups of one trainee in one organisation (one transaction)."""
    return rollups.rollups_rebuild_trainee(organisation_id=organisation_id, trainee_id=trainee_id)


@shared_task(**RETRY)
def rollups_rebuild_organisation(*, organisation_id: int) -> int:
    """Queue a rebuild of every trainee of one organisation; returns how many were queued."""
    trainee_ids = rollups.trainees_with_rollup_work(organisation_id=organisation_id)
    for trainee_id in trainee_ids:
        rollups_rebuild_trainee.delay(organisation_id=organisation_id, trainee_id=trainee_id)
    return len(trainee_ids)


@shared_task(**RETRY)
def rollups_rebuild_all() -> int:
    """The nightly rebuild (Celery beat): fans out one task per organisation, then per trainee."""
    organisation_ids = rollups.organisations_with_rollup_work()
    for organisation_id in organisation_ids:
        rollups_rebuild_organisation.delay(organisation_id=organisation_id)
    return len(organisation_ids)


@shared_task(
    bind=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.JOBS_SOFT_TIME_LIMIT,
    time_limit=settings.JOBS_TIME_LIMIT,
    **RETRY,
)
def export_run(self: Task[Any, Any], *, job_id: int) -> None:
    """Write an export job's CSV file; a job already done is left as it is.

    While another run of the job is alive (a duplicate delivery) this one waits for it to
    finish or go quiet; a job started too often without finishing is failed (``dealer_training.jobs``).
    A run that reaches its soft time limit is failed with a message and its partial file removed.
    """
    run = 0
    try:
        claimed, run = jobs.claim(ExportJob, job_id)
        if claimed is jobs.Claim.BUSY and not self.request.is_eager:
            raise self.retry(countdown=jobs.stalled_after().total_seconds())
        if claimed is jobs.Claim.GAVE_UP:
            exports.export_job_give_up(job_id=job_id)
        if claimed is jobs.Claim.STARTED:
            exports.export_job_run(job_id=job_id, run=run)
    except SoftTimeLimitExceeded:
        if run:
            jobs.fail_after_time_limit(lambda: exports.export_job_time_out(job_id=job_id, run=run))
        raise
    except DatabaseError:
        if self.request.retries >= (self.max_retries or 0):
            # The last try: tell the person waiting instead of leaving the job running forever.
            with suppress(DatabaseError):
                exports.export_job_fail(job_id=job_id, error=exports.ERROR_DATABASE)
        elif run:
            with suppress(DatabaseError):
                jobs.release(ExportJob, job_id, run)  # the retry takes it again at once
        raise


@shared_task(acks_late=True)
def exports_recover_stalled() -> list[int]:
    """Celery beat: export jobs whose progress stopped are queued again or failed; [queued, failed]."""
    return list(exports.exports_recover_stalled(queue=lambda pk: send_on_commit(export_run, job_id=pk)))
