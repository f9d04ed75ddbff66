"""The drill set's scenario picker: search and filters, several ticked at once, the set's own marked."""

import pytest
from django.urls import reverse

from dealer_training.scenarios.models import DrillSetItem, Scenario
from tests.factories import OrganisationFactory
from tests.scenarios.factories import DrillSetFactory, add_item, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


def titled(org, title, *, status="published", tags=()):
    scenario = make_scenario(org, status="published")
    Scenario.objects.filter(pk=scenario.pk).update(title=title, status=status, tags=list(tags))
    scenario.refresh_from_db()
    return scenario


def rows(html):
    return html.count('class="picker-row')


def test_the_picker_offers_published_scenarios_by_default_and_drafts_on_request(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    titled(org, "Kings up")
    titled(org, "Draft aces", status="draft")
    titled(org, "Old one", status="archived")
    client = login_as(instructor)
    page = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    html = client.get(page, **EN).content.decode()
    assert "Kings up" in html
    assert "Draft aces" not in html
    assert "Old one" not in html
    both = client.get(page, {"status": "both"}, **EN).content.decode()
    assert "Draft aces" in both
    assert "Old one" not in both
    assert 'status--draft">Draft<' in both


def test_search_and_tag_filters_narrow_the_list_and_htmx_gets_only_the_list(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    titled(org, "Razz bring-in", tags=["razz", "week1"])
    titled(org, "Stud pots", tags=["week2"])
    client = login_as(instructor)
    page = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    found = client.get(page, {"q": "razz"}, **HTMX)
    assert found.status_code == 200
    html = found.content.decode()
    assert html.lstrip().startswith('<div id="picker"')
    assert "Razz bring-in" in html
    assert "Stud pots" not in html
    by_tag = client.get(page, {"tag": "week2"}, **HTMX).content.decode()
    assert "Stud pots" in by_tag
    assert "Razz bring-in" not in by_tag
    assert rows(client.get(page, {"tag": "week"}, **HTMX).content.decode()) == 0  # whole tags only


def test_several_ticked_scenarios_are_added_at_once_and_the_sets_own_are_marked(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    a, b, c = (titled(org, title) for title in ("Alpha", "Bravo", "Charlie"))
    add_item(drill_set, scenario=a)
    client = login_as(instructor)
    add = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    response = client.post(f"{add}?q=a", {"kind": "scenarios", "scenarios": [a.pk, b.pk, c.pk]})
    assert response.status_code == 302
    assert "q=a" in response["Location"]  # the filters survive the round trip without JavaScript
    assert list(
        DrillSetItem.objects.filter(drill_set=drill_set).values_list("scenario__title", flat=True)
    ) == [
        "Alpha",
        "Bravo",
        "Charlie",
    ]
    html = client.get(reverse("scenarios:drill_set", args=[org.slug, drill_set.pk]), **EN).content.decode()
    assert html.count("In this set") == 3
    assert f'value="{b.pk}" disabled' in html


def test_ticking_nothing_or_another_organisations_scenario_is_refused(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    elsewhere = make_scenario(OrganisationFactory())
    client = login_as(instructor)
    add = reverse("scenarios:drill_set_item_add", args=[org.slug, drill_set.pk])
    nothing = client.post(add, {"kind": "scenarios"}, **EN)
    assert nothing.status_code == 422
    assert "Tick at least one scenario." in nothing.content.decode()
    assert client.post(add, {"kind": "scenarios", "scenarios": [elsewhere.pk]}).status_code == 422
    assert client.post(add, {"kind": "scenarios", "scenarios": ["x"]}).status_code == 422
    assert not DrillSetItem.objects.exists()


@pytest.mark.parametrize(
    "query", [{"variant": "XX"}, {"kind": "nope"}, {"status": "deleted"}, {"q": "x" * 200}]
)
def test_bad_filters_answer_400(login_as, instructor, org, query):
    drill_set = DrillSetFactory(organisation=org)
    page = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    assert login_as(instructor).get(page, query).status_code == 400


def test_the_picker_lists_no_other_organisations_scenarios(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    titled(OrganisationFactory(), "Foreign hand")
    page = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    assert "Foreign hand" not in login_as(instructor).get(page, {"status": "both"}, **EN).content.decode()
