"""Property tests (hypothesis): invariants of random legal hands, generated scenarios and
hostile input."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.api import kind_names
from games.core.cards import Deck
from games.solve import solve, solve_document
from games.stud.generate import generate
from games.stud.play import Policy, apply_legal, deal_next, random_action
from games.stud.rules import ROBERT_CASH, TDA_2024, Structure, Variant
from games.stud.state import StudState
from tests.games.conftest import EXAMPLES_DIR

STRUCTURE = Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000)
STACK = st.sampled_from([50, 100, 150, 250, 300, 700, 1200, 2600, 5000, 20000])
POLICIES = [Policy(), Policy(fold=3, raise_=4, bet=4), Policy(fold=0.2, check=9, call=9, bet=1, raise_=0.3)]

hands = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "variant": st.sampled_from(list(Variant)),
        "stacks": st.lists(STACK, min_size=2, max_size=8),
        "ruleset": st.sampled_from([TDA_2024, ROBERT_CASH]),
        "policy": st.sampled_from(POLICIES),
    }
)


def play(spec, check=None):  # type: ignore[no-untyped-def]
    rng = random.Random(spec["seed"])
    state = StudState(
        variant=spec["variant"], ruleset=spec["ruleset"], structure=STRUCTURE, starting_stacks=spec["stacks"]
    )
    deck = Deck(rng=rng)
    steps = 0
    while state.phase in ("deal", "bet"):
        steps += 1
        assert steps < 500, "a hand must end"
        if state.phase == "deal":
            deal_next(state, deck)
        else:
            apply_legal(state, random_action(state, rng, spec["policy"]))
        if check is not None:
            check(state)
    return state


@given(hands)
def test_every_random_legal_hand_reaches_a_showdown_or_a_last_fold(spec):
    state = play(spec)
    assert state.phase in ("showdown", "over")
    if state.phase == "showdown":
        assert all(len(state.cards_of(p)) == 7 for p in state.live_players())
    else:
        assert len(state.live_players()) == 1


@given(hands)
def test_chips_are_conserved_from_the_antes_to_the_award(spec):
    def conserved(state):  # type: ignore[no-untyped-def]
        assert sum(state.stacks) + sum(state.committed) == sum(state.starting_stacks)
        assert sum(p.amount for p in state.pots()) <= sum(state.committed)

    state = play(spec, conserved)
    result = state.settle()
    assert sum(result.totals.values()) == sum(state.committed)
    assert sum(state.stacks) == sum(state.starting_stacks)
    assert all(amount >= 0 for amount in state.stacks)


@given(hands)
def test_no_card_is_dealt_twice(spec):
    state = play(spec)
    cards = [c for i in range(state.count) for c in state.downs[i] + state.ups[i]]
    if state.community is not None:
        cards.append(state.community)
    assert len(cards) == len(set(cards))
    assert set(cards) == state.used


@given(hands)
def test_the_stub_count_is_the_number_of_cards_left(spec):
    def stub_matches(state):  # type: ignore[no-untyped-def]
        dealt = sum(len(r.cards) for r in state.history if r.kind in ("deal_hole", "deal_community"))
        streets = {
            s for s, records in state.street_actions.items() if s > 3 and any(r.cards for r in records)
        }
        back = 3 if state.street == 7 and state.seventh_procedure in ("A", "C") else 0
        assert state.stub == 52 - dealt - len(streets) + back
        assert state.stub >= 0

    play(spec, stub_matches)


@given(st.sampled_from(kind_names("F7S")), st.sampled_from([v.value for v in Variant]), st.integers(0, 10**6))
def test_every_generated_scenario_solves(kind, variant, seed):
    doc = generate(kind=kind, variant=variant, seed=seed)
    result = solve(json.loads(json.dumps(doc)))
    assert result["kind"] == kind
    assert result["rules"]
    assert result["explanation"]["en"]
    assert result["explanation"]["ja"]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30,
)


def _outcome(out):  # type: ignore[no-untyped-def]
    assert isinstance(out, dict)
    if "error" in out:
        assert set(out["error"]) >= {"code", "message", "path"}
    else:
        assert set(out) == {"kind", "answer", "explanation", "rules"}
    json.dumps(out)


@given(json_values)
def test_solve_answers_random_json_with_an_error_object(value):
    _outcome(solve_document(json.dumps(value)))


EXAMPLES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES_DIR.glob("*.json"))]


@st.composite
def mutated_examples(draw):  # type: ignore[no-untyped-def]
    doc = json.loads(json.dumps(draw(st.sampled_from(EXAMPLES))))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(doc)))
        how = draw(st.sampled_from(["drop", "replace", "action", "number", "event"]))
        if how == "drop":
            del doc[key]
        elif how == "replace":
            doc[key] = draw(json_values)
        elif how == "action" and doc.get("actions") and isinstance(doc["actions"], list):
            i = draw(st.integers(0, len(doc["actions"]) - 1))
            doc["actions"][i] = draw(
                st.sampled_from(
                    ["p1 cbr 999999999999999", "p9 cc", "d dh p1 AsAs", "p1 f", "d db Kd", "", "p2 sm"]
                )
                | st.text(max_size=15)
            )
        elif how == "number" and isinstance(doc.get("starting_stacks"), list) and doc["starting_stacks"]:
            doc["starting_stacks"][0] = draw(st.integers(-5, 10**15))
        elif how == "event":
            doc["_events"] = [
                {
                    "after": draw(st.integers(-2, 40)),
                    "type": draw(st.sampled_from(["picks_up_upcards", "boxed_cards", "absent_at_deal", "x"])),
                    "seat": draw(st.integers(0, 9)),
                    "count": draw(st.integers(0, 5)),
                }
            ]
            doc["_question"] = {"kind": draw(st.sampled_from(kind_names("F7S")))}
    return doc


@given(mutated_examples())
def test_solve_answers_mutated_examples_or_returns_an_error_object(doc):
    _outcome(solve_document(json.dumps(doc)))


def test_the_random_hands_cover_the_hard_cases():
    # Guards the properties above against vacuous random play.
    seen: Counter[str] = Counter()
    for seed in range(300):
        pick = random.Random(seed)
        spec = {
            "seed": seed,
            "variant": list(Variant)[seed % 3],
            "stacks": [pick.choice([100, 250, 700, 20000]) for _ in range(2 + seed % 7)],
            "ruleset": TDA_2024,
            "policy": POLICIES[seed % 3],
        }
        state = play(spec)
        seen[state.phase] += 1
        seen["side_pots"] += len(state.pots()) > 1
        seen["community"] += state.community is not None
        seen["all_in"] += any(state.is_all_in(i) for i in range(state.count))
    for case in ("showdown", "over", "side_pots", "community", "all_in"):
        assert seen[case] > 0, seen
