"""The rules a hand is played under, drawn as ``templates/accounts/_rule_lines.html`` draws them
(``accounts.house_rules.describe_rules``: each flag, its value, whether the house chose it and the
rules it chooses between, linked into the rules reference).

A room's rules change rarely and every question of a drill shows them, so each drawing is made
once per process: it is memoized on everything it depends on, the lines' words (in the page's
language), the language itself, the organisation whose rules reference the links open and the
URL prefix the site is served under.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any, Protocol

from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

# One line as the template reads it: label, value, house choice, citation keys.
Line = tuple[str, str, bool, tuple[str, ...]]


class RuleLineLike(Protocol):
    @property
    def label(self) -> Any: ...
    @property
    def value(self) -> Any: ...
    @property
    def overridden(self) -> bool: ...
    @property
    def rules(self) -> Iterable[str]: ...


def rule_lines_html(lines: Iterable[RuleLineLike], *, org_slug: str | None) -> SafeString:
    """The lines as the page draws them (``org_slug`` None: the citations are not linked)."""
    key = tuple(
        (str(line.label), str(line.value), bool(line.overridden), tuple(line.rules)) for line in lines
    )
    return _drawn(key, org_slug, get_language(), get_script_prefix())


@functools.lru_cache(maxsize=256)
def _drawn(lines: tuple[Line, ...], org_slug: str | None, language: str | None, prefix: str) -> SafeString:
    # ``language`` and ``prefix`` are the active ones (render_to_string uses them): they are
    # arguments only to key the cache.
    rules = [
        {"label": label, "value": value, "overridden": over, "rules": keys}
        for label, value, over, keys in lines
    ]
    # The template reads the organisation's slug only (to link the citations).
    org = SimpleNamespace(slug=org_slug) if org_slug is not None else None
    html = render_to_string("accounts/_rule_lines.html", {"rules": rules, "current_org": org})
    return mark_safe(html)  # rendered by the template, which escapes
