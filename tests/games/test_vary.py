"""Variations of a scenario ("vary this"): other suits, stacks and seats, each solved again."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.cards import parse_cards
from games.core.errors import EngineError
from games.solve import solve
from games.stud.generate import generate
from games.stud.scenario import load_scenario, scenario_to_dict
from games.vary import CHANGES, vary
from tests.games.conftest import EXAMPLES_DIR

EXAMPLE_FILES = sorted(EXAMPLES_DIR.glob("*.json"))

STUD_DEUCES = {
    "variant": "F7S",
    "antes": [100, 100, 100, 100, 100],
    "bring_in": 200,
    "small_bet": 500,
    "big_bet": 1000,
    "starting_stacks": [10000, 10000, 10000, 10000, 10000],
    "actions": ["d dh p1 3d4d9h", "d dh p2 5c6c2s", "d dh p3 7s8sKd", "d dh p4 JcQc2c", "d dh p5 TdTsAh"],
    "_question": {"kind": "bring_in"},
    "_expected": {"seat": 4, "amount": 200, "first_to_act": 4},
}


# Examples whose every variation asks the same question as the original.
NOTHING_TO_VARY = {
    "stub-eight-handed-two-fold-fifth.json": "a full table: suits and deep stacks never change a stub",
}


def _cards_of(document):
    """Every card dealt or shown in a document's actions, in order."""
    cards = []
    for action in document["actions"]:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            cards += [str(c) for c in parse_cards(words[3])]
        elif words[:2] == ["d", "db"]:
            cards += [str(c) for c in parse_cards(words[2])]
    return cards


def _example(name):
    return json.loads((EXAMPLES_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_variation_of_a_shared_example_solves_with_the_same_question(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    found = vary(doc, count=6, seed=3)
    if path.name in NOTHING_TO_VARY:
        assert found == [], f"{path.name}: {NOTHING_TO_VARY[path.name]}"
    else:
        assert found, f"{path.name}: no variation found"
    for variation in found:
        assert variation.changes, "a variation changes something"
        again = solve(variation.document)
        assert again == variation.solution
        assert again["kind"] == doc["_question"]["kind"]
        assert "_expected" not in variation.document  # the original's answer does not carry over
        cards = _cards_of(variation.document)
        assert len(cards) == len(set(cards)), "no card is dealt twice"


def test_the_same_seed_gives_the_same_variations_and_another_seed_others():
    first = vary(STUD_DEUCES, count=5, seed=42)
    assert [v.document for v in first] == [v.document for v in vary(STUD_DEUCES, count=5, seed=42)]
    other = vary(STUD_DEUCES, count=5, seed=43)
    assert [v.document for v in first] != [v.document for v in other]


def test_variations_are_distinct_from_each_other_and_from_the_original():
    found = vary(STUD_DEUCES, count=10, seed=1)
    keys = {json.dumps(v.document, sort_keys=True) for v in found}
    assert len(keys) == len(found) == 10
    original = dict(STUD_DEUCES)
    original.pop("_expected")
    original_key = json.dumps(scenario_to_dict(load_scenario(original)), sort_keys=True)
    assert original_key not in keys


def test_a_suit_permutation_maps_every_card_and_keeps_the_ranks():
    found = [v for v in vary(STUD_DEUCES, count=12, seed=5, changes=["suits"]) if v.suit_map]
    assert found
    before = _cards_of(STUD_DEUCES)
    for variation in found:
        after = _cards_of(variation.document)
        assert [c[0] for c in after] == [c[0] for c in before]
        assert [variation.suit_map[c[1]] for c in before] == [c[1] for c in after]
        assert sorted(variation.suit_map.values()) == ["c", "d", "h", "s"]


def test_the_engine_recomputes_who_brings_in_when_the_suits_change():
    # 2s (seat 2) and 2c (seat 4): clubs are lowest, so seat 4 brings in; swap clubs and spades
    # and the deuce of clubs is now in seat 2.
    found = vary(STUD_DEUCES, count=20, seed=9, changes=["suits"])
    for variation in found:
        spade_deuce, club_deuce = variation.suit_map["s"], variation.suit_map["c"]
        expected = 2 if "cdhs".index(spade_deuce) < "cdhs".index(club_deuce) else 4
        assert variation.solution["answer"]["seat"] == expected
    assert {v.solution["answer"]["seat"] for v in found} == {2, 4}


def test_deep_stacks_change_and_short_or_all_in_stacks_keep_their_size():
    doc = _example("pots-fourth-street-all-in-and-fold.json")
    state = load_scenario(doc).replay().state
    short = {i for i in range(state.count) if state.is_all_in(i) or state.stacks[i] < 6000}
    assert vary(doc, count=8, seed=2, changes=["stacks"]) == []  # deep stacks never change a pot
    found = [v for v in vary(doc, count=8, seed=2, changes=["stacks", "seats"]) if v.stacks]
    assert found
    for variation in found:
        stacks = variation.document["starting_stacks"]
        assert stacks != doc["starting_stacks"]
        for i in short:
            assert stacks[i] == doc["starting_stacks"][i]
        assert all(s % load_scenario(doc).structure.min_chip == 0 for s in stacks)


def test_seats_move_in_dealing_order_and_events_follow_their_player():
    doc = _example("ruling-picks-up-upcards-not-facing-action.json")
    found = vary(doc, count=6, seed=4, changes=["seats"])
    assert found
    for variation in found:
        seats = variation.document["seats"]
        assert seats == sorted(seats)
        assert len(set(seats)) == 4
        assert max(seats) <= variation.document["seat_count"]
        # the event was about p2; it is about p2's new seat now, and so is the ruling
        assert variation.document["_events"][0]["seat"] == seats[1]
        assert variation.solution["answer"] == {"ruling": "binding_fold", "seat": seats[1]}


def test_best_hands_asked_for_some_seats_asks_for_the_same_players_after_a_move():
    doc = _example("best-hands-stud8-three-way.json")
    asked = doc["_question"].get("seats")
    found = vary(doc, count=4, seed=8, changes=["seats"])
    assert found
    for variation in found:
        if asked:
            old = doc.get("seats") or list(range(1, len(doc["starting_stacks"]) + 1))
            moved = dict(zip(old, variation.document["seats"], strict=True))
            assert variation.document["_question"]["seats"] == [moved[s] for s in asked]


def test_a_full_table_without_spare_seats_still_varies_in_other_ways():
    doc = dict(STUD_DEUCES, seat_count=5)
    assert vary(doc, count=3, seed=1, changes=["seats"]) == []
    assert len(vary(doc, count=3, seed=1, changes=["suits", "seats"])) == 3


def test_bad_arguments_are_engine_errors():
    with pytest.raises(EngineError) as err:
        vary(STUD_DEUCES, count=0, seed=1)
    assert err.value.code == "bad_amount"
    with pytest.raises(EngineError) as err:
        vary(STUD_DEUCES, count=3, seed=1, changes=["colours"])
    assert err.value.code == "bad_field"
    broken = dict(STUD_DEUCES, actions=["d dh p1 3d4d9h", "d dh p2 3d6c2s"])
    with pytest.raises(EngineError) as err:
        vary(broken, count=3, seed=1)
    assert err.value.code == "duplicate_card"
    assert err.value.path == "actions[1]"


def test_every_kind_of_change_is_offered():
    assert set(CHANGES) == {"suits", "stacks", "seats"}


@given(
    kind=st.sampled_from(["pots", "bring_in", "next_action", "stub", "showdown_first", "award", "ruling"]),
    variant=st.sampled_from(["F7S", "FR", "F7S/8"]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_variations_of_generated_scenarios_always_solve_and_never_deal_a_card_twice(kind, variant, seed):
    doc = generate(kind=kind, variant=variant, seed=seed)
    for variation in vary(doc, count=3, seed=seed):
        result = solve(variation.document)
        assert result["kind"] == kind
        cards = _cards_of(variation.document)
        assert len(cards) == len(set(cards))
        assert Counter(c[0] for c in cards) == Counter(c[0] for c in _cards_of(doc))
