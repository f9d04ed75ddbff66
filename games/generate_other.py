"""Seeded scenario generators for no-limit hold'em, Flush Code Hack draw and ten-card stud.

``generate_other(kind=, variant=, seed=, focus=None) -> dict`` returns a scenario document
(docs/scenario-format-extensions.md) with its ``_question``, a ``_title`` and ``_tags``;
the same arguments always give the same document, and every document solves. Randomness
comes only from a ``random.Random`` seeded with the arguments.

Each kind has focuses (``FOCUSES``) that aim at the situations worth drilling: several
all-ins for side pots, a short all-in that does not reopen the betting, the big blind's
option and heads-up play in hold'em; ties decided by suit and a player who cannot pay the
entry fee in the draw; ties for the weakest and split pots in ten-card stud. Without a
focus one is drawn from the seed. A focus is a preference: when a seed cannot reach it in a
bounded number of tries, the document still answers its kind and its ``_tags`` say which
focus was met.

>>> from games.solve import solve
>>> doc = generate_other(kind="min_raise", variant="NT", seed=7)
>>> solve(doc)["kind"]
'min_raise'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.core.cards import FULL_DECK, Card, Rank, Suit
from games.core.documents import OTHER_KINDS, OTHER_VARIANTS
from games.core.errors import EngineError
from games.core.hands import Category, best_high, high_strength
from games.draw.generate import ATTEMPTS, assign_suits, generate_draw
from games.holdem.hand import HoldemHand, NoLimitHoldem
from games.tenstud.document import deal_actions
from games.tenstud.game import TenStudDeal

__all__ = ["FOCUSES", "generate_other"]

FOCUSES: dict[str, dict[str, tuple[str, ...]]] = {
    "NT": {
        "next_action": ("preflop_first", "big_blind_option", "short_all_in", "heads_up", "postflop"),
        "min_raise": ("after_raise", "short_all_in", "postflop_bet", "heads_up"),
        "round_over": ("big_blind_option", "complete", "pending", "all_in"),
        "pots": ("side_pots", "uncalled", "heads_up"),
        "award": ("side_pots", "split", "uncontested", "heads_up"),
    },
    "FCH": {
        "showdown_winner": ("suit_tie", "rank_tie", "any"),
        "round_result": ("cannot_pay", "all_in_winner", "last_round", "any"),
        "phase_end": ("complete", "pending", "all_in"),
    },
    "T10S": {
        "next_reveal": ("tied_weakest", "step_in_progress", "late", "any"),
        "final_ranking": ("tie", "any"),
        "split": ("tie", "odd_chip", "single"),
    },
}


def generate_other(
    *, kind: str, variant: str, seed: int | str, focus: str | None = None, title: bool = True
) -> dict[str, Any]:
    """A scenario document of ``variant`` asking ``kind`` (see the module docstring)."""
    if variant not in OTHER_VARIANTS:
        raise EngineError(
            "unknown_variant",
            f"generate_other makes NT, FCH and T10S scenarios, not {str(variant)[:20]!r}",
            params={"variant": str(variant)[:20]},
            path="variant",
        )
    if kind not in OTHER_KINDS[variant]:
        raise EngineError(
            "unknown_question_kind",
            f"{str(kind)[:40]!r} is not a question of {variant}",
            params={"allowed": list(OTHER_KINDS[variant])},
            path="kind",
        )
    allowed = FOCUSES[variant][kind]
    if focus is not None and focus not in allowed:
        raise EngineError(
            "unknown_focus",
            f"{str(focus)[:40]!r} is not a focus of {kind}",
            params={"allowed": list(allowed)},
        )
    rng = random.Random(f"generate_other:{variant}:{kind}:{seed}:{focus}")
    chosen = focus or rng.choice(allowed)
    if variant == "NT":
        doc, met = _holdem(kind, chosen, rng)
    elif variant == "FCH":
        doc, met = generate_draw(kind, chosen, rng)
    else:
        doc, met = _tenstud(kind, chosen, rng)
    doc["_question"] = {"kind": kind}
    if title:
        doc["_title"] = _TITLES[variant][kind]
    doc["_tags"] = ["generated", variant, kind] + ([chosen] if met else [])
    return doc


_TITLES = {
    "NT": {
        "next_action": "Hold'em: who acts next, and the options",
        "min_raise": "Hold'em: the minimum raise",
        "round_over": "Hold'em: is the betting round over?",
        "pots": "Hold'em: main and side pots",
        "award": "Hold'em: who wins each pot",
    },
    "FCH": {
        "showdown_winner": "Flush Code Hack: the showdown winner",
        "round_result": "Flush Code Hack: the pot and eliminations",
        "phase_end": "Flush Code Hack: is the betting phase over, and who acts next?",
    },
    "T10S": {
        "next_reveal": "Ten-card stud: who reveals next",
        "final_ranking": "Ten-card stud: the final ranking",
        "split": "Ten-card stud: sharing the pot",
    },
}


# --- hold'em ----------------------------------------------------------------------------------

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
    from games.holdem.answers import _short_all_ins, _why_no_raise

    hand = run.hand
    i = hand.actor()
    if kind in ("next_action", "min_raise"):
        if i is None:
            return False
        street_actions = [a for a in hand.history if a.player is not None and a.kind not in ("show", "muck")]
        voluntary_now = any(hand.acted)
        if focus == "short_all_in":
            return _why_no_raise(hand, i) == "not_reopened" or (
                kind == "min_raise"
                and bool(_short_all_ins(hand, _current_street(hand)))
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


# --- ten-card stud -----------------------------------------------------------------------------


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
