"""Bounded sizes: a drill set asks at most MAX_DRILL_SET_QUESTIONS questions (repeats counted),
an upload holds at most MAX_SCENARIOS_PER_IMPORT scenarios, and an upload over a limit is
refused whole; the staff lists are split into pages whose links keep the filters."""

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from dealer_training.drills.models import DrillSession
from dealer_training.scenarios import import_files, import_messages, imports
from dealer_training.scenarios.models import (
    MAX_DRILL_SET_QUESTIONS,
    DrillSet,
    DrillSetItem,
    ImportJob,
    Scenario,
)
from tests.scenarios.factories import RAZZ_KINGS, DrillSetFactory, add_item, fixture, make_scenario
from tests.scenarios.test_imports import _hand_history

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


@pytest.fixture
def upload(login_as, instructor, org, django_capture_on_commit_callbacks):
    client = login_as(instructor)

    def _upload(name, content, **options):
        data = {"file": SimpleUploadedFile(name, content), **options}
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("scenarios:import", args=[org.slug]), data, **EN)
        return ImportJob.objects.order_by("-pk").first()

    return _upload


# --- adding items -----------------------------------------------------------------------------------


def test_generated_questions_beyond_the_limit_are_refused_with_a_message(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", variant="F7S", count=100)
    add_item(drill_set, skill="antes", variant="F7S", count=99)
    client = login_as(instructor)
    url = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    response = client.post(url, {"kind": "topic", "skill": "stub", "variant": "F7S", "count": 2}, **HTMX)
    assert response.status_code == 422
    assert "at most 200 questions (repeats counted); this one asks 199, so 2 more do not fit" in (
        response.content.decode()
    )
    assert drill_set.items.count() == 2
    response = client.post(url, {"kind": "topic", "skill": "stub", "variant": "F7S", "count": 1}, **HTMX)
    assert response.status_code == 200
    assert sum(item.count for item in drill_set.items.all()) == MAX_DRILL_SET_QUESTIONS


def test_a_scenario_does_not_fit_into_a_full_drill_set(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", variant="F7S", count=100)
    add_item(drill_set, skill="antes", variant="F7S", count=100)
    scenario = make_scenario(org)
    client = login_as(instructor)
    url = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    response = client.post(url, {"kind": "scenario", "scenario": scenario.pk}, **EN)
    assert response.status_code == 422
    assert "so 1 more do not fit" in response.content.decode()
    assert not drill_set.items.filter(scenario=scenario).exists()


# --- imports ------------------------------------------------------------------------------------------


def _manifest_zip(items):
    manifest = {
        "format": imports.MANIFEST_FORMAT,
        "scenarios": [{"file": "kings.json"}],
        "drill_set": {"title": "Huge", "items": items},
    }
    return _zip({"manifest.json": json.dumps(manifest), "kings.json": json.dumps(RAZZ_KINGS)})


def test_an_import_whose_drill_set_is_too_large_is_refused_whole(upload, login_as, instructor, org):
    # The 2.8 kB upload that made a set of 30,000 questions: 300 items of 100 generated questions.
    items = [{"file": "kings.json"}] + [{"skill": "stub", "count": 100}] * 300
    job = upload("huge.zip", _manifest_zip(items))
    assert job.status == ImportJob.Status.FAILED
    assert job.results[0]["error"]["code"] == "drill_set_too_large"
    assert not DrillSet.objects.exists()
    assert not Scenario.objects.exists()
    page = login_as(instructor).get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN)
    assert "has 30,001 questions" in page.content.decode()


def test_an_import_whose_drill_set_fits_is_saved(upload):
    items = [{"file": "kings.json"}, {"skill": "stub", "count": 100}, {"skill": "antes", "count": 99}]
    job = upload("fits.zip", _manifest_zip(items))
    assert job.status == ImportJob.Status.DONE
    assert sum(item.count for item in DrillSet.objects.get().items.all()) == MAX_DRILL_SET_QUESTIONS


def test_an_import_over_the_scenario_limit_is_refused_whole_with_a_message(
    upload, login_as, instructor, org, monkeypatch
):
    monkeypatch.setattr(imports, "MAX_SCENARIOS_PER_IMPORT", 5)
    files = {f"{n}.json": json.dumps([RAZZ_KINGS] * 2) for n in range(3)}
    job = upload("six.zip", _zip(files))
    assert job.status == ImportJob.Status.FAILED
    assert job.results[0]["error"] == {"code": "import_too_many_scenarios", "params": {"limit": 5}}
    assert not Scenario.objects.exists()
    page = login_as(instructor).get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN)
    assert "more than 5 scenarios, so nothing was imported" in page.content.decode()
    job = upload("four.zip", _zip(dict(list(files.items())[:2])))
    assert job.status == ImportJob.Status.DONE
    assert Scenario.objects.count() == 4


def test_the_default_import_limit_is_two_thousand_scenarios():
    assert imports.MAX_SCENARIOS_PER_IMPORT == 2000
    assert MAX_DRILL_SET_QUESTIONS == 200
    problem = {"code": "import_too_many_scenarios", "params": {"limit": 2000}}
    with translation.override("en"):
        assert "more than 2,000 scenarios" in import_messages.problem_message(problem)
    with translation.override("ja"):
        assert "2,000件を超える" in import_messages.problem_message(problem)


def test_a_hand_walk_longer_than_a_drill_set_is_refused(upload, monkeypatch):
    monkeypatch.setattr(import_files, "MAX_DRILL_SET_QUESTIONS", 5)
    text = _hand_history(fixture("showdown-first-razz-last-aggressor"))
    job = upload("walk.toml", text.encode(), hand_walk="on")
    assert job.results[0]["error"]["code"] == "walk_too_long"
    assert not Scenario.objects.exists()
    assert not DrillSet.objects.exists()


# --- starting a session ------------------------------------------------------------------------------


def test_a_drill_set_made_before_the_limit_cannot_start_a_session_past_the_position_field(
    login_as, trainee, instructor, org
):
    # 33,000 questions: more than a small integer (Question.position, planned_count) holds.
    drill_set = DrillSetFactory(organisation=org)
    DrillSetItem.objects.bulk_create(
        DrillSetItem(drill_set=drill_set, position=n, skill="stub", variant="F7S", count=100)
        for n in range(1, 331)
    )
    staff_page = login_as(instructor).get(reverse("scenarios:drill_set", args=[org.slug, drill_set.pk]), **EN)
    assert "trainees cannot start it: remove items until it fits" in staff_page.content.decode()
    client = login_as(trainee)
    response = client.post(reverse("drills:start", args=[org.slug]), {"drill_set": drill_set.pk}, **EN)
    assert response.status_code == 422
    assert "more questions than one session can hold" in response.content.decode()
    assert not DrillSession.objects.exists()


def test_the_plan_size_counted_by_the_database_is_the_length_of_the_plan(org, instructor):
    from dealer_training.drills.selectors import drill_set_plan, drill_set_plan_size

    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, skill="stub", variant="F7S", count=7)
    add_item(drill_set, scenario=make_scenario(org))
    add_item(drill_set, scenario=make_scenario(org, status="draft"))
    add_item(drill_set, skill="antes", count=3)
    assert drill_set_plan_size(drill_set=drill_set) == len(drill_set_plan(drill_set=drill_set)) == 11
