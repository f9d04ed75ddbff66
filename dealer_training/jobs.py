"""Background jobs that survive a lost worker: claimed per run, kept alive by a heartbeat.

An import (``scenarios.ImportJob``) and an export (``progress.ExportJob``) are rows with a status
(pending, running, done, failed), ``heartbeat_at`` (written with every progress update) and
``runs`` (how many times a worker started it). Their Celery tasks are acknowledged late and
rejected back to the queue when their worker dies (settings), so a killed worker's job is
delivered again; the functions here make each delivery safe:

- :func:`claim` starts a run only when no other run is alive (the job is pending, or its
  heartbeat is older than ``JOBS_STALLED_AFTER`` seconds) and counts it; a job started
  ``JOBS_MAX_RUNS`` times without finishing is failed instead of being run again forever.
- A run writes its progress only while it still owns the job (``runs`` is unchanged), so a run
  that was given up on and taken over stops at its next write.
- :func:`stalled` finds the jobs whose heartbeat stopped: the beat tasks queue them again or,
  after the last run, fail them with a message (``imports_recover_stalled``,
  ``exports_recover_stalled``).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, models, transaction
from django.db.models import F, Q
from django.utils import timezone

PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
UNFINISHED = (PENDING, RUNNING)
ERROR_STALLED = "stalled"
ERROR_TIME_LIMIT = "time_limit"  # a run stopped by its task's soft time limit (JOBS_SOFT_TIME_LIMIT)

logger = logging.getLogger(__name__)


class Claim(enum.Enum):
    STARTED = "started"  # this delivery runs the job
    BUSY = "busy"  # another run is alive: try again once its heartbeat could be stale
    GONE = "gone"  # finished, failed, deleted: nothing to do
    GAVE_UP = "gave_up"  # started too many times: failed now


def time_limit_minutes() -> int:
    """The soft time limit of an import or export run, in whole minutes (at least one)."""
    return max(1, -(-int(getattr(settings, "JOBS_SOFT_TIME_LIMIT", 1800)) // 60))


def stalled_after() -> timedelta:
    return timedelta(seconds=getattr(settings, "JOBS_STALLED_AFTER", 600))


def max_runs() -> int:
    return int(getattr(settings, "JOBS_MAX_RUNS", 3))


def _stale(now: Any) -> Q:
    limit = now - stalled_after()
    return Q(heartbeat_at__lt=limit) | Q(heartbeat_at__isnull=True, created_at__lt=limit)


def claim(model: type[models.Model], pk: int) -> tuple[Claim, int]:
    """Start a run of job ``pk``; returns what happened and the run's number (its ``runs``)."""
    now = timezone.now()
    with transaction.atomic():
        job = model._default_manager.select_for_update().filter(pk=pk).values("status", "runs").first()
        if job is None or job["status"] not in UNFINISHED:
            return Claim.GONE, 0
        free = (
            model._default_manager.filter(pk=pk)
            .filter(Q(status=PENDING) | Q(heartbeat_at__isnull=True) | _stale(now))
            .exists()
        )
        if not free:
            return Claim.BUSY, 0
        if job["runs"] >= max_runs():
            return Claim.GAVE_UP, job["runs"]
        model._default_manager.filter(pk=pk).update(status=RUNNING, heartbeat_at=now, runs=F("runs") + 1)
    return Claim.STARTED, job["runs"] + 1


def beat(model: type[models.Model], pk: int, run: int | None, **fields: Any) -> bool:
    """Write progress (and the heartbeat) if run ``run`` still owns the job; False if it does not.

    ``run=None`` writes unconditionally (a job run directly, outside a task)."""
    rows = model._default_manager.filter(pk=pk)
    if run is not None:
        rows = rows.filter(runs=run, status=RUNNING)
    return bool(rows.update(heartbeat_at=timezone.now(), **fields))


def release(model: type[models.Model], pk: int, run: int) -> None:
    """Give the job back after a retryable error (the retry claims it again); not counted as a run."""
    model._default_manager.filter(pk=pk, runs=run, status=RUNNING).update(status=PENDING, runs=F("runs") - 1)


def stalled(model: type[models.Model]) -> models.QuerySet[Any]:
    """Unfinished jobs whose heartbeat stopped (or that never started) ``JOBS_STALLED_AFTER`` ago."""
    return model._default_manager.filter(status__in=UNFINISHED).filter(_stale(timezone.now()))


def requeue(model: type[models.Model], pk: int, runs: int) -> bool:
    """Mark a stalled job as waiting again (the caller queues its task); False if it moved on."""
    return bool(
        model._default_manager.filter(pk=pk, runs=runs, status__in=UNFINISHED).update(
            status=PENDING, heartbeat_at=timezone.now()
        )
    )


def fail_after_time_limit(fail: Callable[[], None]) -> None:
    """Run ``fail`` (which marks a job failed) after its task's soft time limit interrupted it.

    The interruption can come anywhere, in the middle of a query or of a commit, and leave the
    database connection in a state Django does not know: ``fail`` runs on a new connection (the
    old one is dropped, and with it any transaction left open), and once more on another if the
    first attempt meets a database error. If that fails too, the stalled-job check ends the job
    later. Called inside a transaction of its caller (a job run directly, in a test), it keeps
    that connection."""
    for attempt in (1, 2):
        if not connection.in_atomic_block:
            connection.close()
        try:
            fail()
        except DatabaseError:
            if attempt == 2:
                logger.exception("a job stopped by its time limit could not be marked failed")
        else:
            return


def recover_stalled(
    model: type[models.Model], *, give_up: Callable[[int], None], queue: Callable[[int], None]
) -> tuple[int, int]:
    """The beat task's round: each stalled job is queued again (``queue`` sends its task, on
    commit) or, once started ``JOBS_MAX_RUNS`` times, failed (``give_up``).

    Returns (queued again, failed)."""
    queued = failed = 0
    for pk, runs in stalled(model).values_list("pk", "runs"):
        if runs >= max_runs():
            give_up(pk)
            failed += 1
        elif requeue(model, pk, runs):
            with transaction.atomic():
                queue(pk)
            queued += 1
    if queued or failed:
        label = model._meta.label
        logger.warning("stalled %s jobs: %s queued again, %s failed", label, queued, failed)
    return queued, failed
