"""Cards drawn as SVG on the stud table (drill questions, hand walks and the editor's preview)."""

from collections.abc import Mapping

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

register = template.Library()

# Cards are drawn many times a page: one tag is far cheaper than an included template per card.
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


@register.simple_tag
def card_svg(card: Mapping[str, str]) -> str:
    """One card face as SVG (``scenarios.labels.card_info``): rank and suit symbol, coloured by
    suit through CSS (two- or four-colour deck), named for screen readers."""
    text = card["text"]
    return format_html(_FACE, suit=card["suit"], name=card["name"], rank=text[:-1], symbol=text[-1])


@register.simple_tag
def card_back() -> str:
    """A card dealt face down."""
    return format_html(_BACK, name=gettext("Down card"))
