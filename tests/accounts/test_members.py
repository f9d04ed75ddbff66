"""Owners change members' roles and remove members; removal ends access and keeps the history."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.accounts.models import Invite, Membership, Role
from dealer_training.accounts.services import (
    MembershipError,
    invite_accept,
    invite_create,
    membership_remove,
    membership_role_change,
)
from dealer_training.drills.models import Attempt, Certificate, DrillSession
from dealer_training.progress import exports
from tests.factories import MembershipFactory
from tests.progress.factories import CertificateFactory, CohortFactory, add_attempts, series

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def role_url(membership):
    return reverse("accounts:member_role", kwargs={"org_slug": "ginza", "pk": membership.pk})


def remove_url(membership):
    return reverse("accounts:member_remove", kwargs={"org_slug": "ginza", "pk": membership.pk})


def test_an_owner_changes_a_trainees_role(login_as, owner, trainee):
    response = login_as(owner).post(role_url(trainee), {"role": "instructor"}, follow=True, **EN)
    assert response.status_code == 200
    trainee.refresh_from_db()
    assert trainee.role == Role.INSTRUCTOR
    assert f"{trainee.user.display_name} is now: Instructor." in response.content.decode()


def test_the_members_page_offers_owners_a_role_form_and_a_remove_link_and_instructors_neither(
    login_as, owner, instructor, trainee
):
    client = login_as(owner)
    page = client.get("/o/ginza/members/", **EN).content.decode()
    assert role_url(trainee) in page
    assert remove_url(trainee) in page
    page = login_as(instructor).get("/o/ginza/members/", **EN).content.decode()
    assert role_url(trainee) not in page
    assert remove_url(trainee) not in page


def test_the_last_owner_cannot_be_demoted(login_as, owner):
    response = login_as(owner).post(role_url(owner), {"role": "instructor"}, **EN)
    assert response.status_code == 409
    assert "An organisation needs at least one owner." in response.content.decode()
    owner.refresh_from_db()
    assert owner.role == Role.OWNER


def test_an_owner_can_be_demoted_while_another_owner_remains(login_as, owner):
    second = MembershipFactory(organisation=owner.organisation, role=Role.OWNER)
    assert login_as(owner).post(role_url(second), {"role": "trainee"}).status_code == 302
    second.refresh_from_db()
    assert second.role == Role.TRAINEE
    with pytest.raises(MembershipError) as error:
        membership_role_change(membership=owner, role=Role.TRAINEE, by=owner)
    assert error.value.code == "last_owner"


def test_an_owner_demoting_themselves_lands_on_a_page_they_may_still_open(login_as, owner):
    MembershipFactory(organisation=owner.organisation, role=Role.OWNER)
    response = login_as(owner).post(role_url(owner), {"role": "trainee"})
    assert response.status_code == 302
    assert response["Location"] == "/o/ginza/"


def test_a_role_that_does_not_exist_answers_422(login_as, owner, trainee):
    response = login_as(owner).post(role_url(trainee), {"role": "croupier"}, **EN)
    assert response.status_code == 422
    assert "Choose one of the roles." in response.content.decode()
    trainee.refresh_from_db()
    assert trainee.role == Role.TRAINEE


def test_the_last_owner_cannot_be_removed(login_as, owner):
    client = login_as(owner)
    confirm = client.get(remove_url(owner), **EN).content.decode()
    assert "An organisation needs at least one owner." in confirm
    assert "Remove from the organisation" not in confirm
    response = client.post(remove_url(owner), **EN)
    assert response.status_code == 409
    assert "An organisation needs at least one owner." in response.content.decode()
    owner.refresh_from_db()
    assert not owner.is_removed


def test_removing_asks_for_confirmation_first(login_as, owner, trainee):
    response = login_as(owner).get(remove_url(trainee), **EN)
    page = response.content.decode()
    assert response.status_code == 200
    assert f"Remove {trainee.user.display_name} ({trainee.user.email}, Trainee) from Ginza Card Room?" in page
    assert "Remove from the organisation" in page
    trainee.refresh_from_db()
    assert not trainee.is_removed


def test_a_removed_member_loses_access_but_keeps_their_history_in_the_reports(login_as, owner, trainee):
    add_attempts(membership=trainee, results=series(3))
    CertificateFactory(organisation=owner.organisation, trainee=trainee.user)
    attempts, sessions = Attempt.objects.count(), DrillSession.objects.count()
    client = login_as(owner)
    response = client.post(remove_url(trainee), follow=True, **EN)
    assert response.status_code == 200
    assert f"{trainee.user.display_name} was removed from Ginza Card Room." in response.content.decode()
    trainee.refresh_from_db()
    assert trainee.is_removed
    assert (Attempt.objects.count(), DrillSession.objects.count(), Certificate.objects.count()) == (
        attempts,
        sessions,
        1,
    )
    members_page = client.get("/o/ginza/members/", **EN).content.decode()
    assert "Removed members" in members_page
    assert trainee.user.email in members_page
    assert role_url(trainee) not in members_page
    # the reports still name them
    certificates = client.get(reverse("progress:certificates", kwargs={"org_slug": "ginza"})).content.decode()
    assert trainee.user.display_name in certificates
    detail = client.get(
        reverse("progress:trainee_detail", kwargs={"org_slug": "ginza", "trainee_id": trainee.user_id}), **EN
    )
    assert detail.status_code == 200
    assert trainee.user.display_name in detail.content.decode()
    assert "Removed from the organisation on" in detail.content.decode()
    today = timezone.localdate()
    filters = exports.ExportFilters(kind=exports.Kind.ATTEMPTS, start=today - timedelta(days=1), end=today)
    rows = list(exports.rows(owner.organisation, filters))
    assert sum(1 for row in rows if trainee.user.email in row) == attempts
    # and they themselves can no longer open the organisation
    client.force_login(trainee.user)
    assert client.get("/o/ginza/").status_code == 404
    assert client.get(reverse("drills:index", kwargs={"org_slug": "ginza"})).status_code == 404
    assert client.get("/orgs/").status_code == 200
    assert "Ginza Card Room" not in client.get("/orgs/", **EN).content.decode()


def test_removing_takes_the_member_out_of_cohorts_and_voids_their_open_invites(owner, instructor, trainee):
    cohort = CohortFactory(organisation=owner.organisation)
    cohort.members.add(trainee)
    invite_create(inviter=instructor, role=Role.TRAINEE)
    membership_remove(membership=trainee, by=owner)
    membership_remove(membership=instructor, by=owner)
    assert not cohort.members.exists()
    assert not Invite.objects.exists()


def test_a_demoted_owner_loses_the_staff_invites_they_had_made(owner):
    second = MembershipFactory(organisation=owner.organisation, role=Role.OWNER)
    staff_invite = invite_create(inviter=second, role=Role.OWNER)
    trainee_invite = invite_create(inviter=second, role=Role.TRAINEE)
    membership_role_change(membership=second, role=Role.INSTRUCTOR, by=owner)
    assert list(Invite.objects.values_list("pk", flat=True)) == [trainee_invite.pk]
    assert not Invite.objects.filter(pk=staff_invite.pk).exists()


def test_a_removed_member_can_be_invited_back_and_finds_their_history(owner, trainee):
    add_attempts(membership=trainee, results=series(2))
    membership_remove(membership=trainee, by=owner)
    invite = invite_create(inviter=owner, role=Role.INSTRUCTOR)
    back = invite_accept(code=invite.code, user=trainee.user)
    assert back.pk == trainee.pk
    assert back.role == Role.INSTRUCTOR
    assert not back.is_removed
    assert Attempt.objects.filter(trainee=trainee.user).count() == 2


def test_an_owner_removing_themselves_is_sent_to_the_organisation_chooser(login_as, owner):
    MembershipFactory(organisation=owner.organisation, role=Role.OWNER)
    response = login_as(owner).post(remove_url(owner))
    assert response.status_code == 302
    assert response["Location"] == "/orgs/"
    owner.refresh_from_db()
    assert owner.is_removed


@pytest.mark.parametrize("who", ["instructor", "trainee"])
def test_only_owners_change_roles_or_remove_members(login_as, owner, instructor, trainee, who):
    member = {"instructor": instructor, "trainee": trainee}[who]
    client = login_as(member)
    assert client.post(role_url(trainee), {"role": "owner"}).status_code == 403
    assert client.post(role_url(member), {"role": "owner"}).status_code == 403
    assert client.get(remove_url(owner)).status_code == 403
    assert client.post(remove_url(owner)).status_code == 403
    assert set(Membership.objects.values_list("role", "removed_at")) == {
        (Role.OWNER, None),
        (Role.INSTRUCTOR, None),
        (Role.TRAINEE, None),
    }
    with pytest.raises(MembershipError) as error:
        membership_remove(membership=owner, by=member)
    assert error.value.code == "not_allowed"


def test_members_of_another_organisation_or_removed_ones_answer_404(login_as, owner, trainee):
    stranger = MembershipFactory(organisation__slug="osaka")
    client = login_as(owner)
    assert client.post(role_url(stranger), {"role": "owner"}).status_code == 404
    assert client.get(remove_url(stranger)).status_code == 404
    assert client.post(remove_url(stranger)).status_code == 404
    membership_remove(membership=trainee, by=owner)
    assert client.post(role_url(trainee), {"role": "owner"}).status_code == 404
    assert client.post(remove_url(trainee)).status_code == 404
    stranger.refresh_from_db()
    assert stranger.role == Role.TRAINEE
    assert not stranger.is_removed


def test_a_get_on_the_role_change_answers_405(login_as, owner, trainee):
    assert login_as(owner).get(role_url(trainee)).status_code == 405


def test_a_removed_trainee_leaves_the_live_lists_but_not_the_exam_records(login_as, owner, trainee):
    from dealer_training.accounts.cohorts import CohortMemberForm
    from dealer_training.scenarios.forms import AssignmentForm

    add_attempts(membership=trainee, results=series(2))
    CertificateFactory(organisation=owner.organisation, trainee=trainee.user)
    membership_remove(membership=trainee, by=owner)
    cohort = CohortFactory(organisation=owner.organisation)
    assert trainee not in CohortMemberForm(cohort=cohort).fields["membership"].queryset
    assert trainee not in AssignmentForm(organisation=owner.organisation).fields["trainee"].queryset
    client = login_as(owner)
    report = client.get(reverse("progress:cohort_report", kwargs={"org_slug": "ginza"}), **EN)
    assert trainee.user.display_name not in report.content.decode()
    certificates = client.get(reverse("progress:certificates", kwargs={"org_slug": "ginza"}), **EN)
    assert trainee.user.display_name in certificates.content.decode()
    home = client.get("/o/ginza/", **EN).content.decode()
    assert trainee.user.display_name not in home


@pytest.mark.django_db(transaction=True)
def test_two_owners_demoting_each_other_at_the_same_moment_leave_one_owner():
    import threading

    from django.db import connection

    from tests.factories import OrganisationFactory

    org = OrganisationFactory(slug="ginza")
    first, second = (MembershipFactory(organisation=org, role=Role.OWNER) for _ in range(2))
    barrier = threading.Barrier(2)
    outcomes = []

    def demote(target, by):
        barrier.wait()
        try:
            membership_role_change(membership=target, role=Role.TRAINEE, by=by)
            outcomes.append("changed")
        except MembershipError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=demote, args=(first, second)),
        threading.Thread(target=demote, args=(second, first)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["changed", "not_allowed"]
    assert Membership.objects.filter(organisation=org, role=Role.OWNER).count() == 1
