import pytest
from django.core.exceptions import ValidationError
from django.utils.translation import override

from dealer_training.accounts.house_rules import FLAGS, describe_rules, validate_rule_overrides
from dealer_training.accounts.models import Organisation

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
# The house-rules form posts to the check of the change (the scenarios whose answer it changes
# are listed before saving; with none, it saves at once): the page itself only shows the form.
SAVE_URL = "/o/ginza/scenarios/house-rules-check/"

STRUCTURE = {"ante": 100, "bring_in": 200, "small_bet": 500, "big_bet": 1000, "max_bets": 5, "min_chip": 100}
PRESET_FORM = {
    "ruleset": "tda-2024",
    "tie_break_f7s": "",
    "tie_break_fr": "",
    "tie_break_f7s_8": "",
    "fourth_street_double_on_open_pair": "",
    "cap_lifted_heads_up": "",
    "odd_chip": "",
    **STRUCTURE,
}


def test_a_new_organisation_has_the_default_structure_and_the_tda_preset(db):
    org = Organisation.objects.create(name="Room", slug="room")
    assert org.ruleset == "tda-2024"
    assert org.rule_overrides == {}
    assert {name: getattr(org, name) for name in STRUCTURE} == STRUCTURE


def test_the_flag_names_are_those_of_the_scenario_format():
    assert set(FLAGS) == {
        "tie_break_later_streets",
        "fourth_street_double_on_open_pair",
        "cap_lifted_heads_up",
        "odd_chip",
        "short_stub",
        "short_all_in_reopen_base",
    }


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"tie_break_later_streets": "position"},
        {"tie_break_later_streets": {"F7S": "suit", "FR": "position"}},
        {"fourth_street_double_on_open_pair": True, "cap_lifted_heads_up": False},
        {"odd_chip": "rrop", "short_stub": "tda-2024", "short_all_in_reopen_base": "full_bet"},
    ],
)
def test_well_formed_overrides_are_accepted(overrides):
    validate_rule_overrides(overrides)


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ([], "not_object"),
        ({"tieBreakLaterStreets": "position"}, "unknown_flag"),
        ({"tie_break_later_streets": "seat"}, "invalid_value"),
        ({"tie_break_later_streets": {"F7S/8": "dealer"}}, "invalid_value"),
        ({"tie_break_later_streets": {"F5D": "suit"}}, "invalid_value"),
        ({"tie_break_later_streets": {}}, "empty_variants"),
        ({"fourth_street_double_on_open_pair": "yes"}, "invalid_value"),
        ({"cap_lifted_heads_up": 1}, "invalid_value"),
        ({"odd_chip": {"F7S": "rrop"}}, "invalid_value"),
        ({"short_stub": "deal_to_last_card"}, "invalid_value"),
    ],
)
def test_malformed_overrides_are_rejected_with_a_reason(overrides, code):
    with pytest.raises(ValidationError) as error:
        validate_rule_overrides(overrides)
    assert code in {e.code for e in error.value.error_list}


def test_the_model_validates_overrides_so_the_admin_cannot_store_nonsense(db):
    org = Organisation(name="Room", slug="room", rule_overrides={"odd_chip": "dealer"})
    with pytest.raises(ValidationError) as error:
        org.full_clean()
    assert "rule_overrides" in error.value.error_dict


@override("en")
def test_the_rules_description_labels_house_choices():
    lines = describe_rules(ruleset="tda-2024", overrides={"cap_lifted_heads_up": True})
    by_label = {str(line.label): line for line in lines}
    assert by_label["No cap on raises when heads-up"].overridden is True
    assert by_label["No cap on raises when heads-up"].value == "Yes"
    assert by_label["Odd chip goes to"].overridden is False
    robert = {str(line.label): line.value for line in describe_rules(ruleset="robert-cash", overrides={})}
    assert (
        robert["Tied boards on 4th to 7th street: who acts first"] == "First tied player to the dealer's left"
    )


def test_the_owner_sees_the_house_rules_form_with_the_current_values(login_as, owner):
    response = login_as(owner).get("/o/ginza/house-rules/", **EN)
    assert response.status_code == 200
    form = response.context["form"]
    assert form["ruleset"].value() == "tda-2024"
    assert form["ante"].value() == 100


def test_the_owner_saves_a_preset_overrides_and_structure(login_as, owner):
    data = {
        **PRESET_FORM,
        "ruleset": "robert-cash",
        "tie_break_f7s": "suit",
        "tie_break_fr": "position",
        "cap_lifted_heads_up": "false",
        "odd_chip": "high_card_by_suit_in_five",
        "ante": 200,
        "bring_in": 300,
        "small_bet": 1000,
        "big_bet": 2000,
        "max_bets": 4,
    }
    client = login_as(owner)
    response = client.post(SAVE_URL, data)
    assert response.status_code == 302
    org = Organisation.objects.get(slug="ginza")
    assert org.ruleset == "robert-cash"
    assert org.rule_overrides == {
        "tie_break_later_streets": {"F7S": "suit", "FR": "position"},
        "cap_lifted_heads_up": False,
        "odd_chip": "high_card_by_suit_in_five",
    }
    assert (org.ante, org.bring_in, org.small_bet, org.big_bet, org.max_bets) == (200, 300, 1000, 2000, 4)
    # The saved overrides come back into the form as they were chosen.
    form = client.get("/o/ginza/house-rules/").context["form"]
    assert form["tie_break_fr"].value() == "position"
    assert form["tie_break_f7s_8"].value() == ""
    assert form["cap_lifted_heads_up"].value() == "false"
    page = client.get("/o/ginza/", **EN).content.decode()
    assert "House choice" in page


def test_one_tie_break_for_every_game_is_stored_as_a_single_value(login_as, owner):
    data = {
        **PRESET_FORM,
        "tie_break_f7s": "position",
        "tie_break_fr": "position",
        "tie_break_f7s_8": "position",
    }
    assert login_as(owner).post(SAVE_URL, data).status_code == 302
    assert Organisation.objects.get(slug="ginza").rule_overrides == {"tie_break_later_streets": "position"}


def test_going_back_to_the_preset_clears_the_overrides(login_as, owner):
    Organisation.objects.filter(slug="ginza").update(rule_overrides={"odd_chip": "rrop"})
    assert login_as(owner).post(SAVE_URL, PRESET_FORM).status_code == 302
    assert Organisation.objects.get(slug="ginza").rule_overrides == {}


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"bring_in": 700}, "bring_in", "The bring-in cannot be larger than the small bet."),
        ({"big_bet": 400}, "big_bet", "The big bet cannot be smaller than the small bet."),
        ({"ante": 150}, "ante", "Must be a multiple of the smallest chip (100)."),
        ({"max_bets": 1}, "max_bets", "Choose between 2 and 10 bets per street."),
        ({"small_bet": "five hundred"}, "small_bet", "Enter a whole number."),
        ({"big_bet": 10**30}, "big_bet", "Enter at most 10,000,000 chips."),
        ({"ante": -100}, "ante", "Ensure this value is greater than or equal to 0."),
        ({"ruleset": "wsop"}, "ruleset", "Select a valid choice."),
        ({"odd_chip": "dealer"}, "odd_chip", "Select a valid choice."),
    ],
)
def test_invalid_house_rules_get_a_field_error_and_change_nothing(login_as, owner, change, field, message):
    response = login_as(owner).post(SAVE_URL, {**PRESET_FORM, **change}, **EN)
    assert response.status_code == 422
    assert any(error.startswith(message) for error in response.context["form"].errors[field])
    assert message in response.content.decode()
    org = Organisation.objects.get(slug="ginza")
    assert {name: getattr(org, name) for name in STRUCTURE} == STRUCTURE
    # The rules shown beside the form are the saved ones, not the rejected input.
    assert response.context["current_org"].small_bet == 500


def test_an_htmx_house_rules_post_with_errors_returns_only_the_form(login_as, owner):
    response = login_as(owner).post(SAVE_URL, {**PRESET_FORM, "big_bet": 1}, HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 422
    page = response.content.decode()
    assert page.lstrip().startswith('<form id="house-rules-form"')
    assert "<html" not in page


def test_an_htmx_house_rules_save_redirects_the_browser(login_as, owner):
    response = login_as(owner).post(SAVE_URL, PRESET_FORM, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/o/ginza/house-rules/"


def test_instructors_and_trainees_cannot_change_house_rules(login_as, instructor, trainee):
    for membership in (instructor, trainee):
        response = login_as(membership).post(SAVE_URL, {**PRESET_FORM, "ante": 0})
        assert response.status_code == 403
    assert Organisation.objects.get(slug="ginza").ante == 100


# --- the 3rd-street short all-in reading (TDA 2024 Rule 47-B) ------------------------------------
REOPEN_LABEL = {
    "en": "Short all-in completion on 3rd street: it reopens the betting when it is",
    "ja": "3rdストリートでオールインのコンプリートが足りないとき：リオープンとなる額",
}
REOPEN_VALUES = {
    ("en", "full_bet"): "At least half of the full bet (500)",
    ("en", "completion_increment"): "At least half of the completion increment over the bring-in (300)",
    ("ja", "full_bet"): "フルベット（500）の半分以上",
    ("ja", "completion_increment"): "ブリングインからの増額分（300）の半分以上",
}


@pytest.mark.parametrize(("language", "reading"), list(REOPEN_VALUES))
def test_the_short_all_in_reading_says_what_it_measures_against_with_the_rooms_amounts(language, reading):
    # The old wording ("a full bet") read as if a full bet were needed, against Rule 47-B's half.
    overrides = {} if reading == "full_bet" else {"short_all_in_reopen_base": reading}
    with override(language):
        lines = describe_rules(
            ruleset="tda-2024", overrides=overrides, structure={"bring_in": 200, "small_bet": 500}
        )
        by_label = {str(line.label): line for line in lines}
    line = by_label[REOPEN_LABEL[language]]
    assert line.value == REOPEN_VALUES[(language, reading)]
    assert line.rules == ("TDA 2024 Rule 47-B",)


def test_without_a_structure_the_short_all_in_reading_is_told_in_words():
    with override("en"):
        lines = {str(line.label): line.value for line in describe_rules(ruleset="robert-cash", overrides={})}
    assert lines[REOPEN_LABEL["en"]] == "At least half of the full bet"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_home_and_house_rules_pages_show_the_short_all_in_reading_in_the_pages_language(
    login_as, owner, language
):
    client = login_as(owner)
    for url in ("/o/ginza/", "/o/ginza/house-rules/"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert REOPEN_LABEL[language] in page, url
        assert REOPEN_VALUES[(language, "full_bet")] in page, url
        assert "A full bet" not in page
        assert "フルベット<" not in page


def test_the_owner_may_choose_the_completion_increment_reading(login_as, owner):
    client = login_as(owner)
    form = client.get("/o/ginza/house-rules/", **EN).content.decode()
    assert "At least half of the completion increment over the bring-in" in form
    data = {**PRESET_FORM, "short_all_in_reopen_base": "completion_increment"}
    assert client.post(SAVE_URL, data).status_code == 302
    org = Organisation.objects.get(slug="ginza")
    assert org.rule_overrides == {"short_all_in_reopen_base": "completion_increment"}
    page = client.get("/o/ginza/house-rules/", **EN).content.decode()
    assert REOPEN_VALUES[("en", "completion_increment")] in page


def test_the_flags_allowed_values_and_presets_are_the_engines_with_wording_for_each():
    from dealer_training.accounts.house_rules import WORDING
    from games.stud.rules import flag_specs

    specs = flag_specs()
    assert list(FLAGS) == [spec["name"] for spec in specs] == list(WORDING)
    for spec in specs:
        flag = FLAGS[spec["name"]]
        assert set(flag.values) == set(spec["allowed"])
        assert all(str(label) for label in flag.values.values())
        assert flag.presets == spec["defaults"]
        assert flag.per_variant == (spec["kind"] == "choice_per_variant")


def test_the_house_rules_page_only_shows_the_form_and_posts_it_to_the_check(login_as, owner):
    client = login_as(owner)
    assert client.post("/o/ginza/house-rules/", {**PRESET_FORM, "ruleset": "robert-cash"}).status_code == 405
    assert Organisation.objects.get(slug="ginza").ruleset == "tda-2024"
    assert f'action="{SAVE_URL}"' in client.get("/o/ginza/house-rules/").content.decode()


def test_the_rules_description_is_made_once_per_language_and_follows_each_input():
    overrides = {"cap_lifted_heads_up": True}
    amounts = {"bring_in": 200, "small_bet": 500}
    with override("en"):
        english = describe_rules(ruleset="tda-2024", overrides=overrides, structure=amounts)
    with override("ja"):
        japanese = describe_rules(ruleset="tda-2024", overrides=overrides, structure=amounts)
    from dealer_training.accounts.house_rules import _described

    hits = _described.cache_info().hits
    with override("en"):
        again = describe_rules(ruleset="tda-2024", overrides=overrides, structure=amounts)
        assert _described.cache_info().hits == hits + 1  # made once: the English reading again
        other_amounts = describe_rules(
            ruleset="tda-2024", overrides=overrides, structure={"bring_in": 300, "small_bet": 1000}
        )
        no_overrides = describe_rules(ruleset="tda-2024", overrides={}, structure=amounts)
    assert [line.value for line in again] == [line.value for line in english]
    assert [line.value for line in japanese] != [line.value for line in english]
    assert "Yes" in [line.value for line in english]
    assert {line.value for line in other_amounts} != {line.value for line in english}
    assert [line.overridden for line in no_overrides] != [line.overridden for line in english]
    # A caller changing the list it got does not change what the next caller gets.
    english.clear()
    with override("en"):
        assert len(describe_rules(ruleset="tda-2024", overrides=overrides, structure=amounts)) == len(again)
