"""Issuing a question: the answer and the table from one replay, the same as from two."""

from __future__ import annotations

import hashlib
import json
from itertools import permutations

import pytest

from games.api import generate, kind_names, load, solve, solve_and_view, table_view
from games.core.cards import parse_cards
from games.core.errors import EngineError
from games.core.hands import high_board_strength, razz_board_strength
from games.stud.generate import focuses

STUD = ("F7S", "FR", "F7S/8")
RULESETS = ("tda-2024", "robert-cash")
OTHERS = ("NT", "FCH", "T10S")
# A room's own structure and a house flag: the focus generators deal differently with them.
HOUSES = (
    {},
    {"structure": {"ante": 25, "bring_in": 50, "small_bet": 100, "big_bet": 200, "min_chip": 25}},
    {"rules": {"cap_lifted_heads_up": True}},
)

# sha256 of the documents generate() gives for every stud game, kind and focus (unfocused too),
# both rulesets, seeds 0-2: the same seed must keep giving the same document.
DOCUMENTS_DIGEST = "7c7acd65da501144e7926893d72eba38bc657efd6fd35a77028d6a691cbbec5a"


def _stud_cases():  # type: ignore[no-untyped-def]
    for game in STUD:
        for kind in kind_names(game):
            for focus in (None, *focuses(kind, game)):
                yield game, kind, focus


def _separately(document):  # type: ignore[no-untyped-def]
    """What the drills did before: solve, then draw the table, each replaying the hand."""
    scenario = load(document)
    return solve(scenario), table_view(scenario)


@pytest.mark.parametrize(("game", "kind", "focus"), list(_stud_cases()))
def test_one_replay_gives_the_answer_and_table_of_solve_then_table_view(game, kind, focus):  # type: ignore[no-untyped-def]
    for ruleset in RULESETS:
        for house in HOUSES:
            for seed in range(5):
                try:
                    document = generate(
                        game=game, kind=kind, seed=f"issue-{seed}", focus=focus, ruleset=ruleset, **house
                    )
                except EngineError:
                    continue  # a focus this structure cannot deal
                label = f"{game} {kind} {focus} {ruleset} {house} seed {seed}"
                assert solve_and_view(load(document)) == _separately(document), label


@pytest.mark.parametrize("game", OTHERS)
def test_the_other_games_are_issued_as_before(game):  # type: ignore[no-untyped-def]
    for kind in kind_names(game):
        for seed in range(4):
            document = generate(game=game, kind=kind, seed=seed)
            assert solve_and_view(document) == _separately(document), f"{game} {kind} seed {seed}"


def test_a_document_is_read_before_it_is_solved_and_drawn():
    document = generate(game="F7S", kind="next_action", seed=5, focus="options")
    assert solve_and_view(json.dumps(document)) == _separately(document)


def test_a_scenario_asking_nothing_fails_as_solve_fails():
    document = generate(game="F7S", kind="next_action", seed=1)
    del document["_question"]
    with pytest.raises(EngineError) as expected:
        solve(document)
    with pytest.raises(EngineError) as given:
        solve_and_view(document)
    assert given.value.code == expected.value.code == "missing_field"


def test_a_question_that_does_not_apply_fails_as_solve_fails():
    document = generate(game="F7S", kind="next_action", seed=2)
    document["_question"] = {"kind": "award"}  # no showdown yet
    with pytest.raises(EngineError) as expected:
        solve(document)
    with pytest.raises(EngineError) as given:
        solve_and_view(document)
    assert (given.value.code, given.value.params) == (expected.value.code, expected.value.params)


def test_every_seed_gives_the_document_it_gave_before():
    digest = hashlib.sha256()
    for game, kind, focus in _stud_cases():
        for ruleset in RULESETS:
            for seed in range(3):
                document = generate(game=game, kind=kind, seed=seed, focus=focus, ruleset=ruleset)
                digest.update(json.dumps(document, sort_keys=True).encode())
    assert digest.hexdigest() == DOCUMENTS_DIGEST


@pytest.mark.parametrize("cards", ["AsKd9c9h", "2c2d2h7s", "QsQdJcJh", "5h", "Th8c"])
def test_a_board_is_worth_the_same_whatever_order_its_cards_came_in(cards):  # type: ignore[no-untyped-def]
    board = parse_cards(cards)
    for strength in (high_board_strength, razz_board_strength):
        assert len({strength(list(order)) for order in permutations(board)}) == 1
