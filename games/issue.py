"""A question as the web app issues it: its answer and its table view, from one replay.

``solve_and_view(scenario)`` gives exactly what ``solve(scenario)`` and ``table_view(scenario)``
give called one after the other, replaying a stud hand once for both instead of once each. The
view is drawn first and only reads the replayed state; the solver then answers from the same
state, untouched. A view drawn just before the irregularity a ruling asks about needs a replay
of its own (:func:`games.table.view_stops_before_event`), and the other games are solved and
drawn as they always are.

>>> from games.stud.generate import generate
>>> from games.solve import solve
>>> from games.table import table_view
>>> doc = generate(kind="next_action", variant="F7S", seed=3, focus="options")
>>> solve_and_view(doc) == (solve(doc), table_view(doc))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.documents import OtherScenario
from games.solve import solve
from games.stud.scenario import Scenario, load_scenario
from games.stud.solve import question_kind, solve_replayed
from games.table import stud_table_view, table_view, view_stops_before_event

__all__ = ["solve_and_view"]


def solve_and_view(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario's answer (as :func:`games.solve.solve`) and its table view (as
    :func:`games.table.table_view` with the default downcards)."""
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    if isinstance(scenario, OtherScenario):
        return solve(scenario), table_view(scenario)
    question_kind(scenario)  # a scenario asking nothing fails here, before any replay, as in solve()
    if view_stops_before_event(scenario):
        return solve(scenario), table_view(scenario)
    replay = scenario.replay()
    try:
        view = stud_table_view(scenario, replay.state)
    except Exception:
        # Called one after the other, solve() would have raised its own error first.
        solve_replayed(scenario, replay)
        raise
    return solve_replayed(scenario, replay).to_dict(), view
