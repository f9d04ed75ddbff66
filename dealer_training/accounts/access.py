"""Access rules for views. Every view in the URL conf declares exactly one of these.

- ``public_view``: anyone, logged in or not (login, join with a code, health check).
- ``authenticated_view``: any logged-in user, outside an organisation (organisation chooser,
  password change). Anonymous users are sent to the login page.
- ``org_view(roles=...)``: a page of one organisation, under ``/o/<org_slug>/``. Anonymous users
  are sent to the login page; a user who is not a member gets 404 (so the organisation's
  existence does not leak); a member whose role is not allowed gets 403. The view then sees
  ``request.org`` and ``request.membership``.

Each decorator stores an ``AccessRule`` on the view as ``view.access_rule`` (``ACCESS_RULE_ATTR``),
so tests can walk the URL conf and read every view's rule. The mark and ``public_view`` come from
``dealer_training.infra.access`` (infrastructure views declare them without importing accounts).
"""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponseBase
from django_htmx.middleware import HtmxDetails

from dealer_training.infra.access import ACCESS_RULE_ATTR, AccessRule, View, access_rule_of, public_view
from dealer_training.infra.access import mark as _mark

from .backends import user_read
from .models import Membership, Organisation, Role, User
from .selectors import membership_and_user

CURRENT_ORG_SESSION_KEY = "current_org_slug"

__all__ = [
    "ACCESS_RULE_ATTR",
    "ALL_ROLES",
    "CURRENT_ORG_SESSION_KEY",
    "STAFF_ROLES",
    "AccessRule",
    "HtmxHttpRequest",
    "OrgHttpRequest",
    "View",
    "access_rule_of",
    "authenticated_view",
    "org_view",
    "public_view",
]


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """The request an authenticated_view sees: its user is logged in."""

    user: User


class OrgHttpRequest(AuthenticatedHttpRequest):
    """The request an org_view sees."""

    org: Organisation
    membership: Membership


def authenticated_view(view: View) -> View:
    """Any logged-in user; anonymous users are redirected to the login page."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return _mark(wrapped, AccessRule(kind="authenticated"))


def org_view(*, roles: Iterable[str]) -> Callable[[View], View]:
    """A page of the organisation named by the ``org_slug`` URL argument, for the given roles."""
    allowed = frozenset(roles)
    if not allowed or not allowed <= set(Role.values):
        raise ValueError(f"roles must be a non-empty subset of {Role.values}, not {sorted(allowed)}")

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, org_slug: str, **kwargs: Any) -> HttpResponseBase:
            # The membership is read with its user, which the login then takes (one query for
            # both); the login is checked as always (the session's hash, is_active).
            user_id = _session_user_id(request)
            membership = None if user_id is None else membership_and_user(user_id=user_id, slug=org_slug)
            with user_read(membership.user if membership is not None else None):
                if not request.user.is_authenticated:
                    return redirect_to_login(request.get_full_path())
            if user_id != request.user.pk:  # a user the session does not name (set by other means)
                membership = membership_and_user(user_id=request.user.pk, slug=org_slug)
            if membership is None:
                raise Http404("No such organisation.")
            if membership.user_id == user_id:
                # The login took this row: the view reads it directly, not through the lazy wrapper.
                request.user = membership.user
            if membership.role not in allowed:
                raise PermissionDenied
            request.org = membership.organisation  # type: ignore[attr-defined]
            request.membership = membership  # type: ignore[attr-defined]
            if request.session.get(CURRENT_ORG_SESSION_KEY) != org_slug:
                request.session[CURRENT_ORG_SESSION_KEY] = org_slug
            return view(request, *args, **kwargs)

        return _mark(wrapped, AccessRule(kind="org", roles=allowed))

    return decorator


def _session_user_id(request: HttpRequest) -> int | None:
    """The user the login session names, or None (not logged in, or a value that is no user id)."""
    value = request.session.get(SESSION_KEY)
    if value is None:
        return None
    try:
        return int(User._meta.pk.to_python(value))
    except (TypeError, ValueError, ValidationError):
        return None


ALL_ROLES = tuple(Role.values)
STAFF_ROLES = (Role.OWNER, Role.INSTRUCTOR)
