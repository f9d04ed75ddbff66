"""Access rules for views. Every view in the URL conf declares exactly one of these.

- ``public_view``: anyone, logged in or not (login, join with a code, health check).
- ``authenticated_view``: any logged-in user, outside an organisation (organisation chooser,
  password change). Anonymous users are sent to the login page.
- ``org_view(roles=...)``: a page of one organisation, under ``/o/<org_slug>/``. Anonymous users
  are sent to the login page; a user who is not a member gets 404 (so the organisation's
  existence does not leak); a member whose role is not allowed gets 403. The view then sees
  ``request.org`` and ``request.membership``.

Each decorator stores an ``AccessRule`` on the view as ``view.access_rule`` (``ACCESS_RULE_ATTR``),
so tests can walk the URL conf and read every view's rule.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Literal

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponseBase
from django_htmx.middleware import HtmxDetails

from .models import Membership, Organisation, Role, User
from .selectors import membership_for_user_and_slug

ACCESS_RULE_ATTR = "access_rule"
CURRENT_ORG_SESSION_KEY = "current_org_slug"

View = Callable[..., HttpResponseBase]


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """The request an authenticated_view sees: its user is logged in."""

    user: User


class OrgHttpRequest(AuthenticatedHttpRequest):
    """The request an org_view sees."""

    org: Organisation
    membership: Membership


@dataclass(frozen=True)
class AccessRule:
    kind: Literal["public", "authenticated", "org"]
    roles: frozenset[str] = frozenset()


def access_rule_of(view: object) -> AccessRule | None:
    return getattr(view, ACCESS_RULE_ATTR, None)


def _mark(view: View, rule: AccessRule) -> View:
    if access_rule_of(view) is not None:
        raise TypeError(f"{view!r} already declares an access rule")
    setattr(view, ACCESS_RULE_ATTR, rule)
    return view


def public_view(view: View) -> View:
    """Anyone may open this view."""
    return _mark(view, AccessRule(kind="public"))


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
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            membership = membership_for_user_and_slug(user=request.user, slug=org_slug)
            if membership is None:
                raise Http404("No such organisation.")
            if membership.role not in allowed:
                raise PermissionDenied
            request.org = membership.organisation  # type: ignore[attr-defined]
            request.membership = membership  # type: ignore[attr-defined]
            if request.session.get(CURRENT_ORG_SESSION_KEY) != org_slug:
                request.session[CURRENT_ORG_SESSION_KEY] = org_slug
            return view(request, *args, **kwargs)

        return _mark(wrapped, AccessRule(kind="org", roles=allowed))

    return decorator


ALL_ROLES = tuple(Role.values)
STAFF_ROLES = (Role.OWNER, Role.INSTRUCTOR)
