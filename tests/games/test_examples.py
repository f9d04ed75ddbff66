"""Every example scenario the repository keeps, solved in-process and through the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games.solve import solve
from tests.games.conftest import EXAMPLES_DIR, REPO_ROOT, is_subset

EXAMPLE_FILES = sorted(EXAMPLES_DIR.glob("*.json"))


def test_the_repository_keeps_the_examples():
    assert len(EXAMPLE_FILES) >= 16, f"only {len(EXAMPLE_FILES)} examples under {EXAMPLES_DIR}"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_example_scenario_is_answered_exactly(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    result = solve(doc)
    assert result["kind"] == doc["_question"]["kind"]
    assert is_subset(doc["_expected"], result["answer"]), (
        f"{path.name} ({doc.get('_notes', '')}): expected {doc['_expected']}, got {result['answer']}"
    )
    assert result["rules"], "every answer cites at least one rule"
    assert result["explanation"]["en"]
    assert result["explanation"]["ja"]


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_example_scenario_is_answered_by_the_solve_command(path):
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
    result = json.loads(run.stdout)
    assert is_subset(doc["_expected"], result["answer"])


def test_is_subset_rejects_a_wrong_value_so_the_example_tests_can_fail():
    assert not is_subset({"seat": 3}, {"seat": 4})
    assert not is_subset({"pots": [{"amount": 1}]}, {"pots": [{"amount": 1}, {"amount": 2}]})
    assert is_subset({"a": [1]}, {"a": [1], "b": 2})
