"""'Show me': the steps that decide an answer, replayed on the table after the answer; each step
names the seats it points at and carries the table view at that point of the hand."""

from __future__ import annotations

import re

import pytest

from games.api import show_me, solve
from games.stud.generate import generate
from tests.games.helpers import deal, doc

FOUR_HANDED = deal("AsKs9h", "QdQc2c", "7h7cKd", "5s6sQs")


def test_the_next_action_replays_the_street_and_ends_on_the_player_to_act():
    document = doc([*FOUR_HANDED, "p2 pb", "p3 cbr 500", "p4 cc"])
    steps = show_me(document)
    assert [s["code"] for s in steps] == ["opens", "action", "action", "action", "to_act"]
    assert [s["seats"] for s in steps] == [[2], [2], [3], [4], [1]]
    assert steps[-1]["params"]["pending"] == [2]  # the bring-in acts again after the completion
    assert [s["params"].get("last_aggressor") for s in steps[1:4]] == [False, True, False]
    # Each step's table is the hand up to it: before the bring-in no chips are bet yet.
    assert [s["upto"] for s in steps] == [4, 5, 6, 7, 7]
    assert all(seat["bet"] == 0 for seat in steps[0]["view"]["seats"])
    assert {seat["seat"]: seat["bet"] for seat in steps[-1]["view"]["seats"]}[3] == 500


def test_the_bring_in_compares_the_doors_of_the_lowest_rank_then_their_suits():
    document = doc(deal("AsKs9h", "QdQc2c", "7h7cKd", "5s6s2s"), kind="bring_in")
    steps = show_me(document)
    assert [s["code"] for s in steps] == ["door_rank", "door_suit"]
    assert steps[0]["seats"] == [2, 4]
    assert steps[1]["seats"] == [solve(document)["answer"]["seat"]] == [2]


def test_the_pots_show_each_seats_chips_then_each_pot_with_the_seats_that_can_win_it():
    document = doc(
        [*deal("AsKs9h", "QdQc2c", "7h7cKd"), "p2 pb", "p3 cbr 300", "p1 cbr 800", "p2 cc"],
        stacks=[10000, 10000, 400],
        kind="pots",
    )
    steps = show_me(document)
    pots = solve(document)["answer"]["pots"]
    assert [s["code"] for s in steps] == ["committed", "pot", "pot"]
    assert [s["params"]["amount"] for s in steps[1:]] == [p["amount"] for p in pots]
    assert [s["seats"] for s in steps[1:]] == [p["eligible"] for p in pots]
    assert steps[1]["params"]["capped_by"] == [3]
    # The view is the table as it is, the pots drawn (the question hid them before the answer).
    assert steps[0]["view"]["pot"] is not None


def test_who_shows_first_replays_seventh_street_and_ends_on_the_seat_that_shows():
    for seed in range(40):
        document = generate(kind="showdown_first", variant="F7S", seed=seed)
        steps = show_me(document)
        if any(s["code"] == "action" for s in steps):
            break
    else:
        raise AssertionError("no showdown with 7th-street betting in 40 seeds")
    answer = solve(document)["answer"]
    assert steps[-1]["code"] == "shows_first"
    assert steps[-1]["seats"] == [answer["seat"]]
    marked = [s for s in steps if s["code"] == "action" and s["params"]["last_aggressor"]]
    if steps[-1]["params"]["reason"] == "last_aggressor":
        assert [s["seats"] for s in marked] == [[answer["seat"]]]


def test_a_kind_without_a_replay_and_the_other_games_have_no_steps():
    assert show_me(generate(kind="best_hands", variant="F7S", seed=1)) == []
    from games.api import generate as generate_any

    assert show_me(generate_any(game="NT", kind="pots", seed=1)) == []


# --- the kinds whose steps the engine words in both languages ------------------------------------

GAMES = ("F7S", "F7S/8", "FR")
SEEDS = range(3)


RULESETS = ("tda-2024", "robert-cash")


def generated(kind: str) -> list[tuple[dict, dict, list[dict]]]:
    """Each game's hands of the kind over a few seeds, under each ruleset: the document, its
    solution, its steps."""
    out = []
    for ruleset in RULESETS:
        for variant in GAMES:
            for seed in SEEDS:
                document = generate(kind=kind, variant=variant, seed=seed, ruleset=ruleset)
                out.append((document, solve(document), show_me(document)))
    return out


def assert_worded(steps: list[dict]) -> None:
    """Every step says itself in English and Japanese, is drawn, and names seats as seats."""
    assert steps
    for step in steps:
        assert step["en"].endswith("."), step["en"]
        assert step["ja"].endswith("。"), step["ja"]
        assert "seat " not in step["ja"]
        assert "Seat " not in step["ja"]
        assert step["tag"]["en"]
        assert step["tag"]["ja"]
        assert step["view"]["seats"]
        if step["code"] in ("stub_players", "award_pot", "award_best", "award_total", "irregularity"):
            assert all(f"{seat}番席" in step["ja"] for seat in step["seats"]), step["ja"]


@pytest.mark.parametrize("kind", ["stub", "stub_count"])
def test_the_stub_counts_the_deal_street_by_street_and_ends_on_the_solved_answer(kind):
    for _document, solution, steps in generated(kind):
        answer = solution["answer"]
        assert_worded(steps)
        dealt = [s for s in steps if s["code"] == "stub_dealt"]
        assert [s["params"]["street"] for s in dealt] == list(range(3, 3 + len(dealt)))
        # What left the deck, dealt and burnt, and the stub make the 52 cards.
        assert dealt[-1]["params"]["out"] + answer["stub"] == 52
        count = next(s for s in steps if s["code"] == "stub_count")
        assert count["params"]["stub"] == answer["stub"]
        assert count["params"]["needed"] == answer.get("required", answer.get("needed"))
        players = next(s for s in steps if s["code"] == "stub_players")
        if kind == "stub":
            assert steps[-1]["code"] == "stub_case"
            assert steps[-1]["params"]["procedure"] == answer["procedure"]
            assert len(players["seats"]) + 2 == answer["required"]
            assert "TDA 2024 RP-10 H" in steps[-1]["en"]
            if answer["procedure"] in ("A", "B", "C"):
                assert steps[-1]["ja"].startswith(answer["procedure"] + "です。")
        else:
            assert steps[-1]["code"] in ("stub_count", "stub_case")


def test_a_short_stub_names_its_case_in_both_languages():
    cases = {s[-1]["params"]["procedure"] for _d, _s, s in generated("stub")}
    assert cases & {"A", "B", "C"}


def test_the_award_shows_each_pot_its_best_hands_and_split_and_ends_on_the_seats_paid():
    for _document, solution, steps in generated("award"):
        answer = solution["answer"]
        assert_worded(steps)
        assert steps[-1]["code"] == "award_total"
        assert steps[-1]["seats"] == sorted(int(s) for s in answer["awards"])
        assert steps[-1]["params"]["awards"] == answer["awards"]
        pots = [s for s in steps if s["code"] == "award_pot"]
        if not pots:  # won without a showdown
            assert len(steps) == 1
            continue
        assert [s["params"]["amount"] for s in pots] == [p["amount"] for p in answer["pots"]]
        assert [s["seats"] for s in pots] == [sorted(p["eligible"]) for p in answer["pots"]]
        best = [s for s in steps if "high" in s["params"]]
        for step, pot in zip(best, answer["pots"], strict=True):
            assert step["params"]["high"] == pot.get("high", [])
            assert step["params"]["low"] == pot.get("low", [])
        splits = [s["params"]["awards"] for s in steps if s["code"] == "award_split"]
        assert splits == [p["awards"] for p in answer["pots"]]
        # The hands are turned up: the table shows the winners' downcards.
        winner = steps[-1]["seats"][0]
        seat = next(s for s in steps[-1]["view"]["seats"] if s["seat"] == winner)
        assert seat["downcards"]


@pytest.mark.parametrize("kind", ["dealer_error", "ruling"])
def test_an_irregularity_shows_the_hand_before_it_what_happened_and_ends_on_the_remedy(kind):
    for document, solution, steps in generated(kind):
        answer = solution["answer"]
        assert_worded(steps)
        event = document["_events"][-1]
        codes = [s["code"] for s in steps]
        assert codes[:2] == ["irregular_before", "irregularity"]
        assert codes[-1] == "remedy"
        assert steps[-1]["params"]["remedy"] == answer["remedy" if kind == "dealer_error" else "ruling"]
        if "seat" in event:
            assert steps[1]["seats"] == [event["seat"]]
        # The first steps draw the table just before the irregularity, as the question did.
        assert all(s["upto"] == event["after"] + 1 for s in steps[:2])


def test_a_stud8_split_names_the_qualifying_low_and_where_each_odd_chip_goes():
    found = {"low": 0, "odd": 0}
    for ruleset, seed in ((r, s) for r in RULESETS for s in range(20)):
        document = generate(kind="award", variant="F7S/8", seed=seed, focus="odd_chips", ruleset=ruleset)
        answer = solve(document)["answer"]
        steps = show_me(document)
        assert steps[-1]["params"]["awards"] == answer["awards"]
        for step, pot in zip([s for s in steps if "high" in s["params"]], answer["pots"], strict=True):
            if pot.get("low"):
                found["low"] += 1
                assert "Low (eight or better)" in step["en"]
                assert "ロー（8以下）" in step["ja"]
        for step in steps:
            for seat in step["params"].get("odd_chips", []):
                found["odd"] += 1
                assert f"goes to seat {seat}" in step["en"]
                assert ("RRoP" if ruleset == "robert-cash" else "TDA 2024 Rule 20") in step["en"]
                assert re.search(rf"端数チップ[0-9,]+は{seat}番席へ", step["ja"])
    assert found["low"]
    assert found["odd"]
