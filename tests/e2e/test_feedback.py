"""A wrong answer's feedback, as a trainee meets it: the given answer beside the correct one with
the wrong field marked, the diagnosis, and "show me" stepping through what decides the answer.

In Japanese on a 375x667 phone a next-action question answered with a seat that skips the player
still to act; in English on a desktop a pots question answered with the main and the side pot
swapped. Each saves screenshots under test-artifacts/.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation, User
from dealer_training.drills.models import DrillSession
from dealer_training.drills.services import session_start
from dealer_training.scenarios.models import DrillSet, DrillSetItem
from dealer_training.scenarios.services import scenario_save
from games.solve import solve
from tests.drills.helpers import post_for
from tests.games.helpers import deal, doc

from .conftest import DESKTOP, LOGIN, log_in

ORG = "demo-card-room"
TRAINEE = "trainee3@demo.example"
PHONE_SMALL = {"width": 375, "height": 667}
TEXT = {
    "en": {**LOGIN["en"], "locale": "en-US"},
    "ja": {**LOGIN["ja"], "locale": "ja-JP"},
}

# Seat 2 brought in, seat 3 called: seat 4 is next to act, seat 1 after it.
SKIPPED = doc([*deal("AsKs9h", "QdQc2c", "7h7cKd", "5s6sQs"), "p2 pb", "p3 cc"])
# Seat 3 is all-in for 300 on 3rd street; seats 1 and 2 go on to 800: a main pot and a side pot.
SIDE_POT = doc(
    [*deal("AsKs9h", "QdQc2c", "7h7cKd"), "p2 pb", "p3 cbr 300", "p1 cbr 800", "p2 cc"],
    stacks=[10000, 10000, 400],
    kind="pots",
)


def _session(document: dict[str, Any], title: str, skill: str) -> DrillSession:
    org = Organisation.objects.get(slug=ORG)
    scenario = scenario_save(
        organisation=org, user=None, document=document, title=title, status="published", skill=skill
    )
    drill_set = DrillSet.objects.create(organisation=org, title=title)
    DrillSetItem.objects.create(drill_set=drill_set, position=1, scenario=scenario)
    trainee = User.objects.get(email=TRAINEE)
    return session_start(organisation=org, trainee=trainee, mode="practice", drill_set=drill_set)


def _open(new_page, language: str, viewport, document, title: str, skill: str):
    t = TEXT[language]
    session = _session(document, title, skill)
    page = new_page(viewport=viewport, locale=t["locale"])
    log_in(page, TRAINEE, t)
    page.goto(f"/o/{ORG}/drills/s/{session.pk}/")
    expect(page.locator("[data-table]")).to_be_visible()
    # Nothing of the feedback before the answer.
    expect(page.locator("[data-showme]")).to_have_count(0)
    return page, session


def _fill(page, data: dict[str, Any]) -> None:
    """The answer through the form's controls: chips clicked, amounts typed."""
    form = page.locator("[data-answer-form]")
    for name, value in data.items():
        boxes = form.locator(f"input[name='{name}'][type=radio], input[name='{name}'][type=checkbox]")
        if boxes.count():
            for item in value if isinstance(value, list) else [value]:
                form.locator(f"label:has(input[name='{name}'][value='{item}'])").click()
    for name, value in data.items():
        boxes = form.locator(f"input[name='{name}'][type=radio], input[name='{name}'][type=checkbox]")
        if not boxes.count():
            field = form.locator(f"input[name='{name}']")
            if not field.is_visible():
                form.locator("[data-pot-add]").click()
            field.fill(value)
    form.locator("button[type=submit]").click()


def _step_through(page, screenshot, label: str) -> int:
    """Open "show me", go to its last step and back to the first; the number of steps."""
    box = page.locator("[data-showme]")
    box.locator("[data-showme-open]").click()
    expect(box.locator("[data-showme-controls]")).to_be_visible()
    steps = box.locator("[data-showme-step]")
    total = steps.count()
    assert total >= 2
    expect(box.locator("[data-showme-step='1']")).to_be_visible()
    expect(box.locator("[data-showme-step='2']")).to_be_hidden()
    box.locator("[data-showme-step='1']").scroll_into_view_if_needed()
    screenshot(page, f"{label}-show-me-first")
    for number in range(2, total + 1):
        box.locator("[data-showme-next]").click()
        expect(box.locator(f"[data-showme-step='{number}']")).to_be_visible()
        expect(box.locator(f"[data-showme-step='{number - 1}']")).to_be_hidden()
    expect(box.locator("[data-showme-next]")).to_be_disabled()
    # Each control on one line: no word broken in two on a phone.
    for control in ("[data-showme-prev]", "[data-showme-next]"):
        height = box.locator(control).evaluate("e => e.getBoundingClientRect().height")
        line = box.locator(control).evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 24")
        assert height < 2 * line + 20, (control, height, line)
    expect(box.locator("[data-showme-count]")).to_have_text(f"{total} / {total}")
    box.locator(f"[data-showme-step='{total}'] .sseat--focus").first.scroll_into_view_if_needed()
    screenshot(page, f"{label}-show-me-last")
    box.locator("[data-showme-prev]").click()
    expect(box.locator(f"[data-showme-step='{total - 1}']")).to_be_visible()
    return total


def test_on_a_phone_in_japanese_a_skipped_seat_is_marked_wrong_diagnosed_and_replayed(
    new_page, screenshot, demo_data
):
    page, session = _open(new_page, "ja", PHONE_SMALL, SKIPPED, "Skipped seat", "betting")
    question = session.questions.get()
    right = solve(question.document)["answer"]
    assert right["seat"] == 4
    _fill(page, post_for(question.variant, question.kind, question.fields, {**right, "seat": 1}))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    seat_row = page.locator("[data-compare] tr[data-field='seat']")
    expect(seat_row).to_have_attribute("data-state", "wrong")
    expect(seat_row.locator(".mark--wrong")).to_contain_text("誤り")
    expect(seat_row.locator(".answer-compare__given")).to_contain_text("1番席")
    expect(seat_row.locator(".answer-compare__expected")).to_contain_text("4番席")
    if "options" in (question.fields or ["options"]):
        options_row = page.locator("[data-compare] tr[data-field='options']")
        expect(options_row).to_have_attribute("data-state", "right")
    expect(page.locator("[data-diagnosis]")).to_contain_text("4番席を飛ばしています")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SMALL["width"]
    page.locator("[data-diagnosis]").scroll_into_view_if_needed()
    screenshot(page, "feedback")
    total = _step_through(page, screenshot, "skipped")
    last = page.locator(f"[data-showme-step='{total}']")
    expect(last).to_contain_text("次にアクションするのは4番席")
    expect(last.locator("[data-seat='4'].sseat--focus")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SMALL["width"]
    assert not page.console_errors


def test_on_a_desktop_in_english_main_and_side_pot_swapped_are_marked_diagnosed_and_replayed(
    new_page, screenshot, demo_data
):
    page, session = _open(new_page, "en", DESKTOP, SIDE_POT, "Side pot swapped", "side_pots")
    question = session.questions.get()
    pots = solve(question.document)["answer"]["pots"]
    assert len(pots) == 2
    swapped = [{**pots[0], "amount": pots[1]["amount"]}, {**pots[1], "amount": pots[0]["amount"]}]
    _fill(page, post_for(question.variant, question.kind, question.fields, {"pots": swapped}))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    rows = page.locator("[data-compare] tr[data-field='pots']")
    expect(rows).to_have_count(2)
    for i in range(2):
        expect(rows.nth(i)).to_have_attribute("data-state", "wrong")
        expect(rows.nth(i).locator(".mark--wrong")).to_contain_text("wrong")
    expect(rows.nth(0).locator(".answer-compare__expected")).to_contain_text(f"{pots[0]['amount']:,}")
    expect(rows.nth(0).locator(".answer-compare__given")).to_contain_text(f"{pots[1]['amount']:,}")
    # Side by side on a desktop: the given and the correct answer on one line.
    given_box = rows.nth(0).locator(".answer-compare__given").bounding_box()
    expected_box = rows.nth(0).locator(".answer-compare__expected").bounding_box()
    assert abs(given_box["y"] - expected_box["y"]) < 2
    assert given_box["x"] < expected_box["x"]
    diagnosis = page.locator("[data-diagnosis]")
    expect(diagnosis).to_contain_text("swaps the amounts of the main pot and side pot 1")
    screenshot(page, "feedback")
    total = _step_through(page, screenshot, "pots")
    expect(page.locator("[data-showme-step='2']")).to_contain_text("The main pot")
    assert total == 3
    assert not page.console_errors


def _short_stub() -> dict[str, Any]:
    """A generated stub question whose stub is short by RP-10 H case B or C."""
    from games.stud.generate import generate

    for seed in range(40):
        document = generate(kind="stub", variant="F7S", seed=seed)
        if solve(document)["answer"]["procedure"] in ("B", "C"):
            return document
    raise AssertionError("no stub of case B or C in 40 seeds")


def test_on_a_phone_in_japanese_a_wrong_stub_case_replays_the_deal_and_names_the_case(
    new_page, screenshot, demo_data
):
    page, session = _open(new_page, "ja", PHONE_SMALL, _short_stub(), "Short stub", "stub")
    question = session.questions.get()
    right = solve(question.document)["answer"]
    swapped = {"B": "C", "C": "B"}[right["procedure"]]
    _fill(page, post_for(question.variant, question.kind, question.fields, {**right, "procedure": swapped}))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    expect(page.locator("[data-compare] tr[data-field='procedure']")).to_have_attribute("data-state", "wrong")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SMALL["width"]
    total = _step_through(page, screenshot, "stub")
    first = page.locator("[data-showme-step='1']")
    expect(first).to_contain_text("3rdストリート：")
    last = page.locator(f"[data-showme-step='{total}']")
    expect(last).to_contain_text(f"{right['procedure']}です。")
    expect(last).to_contain_text("TDA 2024 RP-10 H")
    expect(last.locator(".sseat--focus")).to_have_count(right["required"] - 2)
    expect(last.locator(".stud__stub")).to_contain_text(str(right["stub"]))
    box = page.locator("[data-showme]")
    box.locator("[data-showme-next]").click()
    last.scroll_into_view_if_needed()
    screenshot(page, "stub-show-me-case")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SMALL["width"]
    assert not page.console_errors
