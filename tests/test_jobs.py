"""Imports and exports that lose their worker: no duplicate, no job left running forever.

A real worker killed mid-job is in tests/progress/test_worker.py; these tests play the same
situations in one process: a run cut off between two writes, a duplicate delivery, a job whose
heartbeat stopped, a job started too often.
"""

import io
import json
import os
import zipfile
from datetime import timedelta
from unittest import mock

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone

from dealer_training import jobs
from dealer_training.celery import app as celery_app
from dealer_training.progress import exports
from dealer_training.progress import tasks as progress_tasks
from dealer_training.progress.models import ExportJob
from dealer_training.progress.services import export_job_create
from dealer_training.scenarios import imports
from dealer_training.scenarios import tasks as scenario_tasks
from dealer_training.scenarios.models import ImportJob, Scenario
from tests.progress.factories import add_attempts, series
from tests.scenarios.factories import RAZZ_KINGS


class Killed(BaseException):
    """What a SIGKILL does to a run: it stops where it is, nothing after runs."""


def _zip(count):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(count):
            archive.writestr(f"{i}.json", json.dumps(RAZZ_KINGS))
    return buffer.getvalue()


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def import_job(org, instructor):
    return ImportJob.objects.create(
        organisation=org, created_by=instructor.user, filename="three.zip", payload=_zip(3)
    )


@pytest.fixture
def export_job(owner, trainee, media_root):
    add_attempts(membership=trainee, results=series(5, start=timezone.now() - timedelta(hours=1)))
    today = timezone.localdate()
    filters = exports.ExportFilters(kind=exports.Kind.ATTEMPTS, start=today - timedelta(days=2), end=today)
    with mock.patch.object(progress_tasks.export_run, "delay"):
        return export_job_create(organisation=owner.organisation, requested_by=owner.user, filters=filters)


def _stale(model, pk, **fields):
    """Make a job look as a killed worker left it, its last progress long ago."""
    long_ago = timezone.now() - jobs.stalled_after() - timedelta(minutes=1)
    model.objects.filter(pk=pk).update(heartbeat_at=long_ago, **fields)


def test_tasks_go_back_to_the_queue_when_their_worker_dies():
    assert celery_app.conf.task_acks_late is True
    assert celery_app.conf.task_reject_on_worker_lost is True
    for task in (scenario_tasks.import_run, progress_tasks.export_run):
        assert task.acks_late is True
        assert task.reject_on_worker_lost is True


def test_an_import_killed_between_saving_a_file_and_its_progress_imports_no_file_twice(import_job):
    original = ImportJob.save
    writes = []

    def killed_on_the_second_file(self, *args, **kwargs):
        if "results" in (kwargs.get("update_fields") or []):
            writes.append(self.processed)
            if len(writes) == 2:
                raise Killed  # the second file's scenarios are saved, its progress is not
        return original(self, *args, **kwargs)

    with mock.patch.object(ImportJob, "save", killed_on_the_second_file), pytest.raises(Killed):
        scenario_tasks.import_run(import_job.pk)
    import_job.refresh_from_db()
    assert (import_job.status, import_job.processed) == ("running", 1)
    assert Scenario.objects.count() == 1  # the second file's scenarios went with its progress

    _stale(ImportJob, import_job.pk)
    scenario_tasks.import_run(import_job.pk)  # the message delivered again
    import_job.refresh_from_db()
    assert (import_job.status, import_job.processed, import_job.total) == ("done", 3, 3)
    assert Scenario.objects.count() == 3
    assert [r["file"] for r in import_job.results] == ["0.json", "1.json", "2.json"]


def test_a_duplicate_delivery_leaves_a_live_run_alone(import_job):
    ImportJob.objects.filter(pk=import_job.pk).update(status="running", runs=1, heartbeat_at=timezone.now())
    assert jobs.claim(ImportJob, import_job.pk) == (jobs.Claim.BUSY, 0)
    # Once the live run's heartbeat stops, a delivery takes the job over.
    _stale(ImportJob, import_job.pk)
    assert jobs.claim(ImportJob, import_job.pk) == (jobs.Claim.STARTED, 2)


def test_a_run_taken_over_stops_at_its_next_write_and_saves_nothing(import_job):
    claimed, first = jobs.claim(ImportJob, import_job.pk)
    assert claimed is jobs.Claim.STARTED
    ImportJob.objects.filter(pk=import_job.pk).update(runs=first + 1)  # another run took it over
    imports.run(ImportJob.objects.get(pk=import_job.pk), run=first)
    import_job.refresh_from_db()
    assert (import_job.status, import_job.processed, Scenario.objects.count()) == ("running", 0, 0)


def test_the_beat_task_runs_again_an_import_whose_progress_stopped(
    import_job, django_capture_on_commit_callbacks
):
    ImportJob.objects.filter(pk=import_job.pk).update(status="running", runs=1)
    _stale(ImportJob, import_job.pk)
    fresh = ImportJob.objects.create(
        organisation=import_job.organisation, filename="new.zip", payload=_zip(1)
    )
    ImportJob.objects.filter(pk=fresh.pk).update(status="running", runs=1, heartbeat_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):  # queued after the commit, run eagerly here
        assert scenario_tasks.imports_recover_stalled.apply().get() == [1, 0]
    import_job.refresh_from_db()
    assert (import_job.status, import_job.processed, import_job.runs) == ("done", 3, 2)
    assert ImportJob.objects.get(pk=fresh.pk).status == "running"  # alive: left alone


def test_the_beat_task_fails_an_import_started_too_often_with_a_message(import_job, login_as, instructor):
    ImportJob.objects.filter(pk=import_job.pk).update(status="running", runs=jobs.max_runs())
    _stale(ImportJob, import_job.pk)
    assert scenario_tasks.imports_recover_stalled.apply().get() == [0, 1]
    import_job.refresh_from_db()
    assert import_job.status == "failed"
    assert import_job.finished_at is not None
    assert import_job.payload in (b"", memoryview(b""))
    page = login_as(instructor).get(
        reverse("scenarios:import_job", args=[import_job.organisation.slug, import_job.pk]),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 200
    assert "never finished" in page.content.decode()


def test_a_task_delivered_again_after_too_many_runs_fails_the_import(import_job):
    ImportJob.objects.filter(pk=import_job.pk).update(status="running", runs=jobs.max_runs())
    _stale(ImportJob, import_job.pk)
    scenario_tasks.import_run(import_job.pk)
    import_job.refresh_from_db()
    assert import_job.status == "failed"
    assert import_job.results[-1]["error"]["code"] == jobs.ERROR_STALLED


def test_the_beat_task_runs_again_an_export_whose_progress_stopped(
    export_job, media_root, django_capture_on_commit_callbacks
):
    partial = exports.partial_path(export_job)
    os.makedirs(os.path.dirname(partial), exist_ok=True)
    with open(partial, "w", encoding="utf-8") as out:
        out.write("answered_at\nhalf,a,row\n")
    ExportJob.objects.filter(pk=export_job.pk).update(status="running", runs=1, done=1, total=5)
    _stale(ExportJob, export_job.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert progress_tasks.exports_recover_stalled.apply().get() == [1, 0]
    export_job.refresh_from_db()
    assert (export_job.status, export_job.done, export_job.runs) == ("done", 5, 2)
    assert not os.path.exists(partial)
    assert exports.export_job_path(export_job) is not None


def test_the_beat_task_fails_an_export_started_too_often_and_removes_its_partial_file(
    export_job, media_root, login_as, owner
):
    partial = exports.partial_path(export_job)
    os.makedirs(os.path.dirname(partial), exist_ok=True)
    with open(partial, "w", encoding="utf-8") as out:
        out.write("answered_at\nhalf,a,row\n")
    ExportJob.objects.filter(pk=export_job.pk).update(status="running", runs=jobs.max_runs())
    _stale(ExportJob, export_job.pk)
    assert progress_tasks.exports_recover_stalled.apply().get() == [0, 1]
    export_job.refresh_from_db()
    assert (export_job.status, export_job.error) == ("failed", exports.ERROR_STALLED)
    assert not os.path.exists(partial)
    page = login_as(owner).get(
        reverse("progress:exports", kwargs={"org_slug": owner.organisation.slug}), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "never finished" in page.content.decode()


def test_a_job_waiting_in_the_queue_is_not_taken_for_stalled(export_job, import_job):
    assert list(jobs.stalled(ExportJob)) == []
    assert list(jobs.stalled(ImportJob)) == []
    assert progress_tasks.exports_recover_stalled.apply().get() == [0, 0]


def test_an_import_stopped_by_its_soft_time_limit_fails_with_a_message(import_job, login_as, instructor):
    original = imports.file_result
    calls = []

    def slow_second_file(job, ready):
        calls.append(ready.entry.name)
        if len(calls) == 2:
            raise SoftTimeLimitExceeded  # what the worker raises in the task at its soft limit
        return original(job, ready)

    with mock.patch.object(imports, "file_result", slow_second_file), pytest.raises(SoftTimeLimitExceeded):
        scenario_tasks.import_run(import_job.pk)
    import_job.refresh_from_db()
    assert (import_job.status, import_job.processed) == ("failed", 1)
    assert import_job.finished_at is not None
    assert import_job.payload in (b"", memoryview(b""))
    assert Scenario.objects.count() == 1  # the file finished before the limit stays imported
    assert import_job.results[-1]["error"]["code"] == jobs.ERROR_TIME_LIMIT
    assert list(jobs.stalled(ImportJob)) == []  # ended, not left for the stalled-job check
    page = login_as(instructor).get(
        reverse("scenarios:import_job", args=[import_job.organisation.slug, import_job.pk]),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 200
    assert "longer than its time limit (30 min)" in page.content.decode()


def test_an_export_stopped_by_its_soft_time_limit_fails_with_a_message_and_no_partial_file(
    export_job, media_root, login_as, owner
):
    partial = exports.partial_path(export_job)
    original = exports.rows
    partial_written = []

    def rows_cut_off(organisation, filters):
        for number, row in enumerate(original(organisation, filters)):
            if number == 2:
                partial_written.append(os.path.exists(partial))
                raise SoftTimeLimitExceeded
            yield row

    with mock.patch.object(exports, "rows", rows_cut_off), pytest.raises(SoftTimeLimitExceeded):
        progress_tasks.export_run(job_id=export_job.pk)
    assert partial_written == [True]
    export_job.refresh_from_db()
    assert (export_job.status, export_job.error) == ("failed", exports.ERROR_TIME_LIMIT)
    assert export_job.finished_at is not None
    assert not os.path.exists(partial)
    assert exports.export_job_path(export_job) is None
    page = login_as(owner).get(
        reverse("progress:exports", kwargs={"org_slug": owner.organisation.slug}), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "longer than its time limit (30 min)" in page.content.decode()


def test_a_run_stopped_by_its_time_limit_leaves_alone_a_job_another_run_took_over(export_job, import_job):
    ExportJob.objects.filter(pk=export_job.pk).update(status="running", runs=2)
    exports.export_job_time_out(job_id=export_job.pk, run=1)
    ImportJob.objects.filter(pk=import_job.pk).update(status="running", runs=2)
    imports.import_job_time_out(job_id=import_job.pk, run=1)
    assert ExportJob.objects.get(pk=export_job.pk).status == "running"
    assert ImportJob.objects.get(pk=import_job.pk).status == "running"


def test_a_job_stopped_by_its_time_limit_is_failed_on_a_new_connection_when_the_old_one_broke(import_job):
    claimed, run = jobs.claim(ImportJob, import_job.pk)
    assert claimed is jobs.Claim.STARTED
    attempts = []

    def fail():
        attempts.append(1)
        if len(attempts) == 1:
            raise OperationalError("the interrupted query left the connection unusable")
        imports.import_job_time_out(job_id=import_job.pk, run=run)

    with mock.patch("dealer_training.jobs.connection") as connection:
        connection.in_atomic_block = False  # as in a worker, outside any transaction
        jobs.fail_after_time_limit(fail)
    assert connection.close.call_count == 2  # a new connection for each attempt
    assert len(attempts) == 2
    assert ImportJob.objects.get(pk=import_job.pk).status == "failed"
