"""The table editor's quick steps (deal a street at random, check around, play to the end of the
street), the legal-action buttons with their amounts, errors placed at their cause and the
hand log while an error is shown."""

import re

import pytest
from django.urls import reverse

from tests.scenarios.helpers import buttons, form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
RAZZ_DEAL = ["4c", "5d", "Kc", "2s", "3h", "Ks", "7h", "8h", "5s", "Ad", "Ac", "2c"]


@pytest.fixture
def create_url(org):
    return reverse("scenarios:create", args=[org.slug])


def _post(client, url, html, lang=EN, **changes):
    response = client.post(url, form_data(html, **changes), **lang)
    return response, response.content.decode()


def _table(client, url, lang=EN, seats=(1, 3, 4, 6), **changes):
    html = client.get(url, **lang).content.decode()
    response, html = _post(client, url, html, lang, variant="FR", seats=list(seats), **changes)
    assert response.status_code == 200
    return html


def _razz_dealt(client, url, lang=EN, **changes):
    html = _table(client, url, lang, **changes)
    for card in RAZZ_DEAL:
        response, html = _post(client, url, html, lang, op=f"pick:{card}")
        assert response.status_code == 200, card
    return html


def test_the_quick_steps_are_offered_when_the_engine_allows_them(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _table(client, create_url)
    offered = buttons(html)
    assert "random_street" in offered
    assert "check_around" not in offered
    assert "play_street" not in offered
    _response, html = _post(client, create_url, html, op="random_street")
    offered = buttons(html)
    # 3rd street: the bring-in is due, nobody can check.
    assert "play_street" in offered
    assert "check_around" not in offered
    assert "random_street" not in offered
    assert "Play to the end of the street" in html
    assert "Each player still to act calls, or checks when there is nothing to call" in html


def test_play_to_the_end_of_the_street_posts_the_bring_in_and_everyone_calls(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url)
    response, html = _post(client, create_url, html, op="play_street")
    assert response.status_code == 200
    actions = form_data(html)["action"]
    # Seat 3 (p2, the king) brings in; seats 4, 6 and 1 call in turn; the round is over.
    assert actions[4:] == ["p2 pb", "p3 cc", "p4 cc", "p1 cc"]
    assert "random_street" in buttons(html)
    assert "Seat 1 calls 200" in html


def test_check_around_checks_every_player_still_to_act_and_stops_at_the_next_deal(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url)
    _response, html = _post(client, create_url, html, op="play_street")
    _response, html = _post(client, create_url, html, op="random_street")
    assert len(form_data(html)["action"]) == 12  # four 4th-street cards
    assert "check_around" in buttons(html)
    response, html = _post(client, create_url, html, op="check_around")
    assert response.status_code == 200
    actions = form_data(html)["action"]
    assert len(actions) == 16
    assert all(a.endswith(" cc") for a in actions[12:])
    assert len({a.split()[0] for a in actions[12:]}) == 4
    assert "random_street" in buttons(html)


def test_check_around_is_refused_when_a_bet_faces_the_player(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url)
    response, html = _post(client, create_url, html, op="check_around")
    assert response.status_code == 422
    assert "Nobody can check now" in html
    assert len(form_data(html)["action"]) == 4


def test_play_to_the_end_of_the_street_is_refused_while_cards_are_due(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _table(client, create_url)
    response, html = _post(client, create_url, html, op="play_street")
    assert response.status_code == 422
    assert "No betting is pending now" in html


def _completed(client, url, lang=EN):
    """Seat 3 brings in, seat 4 completes to 500 and seat 6 calls (razz, antes of the house)."""
    html = _razz_dealt(client, url, lang)
    for op in ("act:p2 pb", "act:p3 cbr 500", "act:p4 cc"):
        response, html = _post(client, url, html, lang, op=op)
        assert response.status_code == 200, op
    return html


def _stack_field(html, seat):
    start = html.index(f'name="stack_{seat}"')
    return html[html.rindex('<div class="field', 0, start) : start]


def test_a_stack_lowered_below_a_recorded_completion_says_why_at_the_stack_and_the_action(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _completed(client, create_url)
    ante = int(form_data(html)["ante"][0])
    response, html = _post(client, create_url, html, stack_4=300)
    assert response.status_code == 200
    reason = f"Seat 4&#x27;s stack of 300 is smaller than the {500 + ante:,} it puts in by step 6"
    assert reason in _stack_field(html, 4)
    row = html[html.index("hand-log__row--error") :]
    assert "Seat 4 cannot complete, bet or raise here." in row[:1500]
    assert reason in row[:1500]


def test_a_stack_lowered_below_a_recorded_completion_is_explained_in_japanese(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _completed(client, create_url, JA)
    _response, html = _post(client, create_url, html, JA, stack_4=300)
    field = _stack_field(html, 4)
    assert "4番席" in field
    assert "6番目" in field
    assert "stack of" not in field
    assert "antes included" not in field


def test_an_engine_refusal_without_its_own_sentence_is_never_english_on_a_japanese_page(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url, JA)
    # K♠ is seat 3's door card, not a downcard: the engine refuses the irregularity.
    response, html = _post(
        client,
        create_url,
        html,
        JA,
        op="add_event",
        event_type="downcard_exposed_by_dealer",
        event_seat=3,
        event_card="Ks",
        event_street=3,
    )
    assert response.status_code == 422
    assert "downcards at this point" not in html
    assert "3rd-street downcard" not in html
    assert "The engine refused" not in html
    assert "3番席" in html[html.index('class="form-errors"') :][:400]


def test_the_hand_log_stays_in_words_by_street_and_the_preview_stays_while_an_action_is_refused(
    login_as, instructor, create_url
):
    client = login_as(instructor)
    html = _completed(client, create_url)
    _response, html = _post(client, create_url, html, stack_4=300, kind="next_action")
    start = html.index('class="hand-log-streets"')
    log = html[start : html.index("</div>", start)]
    assert "3rd street" in log
    assert "From the refused step on (not replayed)" in log
    assert "Seat 6 checks or calls" in log
    assert "p4 cc" not in log
    # The preview shows the table and the answer as they stand before the refused step.
    assert 'data-preview-upto="5"' in html
    assert "data-table" in html
    answer = html[html.index("Engine's answer") :]
    assert re.search(r"Seat 4", answer[:2000])


def test_the_showdown_offers_only_the_seat_that_must_table_first_and_refuses_the_others(
    login_as, instructor, org
):
    from dealer_training.scenarios.models import Scenario
    from tests.scenarios.factories import fixture, make_scenario

    document = fixture("showdown-first-razz-last-aggressor")
    document.pop("_expected", None)
    scenario = make_scenario(org, user=instructor.user, document=document, status=Scenario.Status.DRAFT)
    client = login_as(instructor)
    url = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    html = client.get(url, **EN).content.decode()
    shows = [b for b in buttons(html) if " sm" in b]
    assert shows
    assert all(b.startswith("act:p3 sm") for b in shows)
    response, html = _post(client, url, html, op="act:p1 sm 8h5c8s")
    assert response.status_code == 422
    assert "Seat 3 must table first" in html
    assert "TDA 2024 Rule 17-A" in html


def test_random_downcards_leave_the_door_card_to_pick(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _table(client, create_url)
    response, html = _post(client, create_url, html, op="random_downs")
    assert response.status_code == 200
    pending = form_data(html)["pending"][0]
    assert len(pending) == 4
    assert "random_downs" not in buttons(html)
    door = next(c for c in ("Kc", "Kd", "Kh") if c not in pending)
    response, html = _post(client, create_url, html, op=f"pick:{door}")
    assert form_data(html)["action"] == [f"d dh p1 {pending}{door}"]


def _actions(html):
    return form_data(html).get("action", [])


def test_remove_every_action_can_be_brought_back_until_the_hand_changes(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url)
    dealt = _actions(html)
    assert len(dealt) == 4
    response, html = _post(client, create_url, html, op="clear")
    assert response.status_code == 200
    assert _actions(html) == []
    assert "Bring the removed actions back" in html
    # A field change in between keeps what was removed.
    response, html = _post(client, create_url, html, title="Razz tie")
    assert "Bring the removed actions back" in html
    response, html = _post(client, create_url, html, op="restore_cleared")
    assert response.status_code == 200
    assert _actions(html) == dealt
    assert "Bring the removed actions back" not in html
    # Once the hand changes after a removal, nothing old can come back over it.
    response, html = _post(client, create_url, html, op="clear")
    response, html = _post(client, create_url, html, op="pick:4c")
    assert "Bring the removed actions back" not in html
    response, html = _post(client, create_url, html, op="restore_cleared")
    assert response.status_code == 422
    assert "There are no removed actions to bring back." in html


def test_a_garbled_removed_actions_field_is_ignored(login_as, instructor, create_url):
    client = login_as(instructor)
    html = _razz_dealt(client, create_url)
    response, html = _post(client, create_url, html, op="restore_cleared", cleared='{"actions": 7}')
    assert response.status_code == 422
    assert len(_actions(html)) == 4
