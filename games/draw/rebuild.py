"""A Flush Code Hack scenario document rebuilt from its table view alone
(``games.questions.answerable``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.cards import FULL_DECK, Card, format_cards
from games.core.rebuild import finish, from_first, hidden_pool, view_cards
from games.draw.document import DrawRound

__all__ = ["rebuild_draw"]


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


def rebuild_draw(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A Flush Code Hack document from the table view: the round is played again with stand-in
    cards, and the hands opened at the showdown get their faces."""
    seats, player = from_first(view)  # p1 is the round's first player
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
            faces.update(zip(held, view_cards(s["hand"]), strict=True))
    rest = hidden_pool(faces.values(), rng)
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
    doc = finish({**view, "seats": seats}, doc, view.get("structure", {}).get("min_chip", 1))
    return doc
