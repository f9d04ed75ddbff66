"""An owner switches the demo room to Robert's Rules: before saving, the page lists the published
scenario whose answer changes (the tied stud boards), and the owner pins it to the old rules; the
scenario list and the editor then say whose rules each scenario follows."""

import re

import pytest
from playwright.sync_api import expect

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.models import Scenario

from .conftest import DESKTOP, LOGIN, PHONE, log_in

TEXT = {
    "en": {
        **LOGIN["en"],
        "changes": "This change changes the answer of 1 published scenario",
        "pin": "Pin it to the old rules",
        "save": "Save house rules",
        "pinned": "Rules: TDA 2024 (tournament) (pinned by the author)",
        "house": "Rules: Robert's Rules style (cash game) (house rules)",
    },
    "ja": {
        **LOGIN["ja"],
        "changes": "この変更で、公開中のシナリオ 1 件の答えが変わります",
        "pin": "元のルールに固定する",
        "save": "ハウスルールを保存",
        "pinned": "ルール：TDA 2024（トーナメント）（作成者が固定）",
        "house": "ルール：ロバーツ・ルール方式（キャッシュゲーム）（ハウスルール）",
    },
}
TIE = "6thストリート：同じボードはスートで決める"


@pytest.mark.parametrize(
    ("language", "viewport"), [("ja", PHONE), ("en", DESKTOP)], ids=["ja-phone", "en-desktop"]
)
def test_an_owner_sees_the_scenarios_a_house_rules_change_affects_and_pins_one(
    new_page, screenshot, demo_data, language, viewport
):
    t = TEXT[language]
    page = new_page(viewport=viewport, locale="ja-JP" if language == "ja" else "en-US")
    log_in(page, "owner@demo.example", t)

    page.goto("/o/demo-card-room/house-rules/")
    page.locator("input[name=ruleset][value=robert-cash]").check()
    page.locator("#house-rules-form button[name=op][value=check]").click()
    impact = page.locator("[data-rules-impact]")
    expect(impact).to_contain_text(t["changes"])
    expect(impact.locator("[data-impact-scenario]")).to_have_count(1)
    expect(impact.locator("[data-impact-scenario]")).to_contain_text(TIE)
    assert Organisation.objects.get(slug="demo-card-room").ruleset == "tda-2024"  # nothing saved yet
    screenshot(page, "affected")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

    impact.get_by_label(t["pin"]).check()
    impact.get_by_role("button", name=t["save"]).click()
    expect(page).to_have_url(re.compile(r"/house-rules/$"))
    expect(page.locator(".messages, .message").first).to_be_visible()
    assert Organisation.objects.get(slug="demo-card-room").ruleset == "robert-cash"
    assert Scenario.objects.get(title=TIE).rules_pinned

    page.goto("/o/demo-card-room/scenarios/")
    expect(page.locator(".scenario-row", has_text=TIE)).to_contain_text(t["pinned"])
    expect(page.locator(".scenario-row").filter(has_not_text=TIE).first).to_contain_text(t["house"])
    screenshot(page, "list")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.console_errors == []
