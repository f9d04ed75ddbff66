"""The hints of a hand walk (games.stud.hints): per stage and game the rule that decides the
decision, the rulebook entries it cites and the seats to look at, never the answer."""

from __future__ import annotations

import copy
import json

import pytest

from games.api import hint, table_view, walk
from games.core.citations import is_known
from games.stud.hints import HINTS
from games.stud.walk import STAGES
from tests.games.conftest import EXAMPLES_DIR
from tests.games.helpers import deal, doc
from tests.games.test_japanese_sentences import sentence_problems

GAMES = ("F7S", "FR", "F7S/8")
# The citations of each stage and game under the TDA rules (tied boards broken by suit).
RULES = {
    ("antes", "F7S"): ("TDA 2024 Rule 21",),
    ("antes", "FR"): ("TDA 2024 Rule 21",),
    ("antes", "F7S/8"): ("TDA 2024 Rule 21",),
    ("bring_in", "F7S"): ("RRoP 7CS-1", "BARGE Seven-Card Stud"),
    ("bring_in", "FR"): ("BARGE Razz",),
    ("bring_in", "F7S/8"): ("RRoP 7CS-1", "BARGE Seven-Card Stud"),
    ("first_to_act", "F7S"): ("RRoP 7CS-1", "TDA 2024 RP-10 D"),
    ("first_to_act", "FR"): ("BARGE Razz", "TDA 2024 RP-10 D"),
    ("first_to_act", "F7S/8"): ("RRoP 7CS-1", "TDA 2024 RP-10 D"),
    ("award", "F7S"): ("TDA 2024 Rule 21", "Practice: hand rankings"),
    ("award", "FR"): ("TDA 2024 Rule 21", "BARGE Lowball Scales"),
    ("award", "F7S/8"): ("TDA 2024 Rule 21", "TDA 2024 Rule 20", "BARGE Stud Hi-Lo"),
    **{(stage, g): ("BARGE Limit", "RRoP 7CS-3") for stage in ("action", "round_over") for g in GAMES},
    **{("stub", g): ("TDA 2024 RP-10 H",) for g in GAMES},
    **{("showdown_first", g): ("TDA 2024 Rule 17-A",) for g in GAMES},
    **{("dealer_error", g): () for g in GAMES},
}


def _view(game: str = "F7S") -> dict:
    """Three seats on 3rd street: seat 1 folded, seat 2 in with chips, seat 3 all-in on the call."""
    # Seat 2 brings in: the lowest door card (2♣), or in razz the highest (K♣).
    holes = ("AsKs5h", "QdQcKc", "7h7c6s") if game == "FR" else ("AsKs9h", "QdQc2c", "7h7c5s")
    actions = [*deal(*holes), "p2 pb", "p3 cc", "p1 f"]
    return table_view(doc(actions, variant=game, stacks=[10000, 10000, 300]))


def _community_view(tie: str | None) -> dict:
    """Eight seats, six in at 7th street, where the stub is short: one community card dealt."""
    document = json.loads(
        (EXAMPLES_DIR / "stub-eight-handed-two-fold-fifth.json").read_text(encoding="utf-8")
    )
    document["actions"].append("d db Jc")
    document["_question"] = {"kind": "next_action"}
    if tie is not None:
        document["_rules"] = {"tie_break_later_streets": {document["variant"]: tie}}
    return table_view(document)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_of_the_tests_has_a_folded_an_all_in_and_a_live_seat(game):
    seats = {s["seat"]: s for s in _view(game)["seats"]}
    assert seats[1]["folded"]
    assert seats[3]["all_in"]
    assert not seats[2]["folded"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("stage", [*STAGES, "unknown"])
def test_each_stage_of_each_game_cites_its_rules_and_names_its_seats(stage, game):
    got = hint(_view(game), stage=stage, game=game)
    assert got.rules == RULES.get((stage, game), ()), (stage, game)
    # Antes and the bring-in: every seat dealt in; the next action: the seats still in that can
    # act (not all-in); the rest: the seats still in the hand.
    seats = {"antes": (1, 2, 3), "bring_in": (1, 2, 3), "action": (2,), "round_over": (2,)}
    assert got.seats == seats.get(stage, (2, 3)), (stage, game)
    assert got.texts("en")
    assert len(got.texts("en")) == len(got.texts("ja"))
    assert all(is_known(key) for key in got.rules)


@pytest.mark.parametrize("game", GAMES)
def test_action_and_round_over_read_the_same_hint_so_it_never_gives_the_answer(game):
    view = _view(game)
    assert hint(view, stage="action", game=game) == hint(view, stage="round_over", game=game)


@pytest.mark.parametrize("game", GAMES)
def test_tied_boards_broken_by_position_cite_rrop_7cs1_instead_of_rp10d(game):
    view = _view(game)
    view["rules"]["tie_break_later_streets"] = {game: "position"}
    got = hint(view, stage="first_to_act", game=game)
    first = "BARGE Razz" if game == "FR" else "RRoP 7CS-1"
    assert got.rules == ((first, "RRoP 7CS-1") if game == "FR" else (first,))
    assert got.texts("en")[-1] == "Identical boards: the first of them clockwise from the dealer acts first."
    assert got.texts("ja")[-1] == "ボードが同じときは、ディーラーから時計回りで先にある席が先です。"
    assert [s.key for s in got.sentences][-1] == "first_to_act.tie_by_position"


def test_the_tie_break_is_read_for_the_game_asked_and_is_suit_when_the_house_says_nothing():
    view = _view("FR")
    view["rules"]["tie_break_later_streets"] = {"F7S": "position", "FR": "suit"}
    assert "TDA 2024 RP-10 D" in hint(view, stage="first_to_act", game="FR").rules
    assert "TDA 2024 RP-10 D" not in hint(view, stage="first_to_act", game="F7S").rules
    del view["rules"]["tie_break_later_streets"]
    assert "TDA 2024 RP-10 D" in hint(view, stage="first_to_act", game="F7S").rules


def test_the_robert_cash_rules_break_tied_boards_by_position_in_a_walk():
    step = next(s for s in walk(variant="F7S", seed=1, ruleset="robert-cash") if s.stage == "first_to_act")
    got = hint(table_view(step.document), stage="first_to_act", game="F7S")
    assert got.rules == ("RRoP 7CS-1",)
    assert [s.key for s in got.sentences] == ["first_to_act.high", "first_to_act.tie_by_position"]


@pytest.mark.parametrize("tie", ["suit", "position", None])
def test_a_community_card_adds_the_rp10h_first_to_act_rule(tie):
    view = _community_view(tie)
    assert view["community_card"] == "Jc"
    got = hint(view, stage="first_to_act", game="F7S/8")
    ties = {"suit": ("TDA 2024 RP-10 D",), "position": (), None: ("TDA 2024 RP-10 D",)}[tie]
    assert got.rules == ("RRoP 7CS-1", *ties, "TDA 2024 RP-10 H")
    assert (
        got.texts("en")[-1] == "With a community card, the player who acted first on 6th street acts first."
    )
    assert (
        got.texts("ja")[-1]
        == "コミュニティカードのときは、6thストリートで最初にアクションしたプレイヤーが先です。"
    )
    # Seats 2 and 3 folded on 5th street: the six still in.
    assert got.seats == (1, 4, 5, 6, 7, 8)
    # Only the first-to-act hint speaks of the community card.
    for stage in STAGES:
        if stage != "first_to_act":
            assert "TDA 2024 RP-10 H" not in hint(view, stage=stage, game="F7S/8").rules or stage == "stub"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("ruleset", ["tda-2024", "robert-cash"])
def test_the_same_stage_of_the_same_game_gives_the_same_hint_at_every_step(game, ruleset):
    said: dict[str, set] = {}
    for seed in range(4):
        for step in walk(variant=game, seed=seed, ruleset=ruleset, error_rate=0.3):
            view = table_view(step.document)
            got = hint(view, stage=step.stage, game=game)
            live = [s["seat"] for s in view["seats"] if not (s["folded"] or s["mucked"] or s["dead"])]
            assert set(got.seats) <= set(live) or step.stage in ("antes", "bring_in")
            said.setdefault(step.stage, set()).add((got.sentences, got.rules))
    assert said["action"] == said["round_over"]
    assert all(len(hints) == 1 for hints in said.values()), said


def test_every_sentence_of_the_registry_is_said_and_reads_as_japanese():
    said = {}
    views = [_view(), _community_view("suit"), _community_view("position")]
    for view in views:
        for game in GAMES:
            for stage in STAGES:
                for sentence in hint(view, stage=stage, game=game).sentences:
                    said[sentence.key] = sentence
    assert set(said) == set(HINTS)
    problems = [f"{key}: {p}" for key, s in said.items() for p in sentence_problems(s.ja)]
    assert not problems, problems
    assert all(s.en.endswith(".") for s in said.values())


def test_the_english_hints_read_as_the_hand_walk_always_showed_them():
    got = hint(_view("FR"), stage="bring_in", game="FR")
    assert got.texts("en") == [
        "The highest upcard brings in, the ace counting low (a king is the highest); between equal ranks "
        "the suit decides: spades highest, then hearts, diamonds, clubs.",
        "The bring-in may post the bring-in or complete to the small bet; the next seat acts after it.",
    ]
    assert got.texts("ja")[0].startswith("いちばん高いアップカードがブリングインです")


def test_a_hint_in_another_language_is_refused():
    with pytest.raises(ValueError, match="fr"):
        hint(_view(), stage="antes", game="F7S").texts("fr")


def test_a_hint_does_not_change_the_view_it_reads():
    view = _community_view("position")
    before = copy.deepcopy(view)
    for stage in STAGES:
        hint(view, stage=stage, game="F7S/8")
    assert view == before


def test_the_module_examples_run():
    import doctest

    import games.stud.hints

    result = doctest.testmod(games.stud.hints)
    assert result.attempted
    assert not result.failed
