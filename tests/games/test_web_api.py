"""The engine's web-facing helpers: table view, judging, diagnosis, generation, legal actions."""

from __future__ import annotations

import json

import pytest

from games.api import kind_names
from games.diagnose import diagnose
from games.judge import judge
from games.solve import solve
from games.stud.generate import generate
from games.stud.rules import Variant, flag_specs, ruleset_from
from games.table import table_view
from tests.games.conftest import EXAMPLES_DIR
from tests.games.helpers import deal, doc, state_of

EXAMPLES = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES_DIR.glob("*.json"))}
FORBIDDEN_EVERYWHERE = ("actor", "options", "to_act", "first_to_act", "bring_in_seat", "answer", "ruling")


def _keys(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


@pytest.mark.parametrize("kind", kind_names("F7S"))
@pytest.mark.parametrize("variant", [v.value for v in Variant])
def test_the_table_view_never_contains_the_answer_to_its_own_question(kind, variant):
    for seed in range(6):
        scenario = generate(kind=kind, variant=variant, seed=seed)
        view = table_view(scenario)
        json.dumps(view)
        keys = set(_keys(view))
        assert not keys & set(FORBIDDEN_EVERYWHERE), keys & set(FORBIDDEN_EVERYWHERE)
        answer = solve(scenario)["answer"]
        if kind in ("stub", "stub_count"):
            assert "stub" not in view
        else:
            assert view["stub"] >= 0
        if kind == "pots":
            assert "pot" not in view
        if kind == "award":
            assert set(view["pot"]) == {"total", "collected"}
            assert view["pot"]["total"] == sum(p["amount"] for p in answer["pots"])
        showed = {e["seat"] for e in view["history"] if e["action"] == "show"}
        live = [s for s in view["seats"] if not s["folded"] and not s["mucked"]]
        for seat in view["seats"]:
            showdown = kind in ("best_hands", "award") and len(live) > 1
            tabled = seat in live and (seat["seat"] in showed or showdown)
            assert ("downcards_shown" in seat) is tabled, (kind, seat)
        if kind == "ruling":
            assert "event" in view
            assert set(view["event"]) <= {"type", "seat", "card", "street", "count"}


def test_the_table_view_for_a_ruling_shows_the_table_before_the_irregularity():
    scenario = EXAMPLES["ruling-picks-up-upcards-not-facing-action.json"]
    view = table_view(scenario)
    seat2 = next(s for s in view["seats"] if s["seat"] == 2)
    assert seat2["folded"] is False  # the ruling (a binding fold) is not given away
    assert view["event"] == {"type": "picks_up_upcards", "seat": 2}


def test_the_table_view_lists_seats_from_the_dealer_with_upcards_and_hidden_downcards():
    view = table_view(EXAMPLES["basic-bring-in-razz-spade-king.json"])
    assert [s["seat"] for s in view["seats"]] == [1, 3, 4, 6]
    assert view["seats"][1]["upcards"] == ["Ks"]
    assert view["seats"][1]["downcards"] == 2
    assert "downcards_shown" not in view["seats"][1]
    assert view["pot"]["total"] == 400
    revealed = table_view(EXAMPLES["basic-bring-in-razz-spade-king.json"], reveal_downcards=True)
    assert revealed["seats"][1]["downcards_shown"] == ["2s", "3h"]


def test_judge_is_exact_on_seats_and_amounts_and_gives_partial_credit():
    expected = solve(EXAMPLES["basic-bring-in-stud-deuce-suits.json"])
    assert judge(expected, {"seat": 4, "amount": 200, "first_to_act": 4})["correct"] is True
    verdict = judge(expected, {"seat": "4", "amount": 250, "first_to_act": 4})
    assert verdict["correct"] is False
    assert verdict["score"] == pytest.approx(2 / 3, abs=1e-3)
    assert [f["field"] for f in verdict["fields"] if not f["correct"]] == ["amount"]


def test_judge_ranking_order_matters_but_not_order_inside_a_tie():
    expected = solve(EXAMPLES["best-hands-stud-kickers.json"])
    ok = judge(expected, {"high_ranking": [[2, 1], [4], [3]]}, fields=["high_ranking"])
    assert ok["correct"] is True
    wrong = judge(expected, {"high_ranking": [[1, 2], [3], [4]]}, fields=["high_ranking"])
    assert wrong["correct"] is False


def test_judge_counts_a_missing_field_as_wrong_unless_the_drill_asked_for_less():
    expected = solve(EXAMPLES["stub-eight-handed-two-fold-fifth.json"])
    partial = judge(expected, {"stub": 3})
    assert partial["correct"] is False
    assert partial["score"] == pytest.approx(0.2)
    assert judge(expected, {"stub": 3}, fields=["stub"])["correct"] is True


def test_judge_of_next_action_compares_every_option_and_treats_totals_as_a_set():
    expected = solve(EXAMPLES["next-action-heads-up-uncapped-robert-cash.json"])
    given = {
        "seat": 1,
        "options": {
            "fold": True,
            "check": False,
            "call": 500,
            "bring_in": None,
            "complete_to": None,
            "bet_to": None,
            "raise_to": [3000],
        },
    }
    assert judge(expected, given)["correct"] is True
    given["options"]["raise_to"] = None
    verdict = judge(expected, given)
    assert [f["field"] for f in verdict["fields"] if not f["correct"]] == ["options.raise_to"]


def test_judge_of_an_award_checks_each_pot_and_the_totals():
    expected = solve(EXAMPLES["award-stud8-side-pot-no-low.json"])
    assert judge(expected, expected["answer"])["correct"] is True
    verdict = judge(expected, {"awards": {"1": 900, "2": 3900}}, fields=["awards"])
    assert verdict["correct"] is True
    verdict = judge(expected, {"awards": {"2": 4800}}, fields=["awards"])
    assert verdict["correct"] is False


def _codes(doc_, given):  # type: ignore[no-untyped-def]
    return {(f["code"], tuple(sorted(f["params"].items()))) for f in diagnose(doc_, given)}


def test_diagnose_finds_the_stud_bring_in_given_for_razz():
    codes = _codes(EXAMPLES["basic-bring-in-razz-spade-king.json"], {"seat": 6})
    assert ("other_variant", (("actual", "FR"), ("variant", "F7S"))) in codes


def test_diagnose_finds_reversed_suits_and_an_ace_counted_low():
    assert ("suits_reversed", ()) in _codes(EXAMPLES["basic-bring-in-stud-deuce-suits.json"], {"seat": 2})
    got = _codes(doc(deal("AsKsAh", "QdQc3c"), kind="bring_in"), {"seat": 1})
    assert ("ace_low_in_stud", ()) in got


def test_diagnose_names_the_cap_of_the_other_ruleset():
    codes = _codes(
        EXAMPLES["next-action-heads-up-uncapped-robert-cash.json"],
        {"seat": 1, "options": {"fold": True, "check": False, "call": 500, "raise_to": None}},
    )
    assert ("other_ruleset", (("actual", "robert-cash"), ("ruleset", "tda-2024"))) in codes
    assert ("other_flag", (("actual", True), ("flag", "cap_lifted_heads_up"), ("value", False))) in codes


def test_a_finding_names_the_rule_sets_as_people_know_them_not_by_their_codes():
    findings = diagnose(
        EXAMPLES["next-action-heads-up-uncapped-robert-cash.json"],
        {"seat": 1, "options": {"fold": True, "check": False, "call": 500, "raise_to": None}},
    )
    (finding,) = [f for f in findings if f["code"] == "other_ruleset"]
    assert "ロバーツ・ルール" in finding["ja"]
    assert "TDA 2024" in finding["ja"]
    assert "Robert's Rules" in finding["en"]
    for text in (finding["en"], finding["ja"]):
        assert "robert-cash" not in text
        assert "tda-2024" not in text


def test_diagnose_names_the_position_tie_break():
    codes = _codes(EXAMPLES["next-action-sixth-street-tie-by-suit.json"], {"seat": 1})
    assert (
        "other_flag",
        (("actual", "suit"), ("flag", "tie_break_later_streets"), ("value", "position")),
    ) in codes


def test_diagnose_names_common_misreadings_of_pots_showdown_stub_and_rulings():
    pots = _codes(
        EXAMPLES["pots-fourth-street-all-in-and-fold.json"],
        {"pots": [{"amount": 2500, "eligible": [2, 3, 4]}]},
    )
    assert ("no_side_pots", ()) in pots
    shows = _codes(EXAMPLES["showdown-first-razz-last-aggressor.json"], {"seat": 2})
    assert ("first_bettor_not_last_aggressor", ()) in shows
    stub = _codes(EXAMPLES["stub-eight-handed-two-fold-fifth.json"], {"stub": 6})
    assert ("burns_not_counted", (("burns", 3),)) in stub
    ruling = diagnose(
        EXAMPLES["ruling-picks-up-upcards-not-facing-action.json"], {"ruling": "dead_hand", "seat": 2}
    )
    assert ruling[0]["code"] == "facing_action_misread"
    assert ruling[0]["en"]
    assert ruling[0]["ja"]


def test_diagnose_returns_nothing_for_a_right_answer():
    assert (
        diagnose(
            EXAMPLES["basic-bring-in-razz-spade-king.json"], {"seat": 3, "amount": 200, "first_to_act": 3}
        )
        == []
    )


def test_generate_is_deterministic_per_seed_and_varies_across_seeds():
    for kind in kind_names("F7S"):
        a = generate(kind=kind, variant="F7S/8", seed="drill-7")
        assert a == generate(kind=kind, variant="F7S/8", seed="drill-7")
        others = {json.dumps(generate(kind=kind, variant="F7S/8", seed=s)) for s in range(5)}
        assert len(others) > 1


def test_generated_scenarios_cover_the_interesting_cases():
    seen = set()
    for seed in range(40):
        for variant in ("F7S", "FR", "F7S/8"):
            seen.update(generate(kind="bring_in", variant=variant, seed=seed)["_tags"])
            stub = solve(generate(kind="stub", variant=variant, seed=seed))["answer"]
            seen.add(f"stub_{stub['procedure']}")
            ruling = solve(generate(kind="ruling", variant=variant, seed=seed))["answer"]
            seen.add(ruling["ruling"])
            award = generate(kind="award", variant=variant, seed=seed)
            if len(solve(award)["answer"]["pots"]) > 2:
                seen.add("several_side_pots")
    for case in ("tie_by_suit", "all_in_on_ante", "short_bring_in", "exposed_downcard", "stub_A", "stub_B",
                 "stub_C", "several_side_pots", "dead_hand", "binding_fold", "live_hand", "becomes_upcard",
                 "replace_card", "reshuffle_no_burn", "kill_hand", "misdeal"):  # fmt: skip
        assert case in seen, case


def test_generate_honours_the_structure_and_the_ruleset():
    scenario = generate(
        kind="next_action",
        variant="F7S",
        seed=1,
        ruleset="robert-cash",
        structure={
            "ante": 25,
            "bring_in": 50,
            "small_bet": 100,
            "big_bet": 200,
            "max_bets": 4,
            "min_chip": 25,
        },
    )
    assert (scenario["bring_in"], scenario["small_bet"], scenario["_max_bets"], scenario["_min_chip"]) == (
        50,
        100,
        4,
        25,
    )
    assert scenario["_ruleset"] == "robert-cash"
    assert all(stack % 25 == 0 for stack in scenario["starting_stacks"])
    solve(scenario)


def test_the_state_lists_legal_actions_as_phh_and_as_structured_options():
    state = state_of(doc([*deal("AsKs9h", "QdQc2c", "7h7c5s"), "p2 pb"]))
    assert state.phh_legal_actions() == ["p3 f", "p3 cc", "p3 cbr 500"]
    kinds = [(a.kind, a.amount) for a in state.legal_actions()]
    assert kinds == [("fold", None), ("call", 200), ("complete", 500)]
    dealing = state_of(doc(deal("AsKs9h")[:1], players=3))
    assert [a.to_dict() for a in dealing.legal_actions()] == [
        {"kind": "deal_hole", "player": 1, "amount": None, "count": 3, "phh": "d dh p2"}
    ]


def test_rule_flags_are_data_a_settings_form_can_be_built_from():
    specs = {spec["name"]: spec for spec in flag_specs()}
    assert set(specs) == {
        "tie_break_later_streets",
        "fourth_street_double_on_open_pair",
        "cap_lifted_heads_up",
        "odd_chip",
        "short_stub",
        "short_all_in_reopen_base",
    }
    assert specs["tie_break_later_streets"]["variants"] == ["F7S", "FR", "F7S/8"]
    assert specs["cap_lifted_heads_up"]["defaults"] == {"tda-2024": False, "robert-cash": True}
    rules = ruleset_from(
        "robert-cash", {"tie_break_later_streets": {"FR": "suit"}, "odd_chip": "high_card_by_suit_in_five"}
    )
    assert rules.tie_break(Variant.RAZZ) == "suit"
    assert rules.tie_break(Variant.STUD) == "position"
    assert rules.flags()["odd_chip"] == "high_card_by_suit_in_five"


def test_the_editor_is_offered_the_legal_next_actions_with_seats():
    from games.table import legal_actions

    scenario = EXAMPLES["next-action-stud8-after-completion.json"]
    offered = legal_actions(scenario)
    assert [a["phh"] for a in offered] == ["p5 f", "p5 cc", "p5 cbr 1000"]
    assert {a["seat"] for a in offered} == {5}
    # 4th-street betting is over: 5th street starts with p2 (p1 folded), one card.
    dealing = legal_actions(EXAMPLES["pots-fourth-street-all-in-and-fold.json"])
    assert [(a["kind"], a["seat"], a["count"], a["phh"]) for a in dealing] == [("deal_hole", 2, 1, "d dh p2")]
    # 8-handed, short stub on 7th (RP-10 H case B): the community card is next.
    assert [a["phh"] for a in legal_actions(EXAMPLES["stub-eight-handed-two-fold-fifth.json"])] == ["d db"]
