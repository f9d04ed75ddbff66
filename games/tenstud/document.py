"""Ten-card stud scenarios (``variant "T10S"``): a deal of seed document 000 at some point of
the weakest-reveals-first loop (docs/scenario-format-extensions.md section 3).

A document deals ten cards to each of the five players (``d dh pK`` five door cards then
five hole cards; the hole cards may be written ``??????????``: nobody knows them) and
lists the reveals so far (``pK sm CARD``: player K turns one hole card face up). The
players tied for the weakest face-up hand reveal together: their reveals come one after
another, in any order, before the next step starts.

>>> s = tenstud_scenario_from_dict({"variant": "T10S", "pot": 1000, "actions": [
...     "d dh p1 AsKsQsJs9d??????????", "d dh p2 2c3d5h7s9c??????????",
...     "d dh p3 2d3c5d7c9s??????????", "d dh p4 AhAdKhKd2h??????????",
...     "d dh p5 QcQdJcJd8h??????????"]})
>>> s.replay().next_reveal()
(2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.cards import Card, format_cards, parse_cards
from games.core.documents import (
    OtherScenario,
    check_depth,
    check_keys,
    read_actions,
    read_extensions,
    read_int,
    read_seats,
)
from games.core.errors import EngineError
from games.core.hands import best_high, high_strength

__all__ = ["TenStudPosition", "TenStudScenario", "TenStudStep", "read_scenario", "tenstud_scenario_from_dict"]

PLAYERS = 5
FIELDS = ("variant", "actions")
OPTIONAL = ("pot", "seats", "seat_count")
UNKNOWN_HOLES = "??" * 5


@dataclass(frozen=True, slots=True)
class TenStudStep:
    """One pass of the loop: the tied weakest players, their face-up hand and the cards turned."""

    number: int
    players: tuple[int, ...]  # 1-based, ascending
    strength: int
    hand: tuple[Card, ...]  # the weakest best five before the step
    cards: dict[int, Card]  # player -> card turned (so far, while the step is in progress)

    @property
    def complete(self) -> bool:
        return len(self.cards) == len(self.players)


class TenStudPosition:
    """Five players' door cards, hole cards (known or not) and the reveals so far."""

    def __init__(self, *, pot: int = 0) -> None:
        self.pot = pot
        self.doors: dict[int, tuple[Card, ...]] = {}
        self.holes: dict[int, list[Card] | None] = {}  # the face-down cards still down, None: unknown
        self.revealed: dict[int, list[Card]] = {}
        self.hidden: dict[int, int] = {}
        self.steps: list[TenStudStep] = []

    # --- facts ---------------------------------------------------------------------------

    @property
    def dealt(self) -> bool:
        return len(self.doors) == PLAYERS

    def up(self, p: int) -> tuple[Card, ...]:
        """The face-up cards of player ``p``: the door cards, then the hole cards turned."""
        return (*self.doors[p], *self.revealed[p])

    def strengths(self) -> dict[int, int]:
        """000 section 2, current strength: the best five of each player's face-up cards."""
        return {p: high_strength(self.up(p)) for p in range(1, PLAYERS + 1)}

    @property
    def finished(self) -> bool:
        return self.dealt and not any(self.hidden.values())

    def all_known(self) -> bool:
        """Every player's ten cards are known (all face up, or the hole cards were given)."""
        return self.dealt and all(self.hidden[p] == 0 or self.holes[p] is not None for p in self.hidden)

    def ten(self, p: int) -> tuple[Card, ...]:
        """All ten cards of player ``p`` (needs :meth:`all_known`)."""
        return (*self.up(p), *(self.holes[p] or ()))

    def _step_in_progress(self) -> TenStudStep | None:
        if self.steps and not self.steps[-1].complete:
            return self.steps[-1]
        return None

    def weakest(self) -> tuple[int, ...]:
        """Players who turn a card at the next step: the weakest face-up hands among the players
        who still have a hole card down (000 sections 4.2 and 4.3)."""
        strengths = self.strengths()
        waiting = [p for p in strengths if self.hidden[p]]
        if not waiting:
            return ()
        low = min(strengths[p] for p in waiting)
        return tuple(p for p in waiting if strengths[p] == low)

    def next_reveal(self) -> tuple[int, ...]:
        """Who reveals next: the rest of a step in progress, else the weakest."""
        if not self.dealt:
            raise EngineError("not_dealt", "the ten cards of every player are dealt first (000 section 3)")
        step = self._step_in_progress()
        if step is not None:
            return tuple(p for p in step.players if p not in step.cards)
        return self.weakest()

    # --- actions -----------------------------------------------------------------------------

    def _seen(self) -> set[Card]:
        seen: set[Card] = set()
        for p in self.doors:
            seen.update(self.doors[p])
            seen.update(self.revealed[p])
            seen.update(self.holes[p] or ())
        return seen

    def act(self, text: str) -> None:
        words = text.split("#", 1)[0].split()
        match words:
            case ["d", "dh", player, cards]:
                self.deal(self._player(player), cards)
                return
            case [player, "sm", card]:
                self.reveal(self._player(player), card)
                return
        raise EngineError(
            "bad_action", f"not a ten-card stud action: {text[:40]!r}", params={"action": text[:40]}
        )

    def _player(self, text: str) -> int:
        if not (
            text.startswith("p") and text[1:].isdigit() and len(text) <= 3 and 1 <= int(text[1:]) <= PLAYERS
        ):
            raise EngineError(
                "unknown_player", f"no such player: {text[:10]!r}", params={"player": text[:10]}
            )
        return int(text[1:])

    def deal(self, p: int, text: str) -> None:
        """``d dh pK`` five door cards then five hole cards (``??????????`` if unknown)."""
        if self.dealt:
            raise EngineError("already_dealt", "every player already has ten cards")
        expected = len(self.doors) + 1
        if p != expected:
            raise EngineError(
                "out_of_turn",
                f"p{expected} is dealt next (in order, p1 to p5)",
                params={"expected": expected},
            )
        compact = "".join(text.split())
        if len(compact) != 20:
            raise EngineError(
                "bad_card_count", "each player is dealt five door cards and five hole cards (000 section 3)"
            )
        doors = parse_cards(compact[:10])
        holes = None if compact[10:] == UNKNOWN_HOLES else list(parse_cards(compact[10:]))
        cards = [*doors, *(holes or [])]
        if len(set(cards)) != len(cards) or set(cards) & self._seen():
            raise EngineError("card_dealt_twice", "a card cannot be dealt twice", params={"cards": compact})
        self.doors[p] = doors
        self.holes[p] = holes
        self.revealed[p] = []
        self.hidden[p] = 5

    def reveal(self, p: int, text: str) -> TenStudStep:
        """Player ``p`` turns a hole card: only a player of the current step may."""
        if not self.dealt:
            raise EngineError("not_dealt", "the ten cards of every player are dealt first (000 section 3)")
        cards = parse_cards(text)
        if len(cards) != 1:
            raise EngineError("bad_card_count", "a reveal turns one card (000 section 4.2)")
        card = cards[0]
        if self.finished:
            raise EngineError("all_revealed", "every card is already face up (000 section 5)")
        step = self._step_in_progress()
        if step is None:
            players = self.weakest()
            step = TenStudStep(
                len(self.steps) + 1,
                players,
                self.strengths()[players[0]],
                best_high(self.up(players[0])).cards,
                {},
            )
            self.steps.append(step)
        if p not in step.players or p in step.cards:
            waiting = [q for q in step.players if q not in step.cards]
            raise EngineError(
                "not_weakest",
                f"p{p} is not to reveal now: the weakest face-up hand is p{', p'.join(map(str, waiting))}'s "
                "(000 section 4.2)",
                params={"player": p, "expected": waiting},
            )
        known = self.holes[p]
        if known is not None:
            if card not in known:
                raise EngineError(
                    "not_in_hand",
                    f"{card} is not one of p{p}'s hole cards",
                    params={"player": p, "card": str(card)},
                )
            known.remove(card)
        elif card in self._seen():
            raise EngineError(
                "card_dealt_twice", f"{card} is already on the table", params={"card": str(card)}
            )
        self.revealed[p].append(card)
        self.hidden[p] -= 1
        step.cards[p] = card
        return step

    # --- the end --------------------------------------------------------------------------

    def final_strengths(self) -> dict[int, int]:
        """000 section 5, final strength: the best five of each player's ten cards."""
        return {p: high_strength(self.ten(p)) for p in range(1, PLAYERS + 1)}

    def ranking(self) -> list[list[int]]:
        """Players best first; exactly equal hands are grouped (000 section 5)."""
        strengths = self.final_strengths()
        groups: list[list[int]] = []
        for value in sorted(set(strengths.values()), reverse=True):
            groups.append(sorted(p for p in strengths if strengths[p] == value))
        return groups

    def awards(self, *, min_chip: int = 1) -> dict[int, int]:
        """The pot shared evenly among the winners (000 section 5); odd chips one each to the
        winners from the lowest player number (the first dealt)."""
        winners = self.ranking()[0]
        share, odd = divmod(self.pot // min_chip, len(winners))
        return {p: (share + (1 if k < odd else 0)) * min_chip for k, p in enumerate(winners)}


@dataclass(frozen=True, kw_only=True)
class TenStudScenario(OtherScenario):
    """A ten-card stud deal frozen in the reveal loop, plus the question asked there."""

    VARIANT = "T10S"

    actions: tuple[str, ...]
    pot: int = 0
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None

    @property
    def player_seats(self) -> tuple[int, ...]:
        return self.seats if self.seats is not None else tuple(range(1, PLAYERS + 1))

    def seat(self, player: int) -> int:
        return self.player_seats[player - 1]

    def replay(self, *, upto: int | None = None) -> TenStudPosition:
        state = TenStudPosition(pot=self.pot)
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.act(text)
            except EngineError as err:
                raise err.with_path(f"actions[{i}]") from None
        return state

    def hand_fields(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"variant": "T10S", "pot": self.pot}
        if self.seats is not None:
            doc["seats"] = list(self.seats)
        if self.seat_count is not None:
            doc["seat_count"] = self.seat_count
        doc["actions"] = list(self.actions)
        return doc


def tenstud_scenario_from_dict(doc: Any) -> TenStudScenario:
    """Validate a decoded ``"T10S"`` document (the deal itself is checked by replaying it)."""
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object", path=None)
    check_depth(doc)
    check_keys(doc, FIELDS + OPTIONAL, FIELDS, "T10S")
    if doc["variant"] != "T10S":
        raise EngineError("unknown_variant", 'a ten-card stud scenario has variant "T10S"', path="variant")
    pot = read_int(doc["pot"], "pot") if "pot" in doc else 0
    extensions = read_extensions(doc, "T10S", registry.kind_names("T10S"))
    chip = extensions.get("min_chip") or 1
    if pot % chip:
        raise EngineError(
            "not_whole_chips", f"{pot} is not a multiple of the smallest chip {chip}", path="pot"
        )
    seats, seat_count = read_seats(doc, PLAYERS)
    return TenStudScenario(
        actions=read_actions(doc), pot=pot, seats=seats, seat_count=seat_count, **extensions
    )


def deal_actions(doors: Sequence[Sequence[Card]], holes: Sequence[Sequence[Card]] | None) -> list[str]:
    """The five ``d dh`` actions of a deal (hole cards written ``??`` when ``holes`` is None)."""
    out = []
    for k in range(PLAYERS):
        hidden = format_cards(holes[k]) if holes is not None else UNKNOWN_HOLES
        out.append(f"d dh p{k + 1} {format_cards(doors[k])}{hidden}")
    return out


# How the registry reads a document of this game (``games.registry.read_document``).
read_scenario = tenstud_scenario_from_dict
