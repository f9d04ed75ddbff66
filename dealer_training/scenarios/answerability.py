"""Whether trainees can work out a scenario's answer from the table they are shown.

The engine decides (``games.answerable.check_answerable``: the scenario is rebuilt from its table
view with random cards wherever the trainee sees none, and must keep its answer). A scenario that
fails is not published: the editor and the status buttons refuse, imports keep it as a draft, and
the answerability page and ``manage.py check_answerable`` list the ones already saved.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.answerable import AnswerabilityProblem, check_answerable
from games.core.errors import EngineError

from .labels import page_language
from .models import Scenario
from .rules_policy import effective_document

FILLINGS = 4  # random fillings of the cards the trainee cannot see


class ScenarioNotAnswerable(Exception):
    """Publishing refused: the answer cannot be worked out from the table."""

    def __init__(self, problems: Sequence[AnswerabilityProblem]) -> None:
        super().__init__([p.code for p in problems])
        self.problems = tuple(problems)

    def messages(self, lang: str | None = None) -> list[str]:
        return problem_messages(self.problems, lang)


def answerability_problems(document: Mapping[str, Any]) -> tuple[AnswerabilityProblem, ...]:
    """What the trainee cannot see that the answer depends on; empty when the scenario is
    answerable (or is a game the check does not rebuild yet)."""
    # The editor asks again on every change and a save asks once more: remember recent answers.
    return _problems(json.dumps(document, sort_keys=True, ensure_ascii=False))


@functools.lru_cache(maxsize=64)
def _problems(text: str) -> tuple[AnswerabilityProblem, ...]:
    try:
        report = check_answerable(text, fillings=FILLINGS, seed=0)
    except EngineError as err:
        if err.code == "unknown_variant":  # no rebuild from the table for this game yet
            return ()
        raise
    if report.answerable:
        return ()
    return report.problems or (AnswerabilityProblem("answer_varies"),)


def _lang(lang: str | None) -> str:
    return lang or page_language()


def problem_messages(problems: Iterable[AnswerabilityProblem], lang: str | None = None) -> list[str]:
    return [p.message(_lang(lang)) for p in problems]


def stored_problems(problems: Sequence[AnswerabilityProblem]) -> list[dict[str, Any]]:
    """Problems as JSON (an import job's results keep them)."""
    return [{"code": p.code, "params": dict(p.params)} for p in problems]


def stored_messages(stored: Iterable[Mapping[str, Any]], lang: str | None = None) -> list[str]:
    problems = [
        AnswerabilityProblem(str(p.get("code")), dict(p.get("params") or {}))
        for p in stored
        if isinstance(p, Mapping)
    ]
    return problem_messages(problems, lang)


@dataclass(frozen=True)
class Unanswerable:
    scenario: Scenario
    problems: tuple[AnswerabilityProblem, ...]

    def messages(self, lang: str | None = None) -> list[str]:
        return problem_messages(self.problems, lang)


def unanswerable_scenarios(scenarios: Iterable[Scenario]) -> list[Unanswerable]:
    """The scenarios (with their current version loaded) whose answer the table does not give;
    a scenario the engine can no longer solve is listed with the reason the rebuild failed. Each
    is checked under the rules trainees are asked it (``rules_policy.effective_document``)."""
    found = []
    organisations: dict[int, Any] = {}
    for scenario in scenarios:
        version = scenario.current_version
        if version is None:
            continue
        if scenario.organisation_id not in organisations:
            organisations[scenario.organisation_id] = scenario.organisation
        organisation = organisations[scenario.organisation_id]
        try:
            document = effective_document(version, organisation, pinned=scenario.rules_pinned)
            problems = answerability_problems(document)
        except EngineError as err:
            problems = (AnswerabilityProblem("rebuild_failed", {"reason": err.message}),)
        if problems:
            found.append(Unanswerable(scenario, problems))
    return found
