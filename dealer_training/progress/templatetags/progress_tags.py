"""Small display helpers for the progress templates (no logic beyond formatting)."""

from django import template

from dealer_training.progress.labels import SKILL_SHORT, STATUS_MARKS, STATUS_WORDS
from dealer_training.progress.selectors.common import OTHER_SKILL_GAMES

register = template.Library()


@register.filter
def status_word(status: str) -> str:
    return str(STATUS_WORDS.get(status, status))


@register.filter
def status_mark(status: str) -> str:
    return STATUS_MARKS.get(status, "")


@register.filter
def skill_short(skill: str) -> str:
    return str(SKILL_SHORT.get(skill, skill))


@register.filter
def is_game_skill(skill: str) -> bool:
    """Whether ``skill`` is another game's only skill (its short name already names the game)."""
    return skill in OTHER_SKILL_GAMES


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
