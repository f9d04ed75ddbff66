"""Bring-in: who, how much, and who acts first on 3rd street (RULES.md 2)."""

from __future__ import annotations

import pytest

from games.core.errors import EngineError
from games.solve import solve
from tests.games.helpers import answer, deal, doc, state_of


def test_rrop_7cs1_stud_bring_in_is_the_lowest_door_with_clubs_lowest():
    got = answer(doc(deal("AsKs2s", "QdQc2c", "7h7c2h"), kind="bring_in"))
    assert got == {"seat": 2, "amount": 200, "first_to_act": 2}


def test_stud_bring_in_counts_the_ace_high():
    got = answer(doc(deal("2s3sAc", "QdQc3d"), kind="bring_in"))
    assert got["seat"] == 2  # 3d is lower than an ace in stud


def test_stud8_brings_in_like_stud_high_with_the_ace_high():
    got = answer(doc(deal("2s3sAc", "QdQc4d", "5c6c4c"), variant="F7S/8", kind="bring_in"))
    assert got["seat"] == 3  # 4c: lowest; the ace counts high for the bring-in (GARDENS)


def test_barge_razz_bring_in_is_the_highest_door_with_the_ace_low_and_spades_highest():
    got = answer(doc(deal("2s3sKh", "QdQcKs", "7h7cAs"), variant="FR", kind="bring_in"))
    assert got["seat"] == 2


def test_razz_ace_brings_in_only_when_every_door_is_an_ace_then_the_spade():
    got = answer(doc(deal("2s3sAh", "QdQcAs", "7h7cAd"), variant="FR", kind="bring_in"))
    assert got["seat"] == 2


def test_rrop_7cs2_the_bring_in_player_may_post_or_complete_but_not_fold():
    got = answer(doc(deal("AsKs9h", "QdQc2c", "7h7c5s")))
    assert got["seat"] == 2
    assert got["options"] == {
        "fold": False,
        "check": False,
        "call": None,
        "bring_in": 200,
        "complete_to": 500,
        "bet_to": None,
        "raise_to": None,
    }


def test_after_the_bring_in_players_may_fold_call_it_or_complete():
    got = answer(doc([*deal("AsKs9h", "QdQc2c", "7h7c5s"), "p2 pb"]))
    assert got["seat"] == 3
    assert got["options"]["call"] == 200
    assert got["options"]["complete_to"] == 500
    assert got["options"]["raise_to"] is None


def test_the_bring_in_cannot_be_called_or_folded_by_its_owner():
    with pytest.raises(EngineError) as err:
        state_of(doc([*deal("AsKs9h", "QdQc2c"), "p2 cc"]))
    assert err.value.code == "bring_in_required"
    assert err.value.path == "actions[2]"


def test_short_bring_in_is_posted_all_in_and_others_enter_for_the_full_bring_in():
    # RULES.md 2 (interpretation) and the format's convention: "pK cc" puts in the full 200.
    base = doc([*deal("AsKs9h", "QdQc2c", "7h7c5s"), "p2 pb"], stacks=[10000, 250, 10000])
    bring = answer({**base, "actions": base["actions"][:3], "_question": {"kind": "bring_in"}})
    assert bring == {"seat": 2, "amount": 150, "first_to_act": 3}  # the post is no decision
    got = answer(base)
    assert got["seat"] == 3
    assert got["options"]["call"] == 200
    pots = answer({**base, "actions": [*base["actions"], "p3 cc"], "_question": {"kind": "pots"}})
    # p1 has only the ante in so far; p2 is capped at 250 in all.
    assert pots["pots"] == [{"amount": 600, "eligible": [1, 2, 3]}, {"amount": 50, "eligible": [1, 3]}]


def test_tda_rp10e_low_card_all_in_on_the_ante_action_starts_on_its_left():
    base = doc(deal("AsKs9h", "QdQc2c", "7h7c5s"), stacks=[10000, 100, 10000], kind="bring_in")
    assert answer(base) == {"seat": 2, "amount": 0, "first_to_act": 3}
    options = answer({**base, "_question": {"kind": "next_action"}})
    assert options["seat"] == 3
    assert options["options"]["fold"] is True
    assert options["options"]["check"] is False
    assert options["options"]["call"] is None
    assert options["options"]["bring_in"] == 200
    assert options["options"]["complete_to"] == 500


def test_tda_rp10e_opening_for_the_bring_in_then_the_next_player_calls_it():
    base = doc([*deal("AsKs9h", "QdQc2c", "7h7c5s"), "p3 pb"], stacks=[10000, 100, 10000])
    got = answer(base)
    assert got["seat"] == 1
    assert got["options"]["call"] == 200


def test_tda_rp10e_the_first_player_may_fold_and_the_next_must_still_open():
    base = doc([*deal("AsKs9h", "QdQc2c", "7h7c5s", "8h8c6s"), "p3 f"], stacks=[10000, 100, 10000, 10000])
    got = answer(base)
    assert got["seat"] == 4
    assert got["options"]["bring_in"] == 200


def test_tda_rp10a_an_exposed_downcard_becomes_the_door_and_may_bring_in():
    base = doc(
        deal("AsKs9h", "2dQc8c", "7h7c5s"),
        kind="bring_in",
        _events=[{"after": 2, "type": "downcard_exposed_by_dealer", "seat": 2, "card": "2d", "street": 3}],
    )
    assert answer(base)["seat"] == 2


def test_tda_rule_30_an_absent_player_dealt_the_bring_in_card_posts_it_and_is_dead():
    base = doc(
        deal("AsKs9h", "QdQc2c", "7h7c5s"),
        kind="bring_in",
        _events=[{"after": 2, "type": "absent_at_deal", "seat": 2}],
    )
    # The killed hand makes no decision: its bring-in is posted for it, and the first
    # decision is seat 3's (format section 5).
    assert answer(base) == {"seat": 2, "amount": 200, "first_to_act": 3}
    post = answer({**base, "_question": {"kind": "next_action"}})
    assert post["seat"] == 2
    assert post["options"] == {
        "fold": False,
        "check": False,
        "call": None,
        "bring_in": 200,
        "complete_to": None,
        "bet_to": None,
        "raise_to": None,
    }
    explained = solve(base)["explanation"]
    assert "acts first" not in explained["en"]
    assert "completes to" not in explained["en"]
    assert "コンプリートし" not in explained["ja"]
    state = state_of({**base, "actions": [*base["actions"], "p2 pb"]})
    assert state.folded[1]
    assert state.actor == 2
    assert state.options()["call"] == 200
    assert state.options()["complete_to"] == 500


def test_a_player_short_of_the_bring_in_can_only_post_it_all_in():
    got = answer(doc(deal("AsKs9h", "QdQc2c", "7h7c5s"), stacks=[10000, 250, 10000]))
    assert got["options"]["bring_in"] == 150
    assert got["options"]["complete_to"] is None
    rp10e = answer(doc(deal("AsKs9h", "QdQc2c", "7h7c5s"), stacks=[10000, 100, 150]))
    assert rp10e["seat"] == 3
    assert rp10e["options"]["bring_in"] == 50
    assert rp10e["options"]["complete_to"] is None


def test_tda_rp10e_folds_leaving_one_player_with_chips_end_the_round():
    # p2 is all-in on the ante with the low card; p3 folds, so p1 alone has chips: a bet
    # nobody could call is not asked for, and the round is over (format section 3).
    base = doc([*deal("AsKs9h", "QdQc2c", "7h7c5s"), "p3 f"], stacks=[10000, 100, 10000])
    got = answer(base)
    assert got["seat"] is None
    assert got["round_complete"] is True
    fourth = answer({**base, "actions": [*base["actions"], "d dh p1 Kd", "d dh p2 3c"]})
    assert fourth["seat"] is None  # nobody can bet on 4th street either


def test_tda_rp10e_heads_up_against_the_ante_all_in_nobody_acts_and_nothing_is_owed():
    result = solve(doc(deal("AsKs9h", "QdQc2c"), stacks=[10000, 100], kind="bring_in"))
    assert result["answer"] == {"seat": 2, "amount": 0, "first_to_act": None}
    assert "or fold" not in result["explanation"]["en"]
    assert "フォールド" not in result["explanation"]["ja"]


SHORT_RAZZ = doc(deal("3s4sAh", "3dQhAd"), variant="FR", stacks=[200, 15000], kind="bring_in")


def test_a_bring_in_short_of_the_full_amount_is_posted_all_in_and_the_first_decision_is_the_next_players():
    # RULES.md 2 "short bring-in": seat 1 (A♥, the highest razz door) has 100 after the ante and
    # posts it all-in; it may not complete, so it makes no decision. Seat 2 decides first.
    result = solve(SHORT_RAZZ)
    assert result["answer"] == {"seat": 1, "amount": 100, "first_to_act": 2}
    en, ja = result["explanation"]["en"], result["explanation"]["ja"]
    assert "acts first" not in en
    assert "first decision is seat 2's" in en
    assert "complete to" not in en  # heads-up against the all-in post nobody could call a completion
    assert "2番席" in ja
    assert "コンプリートし" not in ja
    # Before the post, the post is seat 1's only option; after it, seat 2 folds or calls the full 200.
    before = answer({**SHORT_RAZZ, "_question": {"kind": "next_action"}})
    assert before["seat"] == 1
    assert before["options"] == {
        "fold": False,
        "check": False,
        "call": None,
        "bring_in": 100,
        "complete_to": None,
        "bet_to": None,
        "raise_to": None,
    }
    after = answer(
        {**SHORT_RAZZ, "actions": [*SHORT_RAZZ["actions"], "p1 pb"], "_question": {"kind": "next_action"}}
    )
    assert after["seat"] == 2
    assert after["options"]["call"] == 200
    assert after["options"]["complete_to"] is None


def test_a_bring_in_that_takes_the_last_chips_is_no_decision_either():
    # Exactly the bring-in behind the ante: posting it puts the player all-in, so no completion.
    three = doc(deal("AsKs9h", "QdQc2c", "7h7c5s"), stacks=[10000, 300, 10000], kind="bring_in")
    result = solve(three)
    assert result["answer"] == {"seat": 2, "amount": 200, "first_to_act": 3}
    assert "completes to" not in result["explanation"]["en"]
    assert "complete to 500" in result["explanation"]["en"]  # seats 3 and 1 could still complete
    assert answer({**three, "_question": {"kind": "next_action"}})["options"]["complete_to"] is None


def test_naming_the_short_bring_in_as_first_to_act_is_diagnosed_as_the_post_being_no_decision():
    from games.diagnose import diagnose

    codes = [d["code"] for d in diagnose(SHORT_RAZZ, {"seat": 1, "amount": 100, "first_to_act": 1})]
    assert codes == ["post_is_no_decision"]  # not "ace high in razz": the same seat either way
    codes = [d["code"] for d in diagnose(SHORT_RAZZ, {"seat": 1, "amount": 200, "first_to_act": 1})]
    assert codes == ["short_bring_in_ignored"]


def test_a_low_card_with_chips_against_players_all_in_on_the_ante_posts_nothing():
    # Nobody else could call a bring-in: the state deals on without a post and the round is
    # over, and the bring-in answer says the same (nothing posted, nobody acts).
    base = doc(deal("AsKs9h", "QdQc2c", "7h7c5s"), stacks=[100, 10000, 100])
    assert solve({**base, "_question": {"kind": "bring_in"}})["answer"] == {
        "seat": 2,
        "amount": 0,
        "first_to_act": None,
    }
    assert answer(base)["round_complete"] is True
    result = solve({**base, "_question": {"kind": "bring_in"}})
    assert "completes" not in result["explanation"]["en"]
    assert "TDA 2024 RP-10 E" in result["rules"]
