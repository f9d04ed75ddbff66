"""Removing a member can be undone: an owner restores them from the members page."""

import pytest
from django.test import Client
from django.urls import reverse

from dealer_training.accounts.models import Membership, Role
from dealer_training.accounts.services import membership_remove
from tests.factories import MembershipFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def restore_url(membership, slug="ginza"):
    return reverse("accounts:member_restore", kwargs={"org_slug": slug, "pk": membership.pk})


def test_an_owner_restores_a_removed_member_who_gets_access_back_at_once(login_as, owner, trainee):
    membership_remove(membership=trainee, by=owner)
    client = login_as(owner)
    page = client.get("/o/ginza/members/", **EN).content.decode()
    assert restore_url(trainee) in page
    response = client.post(restore_url(trainee), follow=True, **EN)
    assert f"{trainee.user.display_name} is a member again, as Trainee." in response.content.decode()
    trainee.refresh_from_db()
    assert not trainee.is_removed
    assert trainee.role == Role.TRAINEE
    them = Client()
    them.force_login(trainee.user)
    assert them.get("/o/ginza/").status_code == 200


@pytest.mark.parametrize("who", ["instructor", "trainee"])
def test_only_owners_restore(login_as, owner, instructor, trainee, who):
    removed = MembershipFactory(organisation=owner.organisation, role=Role.TRAINEE)
    membership_remove(membership=removed, by=owner)
    actor = {"instructor": instructor, "trainee": trainee}[who]
    assert login_as(actor).post(restore_url(removed)).status_code == 403
    assert Membership.objects.get(pk=removed.pk).is_removed


def test_restoring_a_current_member_or_one_of_another_organisation_is_a_404(login_as, owner, trainee):
    elsewhere = MembershipFactory(role=Role.TRAINEE)
    elsewhere_owner = MembershipFactory(organisation=elsewhere.organisation, role=Role.OWNER)
    membership_remove(membership=elsewhere, by=elsewhere_owner)
    client = login_as(owner)
    assert client.post(restore_url(trainee)).status_code == 404
    assert client.post(restore_url(elsewhere)).status_code == 404
    assert Membership.objects.get(pk=elsewhere.pk).is_removed


def test_a_get_on_restore_answers_405(login_as, owner, trainee):
    membership_remove(membership=trainee, by=owner)
    assert login_as(owner).get(restore_url(trainee)).status_code == 405
