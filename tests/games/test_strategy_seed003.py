"""Stud High CPU Lv2 (seed document 003): the tests its section 9 asks for, then the tables
of sections 4-6, the street rules of section 7 and the fallback of section 8."""

import pytest

from games.core.cards import parse_cards
from games.strategy import Action, Facing, decide, plan
from games.strategy.stud_hi import max_threat, read_third
from games.strategy.stud_hi_eval import (
    DrawIntent,
    Live,
    StreetCategory,
    Suit,
    Tier,
    eval_3rd_tier,
    eval_category_5th_plus,
    score_live,
    score_threat,
)
from tests.games.strategy_helpers import make, opp

A = Action
DOORS = ("Qd", "3c")  # two other players: a queen door and the bring-in


def tier(me, opps=DOORS):
    return read_third(make(me, opps)).tier


def rule(ctx):
    return plan(ctx).rule


# --- 9.1 the 3rd-street tier -------------------------------------------------------------


def test_seed003_9_1_trips_are_tier_s():
    assert tier("7c7d|7h") is Tier.S


def test_seed003_9_1_hidden_high_pair_is_tier_s():
    assert tier("KsKd|4c") is Tier.S


def test_seed003_9_1_visible_high_pair_is_tier_s():
    assert tier("Ks4d|Kc") is Tier.S


def test_seed003_9_1_hidden_middle_pair_is_tier_a():
    assert tier("9s9d|2c") is Tier.A


def test_seed003_9_1_low_pair_is_tier_b():
    assert tier("4s4d|Qc") is Tier.B


def test_seed003_9_1_high_door_alone_is_tier_c():
    assert tier("7h2c|Ks") is Tier.C


def test_seed003_9_1_low_door_alone_is_tier_d():
    assert tier("Jh2c|6s") is Tier.D


def test_seed003_9_1_three_flush_with_three_dead_suit_cards_drops_two_tiers():
    assert tier("As6s|Ts") is Tier.A
    assert tier("As6s|Ts", ("2s", "9s", "Qs")) is Tier.C
    assert tier("7d3d|2d", ("Qc", "5h")) is Tier.B
    assert tier("7d3d|2d", ("Qd", "9d", "5d")) is Tier.D


def test_seed003_eval_3rd_tier_takes_cards_doors_and_dead_cards_directly():
    kwargs = {"opponent_doors": parse_cards("Qd3c"), "dead": parse_cards("Qd3c")}
    assert eval_3rd_tier(parse_cards("9s9d"), parse_cards("2c"), **kwargs) is Tier.A
    assert eval_3rd_tier(parse_cards("4s4d"), parse_cards("7c"), heads_up=True, **kwargs) is Tier.A


# --- section 4 tables and the appendices -----------------------------------------------


def test_seed003_4_2_a_dead_three_flush_never_reads_below_its_high_door():
    ctx = make("7d3d|Jd", ["Qd", "9d", "5d"])
    assert (read_third(ctx).tier, read_third(ctx).pattern) == (Tier.C, "high_door")


def test_seed003_4_1_split_middle_pair_above_every_door_leans_to_tier_s():
    assert tier("9s2c|9h", ("8d", "3c")) is Tier.S
    assert tier("9s2c|9h", ("Kd", "3c")) is Tier.A


def test_seed003_4_1_hidden_low_pair_drops_to_c_or_d_when_its_rank_is_dead():
    assert tier("4s4d|Qc", ("4h", "9c")) is Tier.C
    assert tier("4s4d|Qc", ("4h", "4c", "Kd")) is Tier.D
    assert tier("4s4d|Qc", ("4h", "4c")) is Tier.C  # appendix A: the queen is two ranks above both doors


def test_seed003_4_1_a_split_low_pair_is_one_tier_above_a_hidden_one():
    assert tier("Qs4d|4c", ("Kd", "9c")) is Tier.A
    assert tier("4s4d|Qc", ("Kd", "9c")) is Tier.B


def test_seed003_4_2_king_high_three_flush_is_a_when_live_and_b_with_two_suit_cards_dead():
    assert tier("Kh9h|2h", ("5c", "7d")) is Tier.A
    assert tier("Kh9h|2h", ("5h", "7h")) is Tier.B


def test_seed003_4_3_high_connected_three_straight_is_a_and_a_low_one_b():
    assert tier("Js9d|Tc", ("2c", "3d")) is Tier.A
    assert tier("6s4d|5c", ("2c", "Kd")) is Tier.B


def test_seed003_4_3_a_needed_rank_seen_twice_drops_one_tier_two_such_ranks_two_tiers():
    assert tier("Js9d|Tc", ("Qh", "Qd", "2c")) is Tier.B
    assert tier("Js9d|Tc", ("Qh", "Qd", "8c", "8h")) is Tier.C


def test_seed003_3_2_an_ace_three_straight_is_thin_support_and_stays_b():
    assert tier("2s3d|Ac", ("9c", "Kd")) is Tier.B
    assert tier("KsQd|Ac", ("9c", "4d")) is Tier.B


def test_seed003_appendix_a_door_two_ranks_above_every_door_lifts_d_to_c_only():
    assert tier("Jh2c|8s", ("5d", "6c", "3h")) is Tier.C
    assert tier("Jh2c|8s", ("7d", "6c", "3h")) is Tier.D
    assert tier("7h2c|Ks", ("3d", "4c")) is Tier.C


def test_seed003_appendix_b_heads_up_tier_b_plays_as_a():
    assert tier("4s4d|Qc", ("9c",)) is Tier.A
    assert tier("4s4d|Qc", ("9c", opp("Kd", live=False))) is Tier.A
    assert tier("4s4d|Qc", ("9c", "Kd")) is Tier.B


# --- 9.2 threat -----------------------------------------------------------------------------


def test_seed003_9_2_open_pair_up_scores_five():
    assert score_threat(parse_cards("7c7d")) == 5


def test_seed003_9_2_four_flush_up_scores_six():
    assert score_threat(parse_cards("2h5h9hJh")) == 6


def test_seed003_9_2_four_connected_up_scores_six():
    assert score_threat(parse_cards("5c6d7h8s")) == 6


def test_seed003_9_2_an_ace_up_adds_two():
    assert score_threat(parse_cards("Ac")) == 2
    assert score_threat(parse_cards("Ac7d")) == 2
    assert score_threat(parse_cards("7c7dAh")) == 7


def test_seed003_5_1_three_flush_and_three_connected_score_four_kings_and_queens_one():
    assert score_threat(parse_cards("2h7hJh")) == 4
    assert score_threat(parse_cards("TcJdQh")) == 4
    assert score_threat(parse_cards("9cJdQh")) == 4
    assert score_threat(parse_cards("KcQd")) == 1
    assert score_threat(parse_cards("2c4d8h")) == 0


def test_seed003_5_1_the_threat_is_capped_at_ten():
    assert score_threat(parse_cards("AhAdKhQh")) == 10


def test_seed003_5_1_the_threat_is_the_most_dangerous_live_opponent():
    ctx = make("2c7d|9h4s", ["5d3c", opp("AcAd", live=False), "KsQh"])
    assert max_threat(ctx) == 1


# --- section 6 live -------------------------------------------------------------------------


def test_seed003_6_3_flush_live_counts_suit_cards_seen():
    hearts = DrawIntent.flush(Suit.HEARTS)
    assert score_live(hearts, parse_cards("2h9c")) is Live.GOOD
    assert score_live(hearts, parse_cards("2h9h")) is Live.OK
    assert score_live(hearts, parse_cards("2h9hQh")) is Live.BAD


def test_seed003_6_3_straight_live_is_the_most_seen_needed_rank():
    needed = DrawIntent.straight([8, 12])
    assert score_live(needed, parse_cards("2h9c")) is Live.GOOD
    assert score_live(needed, parse_cards("8h9cQd")) is Live.OK
    assert score_live(needed, parse_cards("8h8c")) is Live.BAD


def test_seed003_6_3_pair_improvement_live_counts_the_rank_seen():
    assert score_live(DrawIntent.pair(9), parse_cards("2h")) is Live.GOOD
    assert score_live(DrawIntent.pair(9), parse_cards("9h")) is Live.OK
    assert score_live(DrawIntent.pair(9), parse_cards("9h9c")) is Live.BAD


# --- 9.3 the 5th-street branch ---------------------------------------------------------------


def test_seed003_9_3_category_n_facing_a_bet_folds():
    ctx = make("2c7d|9hJs4s", ["KdQc8h", "Tc6d3s"], facing=Facing.BET)
    ups = [o.up for o in ctx.opponents]
    category = eval_category_5th_plus(ctx.cards, street=5, opponents_up=ups, dead=ctx.dead)
    assert category is StreetCategory.NOTHING
    assert decide(ctx) is A.FOLD


def test_seed003_9_3_category_d_with_live_bad_folds():
    ctx = make("2h7h|9hJh4s", ["KhQh8h", "Tc6d3s"], facing=Facing.BET)
    assert plan(ctx).rule == "5th-2 D, live BAD folds"
    assert decide(ctx) is A.FOLD


def test_seed003_9_3_category_d_with_live_draw_calls():
    ctx = make("2h7h|9hJh4s", ["KdQc8s", "Tc6d3s"], facing=Facing.BET)
    assert decide(ctx) is A.CALL


def test_seed003_9_3_category_m_with_low_threat_calls_or_raises():
    level = make("AcAd|7h4s2c", ["9d5c3h", "Td6s2d"], facing=Facing.BET)
    ahead = make("AcAd|Kh7s2c", ["9d5c3h", "Td6s2d"], facing=Facing.BET)
    assert max_threat(level) <= 3
    assert decide(level) in (A.CALL, A.RAISE)
    assert decide(level) is A.CALL  # the bettor's 9-high board beats my 7-high board
    assert decide(ahead) is A.RAISE  # my board is stronger and the threat is low


def test_seed003_9_3_category_m_only_calls_once_the_threat_is_medium():
    ctx = make("AcAd|Kh7s2c", ["9d5c3h", "Td6d2d"], facing=Facing.BET)
    assert max_threat(ctx) == 4
    assert decide(ctx) is A.CALL


# --- 7.1 3rd street ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("me", "expected"), [("KsKd|2c", A.COMPLETE), ("4s4d|2c", A.COMPLETE), ("9h6d|2c", A.BRING_IN)]
)
def test_seed003_7_1_3rd_1_the_bring_in_completes_with_tier_b_or_better(me, expected):
    assert decide(make(me, ["Qd", "8h"], bring_in=True)) is expected


def test_seed003_7_1_3rd_2_tier_s_and_a_complete():
    assert decide(make("KsKd|4c", DOORS)) is A.COMPLETE
    assert decide(make("9s9d|2c", DOORS)) is A.COMPLETE


def test_seed003_7_1_3rd_2_tier_b_completes_when_live_and_folds_when_dead():
    assert decide(make("4s4d|Qc", ["9h", "3c"])) is A.COMPLETE
    dead = make("Js9d|Tc", ["Qh", "Qd", "2c"])
    assert (read_third(dead).tier, read_third(dead).live) == (Tier.B, Live.BAD)
    assert decide(dead) is A.FOLD


def test_seed003_7_1_3rd_2_tier_c_without_a_steal_and_tier_d_fold():
    assert decide(make("7h2c|Js", [opp("9d", yet=True), opp("3c", yet=True)])) is A.FOLD
    assert decide(make("Jh2c|6s", [opp("Qd", yet=True), opp("3c", yet=True)])) is A.FOLD


def test_seed003_7_1_3rd_3_a_high_door_above_every_door_still_to_act_steals():
    ctx = make("7h2c|Ks", [opp("9d", yet=True), opp("3c", yet=True)])
    assert (decide(ctx), rule(ctx)) == (A.COMPLETE, "3rd-3 steal")


def test_seed003_7_1_3rd_3_players_who_already_acted_do_not_stop_a_steal():
    ctx = make("7h2c|Qs", [opp("Kd", live=False), opp("9c", yet=True), opp("3c", yet=True)])
    assert decide(ctx) is A.COMPLETE


def test_seed003_7_1_3rd_3_a_higher_door_still_to_act_stops_the_steal():
    assert decide(make("7h2c|Qs", [opp("Kd", yet=True), opp("3c", yet=True)])) is A.FOLD


def test_seed003_7_1_3rd_3_brake_no_steal_with_a_jack_door_or_lower():
    assert decide(make("7h2c|Js", [opp("9d", yet=True), opp("3c", yet=True)])) is A.FOLD


def test_seed003_7_1_3rd_3_brake_no_steal_with_an_ace_door_behind():
    assert decide(make("7h2c|Ks", [opp("Ad", yet=True), opp("3c", yet=True)])) is A.FOLD


def test_seed003_7_1_3rd_3_brake_no_steal_when_my_suit_shows_twice():
    assert decide(make("7s2c|Ks", [opp("9s", yet=True), opp("3s", yet=True)])) is A.FOLD
    assert decide(make("7s2c|Ks", [opp("9d", yet=True), opp("3s", yet=True)])) is A.COMPLETE


def test_seed003_appendix_a_two_ace_doors_stop_the_steal():
    assert decide(make("7h2c|Ks", ["Ad", "Ah", opp("3c", yet=True)])) is A.FOLD
    assert decide(make("7h2c|Ks", ["Ad", "8h", opp("3c", yet=True)])) is A.COMPLETE


def test_seed003_7_1_3rd_4_tier_s_raises_the_completion():
    assert decide(make("KsKd|4c", ["9h", "3c"], facing=Facing.COMPLETION)) is A.RAISE


def test_seed003_7_1_3rd_4_tier_a_raises_a_weaker_door_and_calls_a_stronger_one():
    assert decide(make("9s9d|Jc", ["8h", "3c"], facing=Facing.COMPLETION)) is A.RAISE
    assert decide(make("9s9d|2c", ["Kh", "3c"], facing=Facing.COMPLETION)) is A.CALL


def test_seed003_7_1_3rd_4_tier_a_raises_only_while_the_threat_is_low():
    # An ace door elsewhere scores 2, still low (section 5.1: 3 or less).
    assert decide(make("9s9d|Jc", ["8h", "Ac", "3c"], facing=Facing.COMPLETION)) is A.RAISE


def test_seed003_7_1_3rd_4_tier_b_calls_when_live_and_folds_when_dead():
    assert decide(make("Kh9h|2h", ["5h", "7h"], facing=Facing.COMPLETION)) is A.CALL
    assert decide(make("4s4d|Qc", ["9h", "3c"], facing=Facing.COMPLETION)) is A.CALL
    assert decide(make("Js9d|Tc", ["Qh", "Qd"], facing=Facing.COMPLETION)) is A.FOLD


def test_seed003_3_1_a_weak_hidden_pair_does_not_call_a_completion_to_set_mine():
    ctx = make("4s4d|7c", ["9h", "3c"], facing=Facing.COMPLETION)
    assert read_third(ctx).tier is Tier.B
    assert (decide(ctx), rule(ctx)) == (A.FOLD, "3rd-4 tier B hidden low pair does not set-mine")
    heads_up = make("4s4d|7c", ["9h"], facing=Facing.COMPLETION)
    assert decide(heads_up) is A.CALL  # appendix B: tier A, the completer's door is higher


def test_seed003_7_1_3rd_4_tier_c_and_d_fold_to_a_completion():
    assert decide(make("7h2c|Ks", ["9h", "3c"], facing=Facing.COMPLETION)) is A.FOLD
    assert decide(make("Jh2c|6s", ["Qh", "3c"], facing=Facing.COMPLETION)) is A.FOLD


def test_seed003_7_1_3rd_5_only_tier_s_calls_a_three_bet():
    assert decide(make("KsKd|4c", ["9h", "3c"], facing=Facing.RAISE)) is A.CALL
    assert decide(make("9s9d|2c", ["9h", "3c"], facing=Facing.RAISE)) is A.FOLD
