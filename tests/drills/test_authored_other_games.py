"""Authored scenarios of the other games in drill sets: the trainee gets the game's own table and
answer form, the engine judges, and the item appears in item analysis under its game."""

import pytest
from django.urls import reverse

from dealer_training.drills.models import Attempt, DrillSession, Question
from games.api import generate
from tests.scenarios.factories import DrillSetFactory, add_item, assign, make_scenario

from .conftest import EN, HTMX
from .helpers import form_data

OTHER = [("NT", "min_raise"), ("NT", "award"), ("FCH", "round_result"), ("T10S", "final_ranking")]


def _drill(client, org, drill_set):
    response = client.post(reverse("drills:start", args=[org.slug]), {"drill_set": drill_set.pk}, **EN)
    assert response.status_code == 302, response.content.decode()[-800:]
    return DrillSession.objects.filter(drill_set=drill_set).latest("pk")


@pytest.mark.parametrize("correct", [True, False])
@pytest.mark.parametrize(("game", "kind"), OTHER)
def test_an_authored_item_of_another_game_is_drilled_on_its_table_and_judged(
    client, org, trainee, game, kind, correct
):
    scenario = make_scenario(org, document=generate(game=game, kind=kind, seed=21), title="Authored")
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, scenario=scenario)
    assign(drill_set, trainee=trainee.user)
    client.force_login(trainee.user)
    session = _drill(client, org, drill_set)
    page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN)
    assert page.status_code == 200
    question = Question.objects.get(session=session)
    assert (question.variant, question.kind, question.scenario_version_id) == (
        game,
        kind,
        scenario.current_version.pk,
    )
    html = page.content.decode()
    assert f"otable--{game.lower()}" in html  # the game's own table, not the stud one
    response = client.post(
        reverse("drills:answer", args=[org.slug, question.pk]),
        form_data(question, correct=correct),
        **EN,
        **HTMX,
    )
    assert response.status_code == 200
    attempt = Attempt.objects.get(question=question)
    assert attempt.correct is correct
    assert attempt.scenario_version_id == scenario.current_version.pk
    assert f'data-feedback="{"right" if correct else "wrong"}"' in response.content.decode()


def test_an_authored_holdem_item_drilled_appears_in_item_analysis(client, org, trainee, instructor):
    scenario = make_scenario(org, document=generate(game="NT", kind="min_raise", seed=4), title="Min raise A")
    drill_set = DrillSetFactory(organisation=org)
    add_item(drill_set, scenario=scenario)
    client.force_login(trainee.user)
    session = _drill(client, org, drill_set)
    client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN)
    question = Question.objects.get(session=session)
    client.post(
        reverse("drills:answer", args=[org.slug, question.pk]), form_data(question, correct=False), **EN
    )
    client.force_login(instructor.user)
    listing = client.get(reverse("items:list", args=[org.slug]), **EN).content.decode()
    assert "Min raise A" in listing
    assert "The minimum raise" in listing  # the hold'em question by its name, not its code
    assert "min_raise" not in listing
    assert "Texas hold&#x27;em (no limit)" in listing
    detail = client.get(reverse("items:detail", args=[org.slug, scenario.pk]), **EN)
    assert detail.status_code == 200
    text = detail.content.decode()
    assert "Min raise A" in text
    # The wrong answer is written in words, field by field of the hold'em question.
    assert "min_raise_to" not in text


def test_practice_of_another_game_asks_the_rooms_published_scenarios_of_that_game_too(org, trainee, start):
    from dealer_training.drills.services import attempt_submit, current_question

    scenario = make_scenario(org, document=generate(game="NT", kind="min_raise", seed=9), title="Ours")
    make_scenario(org, document=generate(game="FCH", kind="round_result", seed=9), title="Other game")
    session = start(trainee, mode="practice", variant="NT", topic="min_raise", count=12, seed="fixed")
    asked = []
    while (question := current_question(session=session)) is not None:
        asked.append(question.scenario_version_id)
        assert (question.variant, question.kind) == ("NT", "min_raise")
        attempt_submit(question=question, given=question.expected["answer"])
    # Asked once (a session does not repeat a scenario while others are left), the rest generated.
    assert asked.count(scenario.current_version.pk) == 1
    assert asked.count(None) == 11


def test_an_exam_of_other_games_items_is_sat_and_scored(org, trainee):
    from dealer_training.drills.services import attempt_submit, current_question, exam_score, session_start

    drill_set = DrillSetFactory(organisation=org, is_exam=True, pass_accuracy=50)
    for game, kind in OTHER[:3]:
        add_item(drill_set, scenario=make_scenario(org, document=generate(game=game, kind=kind, seed=31)))
    session = session_start(organisation=org, trainee=trainee.user, mode="exam", drill_set=drill_set)
    games = []
    while (question := current_question(session=session)) is not None:
        games.append(question.variant)
        attempt_submit(question=question, given=question.expected["answer"])
    assert sorted(games) == ["FCH", "NT", "NT"]
    session.refresh_from_db()
    assert session.finished_at is not None
    score = exam_score(session=session)
    assert (score.items, score.correct, score.marks_met) == (3, 3, True)
