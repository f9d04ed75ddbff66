"""The razz and stud/8 computer players: the rules written in their module docstrings."""

import pytest

from games.strategy import Action, Facing, decide, plan
from games.strategy.stud8 import Start, start_class
from tests.games.strategy_helpers import make, opp

A = Action


def razz(me, opps, **kwargs):
    return make(me, opps, variant="FR", **kwargs)


def stud8(me, opps, **kwargs):
    return make(me, opps, variant="F7S/8", **kwargs)


# --- razz, 3rd street ----------------------------------------------------------------------------


def test_razz_bring_in_completes_with_three_to_a_seven_and_otherwise_posts():
    assert decide(razz("Ac2d|7h", ["3c", "5d"], bring_in=True)) is A.COMPLETE
    assert decide(razz("Ac2d|Kh", ["3c", "5d"], bring_in=True)) is A.BRING_IN


def test_razz_three_to_a_seven_completes_over_the_bring_in():
    assert decide(razz("Ac2d|4h", ["Kc", "9d"])) is A.COMPLETE


def test_razz_three_to_an_eight_completes_from_the_lowest_door_and_otherwise_calls():
    assert decide(razz("8c2d|3h", [opp("5d", yet=True), opp("Kc", yet=True)])) is A.COMPLETE
    assert decide(razz("8c2d|3h", [opp("Ad", yet=True), opp("Kc", yet=True)])) is A.CALL


def test_razz_a_low_door_below_every_door_to_act_steals_with_two_good_cards():
    ctx = razz("Kc6d|2h", [opp("7d", yet=True), opp("Kh", yet=True)])
    assert (decide(ctx), plan(ctx).rule) == (A.COMPLETE, "razz 3rd low door steals")
    assert decide(razz("Kc6d|2h", [opp("Ad", yet=True), opp("Kh", yet=True)])) is A.FOLD
    assert decide(razz("Kc2d|6h", [opp("7d", yet=True), opp("Kh", yet=True)])) is A.FOLD
    assert decide(razz("2cKd|2h", [opp("7d", yet=True), opp("Kh", yet=True)])) is A.FOLD


def test_razz_facing_a_completion_three_to_a_six_raises_three_to_an_eight_calls():
    assert decide(razz("Ac2d|4h", ["5c", "Kd"], facing=Facing.COMPLETION)) is A.RAISE
    assert decide(razz("8c2d|3h", ["5c", "Kd"], facing=Facing.COMPLETION)) is A.CALL
    assert decide(razz("Kc2d|3h", ["5c", "Kd"], facing=Facing.COMPLETION)) is A.FOLD


def test_razz_facing_a_raise_only_three_to_a_seven_calls():
    assert decide(razz("7c2d|3h", ["5c", "Kd"], facing=Facing.RAISE)) is A.CALL
    assert decide(razz("8c2d|3h", ["5c", "Kd"], facing=Facing.RAISE)) is A.FOLD


# --- razz, 4th to 7th street ----------------------------------------------------------------------


def test_razz_on_track_with_the_best_board_bets_and_checks_behind_a_better_board():
    assert decide(razz("Ac2d|3h9s", ["Kc5d", "Qh7c"])) is A.BET
    assert decide(razz("Ac2d|3h9s", ["4c6d", "Qh7c"])) is A.CHECK


def test_razz_on_track_and_not_behind_calls_a_bet():
    assert decide(razz("Ac2d|3h9s", ["4c6d", "Qh7c"], facing=Facing.BET)) is A.CALL


def test_razz_behind_a_board_or_off_track_folds_to_a_bet():
    assert decide(razz("6c7d|8hKs", ["Ac2d", "Qh9c"], facing=Facing.BET)) is A.FOLD
    assert decide(razz("KcQd|2h9s", ["5c6d", "Qh9c"], facing=Facing.BET)) is A.FOLD


def test_razz_raises_a_made_seven_or_four_to_a_seven_with_the_best_board():
    assert decide(razz("Ac2d|3h5s7c", ["Kc5d9h", "Qh9cTs"], facing=Facing.BET)) is A.RAISE
    assert decide(razz("Ac2d|3h4s", ["Kc5d", "Qh9c"], facing=Facing.BET)) is A.RAISE
    assert decide(razz("Ac2d|3h4s", ["Kc5d", "Qh9c"], facing=Facing.RAISE)) is A.CALL


def test_razz_seventh_street_value_bets_an_eight_low_unless_a_board_beats_it():
    assert decide(razz("Ac2dKd|3h5s7cQh", ["Kc9d8hTs", "Js9c6d4c"])) is A.BET
    assert decide(razz("As2d8d|4h6sKcQh", ["Ah2c3c5d", "Js9c7d4c"])) is A.CHECK


def test_razz_seventh_street_raises_a_six_low_calls_a_seven_and_folds_a_pair():
    boards = ["KhTs8sJd", "Jc9c7s6d"]
    assert decide(razz("Ac2d4d|3h5s6cQh", boards, facing=Facing.BET)) is A.RAISE
    assert decide(razz("Ac2dKd|3h5s7cQh", boards, facing=Facing.BET)) is A.CALL
    assert decide(razz("AcAd9d|3h3sKcQh", boards, facing=Facing.BET)) is A.FOLD
    assert decide(razz("AcAd9d|3h3sKcQh", boards)) is A.CHECK


def test_razz_seventh_street_a_nine_low_calls_one_bet_but_not_a_raise():
    boards = ["KhTs8sJd", "Jc9c7s6d"]
    assert decide(razz("Ac2d9h|3h5sKcQh", boards, facing=Facing.BET)) is A.CALL
    assert decide(razz("Ac2d9h|3h5sKcQh", boards, facing=Facing.RAISE)) is A.FOLD


# --- stud/8, 3rd street --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("me", "expected"),
    [
        ("7c7d|7h", Start.PREMIUM),
        ("AcAd|9h", Start.PREMIUM),
        ("2c4d|5h", Start.PREMIUM),
        ("Ac2d|6h", Start.PREMIUM),
        ("2c4d|8h", Start.GOOD),
        ("JcJd|4h", Start.GOOD),
        ("9c9d|Ah", Start.GOOD),
        ("Kc9d|Ah", Start.MARGINAL),
        ("Ac3d|Kh", Start.MARGINAL),
        ("6c6d|3h", Start.MARGINAL),
        ("Kc9d|Qh", Start.WEAK),
        ("TcTd|Kh", Start.WEAK),
        ("6c6d|Kh", Start.WEAK),
    ],
)
def test_stud8_third_street_classes(me, expected):
    assert start_class(stud8(me, ["Qd", "3c"])) is expected


def test_stud8_bring_in_completes_with_a_good_start_and_otherwise_posts():
    assert decide(stud8("4c5d|2h", ["Qd", "8c"], bring_in=True)) is A.COMPLETE
    assert decide(stud8("Kc9d|2h", ["Qd", "8c"], bring_in=True)) is A.BRING_IN


def test_stud8_over_the_bring_in_good_completes_marginal_calls_weak_folds():
    assert decide(stud8("2c4d|8h", ["Qd", "3c"])) is A.COMPLETE
    assert decide(stud8("Kc9d|Ah", ["Qd", "3c"])) is A.CALL
    assert decide(stud8("Kc9d|Qh", ["Qd", "3c"])) is A.FOLD


def test_stud8_facing_a_completion_premium_raises_good_calls_marginal_folds():
    assert decide(stud8("2c4d|5h", ["Qd", "3c"], facing=Facing.COMPLETION)) is A.RAISE
    assert decide(stud8("JcJd|4h", ["Qd", "3c"], facing=Facing.COMPLETION)) is A.CALL
    assert decide(stud8("Kc9d|Ah", ["Qd", "3c"], facing=Facing.COMPLETION)) is A.FOLD


def test_stud8_facing_a_raise_premium_and_three_to_a_seven_call():
    assert decide(stud8("AcAd|9h", ["Qd", "3c"], facing=Facing.RAISE)) is A.CALL
    assert decide(stud8("2c4d|7h", ["Qd", "3c"], facing=Facing.RAISE)) is A.CALL
    assert decide(stud8("2c4d|8h", ["Qd", "3c"], facing=Facing.RAISE)) is A.FOLD
    assert decide(stud8("JcJd|4h", ["Qd", "3c"], facing=Facing.RAISE)) is A.FOLD


# --- stud/8, 4th to 7th street -------------------------------------------------------------------


def test_stud8_a_two_way_hand_bets():
    ctx = stud8("Ac2c|3c4d9c", ["KdQh8s", "JhTs7d"])
    assert (decide(ctx), plan(ctx).rule) == (A.BET, "stud8 two-way hand bets")


def test_stud8_a_made_low_that_no_board_beats_bets():
    ctx = stud8("Ac2d|4h6s8c", ["KdQh9s", "JhTs7d"])
    assert (decide(ctx), plan(ctx).rule) == (A.BET, "stud8 made hand bets")


def test_stud8_a_made_low_with_a_pair_raises_for_the_scoop_and_a_full_house_raises():
    assert decide(stud8("Ac2d|4h6s8cAs", ["KdQh9s7h", "JhTs7d5c"], facing=Facing.BET)) is A.RAISE
    assert decide(stud8("KcKd|Kh9s9c2d", ["QdQh8s7h", "JhTs7d5c"], facing=Facing.BET)) is A.RAISE


def test_stud8_a_low_on_track_and_not_behind_calls():
    assert decide(stud8("Ac2d|4hKs", ["QdJh", "9h8s"], facing=Facing.BET)) is A.CALL


def test_stud8_nothing_either_way_folds_and_checks():
    assert decide(stud8("Kc9d|Qh6s5c", ["Ad2h3s", "JhTs7d"], facing=Facing.BET)) is A.FOLD
    assert decide(stud8("Kc9d|Qh6s5c", ["Ad2h3s", "JhTs7d"])) is A.CHECK


def test_stud8_on_seventh_kings_call_for_the_high_half_and_nines_fold():
    boards = ["Ad2h3s7d", "JhTs8d5c"]
    assert decide(stud8("KcJd4s|Kh9s6cQd", boards, facing=Facing.BET)) is A.CALL
    assert decide(stud8("9cJd4s|9hKs6cQd", boards, facing=Facing.BET)) is A.FOLD


def test_stud8_a_big_pair_bets_and_calls_only_while_the_threat_is_below_seven():
    quiet, scary = ["Kd8h3s", "JhTs7d"], ["AdAh3s", "JhTs7d"]
    assert decide(stud8("QcQd|9h5s2c", quiet)) is A.BET
    assert decide(stud8("QcQd|9h5s2c", scary)) is A.CHECK
    assert decide(stud8("QcQd|9h5s2c", quiet, facing=Facing.BET)) is A.CALL
    assert decide(stud8("QcQd|9h5s2c", scary, facing=Facing.BET)) is A.FOLD


def test_razz_from_fifth_street_on_track_needs_four_good_cards():
    assert decide(razz("Ac2d|3hKsQc", ["Kc5d9h", "Qh9cTs"], facing=Facing.BET)) is A.FOLD
    assert decide(razz("Ac2d|3hKs5c", ["Kc6d9h", "Qh9cTs"], facing=Facing.BET)) is A.CALL


def test_razz_three_to_a_seven_only_calls_a_completion():
    assert decide(razz("7c2d|3h", ["5c", "Kd"], facing=Facing.COMPLETION)) is A.CALL


def test_razz_seventh_street_a_nine_low_does_not_bet():
    assert decide(razz("Ac2d9h|3h5sKcQh", ["KhTs8sJd", "Jc9c7s6d"])) is A.CHECK
