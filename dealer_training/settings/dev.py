"""Local development: SQLite under var/, tasks in-process, mail on the console.

Set DATABASE_URL or CELERY_BROKER_URL to try PostgreSQL or a real broker locally.
"""

from .base import *  # noqa: F403
from .base import BASE_DIR, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("DJANGO_SECRET_KEY", default="dev-only-secret-key-not-for-production-use-9f3c1a7e5b2d")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])

# The default SQLite file lives in var/ (git-ignored); create the folder on first start.
(BASE_DIR / "var").mkdir(exist_ok=True)

# Serve static files from the app folders without collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
