"""Variations ask other questions: no repeats, titles that name their own cards, what changed."""

from __future__ import annotations

import json
import re

import pytest

from games.stud.scenario import load_scenario
from games.table import table_view
from games.vary import vary
from games.vary.compare import changes, dealt_cards, signature
from games.vary.title import variation_title
from tests.games.conftest import EXAMPLES_DIR

STUD_TIE = {
    "variant": "F7S",
    "antes": [100, 100, 100, 100, 100],
    "bring_in": 200,
    "small_bet": 500,
    "big_bet": 1000,
    "starting_stacks": [10000, 10000, 10000, 10000, 10000],
    "actions": ["d dh p1 4c5d9h", "d dh p2 5c6c3c", "d dh p3 7s8sQd", "d dh p4 2c2hJs", "d dh p5 Td8h3d"],
    "_question": {"kind": "bring_in"},
}
TITLE = "Stud bring-in: 3c vs 3d tie"
SEEDS = range(40)
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([cdhs♣♦♥♠])(?![A-Za-z])")
SUIT = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def _example(name):
    return json.loads((EXAMPLES_DIR / name).read_text(encoding="utf-8"))


def _doors_and_answer(document, solution):
    """What decides a bring-in: the doors (rank and suit) in dealing order and the engine's answer
    (which names the seats)."""
    view = table_view(document)
    return json.dumps([s["upcards"][:1] for s in view["seats"]]), json.dumps(
        solution["answer"], sort_keys=True
    )


def _pots_facts(document, solution):
    """What decides the pots: the chips each seat put in, who is still in, and the answer."""
    view = table_view(document)
    return json.dumps([[s["committed"], s["folded"], s["all_in"]] for s in view["seats"]]), json.dumps(
        solution["answer"], sort_keys=True
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_no_bring_in_variation_repeats_the_doors_and_answer_of_the_original_or_of_another(seed):
    from games.solve import solve

    original = _doors_and_answer(STUD_TIE, solve(STUD_TIE))
    found = vary(STUD_TIE, count=8, seed=seed)
    assert found
    facts = [_doors_and_answer(v.document, v.solution) for v in found]
    assert original not in facts
    assert len(set(facts)) == len(facts)
    documents = [json.dumps(v.document, sort_keys=True) for v in found]
    assert len(set(documents)) == len(documents)


@pytest.mark.parametrize("seed", range(15))
def test_no_pots_variation_only_moves_chips_that_cannot_change_the_pots(seed):
    from games.solve import solve

    doc = _example("pots-fourth-street-all-in-and-fold.json")
    original = _pots_facts(doc, solve(doc))
    found = vary(doc, count=6, seed=seed)
    facts = [_pots_facts(v.document, v.solution) for v in found]
    assert original not in facts
    assert len(set(facts)) == len(facts)


def test_variations_made_before_are_not_made_again():
    first = vary(STUD_TIE, count=5, seed=7)
    again = vary(STUD_TIE, count=5, seed=7, avoid=[v.document for v in first])
    assert again
    before = {_doors_and_answer(v.document, v.solution) for v in first}
    assert not before & {_doors_and_answer(v.document, v.solution) for v in again}


def test_when_fewer_distinct_variations_exist_every_one_is_made_once():
    # Suits only on a full table: the doors can differ in at most 23 suit permutations.
    doc = dict(STUD_TIE, seat_count=5)
    found = vary(doc, count=50, seed=1, changes=["suits"])
    assert 0 < len(found) < 50
    assert len({v.signature for v in found}) == len(found)
    assert signature(doc) not in {v.signature for v in found}
    # and asking again with them avoided finds none left
    rest = vary(doc, count=50, seed=2, changes=["suits"], avoid=[v.document for v in found])
    assert len(found) + len(rest) <= 23


@pytest.mark.parametrize("seed", SEEDS)
def test_a_variation_title_names_only_cards_of_its_own_hand(seed):
    for number, variation in enumerate(vary(STUD_TIE, count=5, seed=seed), start=1):
        title = variation_title(TITLE, STUD_TIE, variation, number=number, lang="en")
        named = [rank.replace("10", "T") + SUIT.get(suit, suit) for rank, suit in CARD.findall(title)]
        assert named, title
        assert set(named) <= set(dealt_cards(variation.document)), title
        assert title.endswith(f"(variation {number})")
        if variation.suit_map:
            assert named == ["3" + variation.suit_map["c"], "3" + variation.suit_map["d"]]


def test_a_title_naming_a_card_the_hand_lacks_is_built_from_the_kind_and_the_deciding_doors():
    variation = vary(STUD_TIE, count=1, seed=3, changes=["seats"])[0]
    title = variation_title("Stud bring-in: Ah vs As", STUD_TIE, variation, number=2, lang="en")
    assert title == "Stud High bring-in: 3♣ vs 3♦ (variation 2)"
    title = variation_title("Stud bring-in: Ah vs As", STUD_TIE, variation, number=2, lang="ja")
    assert title == "スタッドハイ ブリングイン：3♣・3♦（バリエーション 2）"


def test_a_title_follows_its_players_to_their_new_seats():
    variation = vary(STUD_TIE, count=1, seed=3, changes=["seats"])[0]
    title = variation_title("Stud: seat 5 brings in", STUD_TIE, variation, number=1, lang="en")
    assert title == f"Stud: seat {variation.document['seats'][4]} brings in (variation 1)"


def test_what_changed_names_the_streets_seats_and_the_answer():
    # clubs and diamonds swapped: the doors of seats 2, 3 and 5 change and 3c (seat 5) brings in
    swapped = dict(
        STUD_TIE,
        actions=["d dh p1 4d5c9h", "d dh p2 5d6d3d", "d dh p3 7s8sQc", "d dh p4 2d2hJs", "d dh p5 Tc8h3c"],
    )
    found = changes(STUD_TIE, swapped)
    assert [c.en for c in found] == [
        "3rd street up cards of seats 2, 3 and 5 changed",
        "Down cards of seats 1, 2, 4 and 5 changed",
        "Bring-in moved from seat 2 to seat 5",
        "First to act after the bring-in: seat 2 → seat 5",
    ]
    assert found[0].ja == "3rdストリートの2番席・3番席・5番席のアップカードが変わりました"
    assert found[2].code == "bring_in_moved"
    assert found[2].params == {"field": "seat", "before": 2, "after": 5}


def test_what_changed_names_moved_seats_and_deep_stacks():
    moved = dict(STUD_TIE, seats=[1, 2, 4, 6, 8], seat_count=8, starting_stacks=[20000] + [10000] * 4)
    found = changes(STUD_TIE, moved)
    assert found[0].en == "Players moved to seats 1, 2, 4, 6 and 8 (were seats 1, 2, 3, 4 and 5)"
    assert "Starting stacks of seat 1 changed (all still deep)" in [c.en for c in found]
    assert "Bring-in moved from seat 2 to seat 2" not in [c.en for c in found]
    assert signature(load_scenario(dict(STUD_TIE, starting_stacks=[20000] + [10000] * 4))) == signature(
        STUD_TIE
    )


@pytest.mark.parametrize("seed", range(10))
def test_moving_seats_makes_a_new_bring_in_question_only_when_the_answer_names_other_seats(seed):
    from games.solve import solve

    original = solve(STUD_TIE)["answer"]
    found = vary(STUD_TIE, count=6, seed=seed, changes=["seats", "stacks"])
    assert found
    answers = [json.dumps(v.solution["answer"], sort_keys=True) for v in found]
    assert (
        json.dumps(original, sort_keys=True) not in answers
    )  # the doors are the same: only the answer differs
    assert len(set(answers)) == len(answers)
