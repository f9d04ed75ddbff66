"""Names of the games, skills and questions that drills and progress show, the other games
included: their codes ("NT", "holdem", "min_raise") are never shown as they are."""

from __future__ import annotations

from django.utils.translation import gettext as _

from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.labels import KIND_LABELS

from .other_games import GAMES


def game_label(code: str) -> str:
    if code in Variant.values:
        return str(Variant(code).label)
    if code in GAMES:
        return str(GAMES[code].label)
    return code


def skill_label(code: str) -> str:
    """A stud skill by name; another game's skill code names its game."""
    if code in Skill.values:
        return str(Skill(code).label)
    for game in GAMES.values():
        if game.skill == code:
            return str(game.label)
    return code


def skill_and_game(skill: str, variant: str) -> str:
    """ "Side pots · Razz"; another game by its name alone (its skill is the game)."""
    if variant in GAMES:
        return game_label(variant)
    return f"{skill_label(skill)} · {game_label(variant)}"


def question_label(kind: str, variant: str = "") -> str:
    """A question kind by name: the stud kinds, and each other game's questions."""
    game = GAMES.get(variant)
    topic = game.topic(kind) if game is not None else None
    if topic is not None:
        return str(topic.label)
    return str(KIND_LABELS.get(kind, kind))


def seconds_text(value: float | None, *, decimals: int = 1) -> str:
    """A time in seconds as the page's language writes it, with thousands separators: "23.0 s"
    in English, "23.0秒" in Japanese; "—" for no time."""
    if value is None:
        return "—"
    return _("%(seconds)s s") % {"seconds": f"{float(value):,.{decimals}f}"}
