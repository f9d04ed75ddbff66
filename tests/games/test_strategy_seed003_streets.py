"""Stud High CPU Lv2 (seed document 003): the rules of 4th to 7th street (section 7.2-7.5)
and the fallback when the wanted action is not allowed (section 8)."""

import pytest

from games.strategy import Action, Facing, decide, plan
from games.strategy.context import FALLBACKS, choose
from games.strategy.stud_hi import bluff_catch_conditions, completion_signal
from games.strategy.stud_hi_eval import StreetCategory, read_hand
from tests.games.strategy_helpers import make, opp

A = Action


def rule(ctx):
    return plan(ctx).rule


def read(ctx):
    ups = [o.up for o in ctx.live_opponents]
    return read_hand(ctx.cards, street=ctx.street, opponents_up=ups, dead=ctx.dead)


# --- 7.2 4th street -------------------------------------------------------------------------


def test_seed003_7_2_4th_1_an_open_pair_bets():
    assert decide(make("2c7d|9h9s", ["KdQc", "Ah3c"])) is A.BET


def test_seed003_7_2_4th_1_a_concealed_pair_above_every_upcard_bets_and_one_below_checks():
    assert decide(make("AcAd|5h9s", ["KdQc", "Jh3c"])) is A.BET
    assert decide(make("8c8d|5h2s", ["KdQc", "Jh3c"])) is A.CHECK


def test_seed003_7_2_4th_1_a_strong_draw_semi_bluffs_unless_the_threat_is_high():
    assert decide(make("2h7h|9hJh", ["Kd3c", "5s8c"])) is A.BET
    assert decide(make("5c6d|7h8s", ["Kd3c", "Js2c"])) is A.BET
    assert decide(make("2h7h|9hJh", ["AdAc", "5s8c"])) is A.CHECK


def test_seed003_7_2_4th_1_a_gutshot_is_not_a_strong_draw():
    assert decide(make("5c6d|7h9s", ["Kd3c", "Js2c"])) is A.CHECK


def test_seed003_7_2_4th_2_calls_by_default():
    assert decide(make("8c8d|5h2s", ["KdQc", "Jh3c"], facing=Facing.BET)) is A.CALL


def test_seed003_7_2_4th_2_folds_nothing_with_a_thin_draw_against_a_high_threat():
    ctx = make("2c7d|9hJs", ["AdAc", "5s8c"], facing=Facing.BET)
    assert (decide(ctx), rule(ctx)) == (A.FOLD, "4th-2 nothing, thin draw, high threat folds")


def test_seed003_7_2_4th_2_keeps_a_live_draw_or_a_medium_threat():
    assert decide(make("2h7h|9hJs", ["AdAc", "5s8c"], facing=Facing.BET)) is A.CALL
    assert decide(make("2c7d|9hJs", ["KdKc", "5s8c"], facing=Facing.BET)) is A.CALL


def test_seed003_7_2_4th_2_raises_an_open_pair_or_a_strong_draw_at_medium_threat():
    assert decide(make("2c7d|9h9s", ["KdQc", "Ah3c"], facing=Facing.BET)) is A.RAISE
    assert decide(make("2h7h|9hJh", ["KdQc", "5s8c"], facing=Facing.BET)) is A.RAISE


def test_seed003_10_no_raise_war_a_made_hand_only_calls_a_raise():
    assert decide(make("2c7d|9h9s", ["KdQc", "Ah3c"], facing=Facing.RAISE)) is A.CALL


# --- 7.3 5th street -------------------------------------------------------------------------


def test_seed003_7_3_5th_1_made_bets_and_nothing_checks():
    assert decide(make("2c7d|9h9s4c", ["KdQc3h", "Tc6d2s"])) is A.BET
    assert decide(make("2c7d|9hJs4s", ["KdQc8h", "Tc6d3s"])) is A.CHECK


def test_seed003_7_3_5th_1_a_draw_bets_unless_the_threat_is_high():
    assert decide(make("2h7h|9hJh4s", ["KdQc8s", "Tc6d3s"])) is A.BET
    ctx = make("2h7h|9hJh4s", ["AdAc8s", "Tc6d3s"])
    assert (decide(ctx), rule(ctx)) == (A.CHECK, "5th-1 D checks")


def test_seed003_7_3_two_live_overcards_on_5th_are_a_realistic_pair_improvement():
    ctx = make("AcKd|9h5s2c", ["QhJd8s", "Tc7d3s"], facing=Facing.BET)
    assert read(ctx).category is StreetCategory.DRAW
    assert decide(ctx) is A.CALL
    covered = make("AcKd|9h5s2c", ["QhJd8s", "TcAh3s"], facing=Facing.BET)
    assert read(covered).category is StreetCategory.NOTHING
    assert decide(covered) is A.FOLD


# --- 7.4 6th street -------------------------------------------------------------------------


def test_seed003_7_4_6th_without_a_bet_made_hands_bet_and_draws_check():
    assert decide(make("3c3d|KhKs9c2d", ["8h6c4d2s", "Tc7d5s3h"])) is A.BET
    assert decide(make("Jc4d|Jh8s6c2d", ["Qh9d5c3s", "Tc7d5s3h"])) is A.BET
    assert decide(make("Jc4d|Jh8s6c2d", ["AhAd5c9s", "Tc7d5s3h"])) is A.CHECK
    assert decide(make("2h7h|9hJh4s3c", ["KdQc8s6d", "Tc6s5d2s"])) is A.CHECK


def test_seed003_7_4_6th_2_two_pair_raises_with_the_advantage_and_calls_without():
    assert decide(make("3c3d|KhKs9c2d", ["8h6c4d2s", "Tc7d5s3h"], facing=Facing.BET)) is A.RAISE
    assert decide(make("3c3d|KhKs9c2d", ["AhAd5c9s", "Tc7d5s3h"], facing=Facing.BET)) is A.CALL


def test_seed003_7_4_6th_2_a_weak_pair_folds_against_a_high_threat():
    ctx = make("Jc4d|Jh8s6c2d", ["AhAd5c9s", "Tc7d5s3h"], facing=Facing.BET)
    assert (decide(ctx), rule(ctx)) == (A.FOLD, "6th-2 weak one pair against a high threat folds")


def test_seed003_7_4_6th_2_a_strong_live_pair_calls_even_against_a_high_threat():
    assert decide(make("AcAs|Kh8s6c2d", ["QhQdJc9s", "Tc7d5s3h"], facing=Facing.BET)) is A.CALL


def test_seed003_7_4_6th_2_a_pair_whose_rank_is_dead_folds_against_a_high_threat():
    ctx = make("AcAs|Kh8s6c2d", ["QhQdJc9s", opp("AhAd3c4c", live=False)], facing=Facing.BET)
    assert decide(ctx) is A.FOLD


DRAW = "2h7h|9hJh4s3c"  # four hearts, no pair, no straight draw


@pytest.mark.parametrize(
    ("bettor", "aggressors"),
    [
        ("8c8d2sKs", None),  # open pair kept, high card added
        ("2d5d9dKd", None),  # four to a flush showing
        ("Tc9d8s6c", None),  # four to a straight showing
        ("Tc6d3s2c", (None, None, 2, 2)),  # attacked on 5th and 6th
    ],
)
def test_seed003_7_4_6th_2_a_draw_folds_against_a_completion_signal(bettor, aggressors):
    ctx = make(DRAW, [bettor, "Qc7c5s4d"], facing=Facing.BET, aggressors=aggressors)
    assert completion_signal(ctx, ctx.opponents[0])
    assert (decide(ctx), rule(ctx)) == (A.FOLD, "6th-2 draw against a completion signal folds")


def test_seed003_7_4_6th_2_a_live_draw_without_a_signal_calls_and_a_dead_one_folds():
    quiet = make(DRAW, ["Tc6d3s2c", "Qc7c5s4d"], facing=Facing.BET, aggressors=(None, None, 3, 2))
    assert not completion_signal(quiet, quiet.opponents[0])
    assert decide(quiet) is A.CALL
    dead = make(DRAW, ["Tc6d3s2c", "Qh8h5h4d"], facing=Facing.BET)
    assert decide(dead) is A.FOLD


def test_seed003_7_4_6th_2_nothing_folds():
    assert decide(make("2c7d|9hJs4s3c", ["KdQc8h6d", "Tc6s5d2s"], facing=Facing.BET)) is A.FOLD


# --- 7.5 7th street -------------------------------------------------------------------------


def test_seed003_7_5_7th_1_two_pair_bets_for_value():
    assert decide(make("Ac7d3s|Ah7h9s2c", ["Qh8h4cJc", "Td6s3c2h"])) is A.BET


def test_seed003_7_5_7th_1_one_pair_bets_thin_against_weak_boards_with_missed_draws():
    ctx = make("Kc7d3s|Kh9s5c2d", ["Qh8h4hJc", "Td6s3c2h"])
    assert (decide(ctx), rule(ctx)) == (A.BET, "7th-1 one pair bets thin")


def test_seed003_7_5_7th_1_one_pair_checks_against_a_paired_board_or_no_missed_draw():
    assert decide(make("Kc7d3s|Kh9s5c2d", ["QhQd4hJc", "Td6s3c2h"])) is A.CHECK
    assert decide(make("Kc7d3s|Kh9s5c2d", ["Qh8d4cTc", "Td6s3c2h"])) is A.CHECK


def test_seed003_7_5_7th_1_nothing_checks():
    assert decide(make("Kc7d3s|Jh9s5c2d", ["Qh8h4hTc", "Td6s3c2h"])) is A.CHECK


def test_seed003_7_5_7th_2_one_pair_calls_with_two_conditions():
    ctx = make("Kc7d3s|Kh9s5c2d", ["Qh8h4cJc", "Td6s3c2h"], facing=Facing.BET)
    assert bluff_catch_conditions(ctx, read(ctx)) == ["board not made", "top pair"]
    assert decide(ctx) is A.CALL


def test_seed003_7_5_7th_2_one_pair_folds_with_one_condition_multiway():
    ctx = make("9c7d3s|9hKs5c2d", ["Qh8h4cJc", "Td6s3c2h"], facing=Facing.BET)
    assert bluff_catch_conditions(ctx, read(ctx)) == ["board not made"]
    assert decide(ctx) is A.FOLD


def test_seed003_appendix_b_heads_up_one_condition_is_enough_to_bluff_catch():
    ctx = make("9c7d3s|9hKs5c2d", ["Qh8h4cJc", opp("Td6s3c2h", live=False)], facing=Facing.BET)
    assert decide(ctx) is A.CALL


def test_seed003_7_5_7th_2_the_empty_gun_line_is_a_condition():
    gun = (None, None, 2, 2, 2)
    ctx = make("Kc7d3s|Kh9s5c2d", ["8c8d4s2h", "Td6s3c2c"], facing=Facing.BET, aggressors=gun)
    assert bluff_catch_conditions(ctx, read(ctx)) == ["empty gun", "top pair"]
    assert decide(ctx) is A.CALL
    grown = make("Kc7d3s|Kh9s5c2d", ["8c8d8s2h", "Td6s3c2c"], facing=Facing.BET, aggressors=gun)
    assert bluff_catch_conditions(grown, read(grown)) == ["top pair"]
    assert decide(grown) is A.FOLD
    once = make("Kc7d3s|Kh9s5c2d", ["8c8d4s2h", "Td6s3c2c"], facing=Facing.BET, aggressors=(3, 3, 3, 2, 2))
    assert bluff_catch_conditions(once, read(once)) == ["top pair"]


def test_seed003_7_5_7th_2_two_pair_calls_a_full_house_raises_nothing_folds():
    assert decide(make("Ac7d3s|Ah7h9s2c", ["Qh8h4cJc", "Td6s3c2h"], facing=Facing.BET)) is A.CALL
    assert decide(make("AcAd3s|Ah7h7s2c", ["Qh8h4cJc", "Td6s3c2h"], facing=Facing.BET)) is A.RAISE
    assert decide(make("Kc7d3s|Jh9s5c2d", ["Qh8h4hTc", "Td6s3c2h"], facing=Facing.BET)) is A.FOLD


def test_seed003_7_5_7th_2_one_pair_does_not_bluff_catch_a_raise():
    assert decide(make("Kc7d3s|Kh9s5c2d", ["Qh8h4cJc", "Td6s3c2h"], facing=Facing.RAISE)) is A.FOLD


# --- section 8 fallback -------------------------------------------------------------------


def test_seed003_8_1_a_wanted_raise_becomes_a_call_when_the_cap_is_reached():
    ctx = make("KsKd|4c", ["9h", "3c"], facing=Facing.COMPLETION, allowed=[A.FOLD, A.CALL])
    assert plan(ctx).wanted is A.RAISE
    assert decide(ctx) is A.CALL


def test_seed003_8_1_a_wanted_raise_is_a_bet_where_nobody_has_bet():
    ctx = make("2c7d|9h9s", ["KdQc", "Ah3c"])
    assert choose(ctx, A.RAISE) is A.BET


def test_seed003_8_1_a_wanted_bet_becomes_a_check():
    ctx = make("2c7d|9h9s", ["KdQc", "Ah3c"], allowed=[A.CHECK])
    assert plan(ctx).wanted is A.BET
    assert decide(ctx) is A.CHECK


def test_seed003_8_1_a_wanted_call_becomes_a_check_then_a_fold():
    ctx = make("2c7d|9h9s", ["KdQc", "Ah3c"], facing=Facing.BET, allowed=[A.CHECK, A.FOLD])
    assert choose(ctx, A.CALL) is A.CHECK
    only_fold = make("2c7d|9h9s", ["KdQc", "Ah3c"], facing=Facing.BET, allowed=[A.FOLD, A.RAISE])
    assert choose(only_fold, A.CALL) is A.FOLD


def test_seed003_8_1_a_fold_is_never_chosen_while_a_check_is_allowed():
    ctx = make("2c7d|9hJs", ["AdAc", "5s8c"], facing=Facing.BET, allowed=[A.CHECK, A.FOLD, A.BET])
    assert plan(ctx).wanted is A.FOLD
    assert decide(ctx) is A.CHECK


def test_seed003_8_1_every_fallback_chain_starts_with_its_action_or_a_check_for_a_fold():
    for wanted, chain in FALLBACKS.items():
        assert chain[0] is (A.CHECK if wanted is A.FOLD else wanted)


@pytest.mark.parametrize("me", ["KsKd|2c", "4s4d|2c", "Js9d|2c", "9h6d|2c", "7h3c|2s"])
def test_seed003_8_2_the_bring_in_always_posts_or_completes(me):
    assert decide(make(me, ["Qd", "8h", "5c"], bring_in=True)) in (A.BRING_IN, A.COMPLETE)


def test_seed003_8_2_when_the_low_card_is_all_in_the_first_player_may_fold_or_open():
    # TDA 2024 RP-10 E: nothing to call, bet at least the bring-in or fold.
    allowed = [A.BRING_IN, A.COMPLETE, A.FOLD]
    assert decide(make("Jh2c|6s", ["Qd", "8h"], facing=Facing.NOTHING, allowed=allowed)) is A.FOLD
    assert decide(make("9s9d|2c", ["Qd", "8h"], facing=Facing.NOTHING, allowed=allowed)) is A.COMPLETE
