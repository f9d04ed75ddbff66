"""While the database cannot be reached, pages answer 503 with a page; afterwards they work again."""

from django.db import OperationalError
from django.urls import reverse


def test_a_lost_database_connection_answers_503_with_a_page_and_the_next_request_works(
    client, trainee, monkeypatch
):
    from dealer_training.accounts import access

    client.force_login(trainee.user)
    url = reverse("drills:index", args=[trainee.organisation.slug])
    real = access.membership_and_user

    def database_gone(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(access, "membership_and_user", database_gone)
    response = client.get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert "Temporarily unavailable" in html
    assert "一時的に利用できません" in html
    assert "Traceback" not in html
    assert "OperationalError" not in html

    monkeypatch.setattr(access, "membership_and_user", real)
    assert client.get(url).status_code == 200


def test_other_errors_are_not_dressed_up_as_an_outage(client, trainee, monkeypatch):
    from dealer_training.accounts import access

    client.raise_request_exception = False
    client.force_login(trainee.user)

    def broken(**kwargs):
        raise ValueError("a bug, not an outage")

    monkeypatch.setattr(access, "membership_and_user", broken)
    response = client.get(reverse("drills:index", args=[trainee.organisation.slug]))
    assert response.status_code == 500
