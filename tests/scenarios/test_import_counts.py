"""Each import keeps honest counts: scenarios saved, files skipped, files failed; an import that
saved nothing says it failed, never "Done"."""

import importlib
import io
import json
import zipfile

import pytest
from django.apps import apps as django_apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dealer_training.scenarios.import_messages import import_status
from dealer_training.scenarios.models import ImportJob
from tests.scenarios.factories import RAZZ_KINGS, fixture

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


@pytest.fixture
def upload(login_as, instructor, org, django_capture_on_commit_callbacks):
    client = login_as(instructor)

    def _upload(name, content):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(
                reverse("scenarios:import", args=[org.slug]),
                {"file": SimpleUploadedFile(name, content)},
                **EN,
            )
        return ImportJob.objects.order_by("-pk").first()

    return _upload


BAD = dict(RAZZ_KINGS, actions=[*RAZZ_KINGS["actions"], "p1 cbr 500"])  # seat 1 is not to act


def test_a_mixed_zip_counts_what_it_saved_skipped_and_failed(upload, login_as, instructor, org):
    job = upload(
        "mixed.zip",
        _zip(
            {
                "kings.json": json.dumps(RAZZ_KINGS),
                "stub.json": json.dumps(fixture("stub-eight-handed-two-fold-fifth")),
                "README.txt": "hello",
                "bad-1.json": json.dumps(BAD),
                "bad-2.json": "{not json",
            }
        ),
    )
    assert (job.saved_count, job.skipped_count, job.failed_count) == (2, 1, 2)
    assert job.status == "done"
    client = login_as(instructor)
    for url in (
        reverse("scenarios:import", args=[org.slug]),
        reverse("scenarios:import_job", args=[org.slug, job.pk]),
    ):
        assert "Done: 2 saved, 1 skipped, 2 failed" in client.get(url, **EN).content.decode()
    assert (
        "完了：2件保存、1件スキップ、2件失敗"
        in client.get(reverse("scenarios:import", args=[org.slug]), **JA).content.decode()
    )


def test_an_import_that_saved_nothing_failed(upload, login_as, instructor, org):
    job = upload("bad.json", json.dumps(BAD).encode())
    assert job.status == "failed"
    assert (job.saved_count, job.skipped_count, job.failed_count) == (0, 0, 1)
    page = login_as(instructor).get(reverse("scenarios:import", args=[org.slug]), **EN).content.decode()
    assert "Failed: nothing saved, 1 failed" in page
    assert "Done" not in page


def test_an_upload_of_no_scenario_file_failed(upload):
    job = upload("notes.txt", b"hello")
    assert job.status == "failed"
    assert (job.saved_count, job.skipped_count, job.failed_count) == (0, 1, 0)
    assert import_status(job) == "Failed: nothing saved, 1 skipped"


def test_a_refused_upload_counts_one_failure(upload):
    job = upload("broken.zip", b"PK\x03\x04 this is not really a zip")
    assert (job.status, job.saved_count, job.failed_count) == ("failed", 0, 1)


def test_counts_an_old_import_did_not_keep_show_a_dash(org):
    job = ImportJob.objects.create(
        organisation=org, filename="old.json", status="done", saved_count=None, skipped_count=None
    )
    assert import_status(job) == "Done: —"
    assert import_status(ImportJob(organisation=org, filename="x", status="running")) == "Running"


def test_the_migration_counts_finished_imports_from_their_results(org):
    migration = importlib.import_module("dealer_training.scenarios.migrations.0006_import_job_counts")
    nothing = ImportJob.objects.create(
        organisation=org,
        filename="a.zip",
        status="done",
        results=[
            {"file": "x.json", "ok": False, "error": {"code": "bad_json"}},
            {"file": "r.txt", "skipped": True},
        ],
    )
    some = ImportJob.objects.create(
        organisation=org,
        filename="b.zip",
        status="done",
        results=[{"file": "k.json", "ok": True, "scenarios": [1, 2]}, {"file": "manifest.json", "ok": True}],
    )
    set_only = ImportJob.objects.create(
        organisation=org, filename="c.zip", status="done", results=[{"file": "manifest.json", "ok": True}]
    )
    migration.counts_from_results(django_apps, None)
    nothing.refresh_from_db()
    some.refresh_from_db()
    set_only.refresh_from_db()
    assert (nothing.status, nothing.saved_count, nothing.skipped_count, nothing.failed_count) == (
        "failed",
        0,
        1,
        1,
    )
    assert (some.status, some.saved_count, some.skipped_count, some.failed_count) == ("done", 2, 0, 0)
    assert set_only.status == "done"
