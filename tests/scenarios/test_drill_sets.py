"""Drill sets (scenarios and generated topics, exam blueprints), assignments and the trainee's
home panel."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.scenarios.models import Assignment, DrillSet
from dealer_training.scenarios.selectors import assignments_for_trainee
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import CohortFactory, DrillSetFactory, add_item, assign, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


def test_an_instructor_creates_a_drill_set_and_an_exam_blueprint(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("scenarios:drill_sets", args=[org.slug])
    assert client.get(url, **EN).status_code == 200
    response = client.post(url, {"title": "Third street", "description": "Antes and bring-ins"})
    drill_set = DrillSet.objects.get()
    assert response["Location"] == reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    assert (drill_set.is_exam, drill_set.pass_accuracy) == (False, None)
    client.post(url, {"title": "Exam", "is_exam": "on", "pass_accuracy": 85, "pass_seconds": 12.5})
    exam = DrillSet.objects.get(title="Exam")
    assert (exam.is_exam, exam.pass_accuracy, exam.pass_seconds) == (True, 85, 12.5)


def test_pass_marks_are_checked_and_dropped_for_a_practice_set(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("scenarios:drill_sets", args=[org.slug])
    response = client.post(url, {"title": "Exam", "is_exam": "on", "pass_accuracy": 120}, **EN)
    assert response.status_code == 422
    assert "Enter a percentage between 1 and 100." in response.content.decode()
    client.post(url, {"title": "Practice", "pass_accuracy": 90})
    assert DrillSet.objects.get().pass_accuracy is None
    assert client.post(url, {"title": ""}).status_code == 422


def test_items_are_added_moved_and_removed_with_htmx_fragments(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    kings = make_scenario(org, title="Kings")
    client = login_as(instructor)
    add = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    response = client.post(add, {"kind": "scenario", "scenario": kings.pk}, **HTMX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="items"')
    client.post(add, {"kind": "topic", "skill": "stub", "variant": "", "count": 3}, **HTMX)
    first, second = drill_set.items.order_by("position")
    assert (first.scenario, second.skill, second.count) == (kings, "stub", 3)
    move = reverse("scenarios:drill_set_item_move", args=[org.slug, drill_set.pk, second.pk])
    client.post(move, {"direction": "up"}, **HTMX)
    assert [i.skill for i in drill_set.items.order_by("position")] == ["stub", ""]
    html = client.get(reverse("scenarios:drill_set", args=[org.slug, drill_set.pk]), **EN).content.decode()
    assert "Items (4 questions)" in html
    remove = reverse("scenarios:drill_set_item_remove", args=[org.slug, drill_set.pk, first.pk])
    client.post(remove, **HTMX)
    assert list(drill_set.items.values_list("skill", flat=True)) == ["stub"]


def test_a_bad_item_is_a_422_and_another_rooms_scenario_is_not_a_choice(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    elsewhere = make_scenario(OrganisationFactory())
    client = login_as(instructor)
    add = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    assert client.post(add, {"kind": "scenario", "scenario": elsewhere.pk}, **HTMX).status_code == 422
    assert client.post(add, {"kind": "topic", "skill": "juggling", "count": 3}, **HTMX).status_code == 422
    assert client.post(add, {"kind": "topic", "skill": "stub", "count": 0}, **HTMX).status_code == 422
    assert not drill_set.items.exists()
    item = add_item(drill_set, skill="stub")
    move = reverse("scenarios:drill_set_item_move", args=[org.slug, drill_set.pk, item.pk])
    assert client.post(move, {"direction": "sideways"}).status_code == 400


def test_editing_and_deleting_a_drill_set(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org, title="Old")
    client = login_as(instructor)
    url = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    client.post(url, {"title": "New", "is_exam": "on", "pass_accuracy": 70})
    drill_set.refresh_from_db()
    assert (drill_set.title, drill_set.pass_accuracy) == ("New", 70)
    assert client.post(url, {"title": ""}, **EN).status_code == 422
    delete = reverse("scenarios:drill_set_delete", args=[org.slug, drill_set.pk])
    assert client.post(delete).status_code == 200  # the confirmation page: nothing deleted yet
    assert DrillSet.objects.exists()
    client.post(delete, {"confirm": "yes"})
    assert not DrillSet.objects.exists()


def test_another_organisations_drill_set_and_item_are_404(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=OrganisationFactory())
    item = add_item(drill_set, skill="stub")
    client = login_as(instructor)
    assert client.get(reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])).status_code == 404
    move = reverse("scenarios:drill_set_item_move", args=[org.slug, drill_set.pk, item.pk])
    assert client.post(move, {"direction": "up"}).status_code == 404
    mine = DrillSetFactory(organisation=org)
    wrong_parent = reverse("scenarios:drill_set_item_remove", args=[org.slug, mine.pk, item.pk])
    assert client.post(wrong_parent).status_code == 404


@pytest.mark.parametrize(
    "url_name", ["scenarios:drill_sets", "scenarios:assignments", "scenarios:import", "scenarios:export"]
)
def test_trainees_get_403_on_drill_set_and_assignment_pages(login_as, trainee, org, url_name):
    assert login_as(trainee).get(reverse(url_name, args=[org.slug])).status_code == 403


def test_drill_set_pages_refuse_other_methods(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    client = login_as(instructor)
    assert client.put(reverse("scenarios:drill_set_delete", args=[org.slug, drill_set.pk])).status_code == 405
    assert (
        client.get(reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])).status_code == 405
    )
    assert client.delete(reverse("scenarios:assignments", args=[org.slug])).status_code == 405


def test_assigning_to_a_trainee_or_a_cohort_with_a_due_date(login_as, instructor, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    cohort = CohortFactory(organisation=org)
    client = login_as(instructor)
    url = reverse("scenarios:assignments", args=[org.slug])
    due = (timezone.localdate() + timedelta(days=7)).isoformat()
    client.post(url, {"drill_set": drill_set.pk, "trainee": trainee.pk, "due_on": due})
    client.post(url, {"drill_set": drill_set.pk, "cohort": cohort.pk})
    by_trainee, by_cohort = Assignment.objects.order_by("pk")
    assert (by_trainee.trainee, by_trainee.cohort) == (trainee.user, None)
    assert timezone.localtime(by_trainee.due_at).date().isoformat() == due
    assert (by_cohort.cohort, by_cohort.due_at) == (cohort, None)
    html = client.get(url, **EN).content.decode()
    assert drill_set.title in html
    client.post(reverse("scenarios:assignment_delete", args=[org.slug, by_cohort.pk]), {"confirm": "yes"})
    assert Assignment.objects.count() == 1


def test_an_assignment_needs_exactly_one_trainee_or_cohort_of_the_organisation(
    login_as, instructor, trainee, org
):
    drill_set = DrillSetFactory(organisation=org)
    cohort = CohortFactory(organisation=org)
    client = login_as(instructor)
    url = reverse("scenarios:assignments", args=[org.slug])
    response = client.post(url, {"drill_set": drill_set.pk}, **EN)
    assert response.status_code == 422
    assert "Choose either one trainee or one cohort." in response.content.decode()
    both = {"drill_set": drill_set.pk, "trainee": trainee.pk, "cohort": cohort.pk}
    assert client.post(url, both).status_code == 422
    outsider = MembershipFactory(organisation=OrganisationFactory(), role="trainee")
    assert client.post(url, {"drill_set": drill_set.pk, "trainee": outsider.pk}).status_code == 422
    assert client.post(url, {"drill_set": drill_set.pk, "trainee": instructor.pk}).status_code == 422
    past = (timezone.localdate() - timedelta(days=1)).isoformat()
    assert (
        client.post(url, {"drill_set": drill_set.pk, "trainee": trainee.pk, "due_on": past}).status_code
        == 422
    )
    assert not Assignment.objects.exists()


def test_trainees_see_their_own_and_their_cohorts_assignments_on_the_home_page(client, trainee, org):
    mine = DrillSetFactory(organisation=org, title="Mine")
    ours = DrillSetFactory(organisation=org, title="Ours", is_exam=True)
    theirs = DrillSetFactory(organisation=org, title="Someone else's")
    add_item(mine, skill="stub", count=3)
    add_item(mine, scenario=make_scenario(org))
    assign(mine, trainee=trainee.user, due_at=timezone.now() - timedelta(days=1))
    cohort = CohortFactory(organisation=org)
    cohort.members.add(trainee)
    assign(ours, cohort=cohort)
    other = MembershipFactory(organisation=org, role="trainee")
    assign(theirs, trainee=other.user)
    client.force_login(trainee.user)
    html = client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()
    assert "Your assignments" in html
    assert "Mine" in html
    assert "Ours" in html
    assert "Someone else" not in html
    assert "4 questions" in html
    assert "Overdue:" in html


def test_the_home_panel_offers_a_start_button_posting_the_drill_set_when_the_drills_start_page_exists(
    client, trainee, org
):
    from django.urls import NoReverseMatch

    drill_set = DrillSetFactory(organisation=org)
    assign(drill_set, trainee=trainee.user)
    client.force_login(trainee.user)
    html = client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()
    try:
        start = reverse("drills:start", args=[org.slug])
    except NoReverseMatch:
        assert 'name="drill_set"' not in html  # no button that leads nowhere
    else:
        assert f'action="{start}"' in html
        assert f'name="drill_set" value="{drill_set.pk}"' in html


def test_the_home_panel_is_left_out_without_assignments_and_runs_a_fixed_number_of_queries(
    rf, trainee, org, django_assert_num_queries
):
    from dealer_training.scenarios.home import assignments_panel

    request = rf.get("/")
    request.user, request.org, request.membership = trainee.user, org, trainee
    assert assignments_panel(request) is None
    cohort = CohortFactory(organisation=org)
    cohort.members.add(trainee)
    for i in range(5):
        drill_set = DrillSetFactory(organisation=org)
        add_item(drill_set, skill="stub", count=i + 1)
        assign(drill_set, cohort=cohort if i % 2 else None, trainee=None if i % 2 else trainee.user)
    # The assignments with their items, the cohorts, and the trainee's sittings of them.
    with django_assert_num_queries(3):
        panel = assignments_panel(request)
    assert len(panel["assignments"]) == 5


def test_an_instructor_does_not_get_the_assignments_panel(client, instructor, trainee, org):
    drill_set = DrillSetFactory(organisation=org, title="Assigned set")
    assign(drill_set, trainee=trainee.user)
    client.force_login(instructor.user)
    html = client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()
    assert "Your assignments" not in html


def test_assignments_of_another_organisation_never_show(trainee, org):
    other = OrganisationFactory()
    MembershipFactory(organisation=other, user=trainee.user, role="trainee")
    assign(DrillSetFactory(organisation=other), trainee=trainee.user)
    assert assignments_for_trainee(organisation=org, user=trainee.user) == []
