"""Cohort pages: create, rename, add and remove trainees, delete."""

import pytest
from django.urls import reverse

from dealer_training.accounts.models import Cohort, Role
from tests.factories import MembershipFactory, OrganisationFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


def test_an_instructor_creates_a_cohort_and_lands_on_its_page(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("accounts:cohorts", args=[org.slug])
    assert client.get(url, **EN).status_code == 200
    response = client.post(url, {"name": "  Spring   intake "})
    cohort = Cohort.objects.get()
    assert cohort.name == "Spring intake"
    assert response["Location"] == reverse("accounts:cohort", args=[org.slug, cohort.pk])
    assert "Spring intake" in client.get(url, **EN).content.decode()


def test_a_cohort_name_is_required_and_unique_in_the_organisation(login_as, instructor, org):
    Cohort.objects.create(organisation=org, name="Night shift")
    Cohort.objects.create(organisation=OrganisationFactory(), name="Day shift")
    client = login_as(instructor)
    url = reverse("accounts:cohorts", args=[org.slug])
    response = client.post(url, {"name": "Night shift"}, **EN)
    assert response.status_code == 422
    assert "A cohort with this name already exists." in response.content.decode()
    assert client.post(url, {"name": "   "}).status_code == 422
    assert client.post(url, {"name": "Day shift"}).status_code == 302  # other rooms may use the name


def test_renaming_a_cohort(login_as, instructor, org):
    cohort = Cohort.objects.create(organisation=org, name="A")
    Cohort.objects.create(organisation=org, name="B")
    client = login_as(instructor)
    url = reverse("accounts:cohort", args=[org.slug, cohort.pk])
    assert client.post(url, {"name": "B"}, **EN).status_code == 422
    client.post(url, {"name": "C"})
    cohort.refresh_from_db()
    assert cohort.name == "C"


def test_adding_and_removing_trainees_with_htmx(login_as, instructor, trainee, org):
    cohort = Cohort.objects.create(organisation=org, name="A")
    client = login_as(instructor)
    add = reverse("accounts:cohort_member_add", args=[org.slug, cohort.pk])
    response = client.post(add, {"membership": trainee.pk}, **HTMX)
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="members"')
    assert list(cohort.members.all()) == [trainee]
    # Already in: not offered again.
    assert client.post(add, {"membership": trainee.pk}, **HTMX).status_code == 422
    remove = reverse("accounts:cohort_member_remove", args=[org.slug, cohort.pk, trainee.pk])
    client.post(remove, **HTMX)
    assert not cohort.members.exists()


def test_only_trainees_of_the_organisation_can_join_a_cohort(login_as, instructor, org):
    cohort = Cohort.objects.create(organisation=org, name="A")
    outsider = MembershipFactory(organisation=OrganisationFactory(), role=Role.TRAINEE)
    client = login_as(instructor)
    add = reverse("accounts:cohort_member_add", args=[org.slug, cohort.pk])
    assert client.post(add, {"membership": outsider.pk}).status_code == 422
    assert client.post(add, {"membership": instructor.pk}).status_code == 422
    assert not cohort.members.exists()


def test_deleting_a_cohort_keeps_its_trainees(login_as, instructor, trainee, org):
    cohort = Cohort.objects.create(organisation=org, name="A")
    cohort.members.add(trainee)
    login_as(instructor).post(reverse("accounts:cohort_delete", args=[org.slug, cohort.pk]))
    assert not Cohort.objects.exists()
    trainee.refresh_from_db()


def test_another_organisations_cohort_is_404(login_as, instructor, org):
    cohort = Cohort.objects.create(organisation=OrganisationFactory(), name="Theirs")
    client = login_as(instructor)
    assert client.get(reverse("accounts:cohort", args=[org.slug, cohort.pk])).status_code == 404
    assert client.post(reverse("accounts:cohort_delete", args=[org.slug, cohort.pk])).status_code == 404


@pytest.mark.parametrize("url_name", ["accounts:cohorts"])
def test_trainees_cannot_manage_cohorts_and_anonymous_users_go_to_login(
    client, login_as, trainee, org, url_name
):
    url = reverse(url_name, args=[org.slug])
    assert client.get(url).status_code == 302
    assert login_as(trainee).get(url).status_code == 403


def test_cohort_pages_refuse_other_methods(login_as, instructor, org):
    cohort = Cohort.objects.create(organisation=org, name="A")
    client = login_as(instructor)
    assert client.get(reverse("accounts:cohort_delete", args=[org.slug, cohort.pk])).status_code == 405
    assert client.get(reverse("accounts:cohort_member_add", args=[org.slug, cohort.pk])).status_code == 405
