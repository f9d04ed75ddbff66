"""A question asked where the hand stops at a point it does not fit is refused: on save in the
editor, with the reason at the question, and on import (the engine's kinds declare it)."""

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dealer_training.scenarios.models import ImportJob, Scenario
from tests.scenarios.factories import RAZZ_KINGS, make_scenario
from tests.scenarios.helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
AFTER_THIRD = [*RAZZ_KINGS["actions"], "p2 pb", "p3 cc", "p4 cc", "p1 cc"]
REASON = "The bring-in is asked once every player has a door card, before any action."


def test_a_bring_in_question_after_third_street_betting_is_refused_on_save(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("scenarios:create", args=[org.slug])
    html = client.get(url, **EN).content.decode()
    data = form_data(html, variant="FR", seats=[1, 3, 4, 6], action=AFTER_THIRD, kind="bring_in")
    html = client.post(url, data, **EN).content.decode()
    assert REASON in html
    response = client.post(url, form_data(html, op="save", title="Too late"), **EN)
    assert response.status_code == 422
    page = response.content.decode()
    assert "The scenario was not saved" in page
    assert REASON in page[page.index('class="form-errors"') :][:800]
    assert Scenario.objects.count() == 0


def test_a_bring_in_question_after_third_street_betting_is_refused_on_import(
    login_as, instructor, org, django_capture_on_commit_callbacks
):
    client = login_as(instructor)
    document = dict(RAZZ_KINGS, actions=AFTER_THIRD)
    upload = SimpleUploadedFile("late.json", json.dumps(document).encode())
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("scenarios:import", args=[org.slug]), {"file": upload}, **EN)
    job = ImportJob.objects.get()
    assert Scenario.objects.count() == 0
    page = client.get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN).content.decode()
    assert REASON in page


def test_a_bring_in_question_before_the_decision_still_saves(instructor, org):
    scenario = make_scenario(org, user=instructor.user, document=dict(RAZZ_KINGS))
    assert scenario.current_version is not None
