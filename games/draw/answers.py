"""What the Flush Code Hack question kinds share (seed document 001): the names of suits and
betting phases, the rule references, hands as the answers write them, what separates two
hands, and the sentences of the common misreadings (docs/scenario-format-extensions.md
section 2). Each kind answers in its own module (``kinds``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.cards import Card, Suit
from games.core.documents import hand_phrase
from games.core.hands import HandValue, best_high

__all__ = ["MISREAD_TEXT", "decided_by", "hand_json", "label", "misread_texts"]

Candidate = tuple[str, dict[str, Any], Mapping[str, Any]]

SUIT_JA = {Suit.SPADES: "スペード", Suit.HEARTS: "ハート", Suit.DIAMONDS: "ダイヤ", Suit.CLUBS: "クラブ"}
SUIT_EN = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
PHASE_EN = {"bet1": "first betting phase", "bet2": "second betting phase"}
PHASE_JA = {"bet1": "1回目のベットフェーズ", "bet2": "2回目のベットフェーズ"}
RULE_HANDS = "Flush Code Hack: hand rankings"
RULE_SUITS = "Flush Code Hack: card and suit order"
RULE_ROUND = "Flush Code Hack: game rules 2"
RULE_OUT = "Flush Code Hack: leaving the game"
RULE_END = "Flush Code Hack: game rules 3"


def hand_json(value: HandValue) -> dict[str, Any]:
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def label(value: HandValue, lang: str) -> str:
    return value.name("ja") if lang == "ja" else hand_phrase(value)


def decided_by(a: Sequence[Card], b: Sequence[Card]) -> tuple[str, int | None]:
    """What separates two hands: ``hand`` (category), ``rank`` or ``suit`` (and at which card)."""
    va, vb = best_high(a), best_high(b)
    if va.category != vb.category:
        return "hand", None
    if va.strength != vb.strength:
        return "rank", next((k for k in range(5) if va.ranks[k] != vb.ranks[k]), None)
    return "suit", next(k for k in range(5) if va.cards[k].suit != vb.cards[k].suit)


def misread_texts(*codes: str) -> dict[str, tuple[str, str]]:
    """The sentences of the misreadings ``codes``, for a kind's declaration."""
    return {code: MISREAD_TEXT[code] for code in codes}


MISREAD_TEXT: dict[str, tuple[str, str]] = {
    "suit_before_rank": (
        "That compares the suits before the ranks; equal hands are compared by rank first, and only then by suit (Flush Code Hack rulebook).",
        "それはスートを数字より先に比べています。同じ役はまず数字の強さで比べ、それでも同じときだけスートで比べます（Flush Code Hack ルールブック）。",
    ),
    "suits_reversed": (
        "That reverses the suit order: spades > hearts > diamonds > clubs (Flush Code Hack rulebook).",
        "スートの順番が逆です。スペード＞ハート＞ダイヤ＞クラブです（Flush Code Hack ルールブック）。",
    ),
    "suit_of_highest_card": (
        "That compares the suit of the highest card first; the suits are compared in the order the hand plays, the pair or set before the kickers.",
        "それは一番数字の大きいカードのスートから比べています。スートは役を作るカード（ペアやスリーカード）から順に比べます。",
    ),
    "fees_not_in_pot": (
        "The entry fees are in the pot too (Flush Code Hack rulebook, glossary: pot).",
        "参加フィーもポットに入ります（Flush Code Hack ルールブック 用語解説集「ポット」）。",
    ),
    "exact_fee_is_out": (
        "A player with exactly {fee:,} points can still pay the fee and plays the round all-in; only less than {fee:,} is out.",
        "ちょうど{fee:,}ポイントあるプレイヤーは参加フィーを払えるので、オールインでラウンドに参加します。退場は{fee:,}ポイント未満のときだけです。",
    ),
    "side_pot_for_all_in_winner": (
        "There are no side pots in Flush Code Hack: a winner who is all-in still takes the whole pot (Flush Code Hack: game rules 2, the showdown).",
        "Flush Code Hackにサイドポットはありません。オールインした勝者もポットの中身を全て受け取ります（Flush Code Hack ルールブック ゲームルール2「勝負フェーズ」）。",
    ),
    "one_lap_ends_phase": (
        "One lap is not enough: the phase ends a lap after the last raise, once everyone still in has matched it.",
        "1周しただけでは終わりません。最後のレイズから1周し、残った全員がその額に揃えたときに終わります。",
    ),
    "all_in_player_acts": (
        "An all-in player is skipped: they have no points to bet and cannot drop (Flush Code Hack rulebook, glossary: all-in).",
        "オールインのプレイヤーは飛ばします。ベットするポイントがなく、ドロップもできません（Flush Code Hack ルールブック 用語解説集「オールイン」）。",
    ),
}
