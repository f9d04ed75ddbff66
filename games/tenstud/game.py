"""Ten-card stud, weakest reveals first, as seed document 000 lays it down.

Five players get ten cards each: five door cards face up and five hole cards face
down that nobody knows, not even their owner (000 section 3); the last two cards of
the deck are never used. Then, again and again, the player whose face-up cards make
the weakest best five turns one hole card over; players tied for the weakest turn
one each at the same time (000 sections 4.2 and 4.3). When all fifty cards are face up
the best five of ten wins; exact ties split the pot (000 section 5).

:class:`TenStudDeal` is the state object: ``verify_reveal`` / ``can_reveal`` /
``reveal`` step the loop; :meth:`TenStudDeal.next_reveal`, :meth:`final_ranking` and
:meth:`awards` answer the drill questions.

>>> import random
>>> deal = TenStudDeal.shuffled(rng=random.Random(3), pot=1000)
>>> while deal.can_reveal():
...     _ = deal.reveal()
>>> sum(deal.awards().values())
1000
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core.cards import FULL_DECK, Card, format_cards
from games.core.documents import cards_text
from games.core.errors import EngineError
from games.core.hands import best_high, high_strength

__all__ = ["PLAYERS", "RevealStep", "TenStudDeal", "deal_steps", "explain_next_reveal", "explain_result"]

PLAYERS = 5
DOOR_CARDS = 5
HOLE_CARDS = 5


@dataclass(frozen=True, slots=True)
class RevealStep:
    """One pass of the loop: who was weakest, with what, and the cards they turned over."""

    step: int
    players: tuple[int, ...]  # seats 1..5, tied weakest together
    strength: int
    cards: tuple[Card, ...]  # in the order of ``players``

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "players": list(self.players),
            "hand": best_high(self.cards).name("en") if len(self.cards) >= 5 else None,
            "revealed": {str(p): str(c) for p, c in zip(self.players, self.cards, strict=True)},
        }


class TenStudDeal:
    """One deal of ten-card stud. Seats are numbered 1..5 in the order they were dealt."""

    def __init__(
        self, *, doors: Sequence[Sequence[Card]], holes: Sequence[Sequence[Card]], pot: int = 0
    ) -> None:
        if len(doors) != PLAYERS or len(holes) != PLAYERS:
            raise EngineError(
                "player_count", "ten-card stud is played by exactly five players (000 section 1)"
            )
        if any(len(d) != DOOR_CARDS for d in doors) or any(len(h) != HOLE_CARDS for h in holes):
            raise EngineError(
                "bad_card_count", "each player has five door cards and five hole cards (000 section 3)"
            )
        every = [c for cards in (*doors, *holes) for c in cards]
        if len(set(every)) != len(every):
            raise EngineError("card_dealt_twice", "a card cannot be dealt twice")
        if pot < 0:
            raise EngineError("bad_field", "the pot cannot be negative", path="pot")
        self.pot = pot
        self.up: list[list[Card]] = [list(d) for d in doors]
        self.down: list[list[Card]] = [list(h) for h in holes]  # unknown to everyone until turned
        self.steps: list[RevealStep] = []

    @classmethod
    def shuffled(cls, *, rng: random.Random, pot: int = 0) -> TenStudDeal:
        """Shuffle and deal: one card at a time round the table, five rounds face up, then five face down.

        000 section 3 does not fix the order in which the ten cards go out; dealing
        round by round is the usual way, and the two cards left are never used.
        """
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        doors = [[deck[r * PLAYERS + p] for r in range(DOOR_CARDS)] for p in range(PLAYERS)]
        base = DOOR_CARDS * PLAYERS
        holes = [[deck[base + r * PLAYERS + p] for r in range(HOLE_CARDS)] for p in range(PLAYERS)]
        return cls(doors=doors, holes=holes, pot=pot)

    # --- facts ----------------------------------------------------------------------------

    def current_strengths(self) -> dict[int, int]:
        """000 section 2: the best five of each player's face-up cards (seat -> strength)."""
        return {p + 1: high_strength(self.up[p]) for p in range(PLAYERS)}

    def weakest(self) -> tuple[int, ...]:
        """Seats that turn a card next: the weakest among those with a hole card left.

        A player whose ten cards are all face up has nothing to turn, so the weakest is
        looked for among the others (000 section 4.2 repeats "until every hole card is up").
        """
        strengths = self.current_strengths()
        waiting = [p for p in strengths if self.down[p - 1]]
        if not waiting:
            return ()
        low = min(strengths[p] for p in waiting)
        return tuple(p for p in waiting if strengths[p] == low)

    @property
    def finished(self) -> bool:
        return not any(self.down)

    # --- the loop --------------------------------------------------------------------------

    def verify_reveal(self) -> None:
        if self.finished:
            raise EngineError("all_revealed", "every card is already face up (000 section 5)")

    def can_reveal(self) -> bool:
        return not self.finished

    def reveal(self) -> RevealStep:
        """The weakest player (all tied weakest together) turns over their next hole card.

        The hole cards are turned in the order they were dealt: nobody knows them, so
        any order is as good, and a fixed one keeps the deal reproducible.
        """
        self.verify_reveal()
        players = self.weakest()
        strength = self.current_strengths()[players[0]]
        turned = []
        for p in players:
            card = self.down[p - 1].pop(0)
            self.up[p - 1].append(card)
            turned.append(card)
        step = RevealStep(len(self.steps) + 1, players, strength, tuple(turned))
        self.steps.append(step)
        return step

    def play_out(self) -> list[RevealStep]:
        """Run the loop to the end; returns the steps taken from here."""
        start = len(self.steps)
        while self.can_reveal():
            self.reveal()
        return self.steps[start:]

    # --- the answers ------------------------------------------------------------------------

    def next_reveal(self) -> dict[str, Any]:
        """Who turns a card next and the face-up hand that makes them the weakest."""
        players = self.weakest()
        if not players:
            return {"players": [], "finished": True}
        value = best_high(self.up[players[0] - 1])
        return {
            "players": list(players),
            "hand": {str(p): format_cards(best_high(self.up[p - 1]).cards) for p in players},
            "name": value.name("en"),
            "finished": False,
        }

    def final_ranking(self) -> list[dict[str, Any]]:
        """000 section 5: best five of ten, strongest first; exactly equal hands share a place."""
        self._require_finished()
        strengths = {p + 1: high_strength(self.up[p]) for p in range(PLAYERS)}
        order = sorted(strengths, key=lambda p: (-strengths[p], p))
        return [
            {
                "seat": p,
                "place": 1 + sum(1 for q in strengths if strengths[q] > strengths[p]),
                "hand": format_cards(best_high(self.up[p - 1]).cards),
                "name": best_high(self.up[p - 1]).name("en"),
            }
            for p in order
        ]

    def winners(self) -> list[int]:
        return [row["seat"] for row in self.final_ranking() if row["place"] == 1]

    def awards(self) -> dict[int, int]:
        """The pot split evenly among the winners (000 section 5).

        Chips that do not divide go one each to the tied winners from the lowest seat
        number (the first dealt) up: the document says only "split evenly".
        """
        winners = self.winners()
        share, odd = divmod(self.pot, len(winners))
        return {p: share + (1 if k < odd else 0) for k, p in enumerate(winners)}

    def _require_finished(self) -> None:
        if not self.finished:
            raise EngineError("not_finished", "the result is known once all ten cards are face up")


def _seats(players: Sequence[int], lang: str) -> str:
    if lang == "ja":
        return "・".join(f"{p}番席" for p in players)
    if len(players) == 1:
        return f"seat {players[0]}"
    return "seats " + ", ".join(str(p) for p in players[:-1]) + f" and {players[-1]}"


def explain_next_reveal(deal: TenStudDeal) -> dict[str, str]:
    """Who reveals next and why (000 sections 4.2 and 4.3)."""
    players = deal.weakest()
    if not players:
        return {
            "en": "Every card is face up: the loop is over.",
            "ja": "全員の10枚がすべて表になったので、公開ループは終わりです。",
        }
    value = best_high(deal.up[players[0] - 1])
    shown = len(deal.up[players[0] - 1])
    en = (
        f"{_seats(players, 'en').capitalize()} {'reveals' if len(players) == 1 else 'reveal'} next: "
        f"the best five of the {shown} face-up cards make {value.name('en').lower()}, "
        "the weakest of the players who still have a hole card"
    )
    ja = (
        f"次に1枚めくるのは{_seats(players, 'ja')}です。表の{shown}枚から作る最強の5枚が"
        f"{value.name('ja')}で、ホールカードが残っているプレイヤーの中で一番弱いからです"
    )
    if len(players) > 1:
        en += ", tied exactly, so they each turn a card at the same time."
        ja += "。まったく同じ強さなので、同時に1枚ずつめくります。"
    else:
        en += "."
        ja += "。"
    return {"en": en, "ja": ja}


def explain_result(deal: TenStudDeal) -> dict[str, str]:
    """The winner or the split (000 section 5)."""
    winners = deal.winners()
    awards = deal.awards()
    value = best_high(deal.up[winners[0] - 1])
    if len(winners) == 1:
        return {
            "en": f"Seat {winners[0]} wins the pot of {deal.pot:,} with {value.name('en').lower()} "
            f"({cards_text(value.cards)}), the best five of ten.",
            "ja": f"10枚から選ぶ最強の5枚で、{winners[0]}番席が{value.name('ja')}"
            f"（{cards_text(value.cards)}）となりポット{deal.pot:,}を獲得します。",
        }
    shares = ", ".join(f"{awards[p]:,} to seat {p}" for p in winners)
    shares_ja = "、".join(f"{p}番席に{awards[p]:,}" for p in winners)
    en = (
        f"{_seats(winners, 'en').capitalize()} tie exactly with {value.name('en').lower()} "
        f"and split the pot of {deal.pot:,} ({shares})"
    )
    ja = (
        f"{_seats(winners, 'ja')}が{value.name('ja')}で完全に同じ強さのため、"
        f"ポット{deal.pot:,}を等分します（{shares_ja}）"
    )
    odd = deal.pot % len(winners)
    if odd:
        en += (
            f"; the rules say only that the pot is split equally, and by our reading the odd "
            f"chip{'s go' if odd > 1 else ' goes'} to the lowest seat number first."
        )
        ja += (
            "。ルールには等分とだけあり、"
            "このアプリの解釈では割り切れない端数を席番号の小さい順に1チップずつ渡します。"
        )
    else:
        en += "."
        ja += "。"
    return {"en": en, "ja": ja}


def _strength_json(cards: Sequence[Card]) -> dict[str, Any]:
    value = best_high(cards)
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def deal_steps(seed: int | str, *, pot: int = 1000) -> dict[str, Any]:
    """A whole seeded deal as ordered steps, for a page that plays it out one step at a time.

    ``{"seed", "pot", "start": {"seats": [{"seat", "door", "hidden", "strength"}]},
    "steps": [{"step", "seats", "weakest", "revealed", "explanation", "strengths"}],
    "result": {"ranking", "winners", "awards", "explanation"}}``: ``weakest`` is the
    face-up hand that made the seats the weakest before the step (with its names in English
    and Japanese), ``revealed`` the card each of them turned, ``strengths`` every seat's
    current strength after the step. The same seed always gives the same deal; hole cards
    appear only as they are turned (000 section 3: nobody knows them before).
    """
    deal = TenStudDeal.shuffled(rng=random.Random(f"tenstud-deal:{seed}"), pot=pot)
    start = {
        "seats": [
            {
                "seat": p + 1,
                "door": [str(c) for c in deal.up[p]],
                "hidden": len(deal.down[p]),
                "strength": _strength_json(deal.up[p]),
            }
            for p in range(PLAYERS)
        ]
    }
    steps = []
    while deal.can_reveal():
        explanation = explain_next_reveal(deal)
        weakest = _strength_json(deal.up[deal.weakest()[0] - 1])
        step = deal.reveal()
        steps.append(
            {
                "step": step.step,
                "seats": list(step.players),
                "weakest": weakest,
                "revealed": {str(p): str(c) for p, c in zip(step.players, step.cards, strict=True)},
                "explanation": explanation,
                "strengths": {str(p + 1): _strength_json(deal.up[p]) for p in range(PLAYERS)},
            }
        )
    by_place: dict[int, list[int]] = {}
    for row in deal.final_ranking():
        by_place.setdefault(row["place"], []).append(row["seat"])
    groups = [sorted(by_place[place]) for place in sorted(by_place)]
    return {
        "seed": seed,
        "pot": pot,
        "start": start,
        "steps": steps,
        "result": {
            "ranking": groups,
            "hands": {str(p + 1): _strength_json(deal.up[p]) for p in range(PLAYERS)},
            "winners": deal.winners(),
            "awards": {str(p): chips for p, chips in deal.awards().items()},
            "explanation": explain_result(deal),
        },
    }
