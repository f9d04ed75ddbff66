"""First to act on 4th to 7th street (RULES.md 5) and the 7th-street stub (RP-10 H, RULES.md 8)."""

from __future__ import annotations

import random

import pytest

from games.core.cards import Deck
from games.stud.play import deal_next
from games.stud.rules import TDA_2024, Variant
from games.stud.scenario import scenario_from_dict
from games.stud.state import StudState, short_stub_procedure
from tests.games.helpers import answer, deal, doc, street

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")
ROUND3 = [*THREE, "p2 pb", "p3 cc", "p1 cc"]


def test_stud_fourth_street_open_pair_beats_any_high_cards():
    got = answer(doc([*ROUND3, *street(["Ac", "2d", "5d"])]))
    assert got["seat"] == 3  # 5s5d beats 9h-Ac


def test_tda_rp10d_tied_boards_high_card_by_suit_acts_first():
    untied = answer(doc([*ROUND3, *street(["Kc", "Kh", "9s"])]))
    assert untied["seat"] == 1  # boards 9♥K♣, 2♣K♥, 5♠9♠: K-9 is the best
    tied_deal = [*deal("AsKs9h", "QdQc9c", "7h7c5s"), "p3 pb", "p1 cc", "p2 cc"]
    tied = answer(doc([*tied_deal, *street(["Kc", "Kh", "2d"])]))
    assert tied["seat"] == 2  # 9c-Kh against 9h-Kc: the K♥ is higher than the K♣


def test_rrop_7cs1_position_breaks_tied_boards_under_robert_cash():
    actions = [*deal("AsKs9h", "QdQc9c", "7h7c5s"), "p3 pb", "p1 cc", "p2 cc", *street(["Kc", "Kh", "2d"])]
    assert answer(doc(actions, ruleset="robert-cash"))["seat"] == 1


def test_the_tie_break_flag_can_differ_per_variant():
    actions = [*deal("AsKs9h", "QdQc9c", "7h7c5s"), "p3 pb", "p1 cc", "p2 cc", *street(["Kc", "Kh", "2d"])]
    rules = {"tie_break_later_streets": {"F7S": "suit"}}
    assert answer(doc(actions, ruleset="robert-cash", rules=rules))["seat"] == 2


def test_razz_tied_low_boards_go_to_the_high_card_by_suit_too():
    actions = [*deal("As2s9h", "3d4c9c", "5h6cKs"), "p3 pb", "p1 cc", "p2 cc", *street(["7c", "7h", "Qd"])]
    assert answer(doc(actions, variant="FR"))["seat"] == 1  # 9♥7♣ against 9♣7♥: the 9♥ is higher


def test_razz_any_unpaired_board_is_lower_than_a_paired_one():
    actions = [*deal("As2s9h", "3d4c2c", "5h6cKs"), "p3 pb", "p1 cc", "p2 cc", *street(["Qc", "2h", "Qd"])]
    assert answer(doc(actions, variant="FR"))["seat"] == 1  # Q-9 beats the pair of deuces


def test_stud8_later_streets_follow_the_high_board():
    actions = [*deal("As2s9h", "3d4c2c", "5h6cKs"), "p2 pb", "p3 cc", "p1 cc", *street(["Qc", "3h", "Ad"])]
    assert answer(doc(actions, variant="F7S/8"))["seat"] == 3  # K-A is the best high board


def test_an_all_in_best_board_passes_the_action_clockwise_as_if_checked():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["Ac", "2d", "5d"])]
    got = answer(doc(actions, stacks=[10000, 10000, 300]))
    assert got["seat"] == 1  # p3's pair of fives is all-in; the next player clockwise acts


def _drive(players: int, folds: dict[int, int], seed: int = 5) -> StudState:
    """Deal to 6th-street betting complete, folding the first ``folds[street]`` players
    who may fold on that street (after a bet)."""
    rng = random.Random(seed)
    state = StudState(
        variant=Variant.STUD,
        ruleset=TDA_2024,
        structure=scenario_from_dict(doc(deal("AsKs9h", "2c3c4c"))).structure,
        starting_stacks=[100000] * players,
    )
    deck = Deck(rng=rng)
    while not (state.street == 7 and state.phase == "deal"):
        if state.phase == "deal":
            deal_next(state, deck)
            continue
        need = folds.get(state.street, 0)
        actor = state.actor
        if state.forced == "bring_in":
            state.post_bring_in()
        elif need and state.to_call(actor) == 0 and state.raise_totals():
            state.complete_bet_or_raise_to(state.raise_totals()[0])
        elif need and state.to_call(actor) > 0:
            state.fold()
            folds[state.street] = need - 1
        else:
            state.check_or_call()
    return state


@pytest.mark.parametrize(
    ("players", "folds", "stub", "required", "procedure"),
    [
        (8, {}, 1, 10, "C"),
        (8, {6: 1}, 1, 9, "C"),
        (8, {5: 1}, 2, 9, "C"),
        (8, {4: 1}, 3, 9, "B"),
        (8, {3: 1}, 4, 9, "B"),
        (8, {4: 2}, 5, 8, "A"),
        (8, {3: 2}, 7, 8, "A"),
        (7, {}, 7, 9, "A"),
        (6, {}, 13, 8, "none"),
    ],
)
def test_tda_rp10h_stub_count_and_procedure_match_the_rules_table(players, folds, stub, required, procedure):
    state = _drive(players, dict(folds))
    assert state.stub_before_seventh == stub
    assert state.stub_required() == required
    assert state.seventh_procedure == procedure
    assert short_stub_procedure(stub, required - 2) == procedure


def test_tda_rp10h_community_card_then_first_to_act_on_seventh_is_first_on_sixth():
    state = _drive(8, {})
    first_on_sixth = state.first_actor[6]
    assert state.next_dealee is None  # the community card is due, not a hole card
    deck = Deck(rng=random.Random(3), exclude=sorted(state.used, key=lambda c: c.index))
    deal_next(state, deck)
    assert state.community is not None
    assert state.actor == first_on_sixth
    assert all(len(state.cards_of(i)) == 7 for i in state.live_players())


def test_a_hole_card_on_seventh_is_refused_when_a_community_card_is_due():
    from games.core.errors import EngineError

    state = _drive(8, {})
    with pytest.raises(EngineError) as err:
        state.deal_hole(0, [next(c for c in Deck(rng=random.Random(1)).draw(52) if c not in state.used)])
    assert err.value.code == "community_card_due"
