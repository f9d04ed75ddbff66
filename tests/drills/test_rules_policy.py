"""Authored scenarios are asked under the house rules unless their author pinned their own."""

import json
from pathlib import Path

import pytest
from django.urls import reverse

from dealer_training.drills.services import current_question
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item, make_scenario

from .conftest import EN

# Stud, 6th street: seats 1 and 3 show the same board (Ac 8h Jc 4s / 9s 4h As Jd: ace-jack high,
# paired nothing). TDA 2024 RP-10 D breaks the tie by suit (seat 3, the ace of spades); Robert's
# Rules (RRoP 7CS-1) by position (seat 1, the first tied player to the dealer's left).
TIE = json.loads(
    (
        Path(__file__).resolve().parents[2]
        / "dealer_training/scenarios/fixtures/demo/06-next-action-sixth-street-tie-by-suit.json"
    ).read_text(encoding="utf-8")
)
TIE_HAND = {k: v for k, v in TIE.items() if k not in ("_title", "_notes", "_tags", "_skill", "_status")}
BY_SUIT, BY_POSITION = 3, 1


def _tie_question(org, instructor, start, trainee, *, pinned):
    scenario = make_scenario(
        org, document=TIE_HAND, title="Tied boards", user=instructor.user, rules_pinned=pinned
    )
    drill_set = DrillSet.objects.create(organisation=org, title="Tie")
    add_item(drill_set, scenario=scenario)
    org.ruleset = "robert-cash"
    org.save()
    session = start(trainee, drill_set=drill_set)
    return current_question(session=session)


def test_an_unpinned_authored_tie_is_judged_by_the_house_rules_after_they_change(
    org, instructor, trainee, start
):
    question = _tie_question(org, instructor, start, trainee, pinned=False)
    assert question.ruleset == "robert-cash"
    assert question.expected["answer"]["seat"] == BY_POSITION
    assert question.document["_ruleset"] == "robert-cash"
    assert "_rules_pinned" not in question.document


def test_a_pinned_authored_tie_is_judged_by_its_pinned_rules_whatever_the_house_rules(
    org, instructor, trainee, start
):
    question = _tie_question(org, instructor, start, trainee, pinned=True)
    assert question.ruleset == "tda-2024"
    assert question.expected["answer"]["seat"] == BY_SUIT
    assert question.document["_rules_pinned"] is True


def test_a_house_flag_override_reaches_an_unpinned_authored_scenario(org, instructor, trainee, start):
    scenario = make_scenario(org, document=TIE_HAND, title="Tied boards", user=instructor.user)
    drill_set = DrillSet.objects.create(organisation=org, title="Tie")
    add_item(drill_set, scenario=scenario)
    org.rule_overrides = {"tie_break_later_streets": {"F7S": "position"}}
    org.save()
    question = current_question(session=start(trainee, drill_set=drill_set))
    assert question.ruleset == "tda-2024"
    assert question.expected["answer"]["seat"] == BY_POSITION


@pytest.mark.parametrize(
    ("pinned", "shown"),
    [
        (False, "Rules: Robert&#x27;s Rules style (cash game) (house rules)"),
        (True, "Rules: TDA 2024 (tournament) (pinned by the author)"),
    ],
)
def test_the_question_page_says_whose_rules_the_question_is_asked_under(
    client, org, instructor, trainee, start, pinned, shown
):
    question = _tie_question(org, instructor, start, trainee, pinned=pinned)
    client.force_login(trainee.user)
    html = client.get(reverse("drills:play", args=[org.slug, question.session_id]), **EN).content.decode()
    assert shown in html
