"""Short names for table headers (the stud skills and the other games) and words for statuses,
shared by the progress templates."""

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from dealer_training.scenarios.choices import OTHER_GAME_SKILLS, Skill

from .mastery import Status

SKILL_SHORT: dict[str, StrPromise] = {
    Skill.ANTES: _("Antes"),
    Skill.BRING_IN: _("Bring-in"),
    Skill.RAZZ_ORDER: _("Razz order"),
    Skill.FIRST_TO_ACT: _("First to act"),
    Skill.BETTING: _("Betting"),
    Skill.STUB: _("Stub"),
    Skill.STUB_COUNT: _("Stub count"),
    Skill.RULINGS: _("Rulings"),
    Skill.DEALER_ERRORS: _("Dealer errors"),
    Skill.SIDE_POTS: _("Side pots"),
    Skill.SHOWDOWN: _("Showdown"),
    # The other games, each one skill: the game itself (drills.other_games).
    OTHER_GAME_SKILLS["NT"]: _("Hold'em"),
    OTHER_GAME_SKILLS["FCH"]: _("Flush Code Hack"),
    OTHER_GAME_SKILLS["T10S"]: _("Ten-card stud"),
}

STATUS_WORDS = {
    Status.NOT_STARTED.value: _("Not started"),
    Status.PRACTISING.value: _("Practising"),
    Status.MASTERED.value: _("Mastered"),
    Status.SLIPPING.value: _("Needs review"),
    "not_applicable": _("Not used in this game"),
}

# A shape for each status, so that meaning never rests on colour alone.
STATUS_MARKS = {
    Status.NOT_STARTED.value: "–",
    Status.PRACTISING.value: "○",
    Status.MASTERED.value: "✓",
    Status.SLIPPING.value: "↓",
    "not_applicable": "",
}
