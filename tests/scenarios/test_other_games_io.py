"""Scenarios of the other games (no-limit hold'em, Flush Code Hack, ten-card stud) saved,
imported and exported like the stud ones: the game is recognised, its skill is the game."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from dealer_training.scenarios import exports
from dealer_training.scenarios.models import ImportJob, Scenario
from games.api import generate, solve
from games.stud.phh import to_phh
from tests.scenarios.factories import make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

OTHER = [("NT", "min_raise", "holdem"), ("FCH", "showdown_winner", "draw"), ("T10S", "split", "tenstud")]


@pytest.fixture
def upload(login_as, instructor, org, django_capture_on_commit_callbacks):
    client = login_as(instructor)

    def _upload(name, content, **options):
        data = {"file": SimpleUploadedFile(name, content if isinstance(content, bytes) else content.encode())}
        data.update(options)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("scenarios:import", args=[org.slug]), data, **EN)
        return response, ImportJob.objects.order_by("-pk").first()

    return _upload


@pytest.mark.parametrize(("game", "kind", "skill"), OTHER)
def test_a_json_scenario_of_another_game_is_imported_with_the_game_as_its_skill(
    upload, org, game, kind, skill
):
    document = dict(generate(game=game, kind=kind, seed=11), _title="Imported", _skill="antes")
    response, job = upload("other.json", json.dumps(document))
    assert response.status_code == 302
    assert job.status == "done", job.results
    assert job.results[0].get("problem") is None, job.results
    scenario = Scenario.objects.get()
    assert (scenario.variant, scenario.skill, scenario.title) == (game, skill, "Imported")
    version = scenario.current_version
    assert version.kind == kind
    assert version.answer["answer"] == solve(document)["answer"]


@pytest.mark.parametrize(("game", "kind", "skill"), OTHER)
def test_export_then_import_of_another_game_gives_the_same_file(upload, org, game, kind, skill):
    original = make_scenario(org, document=generate(game=game, kind=kind, seed=5), title="Round trip")
    text = exports.scenario_json(original)
    assert json.loads(text)["variant"] == game
    assert json.loads(text)["_skill"] == skill
    Scenario.objects.all().delete()
    _response, job = upload("round.json", text)
    assert job.status == "done", job.results
    again = Scenario.objects.get()
    assert exports.scenario_json(again) == text


def test_the_export_view_serves_a_holdem_scenario_as_json(login_as, instructor, org):
    scenario = make_scenario(org, document=generate(game="NT", kind="pots", seed=3), title="Pots")
    client = login_as(instructor)
    response = client.get(
        reverse("scenarios:export_one", args=[org.slug, scenario.pk]) + "?format=json", **EN
    )
    assert response.status_code == 200
    assert (
        json.loads(b"".join(response.streaming_content) if response.streaming else response.content)[
            "variant"
        ]
        == "NT"
    )


def test_the_unknown_game_message_names_every_game():
    from dealer_training.scenarios.engine import message_for
    from games.core.errors import EngineError

    with translation.override("en"):
        text = message_for(EngineError("unknown_variant", "unknown game", path="variant"))
    assert all(code in text for code in ("F7S", "NT", "FCH", "T10S"))


def test_a_holdem_scenario_goes_out_as_phh_and_comes_back_the_same(upload, org):
    original = make_scenario(org, document=generate(game="NT", kind="award", seed=8), title="Showdown")
    text = exports.scenario_phh(original)
    assert 'variant = "NT"' in text
    Scenario.objects.all().delete()
    _response, job = upload("showdown.phh", text)
    assert job.status == "done", job.results
    again = Scenario.objects.get()
    assert (again.variant, again.skill, again.title) == ("NT", "holdem", "Showdown")
    assert exports.scenario_phh(again) == text
    assert exports.scenario_json(again) == exports.scenario_json(original)


def test_a_holdem_hand_history_without_a_question_is_asked_who_wins(upload, org):
    document = generate(game="NT", kind="award", seed=8)
    hand = {k: v for k, v in document.items() if not k.startswith("_")}
    _response, job = upload("history.phh", to_phh(hand))
    assert job.status == "done", job.results
    scenario = Scenario.objects.get()
    assert (scenario.variant, scenario.current_version.kind, scenario.title) == ("NT", "award", "history")


def test_a_broken_holdem_hand_history_is_refused_with_the_action_named(upload, org):
    document = generate(game="NT", kind="award", seed=8)
    hand = {k: v for k, v in document.items() if not k.startswith("_")}
    hand["actions"] = [*hand["actions"][:3], "p9 cbr 100"]
    _response, job = upload("broken.phh", to_phh(hand))
    assert Scenario.objects.count() == 0
    error = job.results[0]["error"]
    assert error["code"] == "engine"
    assert error["params"]["path"] == "actions[3]"


def test_a_drill_set_of_the_other_games_goes_out_in_a_zip_and_comes_back_as_a_drill_set(upload, org):
    from dealer_training.scenarios.models import DrillSet
    from tests.scenarios.factories import DrillSetFactory, add_item

    drill_set = DrillSetFactory(organisation=org, title="Mixed games")
    made = [
        make_scenario(org, document=generate(game=game, kind=kind, seed=2), title=f"{game} item")
        for game, kind, _skill in OTHER
    ]
    for scenario in made:
        add_item(drill_set, scenario=scenario)
    archive = exports.export_zip(made, encoding="json", drill_set=drill_set)
    DrillSet.objects.all().delete()
    Scenario.objects.all().delete()
    _response, job = upload("set.zip", archive)
    assert job.status == "done", job.results
    imported = DrillSet.objects.get()
    assert [item.scenario.variant for item in imported.items.order_by("position")] == ["NT", "FCH", "T10S"]
