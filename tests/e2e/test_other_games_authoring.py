"""An instructor authors a hold'em scenario in the browser: the engine deals a hand, a stack is
changed, the preview follows, and the scenario is published; in Japanese and English, on a phone
and a desktop."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.scenarios.models import Scenario

from .conftest import DESKTOP, PHONE
from .test_drill_sessions import LOCALES, _log_in

WORDS = {
    "en": {
        "new": "Texas hold'em (no limit)",
        "publish": "Save and publish",
        "title": "Title",
        "stacks": "Starting stacks",
        "seed": "Seed",
        "deal": "Deal a new hand",
    },
    "ja": {
        "new": "テキサスホールデム（ノーリミット）",
        "publish": "保存して公開",
        "title": "タイトル",
        "stacks": "開始時のスタック",
        "seed": "シード",
        "deal": "新しいハンドを配る",
    },
}


@pytest.mark.parametrize(
    ("language", "viewport"),
    [("en", DESKTOP), ("ja", PHONE), ("ja", DESKTOP), ("en", PHONE)],
    ids=["en-desktop", "ja-phone", "ja-desktop", "en-phone"],
)
def test_an_instructor_authors_and_publishes_a_holdem_scenario(
    new_page, screenshot, demo_data, language, viewport
):
    words = WORDS[language]
    page = new_page(viewport=viewport, locale=LOCALES[language])
    _log_in(page, language, email="instructor@demo.example")
    page.goto("/o/demo-card-room/scenarios/")
    page.get_by_role("link", name=words["new"]).click()
    expect(page).to_have_url(re.compile(r"/scenarios/new/NT/$"))
    preview = page.locator("[data-preview]")
    expect(preview.locator("[data-table]")).to_be_visible()
    # A hand from a known seed: a random one can go all in where a bigger stack would change it.
    page.get_by_label(words["seed"], exact=True).fill("1")
    page.get_by_role("button", name=words["deal"]).click()
    expect(page.locator('[data-seed="1"]')).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(preview.locator(".answer")).to_be_visible()
    screenshot(page, "dealt")
    stacks = page.get_by_label(words["stacks"])
    values = [int(v) for v in stacks.input_value().split(", ")]
    values[-1] += 1000
    stacks.fill(", ".join(str(v) for v in values))
    with page.expect_response(lambda r: r.request.method == "POST" and "/scenarios/new/NT/" in r.url):
        stacks.dispatch_event("change")
    # The preview comes back with the whole form: wait until htmx has put it in place.
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page.get_by_label(words["stacks"])).to_have_value(", ".join(str(v) for v in values))
    expect(page.locator("[data-preview] [data-table]")).to_be_visible()
    page.get_by_label(words["title"], exact=True).fill("Browser hold'em")
    page.get_by_role("button", name=words["publish"]).click()
    expect(page).to_have_url(re.compile(r"/scenarios/\d+/game/$"))
    expect(page.locator(".status--published")).to_be_visible()
    screenshot(page, "published")
    scenario = Scenario.objects.get(title="Browser hold'em")
    assert (scenario.variant, scenario.status) == ("NT", "published")
    assert scenario.current_version.document["starting_stacks"] == values
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.console_errors == []
