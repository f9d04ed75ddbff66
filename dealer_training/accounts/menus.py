"""The site's menus as every page draws them (``base.html``): the language buttons and the
organisation's menu (``templates/components/_language_buttons.html`` and ``_nav.html``).

Each drawing is made once per process, memoized on everything it depends on: the page's
language and the languages offered, or the menu's links (their URLs, words and which is the
current page) and the language of the menu's name.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Iterable
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language


def language_buttons_html() -> SafeString:
    """A button per language offered, the page's own pressed."""
    return _language_buttons(get_language(), tuple((code, str(name)) for code, name in settings.LANGUAGES))


@functools.lru_cache(maxsize=16)
def _language_buttons(language: str | None, languages: tuple[tuple[str, str], ...]) -> SafeString:
    # ``language`` and ``languages`` are the active ones (the template reads them): arguments only
    # to key the cache.
    return mark_safe(render_to_string("components/_language_buttons.html"))  # the template escapes


def nav_html(links: Iterable[Any]) -> SafeString:
    """The organisation's menu (``accounts.nav.links_for``)."""
    return _nav(tuple(_link_key(link) for link in links), get_language())


Link = tuple[tuple[str, Hashable], ...]


def _link_key(link: Any) -> Link:
    # Every field of the link (a NavLink), its words in the page's language.
    return tuple((field.name, _text(getattr(link, field.name))) for field in dataclasses.fields(link))


def _text(value: Any) -> Hashable:
    return str(value) if isinstance(value, Promise) else value


@functools.lru_cache(maxsize=256)
def _nav(links: tuple[Link, ...], language: str | None) -> SafeString:
    # ``language`` is the active one (the template translates the menu's name): an argument only
    # to key the cache.
    drawn = [dict(link) for link in links]
    return mark_safe(render_to_string("components/_nav.html", {"nav_links": drawn}))  # the template escapes
