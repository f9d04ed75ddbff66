"""No-limit hold'em scenarios (``variant "NT"``): PHH's no-limit hold'em fields plus the
``_`` extensions (docs/scenario-format-extensions.md section 1).

>>> scenario = holdem_scenario_from_dict({
...     "variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [50, 100, 0],
...     "min_bet": 100, "starting_stacks": [5000, 5000, 5000],
...     "actions": ["d dh p1 AsKs", "d dh p2 7c7d", "d dh p3 QhJh", "p3 cbr 300"],
...     "_question": {"kind": "min_raise"}})
>>> scenario.replay().hand.min_raise_to()
500
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.documents import (
    OtherScenario,
    check_depth,
    check_keys,
    read_actions,
    read_extensions,
    read_int,
    read_int_list,
    read_seats,
    whole_chips,
)
from games.core.errors import EngineError
from games.holdem.hand import HoldemHand, NoLimitHoldem

__all__ = ["HoldemReplay", "HoldemScenario", "holdem_scenario_from_dict", "read_scenario"]

MAX_PLAYERS = 10
FIELDS = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
OPTIONAL = ("seats", "seat_count", "ante_trimming_status")


@dataclass(frozen=True)
class HoldemReplay:
    """The hand at the decision point and, for each action in ``hand.history``, its street."""

    hand: HoldemHand
    streets: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class HoldemScenario(OtherScenario):
    """A no-limit hold'em hand frozen at a decision point, plus the question asked there.

    Players are PHH's p1..pN: p1 is the first seat to the button's left and pN the button
    (heads-up p1 is the big blind and p2 the button, who posts the small blind).
    """

    VARIANT = "NT"

    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    ante_trimming_status: bool | None = None

    @property
    def player_seats(self) -> tuple[int, ...]:
        return self.seats if self.seats is not None else tuple(range(1, len(self.starting_stacks) + 1))

    def seat(self, player: int) -> int:
        """The seat number of player ``player`` (1-based, PHH's pK)."""
        return self.player_seats[player - 1]

    def table(self) -> NoLimitHoldem:
        return NoLimitHoldem(
            starting_stacks=self.starting_stacks,
            blinds_or_straddles=self.blinds_or_straddles,
            antes=self.antes,
            min_bet=self.min_bet,
        )

    def replay(self, *, upto: int | None = None) -> HoldemReplay:
        """Play the actions (the first ``upto`` of them); errors name ``actions[i]``."""
        hand = HoldemHand(table=self.table())
        streets: list[int] = []
        chip = self.chip
        for i, text in enumerate(self.actions[:upto]):
            words = text.split("#", 1)[0].split()
            if len(words) == 3 and words[1] == "cbr" and words[2].isdigit():
                if len(words[2]) > 13:
                    raise EngineError("number_too_large", "not a chip amount", path=f"actions[{i}]")
                if int(words[2]) % chip:
                    raise EngineError(
                        "not_whole_chips",
                        f"{words[2]} is not a multiple of the smallest chip {chip}",
                        params={"amount": int(words[2]), "min_chip": chip},
                        path=f"actions[{i}]",
                    )
            street = hand.street
            try:
                record = hand.act(text)
            except EngineError as err:
                raise err.with_path(f"actions[{i}]") from None
            streets.append(hand.street if record.kind == "deal_board" else street)
        return HoldemReplay(hand, tuple(streets))

    def hand_fields(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"variant": "NT"}
        if self.ante_trimming_status is not None:
            doc["ante_trimming_status"] = self.ante_trimming_status
        doc["antes"] = list(self.antes)
        doc["blinds_or_straddles"] = list(self.blinds_or_straddles)
        doc["min_bet"] = self.min_bet
        doc["starting_stacks"] = list(self.starting_stacks)
        if self.seats is not None:
            doc["seats"] = list(self.seats)
        if self.seat_count is not None:
            doc["seat_count"] = self.seat_count
        doc["actions"] = list(self.actions)
        return doc


def holdem_scenario_from_dict(doc: Any) -> HoldemScenario:
    """Validate a decoded ``"NT"`` document (the hand itself is checked by replaying it)."""
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object", path=None)
    check_depth(doc)
    check_keys(doc, FIELDS + OPTIONAL, FIELDS, "NT")
    if doc["variant"] != "NT":
        raise EngineError("unknown_variant", 'a no-limit hold\'em scenario has variant "NT"', path="variant")
    stacks = read_int_list(doc["starting_stacks"], "starting_stacks")
    if not 2 <= len(stacks) <= MAX_PLAYERS:
        raise EngineError(
            "bad_player_count",
            f"a hold'em table has 2 to {MAX_PLAYERS} players (002 section 1)",
            path="starting_stacks",
        )
    antes = read_int_list(doc["antes"], "antes")
    blinds = read_int_list(doc["blinds_or_straddles"], "blinds_or_straddles")
    for name, values in (("antes", antes), ("blinds_or_straddles", blinds)):
        if len(values) > len(stacks):
            raise EngineError("length_mismatch", f"{name} has more entries than players", path=name)
    min_bet = read_int(doc["min_bet"], "min_bet", minimum=1)
    extensions = read_extensions(doc, "NT", registry.kind_names("NT"))
    chip = extensions.get("min_chip") or 1
    for name, values in (("starting_stacks", stacks), ("antes", antes), ("blinds_or_straddles", blinds)):
        whole_chips(values, name, chip)
    whole_chips((min_bet,), "min_bet", chip)
    seats, seat_count = read_seats(doc, len(stacks))
    trimming = doc.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise EngineError(
            "bad_type", "ante_trimming_status must be true or false", path="ante_trimming_status"
        )
    actions = read_actions(doc)
    scenario = HoldemScenario(
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=min_bet,
        starting_stacks=stacks,
        actions=actions,
        seats=seats,
        seat_count=seat_count,
        ante_trimming_status=trimming,
        **extensions,
    )
    scenario.table()  # validates blinds and stacks once more (NoLimitHoldem's own checks)
    return scenario


def nominal_blinds(scenario: HoldemScenario) -> list[int]:
    """Each player's blind or straddle as posted (heads-up read reversed, as PHH does)."""
    table = scenario.table()
    return [table.posted(table.blinds_or_straddles, i) for i in range(table.player_count)]


def positions(scenario: HoldemScenario) -> dict[int, str]:
    """Position labels by player (1-based): ``"SB"``, ``"BB"``, ``"STR"`` (a straddle),
    ``"BTN"``; heads-up the button is ``"BTN/SB"`` and p1 ``"BB"``."""
    n = len(scenario.starting_stacks)
    if n == 2:
        return {1: "BB", 2: "BTN/SB"}
    blinds = nominal_blinds(scenario)
    out: dict[int, str] = {}
    for k, amount in enumerate(blinds):
        if amount > 0:
            out[k + 1] = "SB" if k == 0 else "BB" if k == 1 else "STR"
    out[n] = "BTN"
    return out


# How the registry reads a document of this game (``games.registry.read_document``).
read_scenario = holdem_scenario_from_dict
