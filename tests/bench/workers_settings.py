"""Settings of the killed-worker check (tests.bench.workers): the test settings on a PostgreSQL
database and a broker queue of the check's own, tasks sent to a real worker."""

import os

import environ

from dealer_training.settings.test import *  # noqa: F403

DATABASES = {"default": environ.Env.db_url_config(os.environ["BENCH_DATABASE_URL"])}
CELERY_BROKER_URL = os.environ["BENCH_BROKER_URL"]
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_DEFAULT_QUEUE = os.environ["BENCH_QUEUE"]
MEDIA_ROOT = os.environ["BENCH_MEDIA_ROOT"]
# A job whose progress has not moved for 5 s may be taken over or queued again (600 s in production).
JOBS_STALLED_AFTER = 5
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
if CELERY_BROKER_URL.startswith("redis"):
    # Redis hands an unacknowledged message out again after this many seconds (one hour by default).
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 10}
