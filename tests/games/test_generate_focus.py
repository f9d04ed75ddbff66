"""Focused generation: ``generate(..., focus=...)`` narrows a kind to one topic of a skill."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.api import kind_names
from games.core.errors import EngineError
from games.solve import solve
from games.stud.answering import board_report
from games.stud.generate import focus_fields, focuses, generate
from games.stud.generate_focus import OPTION_CASES
from games.stud.rules import Variant
from games.stud.scenario import load_scenario
from games.table import table_view
from tests.games.test_web_api import FORBIDDEN_EVERYWHERE, _keys

VARIANTS = [v.value for v in Variant]
RULESETS = ["tda-2024", "robert-cash"]
COMBOS = [
    (kind, focus, variant)
    for kind in kind_names("F7S")
    for variant in VARIANTS
    for focus in focuses(kind, variant)
]
SEEDS = range(30)

# sha256 of the documents generate() gives without a focus (kinds x variants x both rulesets x
# seeds 0-3): the same seed must keep giving the same document. Changed on purpose when the
# unfocused tables got realistic stacks, the showdown order its plain Rule 17-A hands, and
# every event a seat.
UNFOCUSED_DIGEST = "076ea848c3a0dce3205ce6e7c163c2f5f945ac4c832ac13ea619dc5f4acfc370"


def _state(document):  # type: ignore[no-untyped-def]
    return load_scenario(document).replay().state


def _street_actions(document):  # type: ignore[no-untyped-def]
    """The non-deal actions since the last card was dealt."""
    out = []
    for action in reversed(document["actions"]):
        if action.startswith("d "):
            break
        out.append(action)
    return out[::-1]


def test_without_a_focus_every_seed_gives_the_document_it_gave_before():
    digest = hashlib.sha256()
    for kind in kind_names("F7S"):
        for variant in VARIANTS:
            for ruleset in RULESETS:
                for seed in range(4):
                    document = generate(kind=kind, variant=variant, seed=seed, ruleset=ruleset)
                    assert document == generate(
                        kind=kind, variant=variant, seed=seed, ruleset=ruleset, focus=None
                    )
                    if kind not in (
                        "stub_count",
                        "dealer_error",
                    ):  # the digest holds the kinds older than them
                        digest.update(json.dumps(document, sort_keys=True).encode())
    assert digest.hexdigest() == UNFOCUSED_DIGEST


def test_the_focuses_of_every_kind_are_listed():
    assert focuses("pots") == ("antes", "side_pots")
    assert focuses("next_action") == ("first_to_act", "options", "razz_boards")
    assert focuses("next_action", "F7S") == ("first_to_act", "options")
    assert focuses("next_action", "FR") == ("first_to_act", "options", "razz_boards")
    assert focuses("best_hands") == ("razz",)
    assert focuses("best_hands", "F7S/8") == ()
    assert focuses("award") == ("odd_chips",)
    for kind in ("bring_in", "stub", "showdown_first", "ruling"):
        assert focuses(kind) == ()
    with pytest.raises(EngineError) as err:
        focuses("flop")
    assert err.value.code == "unknown_question_kind"


@pytest.mark.parametrize(
    ("kind", "variant", "focus"),
    [
        ("pots", "F7S", "odds"),
        ("bring_in", "F7S", "antes"),
        ("stub", "FR", "first_to_act"),
        ("ruling", "F7S/8", ""),
        ("next_action", "F7S", "razz_boards"),
        ("best_hands", "F7S/8", "razz"),
    ],
)
def test_an_unknown_focus_or_one_of_another_game_is_refused(kind, variant, focus):
    with pytest.raises(EngineError) as err:
        generate(kind=kind, variant=variant, seed=1, focus=focus)
    assert err.value.code == "unknown_focus"
    assert err.value.params["allowed"] == list(focuses(kind, variant))


def test_focus_fields_name_what_a_seat_only_drill_judges():
    assert focus_fields("next_action", "first_to_act") == ("seat",)
    assert focus_fields("next_action", "razz_boards") == ("seat",)
    assert focus_fields("next_action", "options") is None
    assert focus_fields("pots", None) is None


@given(st.sampled_from(COMBOS), st.sampled_from(RULESETS), st.integers(0, 10**6) | st.text(max_size=8))
def test_every_focused_scenario_solves_and_the_same_seed_gives_the_same_document(combo, ruleset, seed):
    kind, focus, variant = combo
    document = generate(kind=kind, variant=variant, seed=seed, ruleset=ruleset, focus=focus)
    assert document == generate(kind=kind, variant=variant, seed=seed, ruleset=ruleset, focus=focus)
    result = solve(json.loads(json.dumps(document)))
    assert result["kind"] == kind
    assert result["explanation"]["en"]
    assert result["explanation"]["ja"]
    assert result["rules"]
    assert f"focus:{focus}" in document["_tags"]
    assert document["_ruleset"] == ruleset
    view = table_view(document)
    assert not set(_keys(view)) & set(FORBIDDEN_EVERYWHERE)
    if kind == "pots":
        assert "pot" not in view


def test_focused_scenarios_differ_from_seed_to_seed():
    for kind, focus, variant in COMBOS:
        seen = {json.dumps(generate(kind=kind, variant=variant, seed=s, focus=focus)) for s in range(6)}
        assert len(seen) >= 5, (kind, focus, variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_antes_focus_deals_3rd_street_with_no_action_and_often_a_short_ante(variant):
    short = 0
    players = set()
    for seed in SEEDS:
        document = generate(kind="pots", variant=variant, seed=seed, focus="antes")
        count = len(document["starting_stacks"])
        players.add(count)
        assert all(a.startswith("d dh") for a in document["actions"])
        assert len(document["actions"]) == count  # three cards to each player, nothing else
        state = _state(document)
        assert state.street_dealt is False or state.street == 3
        pots = solve(document)["answer"]["pots"]
        if any(stack < document["antes"][0] for stack in document["starting_stacks"]):
            short += 1
            # heads-up, the part of the full ante nobody can match goes back
            assert sum(p["amount"] for p in pots) <= sum(state.posted_antes)
            assert len(pots) >= 2 or count == 2
        else:
            assert pots == [{"amount": sum(state.posted_antes), "eligible": list(range(1, count + 1))}]
    assert 8 <= short <= 26, short
    assert {2, 8} <= players


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_side_pots_focus_layers_several_all_ins_with_folded_chips_inside(variant, ruleset):
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        document = generate(kind="pots", variant=variant, seed=seed, ruleset=ruleset, focus="side_pots")
        pots = solve(document)["answer"]["pots"]
        assert len(pots) >= 2
        state = _state(document)
        seen["three_pots"] += len(pots) >= 3
        seen["folded_inside"] += any(
            state.folded[i] and state.committed[i] > state.posted_antes[i] for i in range(state.count)
        )
        seen["returned"] += any(state.returned)
        streets = {r.player: s for s, rs in state.street_actions.items() for r in rs if r.all_in}
        seen["all_ins_on_two_streets"] += len(set(streets.values())) >= 2
    assert all(
        seen[case] > 0 for case in ("three_pots", "folded_inside", "returned", "all_ins_on_two_streets")
    )


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_first_to_act_focus_stops_when_a_street_is_dealt_often_with_tied_boards(variant, ruleset):
    tied = 0
    streets = set()
    for seed in SEEDS:
        document = generate(
            kind="next_action", variant=variant, seed=seed, ruleset=ruleset, focus="first_to_act"
        )
        state = _state(document)
        assert 4 <= state.street <= 7
        assert state.phase == "bet"
        assert state.round_actions == 0
        assert _street_actions(document) == []
        assert document["actions"][-1].startswith("d ")
        answer = solve(document)["answer"]
        assert answer["seat"] is not None
        tied += bool(board_report(state)["tied"])
        streets.add(state.street)
    assert tied >= 10, tied
    assert streets == {4, 5, 6, 7}


def _razz_boards(state):  # type: ignore[no-untyped-def]
    boards = [state.ups[i][:4] for i in state.live_players()]
    paired = any(len({c.rank for c in b}) < len(b) for b in boards)
    ace = any(int(c.rank) == 14 for b in boards for c in b)
    return paired, ace


def test_razz_boards_focus_shows_low_boards_with_pairs_aces_and_ties():
    counts: Counter[str] = Counter()
    for ruleset in RULESETS:
        for seed in SEEDS:
            document = generate(
                kind="next_action", variant="FR", seed=seed, ruleset=ruleset, focus="razz_boards"
            )
            state = _state(document)
            assert 4 <= state.street <= 7
            assert state.round_actions == 0
            assert solve(document)["answer"]["seat"] is not None
            paired, ace = _razz_boards(state)
            counts["paired"] += paired
            counts["ace"] += ace
            counts["tied"] += bool(board_report(state)["tied"])
    assert counts["paired"] >= 30, counts
    assert counts["ace"] >= 40, counts
    assert counts["tied"] >= 30, counts


def _check_option_case(case: str, document, state, options, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    actions = _street_actions(document)
    s = state.structure
    if case == "facing_bring_in":
        assert state.street == 3
        assert state.bet_count == 0
        assert options["call"] == s.bring_in - state.bets[state.actor]
        assert options["complete_to"] == s.small_bet
    elif case == "after_completion":
        assert state.street == 3
        assert state.bet_count == 1
        assert options["call"]
        assert any(a.split()[1] == "cbr" for a in actions)
    elif case in ("cap", "cap_heads_up"):
        assert state.bet_count >= s.max_bets
        assert options["call"]
        lifted = len(state.live_players()) == 2 and ruleset == "robert-cash"
        assert (options["raise_to"] is not None) == lifted
    elif case == "short_all_in":
        assert any(
            r.all_in and r.kind in ("complete", "bet", "raise") for r in state.street_actions[state.street]
        )
        assert options["call"]
    elif case == "open_pair":
        assert state.variant is Variant.STUD
        assert state.street == 4
        amounts = options["bet_to"] or options["raise_to"] or []
        two_sizes = ruleset == "robert-cash"
        assert (len(amounts) == 2) == two_sizes, (amounts, ruleset)
    elif case == "short_bring_in":
        post = next(r for r in state.street_actions[3] if r.kind == "post_bring_in")
        assert post.all_in
        assert post.amount < s.bring_in
        assert options["call"] == s.bring_in - state.bets[state.actor]
    else:  # pragma: no cover
        raise AssertionError(case)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_options_focus_puts_an_interesting_choice_before_the_player_to_act(variant, ruleset):
    cases: Counter[str] = Counter()
    for seed in range(60):
        document = generate(kind="next_action", variant=variant, seed=seed, ruleset=ruleset, focus="options")
        case = next(t for t in document["_tags"] if t in OPTION_CASES)
        cases[case] += 1
        state = _state(document)
        answer = solve(document)["answer"]
        assert answer["seat"] is not None
        assert state.phase == "bet"
        _check_option_case(case, document, state, answer["options"], ruleset)
    expected = set(OPTION_CASES) - ({"open_pair"} if variant != "F7S" else set())
    assert expected <= set(cases), cases


def test_razz_best_hands_focus_has_lows_with_a_pair_and_with_an_ace():
    counts: Counter[str] = Counter()
    for ruleset in RULESETS:
        for seed in SEEDS:
            document = generate(kind="best_hands", variant="FR", seed=seed, ruleset=ruleset, focus="razz")
            answer = solve(document)["answer"]
            lows = [hand["low"]["cards"] for hand in answer["hands"].values()]
            assert answer["high_ranking"] is None
            assert answer["low_ranking"]
            assert any(len({c[0] for c in cards}) < 5 for cards in lows)  # a low made with a pair
            assert any(any(c[0] == "A" for c in cards) for cards in lows)
            counts["tied"] += any(len(group) > 1 for group in answer["low_ranking"])
    assert counts["tied"] >= 5


def _uneven(pot, chip: int, variant: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the pot cannot be split evenly among its winners in whole chips."""
    units = pot["amount"] // chip
    high, low = pot.get("high"), pot.get("low")
    if variant == "F7S":
        return units % len(high) != 0
    if variant == "FR":
        return units % len(low) != 0
    if not low or set(low) == set(high):
        return units % len(high) != 0
    return units % 2 != 0 or (units // 2) % len(high) != 0 or (units // 2) % len(low) != 0


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_odd_chips_focus_leaves_some_pot_that_does_not_split_evenly(variant, ruleset):
    styles: Counter[str] = Counter()
    for seed in SEEDS:
        document = generate(kind="award", variant=variant, seed=seed, ruleset=ruleset, focus="odd_chips")
        chip = document["_min_chip"]
        assert chip == 100  # the default 100/200/500/1000 structure is paid in 100 chips
        answer = solve(document)["answer"]
        assert any(_uneven(pot, chip, variant) for pot in answer["pots"])
        assert all(amount % chip == 0 for amount in answer["awards"].values())
        for pot in answer["pots"]:
            if pot.get("low") == []:
                styles["no_low_scoop"] += 1
            if (
                pot.get("low")
                and pot.get("high")
                and len(pot["low"]) > 1
                and set(pot["low"]) != set(pot["high"])
            ):
                styles["quartered"] += 1
    if variant == "F7S/8":
        assert styles["no_low_scoop"], styles
        assert styles["quartered"], styles


def test_odd_chips_focus_keeps_a_smallest_chip_the_room_set():
    structure = {"ante": 25, "bring_in": 50, "small_bet": 100, "big_bet": 200, "min_chip": 25}
    document = generate(kind="award", variant="FR", seed=4, focus="odd_chips", structure=structure)
    assert document["_min_chip"] == 25
    answer = solve(document)["answer"]
    assert any(_uneven(pot, 25, "FR") for pot in answer["pots"])


@pytest.mark.parametrize(
    "structure",
    [
        {"ante": 0, "bring_in": 200, "small_bet": 500, "big_bet": 1000},
        {"ante": 25, "bring_in": 50, "small_bet": 100, "big_bet": 200, "min_chip": 25, "max_bets": 4},
        {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
        {"ante": 100, "bring_in": 100, "small_bet": 200, "big_bet": 400, "min_chip": 100},
    ],
)
def test_focused_scenarios_follow_other_structures(structure):
    # 1/2/5/10 razz boards with seed 4 once ran out of cards: cards planned for players
    # who folded must go back to the deck.
    for kind, focus, variant in COMBOS:
        for seed in range(5):
            document = generate(kind=kind, variant=variant, seed=seed, focus=focus, structure=structure)
            assert document["bring_in"] == structure["bring_in"]
            solve(document)


class _SameDoorRank(__import__("random").Random):
    """Every door drawn at the highest rank offered: eight players want a fifth card of that rank."""

    def randint(self, a, b):
        return b

    def choice(self, seq):
        return seq[-1]


@pytest.mark.parametrize("variant", [Variant.STUD, Variant.STUD8, Variant.RAZZ])
def test_planned_doors_never_ask_for_a_fifth_card_of_a_rank(variant):
    from games.stud.generate import _Hand, _plan_doors
    from games.stud.rules import Structure, ruleset_from

    hand = _Hand(
        _SameDoorRank(7),
        variant,
        ruleset_from("tda-2024"),
        Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000),
        [20000] * 8,
    )
    _plan_doors(hand, variant)
    doors = [cards[-1] for (_, street), cards in hand.plan.items() if street == 3]
    assert len(doors) == 8
    assert len(set(doors)) == 8
    assert max(Counter(card.rank for card in doors).values()) <= 4
