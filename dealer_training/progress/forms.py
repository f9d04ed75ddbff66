"""Report filters and the export form: they turn query strings into domain values."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.models import Cohort, Organisation
from dealer_training.scenarios.choices import SCENARIO_GAMES, SCENARIO_SKILLS

from .exports import ExportFilters, Kind

PERIODS = [
    ("7", _("Last 7 days")),
    ("28", _("Last 4 weeks")),
    ("90", _("Last 90 days")),
    ("365", _("Last 12 months")),
    ("all", _("All time")),
]
DEFAULT_PERIOD = "28"
# "All time" starts here: older than any attempt the app can hold.
EPOCH = date(2000, 1, 1)
MAX_EXPORT_DAYS = 366 * 5


def today() -> date:
    return timezone.localdate()


def period_start(period: str) -> date:
    if period == "all":
        return EPOCH
    return today() - timedelta(days=int(period) - 1)


class _CohortChoice(forms.ModelChoiceField[Cohort]):
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.name)


class CohortReportFilterForm(forms.Form):
    cohort = _CohortChoice(
        label=_("Cohort"),
        queryset=Cohort.objects.none(),
        required=False,
        empty_label=_("All trainees"),
        error_messages={"invalid_choice": _("Choose a cohort from the list.")},
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("All games")), *SCENARIO_GAMES],
        required=False,
        error_messages={"invalid_choice": _("Choose a game from the list.")},
    )
    period = forms.ChoiceField(
        label=_("Period"),
        choices=PERIODS,
        initial=DEFAULT_PERIOD,
        required=False,
        error_messages={"invalid_choice": _("Choose a period from the list.")},
    )

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cohort = self.fields["cohort"]
        assert isinstance(cohort, forms.ModelChoiceField)
        cohort.queryset = Cohort.objects.filter(organisation=organisation).order_by("name")

    def clean_period(self) -> str:
        return self.cleaned_data.get("period") or DEFAULT_PERIOD


class HistoryFilterForm(forms.Form):
    """The trainee's history chart: all skills and games, or one of each."""

    skill = forms.ChoiceField(
        label=_("Skill"),
        choices=[("", _("All skills")), *SCENARIO_SKILLS],
        required=False,
        error_messages={"invalid_choice": _("Choose a skill from the list.")},
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("All games")), *SCENARIO_GAMES],
        required=False,
        error_messages={"invalid_choice": _("Choose a game from the list.")},
    )


class ExportForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("What to export"),
        choices=[
            (Kind.ATTEMPTS, _("Attempts: one row per answer")),
            (Kind.SUMMARY, _("Summary: one row per trainee, skill and game")),
        ],
        initial=Kind.ATTEMPTS,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose attempts or summary.")},
    )
    cohort = _CohortChoice(
        label=_("Cohort"),
        queryset=Cohort.objects.none(),
        required=False,
        empty_label=_("All trainees"),
        error_messages={"invalid_choice": _("Choose a cohort from the list.")},
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("All games")), *SCENARIO_GAMES],
        required=False,
        error_messages={"invalid_choice": _("Choose a game from the list.")},
    )
    start = forms.DateField(
        label=_("From"),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": _("Enter a date such as 2025-04-01."),
            "required": _("Enter a first day."),
        },
    )
    end = forms.DateField(
        label=_("To"),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": _("Enter a date such as 2025-04-30."), "required": _("Enter a last day.")},
    )

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"start": today() - timedelta(days=27), "end": today()})
        super().__init__(*args, **kwargs)
        cohort = self.fields["cohort"]
        assert isinstance(cohort, forms.ModelChoiceField)
        cohort.queryset = Cohort.objects.filter(organisation=organisation).order_by("name")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start"), data.get("end")
        if start and end:
            if start > end:
                self.add_error("end", _("The last day comes before the first day."))
            elif (end - start).days > MAX_EXPORT_DAYS:
                self.add_error("start", _("Export at most five years at a time."))
        return data

    def filters(self) -> ExportFilters:
        data = self.cleaned_data
        cohort = data.get("cohort")
        return ExportFilters(
            kind=data["kind"],
            start=data["start"],
            end=data["end"],
            cohort_id=cohort.pk if cohort else None,
            variant=data.get("variant") or "",
        )
