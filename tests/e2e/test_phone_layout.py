"""The question page fits the screen: on a 375x667 phone in Japanese and on a desktop in English,
the question, its answer controls (the answer button too) and the speed clock are all in view as
the page opens, the table stays in view above them, and the keypad never covers the seats of the
hand. Nothing overflows sideways and short labels never break inside a word.

Each question comes from a speed session started with a fixed seed (the first seed whose first
question is of the kind under test), so the same tables are drawn on every run.
"""

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from dealer_training.accounts.models import Membership
from dealer_training.drills.exams import exam_start
from dealer_training.drills.models import Question
from dealer_training.drills.present import table_for
from dealer_training.drills.services import current_question, session_start
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item

from .conftest import ARTIFACTS, DESKTOP
from .test_drill_sessions import LOCALES, _log_in

PHONE_SMALL = {"width": 375, "height": 667}
TRAINEE = "trainee3@demo.example"

# (case, skill, the kind of the first question, at least this many seats dealt in)
CASES = [
    ("bring-in", "bring_in", "bring_in", 7),
    ("next-action", "betting", "next_action", 6),
    ("stub", "stub", "stub", 2),
    ("pots", "side_pots", "pots", 3),
    ("award", "showdown", "award", 3),
]


# The most lines any run of text in an element takes (a text range has one box per line).
LINES_JS = """el => {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let most = 0;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.data.trim()) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    most = Math.max(most, new Set(Array.from(r.getClientRects()).map(b => Math.round(b.top))).size);
  }
  return most;
}"""


# The room a select has for its chosen option's words (its width less padding and arrow), and
# the width of those words in its font.
SELECT_JS = """el => {
  const probe = document.createElement("span");
  probe.textContent = el.options[el.selectedIndex].text;
  probe.style.font = getComputedStyle(el).font;
  probe.style.whiteSpace = "nowrap";
  probe.style.position = "absolute";
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const style = getComputedStyle(el);
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
  return [room, needed];
}"""


def _speed_question(skill, kind, seats):
    """A speed session (fixed seeds, tried in turn) whose first question is ``kind`` with at least
    ``seats`` seats dealt in."""
    membership = Membership.objects.select_related("organisation", "user").get(user__email=TRAINEE)
    for n in range(200):
        session = session_start(
            organisation=membership.organisation,
            trainee=membership.user,
            mode="speed",
            skill=skill,
            count=3,
            seed=f"phone-{skill}-{n}",
        )
        question = current_question(session=session)
        live = [s for s in table_for(question)["seats"] if not s["empty"]]
        if question.kind == kind and len(live) >= seats:
            return session, question
        session.delete()
    raise AssertionError(f"no seed gives a {kind} question with {seats} seats")


def _shots(page, screenshot, label):
    """The full page (the fixture) and the screen as the trainee sees it, the sheet over the page."""
    path = screenshot(page, label)
    page.screenshot(path=str(ARTIFACTS / path.name.replace(".png", "-screen.png")), caret="initial")


def _box(page, locator):
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return box


def _in_view(page, locator, what):
    """The element is drawn wholly inside the viewport (no scrolling needed to see it)."""
    view = page.viewport_size
    box = _box(page, locator)
    assert box["x"] >= -0.5, f"{what} is cut on the left: {box}"
    assert box["x"] + box["width"] <= view["width"] + 0.5, f"{what} is cut on the right: {box}"
    assert box["y"] >= -0.5, f"{what} is above the view: {box}"
    assert box["y"] + box["height"] <= view["height"] + 0.5, f"{what} is below the view: {box}"


def _no_sideways_overflow(page):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


# Whether every seat dealt in is inside the viewport and above a fixed answer panel.
SEATS_CLEAR = """() => {
  const panel = document.querySelector("#question-panel");
  const top = getComputedStyle(panel).position === "fixed" ? panel.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll("[data-table] [data-seat]")].every((seat) => {
    const box = seat.getBoundingClientRect();
    return box.top >= -0.5 && box.bottom <= top + 0.5;
  });
}"""


def _seats_clear_of_the_panel(page, what):
    """Every seat dealt in is inside the viewport and above the answer panel (not under it), once
    the page has fitted the sheet to the table (it does so when either changes size): the check
    waits for that, then measures each seat so that a failure names the seat."""
    with contextlib.suppress(PlaywrightTimeoutError):  # then measured below, seat by seat
        page.wait_for_function(SEATS_CLEAR)
    top = page.evaluate(
        "(() => { const p = document.querySelector('#question-panel');"
        " return getComputedStyle(p).position === 'fixed' ? p.getBoundingClientRect().top : innerHeight; })()"
    )
    seats = page.locator("[data-table] [data-seat]")
    assert seats.count() >= 2
    for i in range(seats.count()):
        box = _box(page, seats.nth(i))
        label = f"seat {seats.nth(i).get_attribute('data-seat')} ({what})"
        assert box["y"] >= -0.5, f"{label} is above the view: {box}"
        assert box["y"] + box["height"] <= top + 0.5, f"{label} is under the answer panel (top {top}): {box}"


def _check_question_page(page, screenshot, label):
    form = page.locator("[data-answer-form]")
    expect(form).to_be_visible()
    expect(page.locator("[data-clock-value]")).not_to_have_text("0.0")
    _shots(page, screenshot, f"{label}-question")
    _in_view(page, page.locator("[data-clock]"), "the clock")
    _in_view(page, form.locator(".answer-form__prompt"), "the question")
    first = form.locator(
        "[data-answer-body] :is(.chip span, .seat-toggle span, input[type=text]):visible"
    ).first
    _in_view(page, first, "the first answer control")
    _in_view(page, form.locator("button[type=submit]"), "the answer button")
    _no_sideways_overflow(page)
    _seats_clear_of_the_panel(page, "as the page opens")


def _fold_and_unfold(page, screenshot, label):
    """The sheet folds to its head (clock and question still in view) and opens again."""
    fold = page.locator("[data-panel-fold]")
    expect(fold).to_have_attribute("aria-expanded", "true")
    submit = page.locator("[data-answer-form] button[type=submit]")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(submit).to_be_hidden()
    _in_view(page, page.locator("[data-clock]"), "the clock, folded")
    _in_view(page, page.locator(".answer-form__prompt"), "the question, folded")
    _shots(page, screenshot, f"{label}-folded")
    fold.press("Enter")
    expect(fold).to_have_attribute("aria-expanded", "true")
    _in_view(page, submit, "the answer button, unfolded")


def _open_keypad(page, clock="[data-clock]"):
    """Focus an amount as a dealer would (ticking the option that asks for it first)."""
    form = page.locator("[data-answer-form]")
    if form.locator("[data-options]").count():
        form.locator("label:has(input[name=option][value=call])").click()
    amount = form.locator("[data-amount]:visible").first
    amount.click()
    expect(amount).to_be_focused()
    keypad = form.locator("[data-keypad]")
    expect(keypad).to_be_visible()
    page.locator("[data-keypad] [data-key='1']").click()
    expect(amount).to_have_value(re.compile("1$"))
    _in_view(page, keypad, "the keypad")
    _in_view(page, form.locator("button[type=submit]"), "the answer button with the keypad open")
    _in_view(page, page.locator(clock), "the clock with the keypad open")


@pytest.mark.parametrize(("case", "skill", "kind", "seats"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE_SMALL), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_the_question_controls_and_clock_are_in_view_with_the_table(
    new_page,
    screenshot,
    demo_data,
    language,
    viewport,
    case,
    skill,
    kind,
    seats,
):
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language, TRAINEE)
    session, question = _speed_question(skill, kind, seats)
    page.goto(f"/o/demo-card-room/drills/s/{session.pk}/")
    assert Question.objects.get(pk=question.pk).kind == kind
    _check_question_page(page, screenshot, case)
    if viewport == PHONE_SMALL:
        _fold_and_unfold(page, screenshot, case)
    if page.locator("[data-answer-form] [data-amount]").count():
        _open_keypad(page)
        _seats_clear_of_the_panel(page, "with the keypad open")
        _shots(page, screenshot, f"{case}-keypad")
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE_SMALL), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_an_exam_keeps_its_time_left_in_view_with_the_question(
    new_page, screenshot, demo_data, language, viewport
):
    membership = Membership.objects.select_related("organisation", "user").get(user__email=TRAINEE)
    exam = DrillSet.objects.create(
        organisation=membership.organisation, title="Pots", is_exam=True, exam_minutes=30
    )
    add_item(exam, skill="side_pots", variant="F7S", count=2)
    session = exam_start(
        organisation=membership.organisation, trainee=membership.user, drill_set=exam, seed="phone"
    )
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language, TRAINEE)
    page.goto(f"/o/demo-card-room/drills/s/{session.pk}/")
    ends = page.locator("[data-exam-ends]")
    expect(ends.locator("[data-exam-left-value]")).to_have_text(re.compile(r"^(30:00|29:\d\d)$"))
    form = page.locator("[data-answer-form]")
    _in_view(page, ends, "the time left")
    _in_view(page, form.locator(".answer-form__prompt"), "the question")
    _in_view(page, form.locator("button[type=submit]"), "the answer button")
    _no_sideways_overflow(page)
    _seats_clear_of_the_panel(page, "in an exam")
    _open_keypad(page, clock="[data-exam-ends]")
    _seats_clear_of_the_panel(page, "in an exam with the keypad open")
    _shots(page, screenshot, "exam-keypad")
    assert page.console_errors == []


@pytest.mark.parametrize("language", ["ja", "en"])
def test_short_labels_never_break_inside_a_word_on_a_phone(new_page, screenshot, demo_data, language):
    page = new_page(viewport=PHONE_SMALL, locale=LOCALES[language])
    _log_in(page, language, TRAINEE)
    session, _question = _speed_question("bring_in", "bring_in", 7)
    page.goto(f"/o/demo-card-room/drills/s/{session.pk}/")
    expect(page.locator("[data-clock]")).to_be_visible()
    labels = [
        page.locator("[data-table] .stud__street"),
        *[page.locator("[data-seat-field] .chip span").nth(i) for i in range(3)],
        page.locator("[data-answer-form] button[type=submit]"),
        page.locator(".drill-head__count"),
        page.locator(".drill-head__where span").last,
    ]
    for label in labels:
        lines = label.evaluate(LINES_JS)
        assert lines == 1, f"{label.inner_text()!r} is broken over {lines} lines"
    _no_sideways_overflow(page)
    # The main menu scrolls sideways inside itself, with the page still as wide as the screen.
    nav = page.get_by_role("navigation", name=re.compile("Main|メイン"))
    expect(nav).to_be_visible()
    _no_sideways_overflow(page)
    _shots(page, screenshot, "labels")


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_main_menu_scrolls_inside_itself_on_a_phone(new_page, screenshot, demo_data, language):
    page = new_page(viewport=PHONE_SMALL, locale=LOCALES[language])
    _log_in(page, language, "owner@demo.example")
    nav = page.get_by_role("navigation", name=re.compile("Main|メイン"))
    expect(nav).to_be_visible()
    _no_sideways_overflow(page)
    widths = nav.evaluate("el => [el.scrollWidth, el.clientWidth]")
    links = nav.get_by_role("link")
    # Every link is reached by the keyboard: focus brings it into the menu's view.
    last = links.nth(links.count() - 1)
    last.focus()
    expect(last).to_be_in_viewport()
    _no_sideways_overflow(page)
    assert widths[0] >= widths[1]
    _shots(page, screenshot, "menu")
    page.goto("/o/demo-card-room/drills/")
    _no_sideways_overflow(page)
    # Each select is wide enough for the words of its choice (a select cut them short before).
    for select in page.locator("form.start-form select").all():
        room, needed = select.evaluate(SELECT_JS)
        assert needed <= room, f"{select.get_attribute('name')}: {needed}px of words in {room}px"
    _shots(page, screenshot, "drills")
