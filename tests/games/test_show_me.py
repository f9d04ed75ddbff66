"""'Show me': the steps that decide an answer, replayed on the table after the answer; each step
names the seats it points at and carries the table view at that point of the hand."""

from __future__ import annotations

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
    assert show_me(generate(kind="stub", variant="F7S", seed=1)) == []
    from games.api import generate as generate_any

    assert show_me(generate_any(game="NT", kind="pots", seed=1)) == []
