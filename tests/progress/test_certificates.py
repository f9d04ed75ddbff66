"""Certification: exam results against the bars, sign-off by owners, the public check."""

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Certificate, Mode
from tests.factories import MembershipFactory

from .factories import (
    CertificateFactory,
    DrillSessionFactory,
    DrillSetFactory,
    TrainingSettingsFactory,
    add_attempts,
    series,
)

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _exam(membership, *, right, of, planned=None, seconds=5, blueprint=None):
    session = DrillSessionFactory(
        organisation=membership.organisation,
        trainee=membership.user,
        mode=Mode.EXAM,
        planned_count=planned or of,
        drill_set=blueprint,
    )
    results = [(i < right, seconds * 1000, t) for i, (_, _, t) in enumerate(series(of))]
    add_attempts(membership=membership, session=session, mode=Mode.EXAM, results=results)
    session.finished_at = timezone.now()
    session.save()
    return session


def sign_url(org, session):
    return reverse("progress:certificate_sign", kwargs={"org_slug": org.slug, "session_id": session.pk})


def page_url(org):
    return reverse("progress:certificates", kwargs={"org_slug": org.slug})


def test_exam_results_are_held_to_the_blueprint_bars_or_else_the_organisation_bars(
    login_as, instructor, trainee
):
    org = trainee.organisation
    TrainingSettingsFactory(organisation=org, exam_pass_accuracy=90, exam_pass_seconds=6)
    strict = DrillSetFactory(organisation=org, title="Strict exam", is_exam=True, pass_accuracy=95)
    _exam(trainee, right=9, of=10, blueprint=strict)  # 90 % < 95 %: not passed
    _exam(trainee, right=9, of=10)  # 90 % at the organisation's 90 %, 5 s under 6 s: passed
    _exam(trainee, right=10, of=10, seconds=7)  # too slow
    _exam(trainee, right=9, of=9, planned=12)  # three unanswered items count as wrong: 75 %
    page = login_as(instructor).get(page_url(org), **EN).content.decode()
    assert page.count("Passed") == 1
    assert page.count("Not passed") == 3
    assert "bar 95%" in page
    assert "bar 90%" in page
    assert "slower than the bar" in page
    assert "(9/12)" in page
    assert "Awaiting sign-off by an owner" in page  # instructors cannot sign


def test_an_owner_signs_off_a_passed_exam_and_the_certificate_is_recorded(login_as, owner, trainee):
    org = trainee.organisation
    session = _exam(trainee, right=19, of=20)
    response = login_as(owner).post(sign_url(org, session), **EN)
    assert response.status_code == 302
    certificate = Certificate.objects.get(session=session)
    assert certificate.signed_off_by == owner.user
    assert certificate.signed_off_at is not None
    assert (certificate.accuracy, certificate.items, certificate.trainee) == (95.0, 20, trainee.user)
    assert len(certificate.code) >= 20
    page = login_as(owner).get(page_url(org), **EN).content.decode()
    assert "Signed off" in page
    assert reverse("progress:certificate_verify", kwargs={"code": certificate.code}) in page


def test_signing_off_an_existing_certificate_keeps_its_code(login_as, owner, trainee):
    session = _exam(trainee, right=10, of=10)
    existing = CertificateFactory(organisation=trainee.organisation, trainee=trainee.user, session=session)
    login_as(owner).post(sign_url(trainee.organisation, session))
    existing.refresh_from_db()
    assert existing.signed_off_by == owner.user
    assert Certificate.objects.filter(session=session).count() == 1


def test_an_htmx_sign_off_redirects_the_page(login_as, owner, trainee):
    session = _exam(trainee, right=10, of=10)
    response = login_as(owner).post(sign_url(trainee.organisation, session), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == page_url(trainee.organisation)


def test_a_failed_exam_cannot_be_signed_off(login_as, owner, trainee):
    session = _exam(trainee, right=5, of=10)
    response = login_as(owner).post(sign_url(trainee.organisation, session), **EN)
    assert response.status_code == 409
    assert "did not meet the pass marks" in response.content.decode()
    assert not Certificate.objects.exists()


def test_a_certificate_is_signed_off_once(login_as, owner, trainee):
    session = _exam(trainee, right=10, of=10)
    client = login_as(owner)
    client.post(sign_url(trainee.organisation, session))
    first = Certificate.objects.get().signed_off_at
    response = client.post(sign_url(trainee.organisation, session), **EN)
    assert response.status_code == 409
    assert "already been signed off" in response.content.decode()
    assert Certificate.objects.get().signed_off_at == first


def test_instructors_and_trainees_may_not_sign_off(login_as, instructor, trainee):
    session = _exam(trainee, right=10, of=10)
    assert login_as(instructor).post(sign_url(trainee.organisation, session)).status_code == 403
    assert login_as(trainee).post(sign_url(trainee.organisation, session)).status_code == 403
    assert not Certificate.objects.exists()


def test_an_exam_of_another_organisation_or_unfinished_is_404(login_as, owner, other_org, trainee):
    foreign = _exam(MembershipFactory(organisation=other_org), right=10, of=10)
    assert login_as(owner).post(sign_url(owner.organisation, foreign)).status_code == 404
    unfinished = DrillSessionFactory(organisation=owner.organisation, trainee=trainee.user, mode=Mode.EXAM)
    assert login_as(owner).post(sign_url(owner.organisation, unfinished)).status_code == 404
    practice = _exam(trainee, right=10, of=10)
    practice.mode = Mode.PRACTICE
    practice.save()
    assert login_as(owner).post(sign_url(owner.organisation, practice)).status_code == 404


def test_sign_off_answers_only_post(login_as, owner, trainee):
    session = _exam(trainee, right=10, of=10)
    assert login_as(owner).get(sign_url(trainee.organisation, session)).status_code == 405


def test_anyone_can_check_a_certificate_by_its_code_and_sees_only_what_it_certifies(client, owner, trainee):
    trainee.user.name = "Hina Tanaka"
    trainee.user.save()
    certificate = CertificateFactory(
        organisation=trainee.organisation,
        trainee=trainee.user,
        title="Stud games dealer certification",
        signed_off_by=owner.user,
        signed_off_at=timezone.now(),
    )
    response = client.get(reverse("progress:certificate_verify", kwargs={"code": certificate.code}), **EN)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Valid" in page
    for shown in (
        "Hina Tanaka",
        "Ginza Card Room",
        "Stud games dealer certification",
        owner.user.display_name,
    ):
        assert shown in page
    assert trainee.user.email not in page  # nothing beyond the certificate itself
    assert "95%" not in page
    assert "95.0" not in page
    assert 'name="robots" content="noindex"' in page


def test_a_certificate_not_yet_signed_off_is_not_valid_yet(client, trainee):
    certificate = CertificateFactory(organisation=trainee.organisation, trainee=trainee.user)
    page = client.get(reverse("progress:certificate_verify", kwargs={"code": certificate.code}), **EN)
    assert "Not valid yet" in page.content.decode()


@pytest.mark.parametrize("code", ["nope", "x" * 40, "verify-code-000000"])
def test_an_unknown_code_says_so_with_404(client, db, code):
    response = client.get(reverse("progress:certificate_verify", kwargs={"code": code}), **EN)
    assert response.status_code == 404
    assert "No certificate has this code" in response.content.decode()


def test_the_check_page_answers_only_get(client, db):
    assert client.post(reverse("progress:certificate_verify", kwargs={"code": "abc"})).status_code == 405


def test_a_missing_page_of_exam_results_is_404(login_as, owner):
    assert login_as(owner).get(page_url(owner.organisation), {"page": 9}).status_code == 404
