"""A change of the house rules lists the published scenarios whose answer it changes, before saving."""

import pytest

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.models import Scenario
from dealer_training.scenarios.rules_policy import Rules, answers_changed_by
from tests.accounts.test_house_rules import PRESET_FORM
from tests.drills.test_rules_policy import BY_POSITION, BY_SUIT, TIE_HAND

from .factories import make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
URL = "/o/ginza/scenarios/house-rules-check/"
ROBERT = {**PRESET_FORM, "ruleset": "robert-cash"}


@pytest.fixture
def tie(org, instructor):
    return make_scenario(org, document=TIE_HAND, title="Tied boards", user=instructor.user)


def test_the_affected_list_names_the_published_scenarios_following_the_house_rules_whose_answer_changes(
    org, instructor, tie
):
    make_scenario(org, title="Razz kings")  # a bring-in: the same under both rule sets
    make_scenario(org, document=TIE_HAND, title="Pinned tie", rules_pinned=True)
    make_scenario(org, document=TIE_HAND, title="Draft tie", status="draft")
    changed = answers_changed_by(org, Rules(ruleset="robert-cash", overrides={}))
    assert [item.scenario.title for item in changed] == ["Tied boards"]
    assert (changed[0].before["seat"], changed[0].after["seat"]) == (BY_SUIT, BY_POSITION)
    assert answers_changed_by(org, Rules(ruleset="tda-2024", overrides={})) == []


def test_checking_a_change_lists_the_scenarios_and_saves_nothing(login_as, owner, tie):
    response = login_as(owner).post(URL, ROBERT, **EN)
    assert response.status_code == 200
    page = response.content.decode()
    assert "This change changes the answer of 1 published scenario" in page
    assert f'data-impact-scenario="{tie.pk}"' in page
    assert "Pin it to the old rules" in page
    assert 'data-rules-checked="1"' in page  # how many scenarios the engine solved both ways
    assert Organisation.objects.get(slug="ginza").ruleset == "tda-2024"


def test_a_change_that_changes_no_answer_is_saved_at_once(login_as, owner, org):
    make_scenario(org, title="Razz kings")
    response = login_as(owner).post(URL, ROBERT)
    assert response.status_code == 302
    assert Organisation.objects.get(slug="ginza").ruleset == "robert-cash"


def test_saving_with_pin_keeps_the_old_answer_and_resolve_follows_the_new_rules(login_as, owner, org, tie):
    other = make_scenario(org, document=TIE_HAND, title="Another tie")
    data = {**ROBERT, "op": "save", f"choice_{tie.pk}": "pin", f"choice_{other.pk}": "resolve"}
    response = login_as(owner).post(URL, data)
    assert response.status_code == 302
    assert Organisation.objects.get(slug="ginza").ruleset == "robert-cash"
    tie.refresh_from_db()
    other.refresh_from_db()
    assert tie.rules_pinned
    assert tie.current_version.document["_ruleset"] == "tda-2024"
    assert not other.rules_pinned


def test_pinning_an_asked_version_makes_a_new_version_and_keeps_the_old_one(
    login_as, owner, org, tie, trainee
):
    from dealer_training.drills.services import current_question, session_start
    from dealer_training.scenarios.models import DrillSet

    from .factories import add_item

    Organisation.objects.filter(pk=org.pk).update(rule_overrides={"odd_chip": "rrop"})
    drill_set = DrillSet.objects.create(organisation=org, title="Tie")
    add_item(drill_set, scenario=tie)
    org.refresh_from_db()
    current_question(
        session=session_start(organisation=org, trainee=trainee.user, mode="practice", drill_set=drill_set)
    )
    first = tie.current_version
    data = {**ROBERT, "op": "save", f"choice_{tie.pk}": "pin"}
    assert login_as(owner).post(URL, data).status_code == 302
    tie.refresh_from_db()
    assert tie.current_version.number == first.number + 1
    assert tie.current_version.document["_rules"] == {"odd_chip": "rrop"}
    first.refresh_from_db()
    assert first.document == tie.versions.get(number=first.number).document


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        ({"op": "delete"}, 400),
        ({"op": "save", "choice_abc": "pin"}, 400),
        ({"op": "save", "choice_1": "burn"}, 400),
        ({"op": "save", "choice_999999": "pin"}, 409),  # not a scenario the owner was shown
        ({"op": "save"}, 409),  # the affected scenario was not decided
    ],
)
def test_bad_choices_are_refused_and_nothing_is_saved(login_as, owner, tie, extra, status):
    response = login_as(owner).post(URL, {**ROBERT, **extra}, **EN)
    assert response.status_code == status
    assert Organisation.objects.get(slug="ginza").ruleset == "tda-2024"
    assert not Scenario.objects.get(pk=tie.pk).rules_pinned


def test_invalid_house_rules_get_the_form_back_with_its_errors(login_as, owner):
    response = login_as(owner).post(URL, {**ROBERT, "big_bet": 1}, HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 422
    assert response.content.decode().lstrip().startswith('<form id="house-rules-form"')


def test_only_owners_may_check_or_save_a_change(client, login_as, instructor, trainee, tie):
    for membership in (instructor, trainee):
        assert login_as(membership).post(URL, {**ROBERT, "op": "save"}).status_code == 403
    client.logout()
    assert client.post(URL, ROBERT).status_code == 302  # to the login page
    assert Organisation.objects.get(slug="ginza").ruleset == "tda-2024"


def test_the_check_is_a_post_only_page(login_as, owner):
    assert login_as(owner).get(URL).status_code == 405
