"""Who is forced to bring in, and whose board acts first on 4th to 7th street.

These are pure functions of the cards showing; the hand state calls them and so do the
explanations and the diagnosis of wrong answers.

>>> from games.core.cards import parse_cards
>>> from games.stud.rules import Variant
>>> doors = list(parse_cards("9h2sKd2cAh"))
>>> bring_in_player(Variant.STUD, doors)  # 2c is lower than 2s (c < d < h < s)
3
>>> bring_in_player(Variant.RAZZ, doors)  # razz: the king is the highest door, the ace is low
2
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.cards import Card
from games.core.hands import high_board_strength, razz_board_strength
from games.stud.rules import Variant

__all__ = [
    "board_strength",
    "bring_in_player",
    "door_key",
    "first_by_board",
    "high_card_of_board",
    "tie_is_ambiguous",
]


def door_key(variant: Variant, card: Card) -> tuple[int, int]:
    """Order of door cards, the forced bring-in being the *smallest* key.

    Stud and stud/8: lowest rank with the ace high, then suit clubs < diamonds < hearts <
    spades (RRoP 7CS-1; GARDENS for stud/8). Razz: highest rank with the ace low, spades
    highest (BARGE razz: the K♠ is the highest possible card).
    """
    if variant is Variant.RAZZ:
        return (-card.rank.low_value, -int(card.suit))
    return (int(card.rank), int(card.suit))


def bring_in_player(variant: Variant, doors: Sequence[Card | None]) -> int:
    """Index of the player whose door card forces the bring-in (``None`` doors are skipped)."""
    best = -1
    best_key = (99, 99)
    for index, card in enumerate(doors):
        if card is None:
            continue
        key = door_key(variant, card)
        if key < best_key:
            best, best_key = index, key
    if best < 0:
        raise ValueError("no door card is showing")
    return best


def board_strength(variant: Variant, upcards: Sequence[Card]) -> int:
    """Higher acts first: the high board in stud and stud/8, the low board in razz.

    RULES.md 5: only pairs, two pair, trips, quads and high cards count; stud/8 follows the
    high board (GARDENS); razz ranks boards ace-to-five (WSOP 2025, TDA 2024 Rule 17-A).
    """
    if variant is Variant.RAZZ:
        return razz_board_strength(upcards)
    return high_board_strength(upcards)


def high_card_of_board(variant: Variant, upcards: Sequence[Card]) -> Card:
    """The single highest card of a board by rank then suit; in razz the ace counts low.

    RULES.md 5, the reading adopted for TDA 2024 RP-10 D ("the hand with the high card by
    suit in both games").
    """
    if variant is Variant.RAZZ:
        return max(upcards, key=lambda c: (c.rank.low_value, int(c.suit)))
    return max(upcards, key=lambda c: c.index)


def first_by_board(
    variant: Variant,
    tie_break: str,
    boards: Sequence[Sequence[Card] | None],
) -> int:
    """Index of the best board; ``None`` boards (folded players) are skipped.

    Ties: ``"suit"`` gives the action to the board whose highest card is higher by suit
    (TDA 2024 RP-10 D); ``"position"`` to the tied player nearest the dealer's left
    (RRoP 7CS-1: "the player who received cards first acting first").
    """
    strengths = [None if board is None else board_strength(variant, board) for board in boards]
    top = max((s for s in strengths if s is not None), default=None)
    if top is None:
        raise ValueError("no board is showing")
    tied = [i for i, s in enumerate(strengths) if s == top]
    if len(tied) == 1 or tie_break != "suit":
        return tied[0]  # position: the tied player nearest the dealer's left
    return max(tied, key=lambda i: int(high_card_of_board(variant, boards[i] or ()).suit))


def tie_is_ambiguous(variant: Variant, boards: Sequence[Sequence[Card] | None]) -> bool:
    """True when tied best boards give different answers for 'top card of the pair' and
    'highest card' (RULES.md 5: e.g. 9♣9♦K♠ against 9♠9♥K♣; such boards are not used in
    drills)."""
    live = [(i, b) for i, b in enumerate(boards) if b]
    if not live:
        return False
    top = max(board_strength(variant, b) for _, b in live)
    tied = [(i, b) for i, b in live if board_strength(variant, b) == top]
    if len(tied) < 2:
        return False

    def grouped_top(board: Sequence[Card]) -> tuple[int, int]:
        counts: dict[int, int] = {}
        for card in board:
            rank = card.rank.low_value if variant is Variant.RAZZ else int(card.rank)
            counts[rank] = counts.get(rank, 0) + 1
        best_rank = max(counts, key=lambda r: (counts[r], r if variant is not Variant.RAZZ else -r))
        suits = [
            int(c.suit)
            for c in board
            if (c.rank.low_value if variant is Variant.RAZZ else int(c.rank)) == best_rank
        ]
        return (counts[best_rank], max(suits))

    by_high = max(tied, key=lambda item: int(high_card_of_board(variant, item[1]).suit))[0]
    by_group = max(tied, key=lambda item: grouped_top(item[1]))[0]
    return by_high != by_group
