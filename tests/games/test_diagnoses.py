"""The diagnoses of common misreadings: each is found by solving the hand again under the mistaken
reading, fires when the trainee's answer is that reading's, and stays silent on the right answer
and on a wrong answer that no such reading explains."""

from __future__ import annotations

from typing import Any

import pytest

from games.diagnose import diagnose
from games.solve import solve
from games.stud.generate import generate
from tests.games.helpers import answer, deal, doc

THREE_HANDED = deal("AsKs9h", "QdQc2c", "7h7cKd")
FOUR_HANDED = deal("AsKs9h", "QdQc2c", "7h7cKd", "5s6sQs")


def codes(document: dict[str, Any], given: dict[str, Any]) -> list[str]:
    return [finding["code"] for finding in diagnose(document, given)]


def finding(document: dict[str, Any], given: dict[str, Any], code: str) -> dict[str, Any]:
    found = [f for f in diagnose(document, given) if f["code"] == code]
    assert found, f"{code} not found for {given}"
    return found[0]


def with_options(right: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {"seat": right["seat"], "options": {**right["options"], **changes}}


# --- next action: a skipped player ----------------------------------------------------------------

# Seat 2 brought in, seat 3 called: seat 4 is next, seat 1 after it.
CALLED = doc([*FOUR_HANDED, "p2 pb", "p3 cc"])


def test_naming_a_later_seat_while_one_is_still_to_act_is_a_skipped_player():
    assert answer(CALLED)["seat"] == 4
    found = finding(CALLED, {"seat": 1}, "skipped_player")
    assert found["params"]["skipped"] == 4
    assert "Seat 4" in found["en"]
    assert "4番席" in found["ja"]
    # The options of the player named, as if seat 4 had called, are the same misreading.
    right = answer(CALLED)
    assert "skipped_player" in codes(CALLED, {"seat": 1, "options": right["options"]})


def test_a_seat_that_already_acted_or_the_right_seat_is_no_skipped_player():
    assert "skipped_player" not in codes(CALLED, {"seat": 3})  # acted; not still to act
    assert codes(CALLED, {"seat": 4}) == []


def test_before_anyone_acts_on_a_later_street_a_wrong_seat_is_no_skipped_player():
    # 4th street, nobody acted yet: the first to act comes from the boards, not from the turn.
    actions = [*FOUR_HANDED, "p2 pb", "p3 cc", "p4 cc", "p1 cc", "d dh p1 Ac", "d dh p2 3d", "d dh p3 4d"]
    actions.append("d dh p4 5d")
    document = doc(actions)
    right = answer(document)
    other = next(s for s in (1, 2, 3, 4) if s != right["seat"])
    assert "skipped_player" not in codes(document, {"seat": other})


# --- next action: raising past the cap --------------------------------------------------------------

# Four bets on 3rd street with a cap of four (the completion is bet one): seat 3 may only call.
CAPPED = doc([*FOUR_HANDED, "p2 pb", "p3 cbr 500", "p4 cbr 1000", "p1 cbr 1500", "p2 cbr 2000"], _max_bets=4)


def test_offering_a_raise_when_the_bets_are_capped_is_raising_past_the_cap():
    right = answer(CAPPED)
    assert right["seat"] == 3
    assert right["options"]["raise_to"] is None
    found = finding(CAPPED, with_options(right, raise_to=[2500]), "raise_past_cap")
    assert "TDA 2024 Rule 48" in found["en"]
    assert "TDA 2024 ルール48" in found["ja"]
    assert "2,000" in found["en"]


def test_a_wrong_call_amount_under_the_cap_is_not_raising_past_it():
    right = answer(CAPPED)
    assert "raise_past_cap" not in codes(CAPPED, with_options(right, call=500))
    assert codes(CAPPED, right) == []


def test_an_open_raise_below_the_cap_is_no_cap_misreading():
    open_round = doc([*FOUR_HANDED, "p2 pb", "p3 cbr 500"])
    right = answer(open_round)
    assert right["options"]["raise_to"]
    assert "raise_past_cap" not in codes(open_round, with_options(right, raise_to=None))


# --- next action: complete or raise ---------------------------------------------------------------


def test_calling_the_completion_a_raise_is_diagnosed():
    right = answer(CALLED)
    assert right["options"]["complete_to"] == 500
    given = with_options(right, complete_to=None, raise_to=[500])
    found = finding(CALLED, given, "completion_called_raise")
    assert "RRoP 7CS-3" in found["en"]


def test_completing_on_top_of_the_bring_in_is_diagnosed_as_the_bring_in_used_as_a_bet():
    right = answer(CALLED)
    assert codes(CALLED, with_options(right, complete_to=700)) == ["completion_over_bring_in"]
    assert "completion_over_bring_in" in codes(CALLED, with_options(right, complete_to=None, raise_to=[700]))


def test_calling_a_raise_after_the_completion_a_completion_is_diagnosed():
    completed = doc([*FOUR_HANDED, "p2 pb", "p3 cbr 500"])
    right = answer(completed)
    assert right["options"]["raise_to"] == [1000]
    given = with_options(right, complete_to=1000, raise_to=None)
    assert codes(completed, given) == ["raise_called_completion"]


def test_a_wrong_call_amount_is_no_complete_or_raise_misreading():
    right = answer(CALLED)
    found = codes(CALLED, with_options(right, call=500))
    assert not {"completion_called_raise", "completion_over_bring_in", "raise_called_completion"} & set(found)


# --- the stub: RP-10 H case B or C ----------------------------------------------------------------


def stub_with(procedure: str) -> dict[str, Any]:
    """A generated stub question whose 7th street needs ``procedure``."""
    for seed in range(200):
        document = generate(kind="stub", variant="F7S", seed=seed)
        if solve(document)["answer"]["procedure"] == procedure:
            return document
    raise AssertionError(f"no stub question needs case {procedure}")


def test_case_c_for_a_stub_of_three_or_more_is_diagnosed():
    document = stub_with("B")
    right = solve(document)["answer"]
    assert right["stub"] >= 3
    found = finding(document, {"procedure": "C"}, "stub_case_c_for_b")
    assert "TDA 2024 RP-10 H" in found["en"]
    assert str(right["stub"]) in found["ja"]
    assert codes(document, {"procedure": "B"}) == []


def test_case_b_for_a_stub_of_fewer_than_three_is_diagnosed():
    document = stub_with("C")
    assert solve(document)["answer"]["stub"] < 3
    assert codes(document, {"procedure": "B"}) == ["stub_case_b_for_c"]
    assert codes(document, {"procedure": "C"}) == []


def test_case_a_when_the_burns_do_not_reach_the_required_number_is_diagnosed():
    document = stub_with("C")
    assert codes(document, {"procedure": "A"}) == ["stub_case_a_burns_short"]
    # No shortage at all is another mistake: none of the case diagnoses fires.
    assert not [c for c in codes(document, {"procedure": "none"}) if c.startswith("stub_case")]


# --- pots: main and side pot swapped ----------------------------------------------------------------

# Seat 3 is all-in for 300 on 3rd street; seats 1 and 2 go on to 800.
SIDE_POT = doc(
    [*THREE_HANDED, "p2 pb", "p3 cbr 300", "p1 cbr 800", "p2 cc"], stacks=[10000, 10000, 400], kind="pots"
)


def swapped(pots: list[dict[str, Any]], *keys: str) -> list[dict[str, Any]]:
    out = [dict(p) for p in pots]
    for key in keys:
        out[0][key], out[1][key] = pots[1][key], pots[0][key]
    return out


def test_main_and_side_pot_amounts_swapped_are_diagnosed():
    pots = answer(SIDE_POT)["pots"]
    assert len(pots) == 2
    found = finding(SIDE_POT, {"pots": swapped(pots, "amount")}, "pot_amounts_swapped")
    assert "TDA 2024 Rule 21" in found["en"]
    assert "サイドポット1" in found["ja"]
    assert f"{pots[0]['amount']:,}" in found["en"]


def test_main_and_side_pot_players_swapped_are_diagnosed():
    pots = answer(SIDE_POT)["pots"]
    assert codes(SIDE_POT, {"pots": swapped(pots, "eligible")}) == ["pot_eligible_swapped"]
    assert codes(SIDE_POT, {"pots": swapped(pots, "amount", "eligible")}) == ["pots_out_of_order"]


def test_a_right_split_or_an_unrelated_wrong_amount_is_no_swap():
    pots = answer(SIDE_POT)["pots"]
    assert codes(SIDE_POT, {"pots": pots}) == []
    off = [{**pots[0], "amount": pots[0]["amount"] + 100}, pots[1]]
    assert not {"pot_amounts_swapped", "pot_eligible_swapped", "pots_out_of_order"} & set(
        codes(SIDE_POT, {"pots": off})
    )


def test_the_antes_left_out_of_the_pot_are_diagnosed():
    document = doc(
        [*THREE_HANDED, "p2 pb", "p3 cbr 300", "p1 cc", "p2 cc"], stacks=[10000, 10000, 400], kind="pots"
    )
    assert answer(document)["pots"] == [{"amount": 1200, "eligible": [1, 2, 3]}]
    # 300 from each player, the three antes of 100 forgotten.
    found = finding(document, {"pots": [{"amount": 900, "eligible": [1, 2, 3]}]}, "antes_left_out")
    assert "300" in found["en"]
    assert "antes_left_out" not in codes(document, {"pots": [{"amount": 1100, "eligible": [1, 2, 3]}]})


@pytest.mark.parametrize(
    "code",
    [
        "skipped_player",
        "raise_past_cap",
        "completion_called_raise",
        "completion_over_bring_in",
        "raise_called_completion",
        "stub_case_b_for_c",
        "stub_case_c_for_b",
        "pot_amounts_swapped",
        "pot_eligible_swapped",
        "antes_left_out",
    ],
)
def test_each_new_diagnosis_has_a_sentence_in_both_languages_ending_as_each_language_does(code):
    from games.registry import kinds

    texts = {c: t for k in kinds("stud") for c, t in k.misreadings.items()}
    en, ja = texts[code]
    assert en.endswith(".")
    assert ja.endswith("。")
