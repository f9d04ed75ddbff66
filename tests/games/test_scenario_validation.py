"""Malformed or impossible scenarios give an EngineError with a precise path, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.core.errors import EngineError
from games.solve import solve_document
from games.stud.scenario import load_scenario, scenario_from_dict, scenario_to_dict
from tests.games.conftest import REPO_ROOT
from tests.games.helpers import deal, doc, state_of

THREE = deal("AsKs9h", "QdQc2c", "7h7c5s")


def error_of(document):  # type: ignore[no-untyped-def]
    with pytest.raises(EngineError) as err:
        state_of(document) if isinstance(document, dict) else load_scenario(document)
    return err.value.code, err.value.path


@pytest.mark.parametrize(
    ("change", "code", "path"),
    [
        ({"variant": "NT"}, "unknown_variant", "variant"),
        ({"antes": "100"}, "bad_type", "antes"),
        ({"antes": [100, 100]}, "length_mismatch", "antes"),
        ({"starting_stacks": [10000, True, 10000]}, "bad_type", "starting_stacks[1]"),
        ({"starting_stacks": [10000, 10**40, 10000]}, "number_too_large", "starting_stacks[1]"),
        ({"starting_stacks": [10000, -5, 10000]}, "bad_amount", "starting_stacks[1]"),
        ({"bring_in": 600}, "bad_structure", "bring_in"),
        ({"small_bet": 500.0}, "bad_type", "small_bet"),
        ({"seats": [1, 1, 2]}, "duplicate_seat", "seats"),
        ({"seat_count": 2, "seats": [1, 2, 3]}, "bad_seat_count", "seat_count"),
        ({"blinds_or_straddles": [1, 2]}, "unknown_field", "blinds_or_straddles"),
        ({"_ruleset": "wsop"}, "unknown_ruleset", "_ruleset"),
        ({"_rules": {"odd_chip": "left_of_dealer"}}, "bad_rule_value", "_rules.odd_chip"),
        (
            {"_rules": {"tie_break_later_streets": {"FR": "seat"}}},
            "bad_rule_value",
            "_rules.tie_break_later_streets.FR",
        ),
        ({"_rules": {"no_such_flag": 1}}, "unknown_rule", "_rules.no_such_flag"),
        ({"_question": {"kind": "who_wins"}}, "unknown_question_kind", "_question.kind"),
        (
            {"_events": [{"after": 99, "type": "premature_card", "street": 5}]},
            "bad_event_index",
            "_events[0].after",
        ),
        ({"_events": [{"after": 1, "type": "spills_drink", "seat": 1}]}, "unknown_event", "_events[0].type"),
        ({"_events": [{"after": 1, "type": "boxed_cards"}]}, "missing_field", "_events[0].count"),
        ({"_min_chip": 30}, "not_whole_chips", "bring_in"),
        ({"actions": "d dh p1 AsKs9h"}, "bad_type", "actions"),
    ],
)
def test_bad_fields_are_reported_with_their_path(change, code, path):
    document = {**doc(THREE), **change}
    assert error_of(document) == (code, path)


@pytest.mark.parametrize(
    ("actions", "code", "path"),
    [
        ([*THREE[:2], "d dh p3 AsQh5s"], "duplicate_card", "actions[2]"),
        ([*THREE, "p4 pb"], "unknown_player", "actions[3]"),
        ([*THREE, "p1 pb"], "out_of_turn", "actions[3]"),
        ([*THREE, "p2 pb", "p3 cbr 700"], "illegal_amount", "actions[4]"),
        (["d dh p1 AsKs"], "bad_deal_count", "actions[0]"),
        (["d dh p2 AsKs9h"], "deal_out_of_order", "actions[0]"),
        ([*THREE, "p2 pb", "p3 cc", "p1 cc", "d dh p1 2d3d"], "bad_deal_count", "actions[6]"),
        ([*THREE[:1], "p1 cc"], "no_action_pending", "actions[1]"),
        ([*THREE, "p2 pb", "p3 cbr 5x0"], "bad_amount", "actions[4]"),
        ([*THREE, "p2 pb", "p3 cbr 99999999999999999"], "number_too_large", "actions[4]"),
        ([*THREE, "p2 xx"], "bad_action", "actions[3]"),
        (["d dh p1 AsKsXx"], "bad_card", "actions[0]"),
        ([*THREE, "d db 2d"], "community_card_not_allowed", "actions[3]"),
    ],
)
def test_impossible_actions_are_reported_at_the_action(actions, code, path):
    assert error_of(doc(actions, players=3)) == (code, path)


def test_invalid_json_and_hostile_nesting_are_errors_not_tracebacks():
    assert error_of("{not json") == ("bad_json", None)
    assert error_of("[" * 100000 + "]" * 100000)[0] in ("bad_json", "bad_type")
    deep = json.dumps({**doc(THREE), "_expected": json.loads("[" * 200 + "]" * 200)})
    code, path = error_of(deep)
    assert code == "too_deep"
    assert path.startswith("_expected[0][0]")
    assert error_of(b"\xff\xfe") == ("bad_json", None)
    assert error_of("[]") == ("bad_type", None)


def test_missing_question_is_an_error_object_from_solve():
    out = solve_document(json.dumps({k: v for k, v in doc(THREE).items() if k != "_question"}))
    assert out["error"]["code"] == "missing_field"
    assert out["error"]["path"] == "_question"


def test_a_question_asked_at_the_wrong_time_is_refused():
    out = solve_document(json.dumps(doc(THREE, kind="stub")))
    assert out["error"]["code"] == "question_not_applicable"


def test_the_command_prints_the_error_object_and_exits_2():
    run = subprocess.run(
        [sys.executable, "-m", "games", "solve", "-"],
        input=b'{"variant": "F7S"}',
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert not run.stderr
    error = json.loads(run.stdout)["error"]
    assert set(error) >= {"code", "message", "path"}
    assert error["code"] == "missing_field"


def test_the_command_answers_a_missing_file_and_bad_usage_with_an_error_object():
    for args in (["solve", "no-such-file.json"], ["explode"]):
        run = subprocess.run(
            [sys.executable, "-m", "games", *args],
            capture_output=True,
            cwd=REPO_ROOT,
            timeout=60,
            check=False,
        )
        assert run.returncode == 2
        assert not run.stderr
        assert "error" in json.loads(run.stdout)


def test_writers_set_ante_trimming_status_and_round_trip():
    original = scenario_from_dict(doc(THREE, seats=[2, 4, 7], seat_count=9, _title="t", _tags=["a"]))
    written = scenario_to_dict(original)
    assert written["ante_trimming_status"] is True
    assert scenario_from_dict(json.loads(json.dumps(written))) == original
