"""The example documents of hold'em, Flush Code Hack and ten-card stud, solved in-process and
through the command line; the hold'em ones also replay in pokerkit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.core.citations import citation
from games.solve import solve
from tests.games.conftest import REPO_ROOT, is_subset
from tests.games.other_helpers import pokerkit_replay

EXAMPLES_OTHER = Path(__file__).resolve().parent / "examples_other"
FILES = sorted(EXAMPLES_OTHER.glob("*.json"))


def test_there_are_examples_for_each_game_and_every_kind():
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in FILES]
    kinds = {(d["variant"], d["_question"]["kind"]) for d in docs}
    for variant in ("NT", "FCH", "T10S"):
        assert sum(1 for d in docs if d["variant"] == variant) >= 4
    assert {k for v, k in kinds if v == "NT"} == {"next_action", "min_raise", "round_over", "pots", "award"}
    assert {k for v, k in kinds if v == "FCH"} == {"showdown_winner", "round_result", "phase_end"}
    assert {k for v, k in kinds if v == "T10S"} == {"next_reveal", "final_ranking", "split"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_is_answered_exactly_in_process(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    result = solve(doc)
    assert set(result) == {"kind", "answer", "explanation", "rules"}
    assert result["kind"] == doc["_question"]["kind"]
    assert doc["_expected"], "an example states what it expects"
    assert is_subset(doc["_expected"], result["answer"]), (
        f"{path.name}: expected {doc['_expected']}, got {result['answer']}"
    )
    assert any(citation(rule).book in ("holdem", "fch", "t10s") for rule in result["rules"])
    assert result["explanation"]["en"]
    assert result["explanation"]["ja"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_is_answered_by_the_solve_command(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    run = subprocess.run(
        [sys.executable, "-m", "games", "solve", str(path)],
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert not run.stderr
    assert is_subset(doc["_expected"], json.loads(run.stdout)["answer"])


def test_the_solve_command_reads_a_hold_em_document_from_standard_input():
    doc = json.loads((EXAMPLES_OTHER / "nt-min-raise-seed002-example.json").read_text(encoding="utf-8"))
    run = subprocess.run(
        [sys.executable, "-m", "games", "solve", "-"],
        input=json.dumps(doc).encode(),
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0
    assert json.loads(run.stdout)["answer"]["min_raise_to"] == 50


def test_the_solve_command_answers_a_broken_draw_document_with_an_error_object():
    run = subprocess.run(
        [sys.executable, "-m", "games", "solve", "-"],
        input=b'{"variant": "FCH", "starting_stacks": [20000, 20000], "actions": []}',
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert json.loads(run.stdout)["error"] == {
        "code": "bad_player_count",
        "message": json.loads(run.stdout)["error"]["message"],
        "path": "starting_stacks",
    }


@pytest.mark.parametrize("path", [p for p in FILES if p.name.startswith("nt-")], ids=lambda p: p.name)
def test_hold_em_example_without_its_extensions_replays_in_pokerkit(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    state = pokerkit_replay(doc)
    assert state is not None
