"""The drill set's scenario picker: search and filters (a GET form), then tick several to add.

Published scenarios are offered by default; drafts on request, marked as such (trainees are asked
only published ones). Scenarios already in the set are shown ticked off, not offered again.
"""

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.models import Organisation

from .choices import Skill, Variant
from .labels import KIND_LABELS
from .models import DrillSet, DrillSetItem, Scenario

# At most this many results are listed; the count says when the search should be narrowed.
PICKER_LIMIT = 50
PUBLISHED, DRAFTS, BOTH = "published", "draft", "both"


class PickerFilterForm(forms.Form):
    q = forms.CharField(label=_("Search titles and notes"), required=False, max_length=100)
    variant = forms.ChoiceField(label=_("Game"), required=False)
    kind = forms.ChoiceField(label=_("Question kind"), required=False)
    skill = forms.ChoiceField(label=_("Skill"), required=False)
    tag = forms.CharField(label=_("Tag"), required=False, max_length=40)
    status = forms.ChoiceField(
        label=_("Status"),
        required=False,
        choices=[
            (PUBLISHED, _("Published")),
            (DRAFTS, _("Drafts")),
            (BOTH, _("Published and drafts")),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: the drill set's page also holds the form that adds a skill's questions,
        # whose game and skill fields would otherwise share these ids (and a label its field).
        kwargs.setdefault("auto_id", "picker_%s")
        super().__init__(*args, **kwargs)
        every = [("", _("All"))]
        self.fields["variant"].choices = every + list(Variant.choices)  # type: ignore[attr-defined]
        self.fields["kind"].choices = every + sorted(KIND_LABELS.items(), key=lambda kv: kv[1])  # type: ignore[attr-defined]
        self.fields["skill"].choices = every + list(Skill.choices)  # type: ignore[attr-defined]


class PickerAddForm(forms.Form):
    """The ticked scenarios: ids of the organisation's scenarios that are not archived."""

    scenarios = forms.ModelMultipleChoiceField(
        label=_("Scenarios"),
        queryset=Scenario.objects.none(),
        error_messages={"required": _("Tick at least one scenario.")},
    )

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["scenarios"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Scenario.objects.filter(organisation=organisation).exclude(
            status=Scenario.Status.ARCHIVED
        )


def picker_scenarios(*, drill_set: DrillSet, filters: Mapping[str, Any]) -> QuerySet[Scenario]:
    """The organisation's scenarios matching the picker's filters, each with ``in_set``."""
    qs = Scenario.objects.filter(organisation_id=drill_set.organisation_id).select_related("current_version")
    status = filters.get("status") or PUBLISHED
    qs = qs.filter(status__in=[PUBLISHED, DRAFTS] if status == BOTH else [status])
    if filters.get("variant"):
        qs = qs.filter(variant=filters["variant"])
    if filters.get("skill"):
        qs = qs.filter(skill=filters["skill"])
    if filters.get("kind"):
        qs = qs.filter(current_version__kind=filters["kind"])
    if filters.get("tag"):
        # Tags are a JSON list of strings: match one whole tag, quoted as the list stores it.
        qs = qs.filter(tags__icontains=json.dumps(str(filters["tag"]).strip(), ensure_ascii=False))
    for word in str(filters.get("q") or "").split()[:5]:
        qs = qs.filter(Q(title__icontains=word) | Q(notes__icontains=word))
    in_set = DrillSetItem.objects.filter(drill_set=drill_set, scenario_id=OuterRef("pk"))
    return qs.annotate(in_set=Exists(in_set)).order_by("title", "pk")
