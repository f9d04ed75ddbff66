"""The organisation every security test walks: one object of each kind, owned as in real use."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from dealer_training.accounts.models import Cohort, Invite, Role
from dealer_training.drills.models import Certificate, DrillSession, Mode
from dealer_training.drills.services import current_question, session_start
from dealer_training.progress.models import ExportJob
from dealer_training.scenarios.models import Assignment, DrillSet, DrillSetItem, ImportJob
from games.api import generate
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import make_scenario


@pytest.fixture
def world(db):
    org = OrganisationFactory(slug="matrix")
    people = {
        "trainee": MembershipFactory(organisation=org, role=Role.TRAINEE),
        "other_trainee": MembershipFactory(organisation=org, role=Role.TRAINEE),
        "instructor": MembershipFactory(organisation=org, role=Role.INSTRUCTOR),
        "owner": MembershipFactory(organisation=org, role=Role.OWNER),
        "outsider": MembershipFactory(organisation=OrganisationFactory(), role=Role.OWNER),
    }
    trainee = people["trainee"]
    scenario = make_scenario(org, user=people["instructor"].user)
    drill_set = DrillSet.objects.create(organisation=org, title="Set")
    item = DrillSetItem.objects.create(drill_set=drill_set, position=1, scenario=scenario)
    session = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, skill="stub", variant="F7S"
    )
    question = current_question(session=session)
    exam = DrillSession.objects.create(
        organisation=org, trainee=trainee.user, mode=Mode.EXAM, planned_count=1, finished_at=timezone.now()
    )
    certificate = Certificate.objects.create(
        organisation=org,
        trainee=trainee.user,
        session=exam,
        title="Exam",
        accuracy=100,
        average_seconds=3,
        items=1,
        code="matrix-certificate-code",
    )
    return SimpleNamespace(
        slug=org.slug,
        people=people,
        trainee=trainee,
        scenario=scenario,
        # A scenario of another game, for that game's editor.
        other_scenario=make_scenario(
            org, document=generate(game="NT", kind="pots", seed=1), user=people["instructor"].user
        ),
        drill_set=drill_set,
        exam_set=DrillSet.objects.create(organisation=org, title="Exam set", is_exam=True),
        item=item,
        session=session,
        question=question,
        exam=exam,
        certificate=certificate,
        invite=Invite.objects.create(
            organisation=org,
            role=Role.TRAINEE,
            code="MATRIX2026",
            expires_at=timezone.now() + timedelta(days=7),
        ),
        cohort=Cohort.objects.create(organisation=org, name="Late shift"),
        assignment=Assignment.objects.create(organisation=org, drill_set=drill_set, trainee=trainee.user),
        import_job=ImportJob.objects.create(organisation=org, filename="a.json", status="done"),
        export=ExportJob.objects.create(organisation=org, kind="attempts", status="pending"),
    )
