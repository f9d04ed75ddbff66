"""Scenario format v1: read, validate, replay and write (see scenario-format.md).

Every problem with a document is an :class:`~games.core.errors.EngineError` whose ``path``
points at the field (``"actions[4]"``, ``"_events[0].card"``); nothing here lets a Python
exception escape for bad input.

>>> doc = {"variant": "FR", "antes": [100, 100], "bring_in": 200, "small_bet": 500,
...        "big_bet": 1000, "starting_stacks": [1000, 1000],
...        "actions": ["d dh p1 4c5dKc", "d dh p2 2s3hKs"], "_question": {"kind": "bring_in"}}
>>> scenario = scenario_from_dict(doc)
>>> scenario.replay().state.actor  # razz: K♠ is the highest door card
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from games import registry
from games.core.cards import parse_cards
from games.core.errors import EngineError
from games.stud.events import EVENT_TYPES, OUT_OF_TURN_ACTIONS, SEAT_OPTIONAL, Event, Ruling, apply_event
from games.stud.rules import MAX_CHIPS, Ruleset, Structure, Variant, ruleset_from, structure_from
from games.stud.state import MAX_PLAYERS, StudState

if TYPE_CHECKING:
    from games.core.documents import OtherScenario

__all__ = [
    "Replay",
    "Scenario",
    "apply_phh_action",
    "load_scenario",
    "load_stud_scenario",
    "scenario_from_dict",
    "scenario_to_dict",
    "scenario_to_json",
]

MAX_INPUT_BYTES = 1_000_000
MAX_DEPTH = 24
MAX_ACTIONS = 1000
MAX_TEXT = 20_000

# PHH optional fields a scenario may carry; they are kept and written back unchanged.
PHH_OPTIONAL = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "day", "month", "year", "hand", "level", "table", "players",
    "finishing_stacks", "winnings", "currency", "currency_symbol", "time_limit", "time_banks",
)  # fmt: skip
PHH_FIELDS = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")
KNOWN_EXTENSIONS = (
    "_ruleset", "_rules", "_max_bets", "_min_chip", "_events", "_question",
    "_title", "_notes", "_tags", "_expected",
)  # fmt: skip


@dataclass(frozen=True)
class Scenario:
    """A stud hand frozen at a decision point, plus the question asked there."""

    variant: Variant
    antes: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    ruleset_name: str = "tda-2024"
    rules: Mapping[str, Any] | None = None
    max_bets: int | None = None
    min_chip: int | None = None
    events: tuple[Event, ...] = ()
    question: Mapping[str, Any] | None = None
    title: str | None = None
    notes: str | None = None
    tags: tuple[str, ...] | None = None
    expected: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ruleset(self) -> Ruleset:
        return ruleset_from(self.ruleset_name, self.rules)

    @property
    def structure(self) -> Structure:
        return Structure(
            bring_in=self.bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            ante=max(self.antes),
            max_bets=5 if self.max_bets is None else self.max_bets,
            min_chip=1 if self.min_chip is None else self.min_chip,
        )

    @property
    def player_seats(self) -> tuple[int, ...]:
        return self.seats if self.seats is not None else tuple(range(1, len(self.starting_stacks) + 1))

    @property
    def kind(self) -> str | None:
        return None if self.question is None else str(self.question.get("kind"))

    def new_state(self, *, variant: Variant | None = None, ruleset: Ruleset | None = None) -> StudState:
        return StudState(
            variant=variant or self.variant,
            ruleset=ruleset or self.ruleset,
            structure=self.structure,
            starting_stacks=self.starting_stacks,
            antes=self.antes,
            seats=self.player_seats,
            seat_count=self.seat_count,
        )

    def replay(
        self,
        *,
        stop_before_event: int | None = None,
        variant: Variant | None = None,
        ruleset: Ruleset | None = None,
    ) -> Replay:
        """Play the actions and events; the state is at the decision point.

        ``stop_before_event`` stops just before that event is applied (the table as it was
        when the irregularity happened).
        """
        state = self.new_state(variant=variant, ruleset=ruleset)
        rulings: list[Ruling] = []
        pending = sorted(range(len(self.events)), key=lambda j: (self.events[j].after, j))
        cursor = 0

        def run_events(upto: int) -> bool:
            nonlocal cursor
            while cursor < len(pending) and self.events[pending[cursor]].after <= upto:
                index = pending[cursor]
                if stop_before_event is not None and index == stop_before_event:
                    return True
                try:
                    rulings.append(apply_event(state, self.events[index]))
                except EngineError as err:
                    raise err.with_path(f"_events[{index}]") from None
                cursor += 1
            return False

        if run_events(-1):
            return Replay(state, tuple(rulings), stopped=True)
        for i, text in enumerate(self.actions):
            try:
                apply_phh_action(state, text)
            except EngineError as err:
                raise err.with_path(f"actions[{i}]") from None
            if run_events(i):
                return Replay(state, tuple(rulings), stopped=True)
        return Replay(state, tuple(rulings), stopped=False)

    def with_changes(self, **changes: Any) -> Scenario:
        return replace(self, **changes)


@dataclass(frozen=True)
class Replay:
    state: StudState
    rulings: tuple[Ruling, ...]
    stopped: bool


def _player(token: str, state: StudState) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit() or len(token) > 4:
        raise EngineError("bad_action", f"not a player: {token!r}", params={"token": token[:10]})
    index = int(token[1:]) - 1
    if not 0 <= index < state.count:
        raise EngineError(
            "unknown_player",
            f"{token} is not at this table ({state.count} players)",
            params={"player": token, "players": state.count},
        )
    return index


def apply_phh_action(state: StudState, text: str) -> None:
    """Apply one PHH action string (``"d dh p1 AsTd9c"``, ``"p2 cbr 500"``, ...)."""
    if not isinstance(text, str):
        raise EngineError("bad_type", "an action must be a string")
    words = text.split("#", 1)[0].split()
    if not words:
        raise EngineError("bad_action", "empty action")
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            state.deal_hole(_player(words[2], state), parse_cards(words[3]))
            return
        if len(words) == 3 and words[1] == "db":
            cards = parse_cards(words[2])
            if len(cards) != 1:
                raise EngineError(
                    "bad_deal_count", "a stud community card is a single card", params={"given": len(cards)}
                )
            state.deal_community(cards[0])
            return
        raise EngineError("bad_action", f"unknown dealer action {text[:40]!r}", params={"action": text[:40]})
    player = _player(words[0], state)
    verb = words[1] if len(words) > 1 else ""
    if verb == "pb" and len(words) == 2:
        state.post_bring_in(player)
    elif verb == "cc" and len(words) == 2:
        state.check_or_call(player)
    elif verb == "f" and len(words) == 2:
        state.fold(player)
    elif verb == "cbr" and len(words) == 3:
        if not words[2].isdigit() or len(words[2]) > 13:
            raise EngineError(
                "bad_amount" if len(words[2]) <= 13 else "number_too_large",
                f"not a chip amount: {words[2][:20]!r}",
                params={"amount": words[2][:20]},
            )
        state.complete_bet_or_raise_to(int(words[2]), player)
    elif verb == "sm" and len(words) in (2, 3):
        if len(words) == 2:
            shown = None  # "pK sm": mucks
        elif words[2] == "-":
            shown = tuple(state.downs[player])  # "pK sm -": shows the hole cards
        else:
            shown = parse_cards(words[2])
        state.show_or_muck(player, shown)
    else:
        raise EngineError("bad_action", f"unknown action {text[:40]!r}", params={"action": text[:40]})


# --- reading -------------------------------------------------------------------------


def load_scenario(source: str | bytes | Mapping[str, Any]) -> Scenario | OtherScenario:
    """Read a scenario of any game from JSON text or an already-decoded object.

    Stud documents (``F7S``, ``FR``, ``F7S/8``) give a :class:`Scenario`; no-limit hold'em
    (``NT``), Flush Code Hack draw (``FCH``) and ten-card stud (``T10S``) give the
    :class:`~games.core.documents.OtherScenario` of their game (docs/scenario-format-extensions.md).
    """
    if isinstance(source, Mapping):
        return _by_variant(source)
    return _by_variant(_decode(source))


def load_stud_scenario(source: str | bytes | Mapping[str, Any]) -> Scenario:
    """Like :func:`load_scenario`, for callers that handle only stud.

    Another game is refused with ``unknown_variant`` at ``variant``, the error such callers
    got for it before the other games could be loaded.
    """
    scenario = load_scenario(source)
    if not isinstance(scenario, Scenario):
        raise EngineError(
            "unknown_variant",
            f"{scenario.variant_code} is not a stud game here: use F7S, FR or F7S/8",
            params={"variant": scenario.variant_code},
            path="variant",
        )
    return scenario


def _by_variant(doc: Any) -> Scenario | OtherScenario:
    variant = doc.get("variant") if isinstance(doc, Mapping) else None
    other: OtherScenario | None = registry.read_document(doc)  # hold'em, Flush Code Hack, ten-card stud
    if other is not None:
        return other
    try:
        return scenario_from_dict(doc)
    except EngineError as err:
        if err.code == "unknown_variant" and err.path == "variant":
            err.message = f"unknown variant {str(variant)[:40]!r}: use F7S, FR, F7S/8, NT, FCH or T10S"
            err.args = (err.message,)
        raise


def _decode(source: str | bytes) -> Any:
    if len(source) > MAX_INPUT_BYTES:
        raise EngineError("input_too_large", f"a scenario is at most {MAX_INPUT_BYTES} bytes", path=None)
    import json

    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        doc = json.loads(text)
    except UnicodeDecodeError:
        raise EngineError("bad_json", "the scenario is not UTF-8 text", path=None) from None
    except RecursionError:
        raise EngineError("bad_json", "the JSON is nested too deeply", path=None) from None
    except ValueError as err:
        raise EngineError("bad_json", f"not valid JSON: {str(err)[:120]}", path=None) from None
    return doc


def _check_depth(value: Any, path: str) -> None:
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise EngineError("too_deep", f"nesting deeper than {MAX_DEPTH} levels", path=where)
        if isinstance(item, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(item))


def _int(value: Any, path: str, *, minimum: int = 0, maximum: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("bad_type", f"{path} must be an integer", path=path)
    if value > maximum:
        raise EngineError("number_too_large", f"{path} is larger than {maximum}", path=path)
    if value < minimum:
        raise EngineError("bad_amount", f"{path} must be at least {minimum}", path=path)
    return value


def _int_list(value: Any, path: str, *, minimum: int = 0) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise EngineError("bad_type", f"{path} must be a list of integers", path=path)
    if len(value) > 16:
        raise EngineError("bad_player_count", f"{path} has too many entries", path=path)
    return tuple(_int(v, f"{path}[{i}]", minimum=minimum) for i, v in enumerate(value))


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise EngineError("bad_type", f"{path} must be a string", path=path)
    if len(value) > MAX_TEXT:
        raise EngineError("input_too_large", f"{path} is too long", path=path)
    return value


def _event(raw: Any, path: str, seats: tuple[int, ...], action_count: int) -> Event:
    if not isinstance(raw, dict):
        raise EngineError("bad_type", "an event must be an object", path=path)
    kind = raw.get("type")
    if kind not in EVENT_TYPES:
        raise EngineError(
            "unknown_event",
            f"unknown event type {str(kind)[:40]!r}",
            params={"allowed": sorted(EVENT_TYPES)},
            path=f"{path}.type",
        )
    for key in raw:
        if key not in ("after", "type", "seat", *EVENT_TYPES[kind]):
            raise EngineError(
                "unknown_field", f"unexpected key {str(key)[:40]!r} in a {kind} event", path=f"{path}.{key}"
            )
    after = _int(raw.get("after"), f"{path}.after", minimum=-1, maximum=10**6) if "after" in raw else None
    if after is None:
        raise EngineError("missing_field", "an event needs 'after'", path=f"{path}.after")
    if after >= action_count:
        raise EngineError(
            "bad_event_index",
            f"after={after} but there are only {action_count} actions",
            params={"after": after, "actions": action_count},
            path=f"{path}.after",
        )
    seat = raw.get("seat")
    if seat is None:
        if kind not in SEAT_OPTIONAL:
            raise EngineError("missing_field", f"a {kind} event needs 'seat'", path=f"{path}.seat")
    else:
        seat = _int(seat, f"{path}.seat", minimum=1, maximum=100)
        if seat not in seats:
            raise EngineError(
                "unknown_seat", f"no player in seat {seat}", params={"seat": seat}, path=f"{path}.seat"
            )
    for key in EVENT_TYPES[kind]:
        if key not in raw:
            raise EngineError("missing_field", f"a {kind} event needs {key!r}", path=f"{path}.{key}")
    card = None
    if "card" in raw:
        cards = parse_cards(_text(raw["card"], f"{path}.card")) if isinstance(raw["card"], str) else ()
        if len(cards) != 1:
            raise EngineError("bad_card", "card must be one card such as 'Kd'", path=f"{path}.card")
        card = cards[0]
    street = _int(raw["street"], f"{path}.street", minimum=3, maximum=7) if "street" in raw else None
    if kind == "downcard_exposed_by_dealer" and street not in (3, 7):
        raise EngineError(
            "bad_event", "a dealer exposes a downcard on 3rd or 7th street", path=f"{path}.street"
        )
    if kind == "premature_card" and street == 3:
        raise EngineError("bad_event", "a premature card belongs to 4th to 7th street", path=f"{path}.street")
    if kind in ("card_to_wrong_seat", "seat_skipped") and street == 7:
        raise EngineError(
            "bad_event",
            "a card to the wrong seat or a skipped seat belongs to 3rd to 6th street",
            path=f"{path}.street",
        )
    if kind == "card_to_folded_hand" and street == 3:
        raise EngineError(
            "bad_event", "a card to a folded hand belongs to 4th to 7th street", path=f"{path}.street"
        )
    action = None
    if "action" in raw:
        action = _text(raw["action"], f"{path}.action")
        if action not in OUT_OF_TURN_ACTIONS:
            raise EngineError(
                "bad_event",
                f"an action out of turn is one of {', '.join(OUT_OF_TURN_ACTIONS)}",
                params={"allowed": list(OUT_OF_TURN_ACTIONS)},
                path=f"{path}.action",
            )
    count = _int(raw["count"], f"{path}.count", minimum=0, maximum=60) if "count" in raw else None
    return Event(after=after, type=kind, seat=seat, card=card, street=street, count=count, action=action)


def _question(raw: Any, seats: tuple[int, ...]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise EngineError("bad_type", "_question must be an object", path="_question")
    kind = raw.get("kind")
    from games.registry import kind_names  # the stud kinds, one module each (games.stud.kinds)

    allowed = kind_names("stud")
    if kind not in allowed:
        raise EngineError(
            "unknown_question_kind",
            f"unknown question kind {str(kind)[:40]!r}",
            params={"allowed": list(allowed)},
            path="_question.kind",
        )
    if "seats" in raw:
        asked = _int_list(raw["seats"], "_question.seats", minimum=1)
        for i, seat in enumerate(asked):
            if seat not in seats:
                raise EngineError("unknown_seat", f"no player in seat {seat}", path=f"_question.seats[{i}]")
    return dict(raw)


def scenario_from_dict(doc: Any) -> Scenario:
    """Validate a decoded scenario document; the hand itself is checked by replaying it."""
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object", path=None)
    _check_depth(doc, "")
    for key in doc:
        if not isinstance(key, str):
            raise EngineError("bad_type", "field names are strings", path=None)
        if key.startswith("_") or key in PHH_FIELDS or key in PHH_OPTIONAL:
            continue
        if key not in ("seats", "seat_count", "ante_trimming_status"):
            raise EngineError(
                "unknown_field",
                f"{key[:40]!r} is not a PHH field of a stud hand (extensions start with '_')",
                path=key[:60],
            )
    for key in PHH_FIELDS:
        if key not in doc:
            raise EngineError("missing_field", f"the scenario needs {key!r}", path=key)
    variant = Variant.parse(doc["variant"])
    antes = _int_list(doc["antes"], "antes")
    stacks = _int_list(doc["starting_stacks"], "starting_stacks")
    if not 2 <= len(stacks) <= MAX_PLAYERS:
        raise EngineError(
            "bad_player_count", f"a stud table has 2 to {MAX_PLAYERS} players", path="starting_stacks"
        )
    if len(antes) != len(stacks):
        raise EngineError("length_mismatch", "antes and starting_stacks differ in length", path="antes")
    max_bets = _int(doc["_max_bets"], "_max_bets", minimum=1, maximum=100) if "_max_bets" in doc else None
    min_chip = _int(doc["_min_chip"], "_min_chip", minimum=1) if "_min_chip" in doc else None
    structure = structure_from(
        bring_in=doc["bring_in"],
        small_bet=doc["small_bet"],
        big_bet=doc["big_bet"],
        max_bets=5 if max_bets is None else max_bets,
        min_chip=1 if min_chip is None else min_chip,
    )
    for name, values in (("antes", antes), ("starting_stacks", stacks)):
        for i, value in enumerate(values):
            if value % structure.min_chip:
                raise EngineError(
                    "not_whole_chips",
                    f"{value} is not a multiple of the smallest chip {structure.min_chip}",
                    params={"amount": value, "min_chip": structure.min_chip},
                    path=f"{name}[{i}]",
                )
    seats = None
    if "seats" in doc:
        seats = _int_list(doc["seats"], "seats", minimum=1)
        if len(seats) != len(stacks):
            raise EngineError("length_mismatch", "seats must list one seat per player", path="seats")
        if len(set(seats)) != len(seats):
            raise EngineError("duplicate_seat", "a seat number appears twice", path="seats")
        if max(seats) > 100:
            raise EngineError("number_too_large", "seat numbers go up to 100", path="seats")
    seat_count = (
        _int(doc["seat_count"], "seat_count", minimum=2, maximum=100) if "seat_count" in doc else None
    )
    if seat_count is not None and (seat_count < len(stacks) or (seats and max(seats) > seat_count)):
        raise EngineError("bad_seat_count", "seat_count is smaller than the seats used", path="seat_count")
    if "ante_trimming_status" in doc and not isinstance(doc["ante_trimming_status"], bool):
        raise EngineError(
            "bad_type", "ante_trimming_status must be true or false", path="ante_trimming_status"
        )
    actions = doc["actions"]
    if not isinstance(actions, list):
        raise EngineError("bad_type", "actions must be a list of strings", path="actions")
    if len(actions) > MAX_ACTIONS:
        raise EngineError("input_too_large", f"at most {MAX_ACTIONS} actions", path="actions")
    for i, action in enumerate(actions):
        if not isinstance(action, str) or len(action) > 200:
            raise EngineError("bad_type", "an action is a short string", path=f"actions[{i}]")
    ruleset_name = doc.get("_ruleset", "tda-2024")
    if not isinstance(ruleset_name, str):
        raise EngineError("bad_type", "_ruleset must be a string", path="_ruleset")
    rules = doc.get("_rules")
    if rules is not None and not isinstance(rules, dict):
        raise EngineError("bad_type", "_rules must be an object", path="_rules")
    ruleset_from(ruleset_name, rules)  # validates the preset and every flag
    player_seats = seats if seats is not None else tuple(range(1, len(stacks) + 1))
    raw_events = doc.get("_events", [])
    if not isinstance(raw_events, list):
        raise EngineError("bad_type", "_events must be a list", path="_events")
    if len(raw_events) > 50:
        raise EngineError("input_too_large", "at most 50 events", path="_events")
    events = tuple(_event(e, f"_events[{i}]", player_seats, len(actions)) for i, e in enumerate(raw_events))
    question = _question(doc["_question"], player_seats) if "_question" in doc else None
    tags = doc.get("_tags")
    if tags is not None:
        if not isinstance(tags, list):
            raise EngineError("bad_type", "_tags must be a list of strings", path="_tags")
        tags = tuple(_text(t, f"_tags[{i}]") for i, t in enumerate(tags))
    title = _text(doc["_title"], "_title") if "_title" in doc else None
    notes = _text(doc["_notes"], "_notes") if "_notes" in doc else None
    extra = {
        k: v for k, v in doc.items() if k in PHH_OPTIONAL or (k.startswith("_") and k not in KNOWN_EXTENSIONS)
    }
    return Scenario(
        variant=variant,
        antes=antes,
        bring_in=structure.bring_in,
        small_bet=structure.small_bet,
        big_bet=structure.big_bet,
        starting_stacks=stacks,
        actions=tuple(actions),
        seats=seats,
        seat_count=seat_count,
        ruleset_name=ruleset_name,
        rules=rules,
        max_bets=max_bets,
        min_chip=min_chip,
        events=events,
        question=question,
        title=title,
        notes=notes,
        tags=tags,
        expected=doc.get("_expected"),
        extra=extra,
    )


# --- writing -------------------------------------------------------------------------


def scenario_to_dict(scenario: Scenario | OtherScenario, *, extensions: bool = True) -> dict[str, Any]:
    """The scenario as a JSON object: PHH fields first, then the ``_`` extensions.

    Stud writers always set ``ante_trimming_status`` so that pokerkit reads short antes the
    same way. The other games write their own fields (:meth:`OtherScenario.to_dict`).
    """
    if not isinstance(scenario, Scenario):
        return scenario.to_dict(extensions=extensions)
    doc: dict[str, Any] = {
        "variant": scenario.variant.value,
        "ante_trimming_status": True,
        "antes": list(scenario.antes),
        "bring_in": scenario.bring_in,
        "small_bet": scenario.small_bet,
        "big_bet": scenario.big_bet,
        "starting_stacks": list(scenario.starting_stacks),
    }
    if scenario.seats is not None:
        doc["seats"] = list(scenario.seats)
    if scenario.seat_count is not None:
        doc["seat_count"] = scenario.seat_count
    doc["actions"] = list(scenario.actions)
    for key, value in scenario.extra.items():
        if key in PHH_OPTIONAL:
            doc[key] = value
    if not extensions:
        return doc
    doc["_ruleset"] = scenario.ruleset_name
    if scenario.rules is not None:
        doc["_rules"] = dict(scenario.rules)
    if scenario.max_bets is not None:
        doc["_max_bets"] = scenario.max_bets
    if scenario.min_chip is not None:
        doc["_min_chip"] = scenario.min_chip
    if scenario.events:
        doc["_events"] = [event.to_dict() for event in scenario.events]
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


def scenario_to_json(scenario: Scenario | OtherScenario, *, indent: int | None = 2) -> str:
    import json

    return json.dumps(scenario_to_dict(scenario), indent=indent, ensure_ascii=False)
