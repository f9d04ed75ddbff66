"""A trainee answers pot questions with nothing but the numbers the table shows.

The test plays the trainee: it reads each seat's chips in the pot and whether it folded or is
all-in off the page (the visible amounts and tags, not the database), builds the pots from them
itself, types them in and submits. A right verdict means the page drew everything the answer
needs. It also saves pictures of a pots question, an exposed-card ruling and a showdown with
folded hands (whose cards must stay face down).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.models import DrillSession
from dealer_training.drills.services import session_start
from dealer_training.scenarios.models import DrillSet, DrillSetItem
from dealer_training.scenarios.services import scenario_save
from games.stud.generate import generate
from games.table import table_view

from .conftest import DESKTOP, LOGIN, PHONE, log_in

ORG = "demo-card-room"
TRAINEE = "trainee2@demo.example"
TEXT = {
    "en": {
        **LOGIN["en"],
        "locale": "en-US",
        "folded": "Folded",
        "all_in": "All-in",
        "short_ante": "Short ante",
        "right": "Right",
    },
    "ja": {
        **LOGIN["ja"],
        "locale": "ja-JP",
        "folded": "フォールド済み",
        "all_in": "オールイン",
        "short_ante": "ショートアンティ",
        "right": "正解",
    },
}
# Seeds found for each case; when the generators change, the next seeds are tried, and the test
# says so if none within reach has the case any more.
TRIES = 200


def _find_document(kind: str, focus: str | None, variant: str, seed: int, wanted) -> dict[str, Any]:
    for offset in range(TRIES):
        document = generate(kind=kind, focus=focus, variant=variant, seed=seed + offset)
        if wanted(document):
            return document
    raise AssertionError(
        f"no {kind}/{focus}/{variant} question with the case in seeds {seed}..{seed + TRIES}"
    )


def _two_short_all_ins(document: dict[str, Any]) -> bool:
    seats = table_view(document)["seats"]
    live = [s for s in seats if not s["folded"]]
    top = max(s["committed"] for s in live)
    return sum(1 for s in live if s["all_in"] and s["committed"] < top) == 2


def _short_ante(document: dict[str, Any]) -> bool:
    return any(s["short_ante"] for s in table_view(document)["seats"])


def _session(document: dict[str, Any], title: str, skill: str) -> DrillSession:
    """A practice session of one question on ``document``, made the way an instructor's drill set
    is: a published scenario in a drill set, started for the trainee."""
    org = Organisation.objects.get(slug=ORG)
    scenario = scenario_save(
        organisation=org, user=None, document=document, title=title, status="published", skill=skill
    )
    drill_set = DrillSet.objects.create(organisation=org, title=title)
    DrillSetItem.objects.create(drill_set=drill_set, position=1, scenario=scenario)
    trainee = User.objects.get(email=TRAINEE)
    return session_start(organisation=org, trainee=trainee, mode="practice", drill_set=drill_set)


def _log_in(page, t):
    log_in(page, TRAINEE, t)


def _question_page(new_page, t, viewport, document, title: str, skill: str):
    """The trainee, logged in, at the one question of a new session on ``document``."""
    session = _session(document, title, skill)
    page = new_page(viewport=viewport, locale=t["locale"])
    _log_in(page, t)
    page.goto(f"/o/{ORG}/drills/s/{session.pk}/")
    expect(page.locator("[data-table]")).to_be_visible()
    return page, session


def _amount(text: str) -> int:
    return int(text.strip().replace(",", ""))


def _read_seats(page, t) -> list[dict[str, Any]]:
    """Each seat as the trainee reads it: its number, chips in the pot and its tags."""
    seats = []
    for box in page.locator("[data-table] [data-seat]").all():
        tags = [tag.strip() for tag in box.locator(".tag").all_inner_texts()]
        seats.append(
            {
                "seat": int(box.locator(".sseat__num [aria-hidden]").inner_text()),
                "committed": _amount(box.locator("[data-field=committed] dd").inner_text()),
                "folded": t["folded"] in tags,
                "all_in": t["all_in"] in tags,
                "tags": tags,
            }
        )
    return seats


def _pots(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Main pot and side pots from the chips each player put in: every all-in amount closes a
    layer; folded players' chips count in the layers they reached, but they win none."""
    live = [s for s in seats if not s["folded"]]
    levels = sorted({s["committed"] for s in live if s["all_in"]})
    top = max(s["committed"] for s in live)
    if not levels or levels[-1] != top:
        levels.append(top)
    pots, below = [], 0
    for level in levels:
        amount = sum(min(s["committed"], level) - min(s["committed"], below) for s in seats)
        if amount:
            pots.append({"amount": amount, "eligible": [s["seat"] for s in live if s["committed"] >= level]})
        below = level
    return pots


def _keypad(page, field, digits):
    field.click()
    for digit in digits:
        page.locator(f"[data-keypad] [data-key='{digit}']").click()
    expect(field).to_have_value(digits)


def _reveal_pot_row(page, row: int):
    """Rows past the first side pot wait for "Add a side pot" (one row per press)."""
    field = page.locator(f"[data-answer-form] input[name=pots_amount_{row}]")
    while not field.is_visible():
        page.locator("[data-answer-form] [data-pot-add]").click()
    expect(field).to_be_focused()


def _answer_pots(page, pots, *, keypad: bool):
    form = page.locator("[data-answer-form]")
    for row, pot in enumerate(pots):
        field = form.locator(f"input[name=pots_amount_{row}]")
        if row >= 2:
            _reveal_pot_row(page, row)
        if keypad:
            _keypad(page, field, str(pot["amount"]))
        else:
            field.fill(str(pot["amount"]))
        for seat in pot["eligible"]:
            form.locator(f"label:has(input[name=pots_eligible_{row}][value='{seat}'])").click()
    form.locator("button[type=submit]").click()


def test_on_a_phone_in_japanese_a_side_pot_question_with_two_short_all_ins_is_answered_from_the_page(
    new_page, screenshot, demo_data
):
    t = TEXT["ja"]
    document = _find_document("pots", "side_pots", "F7S/8", 1, _two_short_all_ins)
    page, _ = _question_page(new_page, t, PHONE, document, "Two short all-ins", "side_pots")
    seats = _read_seats(page, t)
    live = [s for s in seats if not s["folded"]]
    top = max(s["committed"] for s in live)
    assert sum(1 for s in live if s["all_in"] and s["committed"] < top) == 2, seats
    screenshot(page, "pots-question")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    pots = _pots(seats)
    assert len(pots) >= 3
    _answer_pots(page, pots, keypad=True)
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    expect(page.locator(".feedback__verdict")).to_contain_text(t["right"])
    screenshot(page, "pots-answered")
    assert page.console_errors == []


def test_on_a_desktop_in_english_a_short_ante_pot_question_is_answered_from_the_page(
    new_page, screenshot, demo_data
):
    t = TEXT["en"]
    document = _find_document("pots", "antes", "F7S", 0, _short_ante)
    page, _ = _question_page(new_page, t, DESKTOP, document, "Short ante", "antes")
    seats = _read_seats(page, t)
    short = [s for s in seats if any(tag.startswith(t["short_ante"]) for tag in s["tags"])]
    assert short, seats
    for seat in short:  # the tag names the ante posted, which is what the seat put in
        assert f"{t['short_ante']} {seat['committed']:,}" in seat["tags"]
    screenshot(page, "short-ante-question")
    _answer_pots(page, _pots(seats), keypad=False)
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    expect(page.locator(".feedback__verdict")).to_contain_text(t["right"])
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_an_exposed_card_ruling_shows_the_card_face_up_and_marked(
    new_page, screenshot, demo_data, language, viewport
):
    t = TEXT[language]

    def exposed_on_seventh(document):
        event = document["_events"][-1]
        return event["type"] == "downcard_exposed_by_dealer" and event.get("street") == 7

    document = _find_document("ruling", None, "F7S", 3, exposed_on_seventh)
    event = document["_events"][-1]
    page, _ = _question_page(new_page, t, viewport, document, "Exposed 7th-street card", "rulings")
    seat = page.locator(f"[data-table] [data-seat='{event['seat']}']")
    exposed = seat.locator(".sseat__exposed svg")
    expect(exposed).to_have_count(1)
    expect(exposed).not_to_have_class(re.compile("scard--back"))
    expect(seat.locator(".tag--alert")).to_have_count(1)
    screenshot(page, "exposed-card")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_a_showdown_with_folded_hands_keeps_them_face_down_before_and_after_the_answer(
    new_page, screenshot, demo_data, language, viewport
):
    t = TEXT[language]

    def folded(document):
        return any(s["folded"] for s in table_view(document)["seats"])

    document = _find_document("award", None, "F7S/8", 4, folded)
    folded_seats = [s["seat"] for s in table_view(document)["seats"] if s["folded"]]
    page, session = _question_page(new_page, t, viewport, document, "Showdown with folds", "showdown")

    def backs_only():
        for number in folded_seats:
            cards = page.locator(f"[data-table] [data-seat='{number}'] .sseat__cards svg")
            expect(cards.first).to_be_visible()
            assert cards.count() >= 3
            assert cards.count() == page.locator(f"[data-table] [data-seat='{number}'] .scard--back").count()

    backs_only()
    screenshot(page, "showdown-question")
    # After the answer the live hands are turned up; the folded ones stay down.
    answer = session.questions.get().expected["answer"]
    form = page.locator("[data-answer-form]")
    for seat, amount in answer["awards"].items():
        form.locator(f"input[name=awards_{seat}]").fill(str(amount))
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    expect(page.locator(".sseat__shown").first).to_be_visible()
    backs_only()
    screenshot(page, "showdown-answered")
    assert page.console_errors == []


def test_on_a_phone_an_eight_handed_pots_form_is_short_and_a_refused_answer_keeps_its_rows(
    new_page, screenshot, demo_data
):
    """The main pot and one side pot are shown; "Add a side pot" brings the next row; an answer
    refused for a missing amount comes back with every row that held something."""
    t = TEXT["ja"]
    document = _find_document("pots", "antes", "F7S", 0, lambda d: len(table_view(d)["seats"]) >= 7)
    seats = [s["seat"] for s in table_view(document)["seats"]]
    page, _ = _question_page(new_page, t, PHONE, document, "Many seats", "antes")
    form = page.locator("[data-answer-form]")
    rows = form.locator("[data-pot-row]")
    expect(rows).to_have_count(len(seats))
    expect(form.locator("[data-pot-row]:visible")).to_have_count(2)
    panel = page.locator("#question-panel").bounding_box()
    assert panel["height"] < 900, panel  # was about 2,000 px of rows before the keypad
    screenshot(page, "pots-form")
    _reveal_pot_row(page, 2)
    expect(form.locator("[data-pot-row]:visible")).to_have_count(3)
    # Seats ticked on the new row but no amount: refused, and the row is still there with its seats.
    form.locator(f"label:has(input[name=pots_eligible_2][value='{seats[0]}'])").click()
    _keypad(page, form.locator("input[name=pots_amount_0]"), "700")
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-pot-row='2'] .field-error")).to_be_visible()
    expect(form.locator("input[name=pots_amount_0]")).to_have_value("700")
    expect(form.locator(f"input[name=pots_eligible_2][value='{seats[0]}']")).to_be_checked()
    expect(page.locator("[data-answer-form] [data-pot-row]:visible")).to_have_count(3)
    screenshot(page, "pots-refused")
    # The refusal itself is the only error the browser reports (the answer was sent back with 422).
    assert [e for e in page.console_errors if "422" not in e] == []
