"""``python -m games generate`` and ``python -m games table``: documents that solve, table views
that show what a dealer at the table sees and never the answer, and one-line errors with exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.cli import main
from games.generate_other import FOCUSES
from games.registry import games, kind_names
from games.solve import solve
from games.stud.generate import focuses
from games.stud.scenario import load_scenario
from tests.games.conftest import REPO_ROOT

HERE = Path(__file__).resolve().parent
STUD_EXAMPLES = sorted((HERE / "examples").glob("*.json"))
OTHER_EXAMPLES = sorted((HERE / "examples_other").glob("*.json"))
STUD = ("F7S", "FR", "F7S/8")
KINDS = [(g.code, k) for g in games() for k in kind_names(g.code)]
FOCUSED = [(v, k, f) for v in STUD for k in kind_names(v) for f in focuses(k, v)] + [
    (v, k, f) for v, kinds in FOCUSES.items() for k, fs in kinds.items() for f in fs
]
CARD = re.compile(r"[2-9TJQKA][cdhs]")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def command(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "games", *args],
        input=stdin,
        capture_output=True,
        cwd=REPO_ROOT,
        timeout=60,
        check=False,
    )


def generated(capsys: pytest.CaptureFixture[str], variant: str, kind: str, *extra: str, seed: int = 7) -> Any:
    code, out, err = run(
        ["generate", "--variant", variant, "--kind", kind, *extra, "--seed", str(seed)], capsys
    )
    assert (code, err) == (0, ""), err
    return json.loads(out)


@pytest.mark.parametrize(("variant", "kind"), KINDS)
def test_generate_prints_a_document_of_every_variant_and_kind_that_solve_accepts(
    variant, kind, capsys, tmp_path
):
    document = generated(capsys, variant, kind)
    assert (document["variant"], document["_question"]["kind"]) == (variant, kind)
    path = tmp_path / "generated.json"
    path.write_text(json.dumps(document))
    code, out, _err = run(["solve", str(path)], capsys)
    assert code == 0
    assert json.loads(out)["kind"] == kind


@pytest.mark.parametrize(("variant", "kind", "focus"), FOCUSED)
def test_generate_takes_every_focus_of_every_game_and_the_document_solves(variant, kind, focus, capsys):
    document = generated(capsys, variant, kind, "--focus", focus, seed=3)
    assert solve(document)["kind"] == kind


@pytest.mark.parametrize("ruleset", ["tda-2024", "robert-cash"])
def test_generate_writes_the_ruleset_asked_for_into_a_stud_document(ruleset, capsys):
    document = generated(capsys, "FR", "next_action", "--ruleset", ruleset)
    assert document["_ruleset"] == ruleset
    assert solve(document)["kind"] == "next_action"


def test_generate_is_deterministic_for_a_seed_and_varies_with_it():
    first = command("generate", "--variant", "F7S/8", "--kind", "award", "--seed", "11")
    again = command("generate", "--variant=F7S/8", "--kind=award", "--seed=11")
    other = command("generate", "--variant", "F7S/8", "--kind", "award", "--seed", "12")
    assert first.returncode == again.returncode == other.returncode == 0
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--variant", "XX", "--kind", "pots", "--seed", "1"], "unknown variant 'XX'"),
        (["--variant", "NT", "--kind", "stub", "--seed", "1"], "'stub' is not a question kind of NT"),
        (
            ["--variant", "F7S", "--kind", "min_raise", "--seed", "1"],
            "'min_raise' is not a question kind of F7S",
        ),
        (["--variant", "F7S", "--kind", "pots", "--focus", "zz", "--seed", "1"], "use antes, side_pots"),
        (["--variant", "F7S", "--kind", "best_hands", "--focus", "razz", "--seed", "1"], "not a focus"),
        (["--variant", "F7S", "--kind", "stub", "--focus", "x", "--seed", "1"], "it takes no focus"),
        (["--variant", "T10S", "--kind", "split", "--focus", "zz", "--seed", "1"], "not a focus of split"),
        (["--variant", "F7S", "--kind", "pots", "--ruleset", "zz", "--seed", "1"], "unknown ruleset 'zz'"),
        (["--variant", "NT", "--kind", "pots", "--ruleset", "tda-2024", "--seed", "1"], "stud games"),
        (["--variant", "F7S", "--kind", "pots", "--seed", "x"], "the seed must be a whole number"),
        (["--variant", "F7S", "--kind", "pots"], "missing --seed"),
        (["--variant", "F7S", "--kind", "pots", "--seed"], "--seed needs a value"),
        (["--variant", "F7S", "--kind", "pots", "--seed", "1", "--seed", "2"], "--seed is given twice"),
        (["--colour", "red"], "unknown option --colour"),
        (["pots"], "unexpected argument 'pots'"),
    ],
)
def test_bad_generate_arguments_exit_2_with_one_line_on_stderr(args, says, capsys):
    code, out, err = run(["generate", *args], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert says in err


def test_the_commands_never_print_a_traceback_for_bad_arguments():
    for args in (
        ["generate", "--variant", "F7S/8"],
        ["table"],
        ["table", "a", "b"],
        ["table", "missing.json"],
    ):
        result = command(*args)
        assert result.returncode == 2
        assert result.stdout == b""
        assert b"Traceback" not in result.stderr
        assert result.stderr.startswith(b"error: ")
        assert result.stderr.count(b"\n") == 1


@pytest.mark.parametrize("command_name", ["generate", "table"])
def test_help_lists_the_options_and_exits_0(command_name, capsys):
    code, out, err = run([command_name, "--help"], capsys)
    assert (code, err) == (0, "")
    assert "--variant" in out
    assert "table view" in out


def test_table_prints_the_view_of_a_file_and_of_stdin_alike():
    path = STUD_EXAMPLES[0]
    from_file = command("table", str(path))
    from_stdin = command("table", "-", stdin=path.read_bytes())
    assert from_file.returncode == from_stdin.returncode == 0
    assert from_file.stdout == from_stdin.stdout
    view = json.loads(from_file.stdout)
    assert view["variant"] == json.loads(path.read_text())["variant"]
    assert {"seats", "street", "history", "structure"} <= set(view)


def test_table_draws_a_hand_without_a_question_with_no_kind(tmp_path, capsys):
    document = json.loads(STUD_EXAMPLES[0].read_text())
    del document["_question"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(document))
    view = _table(path, capsys)
    assert view["kind"] is None
    assert len(view["seats"]) == len(document["starting_stacks"])


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"{not json", "not valid JSON"),
        (b"[]", "error: "),
        (b'{"variant": "F7S"}', "needs 'antes'"),
        (b'{"variant": "XX", "antes": []}', "error: "),
        (b"[" * 100_000, "error: "),
    ],
)
def test_a_bad_document_exits_2_with_one_line_on_stderr(data, says, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    code, out, err = run(["table", str(path)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert says in err


def _card_strings(value: Any) -> set[str]:
    """Every card code in the string values of a JSON value (keys are words, never cards)."""
    if isinstance(value, str):
        return set(CARD.findall(value))
    if isinstance(value, dict):
        return set().union(*(_card_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_card_strings(v) for v in value))
    return set()


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | set().union(*(_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def _table(path: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    code, out, err = run(["table", str(path)], capsys)
    assert (code, err) == (0, "")
    return json.loads(out)


@pytest.mark.parametrize("path", STUD_EXAMPLES, ids=lambda p: p.stem)
def test_a_stud_table_never_shows_a_downcard_that_lies_face_down(path, capsys):
    view = _table(path, capsys)
    state = load_scenario(path.read_bytes()).replay().state
    showdown = view["kind"] in ("best_hands", "award")
    for i, seat in enumerate(view["seats"]):
        visible = set(seat["upcards"]) | set(seat["exposed"]) | set(seat.get("downcards_shown", []))
        if "downcards_shown" in seat:  # a hand tabled at the showdown: live, never folded or mucked
            assert showdown, seat
            assert not seat["folded"], seat
            assert not seat["mucked"], seat
        hidden = {str(c) for c in state.downs[i]} - visible
        assert not hidden & _card_strings(view), (seat["seat"], hidden & _card_strings(view))


@pytest.mark.parametrize(
    "path", [p for p in OTHER_EXAMPLES if p.name.startswith("nt-")], ids=lambda p: p.stem
)
def test_a_hold_em_table_never_shows_hole_cards_that_were_not_tabled(path, capsys):
    view = _table(path, capsys)
    document = json.loads(path.read_text())
    shown = {card for seat in view["seats"] for card in seat.get("shown", [])}
    holes: set[str] = set()
    for action in document["actions"]:
        if action.startswith("d dh "):
            holes |= set(CARD.findall(action.split()[-1]))
    assert not (holes - shown) & _card_strings(view)


# Names an answer uses that a table view shares for facts the table shows (a seat's number, the
# street on the table, the pot as it stands, a draw player's points before the pot is pushed, the
# ten-card stud reveals already made): they are not the answer.
SHARED = {
    "seat",
    "seats",
    "street",
    "phase",
    "amount",
    "pot",
    "pots",
    "community_card",
    "hands",
    "points",
    "step",
}
HIDDEN_BY_KIND = {"pots": {"pot", "pots"}, "stub": {"stub"}, "round_result": {"pot"}}


@pytest.mark.parametrize("path", STUD_EXAMPLES + OTHER_EXAMPLES, ids=lambda p: p.stem)
def test_a_table_never_holds_the_answer_of_its_question(path, capsys):
    view = _table(path, capsys)
    answer = solve(path.read_bytes())["answer"]
    forbidden = (set(answer) - SHARED) | HIDDEN_BY_KIND.get(view["kind"], set())
    assert not forbidden & _keys(view), forbidden & _keys(view)


@pytest.mark.parametrize(
    "path", [p for p in OTHER_EXAMPLES if p.name.startswith(("t10s-", "fch-"))], ids=lambda p: p.stem
)
def test_a_draw_or_ten_card_stud_table_never_shows_a_card_still_hidden(path, capsys):
    view = _table(path, capsys)
    state = load_scenario(path.read_bytes()).replay()  # type: ignore[union-attr]
    hidden: set[str] = set()
    for seat in view["seats"]:
        number = int(seat["player"][1:])
        if view["variant"] == "T10S":
            held = state.holes.get(number) or ()  # hole cards nobody has turned are not even known
            visible = set(seat["door"]) | set(seat["revealed"]) | set(seat.get("hole", []))
        else:
            held = state.hands.get(number, ())
            visible = set(seat.get("hand", []))
        hidden |= {str(c) for c in held} - visible
    if view["kind"] == "phase_end":  # mid-round, every draw hand is face down
        assert len(hidden) == sum(seat["cards"] for seat in view["seats"]) > 0
    assert not hidden & _card_strings(view)
