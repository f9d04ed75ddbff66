"""Hostile scenario files: huge numbers, byte-order marks, other encodings, odd JSON. Each is a
clear per-file error (or a clean import), never a server error, and nothing is half-saved."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_training.scenarios.models import ImportJob, Scenario, ScenarioVersion
from tests.scenarios.factories import RAZZ_KINGS

GOOD = json.dumps(RAZZ_KINGS)


def _with(**changes):
    return json.dumps({**RAZZ_KINGS, **changes})


HOSTILE = {
    "float-overflow.json": GOOD.replace('"bring_in": 200', '"bring_in": 1e400'),
    "giant-int.json": GOOD.replace('"bring_in": 200', '"bring_in": ' + "9" * 5000),
    "negative-stack.json": _with(starting_stacks=[-1, 10000, 10000, 10000]),
    "nan.json": GOOD.replace('"bring_in": 200', '"bring_in": NaN'),
    "utf16.json": GOOD.encode("utf-16"),
    "latin1.json": json.dumps({**RAZZ_KINGS, "_title": "caf\u00e9"}, ensure_ascii=False).encode("latin-1"),
    "nul.json": GOOD.replace('"FR"', '"F\\u0000R"'),
    "list-of-junk.json": json.dumps([1, "x", None, {"variant": "FR"}]),
    "empty.json": "",
    "nul-title.json": _with(_title="Razz\u0000kings"),
    "nul-tag.json": _with(_tags=["a\u0000b"]),
    "huge-list.json": json.dumps({**RAZZ_KINGS, "antes": [100] * 100_000}),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_gets_a_clear_error_and_saves_nothing(
    login_as, instructor, org, name, django_capture_on_commit_callbacks
):
    client = login_as(instructor)
    content = HOSTILE[name]
    upload = SimpleUploadedFile(name, content if isinstance(content, bytes) else content.encode("utf-8"))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("scenarios:import", args=[org.slug]), {"file": upload})
    assert response.status_code < 500
    job = ImportJob.objects.order_by("-pk").first()
    if job is not None:
        results = job.results
        assert results, name
        assert all("error" in r for r in results), (name, results)
        page = client.get(reverse("scenarios:import_job", args=[org.slug, job.pk]))
        assert page.status_code == 200
        assert "Traceback" not in page.content.decode()
    assert not Scenario.objects.exists()
    assert not ScenarioVersion.objects.exists()


def test_a_byte_order_mark_before_good_json_is_accepted(
    login_as, instructor, org, django_capture_on_commit_callbacks
):
    client = login_as(instructor)
    upload = SimpleUploadedFile("bom.json", b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("scenarios:import", args=[org.slug]), {"file": upload})
    job = ImportJob.objects.get()
    assert [r.get("error") for r in job.results] == [None], job.results
    assert Scenario.objects.count() == 1


GOOD_BYTES = GOOD.encode("utf-8")


def _mutations():
    """Random bytes, random text, and a good scenario file with bytes cut, flipped or inserted."""
    mutated = st.tuples(
        st.integers(min_value=0, max_value=len(GOOD_BYTES) - 1),
        st.binary(min_size=0, max_size=8),
        st.booleans(),
    ).map(lambda t: GOOD_BYTES[: t[0]] + t[1] + GOOD_BYTES[t[0] + (1 if t[2] else 0) :])
    return st.one_of(st.binary(max_size=400), st.text(max_size=200).map(str.encode), mutated)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_mutations(), suffix=st.sampled_from([".json", ".phh", ".toml", ".zip", ".txt"]))
def test_random_and_mutated_files_never_crash_the_importer_and_bad_ones_save_nothing(
    login_as, instructor, org, django_capture_on_commit_callbacks, content, suffix
):
    client = login_as(instructor)
    before = Scenario.objects.count()
    upload = SimpleUploadedFile(f"fuzz{suffix}", content)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("scenarios:import", args=[org.slug]), {"file": upload})
    assert response.status_code < 500
    job = ImportJob.objects.order_by("-pk").first()
    if job is not None and all("error" in r for r in job.results):
        assert Scenario.objects.count() == before
