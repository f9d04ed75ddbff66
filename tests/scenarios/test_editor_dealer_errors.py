"""An instructor authors a dealer error in the stud editor and asks the dealer-error question."""

from django.urls import reverse

from tests.scenarios.helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
# Razz, seats 1, 3, 4 and 6: the door cards K♣, K♠, 5♠, 2♣; K♠ (seat 3) brings in.
RAZZ_DEAL = ["4c", "5d", "Kc", "2s", "3h", "Ks", "7h", "8h", "5s", "Ad", "Ac", "2c"]


def _dealt(client, url, lang):
    html = client.get(url, **lang).content.decode()
    html = client.post(url, form_data(html, variant="FR", seats=[1, 3, 4, 6]), **lang).content.decode()
    for card in RAZZ_DEAL:
        response = client.post(url, form_data(html, op=f"pick:{card}"), **lang)
        assert response.status_code == 200, card
        html = response.content.decode()
    return html


def test_the_editor_offers_the_dealer_errors_and_the_engine_rules_on_a_wrong_bring_in(
    login_as, instructor, org
):
    client = login_as(instructor)
    url = reverse("scenarios:create", args=[org.slug])
    html = _dealt(client, url, EN)
    for label in (
        "The dealer calls the wrong seat for the bring-in",
        "The dealer deals a card to the wrong seat",
        "A player acts out of turn",
    ):
        assert label in html
    assert 'name="event_action"' in html
    response = client.post(
        url,
        form_data(
            html, op="add_event", event_type="wrong_bring_in_called", event_seat=1, kind="dealer_error"
        ),
        **EN,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "The dealer calls the wrong seat for the bring-in" in html
    assert "Correct the call: the right seat brings in" in html


def test_the_editors_dealer_errors_are_in_japanese(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("scenarios:create", args=[org.slug])
    html = _dealt(client, url, JA)
    assert "ディーラーがブリングインの席を呼び間違えた" in html
    assert "順番外のアクション" in html
