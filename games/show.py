"""'Show me': the steps that decide an answer, replayed on the table after the trainee answered.

Each stud question kind may declare ``show`` (:class:`games.questions.kind.QuestionKind`): the
steps that decide its answer, each with how many of the hand's actions are replayed at that
step (``upto``), the seats it points at and a code with facts that the app words (the last
aggressor's raise and the seats still to act for the next action, the door cards compared for
the bring-in, each seat's chips layered into the pots), or a step the engine words itself in
English and Japanese (``en``, ``ja`` and the seats' ``tag``: the stub, the award and the
irregularities, :mod:`games.stud.show_steps`). This module adds to each step the table view at
that point (:func:`games.table.table_view`), so the app draws it like any table: with the live
hands turned up for a step marked ``reveal``, without the question's irregularity for one marked
``before_event``. It gives the answer away: call it only once the question is answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import registry
from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.stud.answering import Case
from games.stud.scenario import Scenario, load_scenario
from games.stud.solve import solve_stud

__all__ = ["show_me"]

# A replay longer than this is cut to its last steps (the decisive ones come last).
MAX_STEPS = 12


def show_me(scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes) -> list[dict[str, Any]]:
    """The steps that decide the scenario's answer, each with its table view (``view``); empty
    when the question kind has no replay or the hand cannot be replayed step by step."""
    loaded = scenario if isinstance(scenario, Scenario | OtherScenario) else load_scenario(scenario)
    if isinstance(loaded, OtherScenario):
        return []
    kind = registry.kind(loaded.variant.value, str((loaded.question or {}).get("kind")))
    if kind.show is None:
        return []
    solution = solve_stud(loaded)
    replay = loaded.replay()
    steps = kind.show(Case(loaded, replay), solution)[-MAX_STEPS:]
    # Each action is one record of the hand; an event that adds records breaks the alignment,
    # and then every step is drawn on the table of the decision point.
    aligned = len(replay.state.history) == len(loaded.actions)
    views: dict[tuple[int, bool, bool], dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for step in steps:
        upto = int(step["upto"]) if aligned else len(loaded.actions)
        key = (upto, bool(step.get("before_event")), bool(step.get("reveal")))
        if key not in views:
            try:
                views[key] = _view(loaded, upto, before_event=key[1], reveal=key[2])
            except EngineError:
                # A hand the remedy ended (a misdeal) is drawn as the step before it left it.
                if not out:
                    return []
                views[key] = out[-1]["view"]
        out.append({**step, "upto": upto, "view": views[key]})
    return out


def _view(
    scenario: Scenario, upto: int, *, before_event: bool = False, reveal: bool = False
) -> dict[str, Any]:
    """The table after the first ``upto`` actions, drawn for no question: no downcard shown, or
    with ``reveal`` the live hands turned up as at the showdown; ``before_event`` leaves out the
    question's irregularity (the scenario's last event)."""
    from games.table import table_view

    events = scenario.events[:-1] if before_event else scenario.events
    events = tuple(e for e in events if e.after < upto)
    shortened = scenario.with_changes(actions=scenario.actions[:upto], events=events, question=None)
    return table_view(shortened, reveal_downcards=reveal)
