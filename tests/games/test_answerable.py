"""Every question can be worked out from what the table shows (games.answerable).

The property: rebuilding the scenario from its table view alone, with random cards wherever
the trainee sees none, gives the scenario's own answer, for every stud question kind, focus,
game and ruleset, every example and demo scenario and every hand-walk step. The default run
keeps to its time budget; ``ANSWERABILITY_SEEDS=N`` runs N seeds of each.
"""

from __future__ import annotations

import importlib.util
import json
import random

import pytest

from games.answerable import AnswerabilityProblem, check_answerable, rebuild_from_view
from games.api import kind_names
from games.core.errors import EngineError
from games.solve import solve
from games.stud.generate import generate
from games.stud.scenario import load_scenario
from games.table import table_view
from tests.games.answerable_cases import VARIANTS, examples, generated, walk_steps
from tests.games.conftest import EXAMPLES_DIR, REPO_ROOT
from tests.games.helpers import deal, doc, street


def _failures(cases):  # type: ignore[no-untyped-def]
    out = []
    for case in cases:
        report = check_answerable(case.document, fields=case.fields)
        if not report.answerable:
            out.append((case.label, [p.message() for p in report.problems]))
    return out


@pytest.mark.parametrize("game", VARIANTS)
@pytest.mark.parametrize("kind", kind_names("F7S"))
def test_every_generated_question_can_be_answered_from_its_table(kind, game):
    failures = _failures(generated(kind, game))
    assert not failures, failures[:5]


def test_every_example_and_demo_scenario_can_be_answered_from_its_table():
    cases = list(examples())
    assert len(cases) >= 25
    failures = _failures(cases)
    assert not failures, failures


@pytest.mark.parametrize("game", VARIANTS)
def test_every_hand_walk_step_can_be_answered_from_its_table(game):
    failures = _failures(case for case, _step in walk_steps(game))
    assert not failures, failures[:5]


@pytest.mark.parametrize("game", VARIANTS)
def test_the_history_of_a_view_replays_to_the_same_table(game):
    # The view is complete: a hand rebuilt from it, whatever cards fill the unseen places,
    # has the very same view (chips, cards shown, history, street, phase, pots).
    rng = random.Random(game)
    cases = [*(c for kind in kind_names("F7S") for c in generated(kind, game, count=2))]
    cases += [case for case, _step in walk_steps(game, count=4)]
    for case in cases:
        view = table_view(case.document)
        rebuilt = rebuild_from_view(view, rng)
        assert table_view(rebuilt) == view, case.label


def test_a_rebuild_uses_random_cards_only_where_the_trainee_sees_none():
    document = generate(kind="award", variant="F7S/8", seed=3)
    view = table_view(document)
    seen = {c for s in view["seats"] for c in [*s["upcards"], *s.get("downcards_shown", [])]}
    hidden_seats = [s["seat"] for s in view["seats"] if s["folded"]]
    fills = set()
    for k in range(6):
        rebuilt = rebuild_from_view(json.loads(json.dumps(view)), random.Random(k))
        deals = [a for a in rebuilt["actions"] if a.startswith("d dh")]
        fills.add(tuple(deals))
        cards = "".join(a.split()[3] for a in deals)
        dealt = {cards[i : i + 2] for i in range(0, len(cards), 2)}
        assert seen <= dealt
    assert len(fills) > 1 if hidden_seats else len(fills) == 1


# --- the check can fail, and says why ---------------------------------------------------------


def _lone_hand_best_hands() -> dict:  # type: ignore[type-arg]
    # Everybody else folds on 7th street: nobody tables, yet the question asks seat 1's hand.
    actions = [
        *deal("AsKs9h", "QdQc2d", "7h7c5s"),
        "p2 pb",
        "p3 cc",
        "p1 cc",
        *street(["Ah", "3c", "8d"]),
        "p1 cc",
        "p2 cc",
        "p3 cc",
        *street(["Kd", "4h", "9c"]),
        "p1 cc",
        "p2 cc",
        "p3 cc",
        *street(["2s", "6h", "Td"]),
        "p1 cc",
        "p2 cc",
        "p3 cc",
        *street(["Ac", "Jh", "3s"]),
        "p1 cbr 1000",
        "p2 f",
        "p3 f",
    ]
    return doc(actions, kind="best_hands", _question={"kind": "best_hands", "seats": [1]})


def test_a_question_about_a_hand_nobody_tabled_is_unanswerable_and_names_the_seat():
    document = _lone_hand_best_hands()
    assert "downcards_shown" not in table_view(document)["seats"][0]
    report = check_answerable(document)
    assert report.answerable is False
    (problem,) = report.problems
    assert problem.code == "hidden_cards"
    assert problem.params["seats"] == [1]
    assert "seat 1" in problem.message("en")
    assert "1番席" in problem.message("ja")
    assert "シート" not in problem.message("ja")


def test_a_view_that_leaves_out_a_tabled_hand_names_that_seat():
    document = json.loads((EXAMPLES_DIR / "award-stud8-quartered.json").read_text(encoding="utf-8"))
    view = table_view(document)
    del view["seats"][1]["downcards_shown"]
    report = check_answerable(document, view=view, fillings=8)
    assert report.answerable is False
    assert report.problems[0].code == "hidden_cards"
    assert report.problems[0].params["seats"] == [2]
    assert check_answerable(document, fillings=8).answerable


def test_a_view_without_chips_committed_cannot_rebuild_a_side_pot_question():
    document = generate(kind="pots", variant="F7S", seed=5, focus="side_pots")
    view = table_view(document)
    for seat in view["seats"]:
        del seat["committed"]
    report = check_answerable(document, view=view)
    assert report.answerable is False
    assert report.problems[0].code == "rebuild_failed"
    assert "committed" in report.problems[0].message("en")


def test_a_view_that_draws_the_wrong_antes_gives_another_answer_with_the_same_cards():
    # Every card is the real one, yet the antes drawn make other pots: not on the table.
    document = next(
        d
        for seed in range(40)
        if (d := generate(kind="pots", variant="F7S", seed=seed, focus="antes"))
        and any(s["short_ante"] for s in table_view(d)["seats"])
    )
    assert check_answerable(document).answerable
    view = table_view(document)
    lowest = min(s["ante"] for s in view["seats"])
    view["structure"]["antes"] = [lowest] * len(view["seats"])
    report = check_answerable(document, view=view)
    assert report.answerable is False
    assert report.problems[0].code == "not_on_table"
    assert report.problems[0].params["fields"] == ["pots"]


def test_problem_messages_are_written_in_english_and_japanese():
    two = AnswerabilityProblem("hidden_cards", {"seats": [3, 5]})
    assert two.message("en") == (
        "The answer depends on the face-down cards of seats 3 and 5, which the table does not show."
    )
    assert "3番席と5番席の伏せ札" in two.message("ja")
    for code in ("not_on_table", "answer_varies", "rebuild_failed"):
        problem = AnswerabilityProblem(code, {})
        assert problem.message("en")
        assert problem.message("ja") != problem.message("en")


def test_the_other_games_are_rebuilt_by_their_own_module():
    path = REPO_ROOT / "tests" / "games" / "examples_other" / "nt-award-split-odd-chip.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    view = table_view(document)
    if importlib.util.find_spec("games.answerable_other") is None:
        with pytest.raises(EngineError) as err:
            rebuild_from_view(view, random.Random(0))
        assert err.value.code == "unknown_variant"
    else:
        rebuilt = rebuild_from_view(view, random.Random(0))
        assert solve(rebuilt)["kind"] == document["_question"]["kind"]


# --- questions whose answer the table already shows, or asked when no dealer would -------------

HEADS_UP = deal("QdQc2d", "AsKs9h")  # seat 1 has the low door and brings in


def _tabled_showdown_first(*, muck_one: bool) -> dict:  # type: ignore[type-arg]
    document = next(
        d
        for seed in range(40)
        if len(
            load_scenario(d := generate(kind="showdown_first", variant="F7S", seed=seed))
            .replay()
            .state.live_players()
        )
        >= 2
    )
    assert check_answerable(document).answerable
    state = load_scenario(document).replay().state
    shows = []
    for k, player in enumerate(state.live_players()):
        if muck_one and k == 1:
            shows.append(f"p{player + 1} sm")
        else:
            shows.append(f"p{player + 1} sm {''.join(str(c) for c in state.cards_of(player))}")
    return {**document, "actions": [*document["actions"], *(shows[:1] if muck_one else shows)]}


@pytest.mark.parametrize("muck_one", [False, True])
def test_who_shows_first_once_a_hand_is_shown_is_in_the_history_and_refused(muck_one):
    document = _tabled_showdown_first(muck_one=muck_one)
    report = check_answerable(document)
    assert report.answerable is False
    (problem,) = report.problems
    assert problem.code == "showdown_already_tabled"
    assert "already tabled" in problem.message("en")
    assert "履歴" in problem.message("ja")


def test_the_pots_while_a_bet_is_pending_are_refused_and_name_the_seat_that_owes():
    # Seat 1 brought in, seat 2 completed to 500: seat 1 still has to act, nothing is settled.
    document = doc([*HEADS_UP, "p1 pb", "p2 cbr 500"], kind="pots")
    report = check_answerable(document)
    assert report.answerable is False
    (problem,) = report.problems
    assert problem.code == "pots_bet_pending"
    assert problem.params["seats"] == [1]
    assert "seat 1 still has to act" in problem.message("en")
    assert "1番席" in problem.message("ja")
    assert "シート" not in problem.message("ja")


def test_the_pots_of_the_antes_and_of_a_finished_or_checked_round_can_be_asked():
    assert check_answerable(doc(HEADS_UP, kind="pots")).answerable  # the antes, before any action
    called = [*HEADS_UP, "p1 pb", "p2 cbr 500", "p1 cc"]
    assert check_answerable(doc(called, kind="pots")).answerable
    checked = [*called, *street(["3c", "Ah"]), "p2 cc"]  # seat 1 may check: nobody owes chips
    assert check_answerable(doc(checked, kind="pots")).answerable
    three = [*HEADS_UP, "d dh p3 7h7c5s", "p1 pb", "p2 cbr 500", "p3 cc"]
    short = doc(three, kind="pots", stacks=[250, 10000, 10000])
    assert check_answerable(short).answerable  # seat 1 is all-in on the bring-in: it owes nothing more


def test_the_bring_in_once_third_street_betting_began_is_in_the_history_and_refused():
    # The kind does not apply once the bring-in decision is made: the solver refuses it
    # before any rebuild (the kind's ``moment`` still names the reason for the answerability
    # check of a hand replayed without that refusal).
    with pytest.raises(EngineError) as refused:
        check_answerable(doc([*HEADS_UP, "p1 pb"], kind="bring_in"))
    assert refused.value.code == "question_not_applicable"
    assert check_answerable(doc(HEADS_UP, kind="bring_in")).answerable


def test_problems_of_the_moment_are_written_in_english_and_japanese():
    for code, params in (
        ("showdown_already_tabled", {}),
        ("pots_bet_pending", {"seats": [2, 4]}),
        ("bring_in_in_history", {}),
    ):
        problem = AnswerabilityProblem(code, params)
        en, ja = problem.message("en"), problem.message("ja")
        assert en
        assert ja
        assert en != ja
        assert "cannot be rebuilt" not in en
        assert "番席" in ja or not params
    assert (
        "seats 2 and 4 still have to act"
        in AnswerabilityProblem("pots_bet_pending", {"seats": [2, 4]}).message()
    )


def test_no_generated_question_is_asked_when_its_answer_is_in_the_history_or_not_settled():
    from games.answerable import moment_problems
    from games.stud.generate import focuses

    bad = []
    for kind in kind_names("F7S"):
        for game in VARIANTS:
            for focus in (None, *focuses(kind, game)):
                for ruleset in ("tda-2024", "robert-cash"):
                    for seed in range(25):
                        document = generate(kind=kind, variant=game, seed=seed, ruleset=ruleset, focus=focus)
                        problems = moment_problems(load_scenario(document))
                        if problems:
                            bad.append((kind, focus, game, ruleset, seed, [p.code for p in problems]))
    for game in VARIANTS:
        for case, _step in walk_steps(game, count=14):
            problems = moment_problems(load_scenario(case.document))
            if problems:
                bad.append((case.label, [p.code for p in problems]))
    assert not bad, bad[:5]
