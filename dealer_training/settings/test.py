"""Test settings: DATABASE_URL if set (CI uses PostgreSQL), otherwise SQLite; eager Celery."""

from .base import *  # noqa: F403
from .base import env

DEBUG = False
SECRET_KEY = "test-only-secret-key-0b7d2e9c4a6f8e1d3c5b7a9f0e2d4c6b8a"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

DATABASES = {"default": env.db("DATABASE_URL", default="sqlite:///:memory:")}

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

CELERY_BROKER_URL = "memory://"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
