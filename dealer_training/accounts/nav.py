"""The organisation navigation: apps register their pages; each member sees the ones they may open.

An app adds its page in ``AppConfig.ready()``::

    nav.register(nav.NavItem(url_name="drills:index", label=_("Drills"), order=10))

Whether a member sees the link is read from the access rule of the view the URL resolves to
(``org_view(roles=...)``), so the menu never links to a page that would answer 403.
"""

import functools
from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import get_script_prefix, resolve, reverse
from django.utils.functional import Promise

from .access import AccessRule, access_rule_of
from .models import Membership


@dataclass(frozen=True)
class NavItem:
    url_name: str  # an org page: its URL takes only org_slug
    label: Promise
    order: int


@dataclass(frozen=True)
class NavLink:
    url: str
    label: Promise
    current: bool


_items: dict[str, NavItem] = {}


def register(item: NavItem) -> None:
    _items[item.url_name] = item
    _links.cache_clear()


def registered() -> list[NavItem]:
    return sorted(_items.values(), key=lambda item: (item.order, item.url_name))


_rules: dict[str, AccessRule | None] = {}


def _rule_of(url_name: str, url: str) -> AccessRule | None:
    """The access rule of a menu page (the URL conf does not change while the process runs, and
    resolving every menu link on every page was a measurable part of each request)."""
    if url_name not in _rules:
        _rules[url_name] = access_rule_of(resolve(url).func)
    return _rules[url_name]


def links_for(*, membership: Membership, request: HttpRequest) -> list[NavLink]:
    current_name = request.resolver_match.view_name if request.resolver_match else ""
    return list(_links(membership.organisation.slug, membership.role, current_name, get_script_prefix()))


@functools.lru_cache(maxsize=1024)
def _links(slug: str, role: str, current_name: str, prefix: str) -> tuple[NavLink, ...]:
    """The menu of a member with ``role`` on the page ``current_name``: the same on every request
    of that page (the URL prefix, read by ``reverse``, is part of the key; the labels are lazy)."""
    links = []
    for item in registered():
        url = reverse(item.url_name, kwargs={"org_slug": slug})
        rule = _rule_of(item.url_name, url)
        if rule is None or rule.kind != "org" or role not in rule.roles:
            continue
        links.append(NavLink(url=url, label=item.label, current=item.url_name == current_name))
    return tuple(links)
