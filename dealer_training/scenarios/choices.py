"""The training vocabulary shared by authoring, drills and progress: games and skills.

A skill is what a dealer must master (a drill topic); the engine's question kinds are how one
item of that skill is asked. The mapping from skills to question kinds lives with the drills.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Variant(models.TextChoices):
    """Games, by their PHH variant code (the engine's names)."""

    STUD_HIGH = "F7S", _("Stud High")
    RAZZ = "FR", _("Razz")
    STUD_8 = "F7S/8", _("Stud Hi-Lo (8 or better)")


STUD_VARIANTS = (Variant.STUD_HIGH, Variant.RAZZ, Variant.STUD_8)


class Skill(models.TextChoices):
    ANTES = "antes", _("Antes and the pot after antes")
    BRING_IN = "bring_in", _("Bring-in by suit order")
    RAZZ_ORDER = "razz_order", _("Razz ordering: low boards and low hands")
    FIRST_TO_ACT = "first_to_act", _("First to act on 4th to 7th street")
    BETTING = "betting", _("Betting options and amounts")
    STUB = "stub", _("Stub count and the 7th-street shortage")
    STUB_COUNT = "stub_count", _("Stub count street by street: cards left and cards needed")
    RULINGS = "rulings", _("Mucking, dead hands and irregularities")
    DEALER_ERRORS = "dealer_errors", _("Dealer errors: spot and fix")
    SIDE_POTS = "side_pots", _("Side pots")
    SHOWDOWN = "showdown", _("Showdown: best hands, who tables first, awards")


class OtherGame(models.TextChoices):
    """The games beyond stud (the engine's ``games.holdem``, ``games.draw``, ``games.tenstud``)."""

    HOLDEM = "NT", _("Texas hold'em (no limit)")
    DRAW = "FCH", _("Flush Code Hack (five-card draw)")
    TENSTUD = "T10S", _("Ten-card stud, weakest reveals first")


# The skill an authored scenario of another game trains: the game itself, as its drills store it.
OTHER_GAME_SKILLS: dict[str, str] = {"NT": "holdem", "FCH": "draw", "T10S": "tenstud"}

# Every game a scenario may be written in, and every skill it may train.
SCENARIO_GAMES = [*Variant.choices, *OtherGame.choices]
SCENARIO_SKILLS = [
    *Skill.choices,
    *((OTHER_GAME_SKILLS[code], label) for code, label in OtherGame.choices),
]
SCENARIO_SKILL_CODES = tuple(code for code, _label in SCENARIO_SKILLS)
