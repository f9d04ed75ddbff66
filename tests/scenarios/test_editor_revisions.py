"""The editor's optimistic lock: an edit carries the revision it started from, previews never
move it, and a save against a newer revision is refused (409) with both versions side by side."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from dealer_training.accounts.models import Role
from dealer_training.scenarios.models import Scenario
from tests.factories import MembershipFactory
from tests.scenarios.factories import make_scenario
from tests.scenarios.helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "editor", **EN}


@pytest.fixture
def scenario(org):
    return make_scenario(org)


@pytest.fixture
def url(org, scenario):
    return reverse("scenarios:edit", args=[org.slug, scenario.pk])


@pytest.fixture
def other_instructor(org):
    client = Client()
    client.force_login(MembershipFactory(organisation=org, role=Role.INSTRUCTOR).user)
    return client


def _side(html, side):
    match = re.search(rf'<section class="conflict__side[^"]*" data-side="{side}">(.*?)</section>', html, re.S)
    assert match, f"no {side} side in the page"
    return match.group(1)


def test_a_preview_round_trip_keeps_the_revision_the_edit_started_from(
    login_as, instructor, other_instructor, scenario, url
):
    page = login_as(instructor).get(url, **EN).content.decode()
    started = form_data(page)["revision"]
    other_instructor.post(url, form_data(page, op="save", title="Saved by B"), **EN)
    scenario.refresh_from_db()
    assert [str(scenario.revision)] != started

    client = login_as(instructor)
    for op in ("refresh", "act:p2 cbr 500"):
        response = client.post(url, form_data(page, op=op, title="Typed by A"), **HTMX)
        assert response.status_code == 200
        assert form_data(response.content.decode())["revision"] == started
        response = client.post(url, form_data(page, op=op, title="Typed by A"), **EN)
        assert form_data(response.content.decode())["revision"] == started


def test_a_save_after_previews_over_someone_elses_save_is_refused_with_both_versions(
    login_as, instructor, other_instructor, scenario, url
):
    client = login_as(instructor)
    page = client.get(url, **EN).content.decode()
    theirs = other_instructor.get(url, **EN).content.decode()
    response = other_instructor.post(
        url, form_data(theirs, op="save", title="Saved by B", notes="B's note", stack_1="777"), **EN
    )
    assert response.status_code == 302

    # A keeps editing: the preview round trip answers with the state A posted, not B's revision.
    preview = client.post(url, form_data(page, op="refresh", title="Saved by A"), **HTMX).content.decode()
    response = client.post(url, form_data(preview, op="save", title="Saved by A", notes="A's note"), **HTMX)

    assert response.status_code == 409
    html = response.content.decode()
    theirs_side, yours_side = _side(html, "theirs"), _side(html, "yours")
    assert "Saved by B" in theirs_side
    assert "B&#x27;s note" in theirs_side
    assert "777" in theirs_side
    assert "Saved by A" in yours_side
    assert "A&#x27;s note" in yours_side
    assert "777" not in yours_side
    for side in (theirs_side, yours_side):
        assert "Seat 1" in side
        assert "Razz" in html
        assert 'class="conflict__actions"' in side  # the hand in words on both sides
        assert "answer__lines" in side  # and the engine's answer
    assert form_data(html)["title"] == ["Saved by A"]  # the draft is still on the page
    scenario.refresh_from_db()
    assert scenario.title == "Saved by B"


def test_keep_mine_saves_the_draft_over_the_version_shown_and_nothing_newer(
    login_as, instructor, other_instructor, scenario, url
):
    client = login_as(instructor)
    page = client.get(url, **EN).content.decode()
    theirs = other_instructor.get(url, **EN).content.decode()
    other_instructor.post(url, form_data(theirs, op="save", title="Saved by B"), **EN)
    refused = client.post(url, form_data(page, op="save", title="Saved by A"), **EN).content.decode()

    # Editing on: the comparison stays, with the draft as it is now.
    preview = client.post(url, form_data(refused, op="refresh", notes="Still mine"), **HTMX).content.decode()
    assert "Saved by B" in _side(preview, "theirs")
    assert "Still mine" in _side(preview, "yours")

    # A plain save from the refused page is still refused; "Keep mine and save" is deliberate.
    assert client.post(url, form_data(refused, op="save"), **EN).status_code == 409
    response = client.post(url, form_data(refused, op="save_over"), **EN)
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.title == "Saved by A"

    # Someone saving again after the comparison was shown: keeping mine is refused again.
    Scenario.objects.filter(pk=scenario.pk).update(revision=scenario.revision + 1)
    assert client.post(url, form_data(refused, op="save_over"), **EN).status_code == 409


def test_a_save_from_the_current_revision_is_saved(login_as, instructor, scenario, url):
    client = login_as(instructor)
    page = client.get(url, **EN).content.decode()
    preview = client.post(url, form_data(page, op="refresh", title="New title"), **HTMX).content.decode()
    response = client.post(url, form_data(preview, op="save"), **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"].endswith(f"/scenarios/{scenario.pk}/")
    page = client.get(url, **EN).content.decode()
    response = client.post(url, form_data(page, op="save", title="Newer title"), **EN)
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.title == "Newer title"
    assert scenario.revision == 3
