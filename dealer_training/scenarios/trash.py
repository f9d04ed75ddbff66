"""The trash: deleting a scenario, a drill set or an assignment moves it here; it can be restored
for ``TRASH_DAYS`` days, then it is purged (when the trash is opened, and by a periodic task).

A drill set takes its assignments with it (same ``deleted_at``) and brings them back on restore.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from dealer_training.accounts.models import Organisation

from .models import TRASH_DAYS, Assignment, DrillSet, Scenario
from .services import AssignmentDuplicate, ScenarioInUse, assignment_unfinished_twin, version_is_issued


class TrashError(Exception):
    """The item cannot be restored as it stands; ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@transaction.atomic
def scenario_trash(*, scenario: Scenario, now: datetime | None = None) -> Scenario:
    """Move a scenario nobody was ever asked to the trash; one that was asked must be archived."""
    for version in scenario.versions.all():
        if version_is_issued(version):
            raise ScenarioInUse
    scenario.deleted_at = now or timezone.now()
    scenario.save(update_fields=["deleted_at"])
    return scenario


@transaction.atomic
def drill_set_trash(*, drill_set: DrillSet, now: datetime | None = None) -> int:
    """Move a drill set and its assignments to the trash; returns how many assignments went too."""
    at = now or timezone.now()
    moved = Assignment.objects.filter(drill_set=drill_set).update(deleted_at=at)
    drill_set.deleted_at = at
    drill_set.save(update_fields=["deleted_at"])
    return moved


@transaction.atomic
def assignment_trash(*, assignment: Assignment, now: datetime | None = None) -> Assignment:
    assignment.deleted_at = now or timezone.now()
    assignment.save(update_fields=["deleted_at"])
    return assignment


@transaction.atomic
def scenario_restore(*, scenario: Scenario) -> Scenario:
    scenario.deleted_at = None
    scenario.save(update_fields=["deleted_at"])
    return scenario


@transaction.atomic
def drill_set_restore(*, drill_set: DrillSet) -> int:
    """Bring a drill set back with the assignments it took to the trash; returns their number."""
    back = Assignment.all_objects.filter(drill_set=drill_set, deleted_at=drill_set.deleted_at).update(
        deleted_at=None
    )
    drill_set.deleted_at = None
    drill_set.save(update_fields=["deleted_at"])
    return back


@transaction.atomic
def assignment_restore(*, assignment: Assignment) -> Assignment:
    if DrillSet.objects.filter(pk=assignment.drill_set_id).first() is None:
        raise TrashError("drill_set_deleted")
    user = assignment.trainee
    if (
        assignment_unfinished_twin(drill_set=assignment.drill_set, user=user, cohort=assignment.cohort)
        is not None
    ):
        raise AssignmentDuplicate(assignment)
    assignment.deleted_at = None
    assignment.save(update_fields=["deleted_at"])
    return assignment


@transaction.atomic
def trash_purge(*, organisation: Organisation | None = None, now: datetime | None = None) -> int:
    """Delete for good what has been in the trash longer than ``TRASH_DAYS``; returns the count."""
    cutoff = (now or timezone.now()) - timedelta(days=TRASH_DAYS)
    org = Q(organisation=organisation) if organisation is not None else Q()
    purged = 0
    for model in (Assignment, DrillSet):
        old = model.all_objects.filter(org, deleted_at__lt=cutoff)
        purged += old.count()
        old.delete()
    for scenario in Scenario.all_objects.filter(org, deleted_at__lt=cutoff):
        Scenario.all_objects.filter(pk=scenario.pk).update(current_version=None)
        scenario.delete()
        purged += 1
    return purged


@dataclass(frozen=True)
class Trash:
    scenarios: list[Scenario]
    drill_sets: list[DrillSet]
    assignments: list[Assignment]

    def __bool__(self) -> bool:
        return bool(self.scenarios or self.drill_sets or self.assignments)


def _binned(qs: QuerySet[Scenario] | QuerySet[DrillSet] | QuerySet[Assignment]) -> QuerySet:  # type: ignore[type-arg]
    return qs.filter(deleted_at__isnull=False).order_by("-deleted_at", "-pk")


def trash_for_organisation(*, organisation: Organisation) -> Trash:
    """What an organisation's trash holds; assignments that went with their drill set are shown
    under the set, not on their own."""
    sets = _binned(DrillSet.all_objects.filter(organisation=organisation)).annotate(
        binned_assignments=Count("assignments", filter=Q(assignments__deleted_at__isnull=False))
    )
    assignments = (
        _binned(Assignment.all_objects.filter(organisation=organisation))
        .filter(drill_set__deleted_at__isnull=True)
        .select_related("drill_set", "trainee", "cohort")
    )
    return Trash(
        scenarios=list(_binned(Scenario.all_objects.filter(organisation=organisation))),
        drill_sets=list(sets),
        assignments=list(assignments),
    )
