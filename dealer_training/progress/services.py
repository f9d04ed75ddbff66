"""Writes of the progress pages: signing off a certificate."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.models import Certificate, DrillSession, Mode
from dealer_training.drills.services import new_certificate_code

from .selectors import exam_results, training_settings_for


class CertificateError(Exception):
    """A sign-off that cannot be done; ``code`` names why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@transaction.atomic
def certificate_sign_off(
    *, organisation: Organisation, session_id: int, by: User, default_title: str
) -> Certificate:
    """Sign off the certificate of a passed exam, recording it first if the exam has none yet.

    The exam is scored again here against the organisation's bars; a failed exam, or a
    certificate already signed off, is refused.
    """
    session = (
        DrillSession.objects.select_for_update(of=("self",))
        .select_related("drill_set")
        .filter(organisation=organisation, pk=session_id, mode=Mode.EXAM, finished_at__isnull=False)
        .first()
    )
    if session is None:
        raise CertificateError("no_exam")
    [result] = exam_results(
        sessions=[session], training=training_settings_for(organisation), default_title=default_title
    )
    if not result.passed:
        raise CertificateError("not_passed")
    certificate = Certificate.objects.select_for_update().filter(session=session).first()
    if certificate is None:
        certificate = Certificate.objects.create(
            organisation=organisation,
            trainee_id=session.trainee_id,
            session=session,
            drill_set=session.drill_set,
            title=result.title,
            accuracy=round(result.accuracy, 1),
            average_seconds=round(result.average_seconds or 0.0, 2),
            items=result.items,
            code=new_certificate_code(),
        )
    if certificate.signed_off_at is not None:
        raise CertificateError("already_signed")
    certificate.signed_off_by = by
    certificate.signed_off_at = timezone.now()
    certificate.save(update_fields=["signed_off_by", "signed_off_at"])
    return certificate
