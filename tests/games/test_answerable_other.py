"""Every hold'em, Flush Code Hack and ten-card stud question can be worked out from its table
(games.answerable_other, through games.answerable.check_answerable).

The property: the scenario rebuilt from its table view alone, with random cards wherever the
trainee sees none, has the scenario's own answer (the whole answer, every key), for every game,
question kind and generator focus (games.generate_other.FOCUSES), over many seeds, and for
every example in tests/games/examples_other/. ``ANSWERABILITY_SEEDS=N`` runs N seeds of each
(default 40: about 2,000 documents, some 20 seconds of CPU).
"""

from __future__ import annotations

import json
import random

import pytest

from games.answerable import check_answerable, rebuild_from_view
from games.answerable_other import rebuild_other_from_view
from games.core.cards import FULL_DECK, format_cards, parse_cards
from games.core.errors import EngineError
from games.draw.document import DrawRound
from games.generate_other import FOCUSES, generate_other
from games.solve import solve
from games.table import table_view
from tests.games.answerable_other_cases import (
    EXAMPLES_OTHER,
    POTS_WITH_BETTING_OPEN,
    other_examples,
    other_generated,
)


@pytest.mark.parametrize(("variant", "kind"), [(v, k) for v, kinds in FOCUSES.items() for k in kinds])
def test_every_generated_question_of_the_other_games_can_be_answered_from_its_table(variant, kind):
    failures = []
    for case in other_generated(variant, kind):
        report = check_answerable(case.document)
        if not report.answerable:
            failures.append((case.label, [p.message() for p in report.problems]))
    assert not failures, failures[:5]


@pytest.mark.parametrize("case", list(other_examples()), ids=lambda c: c.label)
def test_every_example_of_the_other_games_can_be_answered_from_its_table(case):
    report = check_answerable(case.document, fillings=8)
    assert report.answerable, [p.message() for p in report.problems]


def test_the_stud_check_hands_the_other_games_to_their_own_rebuild():
    document = generate_other(kind="award", variant="NT", seed=4, focus="side_pots")
    view = table_view(document)
    assert rebuild_from_view(view, random.Random(3)) == rebuild_other_from_view(view, random.Random(3))


def _hole_cards(document: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {a.split()[2]: a.split()[3] for a in document["actions"] if a.startswith("d dh")}


def test_hidden_hole_cards_are_random_cards_the_table_shows_nowhere():
    document = generate_other(kind="next_action", variant="NT", seed=11, focus="postflop")
    view = table_view(document)
    board = set(parse_cards("".join(view["board"])))
    fillings = [_hole_cards(rebuild_other_from_view(view, random.Random(k))) for k in range(6)]
    assert len({json.dumps(f, sort_keys=True) for f in fillings}) > 1
    for filling in fillings:
        cards = [c for text in filling.values() for c in parse_cards(text)]
        assert len(cards) == len(set(cards))
        assert not set(cards) & board
    # The real hole cards are nowhere in the view: the rebuild cannot have copied them.
    real = _hole_cards(document)
    assert not any(text in json.dumps(view) for text in real.values())


def test_hands_opened_at_a_flush_code_hack_showdown_keep_their_faces_and_draws_their_counts():
    document = generate_other(kind="showdown_winner", variant="FCH", seed=2, focus="suit_tie")
    view = table_view(document)
    rebuilt = rebuild_other_from_view(view, random.Random(9))
    again = table_view(rebuilt)
    assert [sorted(s.get("hand") or []) for s in again["seats"]] == [
        sorted(s.get("hand") or []) for s in view["seats"]
    ]
    assert again["history"] == view["history"]
    assert solve(rebuilt)["answer"] == solve(document)["answer"]


def _discarding_everything(kind: str) -> dict:  # type: ignore[type-arg]
    """A round where every player throws all five cards at both draws: 60 cards are needed, so
    the discards of earlier draws are shuffled back into a new deck (001 山札)."""
    rng = random.Random(5)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    state = DrawRound(points=[20000] * 4)
    actions: list[str] = []

    def do(text: str) -> None:
        state.act(text)
        actions.append(text)

    for p in range(1, 5):
        do(f"d dh p{p} {format_cards(deck.pop() for _ in range(5))}")
    for _draw in (1, 2):
        for _ in range(4):
            do(f"p{state.actor()} cc")
        for _ in range(4):
            p = state.actor()
            assert p is not None
            do(f"p{p} sd {format_cards(state.hands[p])}")
            fresh = sorted(state.unseen, key=lambda c: c.index)[:5]
            if len(fresh) < 5:
                pool = [c for c in state.pile if c not in state._last_discards]
                fresh += pool[: 5 - len(fresh)]
            do(f"d dh p{p} {format_cards(fresh)}")
    assert state.phase == "over"
    assert state.reshuffles
    return {"variant": "FCH", "starting_stacks": [20000] * 4, "actions": actions, "_question": {"kind": kind}}


@pytest.mark.parametrize("kind", ["showdown_winner", "round_result"])
def test_a_flush_code_hack_round_that_reshuffles_the_discards_is_rebuilt_too(kind):
    assert check_answerable(_discarding_everything(kind), fillings=8).answerable


def test_a_table_that_hid_the_first_player_would_not_decide_who_bets_next():
    # The check can fail: move the first-player marker and the same chips give another answer.
    document = generate_other(kind="phase_end", variant="FCH", seed=5, focus="complete")
    view = table_view(document)
    right = solve(document)["answer"]["next"]
    moved = {**view, "first": view["seats"][1]["seat"]}
    report = check_answerable(document, view=moved)
    assert not report.answerable
    assert right is not None


def test_a_table_that_drew_other_blinds_would_not_decide_the_minimum_raise():
    document = json.loads((EXAMPLES_OTHER / "nt-min-raise-seed002-example.json").read_text(encoding="utf-8"))
    view = table_view(document)
    structure = {**view["structure"], "min_bet": 20, "blinds_or_straddles": [10, 20, 0, 0]}
    seats = [{**s, "committed": 2 * s["committed"]} if s["blind"] else s for s in view["seats"]]
    report = check_answerable(document, view={**view, "structure": structure, "seats": seats})
    assert not report.answerable


def test_a_view_of_another_game_is_refused_with_a_clear_code():
    with pytest.raises(EngineError) as err:
        rebuild_other_from_view({"variant": "F7S"}, random.Random(0))
    assert err.value.code == "unknown_variant"


def test_the_docstring_example_of_the_rebuild_holds():
    import doctest

    from games import answerable_other

    result = doctest.testmod(answerable_other)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_hold_em_pots_question_asked_while_the_betting_round_is_open_is_refused():
    report = check_answerable(POTS_WITH_BETTING_OPEN)
    assert not report.answerable
    assert [(p.code, dict(p.params)) for p in report.problems] == [("betting_open", {"seats": [1, 6]})]
    assert "still open" in report.problems[0].message("en")
    assert "ベッティングラウンドの途中" in report.problems[0].message("ja")
    assert "1番席と6番席" in report.problems[0].message("ja")


def test_the_same_pots_are_answerable_before_anyone_acts_and_once_the_round_is_complete():
    before = {**POTS_WITH_BETTING_OPEN, "actions": POTS_WITH_BETTING_OPEN["actions"][:6]}
    assert check_answerable(before).answerable
    complete = {**POTS_WITH_BETTING_OPEN, "actions": [*POTS_WITH_BETTING_OPEN["actions"], "p6 f", "p1 f"]}
    assert check_answerable(complete).answerable
    # Complete, the 26,000 nobody could match goes back to seat 4 instead of making a side pot.
    assert solve(complete)["answer"]["returned"] == {"4": 26000}
