"""The engine's public API: what the web app and other callers use, for every game alike.

Everything here dispatches through the registry (:mod:`games.registry`): a scenario's variant
code names its game, the game's family its package and question kinds.

>>> [g.code for g in games()]
['F7S', 'FR', 'F7S/8', 'NT', 'FCH', 'T10S']
>>> doc = generate(game="FR", kind="bring_in", seed=7)
>>> result = solve(doc)
>>> judge(result, result["answer"])["correct"]
True
>>> diagnose(doc, result["answer"])
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.core.errors import EngineError
from games.questions import fields
from games.questions.fields import Field
from games.questions.kind import QuestionKind
from games.registry import Game, game, games, judging, kind, kind_names, kinds

if TYPE_CHECKING:
    from games.core.documents import OtherScenario
    from games.stud.hints import Hint
    from games.stud.scenario import Scenario

__all__ = [
    "EngineError",
    "Field",
    "Game",
    "QuestionKind",
    "action_after",
    "diagnose",
    "fields",
    "game",
    "games",
    "generate",
    "hint",
    "judge",
    "judging",
    "kind",
    "kind_names",
    "kinds",
    "legal_actions",
    "load",
    "show_me",
    "solve",
    "solve_and_view",
    "table_view",
    "walk",
]


def load(source: str | bytes | Mapping[str, Any]) -> Scenario | OtherScenario:
    """Read and check a scenario of any game (JSON text or a decoded document)."""
    from games.stud.scenario import load_scenario

    return load_scenario(source)


def solve(scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """The answer to the scenario's question: ``{"kind", "answer", "explanation", "rules"}``."""
    from games.solve import solve as solve_any

    return solve_any(scenario)


def solve_and_view(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(solve(scenario), table_view(scenario))`` from one replay of the hand (see
    :mod:`games.issue`): what a question is issued with."""
    from games.issue import solve_and_view as both

    return both(scenario)


def show_me(scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes) -> list[dict[str, Any]]:
    """The steps that decide the answer, each with its table view, to replay after the answer
    (see :mod:`games.show`)."""
    from games.show import show_me as steps

    return steps(scenario)


def judge(
    expected: Mapping[str, Any],
    given: Mapping[str, Any],
    *,
    kind: str | None = None,
    fields: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A given answer judged field by field against the engine's (see :func:`games.judge.judge`)."""
    from games.judge import judge as judge_answer

    return judge_answer(expected, given, kind=kind, fields=fields)


def diagnose(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes, given: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The known misreadings that explain a wrong answer (empty when right or unexplained)."""
    from games.diagnose import diagnose as diagnose_answer

    return diagnose_answer(scenario, given)


def table_view(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
    *,
    reveal_downcards: bool | None = None,
) -> dict[str, Any]:
    """What a dealer standing at the table sees at the decision point."""
    from games.table import table_view as view

    return view(scenario, reveal_downcards=reveal_downcards)


def hint(view: Mapping[str, Any], *, stage: str, game: str) -> Hint:
    """The hint of a hand-walk step: the rule that decides the decision at ``stage`` of the stud
    game ``game``, in English and Japanese, the rules it cites and the seats to look at, from the
    step's :func:`table_view`; never the answer (see :mod:`games.stud.hints`)."""
    from games.stud.hints import hint as stud_hint

    return stud_hint(view, stage=stage, game=game)


def legal_actions(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
) -> list[dict[str, Any]]:
    """The actions an editor may append next to the scenario's hand."""
    from games.table import legal_actions as actions

    return actions(scenario)


def generate(
    *,
    game: str,
    kind: str,
    seed: int | str,
    focus: str | None = None,
    ruleset: str | None = None,
    rules: Mapping[str, Any] | None = None,
    structure: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A new scenario document of ``game`` asking ``kind``, the same for the same seed.

    The stud games also take a room's rule set, rule overrides and betting structure."""
    from games.registry import game as find_game

    if find_game(game).is_stud:
        from games.stud.generate import generate as generate_stud

        house: dict[str, Any] = {"rules": rules, "structure": structure}
        if ruleset is not None:
            house["ruleset"] = ruleset
        return generate_stud(kind=kind, variant=game, seed=seed, focus=focus, **house)
    from games.generate_other import generate_other

    return generate_other(kind=kind, variant=game, seed=seed, focus=focus)


def walk(
    *,
    variant: str,
    seed: int | str,
    ruleset: str = "tda-2024",
    rules: Mapping[str, Any] | None = None,
    structure: Mapping[str, Any] | None = None,
    error_rate: float = 0.0,
) -> list[Any]:
    """A stud hand walked street by street: one question step per decision (``games.stud.walk``);
    with ``error_rate`` > 0, now and then a ``dealer_error`` step before a decision."""
    from games.stud.walk import walk as walk_hand

    return walk_hand(
        variant=variant, seed=seed, ruleset=ruleset, rules=rules, structure=structure, error_rate=error_rate
    )


def action_after(step_document: Mapping[str, Any], action: str) -> tuple[Any, int, int]:
    """A walk step's following action as the engine records it: the record, the seat and the street."""
    from games.stud.walk import action_after_record

    return action_after_record(step_document, action)
