"""An instructor varies a demo bring-in: each variation is listed with its up cards, the engine's
answer and what changed, on a phone in Japanese and on a desktop in English."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.scenarios.models import Scenario

from .conftest import DESKTOP, LOGIN, PHONE, log_in

TEXT = {
    "en": {
        **LOGIN["en"],
        "make": "Make variations",
        "brings_in": "Brings in",
        "changed": "Changed from the original:",
        "suffix": r"\(variation \d+\)$",
    },
    "ja": {
        **LOGIN["ja"],
        "make": "バリエーションを作る",
        "brings_in": "ブリングインする席",
        "changed": "元のハンドからの変更：",
        "suffix": r"（バリエーション \d+）$",
    },
}


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_each_variation_shows_its_up_cards_answer_and_what_changed(
    new_page, screenshot, demo_data, language, viewport
):
    t = TEXT[language]
    scenario = Scenario.objects.get(organisation__slug="demo-card-room", title__contains="2が2枚")
    page = new_page(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US")
    log_in(page, "instructor@demo.example", t)

    page.goto(f"/o/demo-card-room/scenarios/{scenario.pk}/vary/")
    page.locator("input[name=count]").fill("3")
    page.locator("input[name=seed]").fill("7")
    page.get_by_role("button", name=t["make"]).click()

    rows = page.locator("li.variation")
    expect(rows).to_have_count(3)
    first = rows.first
    expect(first.locator(".variation__seat")).to_have_count(5)
    expect(first.locator(".pcard").first).to_be_visible()
    expect(first.locator(".variation__answer")).to_contain_text(t["brings_in"])
    expect(first.locator(".variation__changes-title")).to_have_text(t["changed"])
    expect(first.locator(".variation__changes li").first).to_be_visible()
    expect(first.locator(".scenario-row__title")).to_have_text(re.compile(t["suffix"]))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "variations")
