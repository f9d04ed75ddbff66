"""PHH (Poker Hand History) files: export any hand as TOML, import one as a scenario.

A PHH file holds the same fields as a scenario (scenario-format section 1) as TOML; the
``_`` extensions are written too (PHH reserves the underscore for them). TOML has no null,
so keys whose value is null are left out, and ``_expected`` is written only when it holds no
null. Reading uses ``tomllib``; writing is done here.

>>> from games.stud.generate import generate
>>> from games.stud.scenario import scenario_from_dict
>>> scenario = scenario_from_dict(generate(kind="pots", variant="F7S", seed=3))
>>> from_phh(to_phh(scenario)) == scenario
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from games.core.errors import EngineError
from games.stud.scenario import Scenario, scenario_from_dict, scenario_to_dict
from games.stud.state import StudState

__all__ = ["from_phh", "hand_document", "state_to_phh", "to_phh"]

_BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _key(key: str) -> str:
    return key if key and set(key) <= _BARE else json.dumps(key, ensure_ascii=False)


def _has_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, Mapping):
        return any(_has_null(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_has_null(v) for v in value)
    return False


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        # JSON string escapes (\\ \" \n \t \uXXXX) are valid in TOML basic strings.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value if v is not None) + "]"
    if isinstance(value, Mapping):
        pairs = [f"{_key(str(k))} = {_value(v)}" for k, v in value.items() if v is not None]
        return "{" + ", ".join(pairs) + "}"
    raise EngineError("bad_type", f"cannot write {type(value).__name__} to PHH", path=None)


def to_phh(scenario: Scenario | Mapping[str, Any], *, extensions: bool = True) -> str:
    """The scenario as a PHH TOML document (``extensions=False``: plain PHH for other tools)."""
    doc = (
        scenario_to_dict(scenario, extensions=extensions)
        if isinstance(scenario, Scenario)
        else dict(scenario)
    )
    lines = []
    for key, value in doc.items():
        if value is None or (key == "_expected" and _has_null(value)):
            continue
        lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def _plain(value: Any) -> Any:
    """TOML dates and times become ISO strings, so the scenario stays JSON-able."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def from_phh(text: str | bytes) -> Scenario:
    """Read a PHH TOML document (a stud hand) as a scenario; errors are EngineErrors."""
    import tomllib

    try:
        raw = text.decode("utf-8") if isinstance(text, bytes) else text
        doc = tomllib.loads(raw)
    except UnicodeDecodeError:
        raise EngineError("bad_phh", "the PHH file is not UTF-8 text", path=None) from None
    except tomllib.TOMLDecodeError as err:
        raise EngineError("bad_phh", f"not valid TOML: {str(err)[:120]}", path=None) from None
    except RecursionError:
        raise EngineError("bad_phh", "the TOML is nested too deeply", path=None) from None
    return scenario_from_dict(_plain(doc))


def _show_all(state: StudState) -> list[str]:
    """``pK sm CARDS`` for every live player who has not shown, cards in the order dealt."""
    out = []
    for player in state.live_players():
        if state.shown[player] or state.mucked[player]:
            continue
        held = set(state.cards_of(player))
        cards = [c for r in state.history if r.player == player and r.kind == "deal_hole" for c in r.cards]
        cards = [c for c in cards if c in held]
        out.append(f"p{player + 1} sm {''.join(str(c) for c in cards)}")
    return out


def _with_showdown(state: StudState) -> list[str]:
    """The actions with the hands tabled when all betting is complete (TDA 2024 Rule 16):
    before the last cards when an all-in ends the betting early, else after 7th street."""
    from games.stud.scenario import apply_phh_action

    replay = StudState(
        variant=state.variant,
        ruleset=state.ruleset,
        structure=state.structure,
        starting_stacks=state.starting_stacks,
        antes=state.antes,
        seats=state.seats,
        seat_count=state.seat_count,
    )
    actions: list[str] = []
    tabled = False
    for record in state.history:
        apply_phh_action(replay, record.phh)
        actions.append(record.phh)
        if record.kind in ("show", "muck"):
            tabled = True
        runout = replay.phase == "deal" and not replay.betting_possible and len(replay.live_players()) > 1
        if not tabled and runout and state.phase == "showdown":
            shows = _show_all(replay)
            for text in shows:
                apply_phh_action(replay, text)
            actions += shows
            tabled = True
    if not tabled and state.phase == "showdown":
        actions += _show_all(state)
    return actions


def hand_document(
    state: StudState, *, question: Mapping[str, Any] | None = None, showdown: bool = False
) -> dict[str, Any]:
    """A scenario document for a hand played on a :class:`StudState` (actions so far).

    ``showdown=True`` adds a ``pK sm`` action tabling every live hand when the hand is at
    the showdown (as hand histories usually record it).
    """
    structure = state.structure
    doc: dict[str, Any] = {
        "variant": state.variant.value,
        "ante_trimming_status": True,
        "antes": list(state.antes),
        "bring_in": structure.bring_in,
        "small_bet": structure.small_bet,
        "big_bet": structure.big_bet,
        "starting_stacks": list(state.starting_stacks),
    }
    if state.seats != tuple(range(1, state.count + 1)):
        doc["seats"] = list(state.seats)
    if state.seat_count is not None:
        doc["seat_count"] = state.seat_count
    doc["actions"] = [record.phh for record in state.history]
    if showdown and state.phase == "showdown":
        doc["actions"] = _with_showdown(state)
    doc["_ruleset"] = state.ruleset.name
    if state.ruleset.overrides:
        doc["_rules"] = {k: (dict(v) if isinstance(v, tuple) else v) for k, v in state.ruleset.overrides}
    if structure.max_bets != 5:
        doc["_max_bets"] = structure.max_bets
    if structure.min_chip != 1:
        doc["_min_chip"] = structure.min_chip
    if question is not None:
        doc["_question"] = dict(question)
    return doc


def state_to_phh(state: StudState, *, extensions: bool = True, showdown: bool = True) -> str:
    """Export the hand played on ``state`` as PHH TOML (with the showdown when it was reached)."""
    doc = hand_document(state, showdown=showdown)
    if not extensions:
        doc = {k: v for k, v in doc.items() if not k.startswith("_")}
    return to_phh(doc)
