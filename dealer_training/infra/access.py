"""The access-rule mark every view in the URL conf carries, and ``public_view``.

A decorator stores an ``AccessRule`` on the view as ``view.access_rule`` (``ACCESS_RULE_ATTR``),
so tests and the navigation can read every view's rule. ``public_view`` (anyone, logged in or not:
login, join with a code, the health check) lives here so that infrastructure views can declare it
without importing accounts; the rules that need users and organisations (``authenticated_view``,
``org_view``) are in ``dealer_training.accounts.access``.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from django.http import HttpResponseBase

ACCESS_RULE_ATTR = "access_rule"

View = Callable[..., HttpResponseBase]


@dataclass(frozen=True)
class AccessRule:
    kind: Literal["public", "authenticated", "org"]
    roles: frozenset[str] = frozenset()


def access_rule_of(view: object) -> AccessRule | None:
    return getattr(view, ACCESS_RULE_ATTR, None)


def mark(view: View, rule: AccessRule) -> View:
    """Store ``rule`` on ``view``; a view declares exactly one rule."""
    if access_rule_of(view) is not None:
        raise TypeError(f"{view!r} already declares an access rule")
    setattr(view, ACCESS_RULE_ATTR, rule)
    return view


def public_view(view: View) -> View:
    """Anyone may open this view."""
    return mark(view, AccessRule(kind="public"))
