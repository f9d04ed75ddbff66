"""Project-wide middleware."""

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)


class ContentSecurityPolicyMiddleware:
    """Sends the Content-Security-Policy from settings.CONTENT_SECURITY_POLICY on every response.

    The policy has no 'unsafe-inline': pages load scripts and styles only from our own static
    files, so an injected <script> or on* attribute does not run.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = "; ".join(
            f"{directive} {' '.join(sources)}"
            for directive, sources in settings.CONTENT_SECURITY_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.header)
        return response


class DatabaseUnavailableMiddleware:
    """A database that cannot be reached (restarted, failed over) answers 503 with a page.

    The page is rendered without the request, so that no context processor queries the
    database again. Django drops a broken connection at the end of the request
    (``CONN_HEALTH_CHECKS`` checks a reused one before the next), so the app recovers by itself
    once the database is back.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.error("database unavailable on %s %s: %s", request.method, request.path, exception)
        response = HttpResponse(render_to_string("503.html"), status=503)
        response.headers["Retry-After"] = "30"
        return response
