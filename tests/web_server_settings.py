"""Settings of the gunicorn server that tests/test_web_server.py starts: the test settings on the
test's own database (DATABASE_URL)."""

import os

from dealer_training.settings.test import *  # noqa: F403
from dealer_training.settings.test import env

DATABASES = {"default": env.db("DATABASE_URL")}
WEB_CLIENT_TIMEOUT = int(os.environ.get("WEB_CLIENT_TIMEOUT", "30"))
