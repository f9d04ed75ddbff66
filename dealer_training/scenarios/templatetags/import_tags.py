"""An import's status in words, with what it saved, skipped and failed."""

from typing import Any

from django import template

from ..import_messages import import_status as _import_status

register = template.Library()


@register.filter
def import_status(job: Any) -> str:
    return _import_status(job)
