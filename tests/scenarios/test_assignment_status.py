"""Where a trainee stands with an assignment, for them and for the instructors; no duplicates."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Attempt, DrillSession, Outcome, Question
from dealer_training.scenarios.models import Assignment
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import CohortFactory, DrillSetFactory, add_item, assign

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def sit(drill_set, user, *, planned=4, answers=(), finished=False, outcome=Outcome.FINISHED, started=None):
    """A sitting of ``drill_set``: one answered question per entry of ``answers`` (True: correct)."""
    session = DrillSession.objects.create(
        organisation=drill_set.organisation,
        trainee=user,
        mode="practice",
        drill_set=drill_set,
        planned_count=planned,
    )
    if started is not None:
        DrillSession.objects.filter(pk=session.pk).update(started_at=started)
    for position, correct in enumerate(answers, start=1):
        question = Question.objects.create(
            session=session,
            organisation=drill_set.organisation,
            trainee=user,
            position=position,
            skill="stub",
            variant="FR",
            kind="stub",
            document={"generated": True},
            expected={},
            ruleset="tda-2024",
        )
        Attempt.objects.create(
            question=question,
            organisation=drill_set.organisation,
            trainee=user,
            session=session,
            mode="practice",
            skill="stub",
            variant="FR",
            kind="stub",
            ruleset="tda-2024",
            answer={},
            correct=correct,
            time_ms=3000,
        )
    if finished:
        session.finished_at, session.outcome = timezone.now(), outcome
        session.save(update_fields=["finished_at", "outcome"])
    return session


def home(client, org):
    return client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()


def test_a_finished_assignment_offers_review_with_its_score_instead_of_start(client, trainee, org):
    drill_set = DrillSetFactory(organisation=org, title="Bring-ins")
    add_item(drill_set, skill="stub", count=4)
    assign(drill_set, trainee=trainee.user)
    session = sit(drill_set, trainee.user, answers=[True, True, True, False], finished=True)
    client.force_login(trainee.user)
    html = home(client, org)
    assert 'data-state="finished"' in html
    assert "3 of 4 correct (75%)" in html
    assert reverse("drills:result", args=[org.slug, session.pk]) in html
    assert ">Start<" not in html


def test_an_assignment_in_progress_shows_n_of_m_and_continues_the_sitting(client, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", count=5)
    assign(drill_set, trainee=trainee.user)
    session = sit(drill_set, trainee.user, planned=5, answers=[True, False])
    client.force_login(trainee.user)
    html = home(client, org)
    assert "2 of 5 answered" in html
    assert reverse("drills:play", args=[org.slug, session.pk]) in html


def test_sittings_from_before_the_assignment_or_abandoned_do_not_count(client, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", count=2)
    sit(
        drill_set,
        trainee.user,
        planned=2,
        answers=[True, True],
        finished=True,
        started=timezone.now() - timedelta(days=2),
    )
    assign(drill_set, trainee=trainee.user)
    sit(drill_set, trainee.user, planned=2, answers=[True], finished=True, outcome=Outcome.ABANDONED)
    client.force_login(trainee.user)
    html = home(client, org)
    assert 'data-state="not_started"' in html
    assert ">Start<" in html


def test_the_instructor_sees_status_progress_score_and_date_per_assignment(
    login_as, instructor, trainee, org
):
    done_set, running_set, idle_set = (DrillSetFactory(organisation=org) for _ in range(3))
    for drill_set in (done_set, running_set, idle_set):
        add_item(drill_set, skill="stub", count=2)
        assign(drill_set, trainee=trainee.user)
    sit(done_set, trainee.user, planned=2, answers=[True, True], finished=True)
    sit(running_set, trainee.user, planned=2, answers=[False])
    cohort = CohortFactory(organisation=org)
    cohort.members.add(trainee, MembershipFactory(organisation=org, role="trainee"))
    assign(done_set, cohort=cohort)
    html = login_as(instructor).get(reverse("scenarios:assignments", args=[org.slug]), **EN).content.decode()
    assert "2 of 2 correct (100%) on " + timezone.localdate().strftime("%m/%d/%Y") in html
    assert "1 of 2 answered" in html
    assert "Not started" in html
    assert "0 of 2 trainees finished" in html


def test_the_same_set_is_not_assigned_twice_to_a_trainee_who_has_not_finished_it(
    login_as, instructor, trainee, org
):
    drill_set = DrillSetFactory(organisation=org, title="Pots")
    add_item(drill_set, skill="stub", count=2)
    client = login_as(instructor)
    url = reverse("scenarios:assignments", args=[org.slug])
    assert client.post(url, {"drill_set": drill_set.pk, "trainee": trainee.pk}).status_code == 302
    again = client.post(url, {"drill_set": drill_set.pk, "trainee": trainee.pk}, **EN)
    assert again.status_code == 422
    assert "already assigned to this trainee and not finished yet" in again.content.decode()
    assert Assignment.objects.count() == 1
    # Through a cohort the trainee belongs to, too.
    cohort = CohortFactory(organisation=org)
    cohort.members.add(trainee)
    assert client.post(url, {"drill_set": drill_set.pk, "cohort": cohort.pk}).status_code == 302
    assert client.post(url, {"drill_set": drill_set.pk, "cohort": cohort.pk}).status_code == 422


def test_a_finished_assignment_may_be_assigned_again_as_a_retake(login_as, instructor, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", count=1)
    first = assign(drill_set, trainee=trainee.user)
    Assignment.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=1))
    sit(drill_set, trainee.user, planned=1, answers=[True], finished=True)
    client = login_as(instructor)
    url = reverse("scenarios:assignments", args=[org.slug])
    assert client.post(url, {"drill_set": drill_set.pk, "trainee": trainee.pk}).status_code == 302
    assert Assignment.objects.count() == 2


def test_progress_never_reads_another_organisations_sittings(client, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", count=1)
    assign(drill_set, trainee=trainee.user)
    elsewhere = DrillSetFactory(organisation=OrganisationFactory())
    add_item(elsewhere, skill="stub", count=1)
    sit(elsewhere, trainee.user, planned=1, answers=[True], finished=True)
    client.force_login(trainee.user)
    assert 'data-state="not_started"' in home(client, org)


def test_a_retake_not_finished_yet_shows_instead_of_the_finished_assignment(client, trainee, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", count=1)
    first = assign(drill_set, trainee=trainee.user, due_at=timezone.now() + timedelta(days=1))
    Assignment.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=2))
    sit(
        drill_set,
        trainee.user,
        planned=1,
        answers=[True],
        finished=True,
        started=timezone.now() - timedelta(days=1),
    )
    retake = assign(drill_set, trainee=trainee.user, due_at=timezone.now() + timedelta(days=5))
    client.force_login(trainee.user)
    html = home(client, org)
    assert f'data-assignment="{retake.pk}" data-state="not_started"' in html
    assert f'data-assignment="{first.pk}"' not in html
