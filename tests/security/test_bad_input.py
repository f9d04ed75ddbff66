"""Input no page can use (NUL characters, JSON nested too deep) answers 400 with a message."""

import pytest
from django.urls import reverse

from dealer_training.json_input import JSONTooDeep, json_depth, loads
from dealer_training.scenarios.models import Scenario
from tests.scenarios.factories import make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
NUL_MESSAGE = "contains a NUL character"


@pytest.mark.django_db
def test_a_nul_character_in_the_certificate_address_is_a_400_for_anyone(client):
    response = client.get("/certificates/%00/", **EN)
    assert response.status_code == 400
    assert NUL_MESSAGE in response.content.decode()


@pytest.mark.django_db
def test_a_session_cookie_with_a_nul_character_is_ignored(client, org, instructor, login_as):
    response = client.get("/", HTTP_COOKIE='sessionid="abcdefghij\\000k"', **EN)
    assert response.status_code in (200, 302)
    login_as(instructor)
    response = client.get(
        reverse("scenarios:list", args=[org.slug]), HTTP_COOKIE='sessionid="abcdefghij\\000k"'
    )
    assert response.status_code == 302  # to the login page: the cookie names no session


@pytest.mark.django_db
def test_a_nul_character_in_the_scenario_search_is_a_400(client, org, instructor, login_as):
    login_as(instructor)
    url = reverse("scenarios:list", args=[org.slug])
    assert client.get(url, {"q": "stub"}, **EN).status_code == 200
    response = client.get(url, {"q": "a\x00b"}, **EN)
    assert response.status_code == 400
    assert NUL_MESSAGE in response.content.decode()


@pytest.mark.django_db
def test_a_nul_character_in_a_form_field_is_a_400_and_saves_nothing(client, org, instructor, login_as):
    login_as(instructor)
    response = client.post(
        reverse("scenarios:drill_sets", args=[org.slug]), {"title": "Bad\x00title", "description": ""}, **EN
    )
    assert response.status_code == 400
    assert NUL_MESSAGE in response.content.decode()
    assert not org.drill_sets.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("depth", "limit"), [(40, 32), (100_000, 100)])
@pytest.mark.parametrize("field", ["event", "carry"])
def test_deeply_nested_json_in_the_scenario_editor_is_a_400_with_a_message(
    client, org, instructor, login_as, field, depth, limit
):
    scenario = make_scenario(org, user=instructor.user)
    login_as(instructor)
    deep = "[" * depth + "]" * depth if field == "event" else '{"a":' * depth + "1" + "}" * depth
    response = client.post(reverse("scenarios:edit", args=[org.slug, scenario.pk]), {field: deep}, **EN)
    assert response.status_code == 400
    assert f"nested more than {limit} levels deep" in response.content.decode()
    assert Scenario.objects.get(pk=scenario.pk).current_version == scenario.current_version


@pytest.mark.django_db
def test_deeply_nested_json_in_an_admin_json_field_is_a_400(client, org):
    from tests.factories import UserFactory

    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    url = reverse("admin:accounts_organisation_change", args=[org.pk])
    response = client.post(url, {"name": org.name, "slug": org.slug, "rule_overrides": "[" * 50_000}, **EN)
    assert response.status_code == 400
    assert "nested more than 100 levels deep" in response.content.decode()


def test_brackets_inside_strings_do_not_count_towards_the_depth():
    assert json_depth('{"a": [1, {"b": "[[[[{{{{"}]}') == 3
    assert json_depth('"\\"[[["') == 0
    text = '{"a": "' + "[" * 40 + '"}'
    assert loads(text) == {"a": "[" * 40}
    with pytest.raises(JSONTooDeep):
        loads("[" * 33 + "]" * 33)
