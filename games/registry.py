"""The games the engine runs and the question kinds of each: the one place they are listed.

A game is a variant code of the scenario format (``F7S``, ``FR``, ``F7S/8``, ``NT``, ``FCH``,
``T10S``) in a family that shares its engine package (``games.stud``, ``games.holdem``,
``games.draw``, ``games.tenstud``). Each family's ``kinds`` package lists its question kinds,
one module per kind (:mod:`games.questions.kind`). Kinds are imported on first use, so that
``python -m games`` starts without loading every game; they are imported by name only, so the
registry sits below the games, which look up each other's kinds and documents through it.

>>> [g.code for g in games()]
['F7S', 'FR', 'F7S/8', 'NT', 'FCH', 'T10S']
>>> kind_names("FR")[-3:]
('award', 'ruling', 'dealer_error')
>>> kind("NT", "min_raise").keys
('seat', 'min_raise_to', 'increment')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from games.core.errors import EngineError
from games.questions.fields import Field
from games.questions.kind import QuestionKind

__all__ = [
    "FAMILIES",
    "Game",
    "game",
    "games",
    "judging",
    "kind",
    "kind_names",
    "kinds",
    "part",
    "read_document",
]

FAMILIES = ("stud", "holdem", "draw", "tenstud")


@dataclass(frozen=True)
class Game:
    code: str
    family: str
    name: tuple[str, str]  # English, Japanese

    @property
    def is_stud(self) -> bool:
        return self.family == "stud"


_GAMES = (
    Game("F7S", "stud", ("Stud High", "スタッドハイ")),
    Game("FR", "stud", ("Razz", "ラズ")),
    Game("F7S/8", "stud", ("Stud Hi-Lo 8 or better", "スタッドハイロー")),
    Game("NT", "holdem", ("No-limit hold'em", "ノーリミット・テキサスホールデム")),
    Game("FCH", "draw", ("Flush Code Hack draw", "Flush Code Hack（5枚ドロー）")),
    Game("T10S", "tenstud", ("Ten-card stud", "10カードスタッド")),
)
_BY_CODE = {g.code: g for g in _GAMES}


def games() -> tuple[Game, ...]:
    return _GAMES


def game(code: str) -> Game:
    try:
        return _BY_CODE[code]
    except KeyError:
        raise EngineError(
            "unknown_variant", f"unknown game {str(code)[:20]!r}", params={"allowed": list(_BY_CODE)}
        ) from None


def _family(code_or_family: str) -> str:
    return code_or_family if code_or_family in FAMILIES else game(code_or_family).family


@cache
def _kinds_of_family(family: str) -> tuple[QuestionKind, ...]:
    kinds: tuple[QuestionKind, ...] = import_module(f"games.{family}.kinds").KINDS
    return kinds


def kinds(code_or_family: str) -> tuple[QuestionKind, ...]:
    """The question kinds of a game (by variant code) or of a family, in their teaching order."""
    return _kinds_of_family(_family(code_or_family))


def kind_names(code_or_family: str) -> tuple[str, ...]:
    return tuple(k.name for k in kinds(code_or_family))


def kind(code_or_family: str, name: str) -> QuestionKind:
    for k in kinds(code_or_family):
        if k.name == name:
            return k
    raise EngineError(
        "unknown_question_kind",
        f"unknown question kind {str(name)[:40]!r}",
        params={"kind": str(name)[:40], "allowed": list(kind_names(code_or_family))},
        path="_question.kind",
    )


@cache
def judging(name: str) -> QuestionKind:
    """The kind that judges an answer known only by its kind's name (an answer without its game).

    Kinds of the same name in several games (``pots``, ``award``, ``next_action``) judge the
    same fields, the hold'em ones adding the uncalled bets returned: their union is judged.
    """
    found = [k for family in FAMILIES for k in _kinds_of_family(family) if k.name == name]
    if not found:
        raise EngineError(
            "unknown_question_kind",
            f"unknown question kind {str(name)[:40]!r}",
            params={"kind": str(name)[:40]},
        )
    if len(found) == 1:
        return found[0]
    fields: dict[str, Field] = {}
    same: dict[str, Callable[[Any, Any], bool]] = {}
    for k in found:
        for f in k.fields:
            fields.setdefault(f.key, f)
        same.update(k.same)
    return replace(found[0], family="", fields=tuple(fields.values()), same=same)


def part(code: str, name: str) -> ModuleType:
    """A module of a game's own package (``games.<family>.<name>``), imported on first use: how
    the engine reaches a game's documents, table view and generator without naming the game."""
    return import_module(f"games.{game(code).family}.{name}")


def read_document(doc: Any) -> Any | None:
    """A decoded document of a game other than stud, read by its own package
    (``games.<family>.document``, its ``read_scenario``); None for a stud document or a
    variant no game has (``games.stud.scenario`` reads those, or says what is wrong)."""
    variant = doc.get("variant") if isinstance(doc, Mapping) else None
    found = _BY_CODE.get(variant) if isinstance(variant, str) else None
    if found is None or found.is_stud:
        return None
    return part(found.code, "document").read_scenario(doc)
