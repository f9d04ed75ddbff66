"""Deleting asks first, says what goes with it, and moves to a trash that restores for 30 days."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import DrillSession
from dealer_training.drills.selectors import drill_set_plan
from dealer_training.scenarios.models import Assignment, DrillSet, Scenario
from dealer_training.scenarios.trash import trash_purge
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import DrillSetFactory, add_item, assign, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def url(name, *args):
    return reverse(f"scenarios:{name}", args=args)


def restore(org, kind, pk):
    return url("trash_restore", org.slug, kind, pk)


def test_deleting_a_draft_scenario_asks_first_then_it_leaves_lists_and_sets_until_restored(
    login_as, instructor, org
):
    scenario = make_scenario(org, status="published")
    Scenario.objects.filter(pk=scenario.pk).update(status="draft")
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, scenario=scenario)
    client = login_as(instructor)
    asked = client.post(url("delete", org.slug, scenario.pk), **EN)
    assert asked.status_code == 200
    assert "It is an item of 1 drill sets" in asked.content.decode()
    assert Scenario.objects.filter(pk=scenario.pk).exists()
    client.post(url("delete", org.slug, scenario.pk), {"confirm": "yes"}, follow=True)
    assert not Scenario.objects.filter(pk=scenario.pk).exists()
    assert scenario.title not in client.get(url("list", org.slug), **EN).content.decode()
    assert client.get(url("edit", org.slug, scenario.pk)).status_code == 404
    set_page = client.get(url("drill_set", org.slug, drill_set.pk), **EN).content.decode()
    assert scenario.title not in set_page
    trash = client.get(url("trash", org.slug), **EN).content.decode()
    assert f'data-trash="scenario-{scenario.pk}"' in trash
    assert client.post(restore(org, "scenario", scenario.pk)).status_code == 302
    assert scenario.title in client.get(url("drill_set", org.slug, drill_set.pk), **EN).content.decode()


def test_deleting_a_drill_set_names_its_assignments_takes_them_along_and_restore_brings_them_back(
    login_as, instructor, trainee, org
):
    scenario = make_scenario(org, status="published")
    drill_set = DrillSetFactory(organisation=org, title="Stud basics")
    add_item(drill_set, scenario=scenario)
    for _ in range(2):
        assign(drill_set, trainee=MembershipFactory(organisation=org, role="trainee").user)
    assign(drill_set, trainee=trainee.user)
    staff = login_as(instructor)
    asked = staff.get(url("drill_set_delete", org.slug, drill_set.pk), **EN).content.decode()
    assert "This drill set has 3 assignments; they will be removed too." in asked
    deleted = staff.post(url("drill_set_delete", org.slug, drill_set.pk), {"confirm": "yes"}, follow=True)
    assert deleted.redirect_chain[-1][1] == 302
    assert not Assignment.objects.exists()
    assert "Stud basics" not in staff.get(url("assignments", org.slug), **EN).content.decode()
    assert "Stud basics" not in staff.get(url("drill_sets", org.slug), **EN).content.decode()
    # The trainee neither sees it nor can start it.
    client = Client()
    client.force_login(trainee.user)
    assert "Stud basics" not in client.get(reverse("accounts:org_home", args=[org.slug])).content.decode()
    start = client.post(
        reverse("drills:start", args=[org.slug]), {"drill_set": drill_set.pk, "mode": "practice"}
    )
    assert start.status_code == 422
    assert not DrillSession.objects.exists()
    # Restored, with its three assignments.
    assert staff.post(restore(org, "drill_set", drill_set.pk)).status_code == 302
    assert Assignment.objects.count() == 3
    assert "Stud basics" in client.get(reverse("accounts:org_home", args=[org.slug])).content.decode()


def test_an_assignment_goes_to_the_trash_and_is_not_restored_over_a_new_unfinished_one(
    login_as, instructor, trainee, org
):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub")
    assignment = assign(drill_set, trainee=trainee.user)
    client = login_as(instructor)
    asked = client.get(url("assignment_delete", org.slug, assignment.pk), **EN)
    assert asked.status_code == 200
    assert Assignment.objects.exists()
    client.post(url("assignment_delete", org.slug, assignment.pk), {"confirm": "yes"})
    assert not Assignment.objects.exists()
    assign(drill_set, trainee=trainee.user)
    refused = client.post(restore(org, "assignment", assignment.pk), **EN)
    assert refused.status_code == 409
    assert Assignment.objects.count() == 1


def test_the_trash_is_purged_after_thirty_days(login_as, instructor, org):
    old, recent = DrillSetFactory(organisation=org), DrillSetFactory(organisation=org)
    assign(old, trainee=MembershipFactory(organisation=org, role="trainee").user)
    scenario = make_scenario(org)
    DrillSet.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - timedelta(days=31))
    Assignment.objects.filter(drill_set=old).update(deleted_at=timezone.now() - timedelta(days=31))
    DrillSet.objects.filter(pk=recent.pk).update(deleted_at=timezone.now() - timedelta(days=29))
    Scenario.objects.filter(pk=scenario.pk).update(deleted_at=timezone.now() - timedelta(days=40))
    login_as(instructor).get(url("trash", org.slug))
    assert list(DrillSet.all_objects.values_list("pk", flat=True)) == [recent.pk]
    assert not Assignment.all_objects.exists()
    assert not Scenario.all_objects.exists()
    assert trash_purge() == 0


def test_a_trashed_scenario_leaves_a_drill_sets_plan(org):
    scenario = make_scenario(org, status="published")
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, scenario=scenario)
    assert len(drill_set_plan(drill_set=drill_set)) == 1
    Scenario.objects.filter(pk=scenario.pk).update(deleted_at=timezone.now())
    assert drill_set_plan(drill_set=drill_set) == []


def test_another_organisations_trash_is_neither_listed_nor_restorable(login_as, instructor, org):
    other = DrillSetFactory(organisation=OrganisationFactory(), title="Elsewhere")
    DrillSet.objects.filter(pk=other.pk).update(deleted_at=timezone.now())
    client = login_as(instructor)
    assert "Elsewhere" not in client.get(url("trash", org.slug), **EN).content.decode()
    assert client.post(restore(org, "drill_set", other.pk)).status_code == 404
    assert client.post(url("drill_set_delete", org.slug, other.pk), {"confirm": "yes"}).status_code == 404


@pytest.mark.parametrize("kind", ["cohort", "user", "x" * 30])
def test_restoring_an_unknown_kind_is_a_404(login_as, instructor, org, kind):
    assert login_as(instructor).post(restore(org, kind, 1)).status_code == 404


def test_trainees_cannot_open_the_trash_nor_delete(login_as, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    client = login_as(trainee)
    assert client.get(url("trash", org.slug)).status_code == 403
    assert client.post(url("drill_set_delete", org.slug, drill_set.pk), {"confirm": "yes"}).status_code == 403
    assert DrillSet.objects.exists()


def test_a_backup_keeps_the_trash_and_restores_it_as_trash(org):
    from dealer_training.accounts.models import Organisation
    from dealer_training.progress.backup import organisation_backup, organisation_restore

    scenario = make_scenario(org, status="published")
    drill_set = DrillSetFactory(organisation=org, title="Binned set")
    add_item(drill_set, scenario=scenario)
    assign(drill_set, trainee=MembershipFactory(organisation=org, role="trainee").user)
    DrillSet.objects.filter(pk=drill_set.pk).update(deleted_at=timezone.now())
    Assignment.objects.filter(drill_set=drill_set).update(deleted_at=timezone.now())
    Scenario.objects.filter(pk=scenario.pk).update(deleted_at=timezone.now())
    document = organisation_backup(slug=org.slug)
    Organisation.objects.filter(pk=org.pk).delete()
    organisation_restore(document)
    assert DrillSet.all_objects.get(pk=drill_set.pk).deleted_at is not None
    assert Scenario.all_objects.filter(pk=scenario.pk, deleted_at__isnull=False).exists()
    assert Assignment.all_objects.filter(drill_set_id=drill_set.pk).count() == 1
    assert not DrillSet.objects.exists()
