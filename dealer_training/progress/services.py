"""Writes of the progress pages: starting an export job, signing off and revoking a certificate."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.exams import exam_record
from dealer_training.drills.models import Certificate, DrillSession, Mode
from dealer_training.queueing import send_on_commit

from .exports import EXPORT_DIR, ExportFilters
from .models import ExportJob
from .selectors import exam_results, training_settings_for
from .tasks import export_run


@transaction.atomic
def export_job_create(*, organisation: Organisation, requested_by: Any, filters: ExportFilters) -> ExportJob:
    """Record a job and queue its task once the job row is committed (the task runs it through
    ``exports``, which knows nothing of the task)."""
    job = ExportJob.objects.create(
        organisation=organisation,
        requested_by=requested_by,
        kind=filters.kind,
        params=filters.to_params(),
        # The file name is fixed now, so a repeated run replaces the same file.
        file=f"{EXPORT_DIR}/{organisation.pk}/{secrets.token_urlsafe(16)}/{filters.filename(organisation)}",
    )
    send_on_commit(export_run, job_id=job.pk)
    # The file field names the destination; the job shows a download only when done.
    return job


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

    The sitting is scored again here against the pass marks in force when it was sat; a sitting
    that failed, was abandoned or expired, or a certificate already signed off or revoked, is refused.
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
        certificate = exam_record(session=session, default_title=default_title)
        assert certificate is not None  # scored as passed just above
    if certificate.revoked_at is not None:
        raise CertificateError("revoked")
    if certificate.signed_off_at is not None:
        raise CertificateError("already_signed")
    certificate.signed_off_by = by
    certificate.signed_off_at = timezone.now()
    certificate.save(update_fields=["signed_off_by", "signed_off_at"])
    return certificate


REVOKE_REASON_MAX = 500


@transaction.atomic
def certificate_revoke(
    *, organisation: Organisation, certificate_id: int, by: User, reason: str
) -> Certificate:
    """Withdraw a certificate: its verification page says from when; who and why are recorded."""
    certificate = (
        Certificate.objects.select_for_update().filter(organisation=organisation, pk=certificate_id).first()
    )
    if certificate is None:
        raise CertificateError("no_certificate")
    reason = reason.strip()
    if not reason or len(reason) > REVOKE_REASON_MAX:
        raise CertificateError("reason_needed")
    if certificate.revoked_at is not None:
        raise CertificateError("already_revoked")
    certificate.revoked_at = timezone.now()
    certificate.revoked_by = by
    certificate.revoke_reason = reason
    certificate.save(update_fields=["revoked_at", "revoked_by", "revoke_reason"])
    return certificate
