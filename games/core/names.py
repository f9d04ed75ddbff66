"""Names of cards, suits and hands in English and Japanese.

Card notation (``As``) is never translated; suit symbols and hand names are, all
through this module, so the web layer and the explanations use the same words.

>>> from games.core.cards import parse_cards
>>> from games.core.hands import best_high
>>> best_high(parse_cards("9s9h9dKcQs")).name("ja")
'9のスリーカード'
>>> card_label(parse_cards("Th")[0], "ja")
'10♥'
"""

from __future__ import annotations

from typing import Literal, Protocol

from games.core.cards import Card, Rank, Suit
from games.core.category import Category

__all__ = ["SUIT_SYMBOLS", "card_label", "hand_name", "rank_label", "suit_name"]

Lang = Literal["en", "ja"]

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_EN = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
_SUIT_JA = {Suit.CLUBS: "クラブ", Suit.DIAMONDS: "ダイヤ", Suit.HEARTS: "ハート", Suit.SPADES: "スペード"}

_RANK_LABEL = {r: ("10" if r is Rank.TEN else r.char) for r in Rank}
_SINGULAR_EN = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace", 1: "ace",
}  # fmt: skip
_PLURAL_EN = {k: ("sixes" if v == "six" else v + "s") for k, v in _SINGULAR_EN.items()}


def suit_name(suit: Suit, lang: Lang = "en") -> str:
    return _SUIT_JA[suit] if lang == "ja" else _SUIT_EN[suit]


def rank_label(rank: int) -> str:
    """``"A"``, ``"K"``, ... ``"10"``, ... ``"2"``; accepts 1 for a low ace."""
    return "A" if rank in (1, 14) else _RANK_LABEL[Rank(rank)]


def card_label(card: Card, lang: Lang = "en") -> str:
    """A card for people: rank and suit symbol, ``"K♠"`` (the same in both languages)."""
    return _RANK_LABEL[card.rank] + SUIT_SYMBOLS[card.suit]


def _low_digits(ranks: tuple[int, ...]) -> str:
    return "-".join(rank_label(r) for r in ranks)


class NamedHand(Protocol):
    """What a hand name is read from (a :class:`games.core.hands.HandValue`)."""

    @property
    def kind(self) -> str: ...
    @property
    def category(self) -> Category: ...
    @property
    def ranks(self) -> tuple[int, ...]: ...


def hand_name(value: NamedHand, lang: Lang = "en") -> str:
    """The name a dealer reads out for a hand value."""
    ranks = value.ranks
    if value.kind != "high":
        digits = _low_digits(ranks)
        if value.category == Category.HIGH_CARD:
            return f"{digits}（{rank_label(ranks[0])}ロー）" if lang == "ja" else digits
        pair_rank = ranks[0]
        if lang == "ja":
            return f"{rank_label(pair_rank)}のペア入り（{digits}）"
        return f"Paired low, {_PLURAL_EN[pair_rank]} ({digits})"

    cat = value.category
    top, second = ranks[0], (ranks[3] if cat == Category.FULL_HOUSE else ranks[2] if len(ranks) > 2 else 0)
    if cat == Category.STRAIGHT_FLUSH and top == 14:
        return "ロイヤルストレートフラッシュ" if lang == "ja" else "Royal flush"
    if lang == "ja":
        t, s = rank_label(top), rank_label(second)
        return {
            Category.HIGH_CARD: f"{t}ハイ",
            Category.PAIR: f"{t}のワンペア",
            Category.TWO_PAIR: f"{t}と{s}のツーペア",
            Category.TRIPS: f"{t}のスリーカード",
            Category.STRAIGHT: f"{t}ハイのストレート",
            Category.FLUSH: f"{t}ハイのフラッシュ",
            Category.FULL_HOUSE: f"{t}と{s}のフルハウス",
            Category.QUADS: f"{t}のフォーカード",
            Category.STRAIGHT_FLUSH: f"{t}ハイのストレートフラッシュ",
        }[cat]
    one, many, other = _SINGULAR_EN[top], _PLURAL_EN[top], _PLURAL_EN.get(second, "")
    return {
        Category.HIGH_CARD: f"{one.capitalize()} high",
        Category.PAIR: f"Pair of {many}",
        Category.TWO_PAIR: f"Two pair, {many} and {other}",
        Category.TRIPS: f"Three of a kind, {many}",
        Category.STRAIGHT: f"Straight, {one} high",
        Category.FLUSH: f"Flush, {one} high",
        Category.FULL_HOUSE: f"Full house, {many} full of {other}",
        Category.QUADS: f"Four of a kind, {many}",
        Category.STRAIGHT_FLUSH: f"Straight flush, {one} high",
    }[cat]
