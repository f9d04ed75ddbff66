"""The scenario editor asks the stub count (question kind ``stub_count``) like any other kind."""

from django.urls import reverse

from dealer_training.scenarios.models import Scenario
from tests.scenarios.helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
RAZZ_DEAL = ["4c", "5d", "Kc", "2s", "3h", "Ks", "7h", "8h", "5s", "Ad", "Ac", "2c"]


def _post(client, url, html, **changes):
    response = client.post(url, form_data(html, **changes), **EN)
    return response, response.content.decode()


def test_an_instructor_publishes_a_stub_count_and_the_engine_answers_it(login_as, instructor, org):
    url = reverse("scenarios:create", args=[org.slug])
    client = login_as(instructor)
    html = client.get(url, **EN).content.decode()
    assert '<option value="stub_count">' in html
    _response, html = _post(client, url, html, variant="FR", seats=[1, 3, 4, 6])
    for card in RAZZ_DEAL:
        _response, html = _post(client, url, html, op=f"pick:{card}")
    response, html = _post(client, url, html, kind="stub_count")
    assert response.status_code == 200
    assert "52 − 12 − 0 = 40" in html  # the preview's explanation
    response, _ = _post(client, url, html, op="publish", title="Stub count, razz", kind="stub_count")
    assert response.status_code == 302
    scenario = Scenario.objects.get()
    assert scenario.skill == "stub_count"
    version = scenario.current_version
    assert version.kind == "stub_count"
    # Four players dealt in, no burn yet: 52 - 12 = 40; 4th street needs a burn and four cards.
    assert version.answer["answer"] == {"stub": 40, "needed": 5}
