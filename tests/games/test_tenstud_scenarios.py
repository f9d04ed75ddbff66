"""Ten-card stud scenarios (variant "T10S") through the engine's entry points, named after the
section of seed document 000 they check; the step-by-step deal for the web page."""

from __future__ import annotations

import json
import random

import pytest

from games.core.cards import format_cards
from games.core.errors import EngineError
from games.diagnose import diagnose
from games.judge import judge
from games.solve import solve
from games.stud.scenario import load_scenario, scenario_to_dict
from games.table import table_view
from games.tenstud.document import TenStudScenario, deal_actions, tenstud_scenario_from_dict
from games.tenstud.game import TenStudDeal, deal_steps

DOORS = [
    "d dh p1 AsKcQh7c2s??????????",
    "d dh p2 2c3d5h7s9c??????????",
    "d dh p3 2d3c5d7d9s??????????",
    "d dh p4 AhAdKhKd2h??????????",
    "d dh p5 QcQdJcJd8h??????????",
]
KNOWN = [
    "d dh p1 KhKc3c3d9dAdJc2s6d7h",
    "d dh p2 AsKdQcJhTc2d3h4s6c8d",
    "d dh p3 8c8s8h5c2h4c6s7d9sQh",
    "d dh p4 AhKsQdJsTh2c3s5d7c9h",
    "d dh p5 4d4h5h7s9cTdTsJdQsAc",
]


def t10(actions, *, kind="next_reveal", pot=1000, deal=DOORS, **extra):
    doc = {"variant": "T10S", "pot": pot, "actions": list(deal) + list(actions), "_question": {"kind": kind}}
    doc.update(extra)
    return doc


def answer(doc):
    return solve(doc)["answer"]


def test_load_scenario_reads_a_ten_card_document_and_writes_it_back():
    doc = t10(["p2 sm 4h"], seats=[1, 2, 3, 4, 6], _tags=["x"])
    scenario = load_scenario(doc)
    assert isinstance(scenario, TenStudScenario)
    assert scenario_to_dict(scenario) == doc


@pytest.mark.parametrize(
    ("actions", "code", "index"),
    [
        (["p1 sm 4h"], "not_weakest", 5),
        (["p2 sm 9c"], "card_dealt_twice", 5),
        (["p2 sm 4h4d"], "bad_card_count", 5),
        (["p2 sm 4h", "p2 sm 4d"], "not_weakest", 6),
        (["p2 xx"], "bad_action", 5),
    ],
)
def test_an_impossible_reveal_is_an_error_at_its_index(actions, code, index):
    with pytest.raises(EngineError) as err:
        solve(t10(actions))
    assert (err.value.code, err.value.path) == (code, f"actions[{index}]")


def test_a_deal_out_of_order_or_with_a_card_twice_is_refused():
    with pytest.raises(EngineError) as err:
        solve(t10([], deal=[DOORS[1], DOORS[0], *DOORS[2:]]))
    assert (err.value.code, err.value.path) == ("out_of_turn", "actions[0]")
    with pytest.raises(EngineError) as err:
        solve(t10([], deal=[*DOORS[:4], "d dh p5 AsQdJcJd8h??????????"]))
    assert (err.value.code, err.value.path) == ("card_dealt_twice", "actions[4]")


def test_seed000_section_4_2_the_weakest_face_up_hand_reveals():
    result = solve(t10(["p2 sm 9d", "p3 sm Ts"]))
    assert result["answer"]["seats"] == [3]
    assert "Ten-card stud rules §4.2" in result["rules"]
    assert "3番席" in result["explanation"]["ja"]


def test_seed000_section_4_3_players_tied_for_the_weakest_reveal_together():
    result = solve(t10([]))
    assert result["answer"]["seats"] == [2, 3]
    assert "Ten-card stud rules §4.3" in result["rules"]


def test_seed000_section_4_3_a_step_in_progress_finishes_before_anyone_is_compared_again():
    # Seats 2 and 3 were tied. After seat 2 pairs its nines, seat 3 is the weakest anyway; after
    # seat 3 turns a ten, seat 1's ace high is not weaker than seat 2: either way the step goes on.
    assert answer(t10(["p3 sm Ts"]))["seats"] == [2]
    assert answer(t10(["p2 sm 9d"]))["seats"] == [3]


def test_seed000_section_4_2_a_player_with_no_hole_card_left_is_not_the_weakest():
    checked = 0
    for seed in range(40):
        deal = TenStudDeal.shuffled(rng=random.Random(seed), pot=100)
        actions = deal_actions([list(d) for d in deal.up], None)
        while deal.can_reveal():
            strengths = deal.current_strengths()
            done = [p for p in strengths if not deal.down[p - 1]]
            if done and min(strengths[p] for p in done) <= min(strengths.values()):
                doc = {
                    "variant": "T10S",
                    "pot": 100,
                    "actions": actions,
                    "_question": {"kind": "next_reveal"},
                }
                assert not set(answer(doc)["seats"]) & set(done)
                checked += 1
            step = deal.reveal()
            actions += [f"p{p} sm {c}" for p, c in zip(step.players, step.cards, strict=True)]
    assert checked > 0


def test_seed000_section_5_the_loop_ends_when_every_card_is_up():
    deal = TenStudDeal.shuffled(rng=random.Random(4), pot=100)
    doors = [list(d) for d in deal.up]
    actions = deal_actions(doors, None)
    for step in deal.play_out():
        actions += [f"p{p} sm {c}" for p, c in zip(step.players, step.cards, strict=True)]
    doc = {"variant": "T10S", "pot": 100, "actions": actions, "_question": {"kind": "next_reveal"}}
    assert answer(doc) == {"seats": [], "hands": {}, "finished": True, "step": len(deal.steps)}
    with pytest.raises(EngineError) as err:
        solve({**doc, "actions": [*actions, "p1 sm 2c"]})
    assert err.value.code == "all_revealed"


def test_seed000_section_5_the_best_five_of_ten_ranks_and_exact_ties_share_a_place():
    result = solve(t10([], kind="final_ranking", deal=KNOWN))
    assert result["answer"]["ranking"] == [[2, 4], [3], [1], [5]]
    assert result["answer"]["hands"]["2"]["name"] == "Straight, ace high"


def test_seed000_section_6_suits_do_not_break_ties_so_the_pot_is_split():
    result = solve(t10([], kind="split", deal=KNOWN, pot=1001))
    assert result["answer"]["winners"] == [2, 4]
    assert result["answer"]["awards"] == {"2": 501, "4": 500}
    assert result["answer"]["odd_chips"] == 1
    assert "Ten-card stud rules §6" in result["rules"]


def test_the_final_questions_need_every_card_known():
    with pytest.raises(EngineError) as err:
        solve(t10([], kind="final_ranking"))
    assert err.value.code == "question_not_applicable"


def test_odd_chips_are_whole_chips_of_the_smallest_chip_in_play():
    result = answer(t10([], kind="split", deal=KNOWN, pot=1025, _min_chip=25))
    assert result["awards"] == {"2": 525, "4": 500}


# --- the whole deal agrees with the documents --------------------------------------------------------------


def test_random_deals_played_by_the_deal_object_replay_the_same_as_documents():
    ties = 0
    for seed in range(60):
        deal = TenStudDeal.shuffled(rng=random.Random(seed), pot=777)
        doors = [list(d) for d in deal.up]
        holes = [list(h) for h in deal.down]
        actions = deal_actions(doors, None)
        for step in deal.play_out():
            assert answer(
                {"variant": "T10S", "pot": 777, "actions": actions, "_question": {"kind": "next_reveal"}}
            )["seats"] == list(step.players)
            actions += [f"p{p} sm {c}" for p, c in zip(step.players, step.cards, strict=True)]
            ties += len(step.players) > 1
        doc = {"variant": "T10S", "pot": 777, "actions": actions, "_question": {"kind": "split"}}
        assert answer(doc)["awards"] == {str(p): c for p, c in deal.awards().items()}
        known = {
            "variant": "T10S",
            "pot": 777,
            "actions": deal_actions(doors, holes),
            "_question": {"kind": "split"},
        }
        assert answer(known) == answer(doc)
    assert ties > 0


def test_deal_steps_plays_a_whole_seeded_deal_step_by_step():
    steps = deal_steps(42)
    assert steps == deal_steps(42)
    assert steps != deal_steps(43)
    assert 5 <= len(steps["steps"]) <= 25
    turned = sum(len(s["revealed"]) for s in steps["steps"])
    assert turned == 25
    first = steps["steps"][0]
    assert set(first) == {"step", "seats", "weakest", "revealed", "explanation", "strengths"}
    assert first["weakest"]["name"]
    assert first["weakest"]["name_ja"]
    assert first["explanation"]["ja"]
    assert sum(steps["result"]["awards"].values()) == 1000
    assert "hole" not in json.dumps(steps["start"])
    scenario = tenstud_scenario_from_dict(
        {
            "variant": "T10S",
            "actions": [f"d dh p{s['seat']} {''.join(s['door'])}??????????" for s in steps["start"]["seats"]],
        }
    )
    assert list(scenario.replay().next_reveal()) == first["seats"]


# --- table view, judge, diagnose ----------------------------------------------------------------------------


def test_the_ten_card_table_view_shows_revealed_cards_and_hidden_counts_only():
    view = table_view(t10(["p3 sm Ts"]))
    assert view["seats"][2] == {
        "seat": 3,
        "player": "p3",
        "door": ["2d", "3c", "5d", "7d", "9s"],
        "revealed": ["Ts"],
        "hidden": 4,
    }
    assert view["steps"] == [{"step": 1, "cards": {"3": "Ts"}}]
    assert 'seats": [2' not in json.dumps(view)


def test_the_ten_card_table_view_for_the_final_questions_shows_every_card():
    view = table_view(t10([], kind="split", deal=KNOWN))
    assert all(len(s["door"]) + len(s["revealed"]) + len(s["hole"]) == 10 for s in view["seats"])
    assert "winners" not in json.dumps(view)


def test_judge_of_a_ranking_keeps_the_order_of_groups_but_not_inside_a_tie():
    expected = solve(t10([], kind="final_ranking", deal=KNOWN))
    assert judge(expected, {"ranking": [[4, 2], [3], [1], [5]]})["correct"] is True
    assert judge(expected, {"ranking": [[2], [4], [3], [1], [5]]})["correct"] is False


def test_diagnose_finds_the_strongest_revealing_instead_of_the_weakest():
    findings = diagnose(t10([]), {"seats": [4]})
    assert [f["code"] for f in findings] == ["strongest_reveals"]


def test_diagnose_finds_only_one_of_the_tied_players_revealing():
    assert [f["code"] for f in diagnose(t10([]), {"seats": [3]})] == ["only_one_of_tied"]


def test_diagnose_finds_a_tie_broken_by_suit():
    findings = diagnose(t10([], kind="split", deal=KNOWN), {"winners": [2]})  # A♠ over A♥
    assert [f["code"] for f in findings] == ["suits_break_ties"]


def test_format_of_hole_cards_in_a_deal_round_trips():
    deal = TenStudDeal.shuffled(rng=random.Random(2))
    actions = deal_actions([list(d) for d in deal.up], [list(h) for h in deal.down])
    assert actions[0] == f"d dh p1 {format_cards(deal.up[0])}{format_cards(deal.down[0])}"


def test_seed000_section_5_says_nothing_of_odd_chips_so_the_explanation_calls_the_rule_our_reading():
    from games.core.citation_texts import summary
    from games.diagnose import diagnose as find

    result = solve(t10([], kind="split", deal=KNOWN, pot=1001))
    assert result["answer"]["odd_chips"] == 1
    assert "Ten-card stud rules §5" in result["rules"]
    assert (
        "the pot is split equally; by our reading the odd chip goes to seat 2" in result["explanation"]["en"]
    )
    assert "このアプリの解釈では" in result["explanation"]["ja"]
    # The cited entry says the same: section 5 splits the pot and is silent on odd chips.
    assert "our reading" in summary("Ten-card stud rules §5", "en")
    assert "解釈" in summary("Ten-card stud rules §5", "ja")
    even = solve(t10([], kind="split", deal=KNOWN, pot=1000))
    assert "our reading" not in even["explanation"]["en"]
    wrong = {**result["answer"], "awards": {"2": 500, "4": 501}}
    texts = [f["en"] for f in find(t10([], kind="split", deal=KNOWN, pot=1001), wrong)]
    assert texts
    assert all("our reading" in t for t in texts)
