"""Hand walks: a hand played by computer players, stopped at every dealer decision."""

from __future__ import annotations

import doctest
import itertools
import json
import re

import pytest

import games.stud.walk
from games.core.errors import EngineError
from games.judge import judge
from games.solve import solve
from games.stud.cpu import cpu_action
from games.stud.rules import Variant
from games.stud.scenario import apply_phh_action, load_scenario
from games.stud.walk import STAGES, WalkStep, walk
from games.table import table_view
from tests.games.test_web_api import FORBIDDEN_EVERYWHERE, _keys

VARIANTS = [v.value for v in Variant]
# antes, bring-in, 3rd-street betting, then per street: the stub before 7th, first to act and
# its betting round; who tables first at a showdown; the award.
LETTERS = {
    "antes": "a",
    "bring_in": "b",
    "action": "x",
    "round_over": "r",
    "first_to_act": "f",
    "stub": "s",
    "showdown_first": "d",
    "award": "w",
}
ORDER = re.compile(r"ab(x+r)?(s?fx+r|s)*d?w")


def _state(step: WalkStep):  # type: ignore[no-untyped-def]
    return load_scenario(step.document).replay().state


def _shape(steps: list[WalkStep]) -> str:
    return "".join(LETTERS[s.stage] for s in steps)


def test_the_same_seed_gives_the_same_walk_and_other_seeds_other_walks():
    for variant in VARIANTS:
        first = walk(variant=variant, seed="walk-7")
        assert first == walk(variant=variant, seed="walk-7")
        assert json.dumps([s.document for s in first]) == json.dumps(
            [s.document for s in walk(variant=variant, seed="walk-7")]
        )
        others = {json.dumps(walk(variant=variant, seed=s)[-1].document) for s in range(5)}
        assert len(others) == 5


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", ["tda-2024", "robert-cash"])
def test_every_step_solves_asks_fields_of_its_answer_and_hides_the_answer_from_the_table(variant, ruleset):
    for seed in range(8):
        for players in (2, 5, 8):
            steps = walk(variant=variant, seed=seed, players=players, ruleset=ruleset)
            for index, step in enumerate(steps):
                assert step.index == index
                assert step.stage in STAGES
                assert step.document["_question"] == {"kind": step.kind}
                result = solve(json.loads(json.dumps(step.document)))
                assert result["kind"] == step.kind
                answer = result["answer"]
                assert step.fields
                assert all(field in answer for field in step.fields), (step.stage, answer)
                assert judge(result, answer, fields=step.fields)["correct"]
                view = table_view(step.document)
                assert not set(_keys(view)) & set(FORBIDDEN_EVERYWHERE)
                if step.kind == "pots":
                    assert "pot" not in view
                if step.kind == "stub":
                    assert "stub" not in view
                if step.kind == "award":
                    assert set(view["pot"]) == {"total", "collected"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_steps_come_in_the_order_of_a_real_hand(variant):
    for seed in range(25):
        steps = walk(variant=variant, seed=seed, players=2 + seed % 7)
        shape = _shape(steps)
        assert ORDER.fullmatch(shape), shape
        assert shape.count("s") <= 1
        streets = [s.street for s in steps]
        assert streets == sorted(streets)
        for step, nxt in itertools.pairwise(steps):
            answer = solve(step.document)["answer"]
            if step.stage == "antes":
                assert [a for a in step.document["actions"] if not a.startswith("d ")] == []
            if step.stage == "first_to_act":
                # the street's cards are out and nobody has acted on it yet
                assert step.document["actions"][-1].startswith("d ")
                assert nxt.stage == "action"
                assert nxt.document["actions"] == step.document["actions"]
                assert answer["seat"] == solve(nxt.document)["answer"]["seat"]
            if step.stage == "action":
                assert step.action_after is not None
                assert step.action_after.split()[0] == f"p{answer['seat']}"
                assert nxt.document["actions"][: len(step.document["actions"]) + 1] == [
                    *step.document["actions"],
                    step.action_after,
                ]
            else:
                assert step.action_after is None
            if step.stage == "round_over":
                assert answer["seat"] is None
                assert answer["round_complete"] is True
            if step.stage == "stub":
                assert step.street == 7
                assert not any(a.startswith("d db") for a in step.document["actions"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_computer_players_play_the_strategy_of_their_game(variant):
    for seed in range(6):
        for step in walk(variant=variant, seed=seed):
            if step.stage == "action":
                assert cpu_action(_state(step)) == step.action_after


@pytest.mark.parametrize("variant", VARIANTS)
def test_fifty_walks_per_game_reach_an_award_and_most_show_a_real_hand(variant):
    showdowns = fifth = 0
    lengths = []
    for seed in range(50):
        steps = walk(variant=variant, seed=seed)
        assert steps[-1].stage == "award"
        lengths.append(len(steps))
        state = _state(steps[-1])
        assert state.phase in ("showdown", "over")
        showdowns += state.phase == "showdown"
        fifth += sum(1 for i in range(state.count) if len(state.ups[i]) >= 3) >= 3
    assert showdowns >= 40, showdowns
    assert fifth >= 45, fifth
    assert sum(20 <= n <= 60 for n in lengths) >= 45, lengths


def test_some_walks_end_with_the_pot_pushed_to_the_last_player():
    ended = set()
    for seed in range(60):
        steps = walk(variant=VARIANTS[seed % 3], seed=seed)
        ended.add(_state(steps[-1]).phase)
        if _state(steps[-1]).phase == "over":
            assert "showdown_first" not in [s.stage for s in steps]
            assert len(solve(steps[-1].document)["answer"]["awards"]) == 1
    assert ended == {"showdown", "over"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_chips_are_conserved_across_the_walk_and_the_award_matches_the_last_document(variant):
    for seed in range(10):
        steps = walk(variant=variant, seed=seed, players=3 + seed % 6)
        total = sum(steps[0].document["starting_stacks"])
        for step in steps:
            state = _state(step)
            assert sum(state.stacks) + sum(state.committed) == total
        # Play the walk's last decision again from the step before the end: the award of
        # the hand is the answer of the last document.
        last_action = next(s for s in reversed(steps) if s.stage == "action")
        state = _state(last_action)
        assert last_action.action_after is not None
        apply_phh_action(state, last_action.action_after)
        while state.phase == "deal":  # cards after the last betting round (an all-in runout)
            record = _state(steps[-1]).history[len(state.history)]
            apply_phh_action(state, record.phh)
        answer = solve(steps[-1].document)["answer"]
        result = state.settle()
        assert {str(state.seat_of(p)): a for p, a in result.totals.items() if a} == answer["awards"]
        assert sum(answer["awards"].values()) == sum(state.committed)
        assert sum(state.stacks) == total


def test_short_stacks_appear_now_and_then_in_the_pot_after_the_antes():
    layered = 0
    for seed in range(60):
        antes = walk(variant="F7S", seed=seed)[0]
        layered += len(solve(antes.document)["answer"]["pots"]) > 1
    assert 0 < layered < 30


def test_walks_take_two_to_eight_players_and_refuse_other_counts():
    for players in range(2, 9):
        steps = walk(variant="FR", seed=players, players=players)
        assert len(steps[0].document["starting_stacks"]) == players
    for bad in (1, 9, "6"):
        with pytest.raises(EngineError) as err:
            walk(variant="F7S", seed=1, players=bad)  # type: ignore[arg-type]
        assert err.value.code == "bad_player_count"
    with pytest.raises(EngineError) as err:
        walk(variant="F8S", seed=1)
    assert err.value.code == "unknown_variant"


def test_walks_honour_the_structure_and_the_house_rules():
    steps = walk(
        variant="F7S",
        seed=3,
        ruleset="robert-cash",
        rules={"cap_lifted_heads_up": False},
        structure={"ante": 25, "bring_in": 50, "small_bet": 100, "big_bet": 200, "min_chip": 25},
    )
    document = steps[-1].document
    assert (document["bring_in"], document["_min_chip"], document["_ruleset"]) == (50, 25, "robert-cash")
    assert document["_rules"] == {"cap_lifted_heads_up": False}
    assert all(stack % 25 == 0 for stack in document["starting_stacks"])
    solve(document)


def test_the_walk_examples_run():
    assert doctest.testmod(games.stud.walk).failed == 0
