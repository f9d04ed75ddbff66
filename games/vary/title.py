"""Titles of variations: the original's words with the variation's own cards and seats.

A title is stored data, read later by people who never saw the original. A variation's title
keeps the original title's pattern and replaces what the variation changed in it: a card it
names (``3c``, ``3♣``) goes through the variation's suit permutation, a suit word (``spade``,
``スペード``) too, and a seat (``seat 2``, ``2番席``) follows its player. When the title names a
card the variation does not hold, or a seat nobody sits in, the title is built afresh from the
game, the kind's label and the cards that decide the answer (``QuestionKind.deciding``). Then
comes the variation's number, in the author's language.

>>> swap = {"c": "s", "d": "h", "h": "d", "s": "c"}
>>> vary_title("Razz bring-in: 3c vs 3d tie, seat 2", number=2, lang="en", cards=["3s", "3h", "Kc"],
...            seats={2: 5}, fresh="Razz bring-in", suit_map=swap)
'Razz bring-in: 3s vs 3h tie, seat 5 (variation 2)'
>>> vary_title("Razz: 3c vs 3d", number=2, lang="ja", cards=["4c", "4d"], seats={},
...            fresh="ラズ ブリングイン：4♣・4♦")
'ラズ ブリングイン：4♣・4♦（バリエーション 2）'
>>> vary_title("Stud: two 2s, 2c brings in", number=3, lang="en", cards=["2s", "2d"], seats={}, fresh="-",
...            suit_map={"c": "d", "d": "c"})
'Stud: two 2s, 2d brings in (variation 3)'
>>> vary_title("スペードのキング", number=1, lang="ja", cards=["Kh"], seats={}, fresh="-", suit_map=swap)
'クラブのキング（バリエーション 1）'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from games import registry
from games.core.cards import Card, Suit
from games.core.names import card_label
from games.stud.scenario import load_stud_scenario
from games.table import table_view
from games.vary.compare import dealt_cards
from games.vary.make import Variation

__all__ = ["fresh_title", "variation_title", "vary_title"]

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
FROM_SYMBOL = {v: k for k, v in SYMBOLS.items()}
# Suit words as titles write them: English (singular and plural, any case) and Japanese.
SUIT_WORDS: dict[str, dict[str, str]] = {
    "en": {"c": "club", "d": "diamond", "h": "heart", "s": "spade"},
    "ja": {"c": "クラブ", "d": "ダイヤ", "h": "ハート", "s": "スペード"},
}
MAX_TITLE = 200

_CARD = r"(?<![0-9A-Za-z])(?P<rank>10|[2-9TJQKAtjqka])(?P<suit>[cdhs♣♦♥♠])(?![A-Za-z])"
_SEAT = r"(?:(?P<seat_word>[Ss]eat)\s*(?P<seat_en>\d+))|(?:(?P<seat_ja>\d+)番席)"
_SUIT_EN = r"(?P<suit_en>\b(?:[Cc]lub|[Dd]iamond|[Hh]eart|[Ss]pade)s?\b)"
_SUIT_JA = r"(?P<suit_ja>クラブ|ダイヤ|ハート|スペード)"
_PLURAL = re.compile(r"(?:\b(?:two|three|four|both|pair of|all)|[2-4])\s*$", re.IGNORECASE)
_PATTERN = re.compile("|".join((_CARD, _SEAT, _SUIT_EN, _SUIT_JA)))


def _suffix(number: int, lang: str) -> str:
    return f"（バリエーション {number}）" if lang.startswith("ja") else f" (variation {number})"


def _card_code(rank: str, suit: str) -> str:
    rank = "T" if rank == "10" else rank.upper()
    return rank + FROM_SYMBOL.get(suit, suit)


def _map_word(word: str, suit_map: Mapping[str, str], lang: str) -> str:
    """A suit word of the title, for the variation's suit: ``Spades`` -> ``Hearts``."""
    names = SUIT_WORDS[lang]
    plural = lang == "en" and word.lower().endswith("s")
    stem = (word[:-1] if plural else word).lower()
    code = next(c for c, name in names.items() if name == stem)
    new = names[suit_map.get(code, code)] + ("s" if plural else "")
    return new.capitalize() if word[:1].isupper() else new


def _plural(title: str, match: re.Match[str]) -> bool:
    """``two 2s``, ``pair of Ks``: a rank in the plural, not the card of spades."""
    return match.group("suit") == "s" and bool(_PLURAL.search(title[: match.start()]))


def _rewrite(
    title: str, suit_map: Mapping[str, str], seats: Mapping[int, int], cards: set[str]
) -> str | None:
    """The title with its cards, suit words and seats mapped; None when one cannot be."""
    broken = False

    def replace(match: re.Match[str]) -> str:
        nonlocal broken
        if match.group("rank"):
            if _plural(title, match):
                return match.group(0)
            code = _card_code(match.group("rank"), match.group("suit"))
            new = code[:-1] + suit_map.get(code[-1], code[-1])
            if new not in cards:
                broken = True  # never keep a card that is not in the hand
                return match.group(0)
            rank_text = match.group("rank") if match.group("rank") != "10" else "10"
            suit = match.group("suit")
            return rank_text + (SYMBOLS[new[-1]] if suit in FROM_SYMBOL else new[-1])
        if match.group("seat_en") or match.group("seat_ja"):
            seat = int(match.group("seat_en") or match.group("seat_ja"))
            if seat not in seats:
                broken = True
                return match.group(0)
            if match.group("seat_ja"):
                return f"{seats[seat]}番席"
            return f"{match.group('seat_word')} {seats[seat]}"
        if match.group("suit_en"):
            return _map_word(match.group("suit_en"), suit_map, "en")
        return _map_word(match.group("suit_ja"), suit_map, "ja")

    out = _PATTERN.sub(replace, title)
    return None if broken else out


def fresh_title(
    game: str, kind_name: str, view: Mapping[str, Any], answer: Mapping[str, Any], lang: str
) -> str:
    """A title from the game's name, the kind's label and the cards that decide the answer:
    ``Razz bring-in: 4♣ vs 4♦`` / ``ラズ ブリングイン：4♣・4♦``."""
    ja = lang.startswith("ja")
    kind = registry.kind(game, kind_name)
    name = registry.game(game).name[1 if ja else 0]
    label = kind.label[1 if ja else 0]
    deciding = kind.deciding(view, answer) if kind.deciding is not None else []
    shown = [card_label(Card.parse(c)) for c in deciding]
    head = f"{name} {label}" if ja else f"{name} {label[:1].lower()}{label[1:]}"
    if not shown:
        return head
    return f"{head}：{'・'.join(shown)}" if ja else f"{head}: {' vs '.join(shown)}"


def vary_title(
    title: str,
    *,
    number: int,
    lang: str,
    cards: Sequence[str],
    seats: Mapping[int, int],
    fresh: str,
    suit_map: Mapping[str, str] | None = None,
) -> str:
    """The title of variation ``number``: ``title`` with the variation's cards and seats, or
    ``fresh`` (:func:`fresh_title`) when ``title`` names a card or seat the variation lacks.

    ``cards`` are the variation's dealt cards; ``seats`` maps every seat of the original to the
    variation's seat of the same player; ``suit_map`` maps the original's suits to the
    variation's (``{"c": "s", ...}``).
    """
    identity = {s.char: s.char for s in Suit}
    rewritten = _rewrite(title, {**identity, **(suit_map or {})}, seats, set(cards))
    base = rewritten if rewritten is not None else fresh
    suffix = _suffix(number, lang)
    return base[: MAX_TITLE - len(suffix)] + suffix


def variation_title(
    title: str, original: Mapping[str, Any], variation: Variation, *, number: int, lang: str
) -> str:
    """:func:`vary_title` for a variation made by :func:`games.vary.vary` of ``original``."""
    before = load_stud_scenario(original)
    after = load_stud_scenario(variation.document)
    seats = dict(zip(before.player_seats, after.player_seats, strict=True))
    fresh = fresh_title(
        after.variant.value,
        str(variation.solution["kind"]),
        table_view(after),
        variation.solution["answer"],
        lang,
    )
    return vary_title(
        title,
        number=number,
        lang=lang,
        cards=dealt_cards(after),
        seats=seats,
        fresh=fresh,
        suit_map=variation.suit_map,
    )
