import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from dealer_training.accounts.access import (
    ACCESS_RULE_ATTR,
    AccessRule,
    access_rule_of,
    org_view,
    public_view,
)
from dealer_training.accounts.models import Role
from tests.factories import MembershipFactory, OrganisationFactory

ORG_PAGES = ["accounts:org_home", "accounts:members", "accounts:house_rules"]


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":  # the admin has its own staff-only login
                continue
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.callback


def test_every_view_in_the_url_conf_declares_an_access_rule():
    views = list(_walk(get_resolver().url_patterns))
    assert len(views) >= 15, "the walk should see the project's views"
    missing = [route for route, view in views if not isinstance(access_rule_of(view), AccessRule)]
    assert not missing, f"views without public_view/authenticated_view/org_view: {missing}"


def test_organisation_pages_record_their_allowed_roles():
    rules = {route: access_rule_of(view) for route, view in _walk(get_resolver().url_patterns)}
    assert rules["o/<slug:org_slug>/"] == AccessRule(kind="org", roles=frozenset(Role.values))
    assert rules["o/<slug:org_slug>/members/"].roles == {Role.OWNER, Role.INSTRUCTOR}
    assert rules["o/<slug:org_slug>/house-rules/"].roles == {Role.OWNER}
    assert rules["accounts/login/"].kind == "public"
    assert rules["orgs/"].kind == "authenticated"
    assert all(rule.kind == "org" for route, rule in rules.items() if route.startswith("o/"))


def test_org_view_rejects_unknown_roles_and_double_declarations():
    with pytest.raises(ValueError, match="roles"):
        org_view(roles=["dealer"])
    with pytest.raises(ValueError, match="roles"):
        org_view(roles=[])
    with pytest.raises(TypeError, match="already declares"):
        public_view(org_view(roles=[Role.OWNER])(lambda request: HttpResponse()))


@pytest.mark.parametrize("url_name", ORG_PAGES)
def test_anonymous_users_are_redirected_to_login_from_organisation_pages(client, org, url_name):
    url = reverse(url_name, kwargs={"org_slug": org.slug})
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:login')}?next={url}"


@pytest.mark.parametrize("url_name", ["accounts:choose_org", "accounts:password_change"])
def test_anonymous_users_are_redirected_to_login_from_account_pages(client, db, url_name):
    response = client.get(reverse(url_name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize("url_name", ORG_PAGES)
def test_a_member_of_one_organisation_gets_404_on_another_organisations_pages(login_as, owner, url_name):
    other = OrganisationFactory(slug="osaka")
    MembershipFactory(organisation=other, role=Role.OWNER)
    response = login_as(owner).get(reverse(url_name, kwargs={"org_slug": other.slug}))
    assert response.status_code == 404


def test_an_organisation_that_does_not_exist_also_answers_404(login_as, owner):
    assert login_as(owner).get("/o/no-such-room/").status_code == 404


@pytest.mark.parametrize(
    ("role", "url_name", "status"),
    [
        (Role.TRAINEE, "accounts:org_home", 200),
        (Role.TRAINEE, "accounts:members", 403),
        (Role.TRAINEE, "accounts:house_rules", 403),
        (Role.INSTRUCTOR, "accounts:members", 200),
        (Role.INSTRUCTOR, "accounts:house_rules", 403),
        (Role.OWNER, "accounts:members", 200),
        (Role.OWNER, "accounts:house_rules", 200),
    ],
)
def test_roles_decide_which_organisation_pages_open(login_as, org, role, url_name, status):
    membership = MembershipFactory(organisation=org, role=role)
    response = login_as(membership).get(
        reverse(url_name, kwargs={"org_slug": org.slug}), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == status
    if status == 403:
        assert (
            "Your role in this organisation does not give access to this page." in response.content.decode()
        )


def test_org_view_sets_the_organisation_and_membership_on_the_request(owner):
    seen = {}

    @org_view(roles=[Role.OWNER])
    def view(request):
        seen["org"], seen["membership"] = request.org, request.membership
        return HttpResponse("ok")

    request = RequestFactory().get("/o/ginza/")
    request.user = owner.user
    request.session = {}
    response = view(request, org_slug="ginza")
    assert response.status_code == 200
    assert seen == {"org": owner.organisation, "membership": owner}
    assert request.session["current_org_slug"] == "ginza"
    assert getattr(view, ACCESS_RULE_ATTR).roles == {Role.OWNER}


def _accounts_links(response):
    # Other apps add their own pages to the menu; these tests check the accounts pages.
    return [link for link in response.context["nav_links"] if resolve(link.url).namespace == "accounts"]


def _nav_labels(response):
    return [str(link.label) for link in _accounts_links(response)]


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        (Role.OWNER, ["Home", "Members", "House rules"]),
        (Role.INSTRUCTOR, ["Home", "Members"]),
        (Role.TRAINEE, ["Home"]),
    ],
)
def test_navigation_shows_only_the_pages_the_role_may_open(login_as, org, role, expected):
    membership = MembershipFactory(organisation=org, role=role)
    client = login_as(membership)
    response = client.get(
        reverse("accounts:org_home", kwargs={"org_slug": org.slug}), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert _nav_labels(response) == expected
    html = response.content.decode()
    assert ('href="/o/ginza/house-rules/"' in html) is (role == Role.OWNER)
    assert ('href="/o/ginza/members/"' in html) is (role != Role.TRAINEE)
    for link in response.context["nav_links"]:
        assert client.get(link.url).status_code == 200


def test_navigation_marks_the_current_page(login_as, owner):
    response = login_as(owner).get("/o/ginza/members/", HTTP_ACCEPT_LANGUAGE="en")
    assert [link.current for link in _accounts_links(response)] == [False, True, False]
    assert 'href="/o/ginza/members/" aria-current="page"' in response.content.decode()


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/o/ginza/"),
        ("delete", "/o/ginza/members/"),
        ("get", "/o/ginza/members/invites/"),
        ("put", "/o/ginza/house-rules/"),
        ("post", "/health/"),
        ("put", "/accounts/login/"),
        ("get", "/accounts/logout/"),
    ],
)
def test_wrong_http_method_answers_405(login_as, owner, method, url):
    response = getattr(login_as(owner), method)(url)
    assert response.status_code == 405


def test_a_page_of_an_organisation_reads_the_login_with_the_membership_in_one_query(client, trainee):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(trainee.user)
    url = reverse("drills:index", args=[trainee.organisation.slug])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert response.wsgi_request.user == trainee.user
    reads = [q["sql"] for q in queries.captured_queries if 'FROM "accounts_' in q["sql"]]
    # The membership's read joins the user and the organisation; the user is not read again.
    assert len(reads) == 1
    assert 'INNER JOIN "accounts_user"' in reads[0]


@pytest.mark.parametrize("change", ["password changed", "deactivated"])
def test_the_login_read_with_the_membership_is_checked_as_always(client, trainee, change):
    client.force_login(trainee.user)
    url = reverse("drills:index", args=[trainee.organisation.slug])
    assert client.get(url).status_code == 200
    user = trainee.user
    if change == "password changed":  # elsewhere: this session's hash no longer matches
        user.set_password("a-new-password-2")
    else:
        user.is_active = False
    user.save()
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_a_member_of_another_organisation_gets_404_with_the_login_read_once(client, trainee):
    other = MembershipFactory(organisation=OrganisationFactory(slug="elsewhere"))
    client.force_login(trainee.user)
    response = client.get(reverse("drills:index", args=[other.organisation.slug]))
    assert response.status_code == 404
    assert response.wsgi_request.user == trainee.user
