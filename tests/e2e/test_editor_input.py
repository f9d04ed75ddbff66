"""The table editor never loses what an instructor types or clicks: keystrokes at human speeds
survive the live preview, two instructors saving the same scenario get a side-by-side conflict
instead of a silent overwrite, and card picks and actions keep the page and the focus in place."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from dealer_training.accounts.models import Role
from dealer_training.scenarios.models import Scenario
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import make_scenario

from .conftest import DESKTOP, PHONE

# Count the editor's finished round trips, so a test can wait for the answer to a click.
COUNT_SETTLES = (
    "window.__settled = 0; document.addEventListener('htmx:afterSettle', () => window.__settled++)"
)
SETTLED = "n => window.__settled > n && !document.querySelector('#editor.htmx-request')"
FOCUS_IN_STEPS = "document.activeElement !== null && document.activeElement.closest('#editor-steps') !== null"
FOCUS_IN_VIEW = """(() => {
    const box = document.activeElement.getBoundingClientRect();
    return box.height > 0 && box.top > -1 && box.bottom < innerHeight + 1;
})()"""
FOCUS_IN_STEPS = "document.activeElement !== null && document.activeElement.closest('#editor-steps') !== null"


@pytest.fixture
def room(transactional_db):
    org = OrganisationFactory(name="Ginza Card Room", slug="ginza")
    instructors = [MembershipFactory(organisation=org, role=Role.INSTRUCTOR) for _ in range(2)]
    return org, instructors


def _open(new_page, live_server, membership, path, viewport=DESKTOP):
    """A page logged in as the membership's user (session cookie, no login form), at ``path``."""
    client = Client()
    client.force_login(membership.user)
    page = new_page(viewport=viewport, locale="en-US")
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    page.goto(path)
    page.wait_for_load_state("load")
    page.evaluate(COUNT_SETTLES)
    return page


def _settled_count(page):
    return page.evaluate("window.__settled")


@pytest.mark.parametrize(
    ("delay", "stacks", "notes"),
    [
        (50, ["400", "1000", "2500"], "Door cards: two kings."),
        (150, ["400", "1000", "2500"], "Kings up."),
        (400, ["400", "90"], "ok"),
    ],
    ids=["50ms", "150ms", "400ms"],
)
def test_stacks_and_notes_typed_at_human_speed_are_saved_exactly(
    new_page, live_server, screenshot, room, delay, stacks, notes
):
    org, (instructor, _) = room
    scenario = make_scenario(org)  # seats 1, 3, 4 and 6: Tab goes from seat to occupied seat
    page = _open(new_page, live_server, instructor, reverse("scenarios:edit", args=[org.slug, scenario.pk]))
    editor = page.locator("#editor")
    editor.locator("input[name=stack_1]").click()
    for value in stacks:
        page.keyboard.press("Control+A")
        page.keyboard.type(value, delay=delay)
        page.keyboard.press("Tab")
    editor.locator("textarea[name=notes]").click()
    page.keyboard.press("Control+A")
    editor.locator("textarea[name=notes]").press_sequentially(notes, delay=delay)
    page.keyboard.press("Tab")
    seats = [1, 3, 4, 6][: len(stacks)]
    for seat, value in zip(seats, stacks, strict=True):
        expect(editor.locator(f"input[name=stack_{seat}]")).to_have_value(value)
    expect(editor.locator("textarea[name=notes]")).to_have_value(notes)

    editor.get_by_role("button", name="Save changes").click()
    expect(page.locator(".message--success, .message").first).to_contain_text("is saved")
    scenario.refresh_from_db()
    document = scenario.current_version.document
    assert document["starting_stacks"][: len(stacks)] == [int(v) for v in stacks]
    assert scenario.notes == notes
    assert page.console_errors == []


def test_two_instructors_saving_the_same_scenario_the_second_sees_both_versions(
    new_page, live_server, screenshot, room
):
    org, (first, second) = room
    scenario = make_scenario(org)
    path = reverse("scenarios:edit", args=[org.slug, scenario.pk])
    mine = _open(new_page, live_server, first, path)
    theirs = _open(new_page, live_server, second, path, viewport=PHONE)

    # Both change something and let the live preview round-trip before saving.
    for page, field, value in ((theirs, "title", "Kings (theirs)"), (mine, "notes", "My note")):
        editor = page.locator("#editor")
        count = _settled_count(page)
        editor.locator(f"[name={field}]").fill(value)
        editor.locator(f"[name={field}]").press("Tab")
        page.wait_for_function(SETTLED, arg=count)
    theirs.locator("#editor").get_by_role("button", name="Save changes").click()
    expect(theirs.locator(".message").first).to_contain_text("Kings (theirs)")

    with mine.expect_response(lambda r: r.request.method == "POST") as saved:
        mine.locator("#editor").get_by_role("button", name="Save changes").click()
    assert saved.value.status == 409
    conflict = mine.locator("#editor .conflict")
    expect(conflict).to_be_visible()
    expect(conflict.locator("[data-side=theirs] [data-fact=title]")).to_have_text("Kings (theirs)")
    expect(conflict.locator("[data-side=yours] [data-fact=title]")).to_have_text("Razz: two kings")
    expect(conflict.locator("[data-side=yours] [data-fact=notes]")).to_have_text("My note")
    expect(conflict.locator("[data-side=theirs] .conflict__actions li")).to_have_count(4)
    expect(mine.locator("#editor textarea[name=notes]")).to_have_value("My note")  # the draft stays
    screenshot(mine, "conflict")
    scenario.refresh_from_db()
    assert scenario.title == "Kings (theirs)"

    mine.locator("#editor").get_by_role("button", name="Keep mine and save").click()
    expect(mine.locator(".message").first).to_contain_text("is saved")
    scenario.refresh_from_db()
    assert (scenario.title, scenario.notes) == ("Razz: two kings", "My note")
    mine.console_errors[:] = [e for e in mine.console_errors if "409" not in e]
    assert mine.console_errors == []
    assert theirs.console_errors == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_card_picks_and_actions_keep_the_page_and_the_focus_in_place(
    new_page, live_server, screenshot, room, viewport
):
    org, (instructor, _) = room
    page = _open(new_page, live_server, instructor, reverse("scenarios:create", args=[org.slug]), viewport)
    editor = page.locator("#editor")
    count = _settled_count(page)
    editor.locator("select[name=variant]").select_option("FR")
    page.wait_for_function(SETTLED, arg=count)
    steps = page.locator("#editor-steps")
    irregularities = editor.locator("details", has=page.locator("summary", has_text="Irregularities"))
    irregularities.locator("summary").click()
    expect(irregularities).to_have_attribute("open", "")
    third_street = page.locator("#editor-preview details[data-history-street='3']")
    for click in range(20):
        if click == 15:  # third street is dealt: close its history in the preview, as a reader may
            third_street.locator("summary").click()
            expect(third_street).not_to_have_attribute("open", "")
        button = steps.locator("button[value^='pick:']:not([disabled]), button[value^='act:']").first
        button.scroll_into_view_if_needed()
        before = steps.bounding_box()["y"]
        count = _settled_count(page)
        button.click()
        page.wait_for_function(SETTLED, arg=count)
        moved = steps.bounding_box()["y"] - before
        if steps.locator("button[value^='pick:'], button[value^='act:']").count():
            # While the hand goes on, the steps stay under the pointer (once it is over, the page
            # may scroll just enough to show the focused Undo button).
            assert abs(moved) <= 1, f"click {click + 1}: the next steps moved by {moved}px on the screen"
        assert page.evaluate(FOCUS_IN_VIEW), f"click {click + 1}: the focused button is off the screen"
        focused = page.evaluate(FOCUS_IN_STEPS)
        assert focused, f"click {click + 1}: focus left the next steps"
    expect(irregularities).to_have_attribute("open", "")  # open panels stay open
    expect(third_street).not_to_have_attribute("open", "")  # and closed ones closed
    # Fifteen picks dealt third street to five seats, then five steps were taken by the buttons.
    assert editor.locator("input[type=hidden][name=action]").count() >= 6
    assert page.evaluate("document.querySelectorAll('#editor [style]').length") == 0
    screenshot(page, "after-20-clicks")
    assert page.console_errors == []
    assert re.search(r"/scenarios/new/$", page.url)
    assert not Scenario.objects.exists()
