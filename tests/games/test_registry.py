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
