"""Drill sets (ordered scenarios and generated topics; exam blueprints too) and assignments."""

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.accounts.models import Role
from dealer_training.pagination import paginate

from .choices import Skill, Variant
from .forms import AssignmentForm, DrillSetForm, DrillSetScenarioForm, DrillSetTopicForm
from .labels import KIND_LABELS, QUESTION_SHORT
from .models import MAX_DRILL_SET_QUESTIONS, DrillSet, DrillSetItem
from .picker import PICKER_LIMIT, PickerAddForm, PickerFilterForm, picker_scenarios
from .selectors import (
    assignments_for_organisation,
    assignments_with_progress,
    drill_set_items_marking_held,
    drill_sets_for_organisation,
)
from .services import (
    AssignmentDuplicate,
    DrillSetFull,
    assignment_create,
    drill_set_add_scenario,
    drill_set_add_scenarios,
    drill_set_add_topic,
    drill_set_move_item,
    drill_set_questions,
    drill_set_remove_item,
    drill_set_save,
)

INVALID = 422


def _is_owner(request: OrgHttpRequest) -> bool:
    return request.membership.role == Role.OWNER


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def drill_sets(request: OrgHttpRequest) -> HttpResponse:
    form = DrillSetForm(request.POST or None, owner=_is_owner(request))
    if request.method == "POST" and form.is_valid():
        drill_set = drill_set_save(organisation=request.org, user=request.user, values=form.cleaned_data)
        messages.success(
            request, _("Drill set “%(title)s” created. Add its items now.") % {"title": drill_set.title}
        )
        return redirect("scenarios:drill_set", org_slug=request.org.slug, pk=drill_set.pk)
    page = paginate(request, drill_sets_for_organisation(organisation=request.org))
    context = {"form": form, "drill_sets": page.object_list, "page": page}
    return render(request, "scenarios/drill_sets.html", context, status=INVALID if form.is_bound else 200)


PICKER_KEYS = ("q", "variant", "kind", "skill", "tag", "status")


def _picker_context(request: OrgHttpRequest, drill_set: DrillSet, **forms: Any) -> dict[str, Any]:
    """The picker's filters (from the query string, kept across adds) and what they find."""
    query = {key: request.GET[key] for key in PICKER_KEYS if request.GET.get(key)}
    filter_form = PickerFilterForm(query or None)
    filters = filter_form.cleaned_data if filter_form.is_valid() else {}
    found = picker_scenarios(drill_set=drill_set, filters=filters) if not filter_form.errors else None
    results = list(found[:PICKER_LIMIT]) if found is not None else []
    for scenario in results:
        kind = scenario.current_version.kind if scenario.current_version else ""
        scenario.kind_label = KIND_LABELS.get(kind, kind)  # type: ignore[attr-defined]
    return {
        "picker_form": filter_form,
        "picker_query": urlencode(query),
        "picker_results": results,
        "picker_count": found.count() if found is not None else 0,
        "picker_limit": PICKER_LIMIT,
        "add_form": forms.get("add_form") or PickerAddForm(organisation=request.org),
    }


def _set_context(request: OrgHttpRequest, drill_set: DrillSet, **forms: Any) -> dict[str, Any]:
    page = paginate(request, drill_set_items_marking_held(drill_set=drill_set))
    return {
        **_picker_context(request, drill_set, **forms),
        "drill_set": drill_set,
        "page": page,
        "items": page.object_list,
        "total": drill_set_questions(drill_set),
        "limit": MAX_DRILL_SET_QUESTIONS,
        "form": forms.get("form") or DrillSetForm(instance=drill_set, owner=_is_owner(request)),
        "scenario_form": forms.get("scenario_form") or DrillSetScenarioForm(organisation=request.org),
        "topic_form": forms.get("topic_form") or DrillSetTopicForm(),
        "skills": dict(Skill.choices),
        "variants": dict(Variant.choices),
        "kind_labels": QUESTION_SHORT,
    }


def _render_set(
    request: OrgHttpRequest, drill_set: DrillSet, status: int = 200, **forms: Any
) -> HttpResponse:
    template = "scenarios/drill_set.html#items" if request.htmx else "scenarios/drill_set.html"
    return render(request, template, _set_context(request, drill_set, **forms), status=status)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def drill_set_detail(request: OrgHttpRequest, pk: int) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, organisation=request.org, pk=pk)
    if request.method == "POST":
        form = DrillSetForm(
            request.POST, instance=DrillSet.objects.get(pk=drill_set.pk), owner=_is_owner(request)
        )
        if form.is_valid():
            drill_set_save(
                organisation=request.org, user=request.user, values=form.cleaned_data, drill_set=drill_set
            )
            messages.success(request, _("Drill set saved."))
            return redirect("scenarios:drill_set", org_slug=request.org.slug, pk=drill_set.pk)
        return render(
            request, "scenarios/drill_set.html", _set_context(request, drill_set, form=form), status=INVALID
        )
    context = _set_context(request, drill_set)
    status = 400 if context["picker_form"].errors else 200
    template = "scenarios/drill_set.html#picker" if request.htmx else "scenarios/drill_set.html"
    return render(request, template, context, status=status)


def _back_to_set(request: OrgHttpRequest, drill_set: DrillSet) -> HttpResponse:
    """The set's page again, on the page of items the change was made from."""
    url = reverse("scenarios:drill_set", args=[request.org.slug, drill_set.pk])
    query = {key: request.GET[key] for key in PICKER_KEYS if request.GET.get(key)}
    page = request.GET.get("page", "")
    if page.isdigit():
        query["page"] = page
    return redirect(f"{url}?{urlencode(query)}" if query else url)


def _full_message(full: DrillSetFull) -> str:
    return _(
        "A drill set may ask at most %(limit)s questions (repeats counted); this one asks %(questions)s, "
        "so %(adding)s more do not fit."
    ) % {"limit": full.limit, "questions": full.questions, "adding": full.adding}


@org_view(roles=STAFF_ROLES)
@require_POST
def drill_set_item_add(request: OrgHttpRequest, pk: int) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, organisation=request.org, pk=pk)
    if request.POST.get("kind") == "scenarios":
        add_form = PickerAddForm(request.POST, organisation=request.org)
        if not add_form.is_valid():
            return _render_set(request, drill_set, INVALID, add_form=add_form)
        try:
            added = drill_set_add_scenarios(
                drill_set=drill_set, scenarios=list(add_form.cleaned_data["scenarios"])
            )
        except DrillSetFull as full:
            add_form.add_error("scenarios", _full_message(full))
            return _render_set(request, drill_set, INVALID, add_form=add_form)
        messages.success(
            request,
            ngettext("%(count)s scenario added.", "%(count)s scenarios added.", len(added))
            % {"count": len(added)},
        )
    elif request.POST.get("kind") == "topic":
        topic_form = DrillSetTopicForm(request.POST)
        if not topic_form.is_valid():
            return _render_set(request, drill_set, INVALID, topic_form=topic_form)
        try:
            drill_set_add_topic(drill_set=drill_set, **topic_form.cleaned_data)
        except DrillSetFull as full:
            topic_form.add_error("count", _full_message(full))
            return _render_set(request, drill_set, INVALID, topic_form=topic_form)
    else:
        scenario_form = DrillSetScenarioForm(request.POST, organisation=request.org)
        if not scenario_form.is_valid():
            return _render_set(request, drill_set, INVALID, scenario_form=scenario_form)
        try:
            drill_set_add_scenario(drill_set=drill_set, scenario=scenario_form.cleaned_data["scenario"])
        except DrillSetFull as full:
            scenario_form.add_error("scenario", _full_message(full))
            return _render_set(request, drill_set, INVALID, scenario_form=scenario_form)
    if request.htmx:
        return _render_set(request, drill_set)
    return _back_to_set(request, drill_set)


@org_view(roles=STAFF_ROLES)
@require_POST
def drill_set_item_move(request: OrgHttpRequest, pk: int, item_pk: int) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, organisation=request.org, pk=pk)
    item = get_object_or_404(DrillSetItem, drill_set=drill_set, pk=item_pk)
    direction = request.POST.get("direction")
    if direction not in ("up", "down"):
        return _render_set(request, drill_set, 400)
    drill_set_move_item(item=item, direction=direction)
    if request.htmx:
        return _render_set(request, drill_set)
    return _back_to_set(request, drill_set)


@org_view(roles=STAFF_ROLES)
@require_POST
def drill_set_item_remove(request: OrgHttpRequest, pk: int, item_pk: int) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, organisation=request.org, pk=pk)
    item = get_object_or_404(DrillSetItem, drill_set=drill_set, pk=item_pk)
    drill_set_remove_item(item=item)
    if request.htmx:
        return _render_set(request, drill_set)
    return _back_to_set(request, drill_set)


# --- assignments ---------------------------------------------------------------------------------


def _duplicate_message(duplicate: AssignmentDuplicate) -> str:
    existing = duplicate.existing
    if existing.cohort_id is not None and existing.cohort is not None:
        return _(
            "“%(title)s” is already assigned to the cohort %(cohort)s and not finished yet. "
            "It can be assigned again once it is finished, or after removing that assignment."
        ) % {"title": existing.drill_set.title, "cohort": existing.cohort.name}
    return _(
        "“%(title)s” is already assigned to this trainee and not finished yet. "
        "It can be assigned again once it is finished, or after removing that assignment."
    ) % {"title": existing.drill_set.title}


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def assignments(request: OrgHttpRequest) -> HttpResponse:
    form = AssignmentForm(request.POST or None, organisation=request.org)
    if request.method == "POST" and form.is_valid():
        try:
            assignment_create(
                organisation=request.org,
                user=request.user,
                drill_set=form.cleaned_data["drill_set"],
                trainee=form.cleaned_data.get("trainee"),
                cohort=form.cleaned_data.get("cohort"),
                due_at=form.cleaned_data.get("due_at"),
            )
        except AssignmentDuplicate as duplicate:
            form.add_error(None, _duplicate_message(duplicate))
        else:
            messages.success(request, _("Assignment created: it shows on the trainees' home pages."))
            return redirect("scenarios:assignments", org_slug=request.org.slug)
    page = paginate(request, assignments_for_organisation(organisation=request.org))
    context = {"form": form, "assignments": assignments_with_progress(page.object_list), "page": page}
    return render(request, "scenarios/assignments.html", context, status=INVALID if form.is_bound else 200)
