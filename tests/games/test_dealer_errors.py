"""Dealer errors: each error and its remedy under both rulesets, their injection into documents
and hand walks, and the ``dealer_error`` question judged by the engine."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.core.errors import EngineError
from games.judge import judge
from games.registry import kind
from games.solve import solve
from games.stud.dealer_errors import GOES_ON, STAGE_ERRORS, error_of_facts, inject_error, possible_errors
from games.stud.events import DEALER_ERRORS, DEALER_REMEDIES, RULING_CODES
from games.stud.events_dealer import faces_bet
from games.stud.scenario import load_stud_scenario
from games.stud.walk import STAGES, walk
from games.table import table_view
from tests.games.helpers import deal, doc, street

RULESETS = ("tda-2024", "robert-cash")


def _step(
    stage: str, *, seed: int = 1, ruleset: str = "tda-2024", street: int | None = None
) -> dict[str, Any]:
    """The document of the first walk step of ``stage`` (on ``street``) over a few seeds."""
    for s in range(seed, seed + 40):
        for step in walk(variant="F7S", seed=s, ruleset=ruleset):
            if step.stage == stage and (street is None or step.street == street):
                return copy.deepcopy(step.document)
    raise AssertionError(stage)


def _with(doc: dict[str, Any], **event: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["_events"] = [{"after": len(out["actions"]) - 1, **event}]
    out["_question"] = {"kind": "dealer_error"}
    return out


def _state(doc: dict[str, Any]) -> Any:
    return load_stud_scenario(doc).replay().state


def _answer(doc: dict[str, Any]) -> dict[str, Any]:
    result = solve(doc)
    assert judge(result, result["answer"], fields=("error", "remedy"))["correct"]
    return result


def test_the_question_asks_the_error_and_the_remedy_of_the_engines_codes() -> None:
    declared = kind("F7S", "dealer_error")
    assert declared.keys == ("error", "remedy")
    assert declared.field("error").choices == DEALER_ERRORS
    assert set(declared.field("remedy").choices) <= set(RULING_CODES)
    assert set(GOES_ON) <= set(DEALER_REMEDIES)
    assert "dealer_error" in STAGES


def test_a_card_to_the_wrong_seat_is_a_misdeal_on_the_deal_and_moved_back_later() -> None:
    deal = _step("antes")
    live = _state(deal).seat_of(0)
    result = _answer(_with(deal, type="card_to_wrong_seat", seat=live, street=3))
    assert result["answer"] == {"error": "card_to_wrong_seat", "remedy": "misdeal", "seat": None}
    assert result["rules"] == ["TDA 2024 Rule 35-A"]
    later = _step("first_to_act", street=4)
    state = _state(later)
    seat = state.seat_of(state.live_players()[0])
    result = _answer(_with(later, type="card_to_wrong_seat", seat=seat, street=4))
    assert result["answer"]["remedy"] == "correct_deal"
    assert result["rules"] == ["Practice: cards put back in their seats"]
    # The correction leaves the hand as it was: the same player acts first.
    assert load_stud_scenario(
        _with(later, type="card_to_wrong_seat", seat=seat, street=4)
    ).replay().state.actor == (state.actor)


def test_a_skipped_seat_is_a_misdeal_on_the_deal_and_dealt_its_card_later() -> None:
    deal = _step("antes")
    assert _answer(_with(deal, type="seat_skipped", seat=_state(deal).seat_of(1), street=3))["answer"][
        "remedy"
    ] == ("misdeal")
    later = _step("first_to_act", street=5)
    state = _state(later)
    seat = state.seat_of(state.live_players()[-1])
    result = _answer(_with(later, type="seat_skipped", seat=seat, street=5))
    assert result["answer"] == {"error": "seat_skipped", "remedy": "correct_deal", "seat": seat}


def test_a_card_to_a_folded_hand_goes_on_to_the_next_live_seat_and_needs_a_folded_seat() -> None:
    later = _step("first_to_act", street=4)
    state = _state(later)
    folded = [state.seat_of(i) for i in range(state.count) if state.folded[i]]
    assert folded
    result = _answer(_with(later, type="card_to_folded_hand", seat=folded[0], street=4))
    assert result["answer"]["remedy"] == "correct_deal"
    assert "TDA 2024 RP-10 C" in result["rules"]
    with pytest.raises(EngineError) as err:
        solve(_with(later, type="card_to_folded_hand", seat=state.seat_of(state.live_players()[0]), street=4))
    assert err.value.code == "event_out_of_place"


def _waiting(doc: dict[str, Any]) -> tuple[int, bool]:
    """A seat waiting to act after the player whose turn it is, and whether it faces a bet."""
    state = _state(doc)
    for i in state.queue[1:]:
        if state.stacks[i] > 0:
            return state.seat_of(i), faces_bet(state, i)
    raise AssertionError("nobody waits")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_action_out_of_turn_is_backed_up_and_the_rulebooks_differ_on_a_check_or_call(ruleset: str) -> None:
    doc = _step("action", ruleset=ruleset)
    seat, facing = _waiting(doc)
    passive = "call" if facing else "check"
    aggressive = "raise" if facing else "bet"
    result = _answer(_with(doc, type="action_out_of_turn", seat=seat, action=passive))
    if ruleset == "tda-2024":
        assert result["answer"]["remedy"] == "back_up_action"
        assert result["rules"] == ["TDA 2024 Rule 53"]
    else:
        assert result["answer"]["remedy"] == "back_up_no_raise"
        assert result["rules"] == ["RRoP Betting and Raising 11"]
    # A bet or raise out of turn is backed up under both: it binds unless the action changes.
    assert _answer(_with(doc, type="action_out_of_turn", seat=seat, action=aggressive))["answer"][
        "remedy"
    ] == ("back_up_action")
    # The hand is as it was: the player whose turn it is still acts.
    assert _state(_with(doc, type="action_out_of_turn", seat=seat, action=passive)).actor == _state(doc).actor


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fold_out_of_turn_is_binding_under_both_rulesets(ruleset: str) -> None:
    doc = _step("action", ruleset=ruleset)
    seat, _facing = _waiting(doc)
    event_doc = _with(doc, type="action_out_of_turn", seat=seat, action="fold")
    assert _answer(event_doc)["answer"]["remedy"] == "binding_fold"
    state = _state(event_doc)
    assert state.folded[state.player_of_seat(seat)]


def test_an_action_out_of_turn_must_fit_the_bet_pending() -> None:
    doc = _step("action")
    seat, facing = _waiting(doc)
    with pytest.raises(EngineError) as err:
        solve(_with(doc, type="action_out_of_turn", seat=seat, action="check" if facing else "call"))
    assert err.value.code == "event_out_of_place"
    with pytest.raises(EngineError) as err:
        load_stud_scenario(_with(doc, type="action_out_of_turn", seat=seat, action="shove"))
    assert err.value.path.endswith(".action")


def test_a_wrong_bring_in_called_is_corrected_to_the_lowest_door_card() -> None:
    doc = _step("bring_in")
    state = _state(doc)
    holder = state.seat_of(state.bring_in_index)
    other = next(state.seat_of(i) for i in state.live_players() if i != state.bring_in_index)
    result = _answer(_with(doc, type="wrong_bring_in_called", seat=other))
    assert result["answer"] == {
        "error": "wrong_bring_in_called",
        "remedy": "correct_bring_in",
        "seat": holder,
    }
    assert "RRoP 7CS-1" in result["rules"]
    with pytest.raises(EngineError) as err:
        solve(_with(doc, type="wrong_bring_in_called", seat=holder))
    assert err.value.code == "event_not_an_error"


def test_a_pot_pushed_to_the_wrong_player_is_taken_back() -> None:
    doc = _step("award")
    state = _state(doc)
    award = state.award()
    winners = {i for pot in award.pots for i in pot.awards}
    loser = next(i for i in range(state.count) if any(i not in pot.awards for pot in award.pots))
    result = _answer(_with(doc, type="wrong_pot_pushed", seat=state.seat_of(loser)))
    assert result["answer"]["remedy"] == "retrieve_pot"
    assert result["rules"] == ["TDA 2024 Rule 22"]
    only = [i for i in winners if all(i in pot.awards for pot in award.pots)]
    if only:
        with pytest.raises(EngineError):
            solve(_with(doc, type="wrong_pot_pushed", seat=state.seat_of(only[0])))


def test_the_errors_offered_fit_the_point_of_the_hand() -> None:
    assert {e["type"] for e in possible_errors(_step("bring_in"), "bring_in")} == {"wrong_bring_in_called"}
    assert {e["type"] for e in possible_errors(_step("award"))} == {"wrong_pot_pushed"}
    action = {e["type"] for e in possible_errors(_step("action", street=4), "action")}
    assert action <= {"action_out_of_turn", "premature_card"}
    assert "action_out_of_turn" in action
    fourth = {e["type"] for e in possible_errors(_step("first_to_act", street=4))}
    assert "wrong_bring_in_called" not in fourth
    assert "wrong_pot_pushed" not in fourth
    for stage, allowed in STAGE_ERRORS.items():
        for event in possible_errors(_step(stage), stage):
            assert event["type"] in allowed


def test_injection_is_deterministic_and_every_injected_document_solves_and_is_judged_right() -> None:
    seen_types, seen_remedies = set(), set()
    for seed in range(10):
        for ruleset in RULESETS:
            for step in walk(variant=("F7S", "FR", "F7S/8")[seed % 3], seed=seed, ruleset=ruleset):
                if step.stage not in STAGE_ERRORS:
                    continue
                doc = inject_error(step.document, random.Random(seed), stage=step.stage)
                assert doc == inject_error(step.document, random.Random(seed), stage=step.stage)
                if doc is None:
                    continue
                result = _answer(doc)
                seen_types.add(result["answer"]["error"])
                seen_remedies.add(result["answer"]["remedy"])
                # The table draws the error's facts, never its name.
                view = table_view(doc)
                assert "type" not in view["event"]
                # ... from which the error can be told, as a trainee tells it.
                assert error_of_facts(view["event"], view["phase"]) == result["answer"]["error"]
                wrong = {
                    **result["answer"],
                    "remedy": next(r for r in DEALER_REMEDIES if r != result["answer"]["remedy"]),
                }
                assert not judge(result, wrong, fields=("error", "remedy"))["correct"]
    assert seen_types == set(DEALER_ERRORS)
    assert {
        "misdeal",
        "correct_deal",
        "back_up_action",
        "back_up_no_raise",
        "correct_bring_in",
        "retrieve_pot",
    } <= (seen_remedies)


def test_an_error_rate_of_zero_leaves_the_walk_unchanged() -> None:
    for seed in range(3):
        plain = walk(variant="F7S", seed=seed)
        assert walk(variant="F7S", seed=seed, error_rate=0.0) == plain
        assert walk(variant="F7S", seed=seed, error_rate=0) == plain
    with pytest.raises(EngineError) as err:
        walk(variant="F7S", seed=1, error_rate=1.5)
    assert err.value.code == "bad_error_rate"


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_a_walk_with_errors_stops_on_them_and_goes_on_as_dealt(variant: str) -> None:
    plain = walk(variant=variant, seed=5)
    noisy = walk(variant=variant, seed=5, error_rate=0.6)
    assert noisy == walk(variant=variant, seed=5, error_rate=0.6)
    errors = [s for s in noisy if s.stage == "dealer_error"]
    assert errors
    assert [s.index for s in noisy] == list(range(len(noisy)))
    rest = [s for s in noisy if s.stage != "dealer_error"]
    assert [(s.stage, s.document["actions"]) for s in rest] == [
        (s.stage, s.document["actions"]) for s in plain
    ]
    for step in errors:
        assert step.kind == "dealer_error"
        assert step.fields == ("error", "remedy")
        following = noisy[step.index + 1]
        assert following.stage in STAGE_ERRORS
        assert step.document["actions"] == following.document["actions"]
        result = solve(step.document)
        assert result["answer"]["remedy"] in GOES_ON
        assert judge(result, result["answer"], fields=step.fields)["correct"]


def test_a_wrong_remedy_is_diagnosed_as_the_confusion_it_shows() -> None:
    from games.diagnose import diagnose

    later = _step("first_to_act", street=4)
    state = _state(later)
    doc = _with(later, type="card_to_wrong_seat", seat=state.seat_of(state.live_players()[0]), street=4)
    found = diagnose(doc, {"error": "card_to_wrong_seat", "remedy": "misdeal"})
    assert [f["code"] for f in found] == ["misdeal_only_initial_deal"]
    assert found[0]["ja"].endswith("。")


# --- the errors the rulings already knew, asked as dealer errors: each of their remedies ----------

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")
FOURTH = [*THREE, "p2 pb", "p3 cc", "p1 cc", *street(["Ah", "3d", "4d"])]


def _dealer(actions: list[str], event: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return _answer(doc(actions, kind="dealer_error", _events=[event], **kw))["answer"]


def test_the_dealers_exposed_downcard_and_premature_card_keep_their_remedies() -> None:
    exposed = {"after": 2, "type": "downcard_exposed_by_dealer", "seat": 1, "card": "As", "street": 3}
    assert _dealer(THREE, exposed) == {
        "error": "downcard_exposed_by_dealer",
        "remedy": "becomes_upcard",
        "seat": 1,
    }
    premature = {"after": len(FOURTH) - 1, "type": "premature_card", "street": 5}
    assert _dealer(FOURTH, premature)["remedy"] == "reshuffle_no_burn"
    seventh = [*FOURTH, "p1 cc", "p2 cc", "p3 cc"]
    for ups in (["Ad", "6d", "8d"], ["Kc", "Jc", "Jd"]):
        seventh += [*street(ups), "p1 cc", "p2 cc", "p3 cc"]
    seventh += street(["2h", "Kh", "Qh"])
    event = {
        "after": len(seventh) - 3,
        "type": "downcard_exposed_by_dealer",
        "seat": 1,
        "card": "2h",
        "street": 7,
    }
    assert _dealer(seventh[:-2], event)["remedy"] == "replace_card"
    all_in = [*FOURTH, "p1 cbr 500", "p2 cc", "p3 cc"]
    for ups in (["Ad", "6d", "8d"], ["Kc", "Jc", "Jd"]):
        all_in += street(ups)
    all_in += street(["2h", "Kh", "Qh"])
    event = {
        "after": len(all_in) - 3,
        "type": "downcard_exposed_by_dealer",
        "seat": 1,
        "card": "2h",
        "street": 7,
    }
    assert _dealer(all_in, event, stacks=[10000, 800, 800])["remedy"] == "card_plays"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hand_made_check_out_of_turn_on_fourth_street(ruleset: str) -> None:
    # 4th street: seat 1 (A♠ A♥ showing) acts first; seat 3 checks out of turn.
    event = {"after": len(FOURTH) - 1, "type": "action_out_of_turn", "seat": 3, "action": "check"}
    got = _dealer(FOURTH, event, ruleset=ruleset)
    assert got == {
        "error": "action_out_of_turn",
        "remedy": "back_up_action" if ruleset == "tda-2024" else "back_up_no_raise",
        "seat": 3,
    }
    explained = solve(doc(FOURTH, kind="dealer_error", ruleset=ruleset, _events=[event]))["explanation"]
    assert "seat 1" in explained["en"]
    assert "1番席" in explained["ja"]


def test_the_docstring_examples_hold() -> None:
    import doctest

    import games.stud.dealer_errors
    import games.stud.kinds.dealer_error

    for module in (games.stud.dealer_errors, games.stud.kinds.dealer_error):
        result = doctest.testmod(module)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__
