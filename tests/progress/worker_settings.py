"""Settings of the Celery worker that tests marked `worker` start as a subprocess.

The test settings, pointed at the test's own database (DATABASE_URL), at Redis, at a queue of
its own (so runs on one machine never take each other's messages) and at the test's media folder.
A short visibility timeout lets a restarted worker take back a message whose worker was killed.
"""

import os

from dealer_training.settings.test import *  # noqa: F403
from dealer_training.settings.test import SQLITE_OPTIONS, env

DATABASES = {"default": env.db("DATABASE_URL")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)  # as the web process has
CELERY_BROKER_URL = os.environ["CELERY_BROKER_URL"]
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_DEFAULT_QUEUE = os.environ["PROGRESS_TEST_QUEUE"]
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 3,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
MEDIA_ROOT = os.environ["DJANGO_MEDIA_ROOT"]
# A job whose heartbeat is this old may be taken over by a delivery of its task (dealer_training.jobs).
JOBS_STALLED_AFTER = 2
