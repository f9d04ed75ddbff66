"""GET /health/: is the database reachable, is the task broker reachable, does the cache answer?

The database and the broker decide readiness (503 when either fails). The cache only saves work
(dealer_training.cache falls back to the database cache table), so an unreachable cache reads
"degraded" and the answer stays 200.
"""

import logging

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from dealer_training.cache import FallbackCache
from dealer_training.celery import app as celery_app
from dealer_training.infra.access import public_view

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


def cache_status() -> str:
    default = caches["default"]
    if isinstance(default, FallbackCache):
        return "ok" if default.primary_reachable() else "degraded"
    try:
        default.has_key("health-check")
    except Exception:
        logger.warning("health: cache unreachable", exc_info=True)
        return "degraded"
    return "ok"


@public_view
@require_GET
@never_cache
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_status(), "broker": broker_status()}
    healthy = all(value in ("ok", "eager") for value in checks.values())
    cache_state = cache_status()
    status = "error" if not healthy else "ok" if cache_state == "ok" else "degraded"
    return JsonResponse({"status": status, **checks, "cache": cache_state}, status=200 if healthy else 503)
