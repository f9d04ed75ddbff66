"""The showdown: who tables first, best hands, and the award of every pot.

>>> from games.core.cards import parse_cards
>>> from games.stud.rules import Variant
>>> from games.core.hands import best_high
>>> cards = parse_cards("KsKh7c7d2c")
>>> odd_chip_card(best_high(cards), cards, "high", "high_card_by_suit_in_five")
Card('Ks')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from games.core.cards import Card
from games.core.hands import HandValue, best_eight_low, best_high, best_razz
from games.core.hands import eight_low_strength as fast_eight
from games.core.hands import high_strength as fast_high
from games.core.hands import razz_strength as fast_razz
from games.core.pots import Pot, split_amount
from games.core.records import ActionRecord
from games.stud.rules import Ruleset, Structure, Variant

__all__ = [
    "Award",
    "HandReport",
    "PotAward",
    "ShowdownFirst",
    "ShowdownTable",
    "compute_award",
    "evaluate",
    "odd_chip_card",
    "rank_groups",
    "showdown_first",
]


class ShowdownTable(Protocol):
    """What the showdown reads of a hand (a :class:`games.stud.state.StudState`, which calls it:
    the state stays above the showdown)."""

    variant: Variant
    ruleset: Ruleset
    structure: Structure
    stacks: list[int]
    mucked: list[bool]
    rounds_held: list[int]
    street_actions: dict[int, list[ActionRecord]]

    def live_players(self) -> list[int]: ...
    def cards_of(self, player: int) -> list[Card]: ...
    def pots(self) -> list[Pot]: ...
    def first_to_act(self) -> int | None: ...
    def best_board_player(self) -> int: ...


@dataclass(frozen=True, slots=True)
class HandReport:
    """A player's best high hand and best low (``None`` where the game or the cards have none)."""

    player: int
    high: HandValue | None
    low: HandValue | None


def evaluate(variant: Variant, player: int, cards: Sequence[Card]) -> HandReport:
    """Best hands of a player from their seven cards (RULES.md 10)."""
    if variant is Variant.STUD:
        return HandReport(player, best_high(cards), None)
    if variant is Variant.RAZZ:
        return HandReport(player, None, best_razz(cards))
    return HandReport(player, best_high(cards), best_eight_low(cards))


def rank_groups(values: dict[int, int]) -> list[list[int]]:
    """Players grouped by strength, best first; players inside a group ascending."""
    groups: dict[int, list[int]] = {}
    for player, strength in values.items():
        groups.setdefault(strength, []).append(player)
    return [sorted(groups[s]) for s in sorted(groups, reverse=True)]


def odd_chip_card(value: HandValue, cards: Sequence[Card], side: str, rule: str) -> Card:
    """The card that decides the odd chip for a winner of the ``side`` ("high" or "low").

    TDA 2024 Rule 20-B: the high card by suit in the player's 5-card winning hand (the ace
    counts low in a low hand, RULES.md 5 reading). RRoP Ties: all cards count, the highest
    card by suit for high and the lowest card by suit for low.
    """
    if rule == "rrop":
        if side == "high":
            return max(cards, key=lambda c: c.index)
        return min(cards, key=lambda c: (c.rank.low_value, int(c.suit)))
    if side == "high":
        return max(value.cards, key=lambda c: c.index)
    return max(value.cards, key=lambda c: (c.rank.low_value, int(c.suit)))


def _chip_order(
    winners: list[int], reports: Mapping[int, HandReport], cards: dict[int, list[Card]], side: str, rule: str
) -> tuple[list[int], dict[int, Card]]:
    deciding: dict[int, Card] = {}
    if len(winners) < 2:
        return winners, deciding
    for p in winners:
        value = reports[p].high if side == "high" else reports[p].low
        assert value is not None
        deciding[p] = odd_chip_card(value, cards[p], side, rule)
    if rule == "rrop" and side == "low":
        ordered = sorted(winners, key=lambda p: (deciding[p].rank.low_value, int(deciding[p].suit)))
    elif side == "low":
        ordered = sorted(
            winners, key=lambda p: (deciding[p].rank.low_value, int(deciding[p].suit)), reverse=True
        )
    else:
        ordered = sorted(winners, key=lambda p: deciding[p].index, reverse=True)
    return ordered, deciding


@dataclass(frozen=True, slots=True)
class PotAward:
    """One pot's result. ``high``/``low`` are ``None`` where the game has no such half."""

    amount: int
    eligible: tuple[int, ...]
    high: tuple[int, ...] | None
    low: tuple[int, ...] | None
    awards: dict[int, int]
    odd_chips: dict[int, Card] = field(default_factory=dict)  # players given an odd chip
    split_evenly: bool = False  # the same players won high and low: split as one pot
    odd_chip_to_high: bool = False  # the pot did not halve evenly: TDA 2024 Rule 20-C


class HandReports(dict[int, HandReport]):
    """Best hands by player, evaluated on first use (rankings use the strength fast path)."""

    def __init__(self, variant: Variant, cards: Mapping[int, Sequence[Card]]) -> None:
        super().__init__()
        self.variant = variant
        self.cards = cards

    def __missing__(self, player: int) -> HandReport:
        report = evaluate(self.variant, player, self.cards[player])
        self[player] = report
        return report


@dataclass(frozen=True, slots=True)
class Award:
    pots: tuple[PotAward, ...]
    totals: dict[int, int]
    reports: Mapping[int, HandReport]
    uncontested: bool


def _winners(contenders: list[int], strength: Mapping[int, int]) -> list[int]:
    best = max((s for p in contenders if (s := strength.get(p)) is not None), default=None)
    if best is None:
        return []
    return sorted(p for p in contenders if strength.get(p) == best)


def compute_award(state: ShowdownTable) -> Award:
    """Award every pot, main pot first (TDA 2024 Rules 20 and 21; RULES.md 11)."""
    variant = state.variant
    rule = state.ruleset.odd_chip
    chip = state.structure.min_chip
    pots = state.pots()
    live = state.live_players()
    totals: dict[int, int] = {}
    results: list[PotAward] = []
    if len(live) == 1:
        winner = live[0]
        for pot in pots:
            high = (winner,) if variant.has_high else None
            low = (() if variant is Variant.STUD8 else (winner,)) if variant.has_low else None
            results.append(PotAward(pot.amount, pot.eligible, high, low, {winner: pot.amount}))
            totals[winner] = totals.get(winner, 0) + pot.amount
        return Award(tuple(results), totals, {}, True)
    cards = {p: state.cards_of(p) for p in live}
    reports = HandReports(variant, cards)
    high_strength: dict[int, int] = {}
    low_strength: dict[int, int] = {}
    for p in live:
        if variant.has_high:
            high_strength[p] = fast_high(cards[p])
        if variant is Variant.RAZZ:
            low_strength[p] = fast_razz(cards[p])
        elif variant is Variant.STUD8:
            eight = fast_eight(cards[p])
            if eight is not None:
                low_strength[p] = eight
    for pot in pots:
        contenders = [p for p in pot.eligible if not state.mucked[p]] or list(pot.eligible)
        awards: dict[int, int] = {}
        odd: dict[int, Card] = {}
        high_w: list[int] | None = None
        low_w: list[int] | None = None
        even = False
        odd_high = False

        def pay(
            amount: int, winners: list[int], side: str, awards: dict[int, int], odd: dict[int, Card]
        ) -> None:
            ordered, deciding = _chip_order(winners, reports, cards, side, rule)
            shares = split_amount(amount, ordered, chip)
            base = min(shares.values())
            for p, value in shares.items():
                awards[p] = awards.get(p, 0) + value
                if value > base:
                    odd[p] = deciding[p]

        if variant is Variant.STUD:
            high_w = _winners(contenders, high_strength)
            pay(pot.amount, high_w, "high", awards, odd)
        elif variant is Variant.RAZZ:
            low_w = _winners(contenders, low_strength)
            pay(pot.amount, low_w, "low", awards, odd)
        else:
            high_w = _winners(contenders, high_strength)
            low_w = _winners(contenders, low_strength)
            if not low_w:
                pay(
                    pot.amount, high_w, "high", awards, odd
                )  # no qualifying low: the high hand scoops (BARGE)
            elif low_w == high_w:
                # The same players win both halves: split as evenly as possible (RRoP Ties).
                even = True
                pay(pot.amount, high_w, "high", awards, odd)
            else:
                units, rest = divmod(pot.amount, chip)
                high_half = ((units + 1) // 2) * chip + rest  # TDA 2024 Rule 20-C: odd chip to high
                odd_high = units % 2 == 1 or rest > 0
                pay(high_half, high_w, "high", awards, odd)
                pay(pot.amount - high_half, low_w, "low", awards, odd)
        results.append(
            PotAward(
                pot.amount,
                pot.eligible,
                tuple(high_w) if high_w is not None else None,
                tuple(low_w) if low_w is not None else None,
                awards,
                odd,
                even,
                odd_high,
            )
        )
        for p, value in awards.items():
            totals[p] = totals.get(p, 0) + value
    return Award(tuple(results), totals, reports, False)


@dataclass(frozen=True, slots=True)
class ShowdownFirst:
    """Who tables first and why: ``last_aggressor`` or ``first_to_act`` (TDA 2024 Rule 17-A),
    ``not_at_risk`` applies when an all-in is involved (Rule 16, RP-10 B)."""

    player: int
    reason: str
    not_at_risk: bool
    all_in_players: tuple[int, ...]
    aggressor: int | None


def showdown_first(state: ShowdownTable) -> ShowdownFirst:
    live = state.live_players()
    all_in = [p for p in live if state.stacks[p] == 0]
    with_chips = [p for p in live if state.stacks[p] > 0]
    not_at_risk = bool(all_in and with_chips)
    candidates = with_chips if not_at_risk else live
    final_round_held = 7 in state.rounds_held
    # TDA 2024 Rule 17-A among the players who table first (RP-10 B: those not at risk): the
    # last of them to bet or raise on 7th street, even when an all-in player raised after.
    aggressors = [
        r.player
        for r in state.street_actions.get(7, [])
        if final_round_held and r.kind in ("complete", "bet", "raise") and r.player in candidates
    ]
    aggressor = aggressors[-1] if aggressors else None
    if aggressor is not None:
        return ShowdownFirst(aggressor, "last_aggressor", not_at_risk, tuple(all_in), aggressor)
    first = state.first_to_act() if with_chips and not_at_risk else state.best_board_player()
    assert first is not None
    return ShowdownFirst(first, "first_to_act", not_at_risk, tuple(all_in), aggressor)
