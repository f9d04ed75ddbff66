"""A trainee on a phone, in Japanese, keeps the explanations for the end of a practice session:
each answer is only recorded, and ending the session early shows what each answer got wrong."""

import re

from playwright.sync_api import expect

from dealer_training.drills.models import Attempt
from tests.drills.helpers import form_data

from .conftest import PHONE
from .test_drill_sessions import LOCALES, _fill_answer, _log_in, _open_drills, _pending, _session

RECORDED = "解答を記録しました。"
COMES_AT_THE_END = "解説はセッションの最後に表示されます。"
END_NOW = "今すぐ終了して解説を見る"


def _fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_trainee_on_a_phone_reads_the_explanations_after_ending_the_session(
    new_page, screenshot, demo_data
):
    page = new_page(viewport=PHONE, locale=LOCALES["ja"])
    _log_in(page, "ja")
    _open_drills(page, "ja")
    form = page.locator("form.start-form")
    form.locator("select[name=skill]").select_option("stub")
    form.locator("select[name=variant]").select_option("F7S")
    form.locator("input[name=count]").fill("4")
    form.locator("label:has(input[name=explanations][value=end])").click()
    expect(form.locator("input[name=explanations][value=end]")).to_be_checked()
    screenshot(page, "start")
    _fits(page)
    form.get_by_role("button", name="始める").click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    session = _session(page)
    assert session.explain_at_end

    asked = []
    for number in (1, 2):
        expect(page.locator(".drill-head__count")).to_have_text(f"全 4 問中 {number} 問目")
        question = _pending(page)
        asked.append(question)
        # The first answer is wrong: its explanation is what the trainee reads at the end.
        _fill_answer(page, question, form_data(question, correct=number != 1))
        recorded = page.locator(".feedback--recorded")
        expect(recorded).to_contain_text(RECORDED)
        expect(recorded).to_contain_text(COMES_AT_THE_END)
        expect(page.locator("[data-feedback]")).to_have_count(0)
        expect(page.locator(".tseat--marked")).to_have_count(0)
        expect(page.locator("[data-compare]")).to_have_count(0)
        _fits(page)
        if number == 1:
            screenshot(page, "recorded")
            page.locator("[data-next]").click()
            expect(page.locator("[data-answer-form]")).to_be_visible()
    assert [a.correct for a in Attempt.objects.filter(session=session).order_by("question__position")] == [
        False,
        True,
    ]

    page.get_by_role("button", name=END_NOW).click()
    expect(page).to_have_url(re.compile(rf"/drills/s/{session.pk}/result/$"))
    rows = page.locator(".result-list li")
    expect(rows).to_have_count(2)  # the two answered; the third was never asked
    expect(rows.nth(0)).to_contain_text("✗ 不正解")
    expect(rows.nth(1)).to_contain_text("✓ 正解")
    expect(page.locator("[data-accuracy]")).to_contain_text("1 / 2")
    screenshot(page, "result")
    _fits(page)

    rows.nth(0).get_by_role("link").click()
    expect(page).to_have_url(re.compile(rf"/drills/q/{asked[0].pk}/$"))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    expect(page.locator("[data-compare]")).to_be_visible()
    expect(page.locator(".feedback__explain")).not_to_be_empty()
    screenshot(page, "explained")
    _fits(page)
    assert page.console_errors == []
