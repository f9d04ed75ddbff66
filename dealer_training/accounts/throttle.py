"""Login throttling with django-axes, and the rate limit on password-reset mail.

Failed logins are recorded by axes in the database (not the cache), for the app login and the
admin login alike. AXES_LOCKOUT_PARAMETERS locks an account for every client address and a client
address for every account once either has AXES_FAILURE_LIMIT recent failures. The hooks here tell
axes how this project names accounts and clients, and what a locked-out person sees.
"""

import hashlib
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from .models import PasswordResetRequest, normalize_email


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the address the trusted proxies recorded in X-Forwarded-For.

    Each trusted proxy appends the address it received the request from, so the client is the
    entry TRUSTED_PROXY_COUNT places from the right; anything left of it was sent by the client
    and can be forged.
    """
    proxies: int = settings.TRUSTED_PROXY_COUNT
    if proxies:
        forwarded: list[str] = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
        ]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    remote: str = request.META.get("REMOTE_ADDR", "")
    return remote


def login_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The account a login names, in the form accounts are stored (email, lower case)."""
    field = settings.AXES_USERNAME_FORM_FIELD
    raw = credentials.get(field) if credentials else request.POST.get(field)
    return normalize_email(raw) if raw else None


def lockout_minutes() -> int:
    return max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))


class LoginAttemptHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes has no type hints
    """The database handler, except that a successful login clears only its own failures.

    Axes would clear every failure of the account and every failure from the address; then anyone
    with an account of their own could reset the count of their address between guesses at other
    accounts by logging in to it.
    """

    def reset_user_attempts(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        username = get_client_username(request, credentials)
        count: int
        count, _ = AccessAttempt.objects.filter(
            username=username,
            ip_address=request.axes_ip_address,  # type: ignore[attr-defined]  # set by axes
        ).delete()
        return count


def login_failures_clear(*, email: str) -> int:
    """Forget the failed logins of an account, from every address (after a password reset: the
    person has shown they read the account's mail). Locks of client addresses stay."""
    count: int
    count, _ = AccessAttempt.objects.filter(username=normalize_email(email)).delete()
    return count


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """What a locked-out login answers: the app's login page says it itself; anything else (the
    admin login) gets a page that says why and for how long."""
    if original_response is not None and getattr(original_response, "login_locked", False):
        return original_response
    return render(
        request,
        "accounts/locked_out.html",
        {"minutes": lockout_minutes()},
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )


# Password-reset mail: at most this many requests per account and per client address within the
# window. Requests are counted in the database, so the limit holds when the cache is down.
RESET_WINDOW = timedelta(hours=1)
RESET_LIMIT_PER_ACCOUNT = 3
RESET_LIMIT_PER_ADDRESS = 10


def _email_digest(email: str) -> str:
    # A digest, so the table holds no address and says nothing about which accounts exist.
    return hashlib.sha256(normalize_email(email).encode()).hexdigest()


def password_reset_allowed(*, email: str, ip: str) -> bool:
    """Record a reset request; False when the account or the address has used up its mails.

    Refused requests are not recorded, so a flood does not extend the wait.
    """
    now = timezone.now()
    since = now - RESET_WINDOW
    PasswordResetRequest.objects.filter(requested_at__lt=since).delete()
    recent = PasswordResetRequest.objects.filter(requested_at__gte=since)
    digest = _email_digest(email)
    if recent.filter(email_digest=digest).count() >= RESET_LIMIT_PER_ACCOUNT:
        return False
    if recent.filter(ip_address=ip).count() >= RESET_LIMIT_PER_ADDRESS:
        return False
    PasswordResetRequest.objects.create(email_digest=digest, ip_address=ip, requested_at=now)
    return True
