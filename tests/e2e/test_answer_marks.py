"""An answer given on the page swaps in the panel and the seats the correct answer names, and the
table stays where it was: the seats then read as they do on the answered question's own page.
In Japanese on a 375x667 phone and in English on a desktop, with one marked seat (the next to
act) and with several (the bring-in and the first to act after it). Screenshots under
test-artifacts/.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.present import marked_seats
from dealer_training.drills.services import current_question, session_start
from tests.drills.helpers import form_data

from .conftest import DESKTOP, LOGIN, log_in

ORG = "demo-card-room"
TRAINEE = "trainee3@demo.example"
PHONE_SMALL = {"width": 375, "height": 667}
TEXT = {
    "en": {
        **LOGIN["en"],
        "locale": "en-US",
        "mark": "✓ Answer",
    },
    "ja": {
        **LOGIN["ja"],
        "locale": "ja-JP",
        "mark": "✓ 正解",
    },
}
# Each seat of the table: its id, classes and text (the visually hidden name included).
SEATS = """() => Array.from(document.querySelectorAll('#question-table .sseat')).map(
  (seat) => [seat.id, seat.className, seat.textContent.replace(/\\s+/g, ' ').trim()])"""


def _question(skill: str, kind: str, wanted):
    org = Organisation.objects.get(slug=ORG)
    trainee = User.objects.get(email=TRAINEE)
    for seed in range(60):
        session = session_start(
            organisation=org,
            trainee=trainee,
            mode="practice",
            skill=skill,
            variant="F7S",
            seed=f"marks{seed}",
        )
        question = current_question(session=session)
        if question.kind == kind and wanted(len(marked_seats(question))):
            return question
    raise AssertionError(f"no {kind} question marking the seats wanted")


def _fill(page, data) -> None:
    """The answer through the form's controls: seats and options tapped, then amounts typed."""
    form = page.locator("[data-answer-form]")
    typed = {}
    for name, value in data.items():
        if form.locator(f"input[name='{name}'][type=radio], input[name='{name}'][type=checkbox]").count():
            for item in value if isinstance(value, list) else [value]:
                form.locator(f"label:has(input[name='{name}'][value='{item}'])").click()
        else:
            typed[name] = value
    for name, value in typed.items():
        form.locator(f"input[name='{name}']").fill(value)
    form.locator("button[type=submit]").click()


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE_SMALL), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
@pytest.mark.parametrize(
    ("skill", "kind", "wanted"),
    [("betting", "next_action", lambda n: n == 1), ("bring_in", "bring_in", lambda n: n >= 2)],
    ids=["one-seat", "several-seats"],
)
def test_an_answer_marks_the_seats_on_the_table_in_place_as_a_reload_draws_them(
    new_page, screenshot, demo_data, language, viewport, skill, kind, wanted
):
    t = TEXT[language]
    question = _question(skill, kind, wanted)
    marked = marked_seats(question)
    page = new_page(viewport=viewport, locale=t["locale"])
    log_in(page, TRAINEE, t)
    page.goto(f"/o/{ORG}/drills/s/{question.session_id}/")
    expect(page.locator("[data-answer-form]")).to_be_visible()
    expect(page.locator("#question-table .tseat--marked")).to_have_count(0)
    page.evaluate("() => { window.tableBefore = document.querySelector('#question-table'); }")

    _fill(page, form_data(question))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    expect(page.locator("#question-table .tseat--marked")).to_have_count(len(marked))
    expect(page.locator(".htmx-added, .htmx-settling, .htmx-swapping")).to_have_count(0)
    for seat in marked:
        marked_seat = page.locator(f"#table-seat-{seat}")
        expect(marked_seat).to_have_class(re.compile(r"\btseat--marked\b"))
        expect(marked_seat.locator(".sseat__tags")).to_contain_text(t["mark"])
        expect(marked_seat).to_be_visible()
    # The table was not drawn again: the same element, the panel swapped beside it.
    assert page.evaluate("() => window.tableBefore === document.querySelector('#question-table')")
    expect(page.locator("#question-panel")).to_have_attribute("data-answered", "true")
    # The page is set up for the answered question: the way on has the focus, and on a phone the
    # sheet's fold button shows and the page is padded by the new sheet's height.
    expect(page.locator("[data-next]")).to_be_focused()
    if viewport is PHONE_SMALL:
        expect(page.locator("[data-panel-fold]")).to_be_visible()
        height = page.evaluate(
            "() => Math.ceil(document.querySelector('[data-panel]').getBoundingClientRect().height)"
        )
        sheet = page.evaluate("() => document.documentElement.style.getPropertyValue('--sheet-h')")
        assert sheet == f"{height}px"
    page.locator(f"#table-seat-{marked[0]}").scroll_into_view_if_needed()
    screenshot(page, "answered")
    swapped = page.evaluate(SEATS)

    # The answered question's own page, drawn whole.
    page.goto(reverse("drills:question", args=[ORG, question.pk]))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    assert page.evaluate(SEATS) == swapped
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert not page.console_errors
