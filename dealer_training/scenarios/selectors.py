"""Reads for views, the drills app and tasks. Everything goes through an organisation."""

from collections.abc import Mapping
from typing import Any, TypedDict

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Value
from django.utils import timezone
from django_stubs_ext import WithAnnotations

from dealer_training.accounts.models import Cohort, Organisation, User

from .models import Assignment, DrillSet, DrillSetItem, ImportJob, Scenario, ScenarioVersion


def scenarios_for_organisation(
    *, organisation: Organisation, filters: Mapping[str, Any] | None = None
) -> QuerySet[Scenario]:
    """The organisation's scenarios for instructors, narrowed by the list page's filters."""
    filters = filters or {}
    qs = Scenario.objects.filter(organisation=organisation).select_related("current_version")
    if filters.get("status"):
        qs = qs.filter(status=filters["status"])
    else:
        qs = qs.exclude(status=Scenario.Status.ARCHIVED)
    if filters.get("skill"):
        qs = qs.filter(skill=filters["skill"])
    if filters.get("variant"):
        qs = qs.filter(variant=filters["variant"])
    if filters.get("kind"):
        qs = qs.filter(current_version__kind=filters["kind"])
    if filters.get("q"):
        words = str(filters["q"]).split()[:5]
        for word in words:
            qs = qs.filter(Q(title__icontains=word) | Q(notes__icontains=word))
    return qs.order_by("-updated_at", "-pk")


def published_scenarios(
    *, organisation: Organisation, skill: str = "", variant: str = ""
) -> QuerySet[Scenario]:
    """Scenarios trainees may be asked: published, with a current version. Drafts never reach them."""
    qs = Scenario.objects.filter(
        organisation=organisation, status=Scenario.Status.PUBLISHED, current_version__isnull=False
    ).select_related("current_version")
    if skill:
        qs = qs.filter(skill=skill)
    if variant:
        qs = qs.filter(variant=variant)
    return qs


def scenario_for_organisation(*, organisation: Organisation, pk: int) -> Scenario | None:
    return (
        Scenario.objects.select_related("current_version", "varied_from")
        .filter(organisation=organisation, pk=pk)
        .first()
    )


def versions_with_counts(*, scenario: Scenario) -> QuerySet[ScenarioVersion]:
    return (
        ScenarioVersion.objects.filter(scenario=scenario)
        .select_related("created_by")
        .annotate(attempt_count=Count("attempts", distinct=True))
        .order_by("-number")
    )


def export_scenarios(
    *, organisation: Organisation, scope: str, drill_set: DrillSet | None = None
) -> list[Scenario]:
    """Scenarios to export, in the order of their files."""
    if scope == "drill_set" and drill_set is not None:
        items = drill_set.items.select_related("scenario__current_version").filter(scenario__isnull=False)
        return [item.scenario for item in items if item.scenario is not None]
    qs = Scenario.objects.filter(organisation=organisation, current_version__isnull=False).select_related(
        "current_version"
    )
    if scope == "published":
        qs = qs.filter(status=Scenario.Status.PUBLISHED)
    else:
        qs = qs.exclude(status=Scenario.Status.ARCHIVED)
    return list(qs.order_by("title", "pk"))


def drill_sets_for_organisation(*, organisation: Organisation) -> QuerySet[DrillSet]:
    return (
        DrillSet.objects.filter(organisation=organisation)
        .annotate(
            item_count=Count("items", distinct=True), assignment_count=Count("assignments", distinct=True)
        )
        .order_by("title", "pk")
    )


def drill_set_items(*, drill_set: DrillSet) -> QuerySet[DrillSetItem]:
    return drill_set.items.select_related("scenario__current_version").order_by("position")


def held_for_exams(*, organisation_id: int) -> QuerySet[DrillSetItem, Mapping[str, object]]:
    """Ids (``scenario_id`` values) of the scenarios an exam keeps out of practice and review: the
    items of an exam drill set whose owner has not let them be practised."""
    return DrillSetItem.objects.filter(
        drill_set__organisation_id=organisation_id,
        drill_set__is_exam=True,
        drill_set__exam_items_in_practice=False,
        scenario__isnull=False,
    ).values("scenario_id")


class Held(TypedDict):
    held: bool


def drill_set_items_marking_held(*, drill_set: DrillSet) -> "QuerySet[WithAnnotations[DrillSetItem, Held]]":
    """``drill_set_items`` with ``held`` on each: in a set that is not an exam, whether an exam
    keeps the item's scenario out of practice (so the set skips it)."""
    if drill_set.is_exam:
        return drill_set_items(drill_set=drill_set).annotate(held=Value(False))
    held = held_for_exams(organisation_id=drill_set.organisation_id).filter(
        scenario_id=OuterRef("scenario_id")
    )
    return drill_set_items(drill_set=drill_set).annotate(held=Exists(held))


def assignments_for_organisation(*, organisation: Organisation) -> QuerySet[Assignment]:
    return (
        Assignment.objects.filter(organisation=organisation)
        .select_related("drill_set", "trainee", "cohort", "assigned_by")
        .order_by("due_at", "-created_at")
    )


def assignments_for_trainee(*, organisation: Organisation, user: User, limit: int = 20) -> list[Assignment]:
    """A trainee's assignments, given to them or to a cohort they belong to; soonest due first."""
    cohorts = Cohort.objects.filter(organisation=organisation, members__user=user)
    qs = (
        Assignment.objects.filter(organisation=organisation)
        .filter(Q(trainee=user) | Q(cohort__in=cohorts))
        .select_related("drill_set", "cohort")
        .prefetch_related(
            Prefetch("drill_set__items", queryset=DrillSetItem.objects.only("id", "drill_set_id", "count"))
        )
        .order_by("due_at", "-created_at")
    )
    now = timezone.now()
    out = []
    seen: set[int] = set()
    for assignment in qs[: limit * 3]:
        if assignment.drill_set_id in seen:
            continue
        seen.add(assignment.drill_set_id)
        # Read by the template.
        assignment.overdue = assignment.due_at is not None and assignment.due_at < now  # type: ignore[attr-defined]
        assignment.question_count = sum(i.count for i in assignment.drill_set.items.all())  # type: ignore[attr-defined]
        out.append(assignment)
        if len(out) >= limit:
            break
    return out


def import_jobs_for_organisation(
    *, organisation: Organisation, limit: int | None = 10
) -> QuerySet[ImportJob]:
    return (
        ImportJob.objects.filter(organisation=organisation)
        .defer("payload")
        .select_related("created_by")
        .order_by("-created_at")[:limit]
    )


def scenarios_to_check(*, organisation: Organisation | None = None) -> QuerySet[Scenario]:
    """Scenarios trainees are or may be asked (published and drafts, not archived), with their
    current version, for the answerability check."""
    qs = Scenario.objects.exclude(status=Scenario.Status.ARCHIVED).filter(current_version__isnull=False)
    if organisation is not None:
        qs = qs.filter(organisation=organisation)
    return qs.select_related("current_version", "organisation").order_by(
        "organisation__slug", "-status", "pk"
    )


def variations_of(*, scenario: Scenario) -> QuerySet[Scenario]:
    """The scenario's variations in its own organisation, oldest first, with their versions."""
    return (
        Scenario.objects.filter(varied_from=scenario, organisation_id=scenario.organisation_id)
        .select_related("current_version")
        .order_by("pk")
    )
