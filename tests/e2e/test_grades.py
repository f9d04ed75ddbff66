"""A speed session played to its end lands on its grade page (the dealer grade, the median time in
seconds, the fast / normal / slow summary and the formula), and "Retry my misses" asks the missed
question again: in Japanese on a small phone and in English on a desktop."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import DrillSession, TrainingSettings
from tests.drills.helpers import form_data

from .conftest import DESKTOP
from .test_drill_sessions import LOCALES, _fill_answer, _log_in, _open_drills, _pending, _session, _start

SMALL_PHONE = {"width": 375, "height": 667}
UNIT = {"ja": re.compile(r"\d+\.\d秒"), "en": re.compile(r"\d+\.\d s")}
RETRY = {"ja": "不正解に再挑戦する", "en": "Retry my miss"}


@pytest.mark.parametrize(("language", "viewport"), [("ja", SMALL_PHONE), ("en", DESKTOP)])
def test_a_speed_session_ends_on_its_grade_page_and_retries_the_miss(
    new_page, screenshot, demo_data, language, viewport
):
    organisation = Organisation.objects.get(slug="demo-card-room")
    # A small window, so that three answers are enough for a grade.
    TrainingSettings.objects.update_or_create(organisation=organisation, defaults={"mastery_window": 3})
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    _start(page, language, skill="bring_in", variant="F7S", mode="speed", count=3)
    session = _session(page)
    missed = None
    for number in range(3):
        question = _pending(page)
        wrong = number == 0
        if wrong:
            missed = question
        _fill_answer(page, question, form_data(question, correct=not wrong))
        expect(page.locator("[data-feedback]")).to_have_attribute(
            "data-feedback", "wrong" if wrong else "right"
        )
        expect(page.locator(".feedback__time")).to_contain_text(UNIT[language])
        expect(page.locator(".feedback__time .speed")).to_be_visible()
        page.locator("[data-next]").click()
    expect(page).to_have_url(re.compile(rf"/drills/s/{session.pk}/result/$"))

    expect(page.locator("[data-accuracy]")).to_contain_text("2 / 3")
    expect(page.locator("[data-median]")).to_have_text(UNIT[language])
    summary = page.locator("[data-speed-summary]")
    expect(summary).to_be_visible()
    expect(page.locator("[data-speed]")).to_have_count(3)
    overall = page.locator(".grades__overall [data-grade]")
    expect(overall).to_have_attribute("data-grade", re.compile(r"^[SABCD]$"))
    expect(page.locator("[data-skill-grades] [data-grade]")).to_have_attribute(
        "data-grade", re.compile(r"^[SABCD]$")
    )
    expect(page.locator("[data-grade-formula]")).to_contain_text("100 ×")
    page_text = page.locator("main").inner_text()
    assert " ms" not in page_text
    assert "問題数" not in page_text
    if viewport == SMALL_PHONE:
        assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    page.locator("[data-grades]").scroll_into_view_if_needed()
    screenshot(page, "grade")

    retry = page.locator("[data-retry-misses]")
    expect(retry).to_contain_text(RETRY[language])
    retry.click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    again = _session(page)
    assert again.retry_of_id == session.pk
    assert again.planned_count == 1
    question = _pending(page)
    assert question.document == missed.document
    screenshot(page, "retry")
    _fill_answer(page, question)
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    # Practice is untimed: the time is shown without a speed mark.
    expect(page.locator(".feedback__time")).to_contain_text(UNIT[language])
    expect(page.locator(".feedback__time .speed")).to_have_count(0)
    page.locator("[data-next]").click()
    expect(page.locator("[data-session-result]")).to_be_visible()
    expect(page.locator("[data-speed-summary]")).to_have_count(0)
    assert DrillSession.objects.get(pk=again.pk).finished_at is not None

    # The grade's history on the progress page: today's row with its overall grade.
    page.goto("/o/demo-card-room/progress/me/")
    history = page.locator("[data-grade-history]")
    expect(history.locator("tbody tr").first.locator("[data-grade]")).to_have_attribute(
        "data-grade", re.compile(r"^[SABCD]$")
    )
    if language == "ja":
        assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    grades = page.locator("[data-grades]")
    grades.scroll_into_view_if_needed()
    path = screenshot(page, "progress")
    # The grade section alone, legible beside the long page.
    grades.screenshot(path=str(path.with_name(path.stem + "-grades.png")), caret="initial")
    assert page.console_errors == []
