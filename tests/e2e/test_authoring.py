"""An instructor builds a razz bring-in on the table editor by clicking, reads the engine's answer
in the preview, publishes it; the published scenario is then offered to the trainees."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import User
from dealer_training.drills.models import Attempt
from dealer_training.scenarios.models import Assignment, DrillSet, DrillSetItem, Scenario
from dealer_training.scenarios.selectors import published_scenarios

from .conftest import DESKTOP, LOGIN, PHONE, log_in

TEXT = {
    "en": {
        **LOGIN["en"],
        "scenarios": "Scenarios",
        "new": "New scenario",
        "brings_in": "Brings in",
        "seat3": "Seat 3",
        "publish": "Save and publish",
        "published": "Published",
        "assignments": "Your assignments",
    },
    "ja": {
        **LOGIN["ja"],
        "scenarios": "シナリオ",
        "new": "新しいシナリオ",
        "brings_in": "ブリングイン",
        "seat3": "3番席",
        "publish": "保存して公開",
        "published": "公開中",
        "assignments": "あなたの課題",
    },
}
DEAL = ["4c", "5d", "Kc", "2s", "3h", "Ks", "7h", "8h", "5s", "Ad", "Ac", "2c"]


def _log_in(page, t, email):
    log_in(page, email, t)


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_an_instructor_builds_and_publishes_a_razz_bring_in_and_trainees_are_offered_it(
    new_page, screenshot, demo_data, language, viewport
):
    t = TEXT[language]
    page = new_page(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US")
    _log_in(page, t, "instructor@demo.example")
    page.get_by_role("navigation", name=re.compile("Main|メイン")).get_by_role(
        "link", name=t["scenarios"]
    ).click()
    page.locator(".subnav").get_by_role("link", name=t["new"]).click()

    editor = page.locator("#editor")
    editor.locator("select[name=variant]").select_option("FR")
    expect(editor.locator("select[name=variant]")).to_have_value("FR")
    # Seats 1, 3, 4 and 6 of an 8-seat table.
    for seat in ("2", "5"):
        editor.locator(f"input[name=seats][value='{seat}']").uncheck()
        expect(editor.locator(f"input[name=seats][value='{seat}']")).not_to_be_checked()
    editor.locator("input[name=seats][value='6']").check()
    expect(editor.locator("input[name=stack_6]")).to_be_visible()
    for card in DEAL[:-1]:
        editor.locator(f"button[value='pick:{card}']").click()
        expect(editor.locator(f"button[value='pick:{card}']")).to_be_disabled()  # dealt: never offered again
    editor.locator(f"button[value='pick:{DEAL[-1]}']").click()
    expect(editor.locator(".picker")).to_have_count(0)  # 3rd street is dealt: no card is due
    screenshot(page, "dealt")

    preview = page.locator(".editor__preview")
    answer = preview.locator(".answer__lines")
    expect(answer.locator("div").filter(has_text=t["brings_in"]).first).to_contain_text(t["seat3"])
    expect(preview.locator("[lang=ja]")).to_contain_text("ブリングイン")
    expect(preview.locator("[lang=en]")).to_contain_text("brings in")
    # Only the legal next steps are offered: the bring-in player posts or completes.
    expect(editor.locator("button[value^='act:']")).to_have_count(2)

    editor.locator("input[name=title]").fill("Razz: two kings (browser)")
    editor.get_by_role("button", name=t["publish"]).click()
    expect(page).to_have_url(re.compile(r"/scenarios/\d+/$"))
    expect(page.locator(".page-head .status")).to_have_text(t["published"])
    screenshot(page, "published")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.console_errors == []

    scenario = Scenario.objects.get(title="Razz: two kings (browser)")
    assert scenario.current_version.answer["answer"] == {"seat": 3, "amount": 200, "first_to_act": 3}
    # The drills select published scenarios with a current version: this one is offered now.
    assert scenario in published_scenarios(organisation=scenario.organisation, skill="bring_in", variant="FR")

    trainee = new_page(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US")
    _log_in(trainee, t, "trainee1@demo.example")
    expect(trainee.get_by_role("heading", name=t["assignments"])).to_be_visible()
    screenshot(trainee, "trainee-home")
    response = trainee.goto(f"/o/demo-card-room/scenarios/{scenario.pk}/")
    assert response.status == 403  # trainees never open the editor, nor see its answer
    trainee.console_errors.clear()  # the browser logs that refused page load; nothing else may fail

    # The instructor puts it in a drill set for the trainee; the trainee starts it from the home
    # page and answers it at the table: seat 3 brings in 200 and acts first.
    drill_set = DrillSet.objects.create(organisation=scenario.organisation, title="Razz kings")
    DrillSetItem.objects.create(drill_set=drill_set, position=1, scenario=scenario)
    Assignment.objects.create(
        organisation=scenario.organisation,
        drill_set=drill_set,
        trainee=User.objects.get(email="trainee1@demo.example"),
    )
    trainee.goto("/o/demo-card-room/")
    trainee.locator(".assignment", has_text="Razz kings").get_by_role("button").click()
    expect(trainee.locator("[data-table]")).to_be_visible()
    trainee.locator("[data-table] [data-seat='3']").click()
    trainee.locator("input[name=amount]").fill("200")
    trainee.locator("[data-table] [data-seat='3']").click()
    trainee.locator("[data-answer-form] button[type=submit]").click()
    expect(trainee.locator("[data-feedback]")).to_have_attribute("data-feedback", "right")
    expect(trainee.locator(".tseat--marked")).to_have_count(1)
    screenshot(trainee, "trainee-answered")
    attempt = Attempt.objects.get(scenario_version=scenario.current_version)
    assert attempt.correct
    assert trainee.console_errors == []
