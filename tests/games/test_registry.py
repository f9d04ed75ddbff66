"""The registry of games and question kinds: every kind declares the answer its solver gives."""

from __future__ import annotations

import doctest
import json

import pytest

import games.api
import games.questions.fields
import games.registry
from games.core.errors import EngineError
from games.generate_other import generate_other
from games.questions.judge import judge
from games.registry import game, judging, kind, kind_names, kinds
from games.registry import games as all_games
from games.solve import solve
from games.stud.generate import generate
from tests.games.conftest import EXAMPLES_DIR

OTHER_EXAMPLES = EXAMPLES_DIR.parent / "examples_other"


def test_the_docstring_examples_hold() -> None:
    for module in (games.registry, games.questions.fields, games.api):
        result = doctest.testmod(module)
        assert result.attempted > 0, module.__name__
        assert result.failed == 0, module.__name__


def test_every_game_has_kinds_and_each_kind_names_its_family() -> None:
    for g in all_games():
        assert kinds(g.code), g.code
        for k in kinds(g.code):
            assert k.family == g.family
            assert k.fields, k.name
            assert len(set(k.keys)) == len(k.keys), k.name
            assert all(f.label[0] and f.label[1] for f in k.fields), k.name


def test_unknown_games_and_kinds_are_engine_errors() -> None:
    with pytest.raises(EngineError) as err:
        game("XX")
    assert err.value.code == "unknown_variant"
    with pytest.raises(EngineError) as err:
        kind("F7S", "min_raise")
    assert err.value.code == "unknown_question_kind"
    assert "bring_in" in err.value.params["allowed"]
    with pytest.raises(EngineError):
        judging("no_such_kind")


def _generated() -> list[tuple[str, str, dict]]:
    out = []
    for g in all_games():
        for name in kind_names(g.code):
            for seed in range(3):
                if g.is_stud:
                    doc = generate(kind=name, variant=g.code, seed=seed)
                else:
                    doc = generate_other(kind=name, variant=g.code, seed=seed)
                out.append((g.code, name, doc))
    return out


def _examples() -> list[tuple[str, str, dict]]:
    out = []
    for path in sorted(EXAMPLES_DIR.glob("*.json")) + sorted(OTHER_EXAMPLES.glob("*.json")):
        doc = json.loads(path.read_text())
        doc.pop("_expected", None)
        out.append((doc["variant"], doc["_question"]["kind"], doc))
    return out


def test_each_kinds_fields_cover_every_key_of_the_answers_its_solver_gives() -> None:
    seen = set()
    for code, name, doc in _generated() + _examples():
        declared = kind(code, name)
        result = solve(doc)
        assert result["kind"] == name
        keys = set(result["answer"])
        optional = {f.key for f in declared.fields if f.only_if_present}
        assert set(declared.keys) - optional <= keys, (code, name)
        # What the answer carries besides its fields is told with it, never judged.
        assert keys - set(declared.keys) <= set(declared.unjudged), (code, name, keys)
        assert judge(result, result["answer"])["correct"], (code, name)
        seen.add((game(code).family, name))
    declared_all = {(g.family, k.name) for g in all_games() for k in kinds(g.code)}
    assert declared_all <= seen, declared_all - seen


# --- the stud kinds: each one answers, misreads, explains and is drawn from its own module --------


def test_each_stud_kind_answers_and_misreads_in_its_own_module() -> None:
    for declared in kinds("stud"):
        home = f"games.stud.kinds.{declared.name}"
        assert declared.solve.__module__ == home, declared.name
        assert declared.explain is not None, declared.name
        if declared.misread is not None:
            assert declared.misread.__module__ == home, declared.name
            assert declared.misreadings, declared.name
    assert "suits_reversed" in kind("FR", "bring_in").misreadings
    assert "burns_not_counted" in kind("F7S", "stub").misreadings
    # A ruling's misreading reads the given ruling; no other game or rules are tried.
    assert kind("F7S", "ruling").misread_given


def test_a_misreading_sentence_names_the_kind_as_its_module_declares() -> None:
    from games.questions.diagnose import _sentence

    en, ja = _sentence(kind("F7S", "stub"), "other_variant", {"variant": "FR", "actual": "F7S"})
    assert en == "That is the stub count under razz, not stud high."
    assert ja == "それはスタッドハイではなく、ラズの場合のスタブの数です。"
    assert kind("F7S", "pots").phrase("en") == "pots"
    assert kind("F7S", "best_hands").phrase("en") == "ranking"


def test_the_generator_focuses_are_the_kinds_declarations() -> None:
    from games.stud.generate import focus_fields, focuses

    for declared in kinds("stud"):
        assert focuses(declared.name) == declared.focus
        for focus in declared.focus:
            assert focus_fields(declared.name, focus) == declared.focus_fields.get(focus)
    assert focuses("next_action", "F7S") == ("first_to_act", "options")
    assert focuses("next_action", "FR") == ("first_to_act", "options", "razz_boards")
    assert focus_fields("next_action", "razz_boards") == ("seat",)


def test_the_table_view_keeps_off_what_a_kind_declares_hidden() -> None:
    from games.table import table_view

    assert kind("F7S", "stub").hides == ("stub",)
    assert kind("F7S", "pots").hides == ("pot",)
    for name in ("stub", "pots", "award", "next_action"):
        doc = generate(kind=name, variant="F7S", seed=2)
        view = table_view(doc)
        assert ("stub" in view) == ("stub" not in kind("F7S", name).hides), name
        assert ("pot" in view) == ("pot" not in kind("F7S", name).hides), name
        if "pot.pots" in kind("F7S", name).hides:
            assert set(view["pot"]) == {"total", "collected"}


def test_the_moment_of_a_question_is_the_kinds_declaration() -> None:
    from games.questions.answerable import moment_problems
    from games.stud.scenario import load_stud_scenario

    assert {k.name for k in kinds("stud") if k.moment is not None} == {"pots", "bring_in", "showdown_first"}
    # The bring-in asked once it was posted: in the history.
    doc = generate(kind="next_action", variant="F7S", seed=1)
    doc["_question"] = {"kind": "bring_in"}
    assert [p.code for p in moment_problems(load_stud_scenario(doc))] == ["bring_in_in_history"]
    # Asked before it: answerable; a kind without a moment never has such a problem.
    doc["actions"] = [a for a in doc["actions"] if a.startswith("d dh")]
    assert moment_problems(load_stud_scenario(doc)) == ()
    doc["_question"] = {"kind": "next_action"}
    assert moment_problems(load_stud_scenario(doc)) == ()
