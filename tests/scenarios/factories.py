"""Data for the authoring tests: scenarios saved through the service, drill sets, attempts."""

import json
from pathlib import Path

import factory

from dealer_training.accounts.models import Cohort
from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.scenarios.models import Assignment, DrillSet, DrillSetItem
from dealer_training.scenarios.services import scenario_save
from tests.factories import OrganisationFactory

FIXTURES = Path(__file__).resolve().parents[2] / "dealer_training" / "scenarios" / "fixtures" / "demo"

RAZZ_KINGS = {
    "variant": "FR",
    "antes": [100, 100, 100, 100],
    "bring_in": 200,
    "small_bet": 500,
    "big_bet": 1000,
    "starting_stacks": [10000, 10000, 10000, 10000],
    "seats": [1, 3, 4, 6],
    "seat_count": 8,
    "actions": ["d dh p1 4c5dKc", "d dh p2 2s3hKs", "d dh p3 7h8h5s", "d dh p4 AdAc2c"],
    "_ruleset": "tda-2024",
    "_question": {"kind": "bring_in"},
}


def fixture(name):
    """A demo fixture document by the end of its file name (``razz-spade-king``)."""
    path = next(p for p in sorted(FIXTURES.glob("*.json")) if p.stem.endswith(name))
    document = json.loads(path.read_text(encoding="utf-8"))
    document.pop("_status", None)
    return document


def make_scenario(
    organisation, *, document=None, title="Razz: two kings", status="published", user=None, **meta
):
    return scenario_save(
        organisation=organisation,
        user=user,
        document=document or RAZZ_KINGS,
        title=title,
        status=status,
        **meta,
    )


class DrillSetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DrillSet

    organisation = factory.SubFactory(OrganisationFactory)
    title = factory.Sequence(lambda n: f"Drill set {n}")


class CohortFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Cohort

    organisation = factory.SubFactory(OrganisationFactory)
    name = factory.Sequence(lambda n: f"Cohort {n}")


def add_item(drill_set, *, scenario=None, skill="", variant="", count=1):
    position = drill_set.items.count() + 1
    return DrillSetItem.objects.create(
        drill_set=drill_set, position=position, scenario=scenario, skill=skill, variant=variant, count=count
    )


def assign(drill_set, *, trainee=None, cohort=None, due_at=None):
    return Assignment.objects.create(
        organisation=drill_set.organisation,
        drill_set=drill_set,
        trainee=trainee,
        cohort=cohort,
        due_at=due_at,
    )


def record_attempt(
    *, organisation, user, version=None, correct=True, time_ms=5000, answer=None, skill="bring_in"
):
    """One answered question (a session of its own), for an authored version or a generated item."""
    session = DrillSession.objects.create(organisation=organisation, trainee=user, mode="practice")
    document = version.document if version else {"generated": True}
    kind = version.kind if version else "bring_in"
    question = Question.objects.create(
        session=session,
        organisation=organisation,
        trainee=user,
        position=1,
        skill=skill,
        variant="FR",
        kind=kind,
        scenario_version=version,
        document=document,
        expected={},
        ruleset="tda-2024",
    )
    return Attempt.objects.create(
        question=question,
        organisation=organisation,
        trainee=user,
        session=session,
        scenario_version=version,
        mode="practice",
        skill=skill,
        variant="FR",
        kind=kind,
        ruleset="tda-2024",
        answer=answer if answer is not None else {"seat": 3, "amount": 200, "first_to_act": 3},
        correct=correct,
        time_ms=time_ms,
    )
