"""Where a question can be asked at all: each stud kind declares it (``QuestionKind.applies``)
and the solver refuses a question asked where the hand stops at a point it does not fit."""

from __future__ import annotations

import pytest

from games.api import kinds
from games.core.errors import EngineError
from games.solve import solve
from tests.games.helpers import deal, doc, street

HEADS_UP = deal("QdQc2d", "AsKs9h")  # seat 1 has the low door and brings in


def _refusal(document):  # type: ignore[no-untyped-def]
    with pytest.raises(EngineError) as caught:
        solve(document)
    return caught.value


def test_the_bring_in_is_answered_before_the_bring_in_decision():
    assert solve(doc(HEADS_UP, kind="bring_in"))["answer"]["seat"] == 1


@pytest.mark.parametrize(
    "actions",
    [
        [*HEADS_UP, "p1 pb"],  # posted: the decision is in the history
        [*HEADS_UP, "p1 cbr 500"],  # completed instead
        [*HEADS_UP, "p1 pb", "p2 cc"],  # 3rd-street betting is over
        [*HEADS_UP, "p1 pb", "p2 cc", *street(["2s", "3s"])],  # 4th street dealt
    ],
)
def test_the_bring_in_is_refused_once_the_decision_is_made(actions):
    error = _refusal(doc(actions, kind="bring_in"))
    assert error.code == "question_not_applicable"
    assert error.params["kind"] == "bring_in"
    assert error.path == "_question.kind"


def test_the_bring_in_before_every_door_card_is_dealt_is_refused_by_the_same_declaration():
    error = _refusal(doc(HEADS_UP[:1], kind="bring_in", players=2))
    assert error.code == "question_not_applicable"


def test_the_stub_and_showdown_guards_are_declared_on_their_kinds():
    declared = {k.name for k in kinds("stud") if k.applies is not None}
    assert {"bring_in", "stub", "showdown_first"} <= declared
    error = _refusal(doc(HEADS_UP, kind="stub"))
    assert (error.code, error.params["kind"]) == ("question_not_applicable", "stub")
    error = _refusal(doc([*HEADS_UP, "p1 pb"], kind="showdown_first"))
    assert (error.code, error.params["kind"]) == ("question_not_applicable", "showdown_first")
