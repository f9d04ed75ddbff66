"""Celery entry points of the accounts app."""

from celery import shared_task
from django.core.mail import send_mail


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def email_send(*, subject: str, body: str, to: list[str], from_email: str | None = None) -> int:
    """Send one plain-text mail; retried when the mail server is unreachable."""
    return send_mail(subject, body, from_email, to)
