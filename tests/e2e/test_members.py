"""The members page in a browser: what an instructor may see of the invites, and an owner who
changes a role and removes a member after confirming."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Membership, Role
from dealer_training.accounts.services import invite_create
from tests.factories import PASSWORD, MembershipFactory, OrganisationFactory

from .conftest import DESKTOP, PHONE, log_in


@pytest.fixture
def room(transactional_db):
    org = OrganisationFactory(name="銀座カードルーム", slug="ginza")
    people = {
        role: MembershipFactory(
            organisation=org, role=role, user__email=f"{role}@ginza.example", user__name=name
        )
        for role, name in (
            (Role.OWNER, "大野 オーナー"),
            (Role.INSTRUCTOR, "井上 講師"),
            (Role.TRAINEE, "田中 研修"),
        )
    }
    return people


def _log_in(page, email):
    log_in(page, email, password=PASSWORD, org="ginza")


def test_an_instructor_sees_no_owner_invite_code_on_the_members_page(new_page, screenshot, room):
    people = room
    owner_invite = invite_create(inviter=people[Role.OWNER], role=Role.OWNER)
    instructor_invite = invite_create(inviter=people[Role.OWNER], role=Role.INSTRUCTOR)
    trainee_invite = invite_create(inviter=people[Role.OWNER], role=Role.TRAINEE)

    page = new_page(viewport=PHONE, locale="ja-JP")
    _log_in(page, "instructor@ginza.example")
    page.goto("/o/ginza/members/")
    expect(page.locator("h1")).to_have_text("メンバー")
    expect(page.locator(".invite")).to_have_count(1)
    expect(page.locator(".invite code")).to_have_text(trainee_invite.code_display)
    expect(page.get_by_label("役割", exact=True).locator("option")).to_have_text(["研修生"])
    expect(page.get_by_role("button", name="役割を変更")).to_have_count(0)
    expect(page.get_by_role("link", name="削除…")).to_have_count(0)
    html = page.content()
    for hidden in (owner_invite, instructor_invite):
        assert hidden.code not in html
        assert hidden.code_display not in html
    screenshot(page, "instructor-members")
    assert page.console_errors == []


def test_an_owner_changes_a_role_and_removes_a_member_after_confirming(new_page, screenshot, room):
    people = room
    trainee = people[Role.TRAINEE]
    page = new_page(viewport=DESKTOP, locale="ja-JP")
    _log_in(page, "owner@ginza.example")
    page.goto("/o/ginza/members/")

    row = page.locator("tr", has_text="trainee@ginza.example")
    row.get_by_label("田中 研修 さんの役割").select_option("instructor")
    row.get_by_role("button", name="役割を変更").click()
    expect(page.get_by_text("田中 研修 さんの役割を「インストラクター」に変更しました。")).to_be_visible()
    expect(page.locator("tr", has_text="trainee@ginza.example").locator(".role-tag")).to_have_text(
        "インストラクター"
    )

    # The remove link only asks; cancelling keeps the member.
    page.locator("tr", has_text="trainee@ginza.example").get_by_role("link", name="削除…").click()
    expect(page.locator("h1")).to_have_text("メンバーの削除")
    expect(
        page.get_by_text(
            "田中 研修 さん（trainee@ginza.example、インストラクター）を 銀座カードルーム から削除しますか？"
        )
    ).to_be_visible()
    screenshot(page, "confirm-remove")
    page.get_by_role("link", name="キャンセル").click()
    expect(page.locator("tr", has_text="trainee@ginza.example")).to_have_count(1)
    assert Membership.objects.get(pk=trainee.pk).removed_at is None

    page.locator("tr", has_text="trainee@ginza.example").get_by_role("link", name="削除…").click()
    page.get_by_role("button", name="組織から削除する").click()
    expect(page).to_have_url(re.compile(r"/o/ginza/members/$"))
    expect(page.get_by_text("田中 研修 さんを 銀座カードルーム から削除しました。")).to_be_visible()
    expect(page.locator("tr", has_text="trainee@ginza.example")).to_have_count(0)
    expect(page.locator(".former-members")).to_contain_text("trainee@ginza.example")
    screenshot(page, "after-remove")

    # The owner, the last one, is not offered removal of themselves.
    page.locator("tr", has_text="owner@ginza.example").get_by_role("link", name="削除…").click()
    expect(page.get_by_role("alert")).to_contain_text("組織には少なくとも1人のオーナーが必要です。")
    expect(page.get_by_role("button", name="組織から削除する")).to_have_count(0)
    assert page.console_errors == []

    # The removed member can log in but no longer reaches the organisation.
    other = new_page(viewport=PHONE, locale="ja-JP")
    other.goto("/accounts/login/")
    other.get_by_label("メールアドレス").fill("trainee@ginza.example")
    other.get_by_label("パスワード").fill(PASSWORD)
    other.get_by_role("button", name="ログイン").click()
    expect(other).to_have_url(re.compile(r"/orgs/$"))
    response = other.goto("/o/ginza/")
    assert response.status == 404
