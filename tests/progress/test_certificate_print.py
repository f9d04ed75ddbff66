"""The certificate check page dates a certificate by its exam, with the sign-off as a second line,
and prints as one certificate page."""

from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import DrillSession

from .factories import CertificateFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
EXAM = datetime(2026, 3, 2, 10, 0, tzinfo=timezone.get_fixed_timezone(0))
SIGNED = datetime(2026, 3, 20, 10, 0, tzinfo=timezone.get_fixed_timezone(0))


def _signed(owner, trainee, **fields):
    certificate = CertificateFactory(
        organisation=trainee.organisation,
        trainee=trainee.user,
        signed_off_by=owner.user,
        signed_off_at=SIGNED,
        **fields,
    )
    DrillSession.objects.filter(pk=certificate.session_id).update(
        started_at=EXAM - timedelta(minutes=30), finished_at=EXAM
    )
    return certificate


def _page(client, certificate, lang=EN):
    response = client.get(reverse("progress:certificate_verify", kwargs={"code": certificate.code}), **lang)
    assert response.status_code == 200
    return response.content.decode()


def test_the_certificate_is_dated_by_its_exam_not_its_sign_off(client, owner, trainee):
    page = _page(client, _signed(owner, trainee))
    date_line = page.split("data-exam-date>", 1)[1].split("</dd>", 1)[0]
    assert "March 2, 2026" in date_line
    assert 'datetime="2026-03-02"' in date_line
    signed_line = page.split("data-signed-off>", 1)[1].split("</dd>", 1)[0]
    assert f"by {owner.user.display_name} on March 20, 2026" in signed_line


def test_a_certificate_whose_sitting_kept_no_end_is_dated_when_it_was_sat(client, owner, trainee):
    certificate = _signed(owner, trainee, taken_at=EXAM - timedelta(days=1))
    DrillSession.objects.filter(pk=certificate.session_id).update(finished_at=None)
    assert "March 1, 2026" in _page(client, certificate).split("data-exam-date>", 1)[1][:120]


def test_the_certificate_reads_in_japanese(client, owner, trainee):
    page = _page(client, _signed(owner, trainee), JA)
    assert "ディーラー認定証" in page
    assert "2026年3月2日" in page.split("data-exam-date>", 1)[1][:120]
    assert "試験「Stud exam」に合格したことを証明します。" in page


def test_the_page_offers_a_print_button_and_a_print_stylesheet(client, owner, trainee):
    page = _page(client, _signed(owner, trainee))
    assert "data-print" in page
    assert "js/print.js" in page
    assert "css/certificate.css" in page
    css = (Path(settings.BASE_DIR) / "static/css/certificate.css").read_text()
    assert "@media print" in css
    assert "size: A4" in css
    assert ".site-header" in css.split("@media print", 1)[1]
