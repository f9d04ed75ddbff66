"""Project-wide middleware."""

import logging
from collections.abc import Callable
from importlib import import_module

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from .json_input import JSONTooDeep, json_depth

# Well beyond any JSON the app takes, well short of Python's recursion limit.
MAX_FORM_JSON_DEPTH = 100

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


NUL = "\x00"


def _has_nul(request: HttpRequest) -> bool:
    if NUL in request.path_info or NUL in request.path:
        return True
    for data in (request.GET, request.POST if request.method == "POST" else None):
        if data is None:
            continue
        for key, values in data.lists():
            if NUL in key or any(NUL in value for value in values):
                return True
    return False


def _form_json_too_deep(request: HttpRequest) -> bool:
    """A form value that nests brackets deeper than any JSON the app takes (the admin's JSON
    fields parse without a limit of their own)."""
    if request.method != "POST":
        return False
    for _key, values in request.POST.lists():
        for value in values:
            if value.lstrip()[:1] in ("[", "{") and json_depth(value) > MAX_FORM_JSON_DEPTH:
                return True
    return False


def _drop_bad_cookies(request: HttpRequest) -> None:
    """A cookie with a NUL character is treated as absent (a session key with one would reach the
    database); the session it named, if any, becomes a new empty one."""
    bad = [name for name, value in request.COOKIES.items() if NUL in name or NUL in value]
    for name in bad:
        del request.COOKIES[name]
    if settings.SESSION_COOKIE_NAME in bad and hasattr(request, "session"):
        request.session = import_module(settings.SESSION_ENGINE).SessionStore()


def _method_not_allowed(request: HttpRequest, empty: HttpResponse) -> HttpResponse:
    response = render(request, "405.html", status=405)
    response.headers["Allow"] = empty.headers.get("Allow", "")
    return response


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "400.html", {"message": message}, status=400)


class BadInputMiddleware:
    """Input no page can use answers 400 with a message instead of failing deeper down.

    A NUL character in the path, the query string or a form field: PostgreSQL refuses it in any
    text value, so a lookup or a search with one would be a 500. A cookie with one is ignored.
    Uploaded files are not looked at here (a zip holds NUL bytes); their readers check their own
    text. JSON nested too deep (``json_input.JSONTooDeep``, raised wherever the app reads JSON
    from users) is refused here too. An address that only takes a form's POST (a button's
    action), opened as a page, answers its 405 with a page that says so instead of an empty one.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        _drop_bad_cookies(request)
        if _has_nul(request):
            logger.warning("NUL character in %s %s refused", request.method, request.path.replace(NUL, "%00"))
            return bad_request(
                request,
                _(
                    "The address or the form contains a NUL character, which no page accepts. "
                    "Remove it and try again."
                ),
            )
        if _form_json_too_deep(request):
            return _too_deep(request, MAX_FORM_JSON_DEPTH)
        response = self.get_response(request)
        if response.status_code == 405 and request.method == "GET" and not response.content:
            return _method_not_allowed(request, response)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, JSONTooDeep):
            return _too_deep(request, exception.limit)
        return None


def _too_deep(request: HttpRequest, limit: int) -> HttpResponse:
    return bad_request(
        request,
        _("The data is nested more than %(limit)s levels deep, which no page accepts.") % {"limit": limit},
    )
