"""Every task a request queues survives a broker that is down: the request succeeds, the task is kept
and sent once the broker is back (``dealer_training.queueing``)."""

from datetime import date

import pytest
from django.urls import reverse
from kombu.exceptions import OperationalError

from dealer_training.accounts.tasks import email_send
from dealer_training.infra.models import UnsentTask
from dealer_training.infra.tasks import send_unsent
from dealer_training.progress import exports
from dealer_training.progress.models import ExportJob
from dealer_training.progress.services import export_job_create
from dealer_training.progress.tasks import export_run
from dealer_training.scenarios.import_jobs import import_job_create
from dealer_training.scenarios.models import ImportJob
from dealer_training.scenarios.tasks import import_run


@pytest.fixture
def broker_down(monkeypatch):
    """Publishing any of ``tasks`` fails as it does when the broker refuses the connection."""

    def _down(*tasks):
        def refuse(*args, **kwargs):
            raise OperationalError("Error 111 connecting to the broker. Connection refused.")

        for task in tasks:
            monkeypatch.setattr(task, "apply_async", refuse)

    return _down


def test_a_password_reset_asked_while_the_broker_is_down_is_mailed_once_it_is_back(
    client, trainee, broker_down, django_capture_on_commit_callbacks, mailoutbox, monkeypatch
):
    real = email_send.apply_async
    broker_down(email_send)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("accounts:password_reset"), {"email": trainee.user.email})
    assert response.status_code == 302
    [kept] = UnsentTask.objects.all()
    assert kept.task == email_send.name
    assert kept.kwargs["to"] == [trainee.user.email]
    assert not mailoutbox
    monkeypatch.setattr(email_send, "apply_async", real)
    assert send_unsent.apply().get() == 1
    assert [m.to for m in mailoutbox] == [[trainee.user.email]]
    assert not UnsentTask.objects.exists()


def test_an_import_and_an_export_started_while_the_broker_is_down_are_kept_with_their_jobs(
    org, instructor, broker_down, django_capture_on_commit_callbacks
):
    broker_down(import_run, export_run)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_job_create(
            organisation=org, user=instructor.user, filename="a.json", payload=b"{}", options={}
        )
        exported = export_job_create(
            organisation=org,
            requested_by=instructor.user,
            filters=exports.ExportFilters(kind="attempts", start=date(2026, 1, 1), end=date(2026, 1, 31)),
        )
    assert ImportJob.objects.filter(pk=imported.pk).exists()
    assert ExportJob.objects.filter(pk=exported.pk).exists()
    kept = {(t.task, t.kwargs["job_id"]) for t in UnsentTask.objects.all()}
    assert kept == {(import_run.name, imported.pk), (export_run.name, exported.pk)}


def test_every_beat_entry_names_a_registered_task_the_unsent_tasks_sender_among_them(settings):
    from dealer_training.celery import app

    names = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert send_unsent.name in names
    assert names <= set(app.tasks)
