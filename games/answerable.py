"""Whether a question can be worked out from what the table shows.

:func:`rebuild_from_view` turns a table view (:func:`games.table.table_view`) back into a
scenario document using nothing but the view: the same game, structure, rules and seats,
starting stacks from the chips on each seat, the whole history street by street, the
irregularities where they happened, and the same question. Every card the trainee cannot see
is replaced by a random card that is visible nowhere in the view.

:func:`check_answerable` solves several such rebuilds: a question is answerable when each of
them has the scenario's own answer. When it is not, the report names what the trainee cannot
see: the seats whose face-down cards change the answer (found by refilling one seat at a time
on top of the real cards), or that something other than a card is missing from the table. A
question asked when its answer is already in the history (who shows first once hands are
tabled), or before a dealer could answer it (the pots while a bet is pending), fails too.

>>> from games.stud.generate import generate
>>> check_answerable(generate(kind="pots", variant="F7S", seed=1, focus="side_pots")).answerable
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.answerable_other import premise_problem, rebuilder
from games.core.errors import EngineError
from games.questions.answerable import AnswerabilityProblem, AnswerabilityReport, differs, failed
from games.solve import solve_scenario
from games.stud.answerable import check_stud_view, moment_problems, rebuild_stud_from_view
from games.stud.scenario import Scenario, load_scenario
from games.table import table_view

__all__ = [
    "AnswerabilityProblem",
    "AnswerabilityReport",
    "check_answerable",
    "moment_problems",
    "rebuild_from_view",
]


def rebuild_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scenario document (format v1) built from the table view alone.

    Same variant, structure, rules, seats and question; starting stacks from each seat's stack
    and chips committed; the history's deals (drawn upcards, shown and exposed cards), actions,
    shows and irregularities. Every card the trainee cannot see is a random card from those
    visible nowhere in the view. Hold'em, Flush Code Hack and ten-card stud are rebuilt by
    :mod:`games.answerable_other` (stud by :mod:`games.stud.answerable`).
    """
    rebuild = rebuilder(view)
    if rebuild is not None:
        return rebuild(view, rng)
    return rebuild_stud_from_view(view, rng)


def _other_premise(scenario: Any) -> AnswerabilityProblem | None:
    found = premise_problem(scenario)
    return None if found is None else AnswerabilityProblem(found[0], found[1])


# --- the check --------------------------------------------------------------------------------


def _answer(document: Mapping[str, Any]) -> dict[str, Any]:
    return dict(solve_scenario(load_scenario(dict(document))).answer)


def check_answerable(
    document: Mapping[str, Any] | str | bytes,
    *,
    fillings: int = 4,
    seed: int = 0,
    fields: Sequence[str] | None = None,
    view: Mapping[str, Any] | None = None,
) -> AnswerabilityReport:
    """Whether the scenario's question can be answered from its table view alone.

    The view (``view``, default :func:`games.table.table_view` of the document) is rebuilt
    ``fillings`` times with random cards where the trainee sees none; the question is
    answerable when every rebuild has the scenario's answer, compared on ``fields`` (the
    answer fields a drill asks) or on the whole answer. A stud question asked at a moment its
    answer is already in the history, or not settled yet, fails before any rebuild
    (:func:`moment_problems`). A document that cannot be solved raises its :class:`EngineError`.
    """
    scenario = load_scenario(document if isinstance(document, Mapping) else _decoded(document))
    original = dict(solve_scenario(scenario).answer)
    if isinstance(scenario, Scenario):
        moment = moment_problems(scenario)
        if moment:
            return failed(*moment)
    doc = dict(document) if isinstance(document, Mapping) else _decoded(document)
    if view is None:
        view = table_view(scenario)
    rng = random.Random(f"answerable|{seed}")
    other = rebuilder(view) is not None

    def attempt(build: Callable[[], dict[str, Any]]) -> tuple[list[str] | None, str | None]:
        try:
            return differs(original, _answer(build()), fields), None
        except EngineError as err:
            if err.code == "unknown_variant" and other:
                raise  # no rebuild for this game: not a verdict on the question
            return None, err.message
        except (KeyError, IndexError, TypeError, ValueError) as err:
            return None, f"the view lacks {err}"

    if other:
        premise = _other_premise(scenario)
        if premise is not None:
            return failed(premise)
        for _ in range(fillings):
            differ, reason = attempt(lambda: rebuild_from_view(view, rng))
            if reason is not None:
                return failed(AnswerabilityProblem("rebuild_failed", {"reason": reason}))
            if differ:
                return failed(AnswerabilityProblem("answer_varies", {"fields": differ}))
        return AnswerabilityReport(True)

    return check_stud_view(doc, view, original, answer=_answer, fields=fields, fillings=fillings, rng=rng)


def _decoded(source: str | bytes) -> dict[str, Any]:
    import json

    try:
        doc = json.loads(source)
    except ValueError:
        raise EngineError("bad_json", "the scenario is not valid JSON") from None
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object")
    return doc
