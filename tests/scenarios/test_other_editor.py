"""The editor of the other games' scenarios: deal a hand from the engine, edit its fields, see the
table and the engine's answer, save and publish; engine errors on the field they concern."""

import re

import pytest
from django.urls import reverse

from dealer_training.scenarios.models import Scenario
from games.api import generate
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import make_scenario
from tests.scenarios.helpers import form_data as posted_lists

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
HTMX = {"HTTP_HX_REQUEST": "true"}

GAMES = [("NT", "min_raise", "holdem"), ("FCH", "round_result", "draw"), ("T10S", "next_reveal", "tenstud")]


def form_data(html, form_id, **changes):
    """The editor's fields as the browser posts them, one value per name."""
    return {k: v[0] if len(v) == 1 else v for k, v in posted_lists(html, form_id, **changes).items()}


def _new(org, game):
    return reverse("scenarios:other_create", args=[org.slug, game])


@pytest.mark.parametrize(("game", "kind", "skill"), GAMES)
def test_an_instructor_deals_edits_previews_and_publishes_a_scenario_of_each_other_game(
    login_as, instructor, org, game, kind, skill
):
    client = login_as(instructor)
    page = client.get(_new(org, game) + f"?kind={kind}", **EN)
    assert page.status_code == 200
    html = page.content.decode()
    assert f"otable--{game.lower()}" in html  # the drills' table, as the trainee sees it
    assert "Engine&#x27;s answer" in html or "Engine's answer" in html
    # Deal the hand of a known seed, then save it as the instructor's own.
    data = form_data(html, "editor", op="generate", **{"gen-kind": kind, "gen-seed": "17", "gen-focus": ""})
    dealt = client.post(_new(org, game), data, **EN, **HTMX)
    assert dealt.status_code == 200
    expected = generate(game=game, kind=kind, seed=17)
    data = form_data(
        dealt.content.decode(),
        "editor",
        op="publish",
        title=f"My {game}",
        tags="week 1, test",
        difficulty="3",
    )
    assert data["actions"].splitlines() == expected["actions"]
    response = client.post(_new(org, game), data, **EN)
    scenario = Scenario.objects.get(title=f"My {game}")
    assert response.status_code == 302
    assert response["Location"] == reverse("scenarios:other_edit", args=[org.slug, scenario.pk])
    assert (scenario.variant, scenario.skill, scenario.status, scenario.difficulty) == (
        game,
        skill,
        "published",
        3,
    )
    assert scenario.tags == ["week 1", "test"]
    version = scenario.current_version
    assert version.kind == kind
    assert version.document["actions"] == expected["actions"]
    # The stud editor's address sends the scenario to this editor, which shows it again.
    assert client.get(reverse("scenarios:edit", args=[org.slug, scenario.pk]))["Location"].endswith(
        f"/{scenario.pk}/game/"
    )
    again = client.get(reverse("scenarios:other_edit", args=[org.slug, scenario.pk]), **EN)
    assert again.status_code == 200
    assert f"My {game}" in again.content.decode()


def test_editing_a_stack_makes_a_new_answer_and_the_edit_is_saved(login_as, instructor, org):
    scenario = make_scenario(org, document=generate(game="NT", kind="pots", seed=3), title="Pots")
    client = login_as(instructor)
    url = reverse("scenarios:other_edit", args=[org.slug, scenario.pk])
    data = form_data(client.get(url, **EN).content.decode(), "editor")
    stacks = [int(s) for s in data["starting_stacks"].split(", ")]
    stacks[0] += 1000
    data["starting_stacks"] = ", ".join(str(s) for s in stacks)
    data["op"] = "save"
    response = client.post(url, data, **EN)
    assert response.status_code == 302
    scenario.refresh_from_db()
    assert scenario.current_version.document["starting_stacks"] == stacks
    assert scenario.revision == 2


def test_an_illegal_action_is_refused_on_the_actions_field_in_japanese(login_as, instructor, org):
    client = login_as(instructor)
    html = client.get(_new(org, "NT") + "?kind=min_raise", **JA).content.decode()
    dealt = client.post(
        _new(org, "NT"), form_data(html, "editor", op="generate", **{"gen-seed": "3"}), **JA, **HTMX
    )
    data = form_data(dealt.content.decode(), "editor")
    data["actions"] = data["actions"] + "\np1 cbr 999999999"
    data["op"] = "refresh"
    response = client.post(_new(org, "NT"), data, **JA, **HTMX)
    assert response.status_code == 200  # the live preview shows the refusal where it is
    assert client.post(_new(org, "NT"), data, **JA).status_code == 422  # a plain form post
    text = response.content.decode()
    errors = re.search(r'id="id_actions_error">(.*?)</ul>', text, re.S)
    assert errors is not None, text[-2000:]
    assert "行目" in errors.group(1)  # "line N" in Japanese, on the actions field
    assert Scenario.objects.count() == 0


def test_a_stack_that_is_not_a_number_is_a_field_error_and_nothing_is_saved(login_as, instructor, org):
    client = login_as(instructor)
    data = form_data(client.get(_new(org, "FCH"), **EN).content.decode(), "editor")
    data["starting_stacks"], data["op"], data["title"] = "lots", "save", "Broken"
    response = client.post(_new(org, "FCH"), data, **EN)
    assert response.status_code == 422
    assert "Write whole numbers separated by commas." in response.content.decode()
    assert Scenario.objects.count() == 0


def test_a_title_is_needed_to_save(login_as, instructor, org):
    client = login_as(instructor)
    data = form_data(client.get(_new(org, "T10S"), **EN).content.decode(), "editor")
    data["op"], data["title"] = "save", ""
    response = client.post(_new(org, "T10S"), data, **EN)
    assert response.status_code == 422
    assert "Give the scenario a title before saving." in response.content.decode()


def test_an_unknown_game_or_question_is_not_found(login_as, instructor, org):
    client = login_as(instructor)
    assert client.get(_new(org, "F7S")).status_code == 404
    assert client.get(_new(org, "XX")).status_code == 404
    assert client.get(_new(org, "NT") + "?kind=bring_in").status_code == 404


def test_the_other_editor_refuses_stud_scenarios_and_other_organisations(login_as, instructor, org):
    stud = make_scenario(org)
    elsewhere = make_scenario(OrganisationFactory(), document=generate(game="NT", kind="pots", seed=1))
    client = login_as(instructor)
    assert client.get(reverse("scenarios:other_edit", args=[org.slug, stud.pk])).status_code == 404
    assert client.get(reverse("scenarios:other_edit", args=[org.slug, elsewhere.pk])).status_code == 404
    assert client.post(reverse("scenarios:other_edit", args=[org.slug, elsewhere.pk]), {}).status_code == 404


def test_trainees_and_strangers_cannot_open_the_editor(client, login_as, trainee, org):
    url = _new(org, "NT")
    assert client.get(url).status_code == 302  # to the login page
    login_as(trainee)
    assert client.get(url).status_code == 403
    stranger = MembershipFactory(organisation=OrganisationFactory(), role="instructor")
    login_as(stranger)
    assert client.get(url).status_code == 404


def test_the_editor_takes_only_get_and_post(login_as, instructor, org):
    client = login_as(instructor)
    assert client.put(_new(org, "NT")).status_code == 405
    assert client.delete(_new(org, "NT")).status_code == 405


def test_a_garbage_post_is_a_4xx_never_a_500(login_as, instructor, org):
    client = login_as(instructor)
    for data in (
        {},
        {"op": "generate"},
        {"op": "generate", "gen-kind": "nope"},
        {"op": "save", "kind": "x"},
        {"op": "publish", "gen-seed": "-5", "starting_stacks": "1" * 400},
    ):
        response = client.post(_new(org, "NT"), data, **EN)
        assert 400 <= response.status_code < 500, (data, response.status_code)
