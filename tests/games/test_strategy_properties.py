"""Invariants of every strategy on random visible contexts, and the context's own checks."""

import dataclasses
import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.cards import FULL_DECK, parse_cards
from games.core.errors import EngineError
from games.strategy import Action, Facing, Opponent, VisibleContext, decide, plan
from tests.games.strategy_helpers import USUAL, make, opp

A = Action
THIRD_FACINGS = ("bring_in_player", Facing.BRING_IN, Facing.COMPLETION, Facing.RAISE, Facing.NOTHING)
LATER_FACINGS = (Facing.NOTHING, Facing.BET, Facing.RAISE)


@st.composite
def contexts(draw, *, any_allowed=False):
    """A random, consistent view of a stud hand for the seat to act."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    variant = draw(st.sampled_from(("F7S", "FR", "F7S/8")))
    players = draw(st.integers(2, 8))
    street = draw(st.integers(3, 7))
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    community = street == 7 and draw(st.integers(0, 4)) == 0
    ups = min(street - 2, 4)
    downs = street - ups - (1 if community else 0)
    down, up = tuple(deck.pop() for _ in range(downs)), tuple(deck.pop() for _ in range(ups))
    shared = (deck.pop(),) if community else ()
    seats = list(range(1, players + 1))
    me = draw(st.sampled_from(seats))
    others = [s for s in seats if s != me]
    live_flags = [draw(st.booleans()) for _ in others]
    live_flags[draw(st.integers(0, len(others) - 1))] = True
    opponents = []
    for seat, live in zip(others, live_flags, strict=True):
        folded_on = street if live else draw(st.integers(3, street))
        count = min(folded_on - 2, 4)
        cards = tuple(deck.pop() for _ in range(count))
        opponents.append(Opponent(seat=seat, up=cards, live=live, yet_to_act=live and draw(st.booleans())))
    live_seats = [o.seat for o in opponents if o.live]
    choice = draw(st.sampled_from(THIRD_FACINGS if street == 3 else LATER_FACINGS))
    bring_in_player = choice == "bring_in_player"
    facing = Facing.BRING_IN if bring_in_player else choice
    bets = {Facing.COMPLETION: 1, Facing.BET: 1}.get(facing, 0)
    if facing is Facing.RAISE:
        bets = draw(st.integers(2, 5))
    earlier = [draw(st.sampled_from([None, me, *others])) for _ in range(street - 3)]
    current = None if facing is Facing.NOTHING else draw(st.sampled_from(live_seats))
    if bring_in_player:
        allowed = frozenset({A.BRING_IN, A.COMPLETE})
    elif facing is Facing.NOTHING and street == 3:
        allowed = frozenset({A.BRING_IN, A.COMPLETE, A.FOLD})
    else:
        allowed = USUAL[facing] - (frozenset({A.RAISE, A.BET}) if draw(st.booleans()) else frozenset())
        allowed = allowed or frozenset({A.CHECK})
    if any_allowed:
        allowed = frozenset(draw(st.sets(st.sampled_from(list(Action)), min_size=1)))
    return VisibleContext(
        variant=variant,
        street=street,
        seat=me,
        down=down,
        up=up,
        community=shared,
        opponents=tuple(opponents),
        facing=facing,
        bets=bets,
        aggressors=(*earlier, current),
        allowed=allowed,
    )


@settings(max_examples=600, deadline=None)
@given(contexts())
def test_seed003_8_the_decision_is_always_an_allowed_action(ctx):
    decision = plan(ctx)
    assert decision.action in ctx.allowed
    assert decision.rule
    if decision.wanted in ctx.allowed and not (decision.wanted is A.FOLD and A.CHECK in ctx.allowed):
        assert decision.action is decision.wanted


@settings(max_examples=600, deadline=None)
@given(contexts(any_allowed=True))
def test_seed003_8_any_allowed_set_still_gets_an_allowed_action_and_no_fold_when_a_check_is_free(ctx):
    action = decide(ctx)
    assert action in ctx.allowed
    if A.CHECK in ctx.allowed:
        assert action is not A.FOLD


@settings(max_examples=300, deadline=None)
@given(contexts())
def test_seed003_10_the_same_context_always_gets_the_same_decision(ctx):
    copy = dataclasses.replace(ctx, opponents=tuple(dataclasses.replace(o) for o in ctx.opponents))
    assert plan(ctx) == plan(copy) == plan(ctx)


@settings(max_examples=300, deadline=None)
@given(contexts())
def test_seed003_8_never_folds_while_checking_is_allowed(ctx):
    if A.CHECK in ctx.allowed:
        assert decide(ctx) is not A.FOLD


@settings(max_examples=200, deadline=None)
@given(contexts())
def test_seed003_8_2_the_bring_in_player_only_posts_or_completes(ctx):
    if ctx.allowed == {A.BRING_IN, A.COMPLETE}:
        assert decide(ctx) in (A.BRING_IN, A.COMPLETE)


# --- the context refuses what cannot happen ------------------------------------------------


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"street": 4}, "cards on street"),
        ({"variant": "NT"}, "unknown variant"),
        ({"up": ()}, "no upcard"),
        ({"down": parse_cards("Ks9h")}, "a card appears twice"),
        ({"opponents": (Opponent(seat=2, up=parse_cards("9h"), live=False),)}, "no opponent"),
        ({"opponents": (Opponent(seat=1, up=parse_cards("9h")),)}, "a seat appears twice"),
        ({"opponents": (Opponent(seat=2, up=parse_cards("9h8h")),)}, "wrong number of upcards"),
        ({"opponents": (Opponent(seat=2, up=()),)}, "wrong number of upcards"),
        ({"down": parse_cards("Qh"), "up": parse_cards("Ks4c")}, "upcards on street"),
        ({"aggressors": (7,)}, "aggressors"),
        ({"aggressors": (2, 2)}, "aggressors"),
        ({"allowed": frozenset()}, "no action"),
        ({"facing": Facing.BET}, "cannot face"),
        ({"facing": Facing.RAISE, "bets": 1}, "bets while facing"),
        ({"bets": 1}, "bets while facing"),
    ],
)
def test_a_visible_context_that_cannot_happen_is_refused(change, fragment):
    ctx = make("KsKd|4c", ["9h"])
    with pytest.raises(EngineError, match=fragment) as info:
        dataclasses.replace(ctx, **change)
    assert info.value.code == "bad_context"


def test_a_completion_cannot_be_faced_after_third_street():
    ctx = make("KsKd|4c7h", ["9h2c"])
    with pytest.raises(EngineError, match="cannot face"):
        dataclasses.replace(ctx, facing=Facing.COMPLETION, bets=1)


def test_a_folded_opponent_may_show_fewer_upcards_than_the_street():
    ctx = make("KsKd|4c7h", ["9h2c", opp("Ad", live=False)])
    assert [str(c) for c in ctx.dead] == ["9h", "2c", "Ad"]


def test_dead_cards_are_every_opponent_upcard_and_never_a_downcard():
    ctx = make("KsKd|4c7h", ["9h2c", "Ad5d"])
    folded = dataclasses.replace(
        ctx, opponents=(*ctx.opponents, Opponent(seat=4, up=parse_cards("Qs"), live=False))
    )
    assert [str(c) for c in folded.dead] == ["9h", "2c", "Ad", "5d", "Qs"]
    assert not set(folded.dead) & set(folded.down)


def test_the_docstring_examples_of_the_strategies_hold():
    from games import strategy
    from games.strategy import context, razz, shapes, stud8, stud_hi, stud_hi_eval

    for module in (strategy, context, shapes, stud_hi, stud_hi_eval, razz, stud8):
        result = doctest.testmod(module)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__
