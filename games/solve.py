"""Answer the question of a scenario of any game (scenario-format section 3, conventions of section 7).

``solve(scenario)`` returns ``{"kind", "answer", "explanation": {"en", "ja"}, "rules"}``.
Each question kind answers in its own module (:mod:`games.registry`); a stud scenario is
replayed once here and its kind's solver works out the answer from the replayed hand
(:class:`games.stud.answering.Case`); the explanation is written from the facts the solver
used (see :mod:`games.stud.explain`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import registry
from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.questions.solution import Solution
from games.stud.answering import Case
from games.stud.explain import explain
from games.stud.rules import Variant
from games.stud.scenario import Scenario, load_scenario

__all__ = ["Solution", "solve", "solve_document", "solve_other", "solve_scenario"]


def solve_other(scenario: OtherScenario) -> Solution:
    """Answer a hold'em, Flush Code Hack or ten-card stud scenario: the solver its question kind
    declares (``games/<game>/kinds/<kind>.py``, through :mod:`games.registry`)."""
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    return registry.kind(scenario.variant_code, str(scenario.kind)).solve(scenario)


def solve_scenario(
    scenario: Scenario | OtherScenario, *, variant: Variant | None = None, ruleset: Any = None
) -> Solution:
    """Replay the scenario and answer its question.

    ``variant`` and ``ruleset`` replay a stud hand under another game or rules (for
    :mod:`games.questions.diagnose`); they do not apply to the other games.
    """
    if isinstance(scenario, OtherScenario):
        if variant is not None or ruleset is not None:
            raise EngineError("bad_field", "variant and ruleset overrides apply to stud scenarios only")
        return solve_other(scenario)
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    kind = registry.kind(scenario.variant.value, str(scenario.question.get("kind")))
    solution = kind.solve(Case(scenario, scenario.replay(variant=variant, ruleset=ruleset)))
    # Stud answers are explained from their facts, only when written out.
    return solution if solution.explanation is not None else replace(solution, writer=explain)


def solve(scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """Solve a scenario of any game given as a scenario object, a decoded document or JSON text."""
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    return solve_scenario(scenario).to_dict()


def solve_document(source: str | bytes) -> dict[str, Any]:
    """The CLI's entry: the answer object, or the error object for bad input."""
    try:
        return solve(source)
    except EngineError as err:
        return err.to_dict()
