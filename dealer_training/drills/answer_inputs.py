"""The inputs of the answer form, drawn by their field type's template
(``templates/drills/fields/<type>.html``, from ``answer_form.build``).

A fresh form (no refused answer to show again) draws the same inputs for every question that asks
the same fields of the same seats, so each drawing is made once per process: it is memoized on
everything it depends on, the input as ``answer_form.build`` describes it, the page's language,
the organisation whose rules reference a citation in a label links to and the URL prefix the
site is served under. A form that shows a refused answer again is drawn each time.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from types import SimpleNamespace
from typing import Any

from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

_DRAWN: dict[Hashable, SafeString] = {}
# Enough for the fields of every question kind over the seats a table can hold, in both languages.
_MAX_DRAWN = 4096


def _frozen(value: Any) -> Hashable:
    """``value`` as a key: mappings and sequences become tuples, lazy text its words in the
    active language. Anything else the inputs do not hold raises TypeError."""
    if value is None or isinstance(value, str | int | float):  # bool is an int
        return (type(value).__name__, value)
    if isinstance(value, Promise):
        return ("str", str(value))
    if isinstance(value, Mapping):
        return ("map", tuple((str(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("seq", tuple(_frozen(v) for v in value))
    raise TypeError(f"cannot key an answer input on {type(value).__name__}")


def _render(item: Mapping[str, Any], context: Mapping[str, Any]) -> SafeString:
    return mark_safe(render_to_string(item["template"], {**context, "input": item}))  # the template escapes


def input_html(
    item: Mapping[str, Any],
    *,
    org_slug: str | None,
    given: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
) -> SafeString:
    """One input of the form; ``given`` and ``errors`` those of a refused answer, shown again."""
    org = SimpleNamespace(slug=org_slug) if org_slug is not None else None
    if given or errors:
        return _render(item, {"current_org": org, "given": given or {}, "errors": errors or {}})
    try:
        key = (_frozen(item), org_slug, get_language(), get_script_prefix())
    except TypeError:
        return _render(item, {"current_org": org, "given": {}, "errors": {}})
    html = _DRAWN.get(key)
    if html is None:
        if len(_DRAWN) >= _MAX_DRAWN:
            _DRAWN.clear()
        html = _DRAWN[key] = _render(item, {"current_org": org, "given": {}, "errors": {}})
    return html
