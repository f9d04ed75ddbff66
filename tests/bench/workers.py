"""Killed workers: ``python -m tests.bench.workers`` (``make bench-workers``).

On PostgreSQL (a database made for the run and dropped after) and RabbitMQ (``BENCH_BROKER_URL``,
default ``amqp://guest:guest@127.0.0.1:5672//``, or a Redis URL), with real Celery workers:

1. Redelivery: an import (``--files`` scenario files) and an export (``--rows`` attempts) run on
   one worker, which is killed with SIGKILL while both are half-way; a new worker starts. The
   broker delivers the unacknowledged messages again and both jobs finish.
2. Lost messages: the same, but the messages are also purged from the queue after the kill, as
   if the broker had lost them. Only the stalled-job check (the beat tasks, sent here every few
   seconds as Celery beat would) can find the jobs again; they finish.

Printed: each job's state when the worker was killed, its final state, runs and the time from
the kill to the end. Fails (exit 1) unless every job is done with each file and row exactly once
and no temporary file is left.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.reports import _create_database, _drop_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_workers"
DEFAULT_BROKER = "amqp://guest:guest@127.0.0.1:5672//"
ROOT = Path(__file__).resolve().parents[2]


def wait(condition: Callable[[], Any], *, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"timed out after {timeout:.0f} s waiting for {what}")


class Worker:
    def __init__(self, log: Path) -> None:
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        offset = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as out:
            command = [sys.executable, "-m", "celery", "-A", "dealer_training", "worker"]
            command += ["--pool", "prefork", "--concurrency", "2", "--queues", os.environ["BENCH_QUEUE"]]
            command += ["--hostname", f"{os.environ['BENCH_QUEUE']}-{uuid.uuid4().hex[:6]}@%h"]
            self.process = subprocess.Popen(
                [*command, "--loglevel", "INFO"],
                cwd=ROOT,
                env={**os.environ, "DJANGO_SETTINGS_MODULE": "tests.bench.workers_settings"},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait(
            lambda: b"ready." in self.log.read_bytes()[offset:] or self.process.poll() is not None,  # type: ignore[union-attr]
            timeout=120,
            what="a worker to start",
        )
        if self.process.poll() is not None:
            raise SystemExit(f"the worker exited:\n{self.log.read_text(errors='replace')[-3000:]}")

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def _prepare(rows: int) -> dict[str, Any]:
    from django.core.management import call_command

    from dealer_training.accounts.models import Membership, Organisation, Role, User
    from tests.progress.factories import add_attempts, series

    call_command("migrate", verbosity=0)
    org = Organisation.objects.create(name="Bench Card Room", slug="bench")
    people = {}
    for role in (Role.OWNER, Role.INSTRUCTOR, Role.TRAINEE):
        user = User.objects.create_user(email=f"{role}@bench.example", password="bench-password-1")
        people[role] = Membership.objects.create(user=user, organisation=org, role=role)
    add_attempts(membership=people[Role.TRAINEE], results=series(rows, correct_every=7))
    return {"org": org, "owner": people[Role.OWNER], "instructor": people[Role.INSTRUCTOR]}


def _zip(files: int) -> bytes:
    from tests.scenarios.factories import RAZZ_KINGS

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(files):
            archive.writestr(f"{i:04}.json", json.dumps(RAZZ_KINGS))
    return buffer.getvalue()


def _start_jobs(people: dict[str, Any], files: int) -> tuple[Any, Any]:
    from datetime import timedelta

    from django.utils import timezone

    from dealer_training.progress import exports
    from dealer_training.progress.services import export_job_create
    from dealer_training.scenarios.import_jobs import import_job_create

    upload = import_job_create(
        organisation=people["org"],
        user=people["instructor"].user,
        filename="bench.zip",
        payload=_zip(files),
        options={"language": "en"},
    )
    today = timezone.localdate()
    filters = exports.ExportFilters(kind=exports.Kind.ATTEMPTS, start=today - timedelta(days=30), end=today)
    export = export_job_create(organisation=people["org"], requested_by=people["owner"].user, filters=filters)
    return upload, export


def _state(job: Any) -> str:
    job.refresh_from_db()
    done = getattr(job, "processed", None)
    if done is None:
        done = job.done
    return f"{job.status} {done}/{job.total}, runs {job.runs}"


def _kill_half_way(worker: Worker, upload: Any, export: Any) -> dict[str, str]:
    """Wait for both jobs to make progress, hold their rows so neither can finish, kill the worker."""
    from django.db import transaction

    from dealer_training.progress.models import ExportJob
    from dealer_training.scenarios.models import ImportJob

    wait(
        lambda: (
            ImportJob.objects.filter(pk=upload.pk, processed__gt=0).exists()
            and ExportJob.objects.filter(pk=export.pk, done__gt=0).exists()
        ),
        timeout=300,
        what="both jobs to make progress",
    )
    with transaction.atomic():
        list(ImportJob.objects.select_for_update().filter(pk=upload.pk))
        list(ExportJob.objects.select_for_update().filter(pk=export.pk))
        time.sleep(0.5)  # both wait on their next progress write
        worker.kill()
    return {"import": _state(upload), "export": _state(export)}


def _queue_length(app: Any) -> int:
    with app.connection_for_write() as conn:
        return int(
            conn.default_channel.queue_declare(queue=os.environ["BENCH_QUEUE"], passive=True).message_count
        )


def _lose_messages(app: Any) -> None:
    """Lose the killed worker's unacknowledged messages, as a broker failure would."""
    broker = os.environ["BENCH_BROKER_URL"]
    if broker.startswith("redis"):
        import redis

        # kombu keeps them in these keys until the visibility timeout puts them back in the queue.
        client = redis.Redis.from_url(broker)
        client.delete("unacked", "unacked_index")
        client.close()
    else:
        # RabbitMQ puts them back in the queue as soon as the worker's connection drops.
        wait(lambda: _queue_length(app) >= 2, timeout=120, what="the messages to return to the queue")
    app.control.purge()


def _finished(upload: Any, export: Any) -> bool:
    upload.refresh_from_db()
    export.refresh_from_db()
    return upload.status in ("done", "failed") and export.status in ("done", "failed")


def _check(upload: Any, export: Any, files: int, rows: int, imported_before: int) -> list[str]:
    from dealer_training.progress import exports
    from dealer_training.scenarios.models import Scenario

    problems = []
    if (upload.status, upload.processed) != ("done", files):
        problems.append(f"import {upload.pk} ended {_state(upload)}")
    imported = Scenario.objects.count() - imported_before
    if imported != files:
        problems.append(f"import {upload.pk}: {imported} scenarios for {files} files")
    if (export.status, export.done) != ("done", rows):
        problems.append(f"export {export.pk} ended {_state(export)}")
    else:
        path = exports.export_job_path(export)
        lines = Path(path).read_text(encoding="utf-8").count("\n") if path else 0
        if lines != rows + 1:
            problems.append(f"export {export.pk}: {lines} lines for {rows} rows and the header")
    if os.path.exists(exports.partial_path(export)):
        problems.append(f"export {export.pk}: the temporary file is left behind")
    return problems


def _phase(
    name: str, people: dict[str, Any], args: argparse.Namespace, workers: list[Worker], lose: bool
) -> list[str]:
    from dealer_training.celery import app
    from dealer_training.progress.tasks import exports_recover_stalled
    from dealer_training.scenarios.models import Scenario
    from dealer_training.scenarios.tasks import imports_recover_stalled

    before = Scenario.objects.count()
    upload, export = _start_jobs(people, args.files)
    at_kill = _kill_half_way(workers[-1], upload, export)
    killed = time.monotonic()
    if lose:
        _lose_messages(app)
    replacement = Worker(workers[-1].log)
    workers.append(replacement)
    replacement.start()
    last_check = 0.0
    deadline = time.monotonic() + args.timeout
    while not _finished(upload, export):
        if time.monotonic() > deadline:
            break
        if lose and time.monotonic() - last_check > 5:
            # What Celery beat does every minute in production.
            imports_recover_stalled.delay()
            exports_recover_stalled.delay()
            last_check = time.monotonic()
        time.sleep(0.2)
    took = time.monotonic() - killed
    print(f"\n{name}")
    print(f"  killed with SIGKILL at: import {at_kill['import']}; export {at_kill['export']}")
    print(f"  final: import {_state(upload)}; export {_state(export)}; {took:.1f} s after the kill")
    return _check(upload, export, args.files, args.rows, before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=300, help="scenario files in the import")
    parser.add_argument("--rows", type=int, default=20_000, help="attempts in the export")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a phase may take")
    args = parser.parse_args()
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    broker = os.environ.get("BENCH_BROKER_URL", DEFAULT_BROKER)
    queue = f"sdt-bench-workers-{uuid.uuid4().hex[:8]}"
    media = tempfile.mkdtemp(prefix="sdt-bench-workers-")
    os.environ.update(
        BENCH_DATABASE_URL=url,
        BENCH_BROKER_URL=broker,
        BENCH_QUEUE=queue,
        BENCH_MEDIA_ROOT=media,
        DJANGO_SETTINGS_MODULE="tests.bench.workers_settings",
    )
    _create_database(url)
    workers: list[Worker] = []
    problems: list[str] = []
    try:
        import django

        django.setup()
        people = _prepare(args.rows)
        print(
            f"PostgreSQL, broker {broker.split('://')[0]}, prefork workers (2 processes); "
            f"import of {args.files} files, export of {args.rows:,} rows; stalled after 5 s"
        )
        first = Worker(Path(media) / "worker.log")
        workers.append(first)
        first.start()
        problems += _phase("1. worker killed, messages delivered again", people, args, workers, lose=False)
        problems += _phase(
            "2. worker killed, messages lost: the stalled-job check", people, args, workers, lose=True
        )
    finally:
        for worker in workers:
            worker.stop()
        from django.db import connections

        connections.close_all()
        with __import__("contextlib").suppress(Exception):
            from dealer_training.celery import app

            with app.connection_for_write() as conn:
                conn.default_channel.queue_delete(queue)
        _drop_database(url)
        shutil.rmtree(media, ignore_errors=True)
    if problems:
        print("\nFAILED:\n  " + "\n  ".join(problems))
        raise SystemExit(1)
    print("\nOK: every job done, each file and row once, no temporary file left")


if __name__ == "__main__":
    main()
