"""The table editor: building a hand step by step from the engine's legal actions, the live
preview with the engine's answer, inline errors, saving, versions and optimistic locking."""

import json
import re

import pytest
from django.urls import reverse

from dealer_training.accounts.models import Role
from dealer_training.scenarios.models import Scenario
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import RAZZ_KINGS, make_scenario, record_attempt
from tests.scenarios.helpers import buttons, form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "editor", **EN}
RAZZ_DEAL = ["4c", "5d", "Kc", "2s", "3h", "Ks", "7h", "8h", "5s", "Ad", "Ac", "2c"]


@pytest.fixture
def create_url(org):
    return reverse("scenarios:create", args=[org.slug])


def _post(client, url, html, **changes):
    response = client.post(url, form_data(html, **changes), **EN)
    return response, response.content.decode()


def _razz_table(client, url):
    html = client.get(url, **EN).content.decode()
    response, html = _post(client, url, html, variant="FR", seats=[1, 3, 4, 6])
    assert response.status_code == 200
    return html


def _deal(client, url, html, cards):
    for card in cards:
        response, html = _post(client, url, html, op=f"pick:{card}")
        assert response.status_code == 200, card
    return html


def test_the_editor_opens_with_the_organisations_house_rules_and_structure(
    login_as, instructor, create_url, org
):
    org.ruleset = "robert-cash"
    org.rule_overrides = {"odd_chip": "high_card_by_suit_in_five"}
    org.ante, org.bring_in, org.small_bet, org.big_bet = 200, 300, 600, 1200
    org.save()
    client = login_as(instructor)
    html = client.get(create_url, **EN).content.decode()
    # A new scenario follows the house rules: they are named; their fields stay in the form (the
    # browser's form is the truth), hidden until the pin is ticked, holding the house rules.
    assert "Rules: Robert&#x27;s Rules style (cash game) (house rules)" in html
    assert "rules_pinned" not in form_data(html)
    assert form_data(html)["ruleset"] == ["robert-cash"]
    assert 'class="rules-pin__pinned"' in html
    # Pinning offers the rule fields, starting from the house rules.
    html = client.post(create_url, form_data(html, rules_pinned="on"), **EN).content.decode()
    assert "(pinned by the author)" in html
    data = form_data(html)
    assert data["ruleset"] == ["robert-cash"]
    assert data["rule_odd_chip"] == ["high_card_by_suit_in_five"]
    assert (data["ante"], data["bring_in"], data["small_bet"], data["big_bet"]) == (
        ["200"],
        ["300"],
        ["600"],
        ["1200"],
    )
    assert "Deal to seat 1: pick 2 down cards, then the door card" in html


@pytest.mark.parametrize(
    ("language", "label", "values"),
    [
        (
            "en",
            "Short all-in completion on 3rd street: it reopens the betting when it is",
            ["At least half of the full bet", "At least half of the completion increment over the bring-in"],
        ),
        (
            "ja",
            "3rdストリートでオールインのコンプリートが足りないとき：リオープンとなる額",
            ["フルベットの半分以上", "ブリングインからの増額分の半分以上"],
        ),
    ],
)
def test_the_editor_offers_the_short_all_in_readings_by_what_they_halve(
    login_as, instructor, create_url, language, label, values
):
    # TDA 2024 Rule 47-B: half a bet reopens; "a full bet" read as the opposite.
    client = login_as(instructor)
    html = client.get(create_url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    html = client.post(
        create_url, form_data(html, rules_pinned="on"), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    field = html[html.index('name="rule_short_all_in_reopen_base"') :]
    field = field[: field.index("</select>")]
    assert label in html
    assert [v for v in values if v in field] == values
    assert "A full bet" not in html


def test_an_instructor_builds_a_razz_bring_in_by_picking_cards_and_the_preview_shows_the_engines_answer(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    assert "Seat 3 is dealt 2♠ 3♥ down and K♠ up" in html
    # The engine offers the bring-in player's two choices and nothing else.
    assert [b for b in buttons(html) if b.startswith("act:")] == ["act:p2 pb", "act:p2 cbr 500"]
    answer = html[html.index("Engine's answer") :]
    assert re.search(r"Brings in</dt>\s*<dd>Seat 3", answer)
    assert re.search(r"Amount posted</dt>\s*<dd>200", answer)
    assert 'lang="ja"' in answer
    assert "ブリングイン" in answer
    assert "In razz the highest door card brings in" in answer


def test_a_card_already_dealt_is_disabled_and_refused_if_posted_anyway(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), ["4c", "5d", "Kc"])
    assert re.search(r'value="pick:Kc"[^>]*disabled', html)
    response, html = _post(client, create_url, html, op="pick:Kc")
    assert response.status_code == 422
    assert "Kc is already in play: a card cannot be dealt twice." in html
    assert len(form_data(html)["action"]) == 1


def test_an_action_the_engine_does_not_offer_is_refused(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    response, html = _post(client, create_url, html, op="act:p1 cbr 500")  # seat 1 is not to act
    assert response.status_code == 422
    assert "That action is not allowed at this point of the hand." in html
    assert len(form_data(html)["action"]) == 4


def test_a_tampered_hidden_action_is_replayed_by_the_engine_and_shown_inline(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    actions = form_data(html)["action"]
    actions[1] = "d dh p2 2s3h4c"  # 4c was dealt to seat 1 already
    response, html = _post(client, create_url, html, action=actions)
    assert response.status_code == 200
    assert "4c has already been dealt: a card cannot be dealt twice." in html
    assert "hand-log__row--error" in html
    # Nothing is offered after a refused action, and saving is refused.
    response, html = _post(client, create_url, html, op="save", title="Broken")
    assert response.status_code == 422
    assert Scenario.objects.count() == 0


def test_engine_errors_in_the_setup_show_next_to_the_field_that_caused_them(login_as, instructor, create_url):
    client = login_as(instructor)
    html = client.get(create_url, **EN).content.decode()
    response, html = _post(client, create_url, html, bring_in=600)  # larger than the small bet
    assert response.status_code == 200
    structure = html[html.index("<summary>Structure</summary>") :]
    assert "The structure needs bring-in &lt; small bet ≤ big bet." in structure[:4000]
    response, html = _post(client, create_url, html, bring_in=200, ante=150, min_chip=100)
    assert "150 is not a multiple of the smallest chip (100)." in html


def test_a_question_that_does_not_fit_the_hand_yet_says_why(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), ["4c", "5d", "Kc"])
    assert "The bring-in is asked once every player has a door card, before any action." in html
    _response, html = _post(client, create_url, html, kind="stub")
    assert "The stub is asked when 6th-street betting is complete and 7th is not dealt." in html


def test_the_htmx_round_trip_returns_only_the_editor_fragment(login_as, instructor, create_url):
    client = login_as(instructor)
    html = client.get(create_url, **EN).content.decode()
    response = client.post(create_url, form_data(html, op="pick:As"), **HTMX)
    fragment = response.content.decode()
    assert response.status_code == 200
    assert fragment.lstrip().startswith('<form id="editor"')
    assert "<html" not in fragment


def test_random_deals_fill_the_street_with_cards_nobody_holds(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _razz_table(client, create_url)
    _response, html = _post(client, create_url, html, op="random_street")
    actions = form_data(html)["action"]
    assert len(actions) == 4
    cards = "".join(a.split()[3] for a in actions)
    assert len({cards[i : i + 2] for i in range(0, len(cards), 2)}) == 12
    assert "Engine's answer" in html


def test_undo_removes_the_last_action_and_an_irregularity_placed_after_it(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    response, html = _post(client, create_url, html, op="act:p2 pb")
    response, html = _post(
        client, create_url, html, op="add_event", event_type="picks_up_upcards", event_seat=4, kind="ruling"
    )
    assert response.status_code == 200, html
    assert json.loads(form_data(html)["event"][0]) == {"after": 4, "type": "picks_up_upcards", "seat": 4}
    assert re.search(r"Ruling</dt>\s*<dd>Dead hand", html)
    response, html = _post(client, create_url, html, op="undo")
    assert len(form_data(html)["action"]) == 4
    assert "event" not in form_data(html)
    assert "The irregularity placed after that action was removed too." in html


def test_an_irregularity_the_engine_refuses_is_not_added(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    response, html = _post(
        client, create_url, html, op="add_event", event_type="picks_up_upcards", event_seat=2
    )
    assert response.status_code == 422
    assert "There is no player in seat 2." in html
    assert "event" not in form_data(html)


def test_saving_needs_a_title_and_a_question_the_engine_can_answer(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), ["4c", "5d", "Kc"])
    response, html = _post(client, create_url, html, op="save", title="")
    assert response.status_code == 422
    assert "Give the scenario a title before saving." in html
    response, html = _post(client, create_url, html, op="save", title="Not yet")
    assert response.status_code == 422
    assert "the engine must be able to answer its question first" in html
    assert Scenario.objects.count() == 0


def test_publishing_from_the_editor_stores_the_engines_document_and_answer(
    login_as, instructor, create_url, org
):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    response, _ = _post(
        client, create_url, html, op="publish", title="Razz kings", tags="razz, kings", difficulty=3
    )
    scenario = Scenario.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scenarios:edit", args=[org.slug, scenario.pk])
    assert (scenario.status, scenario.skill, scenario.variant, scenario.difficulty) == (
        "published",
        "bring_in",
        "FR",
        3,
    )
    assert scenario.tags == ["razz", "kings"]
    version = scenario.current_version
    assert version.number == 1
    assert version.kind == "bring_in"
    assert version.answer["answer"] == {"seat": 3, "amount": 200, "first_to_act": 3}
    assert version.document["actions"] == RAZZ_KINGS["actions"]
    assert version.document["seats"] == [1, 3, 4, 6]
    assert scenario.created_by == instructor.user


def test_saving_through_htmx_redirects_the_browser(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _deal(client, create_url, _razz_table(client, create_url), RAZZ_DEAL)
    response = client.post(create_url, form_data(html, op="save", title="Razz kings"), **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"].endswith(f"/scenarios/{Scenario.objects.get().pk}/")


def test_the_edit_page_shows_the_stored_hand(login_as, instructor, org):
    scenario = make_scenario(org)
    html = (
        login_as(instructor)
        .get(reverse("scenarios:edit", args=[org.slug, scenario.pk]), **EN)
        .content.decode()
    )
    data = form_data(html)
    assert data["action"] == RAZZ_KINGS["actions"]
    assert data["seats"] == ["1", "3", "4", "6"]
    assert data["title"] == ["Razz: two kings"]
    assert "Version 1" in html


def test_an_edit_of_a_version_nobody_was_asked_changes_it_in_place(login_as, instructor, org):
    scenario = make_scenario(org)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    response, html = _post(client, url, html, op="act:p2 cbr 500")
    response, _ = _post(client, url, html, op="save", kind="next_action")
    scenario.refresh_from_db()
    assert response.status_code == 302
    assert scenario.versions.count() == 1
    assert scenario.current_version.kind == "next_action"
    assert scenario.revision == 2


def test_an_edit_of_a_version_with_attempts_makes_a_new_version_and_attempts_keep_theirs(
    login_as, instructor, trainee, org
):
    scenario = make_scenario(org)
    first = scenario.current_version
    attempt = record_attempt(organisation=org, user=trainee.user, version=first)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    _, html = _post(client, url, html, op="act:p2 pb")
    _post(client, url, html, op="save", kind="next_action")
    scenario.refresh_from_db()
    attempt.refresh_from_db()
    assert scenario.versions.count() == 2
    assert scenario.current_version.number == 2
    assert attempt.scenario_version == first
    assert first.document["actions"] == RAZZ_KINGS["actions"]


def test_changing_only_the_title_keeps_the_version(login_as, instructor, trainee, org):
    scenario = make_scenario(org)
    record_attempt(organisation=org, user=trainee.user, version=scenario.current_version)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    _post(client, url, html, op="save", title="A better title")
    scenario.refresh_from_db()
    assert scenario.title == "A better title"
    assert scenario.versions.count() == 1


def test_a_second_save_from_an_old_revision_is_a_conflict_and_loses_nothing(login_as, instructor, org):
    scenario = make_scenario(org)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    other = MembershipFactory(organisation=org, role=Role.INSTRUCTOR)
    first = login_as(instructor)
    page_a = first.get(url, **EN).content.decode()
    from django.test import Client

    second = Client()
    second.force_login(other.user)
    page_b = second.get(url, **EN).content.decode()
    response = second.post(url, form_data(page_b, op="save", title="Saved by B"), **EN)
    assert response.status_code == 302
    response = first.post(url, form_data(page_a, op="save", title="Saved by A"), **EN)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Not saved: someone else saved this scenario while you were editing." in html
    assert "Open theirs in a new tab" in html
    assert 'value="Saved by A"' in html  # the first instructor's edit is still on the page
    scenario.refresh_from_db()
    assert scenario.title == "Saved by B"


def test_a_conflict_through_htmx_swaps_the_editor_with_the_message(login_as, instructor, org):
    scenario = make_scenario(org)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    Scenario.objects.filter(pk=scenario.pk).update(revision=7)
    response = client.post(url, form_data(html, op="save"), **HTMX)
    assert response.status_code == 409
    assert response.content.decode().lstrip().startswith('<form id="editor"')


@pytest.mark.parametrize("url_name", ["scenarios:create", "scenarios:list"])
def test_trainees_cannot_open_the_authoring_pages(login_as, trainee, org, url_name):
    assert login_as(trainee).get(reverse(url_name, args=[org.slug])).status_code == 403


def test_a_trainee_cannot_open_a_scenario_not_even_a_published_one(login_as, trainee, org):
    scenario = make_scenario(org)
    client = login_as(trainee)
    assert client.get(reverse("scenarios:edit", args=[org.slug, scenario.pk])).status_code == 403
    assert client.get(reverse("scenarios:export_one", args=[org.slug, scenario.pk])).status_code == 403


def test_another_organisations_scenario_is_404(login_as, instructor, org):
    other = OrganisationFactory()
    scenario = make_scenario(other)
    client = login_as(instructor)
    for name in ("scenarios:edit", "scenarios:vary", "scenarios:export_one"):
        assert client.get(reverse(name, args=[org.slug, scenario.pk])).status_code == 404
    for name in ("scenarios:status", "scenarios:delete"):
        assert (
            client.post(reverse(name, args=[org.slug, scenario.pk]), {"status": "archived"}).status_code
            == 404
        )


def test_anonymous_users_are_sent_to_login_from_the_editor(client, org):
    url = reverse("scenarios:create", args=[org.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_the_editor_refuses_other_methods(login_as, instructor, org):
    client = login_as(instructor)
    assert client.put(reverse("scenarios:create", args=[org.slug])).status_code == 405
    scenario = make_scenario(org)
    assert client.get(reverse("scenarios:status", args=[org.slug, scenario.pk])).status_code == 405
    assert client.get(reverse("scenarios:delete", args=[org.slug, scenario.pk])).status_code == 405


def test_unreadable_posted_state_is_dropped_with_a_note_not_a_500(login_as, instructor, create_url):
    client = login_as(instructor)
    html = client.get(create_url, **EN).content.decode()
    response, html = _post(client, create_url, html, event="{not json", carry="[1,2]", pending="zz")
    assert response.status_code == 200
    assert "An irregularity could not be read and was left out." in html


def test_best_hands_can_be_asked_about_chosen_seats_only(login_as, instructor, org):
    from tests.scenarios.factories import fixture

    scenario = make_scenario(org, document=fixture("best-hands-stud8-three-way"), title="Three way")
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    # Every seat has a box in the page (the stylesheet shows the occupied seats' boxes only), so
    # the live preview never has to redraw the boxes while they are being ticked.
    offered = re.findall(r'asked-box--(\d+)"><input type="checkbox" name="asked_seats" value="(\d+)"', html)
    assert offered == [(str(n), str(n)) for n in range(1, 11)]
    _, html = _post(client, url, html, asked_seats=[2])
    answer = html[html.index("Engine's answer") :]
    assert "Seat 2 (high)" in answer
    assert "Seat 1 (high)" not in answer


def test_a_stack_the_engine_refuses_is_marked_on_that_seats_field(login_as, instructor, create_url):
    client = login_as(instructor)
    html = client.get(create_url, **EN).content.decode()
    _, html = _post(client, create_url, html, min_chip=100, stack_3=1050)
    field = html[html.index('for="id_stack_3"') : html.index('id="id_stack_3"')]
    errors = field[field.index('id="id_stack_3_errors"') :]  # the region the live preview redraws
    assert "1,050 is not a multiple of the smallest chip (100)." in errors


def _pots_document(wanted):
    from games.solve import solve
    from games.stud.generate import generate
    from games.table import table_view

    for seed in range(300):
        document = generate(kind="pots", variant="F7S", seed=seed)
        pots = len(solve(document)["answer"]["pots"])
        all_in = any(seat["all_in"] for seat in table_view(document)["seats"])
        if wanted(pots, all_in):
            return document
    raise AssertionError("no such pots question in 300 seeds")


@pytest.mark.parametrize(
    ("case", "wanted", "skill"),
    [
        ("one pot, all-ins", lambda pots, all_in: pots == 1 and all_in, "side_pots"),
        ("side pots", lambda pots, all_in: pots > 2, "side_pots"),
        ("one pot, nobody all-in", lambda pots, all_in: pots == 1 and not all_in, "antes"),
    ],
)
def test_a_pots_question_saved_from_the_editor_without_a_skill_gets_side_pots_when_anyone_is_all_in(
    login_as, instructor, create_url, org, case, wanted, skill
):
    # A copy of a stored hand, opened in the editor and saved with "choose from the question".
    stored = make_scenario(org, document=_pots_document(wanted), title="Stored", skill="rulings")
    client = login_as(instructor)
    html = client.get(reverse("scenarios:edit", args=[org.slug, stored.pk]), **EN).content.decode()
    response, html = _post(client, create_url, html, op="refresh", skill="")
    label = {"side_pots": "Side pots", "antes": "Antes and the pot after antes"}[skill]
    assert f'<option value="" selected>From the question: {label}</option>' in html
    response, html = _post(client, create_url, html, op="save", title=case, skill="")
    assert response.status_code == 302, html
    assert Scenario.objects.get(title=case).skill == skill


def test_the_editor_previews_an_unpinned_scenario_under_the_house_rules_and_saves_the_pin(
    login_as, instructor, org
):
    from tests.drills.test_rules_policy import TIE_HAND

    scenario = make_scenario(org, document=TIE_HAND, title="Tied boards", user=instructor.user)
    org.ruleset = "robert-cash"
    org.save()
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    assert "Rules: Robert&#x27;s Rules style (cash game) (house rules)" in html
    assert re.search(r"Next to act</dt>\s*<dd>Seat 1", html)  # RRoP 7CS-1: by position
    # Pinned to TDA 2024: the preview breaks the tie by suit, and the pin is saved.
    html = client.post(url, form_data(html, rules_pinned="on"), **EN).content.decode()
    html = client.post(url, form_data(html, ruleset="tda-2024"), **EN).content.decode()
    assert "Rules: TDA 2024 (tournament) (pinned by the author)" in html
    assert re.search(r"Next to act</dt>\s*<dd>Seat 3", html)
    assert client.post(url, form_data(html, op="save"), **EN).status_code == 302
    scenario.refresh_from_db()
    assert scenario.rules_pinned
    assert scenario.current_version.document["_ruleset"] == "tda-2024"


def test_the_scenario_list_says_whose_rules_each_scenario_follows(login_as, instructor, org):
    make_scenario(org, title="Follows")
    make_scenario(org, title="Pinned", rules_pinned=True, document={**RAZZ_KINGS, "_ruleset": "robert-cash"})
    html = login_as(instructor).get(reverse("scenarios:list", args=[org.slug]), **EN).content.decode()
    assert "Rules: TDA 2024 (tournament) (house rules)" in html
    assert "Rules: Robert&#x27;s Rules style (cash game) (pinned by the author)" in html
