"""gunicorn settings, read from the working directory (``gunicorn dealer_training.wsgi``).

Threaded workers: a slow client (a big CSV download on a poor line) holds one thread, not a
whole worker, so /health/ and answering go on beside it. dealer_training.wsgi drops a client
that reads nothing for WEB_CLIENT_TIMEOUT seconds. Environment variables override the numbers.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", "3"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# A worker that does not report for this long is restarted (a stuck request, not a slow client).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
