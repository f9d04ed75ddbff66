import re

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_demo_trainee_logs_in_and_sees_the_org_home_page(new_page, screenshot, demo_data, viewport):
    page = new_page(viewport=viewport, locale="ja-JP")
    page.goto("/accounts/login/")
    expect(page.locator("h1")).to_have_text("ログイン")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    screenshot(page, "login-ja")

    page.get_by_role("button", name="English").click()
    expect(page.locator("h1")).to_have_text("Log in")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    screenshot(page, "login-en")

    page.get_by_label("Email address").fill("trainee1@demo.example")
    page.get_by_label("Password").fill("dealer-demo-2024")
    page.get_by_role("button", name="Log in").click()

    expect(page).to_have_url(re.compile(r"/o/demo-card-room/$"))
    expect(page.locator("h1")).to_have_text("Demo Card Room")
    expect(page.get_by_text("Your role here: Trainee")).to_be_visible()
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link").first).to_have_text("Home")
    expect(nav.get_by_role("link", name="Members")).to_have_count(0)  # a trainee sees no staff pages
    expect(nav.get_by_role("link", name="Home")).to_have_attribute("aria-current", "page")
    screenshot(page, "org-home")

    # Nothing runs off the edge of a phone screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    assert page.console_errors == []  # no CSP violation or script error


def test_an_english_browser_gets_the_login_page_in_english(new_page, screenshot, transactional_db):
    page = new_page(viewport=PHONE, locale="en-US")
    page.goto("/accounts/login/")
    expect(page.locator("h1")).to_have_text("Log in")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
    screenshot(page, "login-en")


def test_an_owner_creates_an_invite_without_leaving_the_members_page(new_page, screenshot, demo_data):
    page = new_page(viewport=DESKTOP, locale="en-US")
    page.goto("/accounts/login/")
    page.get_by_label("Email address").fill("owner@demo.example")
    page.get_by_label("Password").fill("dealer-demo-2024")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Members").click()
    page.get_by_label("Role", exact=True).select_option("instructor")
    with page.expect_response(re.compile(r"/members/invites/$")) as response_info:
        page.get_by_role("button", name="Create invite").click()
    # htmx swapped the fragment in place: the request was an htmx one, and no navigation happened.
    assert response_info.value.request.headers.get("hx-request") == "true"
    expect(page).to_have_url(re.compile(r"/o/demo-card-room/members/$"))
    expect(page.get_by_text(re.compile(r"Invite .+ created for a new Instructor"))).to_be_visible()
    expect(page.locator(".invite")).to_have_count(1)
    screenshot(page, "members")
    assert page.console_errors == []
