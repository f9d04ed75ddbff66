"""The rules under a table are drawn once per process, memoized on their words (in the page's
language), the organisation the citations link to and the site's URL prefix: the drawing is the
template's, in either language, and different rules or another organisation draw differently."""

from __future__ import annotations

from types import SimpleNamespace

from django.template.loader import render_to_string
from django.urls import set_script_prefix
from django.utils import translation

from dealer_training.accounts.house_rules import describe_rules
from dealer_training.scenarios.rule_lines import rule_lines_html

STRUCTURE = {"bring_in": 100, "small_bet": 200}


def _lines(ruleset: str = "tda-2024", overrides: dict[str, object] | None = None) -> list:
    return describe_rules(ruleset=ruleset, overrides=overrides or {}, structure=STRUCTURE)


def test_rule_lines_are_drawn_as_the_template_draws_them_in_each_language():
    drawn = {}
    for language in ("en", "ja"):
        with translation.override(language):
            lines = _lines(overrides={"odd_chip": "rrop"})
            expected = render_to_string(
                "accounts/_rule_lines.html", {"rules": lines, "current_org": SimpleNamespace(slug="ginza")}
            )
            drawn[language] = rule_lines_html(lines, org_slug="ginza")
            assert drawn[language] == expected
            assert (
                rule_lines_html(_lines(overrides={"odd_chip": "rrop"}), org_slug="ginza") is drawn[language]
            )
    assert "House choice" in drawn["en"]
    assert "House choice" not in drawn["ja"]
    assert drawn["en"] != drawn["ja"]


def test_other_rules_or_another_organisation_draw_differently():
    with translation.override("en"):
        tda = rule_lines_html(_lines(), org_slug="ginza")
        robert = rule_lines_html(_lines("robert-cash"), org_slug="ginza")
        chosen = rule_lines_html(_lines(overrides={"cap_lifted_heads_up": True}), org_slug="ginza")
        elsewhere = rule_lines_html(_lines(), org_slug="shibuya")
    assert len({tda, robert, chosen, elsewhere}) == 4
    assert "House choice" in chosen
    assert "House choice" not in tda
    assert "/o/ginza/rules/" in tda
    assert "/o/ginza/" not in elsewhere
    assert "/o/shibuya/rules/" in elsewhere


def test_rule_lines_link_under_the_sites_url_prefix():
    try:
        set_script_prefix("/trainer/")
        with translation.override("en"):
            drawn = rule_lines_html(_lines(), org_slug="ginza")
    finally:
        set_script_prefix("/")
    assert 'href="/trainer/o/ginza/rules/' in drawn


def test_rule_lines_without_an_organisation_are_not_linked():
    with translation.override("en"):
        drawn = rule_lines_html(_lines(), org_slug=None)
    assert 'class="rule-line"' in drawn
    assert "<a " not in drawn
