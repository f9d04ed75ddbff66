"""Small display helpers for the progress templates (no logic beyond formatting)."""

import json
from typing import Any

from django import template

from dealer_training.progress.labels import SKILL_SHORT, STATUS_MARKS, STATUS_WORDS

register = template.Library()


@register.filter
def status_word(status: str) -> str:
    return str(STATUS_WORDS.get(status, status))


@register.filter
def status_mark(status: str) -> str:
    return STATUS_MARKS.get(status, "")


@register.filter
def skill_short(skill: str) -> str:
    return str(SKILL_SHORT.get(skill, skill))  # type: ignore[call-overload]


def _compact(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@register.filter
def answer_text(answer: Any) -> str:
    """A trainee's answer as the fields they filled in: ``seat: 3 · amount: 200``."""
    if isinstance(answer, dict):
        return " · ".join(f"{key}: {_compact(value)}" for key, value in answer.items())
    return _compact(answer)


@register.filter
def seconds(value: float | None, decimals: int = 1) -> str:
    if value is None:
        return "–"
    return f"{value:.{decimals}f}"


@register.filter
def percent(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.0f}"


@register.filter
def ms_seconds(value: int | None) -> str:
    """Milliseconds shown as seconds with one decimal."""
    if value is None:
        return "–"
    return f"{value / 1000:.1f}"
