"""Exams: started only from an exam drill set, every sitting on record, secrecy until the end,
time limit, sittings allowed, cool-down, and the certificate a passing sitting earns."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.exams import ExamError, exam_abandon, exam_start
from dealer_training.drills.models import Attempt, Certificate, DrillSession, Mode, Outcome, TrainingSettings
from dealer_training.drills.services import attempt_submit, current_question, session_start
from dealer_training.progress.models import SkillProgress
from dealer_training.progress.rollups import rollups_rebuild_trainee
from dealer_training.scenarios.models import DrillSet, ExamReview
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import add_item

from .conftest import EN, HTMX
from .helpers import form_data
from .test_services import _answer


@pytest.fixture
def exam(org):
    drill_set = DrillSet.objects.create(organisation=org, title="Stud exam", is_exam=True, pass_accuracy=75)
    add_item(drill_set, skill="stub", variant="F7S", count=4)
    return drill_set


def _sit(membership, exam, *, right, answers=4, now=None):
    """Start a sitting and answer ``answers`` items, the first ``right`` of them right."""
    session = exam_start(
        organisation=exam.organisation, trainee=membership.user, drill_set=exam, seed="s", now=now
    )
    for i in range(answers):
        _answer(current_question(session=session), correct=i < right)
    session.refresh_from_db()
    return session


def _start_url(org):
    return reverse("drills:start", args=[org.slug])


# --- finding: a trainee can mint an exam certificate ---------------------------------------------


def test_a_crafted_exam_start_without_an_exam_set_is_refused_and_nothing_is_made(client, trainee, org):
    client.force_login(trainee.user)
    response = client.post(_start_url(org), {"mode": "exam", "skill": "stub", "count": 1}, **EN)
    assert response.status_code == 422
    assert "listed on the drills page" in response.content.decode()
    assert not DrillSession.objects.exists()
    assert not Certificate.objects.exists()


def test_exam_mode_with_a_drill_set_that_is_not_an_exam_is_refused(client, trainee, org):
    practice = DrillSet.objects.create(organisation=org, title="Warm-up")
    add_item(practice, skill="stub", variant="F7S", count=1)
    client.force_login(trainee.user)
    response = client.post(_start_url(org), {"mode": "exam", "drill_set": practice.pk}, **EN)
    assert response.status_code == 422
    assert not DrillSession.objects.exists()
    with pytest.raises(ExamError, match="exam_needs_exam_set"):
        session_start(organisation=org, trainee=trainee.user, mode=Mode.EXAM, skill="stub", count=1)


def test_another_organisations_exam_cannot_be_started(client, trainee, org):
    other = OrganisationFactory(slug="elsewhere")
    foreign = DrillSet.objects.create(organisation=other, title="Theirs", is_exam=True)
    add_item(foreign, skill="stub", variant="F7S", count=1)
    client.force_login(trainee.user)
    response = client.post(_start_url(org), {"mode": "exam", "drill_set": foreign.pk}, **EN)
    assert response.status_code == 422
    assert not DrillSession.objects.exists()
    with pytest.raises(ExamError, match="exam_needs_exam_set"):
        exam_start(organisation=org, trainee=trainee.user, drill_set=foreign, seed="x")


def test_an_exam_set_starts_a_sitting_with_its_time_limit_and_the_pass_marks_in_force(
    client, trainee, org, exam
):
    client.force_login(trainee.user)
    before = timezone.now()
    response = client.post(_start_url(org), {"drill_set": exam.pk}, **EN)
    assert response.status_code == 302
    session = DrillSession.objects.get()
    assert session.mode == Mode.EXAM
    assert session.pass_accuracy == 75
    assert before + timedelta(minutes=exam.exam_minutes) <= session.ends_at
    # Starting again while it runs opens the same sitting, not a second one.
    client.post(_start_url(org), {"drill_set": exam.pk}, **EN)
    assert DrillSession.objects.count() == 1


# --- finding: exam secrecy --------------------------------------------------------------------------


def test_nothing_about_single_items_shows_while_the_sitting_runs(client, trainee, org, exam):
    exam.exam_review = ExamReview.FULL
    exam.save()
    client.force_login(trainee.user)
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    question = current_question(session=session)
    answered = client.post(
        reverse("drills:answer", args=[org.slug, question.pk]),
        form_data(question, correct=False),
        **HTMX,
        **EN,
    ).content.decode()
    assert "Answer recorded" in answered
    assert "Not right" not in answered
    assert "Correct answer" not in answered
    detail = client.get(reverse("drills:question", args=[org.slug, question.pk]), **EN).content.decode()
    assert "Not right" not in detail
    assert "data-feedback" not in detail
    result = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert 'data-exam-result="running"' in result
    assert "Not right" not in result
    assert "✗" not in result
    assert " ms" not in result
    index = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert "0 / 1 right" not in index
    assert "In progress" in index


def test_the_trainees_progress_does_not_move_while_a_sitting_runs(trainee, org, exam):
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    _answer(current_question(session=session), correct=False)
    rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee.user.pk)
    assert not SkillProgress.objects.filter(trainee=trainee.user).exists()
    exam_abandon(session=session)
    rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee.user.pk)
    assert SkillProgress.objects.get(trainee=trainee.user, skill="stub").attempts == 1


@pytest.mark.parametrize("review", [ExamReview.SCORE, ExamReview.FULL])
def test_after_the_sitting_the_trainee_sees_the_score_or_the_full_review_as_the_owner_chose(
    client, trainee, org, exam, review
):
    exam.exam_review = review
    exam.save()
    session = _sit(trainee, exam, right=3)
    assert session.outcome == Outcome.FINISHED
    client.force_login(trainee.user)
    result = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "3 / 4" in result
    last = session.questions.order_by("position").last()
    detail = client.get(reverse("drills:question", args=[org.slug, last.pk]), **EN).content.decode()
    if review == ExamReview.FULL:
        assert "✗ Not right" in result
        assert 'data-feedback="wrong"' in detail
    else:
        assert "✗ Not right" not in result
        assert "✓ Right" not in result
        assert "data-feedback" not in detail


def test_a_staff_member_sees_no_answers_of_a_running_sitting(client, instructor, trainee, org, exam):
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    _answer(current_question(session=session), correct=False)
    client.force_login(instructor.user)
    url = reverse("progress:trainee_detail", args=[org.slug, trainee.user.pk])
    assert "Not right" not in client.get(url, **EN).content.decode()
    page = client.get(reverse("progress:certificates", args=[org.slug]), **EN).content.decode()
    assert 'data-sitting-state="running"' in page


# --- sittings: abandoned, expired, allowance, cool-down --------------------------------------------


def test_an_abandoned_sitting_is_recorded_takes_no_more_answers_and_counts(client, trainee, org, exam):
    client.force_login(trainee.user)
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    _answer(current_question(session=session))
    pending = current_question(session=session)
    response = client.post(reverse("drills:abandon", args=[org.slug, session.pk]), **EN)
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.outcome == Outcome.ABANDONED
    assert session.finished_at is not None
    refused = client.post(reverse("drills:answer", args=[org.slug, pending.pk]), form_data(pending), **EN)
    assert refused.status_code == 409
    assert Attempt.objects.filter(session=session).count() == 1
    result = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "Abandoned" in result
    assert "Not passed" in result
    me = client.get(reverse("progress:me", args=[org.slug]), **EN).content.decode()
    assert 'data-sitting-state="abandoned"' in me


def test_an_answer_after_the_time_limit_is_refused_and_the_sitting_closes_as_it_stood(
    client, trainee, org, exam
):
    client.force_login(trainee.user)
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    for _ in range(3):
        _answer(current_question(session=session))
    question = current_question(session=session)
    DrillSession.objects.filter(pk=session.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    response = client.post(reverse("drills:answer", args=[org.slug, question.pk]), form_data(question), **EN)
    assert response.status_code == 409
    assert "The time for this sitting is up" in response.content.decode()
    session.refresh_from_db()
    assert session.outcome == Outcome.EXPIRED
    assert session.finished_at == session.ends_at
    assert not Attempt.objects.filter(question=question).exists()
    # 3 of 4 right meets the 75 % mark, but an expired sitting is not a pass.
    assert not Certificate.objects.exists()
    result = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "Expired" in result
    assert "3 / 4" in result
    assert "Not passed" in result


def test_the_sittings_allowed_are_a_limit_and_an_unfinished_sitting_counts(trainee, org, exam):
    exam.exam_max_sittings = 2
    exam.exam_cooldown_hours = 0
    exam.save()
    _sit(trainee, exam, right=0, answers=4)
    abandoned = _sit(trainee, exam, right=1, answers=1)
    exam_abandon(session=abandoned)
    with pytest.raises(ExamError) as refused:
        exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="t")
    assert refused.value.code == "no_sittings_left"


def test_inside_the_cool_down_a_new_sitting_is_refused_with_the_time_it_is_allowed(
    client, trainee, org, exam
):
    exam.exam_cooldown_hours = 24
    exam.save()
    client.force_login(trainee.user)
    failed = _sit(trainee, exam, right=1)
    response = client.post(_start_url(org), {"drill_set": exam.pk}, **EN)
    assert response.status_code == 409
    assert "The next sitting of this exam is allowed from" in response.content.decode()
    assert DrillSession.objects.count() == 1
    index = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert "Sittings used: 1 of 3" in index
    assert "next sitting from" in index
    later = failed.finished_at + timedelta(hours=24, seconds=1)
    assert exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="u", now=later)


def test_no_cool_down_follows_a_passed_sitting(trainee, org, exam):
    _sit(trainee, exam, right=4)
    assert exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="again")


# --- the certificate -------------------------------------------------------------------------------


def test_the_certificate_records_the_exam_the_sitting_the_marks_then_and_its_items(trainee, org, exam):
    session = _sit(trainee, exam, right=4)
    exam.pass_accuracy = 100
    exam.save()
    TrainingSettings.objects.create(organisation=org, exam_pass_accuracy=100)
    certificate = Certificate.objects.get(session=session)
    assert certificate.drill_set == exam
    assert certificate.taken_at == session.started_at
    assert certificate.pass_accuracy == 75
    assert certificate.accuracy == 100.0
    assert certificate.total_seconds == pytest.approx(4.0)
    assert [item["question"] for item in certificate.item_record] == list(
        session.questions.order_by("position").values_list("pk", flat=True)
    )
    assert all(item["correct"] for item in certificate.item_record)


def test_an_answer_replayed_after_the_sitting_changes_nothing(trainee, org, exam):
    session = _sit(trainee, exam, right=4)
    question = session.questions.first()
    replay = attempt_submit(question=question, given={})
    assert replay.created is False


def test_only_a_passing_finished_sitting_can_be_signed_off(client, owner, trainee, org, exam):
    exam.exam_cooldown_hours = 0
    exam.save()
    failed = _sit(trainee, exam, right=1)
    abandoned = _sit(trainee, exam, right=1, answers=1)
    exam_abandon(session=abandoned)
    passed = _sit(trainee, exam, right=4)
    client.force_login(owner.user)
    page = client.get(reverse("progress:certificates", args=[org.slug]), **EN).content.decode()
    assert page.count('action="/o/ginza/progress/certificates/exams/') == 1
    for session in (failed, abandoned):
        url = reverse("progress:certificate_sign", args=[org.slug, session.pk])
        assert client.post(url, **EN).status_code == 409
    url = reverse("progress:certificate_sign", args=[org.slug, passed.pk])
    assert client.post(url, **EN).status_code == 302
    assert Certificate.objects.get().signed_off_at is not None


def test_an_owner_revokes_a_certificate_with_a_reason_and_the_public_page_says_so(
    client, owner, instructor, trainee, org, exam
):
    session = _sit(trainee, exam, right=4)
    certificate = Certificate.objects.get(session=session)
    url = reverse("progress:certificate_revoke", args=[org.slug, certificate.pk])
    client.force_login(instructor.user)
    assert client.post(url, {"reason": "Cheating"}).status_code == 403
    client.force_login(owner.user)
    assert client.post(url, {"reason": "  "}, **EN).status_code == 422
    assert client.post(url, {"reason": "Sat with notes open"}, **EN).status_code == 302
    certificate.refresh_from_db()
    assert certificate.revoked_at is not None
    assert certificate.revoked_by == owner.user
    assert certificate.revoke_reason == "Sat with notes open"
    assert client.post(url, {"reason": "Again"}, **EN).status_code == 409
    client.logout()
    public = client.get(
        reverse("progress:certificate_verify", args=[certificate.code]), **EN
    ).content.decode()
    assert "Not valid: this certificate was revoked on" in public
    assert "Sat with notes open" not in public


def test_a_revoked_certificate_cannot_be_signed_off(client, owner, trainee, org, exam):
    session = _sit(trainee, exam, right=4)
    Certificate.objects.filter(session=session).update(revoked_at=timezone.now(), revoke_reason="x")
    client.force_login(owner.user)
    response = client.post(reverse("progress:certificate_sign", args=[org.slug, session.pk]), **EN)
    assert response.status_code == 409
    assert Certificate.objects.get().signed_off_at is None


def test_a_revoked_certificate_no_longer_counts_on_the_trainees_pages(client, trainee, org, exam):
    session = _sit(trainee, exam, right=4)
    client.force_login(trainee.user)
    me = reverse("progress:me", args=[org.slug])
    home = reverse("accounts:org_home", args=[org.slug])
    assert client.get(me).context["certificates_in_force"] == 1
    Certificate.objects.filter(session=session).update(revoked_at=timezone.now(), revoke_reason="x")
    assert client.get(me).context["certificates_in_force"] == 0
    assert client.get(home).context["panel"]["certificates_in_force"] == 0


# --- the owner's rules on the drill set form ---------------------------------------------------------


def test_only_an_owner_changes_how_an_exam_is_sat(client, owner, instructor, org, exam):
    url = reverse("scenarios:drill_set", args=[org.slug, exam.pk])
    data = {
        "title": exam.title,
        "description": "",
        "is_exam": "on",
        "pass_accuracy": 75,
        "exam_minutes": 5,
        "exam_max_sittings": 1,
        "exam_cooldown_hours": 2,
        "exam_review": "full",
    }
    client.force_login(instructor.user)
    page = client.get(url, **EN).content.decode()
    assert "Only an owner can change how the exam is sat." in page
    assert client.post(url, data, **EN).status_code == 302
    exam.refresh_from_db()
    assert (exam.exam_minutes, exam.exam_max_sittings, exam.exam_review) == (30, 3, "score")
    client.force_login(owner.user)
    assert client.post(url, data, **EN).status_code == 302
    exam.refresh_from_db()
    assert (exam.exam_minutes, exam.exam_max_sittings, exam.exam_cooldown_hours, exam.exam_review) == (
        5,
        1,
        2,
        "full",
    )
    assert client.post(url, {**data, "exam_minutes": 0}, **EN).status_code == 422


def test_a_trainee_of_another_organisation_cannot_abandon_a_sitting(client, trainee, org, exam):
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    stranger = MembershipFactory(organisation=org, role="trainee")
    client.force_login(stranger.user)
    assert client.post(reverse("drills:abandon", args=[org.slug, session.pk])).status_code == 404
    session.refresh_from_db()
    assert session.finished_at is None


def test_a_sitting_left_past_its_time_limit_counts_as_expired_before_anything_closes_it(trainee, org, exam):
    from dealer_training.drills.exams import sitting_status

    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="s")
    _answer(current_question(session=session))
    ends_at = timezone.now() - timedelta(minutes=1)
    DrillSession.objects.filter(pk=session.pk).update(ends_at=ends_at)
    status = sitting_status(drill_set=exam, trainee=trainee.user)
    assert status.running is None
    assert status.used == 1
    assert status.next_from == ends_at + timedelta(hours=exam.exam_cooldown_hours)
    with pytest.raises(ExamError, match="cooling_down"):
        exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="t")
    session.refresh_from_db()
    assert session.state == Outcome.EXPIRED
    assert current_question(session=session) is None  # opening it closes it
    session.refresh_from_db()
    assert session.outcome == Outcome.EXPIRED
    assert session.finished_at == ends_at


def test_an_exam_set_too_large_for_one_sitting_is_refused_with_a_message(client, trainee, org):
    from dealer_training.scenarios.models import MAX_DRILL_SET_QUESTIONS, DrillSetItem

    huge = DrillSet.objects.create(organisation=org, title="Too long", is_exam=True)
    DrillSetItem.objects.create(
        drill_set=huge, position=1, skill="stub", variant="F7S", count=MAX_DRILL_SET_QUESTIONS + 1
    )
    client.force_login(trainee.user)
    response = client.post(_start_url(org), {"drill_set": huge.pk}, **EN)
    assert response.status_code == 422
    assert "more questions than one session can hold" in response.content.decode()
    assert not DrillSession.objects.exists()
