"""Main and side pots, and splitting a pot in whole chips.

>>> pots = layer_pots(committed=[100, 50, 100, 100], live=[True] * 4, all_in=[False, True, False, False])
>>> [(p.amount, p.eligible) for p in pots]
[(200, (0, 1, 2, 3)), (150, (0, 2, 3))]
>>> split_amount(1100, [2, 0], 100)
{2: 600, 0: 500}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "layer_pots", "split_amount", "uncalled_excess"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the players (indexes) who can win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_excess(
    committed: Sequence[int], live: Sequence[bool], can_add: Sequence[bool]
) -> tuple[int, int]:
    """``(player, amount)`` of a bet nobody can match any more, or ``(-1, 0)``.

    The largest contribution is returned down to the second largest (folded players
    included) when no other live player can still put chips in.
    """
    top = max(range(len(committed)), key=committed.__getitem__)
    if not live[top]:
        return -1, 0
    second = max((c for i, c in enumerate(committed) if i != top), default=0)
    if committed[top] <= second:
        return -1, 0
    if any(live[i] and can_add[i] for i in range(len(committed)) if i != top):
        return -1, 0
    return top, committed[top] - second


def layer_pots(committed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """Layer the chips committed so far into a main pot and side pots, main pot first.

    Levels are the totals of live all-in players (TDA 2024 Rule 21: each side pot is split
    separately; a short ante makes a layered main pot, RULES.md 1). A live player with
    chips behind can still match any level, so is eligible for every pot. Folded chips stay
    in the pots they reached. The caller removes an uncalled excess first.
    """
    count = len(committed)
    levels = sorted({committed[i] for i in range(count) if live[i] and all_in[i]})
    top = max(committed, default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    previous = 0
    carry = 0
    for level in levels:
        amount = carry
        for value in committed:
            if value > previous:
                amount += (level if value > level else value) - previous
        eligible = tuple(i for i in range(count) if live[i] and (not all_in[i] or committed[i] >= level))
        previous = level
        if not eligible:
            # Chips above every live player's reach (possible only for dead money): they
            # belong to the pot below.
            if pots:
                last = pots.pop()
                pots.append(Pot(last.amount + amount, last.eligible))
                carry = 0
            else:
                carry = amount
            continue
        carry = 0
        if amount:
            pots.append(Pot(amount, eligible))
    return pots


def split_amount(amount: int, winners: Sequence[int], min_chip: int) -> dict[int, int]:
    """Split ``amount`` among ``winners`` (already in odd-chip order) in chips of ``min_chip``.

    TDA 2024 Rule 20: odd chips are broken down to the smallest chip in play and given one
    each, in order (RRoP Ties: no player receives more than one odd chip).
    """
    units, rest = divmod(amount, min_chip)
    share, odd = divmod(units, len(winners))
    result = {player: share * min_chip for player in winners}
    for player in winners[:odd]:
        result[player] += min_chip
    if rest:
        result[winners[0]] += rest
    return result
