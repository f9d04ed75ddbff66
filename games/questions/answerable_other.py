"""Rebuild a hold'em, Flush Code Hack or ten-card stud scenario from its table view alone.

A question is answerable when the table the trainee sees decides its answer.
:func:`rebuild_other_from_view` writes a scenario document of the same game using nothing but
the view (``games.table.table_view``): the structure, the seats, the starting stacks or points
(what is behind plus what was put in), every action of the history in order, and the cards the
view shows. Every card the trainee cannot see is a random card that the view shows nowhere, so
solving several rebuilt documents (different ``rng``) and getting the same answer as the
original shows that the answer follows from the table; ``games.questions.answerable.check_answerable``
does that comparison for every game.

>>> import random
>>> from games.generate_other import generate_other
>>> from games.solve import solve
>>> from games.table import table_view
>>> doc = generate_other(kind="pots", variant="NT", seed=3)
>>> rebuilt = rebuild_other_from_view(table_view(doc), random.Random(1))
>>> solve(rebuilt)["answer"] == solve(doc)["answer"]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.core.cards import FULL_DECK, Card, format_cards, parse_cards
from games.core.errors import EngineError
from games.draw.document import DrawRound
from games.holdem.document import HoldemScenario

__all__ = ["premise_problem", "rebuild_other_from_view"]


def rebuild_other_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scenario document of ``view["variant"]`` (``"NT"``, ``"FCH"`` or ``"T10S"``) built from
    the table view alone, hidden cards drawn from ``rng`` (see the module docstring)."""
    variant = view.get("variant")
    if variant == "NT":
        return _holdem(view, rng)
    if variant == "FCH":
        return _draw(view, rng)
    if variant == "T10S":
        return _tenstud(view, rng)
    raise EngineError(
        "unknown_variant",
        f"rebuild_other_from_view rebuilds NT, FCH and T10S tables, not {str(variant)[:20]!r}",
        params={"variant": str(variant)[:20]},
        path="variant",
    )


def premise_problem(scenario: Any) -> tuple[str, dict[str, Any]] | None:
    """Why the question is asked where it cannot be asked, whatever the table shows; None when
    it can.

    ``betting_open``: a hold'em ``pots`` question while a betting round is in progress
    (someone has acted and the round is not complete; ``params["seats"]``: the seats still to
    act). The chips in front are not final then: a bet may still be called, raised or go back
    uncalled, so the pots are asked once the round is complete (002 section 5), or before
    anyone acts in it.
    """
    if isinstance(scenario, HoldemScenario) and scenario.kind == "pots":
        hand = scenario.replay().hand
        if hand.round_in_progress():
            return "betting_open", {"seats": sorted(scenario.seat(i + 1) for i in hand.pending())}
    return None


def _cards(texts: Iterable[str]) -> list[Card]:
    return [c for text in texts for c in parse_cards(text)]


def _hidden_pool(visible: Iterable[Card], rng: random.Random) -> list[Card]:
    """The cards the view shows nowhere, shuffled: the stand-ins for every hidden card."""
    seen = set(visible)
    pool = [c for c in FULL_DECK if c not in seen]
    rng.shuffle(pool)
    return pool


def _common(view: Mapping[str, Any], doc: dict[str, Any], chip: int) -> dict[str, Any]:
    doc["seats"] = [s["seat"] for s in view["seats"]]
    if view.get("seat_count") is not None:
        doc["seat_count"] = view["seat_count"]
    if chip != 1:
        doc["_min_chip"] = chip
    doc["_question"] = {"kind": view["kind"]}
    return doc


# --- hold'em ----------------------------------------------------------------------------------


def _holdem(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    seats = view["seats"]
    player = {s["seat"]: s["player"] for s in seats}
    structure = view["structure"]
    history = view["history"]
    visible = _cards(view.get("board") or []) + _cards(c for s in seats for c in s.get("shown") or [])
    pool = _hidden_pool(visible, rng)
    actions = []
    for s in seats:
        if not s["hole_cards"]:
            continue
        hole = _cards(s["shown"]) if s.get("shown") else [pool.pop(), pool.pop()]
        actions.append(f"d dh {s['player']} {format_cards(hole)}")
    for entry in history:
        action = entry["action"]
        who = player.get(entry["seat"]) if entry["seat"] is not None else None
        if action == "board":
            actions.append(f"d db {''.join(entry['cards'])}")
        elif action == "fold":
            actions.append(f"{who} f")
        elif action in ("check", "call"):
            actions.append(f"{who} cc")
        elif action in ("bet", "raise"):
            actions.append(f"{who} cbr {entry['to']}")
        elif action == "show":
            actions.append(f"{who} sm {''.join(entry['cards'])}")
        elif action == "muck":
            actions.append(f"{who} sm")
        # post_ante and post_blind: the structure and the starting stacks post them again.
    doc: dict[str, Any] = {
        "variant": "NT",
        "antes": list(structure["antes"]),
        "blinds_or_straddles": list(structure["blinds_or_straddles"]),
        "min_bet": structure["min_bet"],
        "starting_stacks": [s["stack"] + s["committed"] for s in seats],
        "actions": actions,
    }
    return _common(view, doc, structure.get("min_chip", 1))


# --- Flush Code Hack ------------------------------------------------------------------------------


class _Tokens:
    """A round played with stand-in cards: legality in 001 depends only on which cards are
    where (deck, hands, discards), so any stand-ins do, and the cards of the hands opened at
    the showdown are given their real faces afterwards."""

    def __init__(self, view: Mapping[str, Any], rng: random.Random) -> None:
        self.rng = rng
        self.deck = list(FULL_DECK)
        rng.shuffle(self.deck)
        fee = view["structure"]["entry_fee"] if "structure" in view else view["entry_fee"]
        self.state = DrawRound(
            points=[s["points_before"] for s in view["seats"]], entry_fee=fee, round_number=view["round"]
        )
        self.actions: list[tuple[str, list[Card]]] = []

    def do(self, text: str, cards: Sequence[Card] = ()) -> None:
        self.state.act(f"{text} {format_cards(cards)}" if cards else text)
        self.actions.append((text, list(cards)))

    def replacements(self, p: int, count: int) -> list[Card]:
        """Cards for a draw as 001 山札 has it: from the deck, then (only once the deck has run
        out) from earlier discards, never the player's own new ones."""
        state = self.state
        unseen = sorted(state.unseen, key=lambda c: c.index)
        self.rng.shuffle(unseen)
        out = unseen[:count]
        if len(out) < count:
            thrown = set(state._last_discards)
            pool = [c for c in state.pile if c not in thrown and c not in state.hands[p]]
            self.rng.shuffle(pool)
            out += pool[: count - len(out)]
        return out


def _from_first(view: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], dict[int, int]]:
    """The seats from the one marked ``first`` (p1), clockwise as listed, and each seat's player."""
    listed = list(view["seats"])
    start = next(k for k, s in enumerate(listed) if s["seat"] == view["first"])
    seats = listed[start:] + listed[:start]
    return seats, {s["seat"]: k + 1 for k, s in enumerate(seats)}


def _draw(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    seats, player = _from_first(view)  # p1 is the round's first player
    run = _Tokens({**view, "seats": seats}, rng)
    state = run.state
    for p in state.in_game:
        run.do(f"d dh p{p}", [run.deck.pop() for _ in range(5)])
    for entry in view["history"]:
        action = entry["action"]
        if action == "fee":
            continue
        p = player[entry["seat"]]
        if action == "draw":
            thrown = rng.sample(state.hands[p], entry["count"])
            run.do(f"p{p} sd", thrown)
            if thrown:
                run.do(f"d dh p{p}", run.replacements(p, len(thrown)))
        elif action == "drop":
            run.do(f"p{p} f")
        elif action in ("check", "call"):
            run.do(f"p{p} cc")
        else:
            run.do(f"p{p} cbr {entry['to']}")
    # The hands opened at the showdown get their faces; every other stand-in a hidden card.
    faces: dict[Card, Card] = {}
    for s in seats:
        if s.get("hand"):
            held = sorted(state.hands[player[s["seat"]]], key=lambda c: c.index)
            faces.update(zip(held, _cards(s["hand"]), strict=True))
    rest = _hidden_pool(faces.values(), rng)
    for token in FULL_DECK:
        if token not in faces:
            faces[token] = rest.pop()
    actions = [
        f"{text} {format_cards(faces[c] for c in cards)}" if cards else text for text, cards in run.actions
    ]
    doc: dict[str, Any] = {"variant": "FCH", "entry_fee": state.entry_fee}
    if view["round"] is not None:
        doc["round"] = view["round"]
    doc["starting_stacks"] = [s["points_before"] for s in seats]
    doc["actions"] = actions
    doc = _common({**view, "seats": seats}, doc, view.get("structure", {}).get("min_chip", 1))
    return doc


# --- ten-card stud ------------------------------------------------------------------------------


def _tenstud(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    seats, player = _from_first(view)  # p1 is the seat dealt first
    visible = _cards(c for s in seats for key in ("door", "revealed", "hole") for c in s.get(key) or [])
    pool = _hidden_pool(visible, rng)
    actions = []
    for k, s in enumerate(seats):
        if not s["door"]:
            continue
        turned = _cards(s["revealed"])
        down = _cards(s["hole"]) if "hole" in s else [pool.pop() for _ in range(s["hidden"])]
        actions.append(f"d dh p{k + 1} {format_cards(_cards(s['door']))}{format_cards([*turned, *down])}")
    for step in view["steps"]:
        for seat, card in step["cards"].items():
            actions.append(f"p{player[int(seat)]} sm {card}")
    doc: dict[str, Any] = {"variant": "T10S", "pot": view["pot"]["total"], "actions": actions}
    return _common({**view, "seats": seats}, doc, view.get("structure", {}).get("min_chip", 1))
