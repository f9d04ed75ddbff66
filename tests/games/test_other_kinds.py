"""The other games' question kinds each declare what they answer, misread and rebuild."""

from __future__ import annotations

import random

import pytest

from games.draw.answers import MISREAD_TEXT as DRAW_TEXT
from games.generate_other import FOCUSES, generate_other
from games.holdem.answers import MISREAD_TEXT as HOLDEM_TEXT
from games.holdem.document import HoldemScenario
from games.questions.answerable_other import premise_problem
from games.registry import games, kinds, read_document
from games.solve import solve
from games.stud.generate import generate
from games.stud.scenario import load_scenario
from games.table import table_view
from games.tenstud.answers import MISREAD_TEXT as TENSTUD_TEXT

OTHER = [g.code for g in games() if not g.is_stud]
TEXTS = {"NT": HOLDEM_TEXT, "FCH": DRAW_TEXT, "T10S": TENSTUD_TEXT}


@pytest.mark.parametrize("code", OTHER)
def test_each_kind_declares_its_solver_focuses_misreadings_and_rebuild(code):
    for kind in kinds(code):
        assert kind.focus, kind.name
        assert FOCUSES[code][kind.name] == kind.focus
        assert kind.misread is not None, kind.name
        assert kind.misreadings, kind.name
        assert kind.rebuild is not None, kind.name
        document = generate_other(kind=kind.name, variant=code, seed=1)
        scenario = load_scenario(document)
        assert kind.solve(scenario).answer == solve(document)["answer"]
        rebuilt = kind.rebuild(table_view(document), random.Random(0))
        assert solve(rebuilt)["answer"] == solve(document)["answer"]


@pytest.mark.parametrize("code", OTHER)
def test_every_misreading_sentence_of_a_game_belongs_to_one_of_its_kinds(code):
    declared = {c for kind in kinds(code) for c in kind.misreadings}
    assert declared == set(TEXTS[code])
    for kind in kinds(code):
        for c, text in kind.misreadings.items():
            assert text == TEXTS[code][c]


def test_only_the_hold_em_pots_question_declares_a_premise():
    with_premise = [(g, k.name) for g in OTHER for k in kinds(g) if k.premise is not None]
    assert with_premise == [("NT", "pots")]
    document = generate_other(kind="award", variant="NT", seed=2)
    assert premise_problem(load_scenario(document)) is None


def test_the_registry_reads_the_other_games_documents_and_leaves_stud_to_stud():
    document = generate_other(kind="pots", variant="NT", seed=3)
    assert isinstance(read_document(document), HoldemScenario)
    assert read_document(generate(kind="pots", variant="F7S", seed=1)) is None
    assert read_document({"variant": "XX"}) is None
    assert read_document(["not", "a", "document"]) is None
