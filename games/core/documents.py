"""What the documents of the other games share: the ``_`` extensions, validation helpers and
the base class of their scenarios (see docs/scenario-format-extensions.md).

A hold'em (``"NT"``), Flush Code Hack draw (``"FCH"``) or ten-card stud (``"T10S"``)
document is read by its own module (:mod:`games.holdem.document`, :mod:`games.draw.document`,
:mod:`games.tenstud.document`); :func:`games.stud.scenario.load_scenario` picks the module by
``variant``. Every problem is an :class:`~games.core.errors.EngineError` with a ``path``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from games.core.errors import EngineError

if TYPE_CHECKING:
    from games.core.cards import Card
    from games.core.hands import HandValue

__all__ = [
    "MAX_ACTIONS",
    "OtherScenario",
    "cards_text",
    "check_keys",
    "read_actions",
    "read_extensions",
    "read_int",
    "read_int_list",
    "read_seats",
    "read_text",
    "write_extensions",
]

# The games' names inside a sentence (their kinds are listed by ``games.registry``).
GAME_NAMES = {
    "NT": ("no-limit hold'em", "ノーリミット・テキサスホールデム"),
    "FCH": ("Flush Code Hack draw", "Flush Code Hack（5枚ドロー）"),
    "T10S": ("ten-card stud", "10カードスタッド"),
}
MAX_ACTIONS = 1000
MAX_TEXT = 20_000
MAX_CHIPS = 10**12
MAX_DEPTH = 24
# PHH optional fields a document may carry; they are kept and written back unchanged.
PHH_OPTIONAL = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "day", "month", "year", "hand", "level", "table", "players",
    "finishing_stacks", "winnings", "currency", "currency_symbol", "time_limit", "time_banks",
)  # fmt: skip
KNOWN_EXTENSIONS = ("_question", "_title", "_notes", "_tags", "_expected", "_min_chip")
STUD_ONLY_EXTENSIONS = ("_ruleset", "_rules", "_max_bets", "_events")


@dataclass(frozen=True, kw_only=True)
class OtherScenario:
    """The fields every document of the other games has besides its hand."""

    VARIANT: ClassVar[str] = ""

    question: Mapping[str, Any] | None = None
    title: str | None = None
    notes: str | None = None
    tags: tuple[str, ...] | None = None
    expected: Any = None
    min_chip: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def variant_code(self) -> str:
        return self.VARIANT

    @property
    def kind(self) -> str | None:
        return None if self.question is None else str(self.question.get("kind"))

    @property
    def chip(self) -> int:
        """The smallest chip in play (``_min_chip``, default 1)."""
        return 1 if self.min_chip is None else self.min_chip

    def hand_fields(self) -> dict[str, Any]:
        """The game's own fields, in writing order (overridden by each game)."""
        raise NotImplementedError

    def to_dict(self, *, extensions: bool = True) -> dict[str, Any]:
        """The document as a JSON object: the game's fields, then the ``_`` extensions."""
        doc = self.hand_fields()
        for key, value in self.extra.items():
            if not key.startswith("_"):
                doc[key] = value
        if extensions:
            doc.update(write_extensions(self))
        return doc

    def with_changes(self, **changes: Any) -> Any:
        return replace(self, **changes)


# --- reading helpers --------------------------------------------------------------------------


def check_depth(value: Any, path: str = "") -> None:
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise EngineError("too_deep", f"nesting deeper than {MAX_DEPTH} levels", path=where)
        if isinstance(item, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(item))


def read_int(value: Any, path: str, *, minimum: int = 0, maximum: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("bad_type", f"{path} must be an integer", path=path)
    if value > maximum:
        raise EngineError("number_too_large", f"{path} is larger than {maximum}", path=path)
    if value < minimum:
        raise EngineError("bad_amount", f"{path} must be at least {minimum}", path=path)
    return value


def read_int_list(value: Any, path: str, *, minimum: int = 0, longest: int = 16) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise EngineError("bad_type", f"{path} must be a list of integers", path=path)
    if len(value) > longest:
        raise EngineError("bad_player_count", f"{path} has too many entries", path=path)
    return tuple(read_int(v, f"{path}[{i}]", minimum=minimum) for i, v in enumerate(value))


def read_text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise EngineError("bad_type", f"{path} must be a string", path=path)
    if len(value) > MAX_TEXT:
        raise EngineError("input_too_large", f"{path} is too long", path=path)
    return value


def check_keys(
    doc: Mapping[str, Any], allowed: tuple[str, ...], required: tuple[str, ...], game: str
) -> None:
    """Unknown fields, stud-only extensions and missing fields are errors."""
    for key in doc:
        if not isinstance(key, str):
            raise EngineError("bad_type", "field names are strings", path=None)
        if key in STUD_ONLY_EXTENSIONS:
            raise EngineError(
                "unknown_field",
                f"{key} belongs to stud scenarios, not to {GAME_NAMES[game][0]}",
                params={"field": key, "variant": game},
                path=key,
            )
        if key.startswith("_") or key in allowed or key in PHH_OPTIONAL:
            continue
        raise EngineError(
            "unknown_field",
            f"{key[:40]!r} is not a field of a {GAME_NAMES[game][0]} scenario (extensions start with '_')",
            params={"field": key[:40], "variant": game},
            path=key[:60],
        )
    for key in required:
        if key not in doc:
            raise EngineError("missing_field", f"the scenario needs {key!r}", path=key)


def read_actions(doc: Mapping[str, Any]) -> tuple[str, ...]:
    actions = doc.get("actions")
    if not isinstance(actions, list):
        raise EngineError("bad_type", "actions must be a list of strings", path="actions")
    if len(actions) > MAX_ACTIONS:
        raise EngineError("input_too_large", f"at most {MAX_ACTIONS} actions", path="actions")
    for i, action in enumerate(actions):
        if not isinstance(action, str) or len(action) > 200:
            raise EngineError("bad_type", "an action is a short string", path=f"actions[{i}]")
    return tuple(actions)


def read_seats(doc: Mapping[str, Any], count: int) -> tuple[tuple[int, ...] | None, int | None]:
    """The optional ``seats`` (one per player, distinct) and ``seat_count``."""
    seats = None
    if "seats" in doc:
        seats = read_int_list(doc["seats"], "seats", minimum=1)
        if len(seats) != count:
            raise EngineError("length_mismatch", "seats must list one seat per player", path="seats")
        if len(set(seats)) != len(seats):
            raise EngineError("duplicate_seat", "a seat number appears twice", path="seats")
        if max(seats) > 100:
            raise EngineError("number_too_large", "seat numbers go up to 100", path="seats")
    seat_count = (
        read_int(doc["seat_count"], "seat_count", minimum=2, maximum=100) if "seat_count" in doc else None
    )
    if seat_count is not None and (seat_count < count or (seats and max(seats) > seat_count)):
        raise EngineError("bad_seat_count", "seat_count is smaller than the seats used", path="seat_count")
    return seats, seat_count


def read_extensions(doc: Mapping[str, Any], game: str, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The ``_`` fields shared by every game, as keyword arguments of :class:`OtherScenario`;
    ``kinds`` are the question kinds of ``game`` (``games.registry.kind_names``)."""
    out: dict[str, Any] = {}
    if "_question" in doc:
        raw = doc["_question"]
        if not isinstance(raw, dict):
            raise EngineError("bad_type", "_question must be an object", path="_question")
        kind = raw.get("kind")
        if kind not in kinds:
            raise EngineError(
                "unknown_question_kind",
                f"unknown question kind {str(kind)[:40]!r} for {GAME_NAMES[game][0]}",
                params={"allowed": list(kinds)},
                path="_question.kind",
            )
        out["question"] = dict(raw)
    if "_tags" in doc:
        tags = doc["_tags"]
        if not isinstance(tags, list):
            raise EngineError("bad_type", "_tags must be a list of strings", path="_tags")
        out["tags"] = tuple(read_text(t, f"_tags[{i}]") for i, t in enumerate(tags))
    if "_title" in doc:
        out["title"] = read_text(doc["_title"], "_title")
    if "_notes" in doc:
        out["notes"] = read_text(doc["_notes"], "_notes")
    if "_min_chip" in doc:
        out["min_chip"] = read_int(doc["_min_chip"], "_min_chip", minimum=1)
    out["expected"] = doc.get("_expected")
    out["extra"] = {
        k: v for k, v in doc.items() if k in PHH_OPTIONAL or (k.startswith("_") and k not in KNOWN_EXTENSIONS)
    }
    return out


def whole_chips(values: tuple[int, ...], name: str, chip: int) -> None:
    for i, value in enumerate(values):
        if value % chip:
            raise EngineError(
                "not_whole_chips",
                f"{value} is not a multiple of the smallest chip {chip}",
                params={"amount": value, "min_chip": chip},
                path=f"{name}[{i}]",
            )


def write_extensions(scenario: OtherScenario) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    if scenario.min_chip is not None:
        doc["_min_chip"] = scenario.min_chip
    if scenario.question is not None:
        doc["_question"] = dict(scenario.question)
    if scenario.title is not None:
        doc["_title"] = scenario.title
    if scenario.notes is not None:
        doc["_notes"] = scenario.notes
    if scenario.tags is not None:
        doc["_tags"] = list(scenario.tags)
    if scenario.expected is not None:
        doc["_expected"] = scenario.expected
    for key, value in scenario.extra.items():
        if key.startswith("_"):
            doc[key] = value
    return doc


def not_applicable(kind: str, message: str, **params: Any) -> EngineError:
    return EngineError(
        "question_not_applicable", message, params={"kind": kind, **params}, path="_question.kind"
    )


def seats_en(seats: list[int] | tuple[int, ...]) -> str:
    """``seat 3``, ``seats 2 and 5``, ``seats 1, 2 and 4``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def seats_ja(seats: list[int] | tuple[int, ...]) -> str:
    """``3番席``, ``2番席と5番席``."""
    names = [f"{s}番席" for s in seats]
    if len(names) <= 2:
        return "と".join(names)
    return "・".join(names)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for a sentence in either language: ``K♠ K♣ 8♠ 8♥ 5♣`` (never the codes)."""
    from games.core.names import card_label

    return " ".join(card_label(c) for c in cards)


def hand_phrase(value: HandValue) -> str:
    """A hand's English name inside a sentence: ``a flush, ace high``, ``three of a kind, sevens``."""
    from games.core.hands import Category

    name = value.name("en")
    name = name[0].lower() + name[1:]
    articled = (
        Category.PAIR,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.STRAIGHT_FLUSH,
    )
    return "a " + name if value.category in articled else name
