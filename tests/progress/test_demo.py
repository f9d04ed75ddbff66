"""The demo history: every report has something true to show on the first run."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.models import Attempt, Certificate, DrillSession, Mode, Question
from dealer_training.progress import rollups, selectors
from dealer_training.progress.mastery import Status
from dealer_training.progress.models import DailyRollup, SkillProgress
from tests.factories import UserFactory


@pytest.fixture
def demo(db, request):
    for _ in range(getattr(request, "param", 0)):
        UserFactory()  # other rows first: the demo's ids differ, its history must not
    call_command("seed_demo", stdout=StringIO())
    return Organisation.objects.get(slug="demo-card-room")


def _trainee(email):
    return User.objects.get(email=email)


def test_the_demo_history_is_written_through_the_drills_models_with_engine_documents(demo):
    attempts = Attempt.objects.filter(organisation=demo)
    assert attempts.count() > 1500
    assert attempts.values("trainee").distinct().count() == 3
    days = {rollups.local_day(at) for at in attempts.values_list("created_at", flat=True)}
    assert len(days) >= 30  # weeks of practice, not one afternoon
    question = Question.objects.filter(organisation=demo).first()
    assert question.document.get("variant") in {"F7S", "FR", "F7S/8"}  # a generated scenario document
    assert question.expected
    assert not Attempt.objects.filter(organisation=demo, created_at__gt=timezone.now()).exists()  # no future


def test_the_rollups_are_built_and_agree_with_the_attempts(demo):
    for trainee_id in (
        Attempt.objects.filter(organisation=demo).values_list("trainee_id", flat=True).distinct()
    ):
        total = Attempt.objects.filter(organisation=demo, trainee_id=trainee_id).count()
        assert (
            sum(DailyRollup.objects.filter(trainee_id=trainee_id).values_list("attempts", flat=True)) == total
        )
        assert (
            sum(SkillProgress.objects.filter(trainee_id=trainee_id).values_list("attempts", flat=True))
            == total
        )


def test_the_three_trainees_have_three_profiles(demo):
    bars = selectors.bars_for(demo)
    strong, improving, slipping = (
        selectors.mastery_grid(
            organisation=demo, trainee_id=_trainee(f"trainee{n}@demo.example").pk, bars=bars
        )
        for n in (1, 2, 3)
    )
    assert strong.mastered >= 10
    assert not strong.slipping
    assert len(slipping.slipping) == 2
    assert {cell.skill for cell in slipping.slipping} == {"razz_order", "showdown"}
    weeks = selectors.history_weeks(organisation=demo, trainee_id=_trainee("trainee2@demo.example").pk)
    practised = [week for week in weeks if week.attempts]
    assert practised[-1].accuracy > practised[0].accuracy + 15  # improving, week by week
    assert practised[-1].average_seconds < practised[0].average_seconds
    assert improving.mastered < strong.mastered


@pytest.mark.parametrize("demo", [0, 1, 2, 3, 5, 8], indirect=True)
def test_the_strong_trainee_holds_a_signed_certificate_and_others_sat_the_exam(demo):
    certificate = Certificate.objects.get(organisation=demo)
    assert certificate.trainee.email == "trainee1@demo.example"
    assert certificate.signed_off_by.email == "owner@demo.example"
    exams = DrillSession.objects.filter(organisation=demo, mode=Mode.EXAM, finished_at__isnull=False)
    assert exams.count() == 3
    report = selectors.cohort_report(
        organisation=demo,
        cohort=None,
        variant="",
        start=selectors.week_start(exams.earliest("finished_at").finished_at.date()),
        exam_title="Exam",
    )
    assert sorted(result.passed for result in report.exams) == [False, True, True]
    assert report.slipping_count == 2
    assert report.due_count >= 1
    statuses = {cell.status for line in report.lines for cell in line.cells}
    assert {Status.MASTERED.value, Status.SLIPPING.value} <= statuses


def test_demo_questions_are_numbered_from_zero_as_a_drill_numbers_them(demo):
    # The item record (and the exam's item analysis) counts a sitting's first question as item 1.
    certificate = Certificate.objects.get(organisation=demo)
    assert [item["position"] for item in certificate.item_record] == list(range(1, 21))
    first = Question.objects.filter(session=certificate.session).order_by("position").first()
    assert first.position == 0


def test_running_the_demo_again_adds_no_history(demo):
    counts = (Attempt.objects.count(), DailyRollup.objects.count(), Certificate.objects.count())
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert (Attempt.objects.count(), DailyRollup.objects.count(), Certificate.objects.count()) == counts
    assert "Progress history for the demo trainees (already there)" in out.getvalue()


def test_every_kind_of_demo_history_question_opens_with_its_verdict(demo, client):
    # The review of a finished session judges the stored answer against the stored solution.
    from django.urls import reverse

    trainee = _trainee("trainee1@demo.example")
    client.force_login(trainee)
    questions = Question.objects.filter(organisation=demo, trainee=trainee).select_related("attempt")
    by_kind = {}
    for question in questions:
        by_kind.setdefault((question.kind, question.attempt.correct), question)
    assert len(by_kind) >= 8
    for (kind, correct), question in sorted(by_kind.items()):
        response = client.get(reverse("drills:question", args=[demo.slug, question.pk]))
        assert response.status_code == 200, (kind, correct)
        assert question.expected["kind"] == kind
