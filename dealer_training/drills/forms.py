"""The start form of a drill: mode, skill, game, count, when the explanations come, or a drill set."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.models import DrillSet

from .models import Mode, WalkLevel
from .other_games import GAME_LABELS
from .services import MAX_COUNT

# The start form's choices of when the explanations come.
EACH = "each"
AT_END = "end"


class StartForm(forms.Form):
    # A drill set's start button (the assignments on the home page) sends no mode: practice, or
    # the exam its blueprint makes it.
    mode = forms.ChoiceField(label=_("Mode"), choices=Mode.choices, initial=Mode.PRACTICE, required=False)
    skill = forms.ChoiceField(
        label=_("Skill"), choices=[("", _("Mixed: every skill")), *Skill.choices], required=False
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("Mixed: every game")), *Variant.choices, *GAME_LABELS.items()],
        required=False,
    )
    topic = forms.CharField(label=_("Question"), max_length=20, required=False)
    count = forms.IntegerField(label=_("Questions"), min_value=1, max_value=MAX_COUNT, required=False)
    drill_set = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # Hand walks: how they are played (walk_levels); practice when none is chosen.
    walk_level = forms.ChoiceField(
        label=_("Level"), choices=WalkLevel.choices, initial=WalkLevel.PRACTICE, required=False
    )
    # Practice and speed: the feedback after each answer, or all of it once the session has ended.
    explanations = forms.ChoiceField(
        label=_("Explanations"),
        choices=[(EACH, _("After each answer")), (AT_END, _("At the end of the session"))],
        initial=EACH,
        required=False,
    )

    def __init__(self, *args: Any, organisation: Organisation | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.organisation = organisation

    def clean_drill_set(self) -> DrillSet | None:
        pk = self.cleaned_data.get("drill_set")
        if pk is None:
            return None
        drill_set = DrillSet.objects.filter(organisation=self.organisation, pk=pk).first()
        if drill_set is None:
            raise forms.ValidationError(_("This drill set does not exist."))
        return drill_set

    def clean_walk_level(self) -> str:
        return self.cleaned_data.get("walk_level") or WalkLevel.PRACTICE

    def clean_mode(self) -> str:
        return self.cleaned_data.get("mode") or Mode.PRACTICE

    def clean_explanations(self) -> bool:
        """True when the explanations wait for the end of the session."""
        return self.cleaned_data.get("explanations") == AT_END

    def first_error(self) -> str:
        """The first problem, with the field it is about."""
        for name, errors in self.errors.items():
            field = self.fields.get(name)
            if field is None or not field.label:
                return str(errors[0])
            return f"{field.label}: {errors[0]}"
        return str(_("Check the form."))
