"""Generated hands are well formed and their tables look like a card room's.

The unfocused generators give most tables no all-in, some one, few several, and the
showdown order is drilled on plain Rule 17-A hands as well as all-ins. The full figures over
1,000 seeds per game come from ``python -m tests.bench.stacks``; here a smaller sample holds
the bounds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.solve import solve
from games.stud.generate import _Hand, generate
from games.stud.play import Policy
from games.stud.rules import TDA_2024, Variant, structure_from
from games.stud.scenario import scenario_from_dict
from tests.bench.stacks import all_in_count, showdown_case

VARIANTS = ("F7S", "FR", "F7S/8")
SAMPLE = 60  # seeds per game


def _shown_before_dealt(actions: list[str]) -> list[str]:
    """Show or muck actions of players who had no cards yet."""
    dealt: set[str] = set()
    out = []
    for action in actions:
        parts = action.split()
        if parts[:2] == ["d", "dh"]:
            dealt.add(parts[2])
        elif len(parts) >= 2 and parts[1] == "sm" and parts[0] not in dealt:
            out.append(action)
    return out


def test_a_hand_where_nobody_can_bet_tables_no_hand_before_the_cards_are_dealt():
    structure = structure_from(ante=100, bring_in=200, small_bet=500, big_bet=1000)
    for seed in range(20):
        rng = random.Random(seed)
        hand = _Hand(rng, Variant.STUD, TDA_2024, structure, [50, 10000, 100][: 2 + seed % 2])
        hand.run(Policy())
        actions = hand.actions()
        assert not _shown_before_dealt(actions), actions
        assert hand.state.phase == "showdown"
        shows = [a for a in actions if " sm " in a + " "]
        assert shows, actions
        assert all(len(a.split()) == 3 for a in shows), actions  # tabled, never mucked


@pytest.mark.parametrize("kind", ["pots", "award", "showdown_first", "best_hands", "stub"])
def test_generated_hands_show_or_muck_only_dealt_hands(kind):
    for variant in VARIANTS:
        for seed in range(30):
            document = generate(kind=kind, variant=variant, seed=seed)
            assert not _shown_before_dealt(document["actions"]), (kind, variant, seed)


def test_every_generated_event_names_a_seat():
    types: Counter[str] = Counter()
    for seed in range(300):
        document = generate(kind="ruling", variant=VARIANTS[seed % 3], seed=seed)
        for event in document["_events"]:
            types[event["type"]] += 1
            assert isinstance(event.get("seat"), int), event  # format section 5: seat: int
            scenario = scenario_from_dict(document)
            assert event["seat"] in scenario.new_state().seats
    assert types["premature_card"]
    assert types["boxed_cards"]


def _shares(counts: Counter[str]) -> dict[str, float]:
    total = sum(counts.values())
    return {key: counts[key] / total for key in counts}


@pytest.mark.parametrize("kind", ["pots", "award", "next_action", "showdown_first"])
def test_unfocused_tables_are_mostly_without_an_all_in(kind):
    counts: Counter[str] = Counter()
    for variant in VARIANTS:
        for seed in range(SAMPLE):
            n = all_in_count(generate(kind=kind, variant=variant, seed=seed))
            counts["3+" if n >= 3 else str(n)] += 1
    shares = _shares(counts)
    assert shares.get("0", 0) >= 0.45, shares
    assert shares.get("1", 0) >= 0.1, shares
    assert shares.get("3+", 0) <= 0.1, shares


def test_the_showdown_order_is_drilled_on_plain_17a_hands_and_on_all_ins():
    counts: Counter[str] = Counter()
    for variant in VARIANTS:
        for seed in range(SAMPLE):
            counts[showdown_case(generate(kind="showdown_first", variant=variant, seed=seed))] += 1
    shares = _shares(counts)
    plain = shares.get("17-A: last aggressor", 0) + shares.get("17-A: checked around", 0)
    assert plain >= 0.45, shares
    assert shares.get("17-A: last aggressor", 0) >= 0.15, shares
    assert shares.get("17-A: checked around", 0) >= 0.05, shares
    assert shares.get("one all-in", 0) >= 0.1, shares
    assert 0 < shares.get("multi-way all-in", 0) <= 0.25, shares


def test_generated_bring_in_questions_always_have_a_first_decision_to_name():
    # Heads-up against a low card all-in on the ante nobody acts (RP-10 E): such a table is
    # not generated, so "who acts first?" always has a seat to answer.
    tags: Counter[str] = Counter()
    for variant in VARIANTS:
        for seed in range(150):
            document = generate(kind="bring_in", variant=variant, seed=seed)
            tags.update(document["_tags"])
            answer = solve(document)["answer"]
            assert answer["first_to_act"] is not None, (variant, seed)
    assert tags["all_in_on_ante"]
