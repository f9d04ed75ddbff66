"""The stub count question (``stub_count``): the cards left in the stub and what the next street needs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.answerable import check_answerable
from games.core.errors import EngineError
from games.judge import judge
from games.registry import kind
from games.solve import solve
from games.stud.generate import generate
from games.table import table_view
from tests.games.conftest import REPO_ROOT
from tests.games.helpers import deal, doc, street

EIGHT = ("AsKs9h", "QdQc2c", "7h7c5s", "JdTd3c", "8s8d4h", "6c6d2s", "5d4d3h", "9c9dTh")
REST = [
    c[i : i + 2]
    for c in ("Ah3s8hTs2hJcKd4c", "Ad2dQsJs7d5c6hAc", "KcKh7s4s3dQh9s5h")
    for i in range(0, 16, 2)
]


def _bet_round(
    actions: list[str], players: int, folds: tuple[int, ...] = (), stop: int | None = None
) -> None:
    """Everyone calls (or checks) in turn until the round is over; ``folds`` fold when asked;
    ``stop`` ends after that many actions, mid-round."""
    done = 0
    while stop is None or done < stop:
        seat = solve(doc(actions, kind="next_action", players=players))["answer"]["seat"]
        if seat is None:
            return
        if all(a.startswith("d ") for a in actions):
            actions.append(f"p{seat} pb")  # the bring-in posts first on 3rd street
        else:
            actions.append(f"p{seat} f" if seat in folds else f"p{seat} cc")
        done += 1


def _hand(
    players: int, streets: int, folds: dict[int, tuple[int, ...]] | None = None, stop: int | None = None
):  # type: ignore[no-untyped-def]
    """A hand of ``players`` dealt and played through ``streets`` betting rounds from 3rd street
    (``folds``: street -> seats folding on it); ``stop`` ends the last round after that many actions."""
    folds = folds or {}
    actions = list(deal(*EIGHT[:players]))
    cards = iter(REST)
    folded: set[int] = set()
    for k, number in enumerate(range(3, 3 + streets)):
        if number > 3:
            actions += street([None if p in folded else next(cards) for p in range(1, players + 1)])
        last = k == streets - 1
        _bet_round(actions, players, folds.get(number, ()), stop if last else None)
        folded |= set(folds.get(number, ()))
    return doc(actions, kind="stub_count", players=players)


def test_eight_handed_on_third_street_the_stub_is_52_less_24_cards_and_fourth_needs_a_burn_and_8():
    # Before any burn: none is made before the initial deal (TDA 2024 Rule 38).
    at_bring_in = solve(_hand(8, 1, stop=0))
    assert at_bring_in["answer"] == {"stub": 28, "needed": 9}
    assert at_bring_in["rules"] == ["TDA 2024 Rule 38"]
    assert solve(_hand(8, 1, stop=3))["answer"] == {"stub": 28, "needed": 9}
    # Once 3rd-street betting is over and before the 4th-street burn: still 28, and after the
    # burn and eight cards 28 - 9 = 19 are left.
    assert solve(_hand(8, 1))["answer"] == {"stub": 28, "needed": 9}
    assert solve(_hand(8, 2, stop=0))["answer"] == {"stub": 19, "needed": 9}


def test_folded_hands_cards_count_as_dealt_and_folded_hands_need_no_card():
    # Two fold on 3rd street: 24 dealt, then 4th street to the six players left.
    assert solve(_hand(8, 1, {3: (7, 8)}))["answer"] == {"stub": 28, "needed": 7}
    on_fourth = solve(_hand(8, 2, {3: (7, 8)}, stop=0))
    # 52 - (24 + 6) - 1 burn = 21; 5th street needs a burn and six cards.
    assert on_fourth["answer"] == {"stub": 21, "needed": 7}
    assert "TDA 2024 RP-10 C" in on_fourth["rules"]
    # Counted as the players stand: before the two fold, 4th street needs a card for each of 8.
    assert solve(_hand(8, 1, {3: (7, 8)}, stop=5))["answer"] == {"stub": 28, "needed": 9}
    assert solve(_hand(8, 1, {3: (7, 8)}, stop=7))["answer"] == {"stub": 28, "needed": 7}


def test_after_sixth_street_eight_players_leave_one_card_against_ten_needed():
    document = _hand(8, 4)
    result = solve(document)
    # 52 - 48 dealt - 3 burns = 1; RP-10 H: 8 players + burn + last card = 10 (case C).
    assert result["answer"] == {"stub": 1, "needed": 10}
    assert "TDA 2024 RP-10 H" in result["rules"]
    assert "(case C)" in result["explanation"]["en"]
    # The stub question asks the same numbers at the same moment.
    stub = solve({**document, "_question": {"kind": "stub"}})["answer"]
    assert (stub["stub"], stub["required"]) == (1, 10)
    # During 6th-street betting the same: 7th street is next.
    assert solve(_hand(8, 4, stop=2))["answer"] == {"stub": 1, "needed": 10}


def test_seven_players_count_the_stub_before_the_burns_are_added_back():
    # 52 - 42 - 3 = 7 < 9: case A adds the three burns back into the stub, but the stub count is
    # the stub as the deal left it.
    document = _hand(7, 4)
    assert solve(document)["answer"] == {"stub": 7, "needed": 9}
    assert solve({**document, "_question": {"kind": "stub"}})["answer"]["procedure"] == "A"


def test_the_explanation_gives_the_arithmetic_in_both_languages():
    text = solve(_hand(8, 2, {3: (7, 8)}, stop=0))["explanation"]
    assert "8 × 3 (3rd street) + 6 (4th) = 30" in text["en"]
    assert "52 − 30 − 1 = 21" in text["en"]
    assert "folded hands count" in text["en"]
    assert "5th street needs 1 burn + 1 card for each of the 6 players still in the hand = 7" in text["en"]
    assert "8人×3枚（3rdストリート） ＋ 6枚（4thストリート） ＝ 30枚" in text["ja"]
    assert "バーンは1枚" in text["ja"]
    assert "スタブは 52 − 30 − 1 ＝ 21枚です。" in text["ja"]
    assert "5thストリートには、バーン1枚＋ハンドに残っている6人に1枚ずつで7枚必要です。" in text["ja"]
    seventh = solve(_hand(8, 4))["explanation"]
    assert (
        "7th street needs the required number of TDA 2024 RP-10 H: 8 players + burn + last card = 10"
        in (seventh["en"])
    )
    assert "残り8人＋バーン1枚＋最後の1枚で10枚です。" in seventh["ja"]
    assert "スタブ1枚は10枚より少ない" in seventh["ja"]


def test_asked_outside_the_third_to_sixth_street_betting_it_is_not_applicable():
    dealing = doc(list(deal(*EIGHT))[:5], kind="stub_count", players=8)
    seventh_dealt = _hand(6, 4)
    seventh_dealt["actions"] = [*seventh_dealt["actions"], "d dh p1 Tc"]
    for document in (dealing, seventh_dealt):
        with pytest.raises(EngineError) as err:
            solve(document)
        assert err.value.code == "question_not_applicable"


def _from_the_view(view: dict) -> dict:  # type: ignore[type-arg]
    """The answer worked out as a trainee does, from the table view alone."""
    dealt = sum(len(s["upcards"]) + s["downcards"] for s in view["seats"])
    burns = view["street"] - 3  # one before each street from 4th, up to the one on the table
    players = sum(1 for s in view["seats"] if not s["folded"])
    following = view["street"] + 1
    return {"stub": 52 - dealt - burns, "needed": players + (2 if following == 7 else 1)}


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_generated_questions_solve_judge_right_and_follow_from_the_table(variant):
    streets, short = set(), 0
    for seed in range(40):
        document = generate(kind="stub_count", variant=variant, seed=seed)
        result = solve(document)
        assert result["kind"] == "stub_count"
        assert judge(result, result["answer"])["correct"]
        assert not judge(result, {**result["answer"], "stub": result["answer"]["stub"] + 1})["correct"]
        view = table_view(document)
        assert "stub" not in view  # the answer is not on the table
        assert _from_the_view(view) == result["answer"], seed
        assert check_answerable(document, fillings=2).answerable, seed
        streets.add(view["street"] + 1)
        short += result["answer"]["stub"] < result["answer"]["needed"]
    assert streets == {4, 5, 6, 7}
    assert short >= 5  # 7- and 8-handed tables run short before 7th street


def test_the_table_hides_the_stub_from_this_question_only():
    document = _hand(8, 2, stop=0)
    assert "stub" not in table_view(document)
    assert table_view({**document, "_question": {"kind": "pots"}})["stub"] == 19


def test_the_command_line_generates_a_stub_count_that_solves():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "games",
            "generate",
            "--variant",
            "F7S",
            "--kind",
            "stub_count",
            "--seed",
            "5",
        ],
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=True,
    )
    document = json.loads(done.stdout)
    assert document["_question"] == {"kind": "stub_count"}
    assert set(solve(document)["answer"]) == {"stub", "needed"}


def test_the_kind_is_registered_with_its_two_amount_fields():
    declared = kind("F7S", "stub_count")
    assert declared.keys == ("stub", "needed")
    assert [f.type for f in declared.fields] == ["amount", "amount"]
    assert declared.generate is not None
    assert declared.explain is not None


def test_a_wrong_count_is_diagnosed_burns_folded_cards_and_the_burn_in_what_is_needed():
    from games.diagnose import diagnose

    document = _hand(8, 2, {3: (7, 8)}, stop=0)  # stub 21, needed 7
    codes = {f["code"] for f in diagnose(document, {"stub": 22, "needed": 7})}
    assert codes == {"stub_burns_not_counted"}
    assert {f["code"] for f in diagnose(document, {"stub": 27, "needed": 7})} == {"folded_cards_not_counted"}
    assert {f["code"] for f in diagnose(document, {"stub": 21, "needed": 9})} == {"folded_hands_dealt"}
    found = diagnose(document, {"stub": 21, "needed": 6})
    assert [f["code"] for f in found] == ["needed_without_burn"]
    assert "バーン1枚" in found[0]["ja"]
    seventh = _hand(8, 4)  # stub 1, needed 10
    assert [f["code"] for f in diagnose(seventh, {"stub": 1, "needed": 9})] == ["needed_seventh_plain"]
    assert diagnose(seventh, {"stub": 1, "needed": 10}) == []


def test_on_third_street_the_explanation_says_no_burn_yet():
    text = solve(_hand(8, 1, stop=0))["explanation"]
    assert "8 × 3 (3rd street) = 24, and no burn yet" in text["en"]
    assert "Stub: 52 − 24 − 0 = 28." in text["en"]
    assert "4th street needs 1 burn + 1 card for each of the 8 players still in the hand = 9." in text["en"]
    assert "24枚で、バーンはまだありません（3rdストリートの前はバーンしません）。" in text["ja"]
    assert "スタブは 52 − 24 − 0 ＝ 28枚です。" in text["ja"]


def test_the_modules_docstring_example_holds():
    import doctest

    import games.stud.kinds.stub_count

    result = doctest.testmod(games.stud.kinds.stub_count)
    assert result.attempted > 0
    assert result.failed == 0
