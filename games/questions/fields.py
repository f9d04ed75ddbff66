"""The typed answer fields of the question kinds: what a trainee enters and how it is judged.

Each question kind (:mod:`games.questions.kind`) lists its answer as fields. A field has a
key in the answer object, a type and labels in English and Japanese. The type says how the
value is compared (:meth:`Field.flatten` turns it into judged entries with normalised values)
and, for the web app, which input and which answer rendering it takes. The web app builds its
forms from these fields; it never lists a kind's fields itself.

>>> Field("pending", SEATS, ("Still to act", "未アクション")).flatten({"pending": [3, 1]})
{'pending': [1, 3]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "AMOUNT",
    "AMOUNTS",
    "AWARD_POTS",
    "CHIPS_BY_SEAT",
    "CHOICE",
    "FIELD_TYPES",
    "HANDS",
    "OPTIONS",
    "ORDER",
    "POTS",
    "RANKING",
    "SEAT",
    "SEATS",
    "TEXT",
    "YES_NO",
    "Field",
]

# The field types. Each is one input and one answer rendering in the web app.
SEAT: Final = "seat"  # one seat number (``None`` where ``none_allowed``: nobody)
AMOUNT: Final = "amount"  # whole chips
AMOUNTS: Final = "amounts"  # a set of totals (the bets or raises allowed), order irrelevant
SEATS: Final = "seats"  # a set of seats, order irrelevant
ORDER: Final = "order"  # seats in an order that matters (best first)
RANKING: Final = "ranking"  # groups of seats, best first; ties share a group
CHOICE: Final = "choice"  # one code out of ``choices``
YES_NO: Final = "yes_no"  # true or false
TEXT: Final = "text"  # a short code compared without case
CHIPS_BY_SEAT: Final = "chips_by_seat"  # chips per seat, a seat left out receives nothing
POTS: Final = "pots"  # the pots, main first: amount and the seats eligible
AWARD_POTS: Final = "award_pots"  # the pots as awarded: also winners per side and chips per seat
OPTIONS: Final = "options"  # the options of the player to act (fold, check, call, bets, raises)
HANDS: Final = "hands"  # each seat's best hand(s) as cards

FIELD_TYPES: Final = (
    SEAT, AMOUNT, AMOUNTS, SEATS, ORDER, RANKING, CHOICE, YES_NO, TEXT,
    CHIPS_BY_SEAT, POTS, AWARD_POTS, OPTIONS, HANDS,
)  # fmt: skip

OPTION_KEYS: Final = ("fold", "check", "call", "bring_in", "complete_to", "bet_to", "raise_to")


# --- normalising typed values (forms send strings) ---------------------------------------------


def as_int(value: Any) -> Any:
    """Seats and amounts typed in a form may arrive as strings."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return value


def as_set(value: Any) -> Any:
    if isinstance(value, list | tuple):
        # Numbers in order; anything else typed in a form after them (never a TypeError).
        return sorted(
            (as_int(v) for v in value), key=lambda v: (0, v, "") if isinstance(v, int) else (1, 0, repr(v))
        )
    return value


def as_ranking(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [as_set(group) if isinstance(group, list | tuple) else [as_int(group)] for group in value]
    return value


def as_cards(value: Any) -> Any:
    if isinstance(value, Mapping):
        value = value.get("cards")
    if isinstance(value, list | tuple):
        return sorted(str(c)[:1].upper() + str(c)[1:].lower() for c in value)
    return value


def as_bool(value: Any) -> Any:
    """Yes/no answers from a form may arrive as strings."""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return value


def as_order(value: Any) -> Any:
    """A list whose order matters (best first)."""
    if isinstance(value, list | tuple):
        return [as_int(v) for v in value]
    return value


def as_text(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def by_seat(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {str(as_int(k)): v for k, v in value.items()}


_SCALAR: dict[str, Callable[[Any], Any]] = {
    SEAT: as_int,
    AMOUNT: as_int,
    CHOICE: as_int,
    YES_NO: as_bool,
    TEXT: as_text,
    AMOUNTS: as_set,
    SEATS: as_set,
    ORDER: as_order,
    RANKING: as_ranking,
}


@dataclass(frozen=True)
class Field:
    """One field of a kind's answer.

    ``choices`` are the codes of a :data:`CHOICE` field. ``none_allowed`` lets a :data:`SEAT`
    be nobody (``None``), an :data:`AMOUNT` be left blank (``None``: none applies), and a
    :data:`SEATS` or :data:`CHIPS_BY_SEAT` be empty; otherwise a blank input is asked again
    (how a trainee enters the field, not how it is compared). ``only_if_present`` judges the
    field only when the engine's answer has it (the low ranking of a stud hi-lo hand, for
    example).
    """

    key: str
    type: str
    label: tuple[str, str]
    choices: tuple[str, ...] = ()
    none_allowed: bool = False
    only_if_present: bool = False

    def __post_init__(self) -> None:
        if self.type not in FIELD_TYPES:
            raise ValueError(f"unknown field type {self.type!r}")

    def flatten(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """The judged entries of this field in ``answer``: path -> normalised value."""
        if self.only_if_present and self.key not in answer:
            return {}
        value = answer.get(self.key)
        if self.type in _SCALAR:
            return {self.key: _SCALAR[self.type](value)}
        if self.type == CHIPS_BY_SEAT:
            return {f"{self.key}.{seat}": as_int(amount) for seat, amount in by_seat(value).items()}
        if self.type in (POTS, AWARD_POTS):
            return _flatten_pots(self.key, value, awarded=self.type == AWARD_POTS)
        if self.type == OPTIONS:
            return _flatten_options(self.key, answer)
        return _flatten_hands(self.key, value)


def _flatten_pots(key: str, value: Any, *, awarded: bool) -> dict[str, Any]:
    pots: list[Any] = value if isinstance(value, list) else []
    out: dict[str, Any] = {f"{key}.count": len(pots)}
    for i, pot in enumerate(pots):
        pot = pot if isinstance(pot, Mapping) else {}
        out[f"{key}[{i}].amount"] = as_int(pot.get("amount"))
        out[f"{key}[{i}].eligible"] = as_set(pot.get("eligible"))
        if awarded:
            for side in ("high", "low", "winners"):
                if side in pot:
                    out[f"{key}[{i}].{side}"] = as_set(pot.get(side))
            for seat, amount in by_seat(pot.get("awards")).items():
                out[f"{key}[{i}].awards.{seat}"] = as_int(amount)
    return out


def _flatten_options(key: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """The options of the player to act; with nobody to act (seat null) none are judged."""
    if as_int(answer.get("seat")) is None:
        return {}
    raw = answer.get(key)
    options: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    out: dict[str, Any] = {}
    for option in OPTION_KEYS:
        value = options.get(option)
        if option in ("bet_to", "raise_to"):
            value = as_set(value)
        elif option in ("fold", "check"):
            value = bool(value)
        else:
            value = as_int(value)
        out[f"{key}.{option}"] = value
    return out


def _flatten_hands(key: str, value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for seat, hand in by_seat(value).items():
        hand = hand if isinstance(hand, Mapping) else {}
        for side in ("high", "low"):
            if side in hand:
                out[f"{key}.{seat}.{side}"] = as_cards(hand.get(side))
    return out
