"""Deleting asks first and moves to the trash; the trash page restores, and purges what is too old."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view

from .assignment_status import progress_for
from .models import TRASH_DAYS, Assignment, DrillSet, Scenario
from .services import AssignmentDuplicate, ScenarioInUse, scenario_was_issued
from .trash import (
    TrashError,
    assignment_restore,
    assignment_trash,
    drill_set_restore,
    drill_set_trash,
    scenario_restore,
    scenario_trash,
    trash_for_organisation,
    trash_purge,
)

CONFIRM = "scenarios/confirm_delete.html"


def _confirmed(request: OrgHttpRequest) -> bool:
    """Only the POST of the confirmation page deletes; any other request shows that page (the
    editor's delete button posts without ``confirm``, so it leads there too)."""
    return request.method == "POST" and request.POST.get("confirm") == "yes"


def _trash_note() -> str:
    return _("It is in the trash: you can restore it there for %(days)s days.") % {"days": TRASH_DAYS}


def _in_use(request: OrgHttpRequest, scenario: Scenario) -> HttpResponse:
    messages.error(
        request,
        _(
            "“%(title)s” was already given to trainees: archive it instead, "
            "so their answers keep their question."
        )
        % {"title": scenario.title},
    )
    return redirect("scenarios:edit", org_slug=request.org.slug, pk=scenario.pk)


@org_view(roles=STAFF_ROLES)
@require_POST
def scenario_delete(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = get_object_or_404(Scenario, organisation=request.org, pk=pk)
    if scenario_was_issued(scenario):
        return _in_use(request, scenario)
    if not _confirmed(request):
        in_sets = scenario.drill_set_items.filter(drill_set__deleted_at__isnull=True).count()
        losses = []
        if in_sets:
            losses.append(
                _("It is an item of %(count)s drill sets; they will skip it while it is in the trash.")
                % {"count": in_sets}
            )
        context = {
            "heading": _("Delete the scenario “%(title)s”?") % {"title": scenario.title},
            "losses": losses,
            "action": reverse("scenarios:delete", args=[request.org.slug, pk]),
            "cancel": reverse("scenarios:edit", args=[request.org.slug, pk]),
        }
        return render(request, CONFIRM, {**context, "days": TRASH_DAYS})
    try:
        scenario_trash(scenario=scenario)
    except ScenarioInUse:
        return _in_use(request, scenario)
    messages.success(request, _("“%(title)s” is deleted.") % {"title": scenario.title} + " " + _trash_note())
    return redirect("scenarios:list", org_slug=request.org.slug)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def drill_set_delete(request: OrgHttpRequest, pk: int) -> HttpResponse:
    drill_set = get_object_or_404(DrillSet, organisation=request.org, pk=pk)
    if not _confirmed(request):
        count = Assignment.objects.filter(drill_set=drill_set).count()
        losses = [
            _("This drill set has %(count)s assignments; they will be removed too.") % {"count": count}
            if count
            else _("Nobody is assigned this drill set.")
        ]
        context = {
            "heading": _("Delete the drill set “%(title)s”?") % {"title": drill_set.title},
            "losses": losses,
            "action": reverse("scenarios:drill_set_delete", args=[request.org.slug, pk]),
            "cancel": reverse("scenarios:drill_set", args=[request.org.slug, pk]),
        }
        return render(request, CONFIRM, {**context, "days": TRASH_DAYS})
    moved = drill_set_trash(drill_set=drill_set)
    messages.success(
        request,
        _("Drill set “%(title)s” deleted, with %(count)s assignments.")
        % {"title": drill_set.title, "count": moved}
        + " "
        + _trash_note(),
    )
    return redirect("scenarios:drill_sets", org_slug=request.org.slug)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def assignment_delete(request: OrgHttpRequest, pk: int) -> HttpResponse:
    assignment = get_object_or_404(
        Assignment.objects.select_related("drill_set", "trainee", "cohort"), organisation=request.org, pk=pk
    )
    if not _confirmed(request):
        losses = [_("It leaves the trainees' home pages. Their sittings and answers are kept.")]
        if assignment.trainee_id is not None:
            progress = progress_for([(assignment, assignment.trainee_id)])[
                (assignment.pk, assignment.trainee_id)
            ]
            if progress.in_progress:
                losses.append(
                    _("The trainee is working on it: %(answered)s of %(total)s answered.")
                    % {"answered": progress.answered, "total": progress.total}
                )
        who = assignment.trainee.display_name if assignment.trainee else assignment.cohort.name  # type: ignore[union-attr]
        context = {
            "heading": _("Remove the assignment of “%(title)s” to %(who)s?")
            % {"title": assignment.drill_set.title, "who": who},
            "losses": losses,
            "action": reverse("scenarios:assignment_delete", args=[request.org.slug, pk]),
            "cancel": reverse("scenarios:assignments", args=[request.org.slug]),
        }
        return render(request, CONFIRM, {**context, "days": TRASH_DAYS})
    assignment_trash(assignment=assignment)
    messages.success(request, _("Assignment removed.") + " " + _trash_note())
    return redirect("scenarios:assignments", org_slug=request.org.slug)


@org_view(roles=STAFF_ROLES)
@require_GET
def trash(request: OrgHttpRequest) -> HttpResponse:
    trash_purge(organisation=request.org)
    return render(request, "scenarios/trash.html", _trash_context(request))


TRASH_MODELS: dict[str, type[Scenario] | type[DrillSet] | type[Assignment]] = {
    "scenario": Scenario,
    "drill_set": DrillSet,
    "assignment": Assignment,
}


@org_view(roles=STAFF_ROLES)
@require_POST
def trash_restore(request: OrgHttpRequest, kind: str, pk: int) -> HttpResponse:
    model = TRASH_MODELS.get(kind)
    if model is None:
        return render(request, "scenarios/trash.html", _trash_context(request), status=404)
    item = get_object_or_404(model.all_objects, organisation=request.org, pk=pk, deleted_at__isnull=False)
    try:
        if isinstance(item, Scenario):
            scenario_restore(scenario=item)
            messages.success(request, _("“%(title)s” is restored.") % {"title": item.title})
        elif isinstance(item, DrillSet):
            back = drill_set_restore(drill_set=item)
            messages.success(
                request,
                _("Drill set “%(title)s” is restored, with %(count)s assignments.")
                % {"title": item.title, "count": back},
            )
        elif isinstance(item, Assignment):
            assignment_restore(assignment=item)
            messages.success(request, _("Assignment restored."))
    except TrashError:
        messages.error(request, _("Restore its drill set first."))
        return render(request, "scenarios/trash.html", _trash_context(request), status=409)
    except AssignmentDuplicate:
        messages.error(
            request,
            _("The same drill set is assigned again and not finished yet: this one cannot come back."),
        )
        return render(request, "scenarios/trash.html", _trash_context(request), status=409)
    return redirect("scenarios:trash", org_slug=request.org.slug)


def _trash_context(request: OrgHttpRequest) -> dict[str, object]:
    return {"trash": trash_for_organisation(organisation=request.org), "days": TRASH_DAYS}
