"""Cards, ranks, suits and the deck.

Cards are immutable values interned in a table of 52, so ``Card.parse("As") is
Card.parse("As")`` and comparing or hashing them is cheap. Each card also has a
dense integer ``index`` (0..51) that the evaluators use internally.

>>> Card.parse("As")
Card('As')
>>> str(Card.parse("td"))
'Td'
>>> [str(c) for c in parse_cards("AsTd9c")]
['As', 'Td', '9c']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum

from games.core.errors import EngineError

__all__ = [
    "FULL_DECK",
    "RANK_CHARS",
    "SUIT_CHARS",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "assign_suits",
    "format_cards",
    "parse_cards",
]


class Suit(IntEnum):
    """Suits in tie-breaking order: clubs < diamonds < hearts < spades.

    RULES.md conventions: wherever a suit breaks a tie, the order is alphabetical
    with spades highest (BARGE; RRoP 7CS-1).
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self.value]


class Rank(IntEnum):
    """Ranks with the ace high (14). Low games map the ace to 1 themselves."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self.value - 2]

    @property
    def low_value(self) -> int:
        """The rank with the ace counted low (ace-to-five games): A=1 ... K=13."""
        return 1 if self is Rank.ACE else int(self)


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Card:
    """One playing card. Use :meth:`parse` or :data:`FULL_DECK`; cards are interned."""

    __slots__ = ("_text", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _TABLE[(int(rank) - 2) * 4 + int(suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (int(rank) - 2) * 4 + int(suit))
        object.__setattr__(card, "_text", rank.char + suit.char)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"As"``, ``"td"``, ``"9C"``; raise :class:`EngineError` otherwise."""
        card = _BY_TEXT.get(text) or _BY_TEXT.get(text[:1].upper() + text[1:].lower())
        if card is None:
            raise EngineError("bad_card", f"not a card: {text!r}", params={"text": text})
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _TABLE[index]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        """Order by rank (ace high), then suit: the 'high card by suit' order."""
        return self.index < other.index


_TABLE: list[Card] = [Card._make(rank, suit) for rank in Rank for suit in Suit]
_BY_TEXT: dict[str, Card] = {str(card): card for card in _TABLE}

FULL_DECK: tuple[Card, ...] = tuple(_TABLE)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse concatenated cards (``"AsTd9c"``); spaces are ignored.

    >>> len(parse_cards("As Td"))
    2
    """
    compact = "".join(text.split())
    if len(compact) % 2:
        raise EngineError("bad_card", f"not a list of cards: {text!r}", params={"text": text})
    return tuple(Card.parse(compact[i : i + 2]) for i in range(0, len(compact), 2))


def format_cards(cards: Iterable[Card]) -> str:
    """The compact notation used by scenarios and PHH: ``"AsTd9c"``."""
    return "".join(str(card) for card in cards)


class Deck:
    """A shuffled deck driven by an injected ``random.Random`` (never the global one)."""

    __slots__ = ("_cards",)

    def __init__(self, *, rng: random.Random, exclude: Sequence[Card] = ()) -> None:
        excluded = set(exclude)
        cards = [card for card in FULL_DECK if card not in excluded]
        rng.shuffle(cards)
        self._cards = cards

    def __len__(self) -> int:
        return len(self._cards)

    def draw(self, count: int = 1) -> tuple[Card, ...]:
        if count > len(self._cards):
            raise EngineError("deck_empty", "not enough cards left in the deck")
        drawn = tuple(self._cards[-count:]) if count else ()
        del self._cards[len(self._cards) - count :]
        return tuple(reversed(drawn))

    def remove(self, cards: Iterable[Card]) -> None:
        """Take specific cards out (they were dealt by hand in a scenario)."""
        for card in cards:
            self._cards.remove(card)


def assign_suits(
    ranks: Sequence[Rank],
    suits: Sequence[Suit],
    rng: random.Random,
    exclude: frozenset[Card] | set[Card] = frozenset(),
) -> list[Card] | None:
    """Cards of ``ranks``, each of the wanted suit where free, else the first free suit (spades
    first); None when a rank has no free card left."""
    cards: list[Card] = []
    for rank, suit in zip(ranks, suits, strict=True):
        options = [
            s for s in ([suit, *list(Suit)]) if Card(rank, s) not in exclude and Card(rank, s) not in cards
        ]
        if not options:
            return None
        cards.append(Card(rank, options[0]))
    return cards
