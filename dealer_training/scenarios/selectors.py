"""Reads for views, the drills app and tasks. Everything goes through an organisation."""

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Value
from django.utils import timezone
from django_stubs_ext import WithAnnotations

from dealer_training.accounts.models import Cohort, Membership, Organisation, User

from .assignment_status import progress_for
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
        items = drill_set.items.select_related("scenario__current_version").filter(
            scenario__isnull=False, scenario__deleted_at__isnull=True
        )
        return [item.scenario for item in items if item.scenario is not None]
    qs = Scenario.objects.filter(organisation=organisation, current_version__isnull=False).select_related(
        "current_version"
    )
    if scope == "published":
        qs = qs.filter(status=Scenario.Status.PUBLISHED)
    else:
        qs = qs.exclude(status=Scenario.Status.ARCHIVED)
    return list(qs.order_by("title", "pk"))


LIVE_ITEM_OF_SET = Q(items__scenario__isnull=True) | Q(items__scenario__deleted_at__isnull=True)


def drill_sets_for_organisation(*, organisation: Organisation) -> QuerySet[DrillSet]:
    return (
        DrillSet.objects.filter(organisation=organisation)
        .annotate(
            item_count=Count("items", filter=LIVE_ITEM_OF_SET, distinct=True),
            assignment_count=Count(
                "assignments", filter=Q(assignments__deleted_at__isnull=True), distinct=True
            ),
        )
        .order_by("title", "pk")
    )


# Items whose scenario is in the trash are skipped until it is restored.
LIVE_ITEM = Q(scenario__isnull=True) | Q(scenario__deleted_at__isnull=True)


def drill_set_items(*, drill_set: DrillSet) -> QuerySet[DrillSetItem]:
    return drill_set.items.filter(LIVE_ITEM).select_related("scenario__current_version").order_by("position")


def held_for_exams(*, organisation_id: int) -> QuerySet[DrillSetItem, Mapping[str, object]]:
    """Ids (``scenario_id`` values) of the scenarios an exam keeps out of practice and review: the
    items of an exam drill set whose owner has not let them be practised."""
    return DrillSetItem.objects.filter(
        drill_set__organisation_id=organisation_id,
        drill_set__is_exam=True,
        drill_set__exam_items_in_practice=False,
        drill_set__deleted_at__isnull=True,
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
            Prefetch(
                "drill_set__items",
                queryset=DrillSetItem.objects.filter(LIVE_ITEM).only("id", "drill_set_id", "count"),
            )
        )
        .order_by("due_at", "-created_at")
    )
    now = timezone.now()
    candidates = list(qs[: limit * 3])
    progress = progress_for((a, user.pk) for a in candidates)
    # One per drill set: a retake not finished yet wins over the finished assignment before it.
    chosen: dict[int, Assignment] = {}
    for assignment in candidates:
        assignment.progress = progress[(assignment.pk, user.pk)]  # type: ignore[attr-defined]
        kept = chosen.get(assignment.drill_set_id)
        if kept is None or (kept.progress.finished and not assignment.progress.finished):  # type: ignore[attr-defined]
            chosen[assignment.drill_set_id] = assignment
    out = [a for a in candidates if chosen.get(a.drill_set_id) is a][:limit]
    for assignment in out:
        # Read by the template.
        assignment.overdue = assignment.due_at is not None and assignment.due_at < now  # type: ignore[attr-defined]
        assignment.question_count = sum(i.count for i in assignment.drill_set.items.all())  # type: ignore[attr-defined]
    return out


def assignments_with_progress(assignments: Iterable[Assignment]) -> list[Assignment]:
    """Each assignment with ``progress`` (given to a trainee) or ``done``/``running``/``size``
    (members of its cohort who finished it, who are working on it, all), for the instructors' page."""
    assignments = list(assignments)
    cohort_users: dict[int, list[int]] = {}
    for assignment in assignments:
        if assignment.cohort_id is not None and assignment.cohort_id not in cohort_users:
            cohort_users[assignment.cohort_id] = list(
                Membership.objects.current()
                .filter(cohorts__pk=assignment.cohort_id)
                .values_list("user_id", flat=True)
            )
    pairs: list[tuple[Assignment, int]] = []
    for assignment in assignments:
        if assignment.trainee_id is not None:
            pairs.append((assignment, assignment.trainee_id))
        else:
            pairs += [(assignment, u) for u in cohort_users.get(assignment.cohort_id or 0, [])]
    progress = progress_for(pairs)
    for assignment in assignments:
        if assignment.trainee_id is not None:
            assignment.progress = progress[(assignment.pk, assignment.trainee_id)]  # type: ignore[attr-defined]
        else:
            users = cohort_users.get(assignment.cohort_id or 0, [])
            assignment.size = len(users)  # type: ignore[attr-defined]
            assignment.done = sum(1 for u in users if progress[(assignment.pk, u)].finished)  # type: ignore[attr-defined]
            assignment.running = sum(1 for u in users if progress[(assignment.pk, u)].in_progress)  # type: ignore[attr-defined]
    return assignments


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
