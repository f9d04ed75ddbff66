"""Showdown order (Rules 16, 17-A, RP-10 B), pots (Rule 21) and awards (Rule 20, RULES.md 11)."""

from __future__ import annotations

from games.solve import solve
from tests.games.helpers import answer, checked_down, deal, doc, street

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")
ROUND3 = [*THREE, "p2 pb", "p3 cc", "p1 cc"]


# p1 always shows the best board (A-9 on 4th, aces from 5th), so p1 acts first on 4th to 7th.
UPS = [["Ah", "3d", "4d"], ["Ad", "6d", "8d"], ["Kc", "Jc", "Jd"]]
SEVENTH = ["2h", "Kh", "Qh"]


def _through_sixth(
    calls_4th: list[str] | None = None, later: tuple[str, ...] = ("p1", "p2", "p3")
) -> list[str]:
    acts = [*ROUND3, *street(UPS[0]), *(calls_4th or ["p1 cc", "p2 cc", "p3 cc"])]
    for ups in UPS[1:]:
        acts += street(ups)
        acts += [f"{p} cc" for p in later]  # an all-in player is dealt cards but does not act
    return [*acts, *street(SEVENTH)]


def test_tda_rule_17a_checked_around_seventh_the_first_to_act_shows_first():
    actions = [*_through_sixth(), "p1 cc", "p2 cc", "p3 cc"]
    assert answer(doc(actions, kind="showdown_first")) == {"seat": 1}


def test_tda_rule_17a_the_last_bettor_on_seventh_shows_first_in_stud():
    actions = [*_through_sixth(), "p1 cc", "p2 cbr 1000", "p3 cc", "p1 cc"]
    assert answer(doc(actions, kind="showdown_first")) == {"seat": 2}


def test_tda_rule_16_rp10b_the_all_in_player_does_not_table_first():
    # p2 is all-in on 4th; p1 and p3 check 7th: p1, first to act, tables first.
    base = _through_sixth(["p1 cbr 500", "p2 cc", "p3 cc"], later=("p1", "p3"))
    got = answer(doc([*base, "p1 cc", "p3 cc"], kind="showdown_first", stacks=[10000, 800, 10000]))
    assert got == {"seat": 1}


def test_tda_rp10b_an_all_in_bettor_on_seventh_shows_after_the_players_not_at_risk():
    actions = [*_through_sixth(), "p1 cbr 700", "p2 cc", "p3 cc"]
    got = answer(doc(actions, kind="showdown_first", stacks=[1000, 10000, 10000]))
    # p1 bet all-in and is at risk; of p2 and p3, p2 would act first (clockwise after p1).
    assert got == {"seat": 2}


def test_tda_rule_21_an_excess_bet_nobody_can_match_is_returned_not_in_a_pot():
    actions = [*deal("AsKs9h", "QdQc2c"), "p2 pb", "p1 cc", *street(["2d", "3d"]), "p1 cbr 500", "p2 cc"]
    got = answer(doc(actions, kind="pots", stacks=[10000, 600]))
    assert got["pots"] == [{"amount": 1200, "eligible": [1, 2]}]


def test_a_bet_others_can_still_call_stays_in_the_pot():
    actions = [*ROUND3, *street(["2d", "3d", "4d"]), "p1 cbr 500"]
    got = answer(doc(actions, kind="pots"))
    assert got["pots"] == [{"amount": 1400, "eligible": [1, 2, 3]}]


def test_three_all_in_levels_make_a_main_pot_and_two_side_pots():
    actions = [
        *deal("AsKs9h", "QdQc2c", "7h7c5s", "8h8c6s"),
        "p2 pb", "p3 cbr 500", "p4 cbr 1000", "p1 cbr 1500", "p2 cc", "p3 cc", "p4 cc",
    ]  # fmt: skip
    got = answer(doc(actions, kind="pots", stacks=[10000, 400, 900, 10000]))
    assert got["pots"] == [
        {"amount": 1600, "eligible": [1, 2, 3, 4]},
        {"amount": 1500, "eligible": [1, 3, 4]},
        {"amount": 1400, "eligible": [1, 4]},
    ]


STRAIGHTS = ["2d3c9s8c7d6h5c", "AcKd9h8d7c6c5d", "2h4s3hJcTdQs4d"]


def test_tda_rule_20b_odd_chip_to_the_high_card_by_suit_in_the_five_card_hand():
    got = answer(checked_down("F7S", STRAIGHTS, _min_chip=100))
    assert got["awards"] == {"1": 500, "2": 400}  # 9♠ beats 9♥ inside the two 9-high straights


def test_rrop_ties_odd_chip_to_the_highest_card_of_all_seven():
    got = answer(checked_down("F7S", STRAIGHTS, _min_chip=100, ruleset="robert-cash"))
    assert got["awards"] == {"1": 400, "2": 500}  # the unused A♣ decides under RRoP


RAZZ = ["7s5c4dKc3hAdQc", "7h5d4cKd3cAcQd", "9s9h8cTcTh8dJs"]


def test_razz_odd_chip_tda_high_card_of_the_low_hand_rrop_lowest_card():
    assert answer(checked_down("FR", RAZZ, _min_chip=100))["awards"] == {"1": 500, "2": 400}
    rrop = checked_down("FR", RAZZ, _min_chip=100, ruleset="robert-cash")
    assert answer(rrop)["awards"] == {"1": 400, "2": 500}


def test_tda_rule_20c_hi_lo_odd_chip_goes_to_the_high_half():
    hands = ["KsKhKdQcJc9d8s", "Ac2c3d4s6hTcJh", "QsQh9hTdTh7c7d"]
    got = answer(checked_down("F7S/8", hands, _min_chip=100))
    assert got["pots"][0]["high"] == [1]
    assert got["pots"][0]["low"] == [2]
    assert got["awards"] == {"1": 500, "2": 400}


def test_identical_hi_lo_winners_split_the_pot_evenly():
    hands = ["2d3cAs4h5sKcQd", "2c3dAh4s5hKdQc"]
    got = answer(checked_down("F7S/8", hands, _min_chip=100, ante=300))
    assert got["pots"][0]["high"] == [1, 2]
    assert got["pots"][0]["low"] == [1, 2]
    assert got["awards"] == {"1": 500, "2": 500}


def test_stud8_without_a_qualifying_low_the_high_hand_scoops():
    hands = ["KsKhKdQcJc9d8s", "Ac2c9c4s9hTcJh", "QsQh8cTdTh7c7d"]
    got = answer(checked_down("F7S/8", hands))
    assert got["pots"][0]["low"] == []
    assert got["awards"] == {"1": 900}


def test_tda_rule_13b_a_mucked_hand_has_no_claim_to_the_pot():
    base = checked_down("F7S", ["KsKhKdQcJc9d8s", "Ac2c9c4s9hTcJh", "QsQh8cTdTh7c7d"])
    assert answer(base)["awards"] == {"1": 900}
    mucked = {**base, "actions": [*base["actions"], "p1 sm", "p2 sm AcTc"]}
    assert answer(mucked)["awards"] == {"3": 900}  # Q-Q-T-T beats the pair of nines once the kings muck


def test_best_hands_can_be_asked_about_some_seats_only():
    base = checked_down("F7S", ["KsKhKdQcJc9d8s", "Ac2c9c4s9hTcJh", "QsQh8cTdTh7c7d"])
    got = answer({**base, "_question": {"kind": "best_hands", "seats": [2, 3]}})
    assert sorted(got["hands"]) == ["2", "3"]
    assert got["high_ranking"] == [[3], [2]]


def test_rp10b_with_17a_the_last_aggressor_not_at_risk_shows_first_after_an_all_in_raise():
    # p1 acts first on 7th and checks, p2 bets, p3 raises all-in (at risk), p1 and p2 call.
    # The players not at risk are p1 and p2; of them p2 made the last aggressive action.
    actions = [*_through_sixth(), "p1 cc", "p2 cbr 1000", "p3 cbr 1500", "p1 cc", "p2 cc"]
    stacks = [10000, 10000, 100 + 200 + 1500]
    got = answer(doc(actions, kind="showdown_first", stacks=stacks))
    assert got == {"seat": 2}


def test_rp10b_with_17a_only_an_all_in_bet_on_seventh_leaves_the_first_to_act_among_the_rest():
    # The only 7th-street bet is p3's all-in: among p1 and p2 nobody bet, so p1 (best board)
    # shows first, and the explanation does not call 7th street checked around.
    actions = [*_through_sixth(), "p1 cc", "p2 cc", "p3 cbr 700", "p1 cc", "p2 cc"]
    result = solve(doc(actions, kind="showdown_first", stacks=[10000, 10000, 1000]))
    assert result["answer"] == {"seat": 1}
    assert "checked around" not in result["explanation"]["en"]
    assert "チェックアラウンド" not in result["explanation"]["ja"]
