"""Japanese pages as a trainee and an instructor read them in Chromium: the feedback of a pots
and an award question names seats as 「N番席」, amounts carry separators and sentences end in
「。」; the scenario list and the progress page show seconds one way. Screenshots are saved."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.models import Question
from dealer_training.drills.services import attempt_submit, current_question, session_start

from .conftest import PHONE, log_in

ORG = "demo-card-room"
TRAINEE = "trainee1@demo.example"
OWNER = "owner@demo.example"

# A seat written as a bare number after a Japanese label, as "ハイ：6 · ロー：4, 5" was.
BARE_SEAT = re.compile(r"(?<![\u30a1-\u30fa\u30fc])(?:ハイ|ロー|対象席?)：\d{1,2}(?![\d,]|番|以)")
ASCII_STOP = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）]\.(?=\s|$)")
BARE_AMOUNT = re.compile(r"(?<![\d,.:/A-Za-z\-])(?!(?:19|20)\d\d\b)\d{4,}(?![\d,/:\-])")


def _answered(kind: str, variant: str, skill: str) -> Question:
    """A question of ``kind`` answered wrong (empty), so its feedback shows the right answer."""
    org = Organisation.objects.get(slug=ORG)
    trainee = User.objects.get(email=TRAINEE)
    for n in range(40):
        session = session_start(
            organisation=org, trainee=trainee, mode="practice", skill=skill, variant=variant
        )
        session.seed = f"japanese-pages-{kind}-{n}"
        session.save(update_fields=["seed"])
        question = current_question(session=session)
        if question.kind == kind:
            attempt_submit(question=question, given={})
            return question
        session.delete()
    raise AssertionError(f"no {kind} question in 40 {skill} sessions")


def _log_in(page, email: str) -> None:
    log_in(page, email, org=ORG)


def _wording(text: str) -> list[str]:
    problems = [f"seat as a bare number: {m.group()}" for m in BARE_SEAT.finditer(text)]
    problems += [
        f"ASCII full stop: …{text[max(0, m.start() - 20) : m.end()]}" for m in ASCII_STOP.finditer(text)
    ]
    problems += [f"amount without separators: {m.group()}" for m in BARE_AMOUNT.finditer(text)]
    problems += [f"English unit: {m.group()}" for m in re.finditer(r"\d\s?(?:ms|s)\b", text)]
    return problems


@pytest.mark.parametrize(
    ("kind", "variant", "skill"), [("pots", "F7S/8", "side_pots"), ("award", "F7S/8", "showdown")]
)
def test_on_a_phone_the_japanese_feedback_names_seats_as_seats(
    new_page, screenshot, demo_data, kind, variant, skill
):
    question = _answered(kind, variant, skill)
    page = new_page(viewport=PHONE, locale="ja-JP")
    _log_in(page, TRAINEE)
    page.goto(f"/o/{ORG}/drills/q/{question.pk}/")
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_be_visible()
    text = feedback.inner_text()
    screenshot(page, f"{kind}-feedback")
    assert "番席" in text
    assert "ポット" in text
    assert not _wording(text), _wording(text)


def test_the_scenario_list_and_the_progress_page_read_as_japanese(new_page, screenshot, demo_data):
    page = new_page(locale="ja-JP")
    _log_in(page, OWNER)
    page.goto(f"/o/{ORG}/scenarios/")
    expect(page.locator("main h1")).to_be_visible()
    screenshot(page, "scenario-list")
    assert not _wording(page.locator("main").inner_text())

    trainee_page = new_page(locale="ja-JP")
    _log_in(trainee_page, TRAINEE)
    trainee_page.goto(f"/o/{ORG}/progress/me/")
    expect(trainee_page.locator("main h1")).to_be_visible()
    screenshot(trainee_page, "progress")
    text = trainee_page.locator("main").inner_text()
    assert "秒" in text
    assert not _wording(text), _wording(text)
