"""Slow readers of a CSV export: ``python -m tests.bench.slow_readers`` (``make bench-slow-readers``).

Starts gunicorn on 127.0.0.1 against a PostgreSQL database made for the run (dropped after) with
an organisation of ``--rows`` attempts, opens ``--readers`` connections that ask for the streamed
attempts CSV and then read nothing (a tiny receive buffer, as a client on a stalled line), and
asks ``/health/`` every half second meanwhile. Twice: with the server as gunicorn.conf.py sets it
up (threaded workers), and as the old command line ran it (``--workers 3`` of the sync kind).

Printed per server: /health/ answers and time-outs while the readers hang, its slowest answer, and
how many readers the server cut off (``WEB_CLIENT_TIMEOUT``, set to ``--client-timeout``, shorter
than ``--seconds``).
Fails (exit 1) unless, with gunicorn.conf.py, every /health/ answered 200 within 2 s.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from tests.bench.answering import _free_port
from tests.bench.reports import _create_database, _drop_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_slow_readers"
ROOT = Path(__file__).resolve().parents[2]


def _prepare(rows: int) -> dict[str, Any]:
    """An owner logged in (a session cookie) and ``rows`` attempts of one trainee."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.utils import timezone

    from dealer_training.accounts.backends import BACKEND_PATH
    from dealer_training.accounts.models import Membership, Organisation, Role, User
    from tests.progress.factories import add_attempts, series

    call_command("migrate", verbosity=0)
    org = Organisation.objects.create(name="Bench Card Room", slug="bench")
    owner = User.objects.create_user(email="owner@bench.example", password="bench-password-1")
    Membership.objects.create(user=owner, organisation=org, role=Role.OWNER)
    trainee = User.objects.create_user(email="trainee@bench.example", password="bench-password-1")
    membership = Membership.objects.create(user=trainee, organisation=org, role=Role.TRAINEE)
    for start in range(0, rows, 10_000):
        add_attempts(membership=membership, results=series(min(10_000, rows - start), correct_every=3))
    store = SessionStore()
    store[SESSION_KEY] = str(owner.pk)
    store[BACKEND_SESSION_KEY] = BACKEND_PATH
    store[HASH_SESSION_KEY] = owner.get_session_auth_hash()
    store.create()
    today = timezone.localdate()
    return {
        "cookie": f"{settings.SESSION_COOKIE_NAME}={store.session_key}",
        "org": org.slug,
        "start": (today - timedelta(days=60)).isoformat(),
        "end": today.isoformat(),
    }


def _start(port: int, extra: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "gunicorn", "dealer_training.wsgi", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, *extra, "--log-level", "warning", "--access-logfile", "/dev/null"],
        cwd=ROOT,
        env=env,
        # The clients cut off show as "timed out" errors in the server's log: not printed here.
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/health/")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("gunicorn did not come up")


def _slow_reader(port: int, path: str, cookie: str) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: a small window
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\r\n".encode())
    return sock


def _cut_off(sock: socket.socket) -> bool:
    """Read what is left: True when the server ended the connection before the whole CSV."""
    sock.settimeout(5)
    tail = b""
    try:
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            tail = (tail + chunk)[-16:]
            if tail.endswith(b"0\r\n\r\n"):
                return False  # the last chunk: the server sent everything
    except OSError:
        pass
    return True


def _run(
    name: str, port: int, extra: list[str], args: argparse.Namespace, people: dict[str, Any]
) -> dict[str, Any]:
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="tests.bench.answering_settings",
        WEB_CLIENT_TIMEOUT=str(args.client_timeout),
    )
    server = _start(port, extra, env)
    query = f"kind=attempts&start={people['start']}&end={people['end']}"
    path = f"/o/{people['org']}/progress/exports/csv/?{query}"
    readers = []
    try:
        readers = [_slow_reader(port, path, people["cookie"]) for _ in range(args.readers)]
        time.sleep(1)  # the readers' requests reach the workers and fill the buffers
        started = time.monotonic()
        answered, timed_out, slowest = 0, 0, 0.0
        while time.monotonic() - started < args.seconds:
            asked = time.monotonic()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/health/")
                status = conn.getresponse().status
                conn.close()
                answered += status == 200
                timed_out += status != 200
                slowest = max(slowest, time.monotonic() - asked)
            except OSError:
                timed_out += 1
                slowest = max(slowest, time.monotonic() - asked)
            time.sleep(max(0.0, 0.5 - (time.monotonic() - asked)))
        cut_off = sum(_cut_off(reader) for reader in readers)
    finally:
        for reader in readers:
            reader.close()
        server.terminate()
        server.wait(timeout=30)
    print(
        f"{name}: /health/ {answered} answered, {timed_out} failed or over 2 s, slowest {slowest:.2f} s; "
        f"{cut_off} of {args.readers} slow readers cut off by the server"
    )
    return {"answered": answered, "failed": timed_out, "slowest": slowest}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40_000, help="attempts in the streamed CSV")
    parser.add_argument("--readers", type=int, default=6, help="connections that read nothing")
    parser.add_argument("--seconds", type=float, default=15, help="how long /health/ is asked")
    parser.add_argument("--client-timeout", type=int, default=10, help="WEB_CLIENT_TIMEOUT of the server")
    args = parser.parse_args()
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    os.environ.update(BENCH_DATABASE_URL=url, DJANGO_SETTINGS_MODULE="tests.bench.answering_settings")
    _create_database(url)
    try:
        import django

        django.setup()
        people = _prepare(args.rows)
        from django.db import connections

        connections.close_all()
        print(
            f"PostgreSQL; {args.readers} clients stream a {args.rows:,}-row CSV and read nothing; "
            f"/health/ asked every 0.5 s for {args.seconds:.0f} s (2 s timeout)"
        )
        threaded = _run("gunicorn.conf.py (gthread)", _free_port(), [], args, people)
        _run(
            "old command line (--workers 3, sync)",
            _free_port(),
            ["--worker-class", "sync", "--workers", "3", "--threads", "1", "--timeout", "30"],
            args,
            people,
        )
    finally:
        _drop_database(url)
    if threaded["failed"] or not threaded["answered"]:
        print("FAILED: /health/ did not always answer with gunicorn.conf.py")
        raise SystemExit(1)
    print("OK: /health/ answered every time beside the slow readers with gunicorn.conf.py")


if __name__ == "__main__":
    main()
