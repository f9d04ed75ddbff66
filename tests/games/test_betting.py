"""Fixed-limit betting: sizes, the cap, short all-ins (RULES.md 3 and 4)."""

from __future__ import annotations

import pytest

from games.core.errors import EngineError
from tests.games.helpers import answer, deal, doc, state_of, street

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")


def test_rrop_7cs3_completion_is_bet_one_so_the_five_bet_cap_stops_at_2500():
    actions = [*THREE, "p2 pb", "p3 cbr 500", "p1 cbr 1000", "p2 cbr 1500", "p3 cbr 2000", "p1 cbr 2500"]
    got = answer(doc(actions))
    assert got["seat"] == 2
    assert got["options"]["call"] == 1000  # p2 has 1,500 in
    assert got["options"]["raise_to"] is None


def test_the_cap_follows_max_bets_four_bets_stop_at_2000():
    actions = [*THREE, "p2 pb", "p3 cbr 500", "p1 cbr 1000", "p2 cbr 1500", "p3 cbr 2000"]
    got = answer(doc(actions, _max_bets=4))
    assert got["options"]["raise_to"] is None
    with pytest.raises(EngineError) as err:
        state_of(doc([*actions, "p1 cbr 2500"], _max_bets=4))
    assert err.value.code == "raise_not_allowed"


def test_tda_rule_48_keeps_the_cap_heads_up():
    actions = [*deal("6c7d3h", "3sAsTd"), "p1 pb", "p2 cbr 500", "p1 cbr 1000", "p2 cbr 1500", "p1 cbr 2000"]
    got = answer(doc([*actions, "p2 cbr 2500"]))
    assert got["options"]["raise_to"] is None


def test_cap_lifted_heads_up_applies_only_when_two_players_are_left():
    actions = [*THREE, "p2 pb", "p3 cbr 500", "p1 cbr 1000", "p2 cbr 1500", "p3 cbr 2000", "p1 cbr 2500"]
    three_way = answer(doc(actions, ruleset="robert-cash"))
    assert three_way["options"]["raise_to"] is None
    heads_up = answer(doc([*actions, "p2 f"], ruleset="robert-cash"))
    assert heads_up["seat"] == 3
    assert heads_up["options"]["raise_to"] == [3000]


def test_fixed_limit_small_bet_on_fourth_big_bet_from_fifth():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["2d", "3d", "4d"])]
    fourth = answer(doc(actions))
    assert fourth["options"]["bet_to"] == [500]
    fifth = answer(doc([*actions, "p1 cc", "p2 cc", "p3 cc", *street(["5d", "6d", "8d"])]))
    assert fifth["options"]["bet_to"] == [1000]


def test_tda_rp10f_no_double_bet_on_an_open_pair_on_fourth():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"])]
    got = answer(doc(actions))
    assert got["seat"] == 1
    assert got["options"]["bet_to"] == [500]


def test_rrop_7cs4_open_pair_on_fourth_allows_the_small_or_the_big_bet_in_stud_high():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"])]
    got = answer(doc(actions, ruleset="robert-cash"))
    assert got["options"]["bet_to"] == [500, 1000]
    after_small = answer(doc([*actions, "p1 cbr 500"], ruleset="robert-cash"))
    assert after_small["options"]["raise_to"] == [1000, 1500]
    after_big = answer(doc([*actions, "p1 cbr 1000"], ruleset="robert-cash"))
    assert after_big["options"]["raise_to"] == [2000]


@pytest.mark.parametrize("variant", ["FR", "F7S/8"])
def test_open_pair_option_never_applies_in_razz_or_stud8(variant):
    rules = {"fourth_street_double_on_open_pair": True}
    holes = deal("As2s9h", "3d4cKc", "5h6c7s")
    first = answer(doc([*holes], variant=variant, rules=rules))
    actions = [*holes, f"p{first['seat']} pb"]
    while True:
        nxt = answer(doc(actions, variant=variant, rules=rules))
        if nxt["seat"] is None:
            break
        actions.append(f"p{nxt['seat']} cc")
    actions += street(["9c", "Kd", "7d"])
    got = answer(doc(actions, variant=variant, rules=rules))
    assert got["options"]["bet_to"] == [500]


def test_tda_47b_short_all_in_under_half_a_bet_does_not_reopen_for_a_player_who_acted():
    # 4th street: p1 bets 500, p2 is all-in for 700 in all (a 200 raise, less than half of 500).
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"]), "p1 cbr 500", "p2 cbr 700"]
    stacks = [10000, 1000, 10000]
    got = answer(doc(actions, stacks=stacks))
    assert got["seat"] == 3
    assert got["options"]["call"] == 700
    assert got["options"]["raise_to"] == [1000]  # not acted: may complete the wager
    back_to_p1 = answer(doc([*actions, "p3 cc"], stacks=stacks))
    assert back_to_p1["seat"] == 1
    assert back_to_p1["options"]["call"] == 200
    assert back_to_p1["options"]["raise_to"] is None


def test_tda_47b_an_all_in_of_half_a_bet_or_more_reopens_and_the_raise_is_all_in_plus_a_bet():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"]), "p1 cbr 500", "p2 cbr 800"]
    stacks = [10000, 1100, 10000]
    assert answer(doc(actions, stacks=stacks))["options"]["raise_to"] == [1300]
    back_to_p1 = answer(doc([*actions, "p3 cc"], stacks=stacks))
    assert back_to_p1["options"]["raise_to"] == [1300]


def test_completing_the_wager_after_a_short_all_in_reopens_for_everyone():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"])]
    actions += ["p1 cbr 500", "p2 cbr 700", "p3 cbr 1000"]
    got = answer(doc(actions, stacks=[10000, 1000, 10000]))
    assert got["seat"] == 1
    assert got["options"]["raise_to"] == [1500]


def test_third_street_short_completion_of_240_does_not_reopen_the_bring_in():
    actions = [*THREE, "p2 pb", "p3 cbr 240"]
    stacks = [10000, 10000, 340]
    got = answer(doc(actions, stacks=stacks))
    assert got["seat"] == 1
    assert got["options"]["complete_to"] == 500  # RULES.md 4: p1 has not acted: complete the wager
    bring_in = answer(doc([*actions, "p1 cc"], stacks=stacks))
    assert bring_in["seat"] == 2
    assert bring_in["options"]["call"] == 40
    assert bring_in["options"]["complete_to"] is None


def test_third_street_all_in_completion_of_300_reopens_under_the_full_bet_reading():
    actions = [*THREE, "p2 pb", "p3 cbr 300", "p1 cc"]
    got = answer(doc(actions, stacks=[10000, 10000, 400]))
    assert got["seat"] == 2
    assert got["options"]["raise_to"] == [800]


def test_completion_increment_reading_treats_a_300_all_in_completion_as_short():
    actions = [*THREE, "p2 pb", "p3 cbr 300", "p1 cc"]
    rules = {"short_all_in_reopen_base": "completion_increment"}
    got = answer(doc(actions, stacks=[10000, 10000, 400], rules=rules))
    assert got["options"]["raise_to"] is None
    assert got["options"]["complete_to"] is None
    assert got["options"]["call"] == 100


def test_a_fold_when_a_check_is_possible_is_refused_and_points_at_the_event():
    actions = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["9c", "3d", "4d"]), "p1 f"]
    with pytest.raises(EngineError) as err:
        state_of(doc(actions))
    assert err.value.code == "fold_not_facing_bet"


def test_acting_out_of_turn_is_an_error_at_that_action():
    with pytest.raises(EngineError) as err:
        state_of(doc([*THREE, "p3 pb"]))
    assert (err.value.code, err.value.path) == ("out_of_turn", "actions[3]")


def test_an_illegal_raise_amount_names_the_legal_one():
    with pytest.raises(EngineError) as err:
        state_of(doc([*THREE, "p2 pb", "p3 cbr 600"]))
    assert err.value.code == "illegal_amount"
    assert err.value.params["legal"] == [500]


def test_the_round_is_complete_once_every_bet_is_matched():
    got = answer(doc([*THREE, "p2 pb", "p3 cc", "p1 cc"]))
    assert got["seat"] is None
    assert got["round_complete"] is True
