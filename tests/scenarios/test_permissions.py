"""Every authoring page, checked for each kind of visitor: staff of the organisation open it,
trainees get 403, members of another organisation 404, anonymous visitors the login page."""

from collections import defaultdict
from types import SimpleNamespace

import pytest
from django.urls import reverse

from dealer_training.accounts.models import Cohort, Role
from dealer_training.scenarios.models import ImportJob
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import DrillSetFactory, add_item, assign, make_scenario

# (url name, how to build its arguments from the objects, method)
PAGES = [
    ("scenarios:list", lambda o: [], "get"),
    ("scenarios:create", lambda o: [], "get"),
    ("scenarios:edit", lambda o: [o["scenario"].pk], "get"),
    ("scenarios:status", lambda o: [o["scenario"].pk], "post"),
    ("scenarios:delete", lambda o: [o["scenario"].pk], "post"),
    ("scenarios:vary", lambda o: [o["scenario"].pk], "get"),
    ("scenarios:export_one", lambda o: [o["scenario"].pk], "get"),
    ("scenarios:import", lambda o: [], "get"),
    ("scenarios:import_job", lambda o: [o["job"].pk], "get"),
    ("scenarios:export", lambda o: [], "get"),
    ("scenarios:drill_sets", lambda o: [], "get"),
    ("scenarios:drill_set", lambda o: [o["drill_set"].pk], "get"),
    ("scenarios:drill_set_item_add", lambda o: [o["drill_set"].pk], "post"),
    ("scenarios:drill_set_item_move", lambda o: [o["drill_set"].pk, o["item"].pk], "post"),
    ("scenarios:drill_set_item_remove", lambda o: [o["drill_set"].pk, o["item"].pk], "post"),
    ("scenarios:drill_set_delete", lambda o: [o["drill_set"].pk], "post"),
    ("scenarios:assignments", lambda o: [], "get"),
    ("scenarios:assignment_delete", lambda o: [o["assignment"].pk], "post"),
    ("accounts:cohorts", lambda o: [], "get"),
    ("accounts:cohort", lambda o: [o["cohort"].pk], "get"),
    ("accounts:cohort_member_add", lambda o: [o["cohort"].pk], "post"),
    ("accounts:cohort_member_remove", lambda o: [o["cohort"].pk, o["member"].pk], "post"),
    ("accounts:cohort_delete", lambda o: [o["cohort"].pk], "post"),
    ("items:list", lambda o: [], "get"),
    ("items:detail", lambda o: [o["scenario"].pk], "get"),
]
IDS = [name for name, _, _ in PAGES]
# Pages about one object (a scenario, a drill set, ...), found by building their arguments.
_ANY = defaultdict(lambda: SimpleNamespace(pk=1))
OBJECT_PAGES = [page for page in PAGES if page[1](_ANY)]


def _objects(org):
    scenario = make_scenario(org, status="draft")
    drill_set = DrillSetFactory(organisation=org)
    member = MembershipFactory(organisation=org, role=Role.TRAINEE)
    cohort = Cohort.objects.create(organisation=org, name="A")
    cohort.members.add(member)
    return {
        "scenario": scenario,
        "drill_set": drill_set,
        "item": add_item(drill_set, skill="stub"),
        "assignment": assign(drill_set, cohort=cohort),
        "cohort": cohort,
        "member": member,
        "job": ImportJob.objects.create(organisation=org, filename="a.json", status="done"),
    }


def _request(client, method, url):
    return client.get(url) if method == "get" else client.post(url, {})


@pytest.mark.parametrize(("name", "args", "method"), PAGES, ids=IDS)
def test_a_trainee_of_the_organisation_gets_403(login_as, trainee, org, name, args, method):
    url = reverse(name, args=[org.slug, *args(_objects(org))])
    assert _request(login_as(trainee), method, url).status_code == 403


@pytest.mark.parametrize(("name", "args", "method"), PAGES, ids=IDS)
def test_an_anonymous_visitor_is_sent_to_login(client, org, name, args, method):
    url = reverse(name, args=[org.slug, *args(_objects(org))])
    response = _request(client, method, url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize(("name", "args", "method"), PAGES, ids=IDS)
def test_staff_of_another_organisation_get_404(client, org, name, args, method):
    outsider = MembershipFactory(organisation=OrganisationFactory(), role=Role.OWNER)
    client.force_login(outsider.user)
    url = reverse(name, args=[org.slug, *args(_objects(org))])
    assert _request(client, method, url).status_code == 404


@pytest.mark.parametrize(("name", "args", "method"), OBJECT_PAGES, ids=[p[0] for p in OBJECT_PAGES])
def test_an_object_of_another_organisation_is_404_from_ones_own_pages(
    login_as, instructor, org, name, args, method
):
    url = reverse(name, args=[org.slug, *args(_objects(OrganisationFactory()))])
    assert _request(login_as(instructor), method, url).status_code == 404


@pytest.mark.parametrize("role", [Role.OWNER, Role.INSTRUCTOR])
@pytest.mark.parametrize(
    ("name", "args", "method"),
    [p for p in PAGES if p[2] == "get"],
    ids=[p[0] for p in PAGES if p[2] == "get"],
)
def test_owners_and_instructors_open_every_page(client, org, role, name, args, method):
    member = MembershipFactory(organisation=org, role=role)
    client.force_login(member.user)
    url = reverse(name, args=[org.slug, *args(_objects(org))])
    assert client.get(url).status_code == 200
