"""Seeded hold'em scenarios for each question kind and focus (``games.generate_other``).

:func:`generate_question` plays random hands with a style (calm or aggressive) until the hand
stands at a good place to ask the kind with the focus (the focus values are declared on the
kinds), and writes the document without its ``_question``, ``_title`` or ``_tags``.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.cards import FULL_DECK, Card, Rank, Suit
from games.core.errors import EngineError
from games.holdem.answers import short_all_ins, why_no_raise
from games.holdem.hand import HoldemHand, NoLimitHoldem

__all__ = ["ATTEMPTS", "TITLES", "generate_question"]

ATTEMPTS = 300  # hands tried before a focus gives way to the fallback
TITLES = {
    "next_action": "Hold'em: who acts next, and the options",
    "min_raise": "Hold'em: the minimum raise",
    "round_over": "Hold'em: is the betting round over?",
    "pots": "Hold'em: main and side pots",
    "award": "Hold'em: who wins each pot",
}


def generate_question(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    """A document asking ``kind`` and whether it meets ``focus``."""
    return _holdem(kind, focus, rng)


_BLINDS = ((25, 50), (50, 100), (100, 200), (200, 400), (500, 1000))


def _holdem_table(rng: random.Random, focus: str) -> tuple[tuple[int, ...], tuple[int, int], tuple[int, ...]]:
    """Stacks, blinds and antes for a hand: short stacks when all-ins are wanted."""
    heads_up = focus == "heads_up"
    players = 2 if heads_up else rng.choice((3, 4, 5, 6, 6, 7, 8, 9))
    sb, bb = rng.choice(_BLINDS)
    many_all_ins = focus in ("side_pots", "short_all_in", "all_in", "uncalled", "split")
    stacks = []
    for _ in range(players):
        if many_all_ins and rng.random() < 0.6:
            stacks.append(bb * rng.randint(2, 25) + rng.choice((0, 0, sb)))
        else:
            stacks.append(bb * rng.randint(20, 150))
    antes: tuple[int, ...] = ()
    if rng.random() < 0.15 and players > 2:
        antes = (bb // 10 or 1,) * players if bb >= 10 else ()
    return tuple(stacks), (sb, bb), antes


def _choose(hand: HoldemHand, rng: random.Random, style: str) -> str:
    """A random legal betting action; ``style`` "aggressive" goes all-in more often."""
    i = hand.actor()
    assert i is not None
    p = i + 1
    owe = hand.level - hand.bets[i]
    low = hand.min_raise_to()
    top = hand.bets[i] + hand.stacks[i]
    choices: list[tuple[str, float]] = [(f"p{p} cc", 5.0)]
    if owe > 0:
        choices.append((f"p{p} f", 2.0 if style == "aggressive" else 3.0))
    if low is not None:
        choices.append((f"p{p} cbr {low}", 2.0))
        if top > low:
            middle = min(top, low + rng.randint(0, 3) * hand.increment)
            choices.append((f"p{p} cbr {middle}", 1.5))
        choices.append((f"p{p} cbr {top}", 3.0 if style == "aggressive" else 0.6))
    texts = [c for c, _ in choices]
    return rng.choices(texts, weights=[w for _, w in choices])[0]


class _HoldemRun:
    """One random hand with known cards, recorded as PHH actions."""

    def __init__(
        self, rng: random.Random, stacks: tuple[int, ...], blinds: tuple[int, int], antes: tuple[int, ...]
    ):
        self.rng = rng
        self.table = NoLimitHoldem(
            starting_stacks=stacks, blinds_or_straddles=blinds, antes=antes, min_bet=blinds[1]
        )
        self.hand = HoldemHand(table=self.table, rng=rng)
        self.actions: list[str] = []
        for p in range(1, len(stacks) + 1):
            self.actions.append(self.hand.deal_hole(p).phh)

    def step(self, style: str) -> bool:
        """One more action (a bet, a board card or a shown hand); False when the hand is over."""
        hand = self.hand
        phase = hand.phase
        if phase == "over":
            return False
        if phase == "betting":
            self.actions.append(hand.act(_choose(hand, self.rng, style)).phh)
        elif (hand.runout() and self._unshown()) or phase == "showdown":
            # TDA 2024 Rule 16: once all betting is complete with a player all-in, every hand is
            # tabled, before the rest of the board; at a showdown every hand is tabled too. All at
            # once, in one step, so a question never stops with some hands up and others down.
            for i in self._unshown():
                self.actions.append(hand.show(i + 1).phh)
        else:
            self.actions.append(hand.deal_board().phh)
        return True

    def _unshown(self) -> list[int]:
        return [i for i in self.hand.contenders() if i not in self.hand.showed and i not in self.hand.mucked]


def _holdem_doc(
    run: _HoldemRun, stacks: tuple[int, ...], blinds: tuple[int, int], antes: tuple[int, ...]
) -> dict[str, Any]:
    n = len(stacks)
    return {
        "variant": "NT",
        "antes": list(antes) if antes else [0] * n,
        "blinds_or_straddles": [blinds[0], blinds[1]] + [0] * (n - 2),
        "min_bet": blinds[1],
        "starting_stacks": list(stacks),
        "actions": list(run.actions),
    }


def _holdem_point(kind: str, focus: str, run: _HoldemRun) -> bool:
    """Whether the hand, as it stands, is a good place to ask ``kind`` with ``focus``."""
    hand = run.hand
    i = hand.actor()
    if kind in ("next_action", "min_raise"):
        if i is None:
            return False
        street_actions = [a for a in hand.history if a.player is not None and a.kind not in ("show", "muck")]
        voluntary_now = any(hand.acted)
        if focus == "short_all_in":
            return why_no_raise(hand, i) == "not_reopened" or (
                kind == "min_raise"
                and bool(short_all_ins(hand, _current_street(hand)))
                and hand.min_raise_to() is not None
            )
        if kind == "min_raise" and hand.min_raise_to() is None:
            return False
        if focus == "preflop_first":
            return hand.street == 0 and not voluntary_now
        if focus == "big_blind_option":
            return (
                hand.street == 0
                and hand.level == max(_nominal(hand))
                and hand.bets[i] == hand.level
                and not hand.acted[i]
            )
        if focus == "postflop":
            return hand.street > 0
        if focus == "after_raise":
            return hand.level > 0 and hand.last_full is not None and hand.last_full[0] > 0
        if focus == "postflop_bet":
            return hand.street > 0
        return bool(street_actions) or hand.street == 0
    if kind == "round_over":
        if hand.phase not in ("betting", "deal_board"):
            return False
        pending = hand.pending()
        if focus == "big_blind_option":
            big = max(range(hand.player_count), key=lambda k: (_nominal(hand)[k], k))
            return (
                hand.street == 0
                and hand.phase == "betting"
                and pending == [big]
                and hand.bets[big] == hand.level
            )
        if focus == "complete":
            return hand.phase == "deal_board" and any(hand.acted)
        if focus == "all_in":
            return any(hand.stacks[k] == 0 for k in hand.contenders()) and any(hand.acted)
        return hand.phase == "betting" and any(hand.acted)
    if kind == "pots":
        if not _pots_askable(hand) or len(hand.contenders()) < 2:
            return False  # one player left takes everything: too plain to drill
        if focus == "side_pots":
            return len(hand.pots()) >= 3
        if focus == "uncalled":
            return bool(hand.uncalled()) and len(hand.pots()) >= 2
        return len(hand.pots()) >= 2 or bool(hand.uncalled())
    return False


def _current_street(hand: HoldemHand) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for record in hand.history:
        if record.kind == "deal_board":
            out = []
        elif record.player is not None and record.kind not in ("show", "muck"):
            out.append(
                {
                    "player": record.player,
                    "kind": record.kind,
                    "amount": record.amount,
                    "all_in": record.all_in,
                }
            )
    return out


def _nominal(hand: HoldemHand) -> list[int]:
    table = hand.table
    return [table.posted(table.blinds_or_straddles, k) for k in range(table.player_count)]


def _holdem(kind: str, focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    style = "aggressive" if focus in ("side_pots", "short_all_in", "all_in", "uncalled", "split") else "calm"
    if kind == "award":
        return _holdem_award(focus, rng)
    fallback: dict[str, Any] | None = None
    for _ in range(ATTEMPTS):
        stacks, blinds, antes = _holdem_table(rng, focus)
        run = _HoldemRun(rng, stacks, blinds, antes)
        stop_early = rng.random() < 0.5
        while True:
            if _holdem_point(kind, focus, run) and (not stop_early or rng.random() < 0.5):
                return _holdem_doc(run, stacks, blinds, antes), True
            if fallback is None and _holdem_usable(kind, run.hand):
                fallback = _holdem_doc(run, stacks, blinds, antes)
            if not run.step(style) or len(run.actions) > 80:
                break
    if fallback is None:  # pragma: no cover - every hand has a first decision
        raise EngineError("generation_failed", "no scenario found for this seed", params={"kind": kind})
    return fallback, False


def _pots_askable(hand: HoldemHand) -> bool:
    """The pots are asked once the betting round is complete (or before anyone acts in it):
    every bet in front is then called, or goes back uncalled."""
    return hand.phase != "deal_hole" and not hand.round_in_progress()


def _holdem_usable(kind: str, hand: HoldemHand) -> bool:
    if kind == "pots":
        return _pots_askable(hand)
    if kind == "next_action":
        return hand.phase != "deal_hole"
    if kind == "min_raise":
        return hand.actor() is not None
    if kind == "round_over":
        return hand.phase in ("betting", "deal_board")
    return hand.phase != "deal_hole"


def _holdem_award(focus: str, rng: random.Random) -> tuple[dict[str, Any], bool]:
    fallback: dict[str, Any] | None = None
    for _ in range(ATTEMPTS):
        stacks, blinds, antes = _holdem_table(rng, focus)
        run = _HoldemRun(rng, stacks, blinds, antes)
        if focus == "split":
            _plant_tie(run, rng)
        style = "calm" if focus == "uncontested" else "aggressive"
        while run.step(style) and len(run.actions) < 120:
            pass
        hand = run.hand
        if hand.phase != "over":
            continue
        doc = _holdem_doc(run, stacks, blinds, antes)
        if fallback is None:
            fallback = doc
        result = hand.awards()
        pots = result["pots"]
        met = {
            "side_pots": len(pots) >= 2 and len(hand.showed) >= 2,
            "split": any(len(p["winners"]) > 1 for p in pots),
            "uncontested": len(hand.contenders()) == 1,
            "heads_up": hand.player_count == 2 and len(hand.showed) == 2,
        }[focus]
        if met:
            return doc, True
    assert fallback is not None
    return fallback, False


def _plant_tie(run: _HoldemRun, rng: random.Random) -> None:
    """Re-deal two players the same ranks in other suits, so a split pot is likely."""
    hand = run.hand
    n = hand.player_count
    a, b = rng.sample(range(n), 2)
    ranks = rng.sample(list(Rank), 2)
    suits = rng.sample(list(Suit), 4)
    cards_a = (Card(ranks[0], suits[0]), Card(ranks[1], suits[1]))
    cards_b = (Card(ranks[0], suits[2]), Card(ranks[1], suits[3]))
    taken = set(cards_a) | set(cards_b)
    others = [c for c in FULL_DECK if c not in taken]
    rng.shuffle(others)
    fresh = HoldemHand(table=run.table, rng=rng)
    actions = []
    for p in range(1, n + 1):
        if p - 1 == a:
            cards: tuple[Card, ...] = cards_a
        elif p - 1 == b:
            cards = cards_b
        else:
            cards = (others.pop(), others.pop())
        actions.append(fresh.deal_hole(p, cards).phh)
    run.hand = fresh
    run.actions = actions
