"""A trainee follows a cited rule from drill feedback to its entry in the rules reference, in
Japanese on a phone; an instructor opens the reference from the menu in English on a desktop."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from dealer_training.drills.services import attempt_submit, current_question, session_start

from .conftest import DESKTOP, PHONE
from .test_drill_sessions import _log_in


@pytest.fixture(autouse=True)
def _coverage_known():
    # As after a release's `manage.py rule_coverage`: the page does not work it out on first visit.
    call_command("rule_coverage", stdout=io.StringIO())


def _answered_stub_question(org, user):
    session = session_start(
        organisation=org, trainee=user, mode="practice", skill="stub", variant="F7S", count=1
    )
    question = current_question(session=session)
    attempt_submit(question=question, given={})
    return question


def test_a_citation_in_the_feedback_leads_to_its_entry_on_a_phone_in_japanese(
    new_page, screenshot, demo_data
):
    from dealer_training.accounts.models import User

    user = User.objects.get(email="trainee3@demo.example")
    org = user.memberships.get().organisation
    question = _answered_stub_question(org, user)
    page = new_page(viewport=PHONE, locale="ja-JP")
    _log_in(page, "ja")
    page.goto(reverse("drills:question", args=[org.slug, question.pk]))
    link = page.locator(".feedback .citations a.citation").first
    expect(link).to_have_text("TDA 2024 RP-10 H：スタッド：7thでカードが足りないとき")
    link.click()
    expect(page).to_have_url(re.compile(r"/rules/#tda-2024-rp-10-h$"))
    entry = page.locator("#tda-2024-rp-10-h")
    expect(entry).to_be_in_viewport()
    expect(entry.locator(".rule-entry__summary")).to_contain_text("7thストリートを配る前に")
    expect(entry.locator(".rule-entry__drills")).to_contain_text("スタブの枚数と7thストリートのカード不足")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "phone-ja")
    assert not page.console_errors


def test_the_reference_opens_from_the_menu_on_a_desktop_in_english(new_page, screenshot, demo_data):
    page = new_page(viewport=DESKTOP, locale="en-US")
    _log_in(page, "en", email="instructor@demo.example")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules reference").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules reference")
    expect(page.locator(".rules-book")).to_have_count(8)
    expect(page.locator("#rrop-7cs-4 .rule-entry__drills")).to_contain_text(
        "Drilled only under the rule set Robert's Rules style (cash game)."
    )
    expect(page.locator("#practice-the-bring-in-has-acted")).to_contain_text(
        "No drill cites this rule at present."
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    screenshot(page, "desktop-en")
    assert not page.console_errors
