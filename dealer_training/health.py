"""GET /health/: is the database reachable, is the task broker reachable?"""

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from dealer_training.accounts.access import public_view
from dealer_training.celery import app as celery_app

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.exception("health: database unreachable")
        return "error"
    return "ok"


def broker_status() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception:
        logger.exception("health: broker unreachable")
        return "error"
    return "ok"


@public_view
@require_GET
@never_cache
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_status(), "broker": broker_status()}
    healthy = all(value in ("ok", "eager") for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503)
