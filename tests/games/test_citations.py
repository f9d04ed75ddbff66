"""Every rule an answer cites is a rulebook entry of the registry, never a file of ours."""

from __future__ import annotations

import json
import re

import pytest

from games.api import kind_names
from games.core.citations import BOOKS, CITATIONS, citation, is_known
from games.generate_other import FOCUSES, generate_other
from games.solve import solve
from games.stud.events import DEALER_ERRORS, EVENT_TYPES
from games.stud.generate import focuses, generate
from games.stud.rules import flag_specs
from tests.games.conftest import EXAMPLES_DIR, REPO_ROOT

OTHER_EXAMPLES = sorted((REPO_ROOT / "tests" / "games" / "examples_other").glob("*.json"))


def _cited(doc):
    return solve(doc)["rules"]


def _assert_known(rules, where):
    unknown = [key for key in rules if not is_known(key)]
    assert not unknown, f"{where} cites {unknown}, which the rules reference does not list"


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
@pytest.mark.parametrize("kind", kind_names("F7S"))
def test_every_stud_answer_cites_only_registered_rules(kind, variant):
    for focus in (None, *focuses(kind, variant)):
        for seed in range(12):
            for ruleset in ("tda-2024", "robert-cash"):
                doc = generate(kind=kind, variant=variant, seed=seed, focus=focus, ruleset=ruleset)
                _assert_known(_cited(doc), f"{kind}/{focus}/{variant} seed {seed} {ruleset}")


@pytest.mark.parametrize("event_type", sorted(EVENT_TYPES))
def test_every_ruling_cites_only_registered_rules(event_type):
    found = 0
    # The dealer's errors at the table are drilled by their own question, which draws them all.
    question = "dealer_error" if event_type in DEALER_ERRORS else "ruling"
    for seed in range(400):
        doc = generate(kind=question, variant="F7S", seed=seed)
        if doc["_events"][-1]["type"] != event_type:
            continue
        found += 1
        _assert_known(_cited(doc), f"ruling {event_type} seed {seed}")
        if found >= 5:
            break
    assert found, f"no generated ruling on {event_type}"


@pytest.mark.parametrize("variant", sorted(FOCUSES))
def test_every_house_game_answer_cites_only_registered_rules(variant):
    for kind, kind_focuses in FOCUSES[variant].items():
        for focus in kind_focuses:
            for seed in range(8):
                doc = generate_other(kind=kind, variant=variant, seed=seed, focus=focus)
                _assert_known(_cited(doc), f"{variant} {kind}/{focus} seed {seed}")


def test_the_examples_cite_only_registered_rules():
    paths = [*sorted(EXAMPLES_DIR.glob("*.json")), *OTHER_EXAMPLES]
    assert paths
    for path in paths:
        _assert_known(_cited(json.loads(path.read_text(encoding="utf-8"))), path.name)


def test_house_rule_flags_cite_registered_rules():
    for spec in flag_specs():
        for key in spec["rule"].split(" / "):
            assert is_known(key), f"flag {spec['name']} cites {key!r}"


def test_no_citation_names_a_file():
    for key, entry in CITATIONS.items():
        for file_word in ("RULES", "Seed", ".md", ".txt"):
            assert file_word not in key, key
        assert entry.book in BOOKS, key
        assert entry.title_en, key
        assert entry.title_ja, key


def test_citation_anchors_are_unique_and_url_safe():
    anchors = [c.anchor for c in CITATIONS.values()]
    assert len(set(anchors)) == len(anchors)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", a) for a in anchors)
    assert citation("TDA 2024 Rule 47-B").anchor == "tda-2024-rule-47-b"
    assert citation("Hold'em rules §3.1").anchor == "hold-em-rules-s3-1"


def test_an_unknown_key_is_reported_so_these_tests_can_fail():
    assert not is_known("RULES.md 11")
    with pytest.raises(KeyError):
        citation("Seed 002 §5")


def test_explanations_name_tda_rules_as_the_rulebook_numbers_them():
    # "TDA 2024 Rule 30" / "TDA 2024 ルール30" / "TDA 2024 RP-10 E": the rules reference links
    # these designations; "TDA Rule 30" or "推奨手順10-E" would be left unlinked.
    mentions = 0
    for kind in kind_names("F7S"):
        for variant in ("F7S", "FR", "F7S/8"):
            for focus in (None, *focuses(kind, variant)):
                for seed in range(3):
                    result = solve(generate(kind=kind, variant=variant, seed=seed, focus=focus))
                    for text in result["explanation"].values():
                        for found in re.finditer(r"TDA(.{0,8})", text):
                            mentions += 1
                            assert found.group(1).startswith(" 2024 "), (kind, focus, seed, text)
                        assert "推奨手順" not in text
    assert mentions > 50


def test_razz_first_to_act_on_later_streets_cites_barge_razz_not_the_showdown_order_rule():
    # Who acts first on 4th to 7th street in razz is the lowest board (BARGE Razz); TDA Rule
    # 17-A is the order of the showdown and decides nothing here.
    checked = 0
    for focus in ("first_to_act", "razz_boards"):
        for seed in range(12):
            result = solve(generate(kind="next_action", variant="FR", seed=seed, focus=focus))
            assert "TDA 2024 Rule 17-A" not in result["rules"], (focus, seed, result["rules"])
            if result["answer"]["seat"] is not None:
                assert "BARGE Razz" in result["rules"], (focus, seed)
                checked += 1
    assert checked
