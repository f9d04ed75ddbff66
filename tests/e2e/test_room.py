"""Running the room from its pages in a browser: the drill set picker (typing, then ticking two
scenarios keeps both ticks), deleting a drill set after a confirmation and restoring it from the
trash, and a trainee's assignment that shows how far they are."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Role
from dealer_training.scenarios.models import DrillSet, DrillSetItem, Scenario
from tests.factories import PASSWORD, MembershipFactory, OrganisationFactory
from tests.scenarios.factories import DrillSetFactory, add_item, assign, make_scenario

from .conftest import DESKTOP, PHONE, log_in


@pytest.fixture
def room(transactional_db):
    org = OrganisationFactory(name="銀座カードルーム", slug="ginza")
    MembershipFactory(organisation=org, role=Role.INSTRUCTOR, user__email="i@ginza.example")
    trainee = MembershipFactory(organisation=org, role=Role.TRAINEE, user__email="t@ginza.example")
    drill_set = DrillSetFactory(organisation=org, title="三番街の基本")
    for title in ("ポット：サイドポット", "ポット：オールイン", "ブリングイン：キング"):
        scenario = make_scenario(org, status="published")
        Scenario.objects.filter(pk=scenario.pk).update(title=title)
    draft = make_scenario(org, status="published")
    Scenario.objects.filter(pk=draft.pk).update(title="ポット：下書き", status="draft")
    add_item(drill_set, skill="stub", count=2)
    assign(drill_set, trainee=trainee.user)
    return org, drill_set


def _log_in(page, email):
    log_in(page, email, password=PASSWORD, org="ginza")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_instructor_searches_ticks_two_scenarios_and_adds_them_at_once(
    new_page, screenshot, room, viewport
):
    _org, drill_set = room
    page = new_page(viewport=viewport)
    _log_in(page, "i@ginza.example")
    page.goto(f"/o/ginza/scenarios/sets/{drill_set.pk}/")
    page.get_by_label("タイトルとメモを検索").fill("ポット")
    rows = page.locator("#picker .picker-row")
    expect(rows).to_have_count(2)  # published only: the draft is not offered by default
    rows.nth(0).locator("input").check()  # the search box loses focus here: the list must stay
    rows.nth(1).locator("input").check()
    expect(rows.locator("input:checked")).to_have_count(2)
    page.get_by_role("button", name="選んだシナリオを追加").click()
    expect(page.locator("li.set-item")).to_have_count(3)
    expect(page.locator("#picker .picker-row--in-set")).to_have_count(2)
    screenshot(page, "picker")
    assert DrillSetItem.objects.filter(drill_set=drill_set, scenario__isnull=False).count() == 2
    assert page.console_errors == []


def test_a_drill_set_is_deleted_after_confirming_and_restored_from_the_trash(new_page, screenshot, room):
    _org, drill_set = room
    page = new_page(viewport=PHONE)
    _log_in(page, "i@ginza.example")
    page.goto(f"/o/ginza/scenarios/sets/{drill_set.pk}/")
    page.get_by_role("link", name="このドリルセットを削除…").click()
    expect(page.locator(".confirm-losses")).to_contain_text("課題が 1 件あります")
    screenshot(page, "confirm")
    assert DrillSet.objects.filter(pk=drill_set.pk).exists()
    page.get_by_role("button", name="削除", exact=True).click()
    expect(page).to_have_url(re.compile(r"/scenarios/sets/$"))
    assert not DrillSet.objects.filter(pk=drill_set.pk).exists()
    page.goto("/o/ginza/scenarios/trash/")
    page.locator(f"[data-trash='drill_set-{drill_set.pk}']").get_by_role("button", name="元に戻す").click()
    expect(page.locator(".message--success")).to_contain_text("元に戻しました")
    assert DrillSet.objects.filter(pk=drill_set.pk).exists()


def test_a_trainee_starts_an_assignment_and_home_then_offers_to_continue(new_page, screenshot, room):
    page = new_page(viewport=PHONE)
    _log_in(page, "t@ginza.example")
    assignment = page.locator("li.assignment")
    expect(assignment).to_have_attribute("data-state", "not_started")
    assignment.get_by_role("button", name="始める").click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    page.goto("/o/ginza/")
    expect(assignment).to_have_attribute("data-state", "in_progress")
    expect(assignment).to_contain_text("2問中0問に解答")
    screenshot(page, "in-progress")
