"""A real Celery worker against Redis: rollups and exports run in another process.

The worker is ``celery -A dealer_training worker`` started as a subprocess with
tests/progress/worker_settings.py, on a Redis database and a queue of its own, reading the test
database (rows are committed: these tests use a transactional database). One test kills the
worker with SIGKILL in the middle of an export and starts it again: the message, acknowledged
only after the task (acks_late), is delivered again and the job finishes once, correctly.
"""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection, transaction

from dealer_training.celery import app as celery_app
from dealer_training.drills.models import Attempt
from dealer_training.drills.signals import attempt_recorded
from dealer_training.progress import exports
from dealer_training.progress.models import DailyRollup, ExportJob, SkillProgress
from dealer_training.progress.services import export_job_create

from .factories import add_attempts, series

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("PROGRESS_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")


def _database_url() -> str:
    """The test database as a URL the worker process can open."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        name = str(db["NAME"])
        assert not name.startswith(("file:", ":memory:")), "the worker needs a file database"
        return f"sqlite:///{name}"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def wait_for(condition, *, timeout, what, worker=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    log = worker.log() if worker else ""
    pytest.fail(f"timed out after {timeout} s waiting for {what}\n--- worker log ---\n{log}")


class Worker:
    def __init__(self, *, queue: str, media_root: Path, log_path: Path, pool: str = "solo") -> None:
        self.queue = queue
        self.pool = pool
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.progress.worker_settings",
            "DATABASE_URL": _database_url(),
            "CELERY_BROKER_URL": REDIS_URL,
            "PROGRESS_TEST_QUEUE": queue,
            "DJANGO_MEDIA_ROOT": str(media_root),
            "PYTHONUNBUFFERED": "1",
        }

    def start(self) -> None:
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        log = open(self.log_path, "ab")  # noqa: SIM115 - the worker writes to it until it stops
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "dealer_training",
                "worker",
                "--pool",
                self.pool,
                "--concurrency",
                "1",
                "--queues",
                self.queue,
                "--hostname",
                f"{self.queue}@%h",
                "--without-heartbeat",
                "--without-mingle",
                "--without-gossip",
                "--loglevel",
                "INFO",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so a kill takes every process of it
        )
        log.close()
        wait_for(
            lambda: b" ready." in self.log_path.read_bytes()[offset:] or self.process.poll() is not None,
            timeout=60,
            what="the worker to start",
            worker=self,
        )
        assert self.process.poll() is None, f"the worker exited:\n{self.log()}"

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, the running task is cut off where it is."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def kill_child(self) -> int:
        """SIGKILL the pool's child process only (prefork): the worker itself sees it die."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        assert children, "the worker has no pool process"
        pid = int(children[0])
        os.kill(pid, signal.SIGKILL)
        return pid

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture
def redis_queue():
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError:
        pytest.fail(f"Redis is not reachable at {REDIS_URL}: start it (redis-server) to run the worker tests")
    queue = f"sdt-progress-test-{uuid.uuid4().hex[:12]}"
    yield queue
    client.delete(queue)
    client.close()


@pytest.fixture
def to_redis(redis_queue):
    """Send this process's tasks to Redis, on the test's queue, instead of running them eagerly."""
    conf = celery_app.conf
    saved = {key: conf[key] for key in ("broker_url", "task_always_eager", "task_default_queue")}

    def reset_producers():
        # Drop the cached connection pool and AMQP helper (kombu keeps its pools per broker URL).
        celery_app._pool = None
        celery_app.__dict__.pop("amqp", None)  # routes and queues are read again from the conf

    conf.update(broker_url=REDIS_URL, task_always_eager=False, task_default_queue=redis_queue)
    reset_producers()
    yield
    conf.update(saved)
    reset_producers()


@pytest.fixture
def worker(to_redis, redis_queue, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    running = Worker(queue=redis_queue, media_root=settings.MEDIA_ROOT, log_path=tmp_path / "worker.log")
    running.start()
    yield running
    running.stop()
    _wait_for_worker_connections_to_close()


def _wait_for_worker_connections_to_close() -> None:
    """The test database is dropped at the end of the run; no backend of the worker may linger."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for _ in range(200):
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)


def test_a_real_worker_builds_the_rollups_queued_when_attempts_are_committed(worker, trainee):
    with transaction.atomic():
        attempts = add_attempts(membership=trainee, results=series(6, correct_every=3, time_ms=2000))
        for attempt in attempts:
            attempt_recorded.send(sender=Attempt, attempt=attempt)  # queued for after the commit
    progress = wait_for(
        lambda: SkillProgress.objects.filter(trainee=trainee.user, attempts=6).first(),
        timeout=60,
        what="the worker to build the skill progress",
        worker=worker,
    )
    assert (progress.correct, progress.window_answers, progress.window_median_ms) == (4, 6, 2000)
    # One refresh per day of the attempts, each run after its window: the days come in one by one.
    wait_for(
        lambda: sum(day.attempts for day in DailyRollup.objects.filter(trainee=trainee.user)) == 6,
        timeout=60,
        what="the worker to build every day's rollup",
        worker=worker,
    )
    days = DailyRollup.objects.filter(trainee=trainee.user)
    assert sum(day.attempts for day in days) == 6
    assert sum(day.correct for day in days) == 4
    assert "rollup_refresh" in worker.log()


def _lock_job_row(job_id: int) -> None:
    """Inside a transaction: hold the job's row so the worker's next progress write waits."""
    if connection.vendor == "postgresql":
        list(ExportJob.objects.select_for_update().filter(pk=job_id).values_list("pk", flat=True))
    else:
        # SQLite locks the whole file for writing; reads go on.
        ExportJob.objects.filter(pk=job_id).update(error="")


def test_an_export_whose_worker_is_killed_mid_file_finishes_once_after_a_restart(worker, owner, trainee):
    rows = 6 * exports.PROGRESS_EVERY
    add_attempts(membership=trainee, results=series(rows, correct_every=7))
    from django.utils import timezone

    today = timezone.localdate()
    filters = exports.ExportFilters(
        kind=exports.Kind.ATTEMPTS, start=today - timezone.timedelta(days=30), end=today
    )
    job = export_job_create(organisation=owner.organisation, requested_by=owner.user, filters=filters)
    final = Path(worker.env["DJANGO_MEDIA_ROOT"]) / job.file.name
    partial = Path(f"{final}.partial")

    wait_for(
        lambda: ExportJob.objects.filter(pk=job.pk, status="running", done__gt=0).exists(),
        timeout=60,
        what="the export to start writing",
        worker=worker,
    )
    with transaction.atomic():
        _lock_job_row(job.pk)
        # The worker now waits on its next progress write, half-way through the file.
        state = ExportJob.objects.values_list("status", "done", "total").get(pk=job.pk)
        assert state[0] == "running", "the export finished before it could be interrupted"
        time.sleep(0.5)
        worker.kill()
    job.refresh_from_db()
    assert job.status == "running"
    assert 0 < job.done < rows
    assert partial.exists()
    assert not final.exists()
    written_before_kill = partial.read_text(encoding="utf-8").count("\n")
    assert written_before_kill < rows + 1

    worker.start()  # the unacknowledged message comes back after the visibility timeout
    wait_for(
        lambda: ExportJob.objects.filter(pk=job.pk, status="done").exists(),
        timeout=90,
        what="the export to finish after the restart",
        worker=worker,
    )
    job.refresh_from_db()
    assert (job.done, job.total) == (rows, rows)
    assert job.finished_at is not None
    expected = "".join(
        exports.csv_lines(exports.columns(filters.kind), exports.rows(owner.organisation, filters))
    )
    assert final.read_bytes().decode("utf-8") == expected  # every row once, in order
    assert not partial.exists()
    assert worker.log().count("export_run") >= 2  # received before the kill and again after
