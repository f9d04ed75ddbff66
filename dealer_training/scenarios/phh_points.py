"""Questions at the decision points of a hand history (a PHH hand without a question of its own).

A hand history is a whole hand. A dealer meets a decision at many points of it; each chosen
point becomes one scenario: the hand's actions up to that point and a question. Where a point
is, the engine says: a question is kept at the first place where the engine solves it (the
stub only solves between 6th-street betting and the 7th-street deal, for example), and the
answer of ``next_action`` says whether someone is to act. The notation is only read to tell a
deal (``d ...``) from a player's action.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.errors import EngineError
from games.solve import solve_scenario
from games.stud.scenario import Scenario, scenario_to_dict

POINTS = ("pots_after_antes", "bring_in", "first_actor", "stub", "showdown_first", "award")


@dataclass(frozen=True)
class Point:
    """One question at one place of the hand: the first ``length`` actions are played."""

    code: str  # a POINTS code, or "next_action" / "round_complete" for the steps of a hand walk
    kind: str
    length: int
    street: int | None
    document: dict[str, Any]
    solution: dict[str, Any]


def _is_deal(action: str) -> bool:
    return action.split()[:1] == ["d"]


def _is_show(action: str) -> bool:
    words = action.split()
    return len(words) >= 2 and words[1] == "sm"


def _prefix(scenario: Scenario, length: int, kind: str) -> Scenario:
    events = tuple(e for e in scenario.events if e.after < length)
    return scenario.with_changes(
        actions=scenario.actions[:length], events=events, question={"kind": kind}, expected=None
    )


def _solve(scenario: Scenario, length: int, kind: str) -> tuple[Scenario, dict[str, Any]] | None:
    candidate = _prefix(scenario, length, kind)
    try:
        return candidate, solve_scenario(candidate).to_dict()
    except EngineError:
        return None


def _point(code: str, scenario: Scenario, length: int, kind: str) -> Point | None:
    solved = _solve(scenario, length, kind)
    if solved is None:
        return None
    candidate, solution = solved
    street = solution["answer"].get("street") if kind == "next_action" else None
    return Point(code, kind, length, street, scenario_to_dict(candidate), solution)


def _betting_starts(actions: Sequence[str]) -> list[int]:
    """Lengths after which a run of deals ends and players act (the start of a betting round)."""
    return [
        k
        for k in range(1, len(actions))
        if _is_deal(actions[k - 1]) and not _is_deal(actions[k]) and not _is_show(actions[k])
    ]


def decision_points(scenario: Scenario, points: Sequence[str]) -> list[Point]:
    """The chosen points of the hand, in the order of the hand (the engine checks each)."""
    actions = scenario.actions
    scenario.replay()  # the hand must replay: its EngineError names the action at fault
    wanted = set(points)
    found: list[Point] = []
    starts = _betting_starts(actions)
    third = starts[0] if starts else len(actions)
    if "pots_after_antes" in wanted and (p := _point("pots_after_antes", scenario, third, "pots")):
        found.append(p)
    if "bring_in" in wanted and (p := _point("bring_in", scenario, third, "bring_in")):
        found.append(p)
    if "first_actor" in wanted:
        for length in starts[1:]:
            point = _point("first_actor", scenario, length, "next_action")
            if point is not None and point.solution["answer"].get("seat") is not None:
                found.append(point)
    for code, kind in (("stub", "stub"), ("showdown_first", "showdown_first")):
        if code in wanted:
            point = _first_solving(scenario, code, kind, start=third)
            if point is not None:
                found.append(point)
    if "award" in wanted and (p := _point("award", scenario, len(actions), "award")):
        found.append(p)
    return sorted(found, key=lambda p: (p.length, POINTS.index(p.code)))


def _first_solving(scenario: Scenario, code: str, kind: str, *, start: int) -> Point | None:
    for length in range(start, len(scenario.actions) + 1):
        point = _point(code, scenario, length, kind)
        if point is not None:
            return point
    return None


def walk_points(scenario: Scenario) -> list[Point]:
    """Every dealer decision of the hand in order: the points above, plus who acts next before
    each player's action and the end of each betting round."""
    found = decision_points(scenario, POINTS)
    taken = {(p.length, p.kind) for p in found}
    third = next(iter(_betting_starts(scenario.actions)), len(scenario.actions))
    for length in _walk_lengths(scenario.actions, third):
        if (length, "next_action") in taken or (length, "bring_in") in taken:
            continue
        point = _point("next_action", scenario, length, "next_action")
        if point is None:
            continue
        if point.solution["answer"].get("seat") is None:
            if point.solution["answer"].get("round_complete") and _after_player_action(
                scenario.actions, length
            ):
                found.append(Point("round_complete", *_fields(point)))
            continue
        found.append(point)
    return sorted(found, key=lambda p: (p.length, _walk_order(p.code)))


def _walk_lengths(actions: Sequence[str], start: int) -> Iterator[int]:
    for length in range(start, len(actions) + 1):
        if length == len(actions) or not _is_deal(actions[length]) or not _is_deal(actions[length - 1]):
            yield length


def _after_player_action(actions: Sequence[str], length: int) -> bool:
    return length > 0 and not _is_deal(actions[length - 1]) and not _is_show(actions[length - 1])


def _fields(point: Point) -> tuple[str, int, int | None, dict[str, Any], dict[str, Any]]:
    return point.kind, point.length, point.street, point.document, point.solution


WALK_ORDER = ("pots_after_antes", "bring_in", "first_actor", "next_action", "round_complete", "stub")


def _walk_order(code: str) -> int:
    return WALK_ORDER.index(code) if code in WALK_ORDER else len(WALK_ORDER) + POINTS.index(code)
