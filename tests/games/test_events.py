"""Irregularities and rulings (scenario-format section 5; TDA 30, 35, 36, 58, 66, 68, RP-5 D, RP-10)."""

from __future__ import annotations

import pytest

from games.core.errors import EngineError
from games.diagnose import diagnose
from games.judge import judge
from games.solve import solve
from tests.games.helpers import answer, deal, doc, state_of, street

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")
ROUND3 = [*THREE, "p2 pb", "p3 cc", "p1 cc"]
FOURTH = [*ROUND3, *street(["Ah", "3d", "4d"])]


def ruling(actions, event, **kw):  # type: ignore[no-untyped-def]
    return answer(doc(actions, kind="ruling", _events=[event], **kw))


def test_tda_rule_66_picking_up_upcards_while_facing_a_bet_kills_the_hand():
    actions = [*FOURTH, "p1 cbr 500"]
    got = ruling(actions, {"after": len(actions) - 1, "type": "picks_up_upcards", "seat": 2})
    assert got == {"ruling": "dead_hand", "seat": 2}


def test_tda_rules_66_58_picking_up_upcards_with_no_bet_pending_is_a_binding_fold():
    actions = [*FOURTH, "p1 cc"]
    got = ruling(actions, {"after": len(actions) - 1, "type": "picks_up_upcards", "seat": 3})
    assert got == {"ruling": "binding_fold", "seat": 3}


def test_a_killed_hand_is_out_of_the_later_questions():
    actions = [*FOURTH, "p1 cbr 500"]
    base = doc(actions, _events=[{"after": len(actions) - 1, "type": "picks_up_upcards", "seat": 2}])
    got = answer(base)
    assert got["seat"] == 3  # p2's dead hand no longer acts
    state = state_of(base)
    assert state.folded[1]
    assert state.committed[1] == 300  # its ante and bring-in stay in the pot


def test_tda_rule_68_exposing_a_card_with_action_pending_keeps_the_hand_live():
    actions = [*FOURTH]
    got = ruling(actions, {"after": len(actions) - 1, "type": "exposes_own_downcard", "seat": 3})
    assert got == {"ruling": "live_hand", "seat": 3}
    event = {"after": len(actions) - 1, "type": "exposes_own_downcard", "seat": 3}
    assert not state_of(doc(actions, _events=[event])).folded[2]


def test_tda_rule_58_folding_without_facing_a_bet_is_binding_and_takes_the_hand_out():
    actions = [*FOURTH, "p1 cc"]
    event = {"after": len(actions) - 1, "type": "folds_not_facing_bet", "seat": 2}
    assert ruling(actions, event) == {"ruling": "binding_fold", "seat": 2}
    assert answer(doc(actions, _events=[event]))["seat"] == 3


def test_tda_rp10a_a_downcard_exposed_on_the_deal_becomes_the_upcard():
    event = {"after": 2, "type": "downcard_exposed_by_dealer", "seat": 1, "card": "As", "street": 3}
    assert ruling(THREE, event) == {"ruling": "becomes_upcard", "seat": 1}
    state = state_of(doc(THREE, _events=[event]))
    assert [str(c) for c in state.ups[0]] == ["As"]
    assert sorted(str(c) for c in state.downs[0]) == ["9h", "Ks"]


def _seventh(stacks=None):  # type: ignore[no-untyped-def]
    acts = [*FOURTH, "p1 cc", "p2 cc", "p3 cc"]
    for ups in (["Ad", "6d", "8d"], ["Kc", "Jc", "Jd"]):
        acts += [*street(ups), "p1 cc", "p2 cc", "p3 cc"]
    return [*acts, *street(["2h", "Kh", "Qh"])]


def test_tda_rp10b_an_exposed_seventh_card_is_replaced_while_betting_action_remains():
    actions = _seventh()
    event = {"after": len(actions) - 3, "type": "downcard_exposed_by_dealer", "seat": 1, "card": "2h"}
    event["street"] = 7
    assert ruling(actions[:-2], event) == {"ruling": "replace_card", "seat": 1}
    replaced = [*actions[:-2], "d dh p1 3h", *actions[-2:]]
    state = state_of(doc(replaced, _events=[event]))
    assert [str(c) for c in state.downs[0]][-1] == "3h"
    assert state.actor == 0


def test_tda_rp10b_with_no_betting_action_left_the_exposed_seventh_card_plays():
    all_in = [*FOURTH, "p1 cbr 500", "p2 cc", "p3 cc"]
    for ups in (["Ad", "6d", "8d"], ["Kc", "Jc", "Jd"]):
        all_in += street(ups)
    all_in += street(["2h", "Kh", "Qh"])
    short = [10000, 800, 800]
    event = {"after": len(all_in) - 3, "type": "downcard_exposed_by_dealer", "seat": 1, "card": "2h"}
    event["street"] = 7
    assert ruling(all_in, event, stacks=short) == {"ruling": "card_plays", "seat": 1}
    assert [str(c) for c in state_of(doc(all_in, stacks=short, _events=[event])).ups[0]][-1] == "2h"


def test_tda_rp5d_a_premature_card_is_reshuffled_without_another_burn():
    event = {"after": len(FOURTH) - 1, "type": "premature_card", "street": 5}
    assert ruling(FOURTH, event) == {"ruling": "reshuffle_no_burn", "seat": None}


def test_tda_rule_30_an_absent_player_has_the_hand_killed_and_gets_no_fourth_street_card():
    event = {"after": 2, "type": "absent_at_deal", "seat": 3}
    assert ruling(THREE, event) == {"ruling": "kill_hand", "seat": 3}
    with pytest.raises(EngineError) as err:
        state_of(doc([*THREE, "p2 pb", "p1 cc", *street(["Ah", "3d", "4d"])], _events=[event]))
    assert err.value.code == "dealt_to_dead_hand"


def test_tda_rules_35_36_wrong_card_count_is_a_misdeal_before_substantial_action():
    event = {"after": 3, "type": "wrong_card_count", "seat": 3, "count": 4}
    assert ruling([*THREE, "p2 pb"], event) == {"ruling": "misdeal", "seat": None}


def test_tda_rules_35d_36_wrong_card_count_after_substantial_action_kills_the_hand():
    event = {"after": 5, "type": "wrong_card_count", "seat": 3, "count": 4}
    assert ruling([*THREE, "p2 pb", "p3 cc", "p1 cc"], event) == {"ruling": "dead_hand", "seat": 3}


def test_the_forced_bring_in_alone_is_not_substantial_action():
    event = {"after": 4, "type": "wrong_card_count", "seat": 3, "count": 2}
    assert ruling([*THREE, "p2 pb", "p3 cc"], event)["ruling"] == "misdeal"


def test_tda_rule_35a_two_boxed_cards_on_the_initial_deal_is_a_misdeal_one_is_not():
    assert ruling(THREE, {"after": 2, "type": "boxed_cards", "count": 2})["ruling"] == "misdeal"
    assert ruling(THREE, {"after": 2, "type": "boxed_cards", "count": 1})["ruling"] == "replace_card"


def test_no_action_follows_a_misdeal():
    event = {"after": 1, "type": "boxed_cards", "count": 2}
    with pytest.raises(EngineError) as err:
        state_of(doc(THREE, _events=[event]))
    assert (err.value.code, err.value.path) == ("hand_misdealt", "actions[2]")


def test_a_misdealt_hand_answers_other_questions_with_an_error():
    base = doc(THREE, kind="pots", _events=[{"after": 2, "type": "boxed_cards", "count": 2}])
    from games.solve import solve

    out = None
    with pytest.raises(EngineError) as err:
        out = solve(base)
    assert out is None
    assert err.value.code == "hand_misdealt"


def test_an_event_on_a_seat_not_in_the_hand_is_an_error_with_its_path():
    event = {"after": 5, "type": "picks_up_upcards", "seat": 9}
    with pytest.raises(EngineError) as err:
        state_of(doc(ROUND3, _events=[event]))
    assert (err.value.code, err.value.path) == ("unknown_seat", "_events[0].seat")


@pytest.mark.parametrize("given", ["dead_hand", "kill_hand"])
def test_a_dead_hand_and_a_killed_hand_are_one_ruling_either_word_is_right(given):
    # Wrong card count after substantial action: TDA calls the hand dead (35-D), the absent
    # player's hand killed (Rule 30); at the table both mean the hand is out, chips stay in.
    event = {"after": 5, "type": "wrong_card_count", "seat": 3, "count": 4}
    solution = solve(doc([*THREE, "p2 pb", "p3 cc", "p1 cc"], kind="ruling", _events=[event]))
    assert solution["answer"]["ruling"] == "dead_hand"  # solve keeps its code
    verdict = judge(solution, {"ruling": given, "seat": 3})
    assert verdict["correct"], verdict
    absent = solve(doc(THREE, kind="ruling", _events=[{"after": 2, "type": "absent_at_deal", "seat": 3}]))
    assert judge(absent, {"ruling": given, "seat": 3})["correct"]
    document = doc([*THREE, "p2 pb", "p3 cc", "p1 cc"], kind="ruling", _events=[event])
    assert diagnose(document, {"ruling": given, "seat": 3}) == []


@pytest.mark.parametrize("given", ["binding_fold", "misdeal", "live_hand"])
def test_other_rulings_stay_distinct_from_a_dead_hand(given):
    event = {"after": 5, "type": "wrong_card_count", "seat": 3, "count": 4}
    solution = solve(doc([*THREE, "p2 pb", "p3 cc", "p1 cc"], kind="ruling", _events=[event]))
    assert not judge(solution, {"ruling": given, "seat": 3})["correct"]
