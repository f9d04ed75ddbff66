"""Explanations carry this hand's seats, cards and amounts, in English and Japanese."""

from __future__ import annotations

import json
import re

import pytest

from games.api import kind_names
from games.solve import solve
from games.stud.generate import generate
from tests.games.conftest import EXAMPLES_DIR

EXAMPLES = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES_DIR.glob("*.json"))}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_explanation_names_the_answer_seat_in_both_languages(name):
    result = solve(EXAMPLES[name])
    seat = result["answer"].get("seat", result["answer"].get("first_to_act_7th"))
    if seat is None:
        seats = [s for pot in result["answer"].get("pots", []) for s in pot.get("eligible", [])]
        seat = seats[0] if seats else None
    if seat is None:
        seat = next(iter(result["answer"].get("hands", {"0": None})))
    assert re.search(rf"[Ss]eats? [^.]*\b{seat}\b", result["explanation"]["en"])
    assert f"{seat}番" in result["explanation"]["ja"]


def test_japanese_uses_the_dealers_words():
    ja = " ".join(solve(doc)["explanation"]["ja"] for doc in EXAMPLES.values())
    for word in (
        "ブリングイン",
        "コンプリート",
        "アンティ",
        "サイドポット",
        "スタブ",
        "コミュニティカード",
        "番席",
    ):
        assert word in ja, word
    assert "シート" not in ja  # one word for seat: 席


def test_pots_explanation_gives_the_amounts_of_this_hand():
    result = solve(EXAMPLES["pots-fourth-street-all-in-and-fold.json"])
    for text in result["explanation"].values():
        assert "2,100" in text
        assert "400" in text
        assert "600" in text


@pytest.mark.parametrize("kind", kind_names("F7S"))
def test_explanations_differ_from_hand_to_hand(kind):
    texts = {solve(generate(kind=kind, variant="F7S", seed=seed))["explanation"]["ja"] for seed in range(6)}
    assert len(texts) > 2, kind
