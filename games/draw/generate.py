"""Seeded Flush Code Hack rounds for :func:`games.generate_other.generate_other` (seed document 001).

:func:`generate_draw` plays one round from the fee to the question's point with known cards,
on a table 001 could reach: round 1 starts everyone at 20,000 points (ゲームルール 1), later
rounds have points that earlier rounds moved between the players, and the round's first player
(p1, listed first in ``seats``) is any seat still in the game. Focuses: ties decided by suit or
rank at the showdown, a player who cannot pay the fee, an all-in winner, the last round, and
betting phases complete, pending or with a player all-in.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.cards import FULL_DECK, Card, Rank, Suit, assign_suits, format_cards
from games.core.errors import EngineError
from games.core.hands import Category, best_high
from games.draw.answers import decided_by
from games.draw.document import DrawRound
from games.draw.game import ENTRY_FEE, STARTING_POINTS

__all__ = ["ATTEMPTS", "TITLES", "generate_draw", "generate_question"]

ATTEMPTS = 300  # hands or rounds tried before a focus gives way to the fallback


def _draw_table(rng: random.Random, focus: str) -> tuple[int, list[int], list[int]]:
    """The round number, the players' points before it (p1 first) and their seats.

    001 ゲームルール 1: round 1 starts everyone at 20,000 points, and the seating and the first
    player are drawn at random; the turn of the first player then passes clockwise each round
    (ゲームルール 2) among the players still in the game, so any seat that pays the fee may hold
    it. p1 is that seat: the seats are listed from it, clockwise."""
    number = 100 if focus == "last_round" else rng.choice((1, 1, 2, 5, 12, 37, 64, 99))
    if number == 1 and focus in ("cannot_pay", "all_in_winner"):
        number = rng.choice((5, 12, 37, 64, 99))  # nobody is short in round 1
    points = _draw_points(rng, focus, number)
    first = rng.choice([k for k in range(4) if points[k] >= ENTRY_FEE])
    order = [(first + k) % 4 for k in range(4)]
    return number, [points[k] for k in order], [k + 1 for k in order]


def _draw_points(rng: random.Random, focus: str, number: int) -> list[int]:
    """Seats 1-4's points before round ``number``: 20,000 each in round 1; later, points that
    earlier rounds moved between the players (the total never grows: a player who left the game
    lost the few points they had left)."""
    points = [STARTING_POINTS] * 4
    if number == 1:
        return points
    for _ in range(min(12, 1 + number // 4)):
        a, b = rng.sample(range(4), 2)
        moved = min(points[a], 100 * rng.randint(2, 60))
        points[a] -= moved
        points[b] += moved
    if focus == "cannot_pay":
        k = rng.randrange(4)
        _bring_to(points, k, rng.choice((200, 300, 350, 450, 600)), rng)
        if rng.random() < 0.5:
            j = (k + 1 + rng.randrange(3)) % 4
            _bring_to(points, j, rng.choice((0, 100, 150, 199)), rng)
    elif focus == "all_in_winner":
        _bring_to(points, rng.randrange(4), rng.choice((300, 500, 800, 1200)), rng)
    elif rng.random() < 0.2:
        _bring_to(points, rng.randrange(4), 0, rng)  # a player already out of the game
    return points


def _bring_to(points: list[int], k: int, target: int, rng: random.Random) -> None:
    """Move points between seat ``k`` and the others so that it has ``target``; 0 is a player
    who left the game earlier with fewer points than the fee (lost, 001 ゲームからの退場)."""
    left = rng.choice((50, 100, 150)) if target == 0 else target
    others = [j for j in range(4) if j != k and points[j] >= ENTRY_FEE]
    if points[k] > left:
        points[rng.choice(others)] += points[k] - left
    else:
        richest = max(others, key=lambda j: points[j])
        points[richest] -= left - points[k]
    points[k] = target


def _tie_hands(rng: random.Random, by_suit: bool) -> tuple[list[Card], list[Card], list[Card]]:
    """Two five-card hands with the same ranks (a tie broken by suit) or near ranks, and the rest."""
    while True:
        shape = rng.choice(("pair", "two_pair", "high"))
        if shape == "pair":
            r = rng.choice(list(Rank))
            category_ranks = [r, r, *rng.sample([x for x in Rank if x != r], 3)]
        elif shape == "two_pair":
            category_ranks = _two_pair_ranks(rng)
        else:
            category_ranks = rng.sample(list(Rank), 5)
        suits_a = [rng.choice(list(Suit)) for _ in range(5)]
        a = assign_suits(category_ranks, suits_a, rng)
        if a is None:
            continue
        if by_suit:
            b = assign_suits(category_ranks, [rng.choice(list(Suit)) for _ in range(5)], rng, exclude=set(a))
        else:
            changed = list(category_ranks)
            k = rng.randrange(2, 5)
            changed[k] = rng.choice([r for r in Rank if r not in category_ranks])
            b = assign_suits(changed, [rng.choice(list(Suit)) for _ in range(5)], rng, exclude=set(a))
        if b is None:
            continue
        va, vb = best_high(a), best_high(b)
        if (
            va.category in (Category.FLUSH, Category.STRAIGHT, Category.STRAIGHT_FLUSH)
            or va.category != vb.category
        ):
            continue
        if by_suit and va.strength != vb.strength:
            continue
        rest = [c for c in FULL_DECK if c not in set(a) | set(b)]
        rng.shuffle(rest)
        return a, b, rest


def _two_pair_ranks(rng: random.Random) -> list[Rank]:
    high, low, kicker = rng.sample(list(Rank), 3)
    return [high, high, low, low, kicker]


class _DrawRun:
    """One random Flush Code Hack round with known cards, recorded as PHH-style actions."""

    def __init__(
        self,
        rng: random.Random,
        points: list[int],
        number: int,
        planted: dict[int, list[Card]],
        deck: list[Card],
    ):
        self.rng = rng
        self.state = DrawRound(points=points, round_number=number)
        self.actions: list[str] = []
        self.deck = list(deck)
        self.planted = planted
        self.pat: set[int] = set(planted)
        if self.state.phase == "no_round":
            return
        for p in self.state.in_game:
            cards = planted.get(p) or [self.deck.pop() for _ in range(5)]
            self._do(f"d dh p{p} {format_cards(cards)}")

    def _do(self, text: str) -> None:
        self.state.act(text)
        self.actions.append(text)

    def step(self, style: str) -> bool:
        state = self.state
        if state.phase in ("over", "no_round"):
            return False
        p = state.actor()
        if state.phase in ("draw1", "draw2"):
            assert p is not None
            hand = state.hands[p]
            count = 0 if p in self.pat else self.rng.choice((0, 1, 1, 2, 3))
            thrown = self.rng.sample(hand, count)
            self._do(f"p{p} sd {format_cards(thrown)}" if thrown else f"p{p} sd")
            if thrown:
                new = self._draw_cards(p, len(thrown))
                self._do(f"d dh p{p} {format_cards(new)}")
            return True
        assert p is not None
        owe = state.level - state.bets[p]
        top = state.bets[p] + state.points[p - 1]
        choices: list[tuple[str, float]] = [(f"p{p} cc", 6.0)]
        if owe > 0 and p not in self.pat:
            choices.append((f"p{p} f", 2.0))
        if top > state.level:
            bet = min(top, state.level + self.rng.choice((100, 200, 300, 500, 1000)))
            choices.append((f"p{p} cbr {bet}", 2.0))
            choices.append((f"p{p} cbr {top}", 2.0 if style == "aggressive" else 0.3))
        self._do(self.rng.choices([c for c, _ in choices], weights=[w for _, w in choices])[0])
        return True

    def _draw_cards(self, p: int, count: int) -> list[Card]:
        state = self.state
        out: list[Card] = []
        unseen = sorted(state.unseen, key=lambda c: c.index)
        self.rng.shuffle(unseen)
        out = unseen[:count]
        if len(out) < count:
            pool = [c for c in state.pile if c not in state.hands[p]]
            thrown = set(state._last_discards)
            pool = [c for c in pool if c not in thrown]
            self.rng.shuffle(pool)
            out += pool[: count - len(out)]
        return out


def _draw_doc(run: _DrawRun, points: list[int], number: int, seats: list[int]) -> dict[str, Any]:
    doc: dict[str, Any] = {"variant": "FCH", "entry_fee": ENTRY_FEE, "round": number}
    doc["starting_stacks"] = list(points)
    if seats != [1, 2, 3, 4]:
        doc["seats"] = list(seats)  # p1, the round's first player, sits there
    doc["actions"] = list(run.actions)
    return doc


def generate_draw(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    fallback: dict[str, Any] | None = None
    for _ in range(ATTEMPTS):
        number, points, seats = _draw_table(rng, focus)
        planted: dict[int, list[Card]] = {}
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        paying = [k + 1 for k, p in enumerate(points) if p >= 200]
        if kind == "showdown_winner" and focus in ("suit_tie", "rank_tie"):
            a, b, deck = _tie_hands(rng, focus == "suit_tie")
            pa, pb = rng.sample(paying, 2)
            planted = {pa: a, pb: b}
        run = _DrawRun(rng, points, number, planted, deck)
        style = "aggressive" if focus in ("all_in_winner", "cannot_pay", "all_in") else "calm"
        if kind == "phase_end":
            stop_after = rng.randint(0, 12)
            while run.state.phase not in ("over", "no_round"):
                state = run.state
                at_phase = state.phase in ("bet1", "bet2") or (
                    state.phase in ("draw1", "draw2")
                    and not any(r.phase == state.phase for r in state.history)
                )
                if at_phase and len(run.actions) >= stop_after and _draw_point(focus, state):
                    return _draw_doc(run, points, number, seats), True
                if at_phase and fallback is None and any(r.phase in ("bet1", "bet2") for r in state.history):
                    fallback = _draw_doc(run, points, number, seats)
                run.step(style)
            continue
        while run.step(style):
            pass
        state = run.state
        if state.phase != "over":
            continue
        doc = _draw_doc(run, points, number, seats)
        if kind == "showdown_winner" and not state.showdown:
            continue
        if fallback is None:
            fallback = doc
        if _draw_result_met(kind, focus, state, planted):
            return doc, True
    if fallback is None:  # pragma: no cover
        raise EngineError("generation_failed", "no scenario found for this seed", params={"kind": kind})
    return fallback, False


def _draw_point(focus: str, state: DrawRound) -> bool:
    betting = state.phase in ("bet1", "bet2")
    if focus == "complete":
        return not betting or state.betting_complete()
    if focus == "all_in":
        return (
            betting
            and any(state.points[p - 1] == 0 for p in state.in_round())
            and not state.betting_complete()
        )
    return betting and any(r.phase == state.phase for r in state.history)


def _draw_result_met(kind: str, focus: str, state: DrawRound, planted: dict[int, list[Card]]) -> bool:
    if kind == "showdown_winner":
        if focus in ("suit_tie", "rank_tie"):
            first, second = state.order[0], state.order[1]
            decided = decided_by(state.hands[first], state.hands[second])[0]
            return {first, second} == set(planted) and decided == ("suit" if focus == "suit_tie" else "rank")
        return True
    if focus == "cannot_pay":
        return bool(state.cannot_pay_next()) or bool(state.eliminated_now)
    if focus == "all_in_winner":
        assert state.winner is not None
        return state.points[state.winner - 1] == state.pot and state.showdown
    if focus == "last_round":
        return state.round_number == 100
    return True


TITLES = {
    "showdown_winner": "Flush Code Hack: the showdown winner",
    "round_result": "Flush Code Hack: the pot and eliminations",
    "phase_end": "Flush Code Hack: is the betting phase over, and who acts next?",
}


def generate_question(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    """A document asking ``kind`` and whether it meets ``focus`` (``games.generate_other``)."""
    return generate_draw(kind, focus, rng)
