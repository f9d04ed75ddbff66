"""Test settings: DATABASE_URL if set (CI uses PostgreSQL), otherwise SQLite; eager Celery."""

from .base import *  # noqa: F403
from .base import BASE_DIR, SQLITE_OPTIONS, env

DEBUG = False
SECRET_KEY = "test-only-secret-key-0b7d2e9c4a6f8e1d3c5b7a9f0e2d4c6b8a"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

DATABASES = {"default": env.db("DATABASE_URL", default="sqlite:///:memory:")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The test database is a file (one per pytest-xdist worker, under var/), so that the real
    # Celery worker started by the tests marked `worker` can open the same database.
    # NAME is set too: a live server started before the test database exists must not take the
    # ":memory:" name as a sign to share one connection between threads.
    (BASE_DIR / "var").mkdir(exist_ok=True)
    DATABASES["default"]["NAME"] = str(BASE_DIR / "var" / "test-db.sqlite3")
    DATABASES["default"]["TEST"] = {"NAME": DATABASES["default"]["NAME"]}
    # Test data need not survive a power cut: skip the fsync on every commit.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = "PRAGMA synchronous=OFF;"
    DATABASES["default"]["OPTIONS"].update(SQLITE_OPTIONS)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

CELERY_BROKER_URL = "memory://"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
