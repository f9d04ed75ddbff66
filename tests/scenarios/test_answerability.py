"""A scenario is published only when trainees can work out its answer from the table they are
shown: the editor, the status buttons, imports and variations keep the others as drafts, and the
answerability page and ``manage.py check_answerable`` list the ones already saved."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from dealer_training.scenarios import imports
from dealer_training.scenarios.answerability import (
    ScenarioNotAnswerable,
    answerability_problems,
    problem_messages,
)
from dealer_training.scenarios.models import ImportJob, Scenario
from dealer_training.scenarios.services import scenario_save, scenario_set_status, scenario_vary
from tests.factories import OrganisationFactory
from tests.games.answerable_other_cases import POTS_WITH_BETTING_OPEN

from .factories import RAZZ_KINGS, make_scenario
from .helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
HTMX = {"HTTP_HX_REQUEST": "true"}

# Seat 1 bets on 7th street and the others fold: nobody tables, yet the question asks for seat 1's
# best hand, which rests on its three face-down cards.
LONE_HAND = {
    "variant": "F7S",
    "antes": [100, 100, 100],
    "bring_in": 200,
    "small_bet": 500,
    "big_bet": 1000,
    "starting_stacks": [10000, 10000, 10000],
    "actions": [
        "d dh p1 AsKs9h",
        "d dh p2 QdQc2d",
        "d dh p3 7h7c5s",
        "p2 pb",
        "p3 cc",
        "p1 cc",
        "d dh p1 Ah",
        "d dh p2 3c",
        "d dh p3 8d",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d dh p1 Kd",
        "d dh p2 4h",
        "d dh p3 9c",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d dh p1 2s",
        "d dh p2 6h",
        "d dh p3 Td",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d dh p1 Ac",
        "d dh p2 Jh",
        "d dh p3 3s",
        "p1 cbr 1000",
        "p2 f",
        "p3 f",
    ],
    "_ruleset": "tda-2024",
    "_question": {"kind": "best_hands", "seats": [1]},
}
SEAT_1_EN = "face-down cards of seat 1"
SEAT_1_JA = "1番席の伏せ札"


def test_the_lone_hand_fails_the_check_and_the_razz_kings_pass(db):
    (problem,) = answerability_problems(LONE_HAND)
    assert problem.code == "hidden_cards"
    assert SEAT_1_EN in problem.message("en")
    assert answerability_problems(RAZZ_KINGS) == ()


# --- the services ------------------------------------------------------------------------------


def test_a_hold_em_pots_question_with_the_betting_round_open_is_refused_with_the_reason(db):
    (problem,) = answerability_problems(POTS_WITH_BETTING_OPEN)
    assert problem.code == "betting_open"
    assert problem_messages([problem], "en") == [problem.message("en")]
    assert "ラウンドが終わってから" in problem_messages([problem], "ja")[0]


def test_publishing_an_unanswerable_scenario_is_refused_and_saves_nothing(org):
    with pytest.raises(ScenarioNotAnswerable) as refused:
        scenario_save(organisation=org, user=None, document=LONE_HAND, title="Lone", status="published")
    assert SEAT_1_EN in refused.value.messages("en")[0]
    assert not Scenario.objects.exists()
    draft = scenario_save(organisation=org, user=None, document=LONE_HAND, title="Lone", status="draft")
    assert draft.status == "draft"


def test_the_status_button_cannot_publish_it_and_an_edit_cannot_make_a_published_one_unanswerable(org):
    draft = make_scenario(org, document=LONE_HAND, status="draft")
    with pytest.raises(ScenarioNotAnswerable):
        scenario_set_status(scenario=draft, status="published")
    draft.refresh_from_db()
    assert draft.status == "draft"

    published = make_scenario(org, title="Kings", status="published")
    with pytest.raises(ScenarioNotAnswerable):
        scenario_save(organisation=org, user=None, document=LONE_HAND, title="Kings", scenario=published)
    published.refresh_from_db()
    assert published.status == "published"
    assert published.current_version.document["actions"] == RAZZ_KINGS["actions"]


def test_variations_asked_to_be_published_stay_drafts_when_the_table_does_not_give_the_answer(org):
    lone = make_scenario(org, document=LONE_HAND, title="Lone", status="draft")
    made = scenario_vary(scenario=lone, user=None, count=2, changes=["seats"], seed=1, publish=True)
    assert made
    assert {s.status for s in made} == {"draft"}
    kings = make_scenario(org, title="Kings", status="published")
    made = scenario_vary(scenario=kings, user=None, count=2, changes=["suits"], seed=1, publish=True)
    assert made
    assert {s.status for s in made} == {"published"}


# --- the editor ----------------------------------------------------------------------------------


def test_the_editor_shows_why_and_refuses_to_publish_but_saves_a_draft(login_as, instructor, org):
    scenario = make_scenario(org, document=LONE_HAND, title="Lone hand", status="draft")
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    assert 'data-answerability="fails"' in html
    assert SEAT_1_EN in html

    response = client.post(url, form_data(html, op="publish"), **EN)
    assert response.status_code == 422
    page = response.content.decode()
    assert "Not published: trainees cannot work out the answer from the table" in page
    assert SEAT_1_EN in page
    scenario.refresh_from_db()
    assert scenario.status == "draft"
    assert scenario.revision == 1

    response = client.post(url, form_data(html, op="save", title="Lone hand, kept"), **EN)
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert (scenario.title, scenario.status) == ("Lone hand, kept", "draft")


def test_the_editor_says_it_in_japanese(login_as, instructor, org):
    scenario = make_scenario(org, document=LONE_HAND, title="Lone hand", status="draft")
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **JA).content.decode()
    response = client.post(url, form_data(html, op="publish"), **JA)
    assert response.status_code == 422
    assert SEAT_1_JA in response.content.decode()


HEADS_UP = {k: v for k, v in LONE_HAND.items() if k not in ("actions", "_question")}
HEADS_UP.update(antes=[100, 100], starting_stacks=[10000, 10000])
# Checked down to 7th street, seat 2 bets and seat 1 calls; then both hands are shown: the order
# of the showdown is already in the history.
SHOWN_ACTIONS = [
    "d dh p1 QdQc2d", "d dh p2 AsKs9h", "p1 pb", "p2 cc",
    "d dh p1 3c", "d dh p2 Ah", "p2 cc", "p1 cc",
    "d dh p1 4h", "d dh p2 Kd", "p2 cc", "p1 cc",
    "d dh p1 6h", "d dh p2 2s", "p2 cc", "p1 cc",
    "d dh p1 Jh", "d dh p2 3s", "p2 cbr 1000", "p1 cc",
    "p2 sm AsKs9hAhKd2s3s", "p1 sm QdQc2d3c4h6hJh",
]  # fmt: skip
SHOWN = {**HEADS_UP, "actions": SHOWN_ACTIONS, "_question": {"kind": "showdown_first"}}
# Seat 1 brought in and seat 2 completed: seat 1 still has to act, so the pots are not settled.
PENDING = {
    **HEADS_UP,
    "actions": ["d dh p1 QdQc2d", "d dh p2 AsKs9h", "p1 pb", "p2 cbr 500"],
    "_question": {"kind": "pots"},
}


@pytest.mark.parametrize(
    ("document", "reason_en", "reason_ja"),
    [
        (SHOWN, "the order of the showdown is in the history", "ショーダウンで見せる順番は履歴に出ています"),
        (PENDING, "seat 1 still has to act, so the pots are not settled", "1番席のアクションが残っている"),
    ],
    ids=["showdown-order-tabled", "pots-bet-pending"],
)
def test_a_question_whose_answer_is_in_the_history_or_not_settled_is_not_published(
    login_as, instructor, org, document, reason_en, reason_ja
):
    with pytest.raises(ScenarioNotAnswerable) as refused:
        scenario_save(organisation=org, user=None, document=document, title="Early", status="published")
    assert reason_en in refused.value.messages("en")[0]
    assert not Scenario.objects.exists()

    scenario = make_scenario(org, document=document, title="Asked too late", status="draft")
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    assert 'data-answerability="fails"' in html
    response = client.post(url, form_data(html, op="publish"), **EN)
    assert response.status_code == 422
    assert reason_en in response.content.decode()
    response = client.post(url, form_data(client.get(url, **JA).content.decode(), op="publish"), **JA)
    assert response.status_code == 422
    assert reason_ja in response.content.decode()
    scenario.refresh_from_db()
    assert scenario.status == "draft"


def test_an_answerable_scenario_shows_no_warning_and_publishes(login_as, instructor, org):
    scenario = make_scenario(org, status="draft")
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    assert "data-answerability" not in html
    assert client.post(url, form_data(html, op="publish"), **EN).status_code == 302
    scenario.refresh_from_db()
    assert scenario.status == "published"


def test_the_status_button_refuses_with_the_reason_on_the_editor(login_as, instructor, org):
    scenario = make_scenario(org, document=LONE_HAND, title="Lone hand", status="draft")
    client = login_as(instructor)
    status_url = reverse("scenarios:status", args=[org.slug, scenario.pk])
    response = client.post(status_url, {"status": "published", "revision": scenario.revision}, **EN)
    assert response.status_code == 303
    assert response["Location"] == reverse("scenarios:edit", args=[org.slug, scenario.pk])
    page = client.get(response["Location"], **EN).content.decode()
    assert "“Lone hand” is not published" in page
    assert SEAT_1_EN in page
    response = client.post(status_url, {"status": "published"}, **EN, **HTMX)
    assert response["HX-Redirect"] == reverse("scenarios:edit", args=[org.slug, scenario.pk])
    scenario.refresh_from_db()
    assert scenario.status == "draft"


# --- imports -------------------------------------------------------------------------------------


def _import(org, instructor, files, *, publish):
    job = ImportJob.objects.create(
        organisation=org,
        created_by=instructor.user,
        filename="upload.json" if len(files) == 1 else "upload.zip",
        payload=_payload(files),
        options={"publish": publish, "language": "en"},
    )
    return imports.run(job)


def _payload(files):
    if len(files) == 1:
        return next(iter(files.values()))
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_an_import_that_publishes_keeps_an_unanswerable_scenario_as_a_draft_and_says_why(
    login_as, instructor, org
):
    data = json.dumps([{**RAZZ_KINGS, "_title": "Kings"}, {**LONE_HAND, "_title": "Lone"}]).encode()
    job = _import(org, instructor, {"two.json": data}, publish=True)
    (result,) = job.results
    assert result["ok"] is True
    assert len(result["scenarios"]) == 2
    assert dict(Scenario.objects.values_list("title", "status")) == {"Kings": "published", "Lone": "draft"}
    (held,) = result["unanswerable"]
    assert held["title"] == "Lone"
    assert held["problems"][0]["code"] == "hidden_cards"

    page = login_as(instructor).get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN)
    html = page.content.decode()
    assert "Kept as drafts, not published: trainees cannot work out the answer from the table." in html
    assert SEAT_1_EN in html
    assert reverse("scenarios:edit", args=[org.slug, held["scenario"]]) in html


def test_an_import_of_drafts_warns_that_they_cannot_be_published_yet(login_as, instructor, org):
    job = _import(
        org,
        instructor,
        {"lone.json": json.dumps(LONE_HAND).encode(), "kings.json": json.dumps(RAZZ_KINGS).encode()},
        publish=False,
    )
    by_file = {r["file"]: r for r in job.results}
    assert "unanswerable" not in by_file["kings.json"]
    assert by_file["lone.json"]["unanswerable"][0]["problems"][0]["params"]["seats"] == [1]
    html = login_as(instructor).get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN)
    assert "These drafts cannot be published yet" in html.content.decode()


# --- the list of scenarios that fail -------------------------------------------------------------


def test_the_answerability_page_lists_the_scenarios_that_fail_with_the_reason(login_as, instructor, org):
    make_scenario(org, title="Kings", status="published")
    lone = make_scenario(org, document=LONE_HAND, title="Lone hand", status="draft")
    make_scenario(org, document=LONE_HAND, title="Old lone hand", status="archived")
    other = OrganisationFactory(slug="elsewhere")
    make_scenario(other, document=LONE_HAND, title="Their lone hand", status="draft")

    url = reverse("scenarios:answerability", args=[org.slug])
    html = login_as(instructor).get(url, **EN).content.decode()
    assert 'data-unanswerable="1"' in html
    assert reverse("scenarios:edit", args=[org.slug, lone.pk]) in html
    assert SEAT_1_EN in html
    assert "2 scenarios checked" in html
    assert "Kings" not in html.split('data-unanswerable="1"', 1)[1]
    assert "Old lone hand" not in html
    assert "Their lone hand" not in html
    assert (
        f'href="{url}"'
        in login_as(instructor).get(reverse("scenarios:list", args=[org.slug])).content.decode()
    )


def test_the_answerability_page_is_for_staff_only(login_as, trainee, org):
    assert login_as(trainee).get(reverse("scenarios:answerability", args=[org.slug])).status_code == 403


def test_the_command_lists_the_scenarios_that_fail_in_english_or_japanese(org):
    make_scenario(org, title="Kings", status="published")
    lone = make_scenario(org, document=LONE_HAND, title="Lone hand", status="draft")
    other = OrganisationFactory(slug="elsewhere")
    theirs = make_scenario(other, document=LONE_HAND, title="Their lone hand", status="draft")

    out = io.StringIO()
    call_command("check_answerable", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[-1] == "2 of 3 scenarios cannot be worked out from the table."
    assert any(
        line.startswith(f"ginza #{lone.pk} 'Lone hand' (draft): ") and SEAT_1_EN in line for line in lines
    )
    assert any(line.startswith(f"elsewhere #{theirs.pk}") for line in lines)

    out = io.StringIO()
    call_command("check_answerable", "--org", "ginza", "--language", "ja", stdout=out)
    text = out.getvalue()
    assert SEAT_1_JA in text
    assert "elsewhere" not in text
    assert text.splitlines()[-1] == "1 of 2 scenarios cannot be worked out from the table."

    with pytest.raises(SystemExit) as failed:
        call_command("check_answerable", "--fail", stdout=io.StringIO())
    assert failed.value.code == 1


def test_the_command_refuses_an_unknown_organisation(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="No organisation"):
        call_command("check_answerable", "--org", "nowhere", stdout=io.StringIO())
