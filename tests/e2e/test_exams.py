"""An exam in the browser, in Japanese: no verdict until the end, an abandoned sitting on record,
the cool-down, and the owner who sees every sitting and signs off only the passing one."""

import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.exams import exam_start
from dealer_training.drills.models import Certificate, DrillSession, Outcome, Question
from dealer_training.drills.services import current_question
from dealer_training.scenarios.models import DrillSet
from tests.drills.helpers import form_data
from tests.drills.test_services import _answer
from tests.scenarios.factories import add_item

from .conftest import DESKTOP
from .test_drill_sessions import _fill_answer, _log_in

ORG = "/o/demo-card-room"
TITLE = "ディーラー昇格試験"
TRAINEE = "trainee3@demo.example"


def _exam_set():
    """Three bring-in items, pass mark 2 of 3, a day's cool-down after a sitting not passed."""
    owner = User.objects.get(email="owner@demo.example")
    exam = DrillSet.objects.create(
        organisation=Organisation.objects.get(slug="demo-card-room"),
        title=TITLE,
        is_exam=True,
        pass_accuracy=66,
        exam_max_sittings=5,
        exam_cooldown_hours=24,
        created_by=owner,
    )
    add_item(exam, skill="bring_in", variant="F7S", count=3)
    return exam


def _failed_sitting_days_ago(exam, days):
    """A sitting the trainee failed a few days ago (outside the cool-down)."""
    trainee = User.objects.get(email=TRAINEE)
    session = exam_start(organisation=exam.organisation, trainee=trainee, drill_set=exam, seed="earlier")
    for _ in range(3):
        _answer(current_question(session=session), correct=False)
    then = timezone.now() - timedelta(days=days)
    DrillSession.objects.filter(pk=session.pk).update(
        started_at=then, finished_at=then + timedelta(minutes=5)
    )
    return session


def _pending(page):
    action = page.locator("[data-answer-form]").get_attribute("action")
    return Question.objects.get(pk=int(re.search(r"/q/(\d+)/answer/", action)[1]))


def _start_exam(page):
    page.goto(f"{ORG}/drills/")
    page.locator("li", has_text=TITLE).get_by_role("button", name="試験を始める").click()


def test_a_trainee_sits_an_exam_in_japanese_and_the_owner_signs_off_only_the_passing_sitting(
    new_page, screenshot, demo_data
):
    exam = _exam_set()
    earlier = _failed_sitting_days_ago(exam, 3)
    page = new_page(viewport=DESKTOP, locale="ja-JP")
    _log_in(page, "ja", TRAINEE)

    # First sitting: every answer is only "recorded", even the result page says nothing per item.
    _start_exam(page)
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    passing = DrillSession.objects.exclude(pk=earlier.pk).get(drill_set=exam)
    expect(page.locator("[data-exam-ends]")).to_contain_text("制限時刻")
    for number in range(3):
        _fill_answer(page, _pending(page))
        expect(page.locator(".feedback--recorded")).to_be_visible()
        expect(page.locator("[data-feedback]")).to_have_count(0)
        expect(page.locator(".tseat--marked")).to_have_count(0)
        if number == 0:
            screenshot(page, "answer-recorded")
            page.goto(f"{ORG}/drills/s/{passing.pk}/result/")
            expect(page.locator("[data-exam-result]")).to_have_attribute("data-exam-result", "running")
            expect(page.locator(".result-list")).to_have_count(0)
            expect(page.locator("main")).not_to_contain_text("正解")
            page.goto(f"{ORG}/drills/s/{passing.pk}/")
            continue
        page.locator("[data-next]").click()
    result = page.locator("[data-exam-result]")
    expect(result).to_have_attribute("data-exam-result", "pass")
    expect(result).to_contain_text("合格")
    expect(page.locator(".result-list")).to_have_count(0)  # score only: no items after the end either
    screenshot(page, "passed")

    # Second sitting: one wrong answer, then abandoned; it stays on record.
    _start_exam(page)
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))
    question = _pending(page)
    _fill_answer(page, question, form_data(question, correct=False))
    expect(page.locator(".feedback--recorded")).to_be_visible()
    page.get_by_role("button", name="この受験を中止する").click()
    expect(page.locator("[data-exam-result]")).to_have_attribute("data-exam-result", "abandoned")
    expect(page.locator("main")).to_contain_text("中止")
    abandoned = DrillSession.objects.get(drill_set=exam, outcome=Outcome.ABANDONED)
    page.goto(f"{ORG}/progress/me/")
    sittings = page.locator("section:has(#sittings-heading) tbody tr", has_text=TITLE)
    expect(sittings).to_have_count(3)
    expect(page.locator("section:has(#sittings-heading) [data-sitting-state=abandoned]")).to_have_count(1)
    screenshot(page, "my-sittings")

    # A third sitting is refused inside the cool-down, with the time it is allowed from.
    _start_exam(page)
    expect(page.locator("[role=alert]")).to_contain_text("この試験を次に受験できるのは")
    assert DrillSession.objects.filter(drill_set=exam).count() == 3
    screenshot(page, "cool-down")
    # The refused start answers 409, which the browser logs; nothing else may show up there.
    assert [error for error in page.console_errors if "409" not in error] == []

    # The owner sees the three sittings; only the passing one can be signed off.
    owner = new_page(viewport=DESKTOP, locale="ja-JP")
    _log_in(owner, "ja", "owner@demo.example")
    owner.goto(f"{ORG}/progress/certificates/")
    rows = owner.locator("table.exams tbody tr", has_text=TITLE)
    expect(rows).to_have_count(3)
    expect(rows.locator("[data-sitting-state=abandoned]")).to_have_count(1)
    expect(rows.get_by_role("button", name="承認する")).to_have_count(1)
    screenshot(owner, "owner-sittings")
    rows.get_by_role("button", name="承認する").click()
    expect(
        owner.locator("table.exams tbody tr", has_text=TITLE).get_by_role("button", name="承認する")
    ).to_have_count(0)
    certificate = Certificate.objects.get(drill_set=exam)
    assert certificate.session_id == passing.pk
    assert certificate.signed_off_at is not None
    assert not Certificate.objects.filter(session__in=[earlier, abandoned]).exists()
    assert owner.console_errors == []
