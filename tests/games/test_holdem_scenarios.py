"""No-limit hold'em scenarios (variant "NT") through the engine's entry points, named after the
section of seed document 002 (or the TDA rule) they check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core.errors import EngineError
from games.diagnose import diagnose
from games.generate_other import FOCUSES, generate_other
from games.holdem.document import HoldemScenario
from games.judge import judge
from games.solve import solve
from games.stud.scenario import load_scenario, load_stud_scenario, scenario_to_dict
from games.table import legal_actions, table_view

DEALS = ["d dh p1 AsKs", "d dh p2 7c7d", "d dh p3 QhJh", "d dh p4 2c2d", "d dh p5 9s8s", "d dh p6 Td4c"]


def nt(actions, *, kind="next_action", stacks=(10000, 10000, 10000, 10000), blinds=(50, 100), **extra):
    n = len(stacks)
    doc = {
        "variant": "NT",
        "antes": [0] * n,
        "blinds_or_straddles": list(blinds) + [0] * (n - len(blinds)),
        "min_bet": max(blinds),
        "starting_stacks": list(stacks),
        "actions": DEALS[:n] + list(actions),
        "_question": {"kind": kind},
    }
    doc.update(extra)
    return doc


EXAMPLES_OTHER = Path(__file__).resolve().parent / "examples_other"


def answer(doc):
    return solve(doc)["answer"]


# --- the format ---------------------------------------------------------------------------------


def test_load_scenario_reads_a_hold_em_document_and_writes_it_back_unchanged():
    doc = nt(["p3 cbr 300"], kind="min_raise", seats=[1, 3, 4, 7], seat_count=9, _title="t", _tags=["a"])
    scenario = load_scenario(doc)
    assert isinstance(scenario, HoldemScenario)
    assert scenario_to_dict(scenario) == {**doc, "_question": {"kind": "min_raise"}}
    assert load_scenario(json.dumps(doc)) == scenario


def test_load_stud_scenario_refuses_a_hold_em_document_with_a_clear_error():
    with pytest.raises(EngineError) as err:
        load_stud_scenario(nt([]))
    assert (err.value.code, err.value.path) == ("unknown_variant", "variant")


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"bring_in": 100}, "unknown_field", "bring_in"),
        ({"_events": []}, "unknown_field", "_events"),
        ({"_ruleset": "tda-2024"}, "unknown_field", "_ruleset"),
        ({"min_bet": 0}, "bad_amount", "min_bet"),
        ({"starting_stacks": [100]}, "bad_player_count", "starting_stacks"),
        ({"blinds_or_straddles": [50, 100, 0, 0, 0]}, "length_mismatch", "blinds_or_straddles"),
        ({"_question": {"kind": "bring_in"}}, "unknown_question_kind", "_question.kind"),
        (
            {"_min_chip": 25, "starting_stacks": [10000, 10000, 10010, 10000]},
            "not_whole_chips",
            "starting_stacks[2]",
        ),
        ({"seats": [1, 1, 2, 3]}, "duplicate_seat", "seats"),
    ],
)
def test_a_malformed_hold_em_document_is_an_error_with_its_path(change, code, path):
    with pytest.raises(EngineError) as err:
        solve({**nt([]), **change})
    assert (err.value.code, err.value.path) == (code, path)


def test_an_impossible_action_is_an_error_at_its_index():
    with pytest.raises(EngineError) as err:
        solve(nt(["p1 cbr 300"]))  # p3 acts first preflop
    assert (err.value.code, err.value.path) == ("out_of_turn", "actions[4]")


def test_a_bet_that_is_not_whole_chips_is_refused():
    with pytest.raises(EngineError) as err:
        solve(nt(["p3 cbr 310"], _min_chip=25))
    assert (err.value.code, err.value.path) == ("not_whole_chips", "actions[4]")


# --- section 3: who acts --------------------------------------------------------------------------


def test_seed002_section_3_1_first_actor_preflop_is_left_of_the_big_blind():
    result = solve(nt([]))
    assert result["answer"]["seat"] == 3
    assert "Hold'em rules §3.1" in result["rules"]
    assert "3番席" in result["explanation"]["ja"]


@pytest.mark.parametrize(
    ("stacks", "blinds", "en", "ja"),
    [
        (
            (10000,) * 4,
            (50, 100),
            "Seat 3 acts next preflop: seat 2 posted the big blind, "
            "and preflop the first to act is the player to its left.",
            "2番席がビッグブラインドを置いているので、プリフロップはその左隣のプレイヤーから始まります。",
        ),
        (
            (10000,) * 4,
            (50, 100, 200),
            "Seat 4 (the button) acts next preflop: seat 3 posted a straddle, "
            "and preflop the first to act is the player to its left.",
            "3番席がストラドルを置いているので、プリフロップはその左隣のプレイヤーから始まります。",
        ),
        (
            (3000, 3000),
            (50, 100),
            "Seat 2 (the button and small blind) acts next preflop: heads-up the button posts "
            "the small blind and acts first preflop; the big blind, seat 1, acts last.",
            "ヘッズアップではボタンがスモールブラインドを置き、プリフロップは最初にアクションします（ビッグブラインドの1番席は最後）。",
        ),
    ],
    ids=["big_blind", "straddle", "heads_up"],
)
def test_seed002_section_3_1_the_explanation_names_the_big_blind_as_the_seat_that_posted_it(
    stacks, blinds, en, ja
):
    explanation = solve(nt([], stacks=stacks, blinds=blinds))["explanation"]
    assert en in explanation["en"]
    assert ja in explanation["ja"]


@pytest.mark.parametrize("focus", ["preflop_first", "heads_up"])
def test_seed002_section_3_1_no_preflop_explanation_reads_as_if_the_big_blind_acted_first(focus):
    for seed in range(60):
        document = generate_other(kind="next_action", variant="NT", seed=seed, focus=focus)
        result = solve(document)
        if result["answer"]["seat"] is None or "Hold'em rules §3.1" not in result["rules"]:
            continue
        actor_is_big_blind = "(the big blind)" in result["explanation"]["en"].split(" acts next")[0]
        if not actor_is_big_blind:
            assert "(the big blind)" not in result["explanation"]["en"], result["explanation"]["en"]
            assert "ビッグブラインド（" not in result["explanation"]["ja"], result["explanation"]["ja"]


def test_seed002_section_3_1_the_big_blind_acts_last_with_the_option_to_check_or_raise():
    result = answer(nt(["p3 cc", "p4 cc", "p1 cc"]))
    assert result["seat"] == 2
    assert result["options"] == {
        "fold": True,
        "check": True,
        "call": None,
        "bet_to": None,
        "raise_to": [200, 10000],
    }


def test_seed002_section_3_2_after_the_flop_the_first_live_player_left_of_the_button_acts():
    doc = nt(["p3 cc", "p4 cc", "p1 f", "p2 cc", "d db 2h5c9d"])
    result = answer(doc)
    assert result["seat"] == 2  # the small blind folded
    assert result["options"]["bet_to"] == [100, 9900]
    assert result["options"]["raise_to"] is None


def test_seed002_section_3_2_all_in_players_are_skipped():
    doc = nt(
        ["p3 cc", "p4 cc", "p1 cbr 2000", "p2 f", "p3 cc", "p4 cc", "d db 2h5c9d"],
        stacks=(2000, 10000, 10000, 10000),
    )
    assert answer(doc)["seat"] == 3


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop():
    doc = nt([], stacks=(3000, 3000))
    assert answer(doc)["seat"] == 2
    assert answer(doc)["options"]["call"] == 50


# --- section 4: bets and raises --------------------------------------------------------------------


def test_seed002_section_4_the_documents_minimum_raise_example():
    doc = nt(["p3 cbr 300"], kind="min_raise")
    assert answer(doc) == {
        "seat": 4,
        "to_match": 300,
        "increment": 200,
        "min_raise_to": 500,
        "full_raise_to": 500,
        "all_in_only": False,
    }


def test_seed002_section_4_the_minimum_bet_after_the_flop_is_the_big_blind():
    doc = nt(["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 2h5c9d"], kind="min_raise")
    result = answer(doc)
    assert (result["seat"], result["min_raise_to"], result["increment"]) == (1, 100, 100)


def test_seed002_section_4_a_player_short_of_the_minimum_raise_may_go_all_in_for_less():
    doc = nt(["p3 cbr 300"], kind="min_raise", stacks=(10000, 10000, 10000, 450))
    result = answer(doc)
    assert (result["min_raise_to"], result["all_in_only"]) == (450, True)


def test_tda_rule_47a_a_short_all_in_does_not_change_the_minimum_raise():
    # p3 raises to 300 (+200); p4 all-in to 400 (+100, not a full raise); p1 must raise to 600.
    doc = nt(["p3 cbr 300", "p4 cbr 400"], kind="min_raise", stacks=(10000, 10000, 10000, 400))
    result = solve(doc)
    assert (result["answer"]["min_raise_to"], result["answer"]["increment"]) == (600, 200)
    assert "TDA 2024 Rule 47-A" in result["rules"]


def test_tda_rule_47a_a_short_all_in_does_not_reopen_the_betting_for_a_player_who_acted():
    doc = nt(["p3 cbr 300", "p4 cc", "p1 cc", "p2 cbr 400"], stacks=(5000, 400, 5000, 5000))
    result = solve(doc)
    assert result["answer"]["seat"] == 3
    assert result["answer"]["options"]["raise_to"] is None
    assert result["answer"]["options"]["call"] == 100
    assert "TDA 2024 Rule 47-A" in result["rules"]
    assert "47-A" in result["explanation"]["ja"]


# --- section 5: is the round over -------------------------------------------------------------------


def test_seed002_section_5_the_round_is_not_over_until_everyone_has_matched_the_bet():
    result = answer(nt(["p3 cbr 300", "p4 cc"], kind="round_over"))
    assert result["complete"] is False
    assert result["pending"] == [1, 2]
    assert result["owes"] == {"1": 250, "2": 200}


def test_seed002_section_5_posting_a_blind_is_not_acting_so_the_big_blind_is_still_pending():
    result = answer(nt(["p3 cc", "p4 cc", "p1 cc"], kind="round_over"))
    assert (result["complete"], result["pending"], result["reason"]) == (False, [2], "big_blind_option")


def test_seed002_section_5_the_round_is_complete_when_everyone_acted_and_matched():
    result = answer(nt(["p3 cc", "p4 cc", "p1 cc", "p2 cc"], kind="round_over"))
    assert (result["complete"], result["pending"], result["reason"]) == (True, [], "all_acted_and_matched")


def test_seed002_section_5_all_in_players_are_left_out_and_one_player_with_chips_ends_the_betting():
    doc = nt(["p3 cbr 1000", "p4 f", "p1 f", "p2 cc"], kind="round_over", stacks=(10000, 10000, 1000, 10000))
    result = answer(doc)
    assert (result["complete"], result["reason"]) == (True, "no_more_betting")


# --- section 8: pots ---------------------------------------------------------------------------------


def test_seed002_section_8_the_side_pot_example():
    doc = nt(
        ["p3 cc", "p1 cc", "p2 cc", "d db 7h4c2d", "p1 cbr 100", "p2 cbr 200", "p3 cc"],
        kind="pots",
        stacks=(110, 210, 500),
        blinds=(5, 10),
    )
    assert answer(doc) == {
        "pots": [{"amount": 330, "eligible": [1, 2, 3]}, {"amount": 200, "eligible": [2, 3]}],
        "returned": {},
    }


def test_seed002_section_8_a_bet_nobody_can_call_goes_back():
    doc = nt(["p3 cbr 3000", "p4 f", "p1 cc", "p2 f"], kind="pots", stacks=(1000, 5000, 5000, 5000))
    assert answer(doc) == {"pots": [{"amount": 2100, "eligible": [1, 3]}], "returned": {"3": 2000}}


def test_seed002_section_8_seats_are_seat_numbers_in_every_answer():
    doc = nt(
        ["p3 cbr 3000", "p4 f", "p1 cc", "p2 f"],
        kind="pots",
        stacks=(1000, 5000, 5000, 5000),
        seats=[2, 4, 6, 8],
    )
    assert answer(doc) == {"pots": [{"amount": 2100, "eligible": [2, 6]}], "returned": {"6": 2000}}


# --- sections 7 and 8: the award ------------------------------------------------------------------------

ALL_IN_RUNOUT = [
    "p3 cbr 3000",
    "p1 cc",
    "p2 cc",
    "p1 sm AsKs",
    "p2 sm 7c7d",
    "p3 sm QhJh",
    "d db 7h2s3s",
    "d db 4s",
    "d db Kd",
]


def test_seed002_section_8_each_pot_goes_to_the_best_hand_among_its_players():
    doc = nt(ALL_IN_RUNOUT, kind="award", stacks=(1000, 2000, 3000))
    result = solve(doc)
    assert result["answer"]["pots"] == [
        {"amount": 3000, "eligible": [1, 2, 3], "winners": [1], "awards": {"1": 3000}},
        {"amount": 2000, "eligible": [2, 3], "winners": [2], "awards": {"2": 2000}},
    ]
    assert result["answer"]["returned"] == {"3": 1000}
    assert "TDA 2024 Rule 21" in result["rules"]


def test_hands_are_tabled_before_the_runout_when_all_in_as_pokerkit_expects():
    doc = nt(ALL_IN_RUNOUT[:4], kind="pots", stacks=(1000, 2000, 3000))
    assert table_view(doc)["seats"][0]["shown"] == ["As", "Ks"]


def test_seed002_section_7_tied_hands_split_and_the_odd_chip_goes_left_of_the_button():
    doc = json.loads((EXAMPLES_OTHER / "nt-award-split-odd-chip.json").read_text(encoding="utf-8"))
    result = solve(doc)
    assert result["answer"]["awards"] == {"5": 63, "7": 62}
    assert "TDA 2024 Rule 20" in result["rules"]


def test_the_award_is_asked_only_once_the_hand_is_over():
    with pytest.raises(EngineError) as err:
        solve(nt(["p3 cc"], kind="award"))
    assert err.value.code == "question_not_applicable"


def test_a_hand_won_by_folds_goes_to_the_last_player_uncontested():
    doc = nt(["p3 cbr 300", "p4 f", "p1 f", "p2 f"], kind="award")
    result = solve(doc)
    assert result["answer"]["awards"] == {"3": 250}
    assert result["answer"]["returned"] == {"3": 200}
    assert "uncontested" in result["explanation"]["en"]


def test_odd_chips_are_whole_chips_of_the_smallest_chip_in_play():
    doc = nt(
        ["p3 cbr 300", "p4 f", "p1 f", "p2 cc", "d db AdKdQd", "p2 cc", "p3 cc", "d db Jd", "p2 cc", "p3 cc",
         "d db Td", "p2 cc", "p3 cc", "p2 sm 7c7d", "p3 sm QhJh"],
        kind="award",
        blinds=(25, 50),
        _min_chip=25,
    )  # fmt: skip
    # 625 is 25 chips of 25: 13 to seat 2 (first left of the button among the winners), 12 to seat 3.
    assert answer(doc)["awards"] == {"2": 325, "3": 300}


# --- table view, judge, diagnose ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["next_action", "min_raise", "round_over", "pots"])
def test_the_hold_em_table_view_never_holds_the_answer(kind):
    doc = nt(["p3 cbr 300", "p4 cc"], kind=kind, seats=[1, 3, 5, 8])
    view = table_view(doc)
    text = json.dumps(view)
    for word in (
        "actor",
        "options",
        "to_act",
        "pending",
        "min_raise_to",
        "increment",
        "answer",
        "returned",
        "owes",
    ):
        assert word not in text
    assert view["button"] == 8
    assert [s["position"] for s in view["seats"]] == ["SB", "BB", None, "BTN"]
    assert all("shown" not in s for s in view["seats"])
    assert ("pot" in view) is (kind != "pots")


def test_the_hold_em_table_view_for_an_award_shows_the_tabled_hands_and_only_the_total():
    view = table_view(nt(ALL_IN_RUNOUT, kind="award", stacks=(1000, 2000, 3000)))
    assert view["pot"] == {"total": 6000, "collected": 6000}
    assert [s["committed"] for s in view["seats"]] == [1000, 2000, 3000]
    assert view["board"] == ["7h", "2s", "3s", "4s", "Kd"]
    assert [s["shown"] for s in view["seats"]] == [["As", "Ks"], ["7c", "7d"], ["Qh", "Jh"]]


def test_legal_actions_is_for_stud_and_says_so():
    with pytest.raises(EngineError) as err:
        legal_actions(nt([]))
    assert err.value.code == "unknown_variant"


def test_judge_gives_credit_for_each_field_of_a_minimum_raise():
    expected = solve(nt(["p3 cbr 300"], kind="min_raise"))
    assert judge(expected, {"seat": "4", "min_raise_to": 500, "increment": 200})["correct"] is True
    verdict = judge(expected, {"seat": 4, "min_raise_to": 600, "increment": 300})
    assert verdict["score"] == pytest.approx(1 / 3, abs=1e-3)


def test_diagnose_finds_a_minimum_raise_computed_from_the_bet():
    doc = nt(["p3 cbr 300"], kind="min_raise")
    findings = diagnose(doc, {"seat": 4, "min_raise_to": 600, "increment": 300})
    assert [f["code"] for f in findings] == ["raise_from_the_bet"]
    assert findings[0]["ja"]


def test_diagnose_finds_a_short_all_in_taken_as_the_new_increment():
    doc = nt(["p3 cbr 300", "p4 cbr 400"], kind="min_raise", stacks=(10000, 10000, 10000, 400))
    findings = diagnose(doc, {"min_raise_to": 500, "increment": 100})
    assert "short_all_in_sets_increment" in [f["code"] for f in findings]


def test_diagnose_finds_a_short_all_in_read_as_reopening():
    doc = nt(["p3 cbr 300", "p4 cc", "p1 cc", "p2 cbr 400"], stacks=(5000, 400, 5000, 5000))
    given = {"seat": 3, "options": {"fold": True, "check": False, "call": 100, "raise_to": [600, 5000]}}
    assert "short_all_in_reopens" in [f["code"] for f in diagnose(doc, given)]


def test_diagnose_finds_the_big_blind_option_forgotten():
    doc = nt(["p3 cc", "p4 cc", "p1 cc"], kind="round_over")
    assert [f["code"] for f in diagnose(doc, {"complete": True, "pending": []})] == [
        "big_blind_option_skipped"
    ]


def test_diagnose_finds_postflop_action_started_left_of_the_big_blind():
    doc = nt(["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 2h5c9d"])
    assert "postflop_starts_left_of_big_blind" in [f["code"] for f in diagnose(doc, {"seat": 3})]


def test_diagnose_finds_side_pots_forgotten_and_an_uncalled_bet_left_in():
    doc = nt(ALL_IN_RUNOUT[:3], kind="pots", stacks=(1000, 2000, 3000))
    codes = [
        f["code"] for f in diagnose(doc, {"pots": [{"amount": 6000, "eligible": [1, 2, 3]}], "returned": {}})
    ]
    assert codes == ["no_side_pots"]
    layered = {
        "pots": [
            {"amount": 3000, "eligible": [1, 2, 3]},
            {"amount": 2000, "eligible": [2, 3]},
            {"amount": 1000, "eligible": [3]},
        ]
    }
    assert "excess_not_returned" in [f["code"] for f in diagnose(doc, layered)]


def test_diagnose_is_empty_for_a_right_answer():
    doc = nt(["p3 cbr 300"], kind="min_raise")
    assert diagnose(doc, answer(doc)) == []


@pytest.mark.parametrize("focus", [*FOCUSES["NT"]["pots"], None])
def test_generated_pots_questions_wait_for_the_betting_round_and_leave_two_players_in(focus):
    for seed in range(120):
        document = generate_other(kind="pots", variant="NT", seed=seed, focus=focus)
        hand = load_scenario(document).replay().hand
        # Complete, or before anyone acted in it: every bet in front is called or goes back.
        assert hand.phase != "betting" or not any(hand.acted), (focus, seed)
        # One player left (the small blind folding heads-up, say) takes everything: too plain.
        assert len(hand.contenders()) >= 2, (focus, seed)


def test_seed002_section_4_a_fold_is_offered_with_a_check_and_the_explanation_says_why():
    result = solve(nt(["p3 cc", "p4 cc", "p1 cc"]))  # the big blind's option: nothing to call
    assert result["answer"]["options"]["fold"]
    assert result["answer"]["options"]["check"]
    assert "a player may fold at any time (Hold'em rules §4)" in result["explanation"]["en"]
    assert "ホールデムではいつでもフォールドできます" in result["explanation"]["ja"]
    facing = solve(nt(["p3 cbr 300"]))  # facing a raise: no word on it
    assert "fold at any time" not in facing["explanation"]["en"]


@pytest.mark.parametrize("kind", list(FOCUSES["NT"]))
def test_tda_rule_16_generated_hands_are_tabled_all_together_and_the_history_says_so(kind):
    for focus in (*FOCUSES["NT"][kind], None):
        for seed in range(40):
            view = table_view(generate_other(kind=kind, variant="NT", seed=seed, focus=focus))
            live = [s["seat"] for s in view["seats"] if not s["folded"] and not s.get("mucked")]
            shown = [s["seat"] for s in view["seats"] if s.get("shown")]
            shows = [h for h in view["history"] if h["action"] == "show"]
            # Once all betting is complete with a player all-in (or at the showdown) every hand
            # still in is face up, or none yet; each face-up hand has its "shows" in the history.
            assert not shown or sorted(shown) == sorted(live), (kind, focus, seed, shown, live)
            assert sorted(h["seat"] for h in shows) == sorted(shown), (kind, focus, seed)
            assert len({h["street"] for h in shows}) <= 1, (kind, focus, seed)
