"""A real Celery worker killed with SIGKILL in the middle of an import and of an export.

The worker (tests/progress/test_worker.py starts it) runs on Redis and the test database. Two
ways to lose it: the pool's child process dies under a living worker (out of memory, a crash),
or the whole worker is killed and another one starts. Either way each job ends done, every file
and row once; none is left running.
"""

import io
import json
import os
import time
import zipfile
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from dealer_training import jobs
from dealer_training.celery import app as celery_app
from dealer_training.progress import exports
from dealer_training.progress.models import ExportJob
from dealer_training.progress.services import export_job_create
from dealer_training.scenarios import tasks as scenario_tasks
from dealer_training.scenarios.import_jobs import import_job_create
from dealer_training.scenarios.models import ImportJob, Scenario
from tests.progress.factories import add_attempts, series
from tests.progress.test_worker import (  # noqa: F401 - fixtures
    Worker,
    _wait_for_worker_connections_to_close,
    redis_queue,
    to_redis,
    wait_for,
)
from tests.scenarios.factories import RAZZ_KINGS

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

FILES = 150


@pytest.fixture
def prefork_worker(to_redis, redis_queue, settings, tmp_path):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path / "media"
    running = Worker(
        queue=redis_queue, media_root=settings.MEDIA_ROOT, log_path=tmp_path / "worker.log", pool="prefork"
    )
    running.start()
    yield running
    running.stop()
    _wait_for_worker_connections_to_close()


def _hold(model, pk):
    """Inside a transaction: hold the job's row so the worker's next progress write waits."""
    if connection.vendor == "postgresql":
        list(model.objects.select_for_update().filter(pk=pk).values_list("pk", flat=True))
    else:  # SQLite locks the whole file for writing; reads go on
        model.objects.filter(pk=pk).update(finished_at=None)


def _upload(instructor):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(FILES):
            archive.writestr(f"{i:03}.json", json.dumps(RAZZ_KINGS))
    return import_job_create(
        organisation=instructor.organisation,
        user=instructor.user,
        filename="many.zip",
        payload=buffer.getvalue(),
        options={"language": "en"},
    )


def _export(owner, trainee):
    rows = 6 * exports.PROGRESS_EVERY
    add_attempts(membership=trainee, results=series(rows, correct_every=7))
    today = timezone.localdate()
    filters = exports.ExportFilters(kind=exports.Kind.ATTEMPTS, start=today - timedelta(days=30), end=today)
    job = export_job_create(organisation=owner.organisation, requested_by=owner.user, filters=filters)
    return job, rows


def _interrupt(model, job, worker, *, kill):
    """Once the worker has claimed the job, hold its row and kill the worker.

    Holding the row makes the kill land mid-run whatever the machine's load: every progress
    write of the run, and its last one that marks the job done, waits for the row, so the run
    cannot end before the kill. (Waiting for some progress first and then taking the row lost
    that race on a busy machine: the run could finish in between.) Where exactly the run stops,
    before its first file or after some, varies; tests/test_jobs.py cuts runs at chosen places.
    """
    wait_for(
        lambda: model.objects.filter(pk=job.pk, status="running", runs=1).exists(),
        timeout=120,
        what=f"the worker to start the {model._meta.model_name}",
        worker=worker,
    )
    with transaction.atomic():
        _hold(model, job.pk)
        state = model.objects.values_list("status", "runs").get(pk=job.pk)
        assert state == ("running", 1), "the job finished before it could be interrupted"
        kill()
    job.refresh_from_db()
    assert job.status == "running"


def _imported_once(job):
    job.refresh_from_db()
    assert (job.status, job.processed, job.total) == ("done", FILES, FILES)
    assert job.runs >= 2
    assert Scenario.objects.filter(organisation=job.organisation).count() == FILES  # no file twice
    assert sorted(r["file"] for r in job.results) == [f"{i:03}.json" for i in range(FILES)]


def test_an_import_whose_pool_process_is_killed_goes_back_to_the_queue_and_finishes(
    prefork_worker, instructor
):
    job = _upload(instructor)
    _interrupt(ImportJob, job, prefork_worker, kill=prefork_worker.kill_child)
    wait_for(
        lambda: ImportJob.objects.filter(pk=job.pk, status__in=["done", "failed"]).exists(),
        timeout=180,
        what="the import to finish after its pool process was killed",
        worker=prefork_worker,
    )
    assert "WorkerLostError" in prefork_worker.log()
    _imported_once(job)


def test_an_export_whose_pool_process_is_killed_goes_back_to_the_queue_and_finishes(
    prefork_worker, owner, trainee
):
    job, rows = _export(owner, trainee)
    _interrupt(ExportJob, job, prefork_worker, kill=prefork_worker.kill_child)
    wait_for(
        lambda: ExportJob.objects.filter(pk=job.pk, status__in=["done", "failed"]).exists(),
        timeout=180,
        what="the export to finish after its pool process was killed",
        worker=prefork_worker,
    )
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", rows, rows)
    assert job.runs >= 2
    path = exports.export_job_path(job)
    assert path is not None
    with open(path, encoding="utf-8") as done:
        assert done.read().count("\n") == rows + 1  # the header and every row once
    assert not os.path.exists(exports.partial_path(job))


def test_an_import_whose_whole_worker_is_killed_finishes_on_a_new_worker(prefork_worker, instructor):
    job = _upload(instructor)
    _interrupt(ImportJob, job, prefork_worker, kill=prefork_worker.kill)
    prefork_worker.start()  # the unacknowledged message comes back after the visibility timeout
    wait_for(
        lambda: ImportJob.objects.filter(pk=job.pk, status__in=["done", "failed"]).exists(),
        timeout=180,
        what="the import to finish on the new worker",
        worker=prefork_worker,
    )
    _imported_once(job)


SOFT_TIME_LIMIT = 2  # seconds: JOBS_SOFT_TIME_LIMIT of the worker below and of the sender


@pytest.fixture
def time_limited_worker(to_redis, redis_queue, settings, tmp_path, monkeypatch):  # noqa: F811
    # The limits travel in the message, set by the process that queues the task.
    task = celery_app.tasks[scenario_tasks.import_run.name]
    monkeypatch.setattr(task, "soft_time_limit", SOFT_TIME_LIMIT)
    monkeypatch.setattr(task, "_exec_options", None)
    settings.MEDIA_ROOT = tmp_path / "media"
    running = Worker(
        queue=redis_queue, media_root=settings.MEDIA_ROOT, log_path=tmp_path / "worker.log", pool="prefork"
    )
    running.env["JOBS_SOFT_TIME_LIMIT"] = str(SOFT_TIME_LIMIT)
    running.start()
    yield running
    running.stop()
    _wait_for_worker_connections_to_close()


def test_an_import_past_its_soft_time_limit_on_a_real_worker_fails_with_a_message(
    time_limited_worker, instructor
):
    job = _upload(instructor)
    wait_for(
        lambda: ImportJob.objects.filter(pk=job.pk, status="running").exists(),
        timeout=60,
        what="the worker to start the import",
        worker=time_limited_worker,
    )
    with transaction.atomic():
        _hold(ImportJob, job.pk)  # its next write waits here while its soft limit passes
        assert ImportJob.objects.values_list("status", flat=True).get(pk=job.pk) == "running"
        time.sleep(SOFT_TIME_LIMIT + 1)
    wait_for(
        lambda: ImportJob.objects.filter(pk=job.pk, status__in=["done", "failed"]).exists(),
        timeout=60,
        what="the import to be stopped by its soft time limit",
        worker=time_limited_worker,
    )
    job.refresh_from_db()
    log = time_limited_worker.log()
    assert (job.status, job.runs) == ("failed", 1), log
    assert job.results[-1]["error"]["code"] == jobs.ERROR_TIME_LIMIT
    assert job.payload in (b"", memoryview(b""))
    finished = [r["file"] for r in job.results if r.get("ok")]
    assert len(finished) < FILES
    assert Scenario.objects.filter(organisation=job.organisation).count() == len(finished)
    assert f"import {job.pk}: stopped by its time limit" in log  # logged through Django's LOGGING
    wait_for(
        lambda: "raised unexpected: SoftTimeLimitExceeded" in time_limited_worker.log(),
        timeout=30,
        what="the worker to report the task stopped by its time limit",
        worker=time_limited_worker,
    )
