"""The other games in the browser: one question of each game answered right, in Japanese and
English, and a ten-card stud deal played step by step to its result."""

import re

import pytest
from playwright.sync_api import expect

from tests.drills.helpers import other_form_data

from .conftest import DESKTOP, PHONE
from .test_drill_sessions import LOCALES, _fill_answer, _log_in, _open_drills, _pending

GAMES = [("NT", "award"), ("FCH", "showdown_winner"), ("T10S", "next_reveal")]


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", DESKTOP), ("ja", PHONE)], ids=["en-desktop", "ja-phone"]
)
def test_a_trainee_answers_a_question_of_each_other_game(new_page, screenshot, demo_data, language, viewport):
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language)
    for game, kind in GAMES:
        _open_drills(page, language)
        page.locator(f"form[data-other-game={game}] button[value={kind}]").click()
        expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
        expect(page.locator("[data-table]")).to_be_visible()
        question = _pending(page)
        assert question.variant == game
        screenshot(page, f"{game}-question")
        data = other_form_data(question)
        _fill_answer(page, question, data)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        expect(page.locator(".tseat--marked").first).to_be_visible()
        screenshot(page, f"{game}-feedback")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.console_errors == []


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_ten_card_stud_deal_is_played_step_by_step(new_page, screenshot, demo_data, language):
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    page.locator("form[data-other-game=T10S] a[href*='ten-card-stud']").click()
    expect(page).to_have_url(re.compile(r"seed=\w+&step=0$"))
    steps = 0
    while page.locator("[data-deal-result]").count() == 0:
        page.wait_for_load_state("load")  # the page's script (deferred) listens for the key
        page.keyboard.press("n")
        steps += 1
        expect(page).to_have_url(re.compile(rf"step={steps}$"))
        expect(page.locator("[data-step-explanation]")).to_be_visible()
        expect(page.locator(".tseat--marked").first).to_be_visible()  # who just turned a card
        assert steps < 30
    expect(page.locator("[data-deal-result]")).to_be_visible()
    screenshot(page, "result")
    assert page.console_errors == []
