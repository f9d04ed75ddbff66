"""Answering under load: ``python -m tests.bench.answering`` (figures printed; ``--check`` fails on errors).

Starts gunicorn on 127.0.0.1 against a PostgreSQL database made for the run, logs in
``--trainees`` trainees, and lets each of them, on a thread of its own with a keep-alive
connection, answer drill questions for ``--seconds``: load the question page (the first as a page,
the next ones as the page's "Next question" asks for them, by htmx), read the question, post the
right answer as the page's htmx form does. In the same run the same number of clients
request a trivial Django view (the cost of a request through the same server and middleware).

Printed: answers per second, p50 and p95 latency of the answer round trip (the POST) and of the
question page (the GET), the trivial view's requests per second and latencies, and their ratios.
With ``--check`` (the load run of the operations checks) it also counts the attempts in the
database: every answer sent must be stored exactly once, and no response may be an error.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tests.bench.reports import _create_database, _drop_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_answering"
ROOT = Path(__file__).resolve().parents[2]
QUESTION_ID = re.compile(rb'action="/o/[\w-]+/drills/q/(\d+)/answer/"')


# The goals of the answering path (docs/drills.md, "Answering at a dealer's speed"), printed beside
# the figures: server CPU per round trip, and at 20 trainees the answer's p95 with and without a
# pause between answers and the answers per second without one.
CPU_GOAL_MS = 8
CPU_RATIO_GOAL = 15
P95_GOAL_PAUSING_MS = 50
P95_GOAL_MS = 150
RATE_GOAL = 150


@dataclass
class Tally:
    answer_ms: list[float] = field(default_factory=list)
    page_ms: list[float] = field(default_factory=list)
    trivial_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    answers_sent: int = 0
    answered: int = 0
    questions: set[int] = field(default_factory=set)
    ok_at: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    tracebacks: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, what: str, status: int, body: bytes) -> None:
        """A response that is not the page: counted by status; any traceback in it is counted too."""
        with self.lock:
            self.statuses[f"{what}: {status or 'connection dropped'}"] += 1
            self.errors.append(f"{what}: {status}")
            if b"Traceback" in body:
                self.tracebacks += 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _setup_django(url: str) -> None:
    os.environ["BENCH_DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.bench.answering_settings"
    import django

    django.setup()


def _prepare(trainees: int, questions: int) -> list[dict[str, Any]]:
    """An organisation, its trainees logged in, and a long practice session for each."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.middleware.csrf import _get_new_csrf_string

    from dealer_training.accounts.backends import BACKEND_PATH
    from dealer_training.accounts.models import Membership, Organisation, Role, User
    from dealer_training.drills.models import DrillSession
    from dealer_training.drills.services import session_start

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    org = Organisation.objects.create(name="Bench Card Room", slug="bench")
    people = []
    skills = ["bring_in", "first_to_act", "stub", "antes", "showdown", "betting"]
    for i in range(trainees):
        user = User.objects.create_user(email=f"bench{i}@example.com", password="bench-password-1")
        Membership.objects.create(user=user, organisation=org, role=Role.TRAINEE)
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = BACKEND_PATH
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        session = session_start(
            organisation=org,
            trainee=user,
            mode="practice",
            skill=skills[i % len(skills)],
            variant="F7S",
        )
        # A trainee's session holds at most 50 questions; the benchmark's sessions must outlast the run.
        DrillSession.objects.filter(pk=session.pk).update(planned_count=questions)
        token = _get_new_csrf_string()
        people.append(
            {
                "session": session.pk,
                "cookie": (
                    f"{settings.SESSION_COOKIE_NAME}={store.session_key}; {settings.CSRF_COOKIE_NAME}={token}"
                ),
                "csrf": token,
            }
        )
    return people


def _start_server(url: str, port: int, workers: int, threads: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, BENCH_DATABASE_URL=url, DJANGO_SETTINGS_MODULE="tests.bench.answering_settings")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "dealer_training.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
            "--log-level",
            "warning",
            "--keep-alive",
            "30",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/bench/trivial/")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not come up")


def _request(
    port: int, conn: http.client.HTTPConnection, method: str, path: str, **kwargs: Any
) -> tuple[http.client.HTTPConnection, int, bytes]:
    """One request; a dropped connection is opened again and counts as status 0."""
    try:
        conn.request(method, path, **kwargs)
        response = conn.getresponse()
        return conn, response.status, response.read()
    except (OSError, http.client.HTTPException):
        conn.close()
        return http.client.HTTPConnection("127.0.0.1", port, timeout=30), 0, b""


def _question(pk: int) -> Any:
    """The harness reads the question's answer from the database (it waits out an outage)."""
    from django.db import OperationalError, connection

    from dealer_training.drills.models import Question

    for _ in range(100):
        try:
            return Question.objects.get(pk=pk)
        except OperationalError:
            connection.close()
            time.sleep(0.2)
    raise SystemExit("the database did not come back")


def _answerer(port: int, person: dict[str, Any], until: float, tally: Tally, think: float) -> None:
    from tests.drills.helpers import form_data

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Cookie": person["cookie"]}
    rng = random.Random(person["session"])
    if think:
        time.sleep(rng.uniform(0, think))  # trainees do not all start at the same instant
    warm = True  # the first round trip of a connection (a thread's first request) is not timed
    play = f"/o/bench/drills/s/{person['session']}/"
    # The first question loads as a page; "Next question" swaps the next ones in by htmx.
    next_headers = {**headers, "HX-Request": "true", "HX-Target": "main"}
    page_headers = headers
    while time.monotonic() < until:
        started = time.perf_counter()
        conn, status, body = _request(port, conn, "GET", play, headers=page_headers)
        page_ms = (time.perf_counter() - started) * 1000
        match = QUESTION_ID.search(body)
        if status != 200 or match is None:
            tally.note("GET question page", status, body)
            time.sleep(0.5)
            continue
        question = _question(int(match[1]))
        payload = urlencode(form_data(question), doseq=True)
        post_headers = {
            **headers,
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": person["csrf"],
            "HX-Request": "true",
            "Referer": f"http://127.0.0.1:{port}{play}",
        }
        started = time.perf_counter()
        conn, status, body = _request(
            port, conn, "POST", f"/o/bench/drills/q/{question.pk}/answer/", body=payload, headers=post_headers
        )
        answer_ms = (time.perf_counter() - started) * 1000
        with tally.lock:
            tally.answers_sent += 1
            tally.questions.add(question.pk)
            if status == 200:
                tally.ok_at.append(time.monotonic())
                if not warm:
                    tally.page_ms.append(page_ms)
                    tally.answer_ms.append(answer_ms)
                    tally.answered += 1
        if status != 200:
            tally.note("POST answer", status, body)
        else:
            page_headers = next_headers
        warm = False
        if think:
            # Reading the feedback and the next table: a dealer's pace (varied, so that the
            # trainees do not answer in step), not a tight loop.
            time.sleep(rng.uniform(0.5, 1.5) * think)


def _trivial(port: int, until: float, tally: Tally) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < until:
        started = time.perf_counter()
        conn.request("GET", "/bench/trivial/")
        response = conn.getresponse()
        response.read()
        elapsed = (time.perf_counter() - started) * 1000
        with tally.lock:
            if response.status == 200:
                tally.trivial_ms.append(elapsed)
            else:
                tally.errors.append(f"GET trivial: {response.status}")


def _run(target: Any, args: list[tuple[Any, ...]], seconds: float) -> float:
    threads = [threading.Thread(target=target, args=a) for a in args]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started


def _empty_queue() -> None:
    """Drop the tasks the run queued (nobody consumes the benchmark's queue) and its cache."""
    import redis
    from django.conf import settings

    redis.Redis.from_url(settings.CELERY_BROKER_URL).flushdb()
    redis.Redis.from_url(os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/13")).flushdb()


def _restart_database(after: float, restarted: list[float]) -> None:
    """Restart the local PostgreSQL cluster (the machine's own, on loopback) during the load."""
    time.sleep(after)
    version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[-1]
    began = time.monotonic()
    subprocess.run(
        ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"],
        check=True,
        capture_output=True,
    )
    restarted += [began, time.monotonic()]
    print(f"PostgreSQL {version} restarted {after:g} s into the run (took {restarted[1] - began:.1f} s)")


def _fault_verdict(tally: Tally, restarted: list[float]) -> None:
    """During a database restart: only clean 503 pages or dropped connections, then recovery."""
    from django.db import connection

    from dealer_training.drills.models import Attempt

    connection.close()
    unexpected = {
        k: v for k, v in tally.statuses.items() if not k.endswith((": 503", ": connection dropped"))
    }
    after = sum(1 for t in tally.ok_at if t > restarted[1])
    per_question = Attempt.objects.values("question").distinct().count()
    stored = Attempt.objects.count()
    print(f"responses other than the page: {dict(tally.statuses) or 'none'}")
    print(f"tracebacks shown: {tally.tracebacks}; answers stored after the restart: {after}")
    print(f"attempts stored {stored}, questions with an attempt {per_question} (one attempt per question)")
    ok = not unexpected and tally.tracebacks == 0 and after > 0 and stored == per_question
    print("database restart: " + ("PASS" if ok else f"FAIL {unexpected}"))
    if not ok:
        sys.exit(1)


def _server_cpu(pid: int) -> float:
    """CPU seconds used so far by gunicorn and its workers (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if entry.name == str(pid) or fields[1] == str(pid):  # fields[1] is the parent pid
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds each trainee pauses between answers (0: none)"
    )
    parser.add_argument(
        "--restart-database-after",
        type=float,
        default=0.0,
        help="restart the PostgreSQL cluster this many seconds into the answering phase (a fault check)",
    )
    parser.add_argument("--check", action="store_true", help="count the stored attempts; exit 1 on any error")
    parser.add_argument("--keep", action="store_true", help="keep the database")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL))
    args = parser.parse_args()

    url = args.database_url
    _create_database(url)
    server = None
    try:
        _setup_django(url)
        # Enough questions that nobody runs out: about 15 answers per second per trainee at most.
        people = _prepare(args.trainees, questions=min(2000, int(args.seconds * 20) + 20))
        port = _free_port()
        server = _start_server(url, port, args.workers, args.threads)
        print(
            f"gunicorn {args.workers} workers x {args.threads} threads on 127.0.0.1, PostgreSQL, "
            f"{args.trainees} simulated trainees"
            + (f" pausing {args.think:g} s between answers" if args.think else " answering without a pause")
            + f", {args.seconds:.0f} s per phase"
        )
        tally = Tally()
        until = time.monotonic() + args.seconds
        restarted: list[float] = []
        if args.restart_database_after:
            restarter = threading.Thread(
                target=_restart_database, args=(args.restart_database_after, restarted)
            )
            restarter.start()
        cpu = _server_cpu(server.pid)
        elapsed = _run(_answerer, [(port, p, until, tally, args.think) for p in people], args.seconds)
        answer_cpu = _server_cpu(server.pid) - cpu
        trivial = Tally()
        until = time.monotonic() + args.seconds
        cpu = _server_cpu(server.pid)
        trivial_elapsed = _run(_trivial, [(port, until, trivial)] * args.trainees, args.seconds)

        trivial_cpu = _server_cpu(server.pid) - cpu
        rate = tally.answers_sent / elapsed
        # Server CPU per answer (its question page and its POST) and per trivial request.
        per_answer = 1000 * answer_cpu / max(tally.answers_sent, 1)
        per_trivial = 1000 * trivial_cpu / max(len(trivial.trivial_ms), 1)
        trivial_rate = len(trivial.trivial_ms) / trivial_elapsed
        a50, a95 = _pct(tally.answer_ms, 0.5), _pct(tally.answer_ms, 0.95)
        g50, g95 = _pct(tally.page_ms, 0.5), _pct(tally.page_ms, 0.95)
        t50, t95 = _pct(trivial.trivial_ms, 0.5), _pct(trivial.trivial_ms, 0.95)
        print(f"{'':28}{'per second':>12}{'p50 ms':>10}{'p95 ms':>10}")
        print(f"{'answer (POST, htmx)':28}{rate:12.1f}{a50:10.1f}{a95:10.1f}")
        print(f"{'question page (GET)':28}{'':12}{g50:10.1f}{g95:10.1f}")
        print(f"{'trivial Django view (GET)':28}{trivial_rate:12.1f}{t50:10.1f}{t95:10.1f}")
        print(
            f"server CPU per answer (question page + answer): {per_answer:.1f} ms; per trivial request: "
            f"{per_trivial:.2f} ms; ratio {per_answer / per_trivial:.1f}x "
            f"(goal: at most {CPU_GOAL_MS:g} ms and {CPU_RATIO_GOAL:g}x)"
        )
        p95_goal = P95_GOAL_PAUSING_MS if args.think else P95_GOAL_MS
        rate_goal = "" if args.think else f", at least {RATE_GOAL:g} answers/s"
        print(
            f"latency ratio answer / trivial at the median: {a50 / t50:.1f}x; answer p95 {a95:.1f} ms "
            f"(goal at {args.trainees} trainees: p95 under {p95_goal:g} ms{rate_goal})"
        )
        errors = tally.errors + trivial.errors
        print(f"error responses: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
        if restarted:
            _fault_verdict(tally, restarted)
        elif args.check:
            from dealer_training.drills.models import Attempt

            stored = Attempt.objects.count()
            ok = stored == tally.answers_sent and not errors
            print(f"answers sent {tally.answers_sent}, attempts stored {stored}: {'PASS' if ok else 'FAIL'}")
            if not ok:
                sys.exit(1)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
        from django.db import connections

        connections.close_all()
        if not args.keep:
            _drop_database(url)
        _empty_queue()


if __name__ == "__main__":
    main()
