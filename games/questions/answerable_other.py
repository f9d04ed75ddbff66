"""Rebuild a hold'em, Flush Code Hack or ten-card stud scenario from its table view alone.

A question is answerable when the table the trainee sees decides its answer.
:func:`rebuild_other_from_view` writes a scenario document of the same game using nothing but
the view (``games.table.table_view``), by the rebuild each question kind declares (``rebuild``:
``games.holdem.rebuild``, ``games.draw.rebuild``, ``games.tenstud.rebuild``): the structure,
the seats, the starting stacks or points (what is behind plus what was put in), every action
of the history in order, and the cards the view shows. Every card the trainee cannot see is a
random card that the view shows nowhere, so solving several rebuilt documents (different
``rng``) and getting the same answer as the original shows that the answer follows from the
table; ``games.questions.answerable.check_answerable`` does that comparison for every game.

>>> import random
>>> from games.generate_other import generate_other
>>> from games.solve import solve
>>> from games.table import table_view
>>> doc = generate_other(kind="pots", variant="NT", seed=3)
>>> rebuilt = rebuild_other_from_view(table_view(doc), random.Random(1))
>>> solve(rebuilt)["answer"] == solve(doc)["answer"]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from games import registry
from games.core.errors import EngineError

__all__ = ["premise_problem", "rebuild_other_from_view"]

Rebuild = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]


def rebuilder(view: Mapping[str, Any]) -> Rebuild | None:
    """The rebuild the view's question kind declares (else its game's), None when there is none."""
    variant, name = str(view.get("variant"))[:20], view.get("kind")
    try:
        kinds = registry.kinds(variant)
    except EngineError:
        return None
    declared = [k for k in kinds if k.name == name] or list(kinds)
    return next((k.rebuild for k in declared if k.rebuild is not None), None)


def rebuild_other_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scenario document of ``view["variant"]`` (``"NT"``, ``"FCH"`` or ``"T10S"``) built from
    the table view alone, hidden cards drawn from ``rng`` (see the module docstring)."""
    rebuild = rebuilder(view)
    if rebuild is None:
        codes = [g.code for g in registry.games() if any(k.rebuild for k in registry.kinds(g.code))]
        variant = str(view.get("variant"))[:20]
        listed = f"{', '.join(codes[:-1])} and {codes[-1]}"
        raise EngineError(
            "unknown_variant",
            f"rebuild_other_from_view rebuilds {listed} tables, not {variant!r}",
            params={"variant": variant},
            path="variant",
        )
    return rebuild(view, rng)


def premise_problem(scenario: Any) -> tuple[str, dict[str, Any]] | None:
    """Why the question is asked where it cannot be asked, whatever the table shows; None when
    it can: the ``premise`` its kind declares, e.g. ``betting_open`` for a hold'em ``pots``
    question while a betting round is in progress (``games.holdem.kinds.pots``)."""
    if scenario.kind is None:
        return None
    premise = registry.kind(scenario.variant_code, scenario.kind).premise
    return None if premise is None else premise(scenario)
