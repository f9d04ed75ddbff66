"""Answer the question of a stud scenario (``games.solve`` answers every game through this for stud).

The scenario is replayed once and its kind's solver works out the answer from the replayed hand
(:class:`games.stud.answering.Case`); the explanation is written from the facts the solver used
(see :mod:`games.stud.explain`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games import registry
from games.core.errors import EngineError
from games.questions.kind import QuestionKind
from games.questions.solution import Solution
from games.stud.answering import Case, not_applicable
from games.stud.explain import explain
from games.stud.rules import Variant
from games.stud.scenario import Replay, Scenario

__all__ = ["question_kind", "solve_replayed", "solve_stud"]


def solve_stud(scenario: Scenario, *, variant: Variant | None = None, ruleset: Any = None) -> Solution:
    """Replay the stud scenario and answer its question.

    ``variant`` and ``ruleset`` replay the hand under another game or rules (for
    :mod:`games.stud.diagnose`).
    """
    kind = question_kind(scenario)
    return _answer(kind, Case(scenario, scenario.replay(variant=variant, ruleset=ruleset)))


def question_kind(scenario: Scenario) -> QuestionKind:
    """The kind of question the stud scenario asks (``missing_field`` when it asks none)."""
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    return registry.kind(scenario.variant.value, str(scenario.question.get("kind")))


def solve_replayed(scenario: Scenario, replay: Replay) -> Solution:
    """Answer the question of a stud scenario already replayed under its own game and rules
    (``replay`` is ``scenario.replay()``): the same solution as :func:`solve_stud`."""
    return _answer(question_kind(scenario), Case(scenario, replay))


def _answer(kind: QuestionKind, case: Case) -> Solution:
    if kind.applies is not None and case.replay.state.phase != "misdeal":
        reason = kind.applies(case)
        if reason is not None:
            raise not_applicable(kind.name, reason)
    solution = kind.solve(case)
    # Stud answers are explained from their facts, only when written out.
    return solution if solution.explanation is not None else replace(solution, writer=explain)
