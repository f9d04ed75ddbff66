"""The strategy adapter: contexts built from hands in progress, and computer players that
always act legally and always finish the hand."""

from __future__ import annotations

import doctest
import random

import pytest

import games.stud.cpu
from games.core.cards import Deck
from games.core.errors import EngineError
from games.strategy import Action, Facing
from games.stud.cpu import cpu_action, visible_context
from games.stud.play import deal_next
from games.stud.rules import ROBERT_CASH, TDA_2024, Structure, Variant
from games.stud.scenario import apply_phh_action
from games.stud.state import StudState
from tests.games.helpers import deal, doc, state_of

A = Action
STRUCTURE = Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000)
STACKS = [50, 100, 250, 300, 700, 1200, 2600, 5000, 20000, 20000, 20000]


def _play(variant: Variant, players: int, ruleset, seed: int, check=None) -> StudState:  # type: ignore[no-untyped-def]
    rng = random.Random(f"{variant.value}|{players}|{ruleset.name}|{seed}")
    stacks = [rng.choice(STACKS) for _ in range(players)]
    state = StudState(variant=variant, ruleset=ruleset, structure=STRUCTURE, starting_stacks=stacks)
    deck = Deck(rng=rng)
    steps = 0
    while state.phase in ("deal", "bet"):
        steps += 1
        assert steps < 500, "a hand must end"
        if state.phase == "deal":
            deal_next(state, deck)
            continue
        actor = state.actor
        assert actor is not None
        assert state.stacks[actor] > 0, "a player who is all-in never acts"
        if check is not None:
            check(state, actor)
        action = cpu_action(state)
        assert action in state.phh_legal_actions(), (action, state.phh_legal_actions())
        apply_phh_action(state, action)
    return state


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("players", range(2, 9))
def test_computer_players_in_every_seat_always_act_legally_and_finish_the_hand(variant, players):
    phases = set()
    for ruleset in (TDA_2024, ROBERT_CASH):
        for seed in range(50):
            state = _play(variant, players, ruleset, seed)
            assert state.phase in ("showdown", "over")
            phases.add(state.phase)
            if state.phase == "over":
                assert len(state.live_players()) == 1
            else:
                assert all(len(state.cards_of(p)) == 7 for p in state.live_players())
    assert phases == {"showdown", "over"}


@pytest.mark.parametrize("variant", list(Variant))
def test_the_context_holds_only_what_the_player_to_act_can_see(variant):
    def check(state: StudState, actor: int) -> None:
        ctx = visible_context(state, actor)
        assert ctx.seat == state.seat_of(actor)
        assert list(ctx.down) == state.downs[actor]
        assert list(ctx.up) == state.ups[actor]
        others = [i for i in range(state.count) if i != actor]
        assert sorted(ctx.dead) == sorted(c for i in others for c in state.ups[i])
        seen = set(ctx.cards) | set(ctx.dead)
        hidden = {c for i in others for c in state.downs[i]}
        assert not seen & hidden
        assert {o.seat for o in ctx.opponents} == {state.seat_of(i) for i in others}
        for opp in ctx.opponents:
            player = state.player_of_seat(opp.seat)
            assert opp.live == (not state.folded[player])
            if state.stacks[player] == 0:
                assert not opp.yet_to_act
        assert len(ctx.aggressors) == state.street - 2

    for seed in range(40):
        _play(variant, 6, TDA_2024, seed, check)


def test_the_bring_in_player_faces_the_bring_in_and_may_only_post_or_complete():
    state = state_of(doc(deal("AsKs9h", "QdQc2d", "7h7c5s")))
    ctx = visible_context(state, 1)
    assert ctx.must_bring_in
    assert (ctx.facing, ctx.bets, ctx.allowed) == (Facing.BRING_IN, 0, frozenset({A.BRING_IN, A.COMPLETE}))
    assert ctx.aggressors == (None,)
    assert all(opp.yet_to_act for opp in ctx.opponents)


def test_after_the_bring_in_the_next_player_faces_it_and_the_bring_in_seat_is_the_aggressor():
    state = state_of(doc([*deal("AsKs9h", "QdQc2d", "7h7c5s"), "p2 pb"]))
    ctx = visible_context(state, 2)
    assert (ctx.facing, ctx.bets) == (Facing.BRING_IN, 0)
    assert ctx.allowed == frozenset({A.FOLD, A.CALL, A.COMPLETE})
    assert ctx.aggressors == (2,)
    bring_in = ctx.opponent(2)
    assert bring_in is not None
    assert bring_in.yet_to_act


def test_a_completion_and_a_raise_are_faced_as_such():
    base = [*deal("AsKs9h", "QdQc2d", "7h7c5s", "8d8h3c"), "p2 pb", "p3 cbr 500"]
    ctx = visible_context(state_of(doc(base)), 3)
    assert (ctx.facing, ctx.bets, ctx.aggressors) == (Facing.COMPLETION, 1, (3,))
    assert not ctx.opponent(3).yet_to_act  # type: ignore[union-attr]
    ctx = visible_context(state_of(doc([*base, "p4 cbr 1000"])), 0)
    assert (ctx.facing, ctx.bets, ctx.aggressors) == (Facing.RAISE, 2, (4,))


def test_the_low_card_all_in_on_the_ante_lets_the_next_player_open_or_fold():
    state = state_of(doc(deal("AsKs9h", "QdQc2d", "7h7c5s"), stacks=[10000, 100, 10000]))
    ctx = visible_context(state, 2)
    assert (ctx.facing, ctx.bets) == (Facing.NOTHING, 0)
    assert ctx.allowed == frozenset({A.BRING_IN, A.COMPLETE, A.FOLD})
    assert not ctx.opponent(2).yet_to_act  # type: ignore[union-attr]  # all-in: never acts


def test_later_streets_face_nothing_a_bet_or_a_short_all_in_bet():
    third = [*deal("AsKs9h", "QdQc2d", "7h7c5s"), "p2 pb", "p3 cc", "p1 cc"]
    fourth = ["d dh p1 Ah", "d dh p2 3d", "d dh p3 8c"]
    state = state_of(doc([*third, *fourth], stacks=[10000, 10000, 450]))
    first = state.actor
    assert first == 0
    ctx = visible_context(state, 0)
    assert (ctx.facing, ctx.bets, ctx.aggressors) == (Facing.NOTHING, 0, (2, None))
    assert ctx.allowed == frozenset({A.CHECK, A.BET})
    # p3 has 150 behind: a check, then an all-in bet below half a bet
    state = state_of(doc([*third, *fourth, "p1 cc", "p2 cc", "p3 cbr 150"], stacks=[10000, 10000, 450]))
    ctx = visible_context(state, 0)
    assert (ctx.facing, ctx.bets, ctx.aggressors) == (Facing.BET, 1, (2, 3))


def test_only_the_player_to_act_has_a_context():
    state = state_of(doc(deal("AsKs9h", "QdQc2d", "7h7c5s")))
    with pytest.raises(EngineError) as err:
        visible_context(state, 0)
    assert err.value.code == "no_action_pending"
    state = state_of(doc(deal("AsKs9h", "QdQc2d"), players=3))
    with pytest.raises(EngineError) as err:
        cpu_action(state)
    assert err.value.code == "no_action_pending"


def test_computer_players_bet_the_smallest_full_amount_and_post_the_bring_in_as_pb():
    state = state_of(doc(deal("7h2cKs", "7d3c2d", "AhAcKd")))
    assert cpu_action(state) == "p2 pb"  # junk with the low card posts the bring-in
    apply_phh_action(state, "p2 pb")
    assert cpu_action(state) == "p3 cbr 500"  # aces complete to the small bet, not more
    # Under the open-pair option (robert-cash) a made hand bets the small bet
    hand = [*deal("AhAcQd", "7d3c2d", "Kh5cKs"), "p2 pb", "p3 cc", "p1 cc"]
    hand += ["d dh p1 2h", "d dh p2 9s", "d dh p3 Kd"]
    state = state_of(doc(hand, ruleset="robert-cash"))
    assert state.actor == 2
    assert [a for a in state.phh_legal_actions() if "cbr" in a] == ["p3 cbr 500", "p3 cbr 1000"]
    assert cpu_action(state) == "p3 cbr 500"


def test_a_short_stack_that_raises_goes_all_in_for_what_it_has():
    state = state_of(doc([*deal("7h2cKs", "7d3c2d", "AhAcKd"), "p2 pb"], stacks=[10000, 10000, 400]))
    assert cpu_action(state) == "p3 cbr 300"  # 300 behind after the ante


def test_the_adapter_examples_run():
    assert doctest.testmod(games.stud.cpu).failed == 0
