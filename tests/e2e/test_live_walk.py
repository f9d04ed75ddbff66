"""The live table: a hand walk chosen at a level deals on the drawn table (cards pitched, chips into
the pot), stops with "Dealer decision required", and goes on after a right and a wrong answer; with
reduced motion the table stands in its end state at once. Japanese on a small phone, English on a
desktop."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.drills.helpers import form_data

from .conftest import DESKTOP
from .test_drill_sessions import LOCALES, _fill_answer, _log_in, _open_drills, _pending

SMALL_PHONE = {"width": 375, "height": 667}
BANNER = {"en": "Dealer decision required", "ja": "ディーラーの判断が必要です"}
WRONG = {"en": "Not right", "ja": "不正解"}

# Every card the moves pitched and every chip they slid, in place and still: no animation left on
# them, no offset, fully drawn.
IN_PLACE = """() => {
  const cards = Array.from(document.querySelectorAll('[data-live-card]'));
  return cards.every(c => c.getAnimations().length === 0
    && getComputedStyle(c).transform === 'none' && getComputedStyle(c).opacity === '1')
    && document.querySelectorAll('[data-live-chip]').length === 0;
}"""
# Animations still running on the table (the banner's pulsing dot is not the table).
TABLE_ANIMATIONS = """() => document.getAnimations().filter(a => a.playState === 'running'
  && a.effect && a.effect.target && a.effect.target.closest('[data-table], [data-live-layer]')).length"""


@pytest.fixture
def demo_data(transactional_db):
    call_command("seed_demo", verbosity=0)


def _start_walk(page, level, variant):
    form = page.locator("form.walk-form")
    form.locator(f"label:has(input[name=walk_level][value={level}])").click()
    expect(form.locator(f"input[name=walk_level][value={level}]")).to_be_checked()
    form.locator(f"button[name=variant][value='{variant}']").click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))


def _root(page):
    return page.locator("[data-live-root]")


def _decision(page, language):
    """A decision reached: the banner up, the moves played to their end."""
    expect(page.locator("[data-live-banner]")).to_contain_text(BANNER[language])
    expect(_root(page)).to_have_attribute("data-live-state", "done")
    assert page.evaluate(IN_PLACE)
    expect(page.locator("[data-live-banner]")).not_to_have_class(re.compile("live-banner--waiting"))


def _moved(page):
    return int(_root(page).get_attribute("data-live-cards")), int(
        _root(page).get_attribute("data-live-chips")
    )


def _answer_wrong(page, language):
    question = _pending(page)
    _fill_answer(page, question, form_data(question, correct=False))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    expect(page.locator(".feedback__verdict")).to_contain_text(WRONG[language])
    return question


def _reduced_motion_stands_at_once(page, language, level, variant):
    """A new walk with reduced motion: its first decision has moves (antes, three cards a seat)
    but the table stands in its end state at once, nothing animated."""
    page.emulate_media(reduced_motion="reduce")
    _open_drills(page, language)
    _start_walk(page, level, variant)
    expect(_root(page)).to_have_attribute("data-live-motion", "reduced")
    expect(_root(page)).to_have_attribute("data-live-state", "done")
    assert page.evaluate("JSON.parse(document.getElementById('live-data').textContent).events.length") > 0
    assert page.evaluate(TABLE_ANIMATIONS) == 0
    assert _moved(page) == (0, 0)
    _decision(page, language)


def _answer_right(page):
    question = _pending(page)
    _fill_answer(page, question)
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    return question


def test_a_guided_walk_on_a_small_phone_in_japanese(new_page, screenshot, demo_data):
    language = "ja"
    page = new_page(viewport=SMALL_PHONE, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    page.locator("form.walk-form").scroll_into_view_if_needed()
    screenshot(page, "walk-form")
    _start_walk(page, "guided", "FR")
    # The first decision: the antes slid into the middle and every seat pitched its three cards.
    expect(_root(page)).to_have_attribute("data-live-motion", "full")
    cards, chips = _moved(page)
    assert cards >= 3 * 5
    assert chips > 0
    screenshot(page, "dealing")
    _decision(page, language)
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    screenshot(page, "decision")
    # Guided: the hint only when asked for, then the seats to look at marked on the table.
    expect(page.locator("[data-live-hint]")).to_have_count(0)
    page.locator("[data-live-hint-button]").click()
    expect(page.locator("[data-live-hint]")).to_contain_text("見るべき席")
    expect(page.locator("[data-table] .live-seat--look").first).to_be_visible()
    screenshot(page, "hint")
    first = _answer_right(page)
    expect(page.locator("[data-live-aided]")).to_be_visible()
    page.locator("[data-next]").click()
    # The bring-in, answered wrong: the correct answer is shown and the hand goes on as dealt.
    _decision(page, language)
    assert _pending(page).position == first.position + 1
    _answer_wrong(page, language)
    screenshot(page, "wrong")
    page.locator("[data-next]").click()
    _decision(page, language)
    # The bring-in seat's decision, then its action played on the table: chips into the pot.
    _answer_right(page)
    page.locator("[data-next]").click()
    expect(_root(page)).to_have_attribute("data-live-chips", re.compile(r"^[1-9]"))
    screenshot(page, "chips")
    _decision(page, language)
    _reduced_motion_stands_at_once(page, language, "guided", "FR")
    screenshot(page, "reduced-motion")
    assert page.console_errors == []


def test_a_table_ready_walk_on_a_desktop_in_english(new_page, screenshot, demo_data):
    language = "en"
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    screenshot(page, "walk-form")
    _start_walk(page, "table_ready", "F7S")
    expect(_root(page)).to_have_attribute("data-live-level", "table_ready")
    cards, chips = _moved(page)
    assert cards >= 3 * 5
    assert chips > 0
    screenshot(page, "dealing")
    _decision(page, language)
    # Table-ready: no hint, the clock against the room's target.
    expect(page.locator("[data-live-hint], [data-live-hint-button]")).to_have_count(0)
    expect(page.locator("[data-clock]")).to_be_visible()
    screenshot(page, "decision")
    first = _answer_right(page)
    # A right answer goes on by itself after a visible countdown.
    expect(page.locator("[data-live-auto]")).to_be_visible()
    screenshot(page, "countdown")
    expect(page.locator("[data-answer-form]")).to_be_visible()
    _decision(page, language)
    assert _pending(page).position == first.position + 1
    _answer_wrong(page, language)
    expect(page.locator("[data-live-auto]")).to_have_count(0)
    screenshot(page, "wrong")
    page.locator("[data-next]").click()
    # The hand goes on as dealt: the bring-in seat's own decision comes next.
    _decision(page, language)
    # A right answer's countdown can be stopped: the page then waits for Next.
    _answer_right(page)
    page.locator("[data-live-stop]").click()
    expect(page.locator("[data-live-auto]")).to_have_attribute("data-live-auto-state", "stopped")
    expect(page.locator("[data-live-stopped]")).to_be_visible()
    screenshot(page, "stopped")
    page.locator("[data-next]").click()
    # The bring-in seat's action played on the table: chips into the pot.
    expect(_root(page)).to_have_attribute("data-live-chips", re.compile(r"^[1-9]"))
    _decision(page, language)
    _reduced_motion_stands_at_once(page, language, "table_ready", "F7S")
    screenshot(page, "reduced-motion")
    assert page.console_errors == []
