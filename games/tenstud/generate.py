"""Seeded ten-card stud scenarios for each question kind and focus (``games.generate_other``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.core.cards import FULL_DECK, Card, Rank, Suit, assign_suits
from games.core.hands import Category, best_high, high_strength
from games.tenstud.document import deal_actions
from games.tenstud.game import TenStudDeal

__all__ = ["ATTEMPTS", "TITLES", "generate_question"]

ATTEMPTS = 300  # deals tried before a focus gives way to the fallback
TITLES = {
    "next_reveal": "Ten-card stud: who reveals next",
    "final_ranking": "Ten-card stud: the final ranking",
    "split": "Ten-card stud: sharing the pot",
}


def generate_question(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    """A document asking ``kind`` and whether it meets ``focus``."""
    return _tenstud(kind, focus, rng)


def _tenstud(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    pot = rng.choice((500, 1000, 1500, 2000, 5000))
    fallback: dict[str, Any] | None = None
    tries = ATTEMPTS * (20 if focus in ("tie", "odd_chip") else 1)
    for _ in range(tries):
        deal = (
            _planted_deal(rng, pot)
            if focus == "tied_weakest" and rng.random() < 0.7
            else TenStudDeal.shuffled(rng=rng, pot=pot)
        )
        doors = [list(d) for d in deal.up]
        holes = [list(h) for h in deal.down]
        if kind == "next_reveal":
            steps = deal.play_out()
            options = _reveal_stops(steps, focus, rng)
            stop, partial = options if options else (rng.randrange(len(steps)), 0)
            actions = deal_actions(doors, None)
            for step in steps[:stop]:
                actions += [f"p{p} sm {c}" for p, c in zip(step.players, step.cards, strict=True)]
            if partial:
                step = steps[stop]
                actions += [
                    f"p{p} sm {c}" for p, c in list(zip(step.players, step.cards, strict=True))[:partial]
                ]
            doc = {"variant": "T10S", "pot": pot, "actions": actions}
            if options:
                return doc, True
            fallback = fallback or doc
            continue
        final = _final_groups(doors, holes)
        met = {
            "tie": len(final[0]) > 1 or (kind == "final_ranking" and any(len(g) > 1 for g in final)),
            "odd_chip": len(final[0]) > 1,
            "single": len(final[0]) == 1,
            "any": True,
        }[focus]
        if focus == "odd_chip" and met:
            pot += rng.randint(1, len(final[0]) - 1)  # chips that do not divide among the winners
        if not met and fallback is not None:
            continue
        steps = deal.play_out()
        actions = deal_actions(doors, None)
        for step in steps:
            actions += [f"p{p} sm {c}" for p, c in zip(step.players, step.cards, strict=True)]
        doc = {"variant": "T10S", "pot": pot, "actions": actions}
        if met:
            return doc, True
        fallback = doc
    assert fallback is not None
    return fallback, False


def _final_groups(doors: list[list[Card]], holes: list[list[Card]]) -> list[list[int]]:
    strengths = {p + 1: high_strength([*doors[p], *holes[p]]) for p in range(5)}
    return [
        sorted(p for p in strengths if strengths[p] == v)
        for v in sorted(set(strengths.values()), reverse=True)
    ]


def _reveal_stops(steps: Sequence[Any], focus: str, rng: random.Random) -> tuple[int, int] | None:
    """Where to stop the loop for ``next_reveal``: (complete steps, reveals into the next)."""
    if focus == "tied_weakest":
        tied = [k for k, s in enumerate(steps) if len(s.players) > 1]
        return (rng.choice(tied), 0) if tied else None
    if focus == "step_in_progress":
        tied = [k for k, s in enumerate(steps) if len(s.players) > 1]
        if not tied:
            return None
        k = rng.choice(tied)
        return k, rng.randint(1, len(steps[k].players) - 1)
    if focus == "late":
        late = [k for k, s in enumerate(steps) if k >= 5]
        return (rng.choice(late), 0) if late else None
    return rng.randrange(len(steps)), 0


def _planted_deal(rng: random.Random, pot: int) -> TenStudDeal:
    """A deal where two players' door cards have the same ranks: tied for the weakest."""
    while True:
        ranks = rng.sample(list(Rank), 5)
        a = assign_suits(ranks, [rng.choice(list(Suit)) for _ in range(5)], rng)
        if a is None:
            continue
        b = assign_suits(ranks, [rng.choice(list(Suit)) for _ in range(5)], rng, exclude=set(a))
        if (
            b is None
            or best_high(a).category != Category.HIGH_CARD
            or best_high(b).strength != best_high(a).strength
        ):
            continue
        rest = [c for c in FULL_DECK if c not in set(a) | set(b)]
        rng.shuffle(rest)
        doors: list[list[Card]] = [a, b] + [[rest.pop() for _ in range(5)] for _ in range(3)]
        order = list(range(5))
        rng.shuffle(order)
        doors = [doors[k] for k in order]
        holes = [[rest.pop() for _ in range(5)] for _ in range(5)]
        return TenStudDeal(doors=doors, holes=holes, pot=pot)
