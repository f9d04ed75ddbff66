"""The demo step: a dozen published scenarios across skills and games, a draft, drill sets,
a cohort with an assignment; idempotent; every demo answer agrees with the shared examples."""

import json
from io import StringIO

from django.core.management import call_command
from django.urls import reverse

from dealer_training.accounts.models import Cohort, Organisation
from dealer_training.scenarios.demo import COHORT, EXAM_SET, FIXTURES, PRACTICE_SET
from dealer_training.scenarios.models import Assignment, DrillSet, Scenario
from tests.games.conftest import is_subset


def _seed():
    call_command("seed_demo", stdout=StringIO())
    return Organisation.objects.get(slug="demo-card-room")


def test_the_demo_has_a_dozen_published_scenarios_across_skills_and_games_and_a_draft(db):
    org = _seed()
    published = Scenario.objects.filter(organisation=org, status="published")
    assert published.count() == 12
    assert Scenario.objects.filter(organisation=org, status="draft").count() == 1
    assert set(published.values_list("variant", flat=True)) == {"F7S", "FR", "F7S/8"}
    assert len(set(published.values_list("skill", flat=True))) >= 7


def test_every_demo_scenario_is_answered_as_its_fixture_expects(db):
    org = _seed()
    for path in sorted(FIXTURES.glob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        scenario = Scenario.objects.get(organisation=org, title=fixture["_title"])
        assert is_subset(fixture["_expected"], scenario.current_version.answer["answer"]), path.name


def test_every_demo_scenario_is_played_with_the_demo_rooms_chips(db):
    """The room's smallest chip is 100: each demo hand says so (the table's notes and odd chips
    follow it), or the largest chip its own amounts allow when they need a smaller one."""
    org = _seed()
    assert org.min_chip == 100
    for scenario in Scenario.objects.filter(organisation=org):
        chip = scenario.current_version.document.get("_min_chip")
        assert chip in (100, 50), scenario.title
        if chip != 100:  # only a hand with an amount that 100 does not divide
            amounts = [
                *scenario.current_version.document["antes"],
                *scenario.current_version.document["starting_stacks"],
            ]
            assert any(amount % 100 for amount in amounts), scenario.title


def test_the_demo_drill_sets_cohort_and_assignments_exist_and_seeding_twice_adds_nothing(db):
    org = _seed()
    practice = DrillSet.objects.get(organisation=org, title=PRACTICE_SET)
    exam = DrillSet.objects.get(organisation=org, title=EXAM_SET)
    assert exam.is_exam
    assert exam.pass_accuracy == 80
    assert exam.items.filter(scenario__isnull=True).exists()  # a generated topic among the scenarios
    assert practice.items.filter(scenario__isnull=False).exists()
    cohort = Cohort.objects.get(organisation=org, name=COHORT)
    assert cohort.members.count() == 2
    assert Assignment.objects.filter(drill_set=practice, cohort=cohort).count() == 1
    assert Assignment.objects.filter(drill_set=exam, trainee__email="trainee3@demo.example").count() == 1
    counts = (
        Scenario.objects.count(),
        DrillSet.objects.count(),
        Assignment.objects.count(),
        Cohort.objects.count(),
    )
    _seed()
    assert (
        Scenario.objects.count(),
        DrillSet.objects.count(),
        Assignment.objects.count(),
        Cohort.objects.count(),
    ) == counts


def test_a_demo_trainee_sees_the_assignment_on_the_home_page(client, db):
    org = _seed()
    # Through the login page, as a trainee would (the throttled backend needs the request).
    response = client.post(
        reverse("accounts:login"), {"username": "trainee1@demo.example", "password": "dealer-demo-2024"}
    )
    assert response.status_code == 302
    html = client.get(
        reverse("accounts:org_home", args=[org.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Your assignments" in html
    assert "3rdストリートの基本" in html
