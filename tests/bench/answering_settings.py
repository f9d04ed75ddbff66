"""Settings of the answering benchmark's server: the test settings on a PostgreSQL database of the
benchmark's own, with the benchmark's URL conf (the app's pages plus a trivial reference view)."""

import os

import environ

from dealer_training.cache import cache_config
from dealer_training.settings.test import *  # noqa: F403

DATABASES = {"default": environ.Env.db_url_config(os.environ["BENCH_DATABASE_URL"])}
DATABASES["default"]["CONN_MAX_AGE"] = 60
ROOT_URLCONF = "tests.bench.answering_urls"
DEBUG = False
# The trainees of the benchmark log in once; the session engine reads them from the database
# as in production. The cache is production's too: Redis (a database of the benchmark's own,
# emptied at the end), falling back to the database's cache table.
CACHES = cache_config(os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/13"))
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "ERROR"}}

# As in production, tasks queued on commit go to a broker (the rollups run on a worker, not in
# the request); the benchmark's queue lives in a Redis database of its own, emptied at the end.
CELERY_BROKER_URL = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/14")
CELERY_TASK_ALWAYS_EAGER = False
