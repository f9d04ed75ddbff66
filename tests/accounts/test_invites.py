from datetime import timedelta

import pytest
from django.utils import timezone

from dealer_training.accounts.models import Invite, Membership, Role
from dealer_training.accounts.services import InviteError, invite_accept, invite_create
from tests.factories import InviteFactory, MembershipFactory, UserFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _signup(code, email="newcomer@example.com"):
    return {
        "name": "新人 太郎",
        "email": email,
        "password1": "Felt-and-chips-42",
        "password2": "Felt-and-chips-42",
    }


@pytest.mark.parametrize(
    ("inviter_role", "role", "allowed"),
    [
        (Role.OWNER, Role.OWNER, True),
        (Role.OWNER, Role.INSTRUCTOR, True),
        (Role.OWNER, Role.TRAINEE, True),
        (Role.INSTRUCTOR, Role.TRAINEE, True),
        (Role.INSTRUCTOR, Role.INSTRUCTOR, False),
        (Role.INSTRUCTOR, Role.OWNER, False),
        (Role.TRAINEE, Role.TRAINEE, False),
    ],
)
def test_owners_invite_any_role_instructors_only_trainees_and_trainees_nobody(
    org, inviter_role, role, allowed
):
    inviter = MembershipFactory(organisation=org, role=inviter_role)
    if allowed:
        invite = invite_create(inviter=inviter, role=role)
        assert invite.role == role
        assert len(invite.code) == 12
        assert invite.expires_at > timezone.now() + timedelta(days=6)
    else:
        with pytest.raises(InviteError) as error:
            invite_create(inviter=inviter, role=role)
        assert error.value.code == "role_not_allowed"


def test_the_members_page_offers_each_role_only_what_it_may_invite(login_as, owner, instructor):
    owner_page = login_as(owner).get("/o/ginza/members/", **EN)
    assert [value for value, _ in owner_page.context["form"].fields["role"].choices] == [
        "owner",
        "instructor",
        "trainee",
    ]
    assert "Instructors can invite trainees." in owner_page.content.decode()
    instructor_page = login_as(instructor).get("/o/ginza/members/", **EN)
    assert [value for value, _ in instructor_page.context["form"].fields["role"].choices] == ["trainee"]


def test_an_invite_with_a_role_that_does_not_exist_gets_a_form_error(login_as, owner):
    response = login_as(owner).post("/o/ginza/members/invites/", {"role": "croupier"}, **EN)
    assert response.status_code == 422
    assert "Select a valid choice." in response.content.decode()
    assert not Invite.objects.exists()


def test_a_trainee_cannot_create_invites(login_as, trainee):
    response = login_as(trainee).post("/o/ginza/members/invites/", {"role": "trainee"})
    assert response.status_code == 403
    assert not Invite.objects.exists()


def test_creating_an_invite_shows_its_code_and_link(login_as, owner):
    client = login_as(owner)
    response = client.post("/o/ginza/members/invites/", {"role": "instructor"}, follow=True, **EN)
    invite = Invite.objects.get()
    page = response.content.decode()
    assert invite.created_by == owner.user
    assert invite.code_display in page
    assert f"http://testserver/join/{invite.code}/" in page
    assert "created for a new Instructor" in page


def test_creating_an_invite_with_htmx_returns_only_the_invites_fragment(login_as, owner):
    response = login_as(owner).post(
        "/o/ginza/members/invites/", {"role": "trainee"}, HTTP_HX_REQUEST="true", **EN
    )
    assert response.status_code == 200
    page = response.content.decode()
    invite = Invite.objects.get()
    assert page.lstrip().startswith('<div id="invites"')
    assert "<html" not in page
    assert invite.code_display in page
    assert "Done:" in page  # the confirmation travels inside the fragment


def test_an_invalid_htmx_invite_post_rerenders_the_fragment_with_422(login_as, owner):
    response = login_as(owner).post(
        "/o/ginza/members/invites/", {"role": "dealer"}, HTTP_HX_REQUEST="true", **EN
    )
    assert response.status_code == 422
    assert response.content.decode().lstrip().startswith('<div id="invites"')
    assert "Select a valid choice." in response.content.decode()


def test_join_with_a_code_as_a_newcomer_creates_the_account_and_membership(client, org):
    invite = InviteFactory(organisation=org, role=Role.TRAINEE)
    step1 = client.post("/join/", {"code": invite.code_display.lower()})
    assert step1.status_code == 302
    assert step1["Location"] == f"/join/{invite.code}/"
    form_page = client.get(step1["Location"], **EN)
    assert "Join Ginza Card Room" in form_page.content.decode()
    assert "Trainee" in form_page.content.decode()

    response = client.post(step1["Location"], _signup(invite.code), follow=True, **EN)
    assert response.redirect_chain[-1] == ("/o/ginza/", 302)
    membership = Membership.objects.get(user__email="newcomer@example.com")
    assert membership.organisation == org
    assert membership.role == Role.TRAINEE
    invite.refresh_from_db()
    assert invite.used_by == membership.user
    assert invite.used_at is not None
    assert "Welcome to Ginza Card Room." in response.content.decode()


def test_a_logged_in_user_joins_a_second_organisation_with_a_link(login_as, trainee):
    other = InviteFactory(organisation__slug="osaka", role=Role.INSTRUCTOR)
    client = login_as(trainee)
    assert "Join" in client.get(f"/join/{other.code}/", **EN).content.decode()
    response = client.post(f"/join/{other.code}/")
    assert response.status_code == 302
    assert response["Location"] == "/o/osaka/"
    assert trainee.user.memberships.get(organisation=other.organisation).role == Role.INSTRUCTOR


@pytest.mark.parametrize(
    ("make_invite", "message"),
    [
        (lambda org: None, "There is no invite with this code."),
        (
            lambda org: InviteFactory(organisation=org, expires_at=timezone.now() - timedelta(minutes=1)),
            "This invite has expired.",
        ),
        (
            lambda org: InviteFactory(organisation=org, used_at=timezone.now(), used_by=UserFactory()),
            "This invite has already been used.",
        ),
    ],
    ids=["wrong", "expired", "used"],
)
def test_a_wrong_expired_or_used_code_gets_a_clear_form_error(client, org, make_invite, message):
    invite = make_invite(org)
    code = invite.code if invite else "NOPE-NOPE-NOPE"
    response = client.post("/join/", {"code": code}, **EN)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Membership.objects.exists()


@pytest.mark.parametrize(
    ("make_invite", "status", "message"),
    [
        (lambda org: None, 404, "There is no invite with this code."),
        (
            lambda org: InviteFactory(organisation=org, expires_at=timezone.now() - timedelta(minutes=1)),
            410,
            "This invite has expired.",
        ),
        (
            lambda org: InviteFactory(organisation=org, used_at=timezone.now(), used_by=UserFactory()),
            410,
            "This invite has already been used.",
        ),
    ],
    ids=["wrong", "expired", "used"],
)
def test_a_wrong_expired_or_used_invite_link_answers_4xx_with_a_clear_message(
    client, org, make_invite, status, message
):
    invite = make_invite(org)
    url = f"/join/{invite.code if invite else 'NOPENOPENOPE'}/"
    for response in (client.get(url, **EN), client.post(url, _signup("x"), **EN)):
        assert response.status_code == status
        assert message in response.content.decode()
    assert not Membership.objects.exists()


def test_an_invite_works_only_once(org):
    invite = InviteFactory(organisation=org)
    first, second = UserFactory(), UserFactory()
    invite_accept(code=invite.code, user=first)
    with pytest.raises(InviteError) as error:
        invite_accept(code=invite.code, user=second)
    assert error.value.code == "used"
    assert not Membership.objects.filter(user=second).exists()


def test_a_member_using_an_invite_to_their_own_organisation_is_told_and_the_invite_is_kept(login_as, trainee):
    invite = InviteFactory(organisation=trainee.organisation)
    client = login_as(trainee)
    assert "already a member" in client.get(f"/join/{invite.code}/", **EN).content.decode()
    response = client.post(f"/join/{invite.code}/", **EN)
    assert response.status_code == 409
    assert "You are already a member of this organisation." in response.content.decode()
    invite.refresh_from_db()
    assert invite.used_at is None


def test_signing_up_with_an_email_that_has_an_account_is_refused_clearly(client, org, trainee):
    invite = InviteFactory(organisation=org)
    response = client.post(f"/join/{invite.code}/", _signup(invite.code, email="Trainee@example.com"), **EN)
    assert response.status_code == 422
    assert "An account with this email address already exists." in response.content.decode()
    invite.refresh_from_db()
    assert invite.used_at is None


def test_signup_applies_the_password_validators(client, org):
    invite = InviteFactory(organisation=org)
    data = {**_signup(invite.code), "password1": "12345", "password2": "12345"}
    response = client.post(f"/join/{invite.code}/", data, **EN)
    assert response.status_code == 422
    assert "This password is too short." in response.content.decode()
    assert not Membership.objects.exists()


def test_an_owner_revokes_an_open_invite(login_as, owner):
    invite = InviteFactory(organisation=owner.organisation)
    response = login_as(owner).post(f"/o/ginza/members/invites/{invite.pk}/revoke/", follow=True, **EN)
    assert response.status_code == 200
    assert f"Invite {invite.code_display} revoked." in response.content.decode()
    assert not Invite.objects.exists()


def test_revoking_with_htmx_returns_the_refreshed_invites_fragment(login_as, owner):
    kept, revoked = (
        InviteFactory(organisation=owner.organisation),
        InviteFactory(organisation=owner.organisation),
    )
    response = login_as(owner).post(
        f"/o/ginza/members/invites/{revoked.pk}/revoke/", HTTP_HX_REQUEST="true", **EN
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="invites"')
    assert kept.code_display in page
    assert f"Invite {revoked.code_display} revoked." in page


def test_an_instructor_can_revoke_only_the_invites_they_created(login_as, owner, instructor):
    own = invite_create(inviter=instructor, role=Role.TRAINEE)
    owners = invite_create(inviter=owner, role=Role.TRAINEE)
    client = login_as(instructor)
    page = client.get("/o/ginza/members/", **EN).content.decode()
    assert f"/members/invites/{own.pk}/revoke/" in page
    assert f"/members/invites/{owners.pk}/revoke/" not in page
    refused = client.post(f"/o/ginza/members/invites/{owners.pk}/revoke/", **EN)
    assert refused.status_code == 403
    assert "You cannot revoke this invite." in refused.content.decode()
    assert Invite.objects.filter(pk=owners.pk).exists()
    assert client.post(f"/o/ginza/members/invites/{own.pk}/revoke/").status_code == 302
    assert not Invite.objects.filter(pk=own.pk).exists()


def test_revoking_another_organisations_invite_answers_404(login_as, owner):
    foreign = InviteFactory(organisation__slug="osaka")
    assert login_as(owner).post(f"/o/ginza/members/invites/{foreign.pk}/revoke/").status_code == 404
    assert Invite.objects.filter(pk=foreign.pk).exists()


def test_used_and_expired_invites_are_not_listed_as_open(login_as, owner):
    open_invite = InviteFactory(organisation=owner.organisation)
    used = InviteFactory(organisation=owner.organisation, used_at=timezone.now())
    expired = InviteFactory(organisation=owner.organisation, expires_at=timezone.now() - timedelta(days=1))
    page = login_as(owner).get("/o/ginza/members/").content.decode()
    assert open_invite.code_display in page
    assert used.code_display not in page
    assert expired.code_display not in page


def test_the_members_page_lists_only_this_organisations_members(login_as, owner, trainee):
    MembershipFactory(organisation__slug="osaka", user__email="stranger@example.com")
    page = login_as(owner).get("/o/ginza/members/").content.decode()
    assert "trainee@example.com" in page
    assert "stranger@example.com" not in page


# --- what an instructor may see of the invites -------------------------------------------------


def _staff_invites(owner, instructor):
    return {
        "owner": invite_create(inviter=owner, role=Role.OWNER),
        "instructor": invite_create(inviter=owner, role=Role.INSTRUCTOR),
        "owners_trainee": invite_create(inviter=owner, role=Role.TRAINEE),
        "own_trainee": invite_create(inviter=instructor, role=Role.TRAINEE),
    }


def test_an_instructor_sees_no_owner_or_instructor_invite_code_or_link(login_as, owner, instructor):
    invites = _staff_invites(owner, instructor)
    page = login_as(instructor).get("/o/ginza/members/", **EN).content.decode()
    for hidden in (invites["owner"], invites["instructor"]):
        assert hidden.code_display not in page
        assert hidden.code not in page
    for shown in (invites["owners_trainee"], invites["own_trainee"]):
        assert shown.code_display in page
        assert f"/join/{shown.code}/" in page


def test_an_owner_sees_every_open_invite(login_as, owner, instructor):
    invites = _staff_invites(owner, instructor)
    page = login_as(owner).get("/o/ginza/members/", **EN).content.decode()
    for invite in invites.values():
        assert invite.code_display in page
        assert f"/join/{invite.code}/" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_an_instructors_invite_responses_never_carry_owner_codes(login_as, owner, instructor, htmx):
    invites = _staff_invites(owner, instructor)
    client = login_as(instructor)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    created = client.post("/o/ginza/members/invites/", {"role": "trainee"}, follow=not htmx, **headers, **EN)
    revoked = client.post(
        f"/o/ginza/members/invites/{invites['own_trainee'].pk}/revoke/", follow=not htmx, **headers, **EN
    )
    refused = client.post(
        f"/o/ginza/members/invites/{invites['owner'].pk}/revoke/", follow=not htmx, **headers, **EN
    )
    for response in (created, revoked, refused):
        page = response.content.decode()
        assert invites["owner"].code_display not in page
        assert invites["instructor"].code_display not in page
        assert invites["owner"].code not in page


@pytest.mark.parametrize("role", [Role.OWNER, Role.INSTRUCTOR])
def test_an_instructor_posting_a_staff_invite_is_refused_with_a_message_and_no_codes(
    login_as, owner, instructor, role
):
    invites = _staff_invites(owner, instructor)
    response = login_as(instructor).post("/o/ginza/members/invites/", {"role": role}, **EN)
    page = response.content.decode()
    assert response.status_code == 403
    assert "You cannot invite people with this role." in page
    assert Invite.objects.count() == len(invites)
    assert invites["owner"].code_display not in page
    assert invites["instructor"].code_display not in page
