"""Every question kind of every game is asked, read and shown through its typed fields alone.

The form builder, the parser and the answer renderer know field types, not kinds: a new kind
made of existing field types needs no web change. This test goes through the registry."""

import ast
import re
from pathlib import Path

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from dealer_training.drills.answer_form import build, parse
from dealer_training.drills.topics import answer_fields
from dealer_training.scenarios.present import answer_lines
from games.api import fields, games, generate, judge, kinds, solve, table_view

from .helpers import post_for

CASES = [(g.code, k.name) for g in games() for k in kinds(g.code)]


def _seats(document):
    return [int(s["seat"]) for s in table_view(document)["seats"]]


def _ranked(answer, seats):
    """The seats whose hands are ranked: on the page, those still in (the table says)."""
    ranked = {s for key in ("high_ranking", "low_ranking") for group in answer.get(key) or [] for s in group}
    return sorted(ranked) or seats


def _query(data):
    query = QueryDict(mutable=True)
    for key, value in data.items():
        query.setlist(key, value if isinstance(value, list) else [value])
    return query


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_every_kind_of_every_game_is_built_parsed_and_shown_from_its_fields(game, kind):
    for seed in range(3):
        document = generate(game=game, kind=kind, seed=seed)
        expected = solve(document)
        answer = expected["answer"]
        asked = answer_fields(game, kind, answer=answer)
        seats = _seats(document)
        ranked = _ranked(answer, seats)
        inputs = build(game, kind, asked, seats=seats, ranked=ranked)
        assert [i["key"] for i in inputs] == list(asked)
        for lang in ("en", "ja"):
            with translation.override(lang):
                for item in inputs:  # every field type has its input template
                    assert item["label"]
                    context = {"input": item, "given": {}, "errors": {}, "current_org": {"slug": "room"}}
                    html = re.sub(r"<[^>]+>", "", render_to_string(item["template"], context))
                    # The options input words its own legend (what the player may do).
                    assert item["type"] == fields.OPTIONS or item["label"] in html
                lines = answer_lines(game, kind, answer, asked)
                assert lines
        data = post_for(game, kind, asked, answer)
        given = parse(game, kind, asked, _query(data), seats=seats, ranked=ranked)
        verdict = judge(expected, given, fields=asked)
        assert verdict["correct"], (game, kind, asked, data, given, answer)


@pytest.mark.parametrize("field_type", fields.FIELD_TYPES)
def test_every_field_type_has_an_input_template(field_type):
    assert Path(f"templates/drills/fields/{field_type}.html").is_file()


# Modules of the web app that still import the engine past games.api, each with its reason.
ALLOWED = {
    # The house-rules flags are the stud rule set's (games.stud.rules.flag_specs).
    "dealer_training/accounts/house_rules.py": "stud rule flags",
    "dealer_training/scenarios/forms.py": "stud rule flags and the variation generator's changes",
    # The scenario editor and its imports work on stud scenario objects and PHH files.
    "dealer_training/scenarios/editor.py": "card deck of the editor",
    "dealer_training/scenarios/engine.py": "the editor's replay of a stud scenario",
    "dealer_training/scenarios/exports.py": "PHH export",
    "dealer_training/scenarios/import_files.py": "PHH import",
    "dealer_training/scenarios/phh_points.py": "PHH decision points",
    "dealer_training/scenarios/services.py": "scenario variations",
    "dealer_training/scenarios/vary_present.py": "what changed between a scenario and its variation",
    "dealer_training/scenarios/other_editor.py": "the other games' document fields, from their registry part",
    "dealer_training/scenarios/views.py": "card deck of the editor",
    "dealer_training/scenarios/labels.py": "card names and action records",
    "dealer_training/scenarios/answerability.py": "the answerability check's problem type",
    # The rulebook citations are data of the engine's core.
    "dealer_training/scenarios/citations.py": "rulebook citations",
    "dealer_training/drills/reference.py": "rulebook citations",
    "dealer_training/drills/management/commands/rule_coverage.py": "rulebook citations",
    "dealer_training/drills/rule_coverage.py": "the stud generator's and walk's internals",
    "dealer_training/drills/tenstud.py": "the ten-card stud deal played step by step",
    "dealer_training/progress/demo.py": "demo data from the stud generator",
    # The judge's version is stored with each verdict (games.judge.JUDGE_VERSION).
    "dealer_training/drills/verdicts.py": "the judge version stored with a verdict",
    # A migration keeps the code of its time.
    "dealer_training/drills/migrations/0004_demo_questions_store_their_solution.py": "a migration",
}


def _engine_imports(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        yield from (n for n in names if n == "games" or n.startswith("games."))


def test_the_web_imports_the_engine_only_through_its_public_api():
    wrong = {}
    for path in sorted(Path("dealer_training").rglob("*.py")):
        outside = sorted({n for n in _engine_imports(path) if n != "games.api"})
        if outside and str(path) not in ALLOWED:
            wrong[str(path)] = outside
    assert wrong == {}, "import the engine through games.api (or list the module with its reason)"


def test_the_answer_path_imports_only_games_api():
    for name in ("answer_form", "present", "views", "services", "topics", "other_games"):
        path = Path(f"dealer_training/drills/{name}.py")
        assert set(_engine_imports(path)) <= {"games.api"}, path
    assert set(_engine_imports(Path("dealer_training/scenarios/present.py"))) <= {"games.api"}


def test_kind_names_are_the_engine_labels_in_the_page_language_for_every_game():
    from dealer_training.scenarios.labels import KIND_LABELS, QUESTION_SHORT

    for g in games():
        for k in kinds(g.code):
            for lang, label in zip(("en", "ja"), k.label, strict=True):
                with translation.override(lang):
                    assert KIND_LABELS[k.name] == label or k.name in QUESTION_SHORT
    with translation.override("ja"):
        assert KIND_LABELS["min_raise"] == "ミニマムレイズ"
    assert "min_raise" not in QUESTION_SHORT  # the scenario library lists the stud kinds
