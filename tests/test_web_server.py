"""Slow clients cannot hold the web server: threaded gunicorn workers, a client timeout.

The last test runs gunicorn as production does (gunicorn.conf.py in the working directory) on
the test database, lets three clients stream a big CSV export and read nothing, and asks
/health/ meanwhile. make bench-slow-readers does the same on PostgreSQL beside the old sync
command line.
"""

import http.client
import os
import runpy
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.utils import timezone

from dealer_training.accounts.backends import BACKEND_PATH
from dealer_training.wsgi import ClientTimeout
from tests.progress.factories import add_attempts, series

ROOT = Path(__file__).resolve().parents[1]


def test_gunicorn_runs_threaded_workers():
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["worker_class"] == "gthread"
    assert conf["threads"] >= 4
    assert conf["workers"] * conf["threads"] >= 12


def test_the_wsgi_application_gives_each_client_a_send_timeout(settings):
    class Sock:
        timeout = None

        def settimeout(self, value):
            self.timeout = value

    sock = Sock()
    app = ClientTimeout(lambda environ, start_response: [b"ok"], 30)
    assert app({"gunicorn.socket": sock}, None) == [b"ok"]
    assert sock.timeout == 30
    assert app({}, None) == [b"ok"]  # another server: nothing to set


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url():
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _health(port):
    """/health/'s status, or None when it does not answer within 30 s (the readers stay for 300 s,
    so a server whose every worker they hold never answers; a busy machine still does)."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/health/")
        status = conn.getresponse().status
        conn.close()
        return status
    except OSError:
        return None


@pytest.mark.server
@pytest.mark.django_db(transaction=True)
def test_three_slow_readers_of_a_csv_export_leave_health_answering(owner, trainee, settings):
    # About 10 MB of CSV: far more than the socket buffers between the server and a client.
    add_attempts(
        membership=trainee,
        results=series(4000, start=timezone.now() - timedelta(hours=2)),
        answer={"note": "x" * 2500},
    )
    store = SessionStore()
    store[SESSION_KEY] = str(owner.user.pk)
    store[BACKEND_SESSION_KEY] = BACKEND_PATH
    store[HASH_SESSION_KEY] = owner.user.get_session_auth_hash()
    store.create()
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.web_server_settings",
        "DATABASE_URL": _database_url(),
        "GUNICORN_WORKERS": "1",  # one worker: its threads are all there is
        "WEB_CLIENT_TIMEOUT": "300",  # the readers stay for the whole test
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "dealer_training.wsgi", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    readers = []
    try:
        deadline = time.monotonic() + 60
        while _health(port) != 200:
            assert time.monotonic() < deadline, "gunicorn did not come up"
            assert server.poll() is None, "gunicorn exited"
            time.sleep(0.1)
        today = timezone.localdate()
        path = (
            f"/o/{owner.organisation.slug}/progress/exports/csv/?kind=attempts"
            f"&start={today - timedelta(days=2)}&end={today}"
        )
        cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}"
        for _ in range(3):
            reader = socket.socket()
            reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            reader.connect(("127.0.0.1", port))
            reader.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\r\n".encode())
            readers.append(reader)
        # Each reader's response starts (its status line arrives), then stalls: nobody reads.
        for reader in readers:
            reader.settimeout(30)
            assert reader.recv(12).startswith(b"HTTP/1.1 200")
        for _ in range(5):
            assert _health(port) == 200
    finally:
        for reader in readers:
            reader.close()
        server.terminate()
        server.wait(timeout=30)
