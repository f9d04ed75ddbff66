"""Flush Code Hack draw scenarios (variant "FCH") through the engine's entry points, named after the
section of seed document 001 they check."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.core.errors import EngineError
from games.diagnose import diagnose
from games.draw.document import DrawRound, DrawScenario, draw_scenario_from_dict
from games.draw.game import DrawGame
from games.generate_other import generate_other
from games.judge import judge
from games.solve import solve
from games.stud.scenario import load_scenario, scenario_to_dict
from games.table import table_view
from tests.games.other_helpers import draw_rounds

HANDS = ["d dh p1 9s9hKd7c2s", "d dh p2 9d9cKs7h2c", "d dh p3 AsQcJd5h4d", "d dh p4 3c3d8h6s4s"]
CHECKS = ["p1 cc", "p2 cc", "p3 cc", "p4 cc"]
PAT = ["p1 sd", "p2 sd", "p3 sd", "p4 sd"]


def fch(actions, *, kind="showdown_winner", points=(20000, 20000, 20000, 20000), hands=HANDS, **extra):
    doc = {
        "variant": "FCH",
        "entry_fee": 200,
        "starting_stacks": list(points),
        "actions": list(hands) + list(actions),
        "_question": {"kind": kind},
    }
    doc.update(extra)
    return doc


EXAMPLES_OTHER = Path(__file__).resolve().parent / "examples_other"


def answer(doc):
    return solve(doc)["answer"]


SHOWDOWN = CHECKS + PAT + CHECKS + PAT


# --- the format -------------------------------------------------------------------------------------


def test_load_scenario_reads_a_draw_document_and_writes_it_back():
    doc = fch(SHOWDOWN, seats=[1, 2, 3, 5], round=7, _notes="n")
    scenario = load_scenario(doc)
    assert isinstance(scenario, DrawScenario)
    assert scenario_to_dict(scenario) == doc


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"starting_stacks": [20000, 20000, 20000]}, "bad_player_count", "starting_stacks"),
        ({"round": 101}, "number_too_large", "round"),
        ({"entry_fee": 0}, "bad_amount", "entry_fee"),
        ({"antes": [1, 1, 1, 1]}, "unknown_field", "antes"),
        ({"_question": {"kind": "award"}}, "unknown_question_kind", "_question.kind"),
    ],
)
def test_a_malformed_draw_document_is_an_error_with_its_path(change, code, path):
    with pytest.raises(EngineError) as err:
        solve({**fch(SHOWDOWN), **change})
    assert (err.value.code, err.value.path) == (code, path)


@pytest.mark.parametrize(
    ("actions", "code", "index"),
    [
        (["p2 cc"], "out_of_turn", 4),
        (["p1 cbr 0"], "raise_too_small", 4),
        (["p1 cbr 19801"], "over_points", 4),
        ([*CHECKS, "p1 sd Ac"], "not_in_hand", 8),
        ([*CHECKS, "p1 sd 2s", "d dh p1 9d"], "card_not_in_deck", 9),
        ([*CHECKS, "p1 sd 2s", "d dh p1 AhKh"], "bad_card_count", 9),
        ([*CHECKS, "p1 sd 2s", "p2 sd"], "out_of_turn", 9),
    ],
)
def test_an_impossible_draw_action_is_an_error_at_its_index(actions, code, index):
    with pytest.raises(EngineError) as err:
        solve(fch(actions, kind="phase_end"))
    assert (err.value.code, err.value.path) == (code, f"actions[{index}]")


# --- 用語解説集 and ゲームルール 2: fees, deal, betting, draws -----------------------------------------


def test_seed001_section_round_every_player_pays_the_entry_fee_into_the_pot():
    state = DrawRound(points=(20000, 20000, 20000, 20000))
    assert state.pot == 800
    assert state.points == [19800] * 4


def test_seed001_rules_1_round_1_starts_every_player_at_20000_points():
    with pytest.raises(EngineError) as err:
        solve(fch(SHOWDOWN, points=(9600, 9600, 20000, 18400), round=1))
    assert (err.value.code, err.value.path) == ("round_one_points", "starting_stacks")
    assert solve(fch(SHOWDOWN, round=1))["answer"]["winner"]
    for focus in (None, "cannot_pay", "all_in_winner", "any"):
        for seed in range(40):
            doc = generate_other(kind="round_result", variant="FCH", seed=seed, focus=focus)
            assert 1 <= doc["round"] <= 100
            if doc["round"] == 1:
                assert doc["starting_stacks"] == [20000] * 4, (focus, seed)
            # Points only change hands (and a player who leaves loses what little is left).
            assert sum(doc["starting_stacks"]) <= 80000, (focus, seed)


def test_seed001_rules_1_a_document_that_does_not_give_the_round_does_not_claim_round_1():
    doc = fch(SHOWDOWN, points=(9600, 9600, 20000, 18400), kind="round_result")
    view = table_view(doc)
    assert view["round"] is None
    assert solve(doc)["explanation"]["en"].startswith("This round:")
    assert solve(doc)["explanation"]["ja"].startswith("このラウンドは")


def test_seed001_rules_2_the_first_player_marker_passes_over_players_out_of_the_game():
    # p1 left the game in an earlier round (0 points), or leaves at this round's fee (150):
    # the marker is on the next player clockwise in the game, who bets and draws first.
    for p1 in (0, 150):
        actions = [
            "d dh p2 9d9cKs7h2c",
            "d dh p3 AsQcJd5h4d",
            "d dh p4 3c3d8h6s4s",
            "p2 cc",
            "p3 cc",
            "p4 cc",
        ]
        doc = fch(actions, hands=[], points=(p1, 20000, 20000, 20000), kind="phase_end", seats=[3, 4, 1, 2])
        view = table_view(doc)
        assert view["first"] == 4
        assert [s["seat"] for s in view["seats"] if s["seat"] == view["first"] and s["in_game"]] == [4]
        assert answer(doc)["next"] == 4  # the draw starts with the first player
    # A player in the game keeps the marker.
    assert table_view(fch(CHECKS, kind="phase_end", seats=[3, 4, 1, 2]))["first"] == 3


def test_seed001_rules_2_the_first_player_is_any_seat_still_in_the_game_round_after_round():
    firsts: dict[int, set[int]] = {}
    for kind in ("showdown_winner", "round_result", "phase_end"):
        for seed in range(40):
            doc = generate_other(kind=kind, variant="FCH", seed=seed)
            view = table_view(doc)
            first = next(s for s in view["seats"] if s["seat"] == view["first"])
            assert first["in_game"], (kind, seed)
            assert not first["left_at_fee"], (kind, seed)
            firsts.setdefault(doc["round"], set()).add(view["first"])
    # 001 ゲームルール 1 and 2: drawn at random, then passed on clockwise every round.
    assert all(len(seats) >= 3 for number, seats in firsts.items() if number in (1, 5, 12, 37, 99)), firsts


def test_seed001_leaving_the_game_a_player_who_cannot_pay_the_fee_is_out_and_not_dealt():
    with pytest.raises(EngineError) as err:
        solve(fch(SHOWDOWN, points=(20000, 20000, 199, 20000)))
    assert err.value.code == "out_of_turn"  # the deal skips p3
    state = DrawRound(points=(20000, 20000, 199, 20000))
    assert (state.eliminated_now, state.pot, state.points[2]) == ((3,), 600, 0)


def test_seed001_a_player_with_exactly_the_fee_pays_it_and_plays_all_in():
    state = DrawRound(points=(20000, 200, 20000, 20000))
    assert state.in_game == (1, 2, 3, 4)
    assert state.points[1] == 0


def test_seed001_section_round_the_betting_phase_ends_a_lap_after_the_last_raise():
    doc = fch(["p1 cbr 300", "p2 cbr 900", "p3 cc", "p4 f", "p1 cc"], kind="phase_end")
    assert answer(doc)["complete"] is True
    assert answer(doc)["next"] == 1  # the draw starts with the first player
    doc = fch(["p1 cbr 300", "p2 cbr 900", "p3 cc", "p4 f"], kind="phase_end")
    assert (answer(doc)["complete"], answer(doc)["next"], answer(doc)["pending"]) == (False, 1, [1])


def test_seed001_all_in_a_player_all_in_is_skipped_and_cannot_drop():
    points = (20000, 20000, 500, 20000)
    doc = fch(["p1 cbr 500", "p2 cc", "p3 cc", "p4 cbr 1000", "p1 cc"], kind="phase_end", points=points)
    result = solve(doc)
    assert result["answer"]["next"] == 2
    assert result["answer"]["pending"] == [2]  # p3 called all-in for 300: skipped, though short
    with pytest.raises(EngineError) as err:
        solve({**doc, "actions": [*doc["actions"], "p3 f"]})
    assert err.value.code == "out_of_turn"


def test_seed001_raise_by_at_least_one_point_any_number_of_times():
    doc = fch(["p1 cbr 1", "p2 cbr 2", "p3 cbr 3", "p4 cbr 4", "p1 cbr 5"], kind="phase_end")
    assert answer(doc)["next"] == 2


def test_seed001_the_deck_when_it_runs_out_the_earlier_discards_are_shuffled_back():
    # Everyone throws all five twice: 40 draws from a 32-card deck.
    game = DrawGame(names=("A", "B", "C", "D"), rng=random.Random(5))

    def throw_all(game, seat):  # type: ignore[no-untyped-def]
        if game.phase in ("draw1", "draw2"):
            return game.draw(seat, list(game.hands[seat]))
        return game.check(seat)

    doc = draw_rounds(game, random.Random(1), 1, act=throw_all)[0]
    expected = doc.pop("_game")
    state = draw_scenario_from_dict(doc).replay()
    assert state.reshuffles == 1
    assert (state.winner, state.pot) == (expected["winner"], expected["pot"])


def test_seed001_the_deck_a_player_never_draws_back_their_own_discards():
    game = DrawGame(names=("A", "B", "C", "D"), rng=random.Random(5))

    def throw_all(game, seat):  # type: ignore[no-untyped-def]
        if game.phase in ("draw1", "draw2"):
            return game.draw(seat, list(game.hands[seat]))
        return game.check(seat)

    doc = draw_rounds(game, random.Random(1), 1, act=throw_all)[0]
    doc.pop("_game")
    actions = doc["actions"]
    # Find the draw that reshuffled and give the player one of their own discards back.
    state = DrawRound(points=doc["starting_stacks"])
    for k, text in enumerate(actions):
        if text.startswith("d dh") and state.phase in ("draw1", "draw2") and len(state.unseen) < 5:
            thrown = actions[k - 1].split()[2]
            bad = thrown[:2] + text.split()[3][2:]
            with pytest.raises(EngineError) as err:
                solve({**doc, "actions": [*actions[:k], f"{text.split()[0]} dh {text.split()[2]} {bad}"]})
            assert err.value.code == "card_not_in_deck"
            return
        state.act(text)
    pytest.fail("no reshuffle")


# --- カードの強さとスートの順位 and ポーカーの役 --------------------------------------------------------


def test_seed001_suit_order_equal_hands_are_decided_by_suit_spades_first():
    result = solve(fch(SHOWDOWN))
    assert result["answer"]["winner"] == 1
    assert result["answer"]["decided_by"] == "suit"
    assert result["answer"]["order"] == [1, 2, 4, 3]
    assert "Flush Code Hack: card and suit order" in result["rules"]
    assert "スペード＞ハート＞ダイヤ＞クラブ" in result["explanation"]["ja"]


def test_seed001_suit_order_ranks_decide_before_suits():
    hands = ["d dh p1 9s9hKd7c2s", "d dh p2 9d9cKs7h3c", "d dh p3 AsQcJd5h4d", "d dh p4 3h3d8h6s4s"]
    result = answer(fch(SHOWDOWN, hands=hands))
    assert (result["winner"], result["decided_by"]) == (2, "rank")  # 3♣ kicker beats 2♠


def test_seed001_hands_the_royal_flush_is_the_top_hand():
    hands = ["d dh p1 AsKsQsJsTs", "d dh p2 9h8h7h6h5h", "d dh p3 AcAdAhKcKd", "d dh p4 2c3c4c5c7d"]
    result = solve(fch(SHOWDOWN, hands=hands))
    assert result["answer"]["winner"] == 1
    assert result["answer"]["hands"]["1"]["name_ja"] == "ロイヤルストレートフラッシュ"


def test_seed001_showdown_the_winner_takes_the_whole_pot_even_all_in():
    doc = json.loads(
        (EXAMPLES_OTHER / "fch-round-result-all-in-winner-takes-all.json").read_text(encoding="utf-8")
    )
    result = answer(doc)
    assert result["pot"] == 5300
    assert result["points"]["2"] == 5300


def test_seed001_end_of_game_round_100_ends_the_game():
    doc = fch(SHOWDOWN, kind="round_result", round=100)
    assert answer(doc)["game_over"] is True
    assert "Flush Code Hack: game rules 3" in solve(doc)["rules"]


def test_a_round_won_by_drops_has_no_showdown():
    doc = fch(["p1 cbr 500", "p2 f", "p3 f", "p4 f"], kind="round_result")
    result = answer(doc)
    assert (result["winner"], result["pot"]) == (1, 1300)
    with pytest.raises(EngineError) as err:
        solve({**doc, "_question": {"kind": "showdown_winner"}})
    assert err.value.code == "question_not_applicable"


# --- the whole game agrees with the round documents --------------------------------------------------------


def test_rounds_of_random_whole_games_replay_the_same_as_documents():
    seen = {"eliminated": 0, "showdown": 0, "drops": 0}
    for seed in range(25):
        game = DrawGame(names=("A", "B", "C", "D"), rng=random.Random(seed))
        for doc in draw_rounds(game, random.Random(seed + 1000), 40):
            expected = doc.pop("_game")
            state = draw_scenario_from_dict(doc).replay()
            assert state.phase == "over"
            got = {
                "winner": state.winner,
                "pot": state.pot,
                "points": {str(k): state.points[k - 1] for k in range(1, 5)},
            }
            assert got == expected, doc
            seen["eliminated"] += bool(state.eliminated_now or state.cannot_pay_next())
            seen["showdown"] += state.showdown
            seen["drops"] += not state.showdown
    assert all(seen.values()), seen


# --- table view, judge, diagnose ----------------------------------------------------------------------------


def test_the_draw_table_view_shows_hands_only_at_the_showdown_and_never_the_result():
    view = table_view(fch(SHOWDOWN, kind="round_result"))
    assert all("hand" in s for s in view["seats"])
    assert "pot" not in view
    # The points drawn are those behind before the winner is paid, never the points after it.
    assert [s["points"] for s in view["seats"]] == [19800] * 4
    assert [s["committed"] for s in view["seats"]] == [200] * 4
    assert "winner" not in json.dumps(view)
    view = table_view(fch(["p1 cbr 300"], kind="phase_end"))
    assert all("hand" not in s for s in view["seats"])
    assert view["pot"] == {"total": 1100, "collected": 800}
    assert "next" not in json.dumps(view)


def test_judge_of_a_showdown_winner_compares_the_order_as_a_sequence():
    expected = solve(fch(SHOWDOWN))
    assert judge(expected, {"winner": 1, "order": [1, 2, 4, 3], "decided_by": "Suit"})["correct"] is True
    assert judge(expected, {"winner": 1, "order": [2, 1, 4, 3], "decided_by": "suit"})["correct"] is False


def test_diagnose_finds_a_tie_broken_by_suit_before_rank():
    hands = ["d dh p1 9s9hKd7c2s", "d dh p2 9d9cKs7h3c", "d dh p3 AsQcJd5h4d", "d dh p4 3h3d8h6s4s"]
    findings = diagnose(fch(SHOWDOWN, hands=hands), {"winner": 1})
    assert "suit_before_rank" in [f["code"] for f in findings]


def test_diagnose_finds_suits_read_from_the_highest_card_instead_of_the_pair():
    hands = ["d dh p1 9s9cKd7c2s", "d dh p2 9d9hKs7h2c", "d dh p3 AsQcJd5h4d", "d dh p4 3h3d8h6s4s"]
    assert answer(fch(SHOWDOWN, hands=hands))["winner"] == 1  # 9♠ beats 9♥
    findings = diagnose(fch(SHOWDOWN, hands=hands), {"winner": 2})  # K♠ beats K♦
    assert "suit_of_highest_card" in [f["code"] for f in findings]


def test_diagnose_finds_the_entry_fees_left_out_of_the_pot():
    doc = fch(["p1 cbr 500", "p2 f", "p3 f", "p4 f"], kind="round_result")
    assert [f["code"] for f in diagnose(doc, {"pot": 500})] == ["fees_not_in_pot"]


def test_diagnose_finds_a_side_pot_made_for_an_all_in_winner():
    doc = json.loads(
        (EXAMPLES_OTHER / "fch-round-result-all-in-winner-takes-all.json").read_text(encoding="utf-8")
    )
    codes = [f["code"] for f in diagnose(doc, {"pot": 2300})]
    assert "side_pot_for_all_in_winner" in codes
