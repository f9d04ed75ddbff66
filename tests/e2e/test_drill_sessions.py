"""A demo trainee drills in the browser: practice by tapping on a phone, speed by keyboard, an exam
with its result page, and a hand walk to the awards, in Japanese and in English.

The test reads each question's expected answer from the database (the engine's, stored on the
server) and gives it the way a dealer would: tapping seats on the table and the keypad, or keys.
"""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.scenarios.models import DrillSet
from tests.drills.helpers import form_data
from tests.scenarios.factories import add_item

from .conftest import DESKTOP, LOGIN, PHONE, log_in

LOCALES = {"ja": "ja-JP", "en": "en-US"}
TEXT = {
    "en": {
        **LOGIN["en"],
        "drills": "Drills",
        "start": "Start",
        "right": "Right",
        "passed": "Passed",
        "walk": "Hand walk",
    },
    "ja": {
        **LOGIN["ja"],
        "drills": "ドリル",
        "start": "始める",
        "right": "正解",
        "passed": "合格",
        "walk": "ハンドウォーク",
    },
}


def _log_in(page, language, email="trainee3@demo.example"):
    t = TEXT[language]
    log_in(page, email, t)
    expect(page.locator("html")).to_have_attribute("lang", language)


def _open_drills(page, language):
    page.get_by_role("navigation", name=re.compile("Main|メイン")).get_by_role(
        "link", name=TEXT[language]["drills"], exact=True
    ).click()
    expect(page).to_have_url(re.compile(r"/drills/$"))


def _start(page, language, *, skill="", variant="", mode="practice", count=5):
    form = page.locator("form.start-form")
    form.locator("select[name=skill]").select_option(skill)
    form.locator("select[name=variant]").select_option(variant)
    form.locator("input[name=count]").fill(str(count))
    form.locator(f"label:has(input[name=mode][value={mode}])").click()
    form.get_by_role("button", name=TEXT[language]["start"]).click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))


def _session(page):
    """The session whose question the page shows (from its URL)."""
    return DrillSession.objects.get(pk=int(re.search(r"/drills/s/(\d+)/", page.url)[1]))


def _pending(page):
    """The question on the page, from the form's action."""
    action = page.locator("[data-answer-form]").get_attribute("action")
    return Question.objects.get(pk=int(re.search(r"/q/(\d+)/answer/", action)[1]))


def _keypad(page, field, digits):
    field.click()
    for digit in digits:
        page.locator(f"[data-keypad] [data-key='{digit}']").click()
    expect(field).to_have_value(digits)


def _tap_answer(page, question):
    """Seats tapped on the table (each tap fills the next seat question), amounts on the keypad."""
    data = form_data(question)
    for name in ("seat", "first_to_act"):
        if name in data:
            page.locator(f"[data-table] [data-seat='{data[name]}']").click()
            expect(page.locator(f"[data-seat-field={name}] input[value='{data[name]}']")).to_be_checked()
    if "amount" in data:
        _keypad(page, page.locator("input[name=amount]"), data["amount"])
    page.locator("[data-answer-form] button[type=submit]").click()


def _fill_answer(page, question, data=None):
    """Any question kind, through its controls: chips clicked, amounts and places typed."""
    form = page.locator("[data-answer-form]")
    data = form_data(question) if data is None else data
    choices = {
        k: v
        for k, v in data.items()
        if form.locator(f"input[name='{k}'][type=radio], input[name='{k}'][type=checkbox]").count()
    }
    rows = [int(name.rsplit("_", 1)[1]) for name in data if name.startswith("pots_amount_")]
    for row in sorted(rows):
        # Rows past the first side pot wait for "Add a side pot".
        while not form.locator(f"input[name=pots_amount_{row}]").is_visible():
            form.locator("[data-pot-add]").click()
    for name, value in choices.items():
        for item in value if isinstance(value, list) else [value]:
            form.locator(f"label:has(input[name='{name}'][value='{item}'])").click()
    for name, value in data.items():
        if name not in choices:
            form.locator(f"input[name='{name}']").fill(value)
    form.locator("button[type=submit]").click()


def _next(page, language, *, feedback=True):
    if feedback:
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        expect(page.locator(".feedback__verdict")).to_contain_text(TEXT[language]["right"])
    page.locator("[data-next]").click()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_trainee_practises_five_bring_ins_by_tapping_on_a_phone(new_page, screenshot, demo_data, language):
    page = new_page(viewport=PHONE, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    _start(page, language, skill="bring_in", variant="FR", count=5)
    session = _session(page)
    for number in range(5):
        expect(page.locator("[data-table]")).to_be_visible()
        question = _pending(page)
        if number == 0:
            screenshot(page, "question")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        _tap_answer(page, question)
        expect(page.locator(".tseat--marked").first).to_be_visible()
        if number == 0:
            screenshot(page, "feedback")
        _next(page, language)
    expect(page).to_have_url(re.compile(rf"/drills/s/{session.pk}/result/$"))
    expect(page.locator(".result")).to_contain_text("5 / 5")
    assert Attempt.objects.filter(session=session, correct=True).count() == 5
    assert page.console_errors == []


TITLES = {"en": "Question {n} of {total}", "ja": "全 {total} 問中 {n} 問目"}


@pytest.mark.parametrize(("language", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_next_question_comes_in_place_of_the_answered_one_without_loading_the_page(
    new_page, screenshot, demo_data, language, viewport
):
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    _start(page, language, skill="betting", variant="F7S", count=3)
    session = _session(page)
    play_url = page.url
    for number in (1, 2, 3):
        expect(page).to_have_title(re.compile("^" + re.escape(TITLES[language].format(n=number, total=3))))
        expect(page.locator(".drill-head__count")).to_have_text(TITLES[language].format(n=number, total=3))
        question = _pending(page)
        assert question.position == number - 1
        _fill_answer(page, question)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        if number == 1:
            # A mark on the document: a page load would lose it, htmx's swap keeps it.
            page.evaluate("window.sameDocument = true")
        if number < 3:
            page.keyboard.press("n")
            expect(page.locator("[data-answer-form]")).to_be_visible()
            assert page.evaluate("window.sameDocument === true")
            assert page.url == play_url
            # The page under the header was swapped: one header, one main, the focus on main.
            expect(page.locator("header.site-header")).to_have_count(1)
            expect(page.locator("main#main")).to_have_count(1)
            expect(page.locator("main#main")).to_be_focused()
            if number == 1:
                screenshot(page, "next-question")
    page.keyboard.press("n")
    expect(page).to_have_url(re.compile(rf"/drills/s/{session.pk}/result/$"))
    expect(page.locator(".result")).to_contain_text("3 / 3")
    assert page.console_errors == []


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_speed_session_is_answered_by_keyboard_with_the_clock_running(
    new_page, screenshot, demo_data, language
):
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    _start(page, language, skill="showdown", variant="F7S", mode="speed", count=3)
    session = _session(page)
    answered = 0
    while answered < 3:
        expect(page.locator("[data-clock]")).to_be_visible()
        question = _pending(page)
        expect(page.locator("[data-clock-value]")).not_to_have_text("0.0")  # the clock has ticked
        assert float(page.locator("[data-clock-value]").inner_text()) > 0  # the clock counts
        if question.kind == "showdown_first":
            page.locator("body").click(position={"x": 5, "y": 5})
            page.keyboard.press(str(question.expected["answer"]["seat"]))
            page.keyboard.press("Enter")
        else:  # rankings and awards are typed into their fields, then Enter
            _fill_answer(page, question)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        if answered == 0:
            screenshot(page, "speed-feedback")
        answered += 1
        page.keyboard.press("n")
    expect(page).to_have_url(re.compile(rf"/drills/s/{session.pk}/result/$"))
    assert all(a.speed in ("fast", "normal", "slow") for a in Attempt.objects.filter(session=session))
    assert page.console_errors == []


@pytest.mark.parametrize("language", ["ja", "en"])
def test_an_exam_shows_no_feedback_until_its_result_page_and_its_certificate_verifies(
    new_page, screenshot, demo_data, language
):
    exam = DrillSet.objects.create(
        organisation=Organisation.objects.get(slug="demo-card-room"), title="Four bring-ins", is_exam=True
    )
    add_item(exam, skill="bring_in", variant="F7S", count=4)
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    page.locator("li", has_text="Four bring-ins").locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    for _ in range(4):
        _fill_answer(page, _pending(page))
        expect(page.locator(".feedback--recorded")).to_be_visible()
        expect(page.locator("[data-feedback]")).to_have_count(0)
        expect(page.locator(".tseat--marked")).to_have_count(0)
        _next(page, language, feedback=False)
    result = page.locator("[data-exam-result]")
    expect(result).to_have_attribute("data-exam-result", "pass")
    expect(result).to_contain_text(TEXT[language]["passed"])
    screenshot(page, "exam-result")
    page.locator(".result a[href*='/certificates/']").click()
    expect(page).to_have_url(re.compile(r"/certificates/[\w-]+/$"))
    assert page.console_errors == []


@pytest.mark.parametrize(("language", "variant"), [("en", "F7S"), ("ja", "FR")])
def test_a_hand_walk_is_dealt_to_the_awards(new_page, screenshot, demo_data, language, variant):
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    page.locator(f"form.walk-form button[value='{variant}']").click()
    session = _session(page)
    stages = []
    while not page.url.endswith("/result/"):
        question = _pending(page)
        stages.append(question.walk_stage)
        _fill_answer(page, question)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        if question.walk_stage == "award":
            screenshot(page, "award")
        page.locator("[data-next]").click()
        page.wait_for_load_state()
    # The level's dealer errors stop the hand now and then, each before the decision it comes at.
    dealt = [stage for stage in stages if stage != "dealer_error"]
    assert dealt[0] == "antes"
    assert dealt[1] == "bring_in"
    assert stages[-1] == "award"
    assert len(stages) == session.planned_count
    assert page.console_errors == []
