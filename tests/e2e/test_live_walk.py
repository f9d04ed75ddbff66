"""The live table: a hand walk chosen at a level deals on the drawn table (cards pitched, chips into
the pot), stops with "Dealer decision required" (or "Stop the hand" on a dealer error, at the level's
rate), and goes on after a right and a wrong answer; with reduced motion the table stands in its end
state at once. A full walk with one injected error is played to its result, the error caught and
remedied. Japanese on a small phone, English on a desktop."""

import re

from django.utils import translation
from playwright.sync_api import expect

from dealer_training.accounts.models import Membership
from dealer_training.drills.models import Question
from dealer_training.drills.services import _walk_steps, session_start
from dealer_training.scenarios.labels import EVENT_TYPES, RULINGS
from tests.drills.helpers import form_data

from .conftest import DESKTOP
from .test_drill_sessions import LOCALES, _fill_answer, _log_in, _open_drills, _pending
from .test_phone_layout import _in_view, _no_sideways_overflow, _seats_clear_of_the_panel, _shots

SMALL_PHONE = {"width": 375, "height": 667}
DECISION = {"en": "Dealer decision required", "ja": "ディーラーの判断が必要です"}
STOP = {"en": "Stop the hand", "ja": "ハンドを止める"}
# Either stop: a dealer decision, or a dealer error (it comes at random steps at most levels).
BANNER = {language: re.compile(f"{DECISION[language]}|{STOP[language]}") for language in DECISION}
RIGHT = {"en": "Right", "ja": "正解"}
TRAINEE = "trainee3@demo.example"
WRONG = {"en": "Not right", "ja": "不正解"}

# Every card the moves pitched and every chip they slid, in place and still: no animation left on
# them, no offset, fully drawn.
IN_PLACE = """() => {
  const cards = Array.from(document.querySelectorAll('[data-live-card]'));
  return cards.every(c => c.getAnimations().length === 0
    && getComputedStyle(c).transform === 'none' && getComputedStyle(c).opacity === '1')
    && document.querySelectorAll('[data-live-chip]').length === 0;
}"""
# Animations still running on the table (the banner's pulsing dot is not the table).
TABLE_ANIMATIONS = """() => document.getAnimations().filter(a => a.playState === 'running'
  && a.effect && a.effect.target && a.effect.target.closest('[data-table], [data-live-layer]')).length"""


def _start_walk(page, level, variant):
    form = page.locator("form.walk-form")
    form.locator(f"label:has(input[name=walk_level][value={level}])").click()
    expect(form.locator(f"input[name=walk_level][value={level}]")).to_be_checked()
    form.locator(f"button[name=variant][value='{variant}']").click()
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/$"))


def _root(page):
    return page.locator("[data-live-root]")


def _decision(page, language):
    """A decision reached: the banner up, the moves played to their end."""
    expect(page.locator("[data-live-banner]")).to_contain_text(BANNER[language])
    expect(_root(page)).to_have_attribute("data-live-state", "done")
    assert page.evaluate(IN_PLACE)
    expect(page.locator("[data-live-banner]")).not_to_have_class(re.compile("live-banner--waiting"))


def _moved(page):
    """The cards pitched and the chips moved on the way to this decision, once the script has
    counted them (it sets both together)."""
    expect(_root(page)).to_have_attribute("data-live-chips", re.compile(r"^\d+$"))
    return int(_root(page).get_attribute("data-live-cards")), int(
        _root(page).get_attribute("data-live-chips")
    )


def _answer_wrong(page, language):
    question = _pending(page)
    _fill_answer(page, question, form_data(question, correct=False))
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "wrong")
    expect(page.locator(".feedback__verdict")).to_contain_text(WRONG[language])
    return question


def _reduced_motion_stands_at_once(page, language, level, variant):
    """A new walk with reduced motion: its first decision has moves (antes, three cards a seat)
    but the table stands in its end state at once, nothing animated."""
    page.emulate_media(reduced_motion="reduce")
    _open_drills(page, language)
    _start_walk(page, level, variant)
    expect(_root(page)).to_have_attribute("data-live-motion", "reduced")
    expect(_root(page)).to_have_attribute("data-live-state", "done")
    assert page.evaluate("JSON.parse(document.getElementById('live-data').textContent).events.length") > 0
    assert page.evaluate(TABLE_ANIMATIONS) == 0
    assert _moved(page) == (0, 0)
    _decision(page, language)


def _answer_right(page):
    question = _pending(page)
    _fill_answer(page, question)
    expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    return question


def _until_chips_move(page, language):
    """The next decisions answered right until one comes with chips moved into the pot (a dealer
    error stopped before an action comes without moves: the hand stands as it was)."""
    for _ in range(6):
        _decision(page, language)
        if _moved(page)[1] > 0:
            return
        _answer_right(page)
        page.locator("[data-next]").click()
    raise AssertionError("no chips moved in six decisions")


def _calm_start(monkeypatch, variant, level, steps=12):
    """Walks started from the drills page get a seed whose first ``steps`` decisions have no dealer
    error, so that the test meets the decisions it expects (the error steps have tests of their
    own). The seed is found by walking as the session will."""
    from types import SimpleNamespace

    from dealer_training.drills import services

    membership = Membership.objects.select_related("organisation").get(user__email=TRAINEE)
    for n in range(300):
        seed = f"calm-{n}"
        walk = _walk_steps(membership.organisation, variant, seed, level)
        if all(step.stage != "dealer_error" for step in walk[:steps]):
            fixed = SimpleNamespace(token_hex=lambda nbytes=8, seed=seed: seed)
            monkeypatch.setattr(services, "secrets", fixed)
            return
    raise AssertionError(f"no seed gives a {variant} walk at {level} without an early dealer error")


def test_a_guided_walk_on_a_small_phone_in_japanese(new_page, screenshot, demo_data, monkeypatch):
    language = "ja"
    _calm_start(monkeypatch, "FR", "guided")
    page = new_page(viewport=SMALL_PHONE, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    page.locator("form.walk-form").scroll_into_view_if_needed()
    screenshot(page, "walk-form")
    _start_walk(page, "guided", "FR")
    # The first decision: the antes slid into the middle and every seat pitched its three cards.
    expect(_root(page)).to_have_attribute("data-live-motion", "full")
    cards, chips = _moved(page)
    assert cards >= 3 * 5
    assert chips > 0
    screenshot(page, "dealing")
    _decision(page, language)
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    screenshot(page, "decision")
    # Guided: the hint only when asked for, then the seats to look at marked on the table.
    expect(page.locator("[data-live-hint]")).to_have_count(0)
    page.locator("[data-live-hint-button]").click()
    expect(page.locator("[data-live-hint]")).to_contain_text("見るべき席")
    expect(page.locator("[data-table] .live-seat--look").first).to_be_visible()
    screenshot(page, "hint")
    # The hint gives way in the sheet: the banner, the question, its controls and the answer button
    # stay in view with the table.
    _controls_in_view(page, "with the hint")
    first = _answer_right(page)
    expect(page.locator("[data-live-aided]")).to_be_visible()
    page.locator("[data-next]").click()
    # The bring-in, answered wrong: the correct answer is shown and the hand goes on as dealt.
    _decision(page, language)
    assert _pending(page).position == first.position + 1
    _answer_wrong(page, language)
    screenshot(page, "wrong")
    page.locator("[data-next]").click()
    _decision(page, language)
    # The bring-in seat's decision, then its action played on the table: chips into the pot.
    _answer_right(page)
    page.locator("[data-next]").click()
    _until_chips_move(page, language)
    screenshot(page, "chips")
    _reduced_motion_stands_at_once(page, language, "guided", "FR")
    screenshot(page, "reduced-motion")
    assert page.console_errors == []


def test_a_table_ready_walk_on_a_desktop_in_english(new_page, screenshot, demo_data, monkeypatch):
    language = "en"
    _calm_start(monkeypatch, "F7S", "table_ready")
    page = new_page(viewport=DESKTOP, locale=LOCALES[language])
    _log_in(page, language)
    _open_drills(page, language)
    screenshot(page, "walk-form")
    _start_walk(page, "table_ready", "F7S")
    expect(_root(page)).to_have_attribute("data-live-level", "table_ready")
    cards, chips = _moved(page)
    assert cards >= 3 * 5
    assert chips > 0
    screenshot(page, "dealing")
    _decision(page, language)
    # Table-ready: no hint, the clock against the room's target.
    expect(page.locator("[data-live-hint], [data-live-hint-button]")).to_have_count(0)
    expect(page.locator("[data-clock]")).to_be_visible()
    screenshot(page, "decision")
    first = _answer_right(page)
    # A right answer goes on by itself after a visible countdown.
    expect(page.locator("[data-live-auto]")).to_be_visible()
    screenshot(page, "countdown")
    expect(page.locator("[data-answer-form]")).to_be_visible()
    _decision(page, language)
    assert _pending(page).position == first.position + 1
    _answer_wrong(page, language)
    expect(page.locator("[data-live-auto]")).to_have_count(0)
    screenshot(page, "wrong")
    page.locator("[data-next]").click()
    # The hand goes on as dealt: the bring-in seat's own decision comes next.
    _decision(page, language)
    # A right answer's countdown can be stopped: the page then waits for Next.
    _answer_right(page)
    page.locator("[data-live-stop]").click()
    expect(page.locator("[data-live-auto]")).to_have_attribute("data-live-auto-state", "stopped")
    expect(page.locator("[data-live-stopped]")).to_be_visible()
    screenshot(page, "stopped")
    page.locator("[data-next]").click()
    # The bring-in seat's action played on the table: chips into the pot.
    _until_chips_move(page, language)
    _reduced_motion_stands_at_once(page, language, "table_ready", "F7S")
    screenshot(page, "reduced-motion")
    assert page.console_errors == []


def _walk_with_one_error(variant, level):
    """A walk session of the demo trainee whose hand has exactly one dealer error (seeds tried in
    turn, each walked as the session will walk it)."""
    membership = Membership.objects.select_related("organisation", "user").get(user__email=TRAINEE)
    for n in range(300):
        seed = f"one-error-{n}"
        steps = _walk_steps(membership.organisation, variant, seed, level)
        if [s.stage for s in steps].count("dealer_error") == 1:
            return session_start(
                organisation=membership.organisation,
                trainee=membership.user,
                mode="walk",
                variant=variant,
                seed=seed,
                walk_level=level,
            )
    raise AssertionError(f"no seed gives a {variant} walk at {level} with one dealer error")


def _controls_in_view(page, what):
    """The banner, the question, its first control and the answer button in view with the table,
    measured once a swapped part of the page has settled (the page fits the sheet to the table then)."""
    page.wait_for_function(
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )
    form = page.locator("[data-answer-form]")
    _in_view(page, page.locator(".live-banner__title"), f"the banner ({what})")
    _in_view(page, form.locator(".answer-form__prompt"), f"the question ({what})")
    first = form.locator(
        "[data-answer-body] :is(.chip span, .seat-toggle span, input[type=text]):visible"
    ).first
    _in_view(page, first, f"the first answer control ({what})")
    _in_view(page, form.locator("button[type=submit]"), f"the answer button ({what})")
    if page.locator("[data-clock]").count():
        _in_view(page, page.locator("[data-clock]"), f"the clock ({what})")
    _no_sideways_overflow(page)
    _seats_clear_of_the_panel(page, what)


def _play_to_the_end_with_one_error(page, screenshot, language, session):
    """Every decision answered right (the expected answer read from the database); the one dealer
    error stopped, named and remedied; the walk's result page reached."""
    page.goto(f"/o/demo-card-room/drills/s/{session.pk}/")
    expect(_root(page)).to_have_attribute("data-live-motion", "full")
    _shots(page, screenshot, "dealing")
    stops = 0
    for step in range(session.planned_count):
        _decision(page, language)
        question = _pending(page)
        assert question.position == step
        if question.walk_stage == "dealer_error":
            stops += 1
            expected = question.expected["answer"]
            with translation.override(language):
                names = [str(EVENT_TYPES[expected["error"]]), str(RULINGS[expected["remedy"]])]
            expect(page.locator("[data-live-banner]")).to_contain_text(STOP[language])
            expect(page.locator("[data-live-banner]")).not_to_contain_text(DECISION[language])
            # The facts are said over the table and drawn on it; the error is not named before the answer.
            said = page.locator("[data-live-stop-say]")
            expect(said).to_be_visible()
            _in_view(page, said, "what happened")
            stop = page.evaluate("JSON.parse(document.getElementById('live-data').textContent).stop")
            assert stop
            assert "type" not in stop
            assert "error" not in stop
            if stop.get("seat"):
                expect(page.locator(f"[data-table] [data-seat='{stop['seat']}']")).to_have_class(
                    re.compile("live-seat--stop")
                )
            drawn = stop.get("held") is not None or stop.get("card") or not stop.get("seat")
            if drawn:
                expect(page.locator("[data-table] [data-live-stop-mark]").first).to_be_visible()
            outside = page.evaluate(
                "(() => { const c = document.body.cloneNode(true);"
                " c.querySelector('[data-answer-form]').remove(); return c.textContent; })()"
            )
            for name in names:
                assert name not in outside
            _shots(page, screenshot, "error")
            _controls_in_view(page, "the dealer error")
            _fill_answer(page, question)
            feedback = page.locator("[data-feedback]")
            expect(feedback).to_have_attribute("data-feedback", "right")
            expect(page.locator(".feedback__verdict")).to_contain_text(RIGHT[language])
            # The feedback names the error and the remedy.
            for name in names:
                expect(feedback).to_contain_text(name)
            # The table still shows what happened, beside the feedback.
            expect(page.locator("[data-live-stop-say]")).to_be_visible()
            if drawn:
                expect(page.locator("[data-table] [data-live-stop-mark]").first).to_be_visible()
            _shots(page, screenshot, "error-feedback")
            page.locator("[data-next]").click()
            # The hand goes on as it was dealt: the decision the error stopped comes next.
            _decision(page, language)
            following = _pending(page)
            assert following.position == question.position + 1
            assert following.walk_stage != "dealer_error"
            assert following.document["actions"] == question.document["actions"]
            expect(page.locator("[data-live-stop-say]")).to_have_count(0)
            continue
        if step == 0:
            _controls_in_view(page, "the first decision")
        _fill_answer(page, question)
        expect(page.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
        page.locator("[data-next]").click()
    assert stops == 1
    expect(page).to_have_url(re.compile(r"/drills/s/\d+/result/$"))
    assert Question.objects.filter(session=session, attempt__correct=True).count() == session.planned_count
    _shots(page, screenshot, "end")
    assert page.console_errors == []


def test_a_full_walk_with_one_dealer_error_caught_and_remedied_on_a_small_phone_in_japanese(
    new_page, screenshot, demo_data
):
    session = _walk_with_one_error("FR", "guided")
    page = new_page(viewport=SMALL_PHONE, locale=LOCALES["ja"])
    _log_in(page, "ja", TRAINEE)
    _play_to_the_end_with_one_error(page, screenshot, "ja", session)


def test_a_full_walk_with_one_dealer_error_caught_and_remedied_on_a_desktop_in_english(
    new_page, screenshot, demo_data
):
    session = _walk_with_one_error("F7S", "practice")
    page = new_page(viewport=DESKTOP, locale=LOCALES["en"])
    _log_in(page, "en", TRAINEE)
    _play_to_the_end_with_one_error(page, screenshot, "en", session)


def test_a_table_ready_walk_keeps_its_clock_and_controls_in_view_on_a_small_phone_in_japanese(
    new_page, screenshot, demo_data
):
    membership = Membership.objects.select_related("organisation", "user").get(user__email=TRAINEE)
    session = session_start(
        organisation=membership.organisation,
        trainee=membership.user,
        mode="walk",
        variant="F7S",
        seed="phone-walk",
        walk_level="table_ready",
    )
    page = new_page(viewport=SMALL_PHONE, locale=LOCALES["ja"])
    _log_in(page, "ja", TRAINEE)
    page.goto(f"/o/demo-card-room/drills/s/{session.pk}/")
    for _ in range(3):
        _decision(page, "ja")
        expect(page.locator("[data-clock]")).to_be_visible()
        _controls_in_view(page, f"step {_pending(page).position + 1}")
        _shots(page, screenshot, f"step-{_pending(page).position + 1}")
        _answer_right(page)
        page.locator("[data-next]").click()
    assert page.console_errors == []
