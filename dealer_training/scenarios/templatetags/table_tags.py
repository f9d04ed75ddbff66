"""Cards drawn as SVG on the stud table (drill questions, hand walks and the editor's preview)."""

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.safestring import SafeString

from dealer_training.scenarios.card_svg import back_svg, face_svg
from dealer_training.scenarios.stud_table import seat_html

register = template.Library()


@register.simple_tag
def card_svg(card: Mapping[str, str]) -> SafeString:
    """One card face as SVG (``scenarios.labels.card_info``): rank and suit symbol, coloured by
    suit through CSS (two- or four-colour deck), named for screen readers."""
    return face_svg(card)


@register.simple_tag
def card_back() -> SafeString:
    """A card dealt face down."""
    return back_svg()


@register.simple_tag
def stud_seat(
    seat: Mapping[str, Any], table: Mapping[str, Any], replay: bool = False, oob: bool = False
) -> SafeString:
    """One seat of the stud table (``scenarios.stud_table.seat_html``)."""
    return seat_html(seat, any_bet=bool(table.get("any_bet")), replay=bool(replay), oob=bool(oob))
