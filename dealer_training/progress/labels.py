"""Short names for table headers and words for statuses, shared by the progress templates."""

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from dealer_training.scenarios.choices import Skill

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
    Skill.SIDE_POTS: _("Side pots"),
    Skill.SHOWDOWN: _("Showdown"),
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
