"""The staff lists that grow without bound come in pages of PAGE_SIZE, with page links that keep
the filters (components/pager.html, dealer_training.pagination)."""

import re

import pytest
from django.urls import reverse

from dealer_training.accounts.models import Cohort, Role
from dealer_training.pagination import PAGE_SIZE
from dealer_training.scenarios.models import Assignment, DrillSet, DrillSetItem, ImportJob
from tests.factories import MembershipFactory
from tests.scenarios.factories import DrillSetFactory, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

pytestmark = pytest.mark.django_db


def _links(html):
    return [
        link.replace("&amp;", "&")
        for link in re.findall(r'<a class="button" rel="(?:prev|next)" href="([^"]*)"', html)
    ]


def test_the_drill_set_page_shows_its_items_a_page_at_a_time(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    DrillSetItem.objects.bulk_create(
        DrillSetItem(drill_set=drill_set, position=n, skill="stub", variant="F7S", count=1)
        for n in range(1, 121)
    )
    client = login_as(instructor)
    url = reverse("scenarios:drill_set", args=[org.slug, drill_set.pk])
    first = client.get(url, **EN).content.decode()
    assert first.count('class="set-item"') == PAGE_SIZE
    assert "Page 1 of 3 (120 in all)" in first
    assert _links(first) == ["?page=2"]
    last = client.get(url, {"page": 3}, **EN).content.decode()
    assert last.count('class="set-item"') == 20
    assert 'start="101"' in last
    assert _links(last) == ["?page=2"]
    # The first item of a later page can still move up; the page count never fails on a stale link.
    assert 'name="direction" value="up"' in last.split('class="set-item"')[1]
    assert client.get(url, {"page": "99"}, **EN).status_code == 200
    assert client.get(url, {"page": "x"}, **EN).status_code == 200


def test_the_scenario_list_page_links_keep_the_search_and_the_filters(login_as, instructor, org):
    for n in range(PAGE_SIZE + 5):
        make_scenario(org, title=f"Kings {n}")
    client = login_as(instructor)
    url = reverse("scenarios:list", args=[org.slug])
    html = client.get(url, {"q": "Kings", "status": "published", "page": 2}, **EN).content.decode()
    assert "Page 2 of 2 (55 in all)" in html
    assert _links(html) == ["?q=Kings&status=published&page=1"]


@pytest.mark.parametrize("page", ["drill_sets", "assignments", "import", "members", "cohorts", "cohort"])
def test_the_other_staff_lists_come_in_pages(login_as, owner, org, page):
    count = PAGE_SIZE + 1
    if page == "drill_sets":
        DrillSet.objects.bulk_create(DrillSet(organisation=org, title=f"Set {n}") for n in range(count))
        url = reverse("scenarios:drill_sets", args=[org.slug])
    elif page == "assignments":
        drill_set = DrillSetFactory(organisation=org)
        trainee = MembershipFactory(organisation=org, role=Role.TRAINEE)
        Assignment.objects.bulk_create(
            Assignment(organisation=org, drill_set=drill_set, trainee=trainee.user) for _ in range(count)
        )
        url = reverse("scenarios:assignments", args=[org.slug])
    elif page == "import":
        ImportJob.objects.bulk_create(
            ImportJob(organisation=org, filename=f"{n}.json", payload=b"") for n in range(count)
        )
        url = reverse("scenarios:import", args=[org.slug])
    elif page == "cohorts":
        Cohort.objects.bulk_create(Cohort(organisation=org, name=f"Cohort {n}") for n in range(count))
        url = reverse("accounts:cohorts", args=[org.slug])
    elif page == "cohort":
        cohort = Cohort.objects.create(organisation=org, name="Morning")
        cohort.members.set([MembershipFactory(organisation=org, role=Role.TRAINEE) for _ in range(count)])
        url = reverse("accounts:cohort", args=[org.slug, cohort.pk])
    else:
        for _ in range(count):
            MembershipFactory(organisation=org, role=Role.TRAINEE)
        url = reverse("accounts:members", args=[org.slug])
    client = login_as(owner)
    html = client.get(url, **EN).content.decode()
    assert "Page 1 of 2" in html
    assert _links(html) == ["?page=2"]
    assert client.get(url, {"page": 2}, **EN).status_code == 200


def test_changing_an_item_keeps_the_page_of_items(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org)
    DrillSetItem.objects.bulk_create(
        DrillSetItem(drill_set=drill_set, position=n, skill="stub", variant="F7S", count=1)
        for n in range(1, 61)
    )
    item = drill_set.items.get(position=55)
    client = login_as(instructor)
    url = reverse("scenarios:drill_set_item_remove", args=[org.slug, drill_set.pk, item.pk])
    page = client.get(reverse("scenarios:drill_set", args=[org.slug, drill_set.pk]), {"page": 2}, **EN)
    assert f'action="{url}?page=2"' in page.content.decode()
    fragment = client.post(f"{url}?page=2", HTTP_HX_REQUEST="true", **EN).content.decode()
    assert "Page 2 of 2 (59 in all)" in fragment
    assert fragment.count('class="set-item"') == 9
    response = client.post(url.replace(str(item.pk), str(drill_set.items.get(position=56).pk)) + "?page=2")
    assert response["Location"].endswith(f"/sets/{drill_set.pk}/?page=2")
