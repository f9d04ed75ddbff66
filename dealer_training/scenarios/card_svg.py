"""Cards drawn as SVG: a face (rank and suit symbol, coloured by suit through CSS for the two- or
four-colour deck, named for screen readers) or a back.

Cards are drawn many times a page (the stud table, its history, the other games' tables), so
each drawing is made once per process: the functions below are pure and memoized on everything
the drawing depends on (a face on its suit, text and accessible name, which is in the page's
language; a back on its accessible name).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

_FACE = (
    '<svg class="scard scard--{suit}" viewBox="0 0 40 56" role="img" aria-label="{name}" focusable="false">'
    '<rect class="scard__face" x="1" y="1" width="38" height="54" rx="5"/>'
    '<text class="scard__rank" x="20" y="25" text-anchor="middle">{rank}</text>'
    '<text class="scard__suit" x="20" y="48" text-anchor="middle">{symbol}</text></svg>'
)
_BACK = (
    '<svg class="scard scard--back" viewBox="0 0 40 56" role="img" aria-label="{name}" focusable="false">'
    '<rect class="scard__face" x="1" y="1" width="38" height="54" rx="5"/>'
    '<rect class="scard__pattern" x="5" y="5" width="30" height="46" rx="3"/></svg>'
)


@functools.lru_cache(maxsize=512)
def _face(suit: str, text: str, name: str) -> SafeString:
    return format_html(_FACE, suit=suit, name=name, rank=text[:-1], symbol=text[-1])


@functools.lru_cache(maxsize=64)
def _back(name: str) -> SafeString:
    return format_html(_BACK, name=name)


def face_svg(card: Mapping[str, str]) -> SafeString:
    """One card face (``scenarios.labels.card_info``: its suit class, text and name)."""
    return _face(card["suit"], card["text"], card["name"])


def back_svg() -> SafeString:
    """A card dealt face down, named in the page's language."""
    return _back(gettext("Down card"))


def backs_svg(count: int) -> SafeString:
    """``count`` cards dealt face down, side by side."""
    return _backs(count, gettext("Down card"))


@functools.lru_cache(maxsize=64)
def _backs(count: int, name: str) -> SafeString:
    return mark_safe(_back(name) * count)  # our own markup, built by format_html


def faces_svg(cards: Sequence[Mapping[str, str]]) -> SafeString:
    """Card faces side by side."""
    return mark_safe("".join(face_svg(c) for c in cards))  # each one built by format_html
