"""Login throttling: repeated failures for one email address from one client lock that pair.

Counters live in the default cache (shared by all processes in production), keyed by a hash of
the email address and the client address so no personal data appears in cache keys.
"""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the address the trusted proxies recorded in X-Forwarded-For."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
        ]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR", "")


def _key(kind: str, email: str, ip: str) -> str:
    digest = hashlib.sha256(f"{email.strip().lower()}\n{ip}".encode()).hexdigest()
    return f"login-{kind}:{digest}"


def login_is_locked(*, email: str, ip: str) -> bool:
    return cache.get(_key("lock", email, ip)) is not None


def login_failure_record(*, email: str, ip: str) -> bool:
    """Count a failed login; True when this failure locks the pair."""
    key = _key("failures", email, ip)
    cache.add(key, 0, timeout=settings.LOGIN_LOCK_SECONDS)
    try:
        failures = cache.incr(key)
    except ValueError:  # expired between add() and incr()
        cache.set(key, 1, timeout=settings.LOGIN_LOCK_SECONDS)
        failures = 1
    if failures >= settings.LOGIN_FAILURE_LIMIT:
        cache.set(_key("lock", email, ip), 1, timeout=settings.LOGIN_LOCK_SECONDS)
        cache.delete(key)
        return True
    return False


def login_success_record(*, email: str, ip: str) -> None:
    cache.delete(_key("failures", email, ip))
