from collections.abc import Mapping
from typing import Any

from django import template

from dealer_training.drills.answer_inputs import input_html
from dealer_training.drills.labels import seconds_text
from dealer_training.scenarios.templatetags.table_tags import card_back, card_svg

register = template.Library()


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` in a template (form values and errors by field name); '' when absent."""
    if isinstance(mapping, Mapping):
        return mapping.get(str(key), "")
    return ""


@register.simple_tag(takes_context=True)
def answer_input(context: template.Context, item: Mapping[str, Any]) -> str:
    """One input of the answer form (``drills.answer_inputs``), with the answer a refused form
    shows again."""
    org = context.get("current_org")
    return input_html(
        item,
        org_slug=org.slug if org is not None else None,
        given=context.get("given"),
        errors=context.get("errors"),
    )


# The cards are the stud table's (one drawing for drills, hand walks and the editor's preview).
register.simple_tag(card_svg, name="card_svg")
register.simple_tag(card_back, name="card_back")


@register.filter
def duration(value: float | None, decimals: int = 1) -> str:
    """Seconds in the page's language, with thousands separators: "1,234.5 s", "1,234.5秒"."""
    return seconds_text(value, decimals=int(decimals))


@register.filter
def duration_ms(value: int | None, decimals: int = 1) -> str:
    """Milliseconds (``Attempt.time_ms``) shown as seconds, as ``duration``."""
    return seconds_text(None if value is None else value / 1000, decimals=int(decimals))
