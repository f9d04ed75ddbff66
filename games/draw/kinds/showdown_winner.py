"""The showdown winner question of Flush Code Hack draw."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from games.core.cards import Card
from games.core.documents import cards_text, not_applicable
from games.core.hands import best_high
from games.core.names import card_label
from games.draw.answers import (
    RULE_HANDS,
    RULE_ROUND,
    RULE_SUITS,
    SUIT_EN,
    SUIT_JA,
    Candidate,
    decided_by,
    hand_json,
    label,
    misread_texts,
)
from games.draw.document import DrawRound, DrawScenario
from games.draw.rebuild import rebuild_draw
from games.questions.fields import ORDER, SEAT, TEXT, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _showdown_winner(scenario: DrawScenario, state: DrawRound) -> Solution:
    if not state.showdown:
        raise not_applicable(
            "showdown_winner",
            "the question is asked at the showdown, after the second draw (001 ゲームルール 2)",
        )
    seat = scenario.seat
    order = state.order
    hands = {p: best_high(state.hands[p]) for p in order}
    first, second = order[0], order[1]
    decided, index = decided_by(state.hands[first], state.hands[second])
    answer = {
        "winner": seat(first),
        "order": [seat(p) for p in order],
        "decided_by": decided,
        "hands": {str(seat(p)): hand_json(hands[p]) for p in order},
    }
    a, b = hands[first], hands[second]
    en = f"Seat {seat(first)} wins with {label(a, 'en')} ({cards_text(a.cards)})"
    ja = f"{seat(first)}番席が{label(a, 'ja')}（{cards_text(a.cards)}）で勝ちます"
    rules = [RULE_HANDS, RULE_ROUND]
    if decided == "hand":
        en += f": the best hand; the next is seat {seat(second)}'s {label(b, 'en')}."
        ja += f"。次に強いのは{seat(second)}番席の{label(b, 'ja')}です。"
    elif decided == "rank":
        assert index is not None
        rules.append(RULE_SUITS)
        en += (
            f": seat {seat(second)} has the same kind of hand ({label(b, 'en')}), and the ranks decide first: "
            f"{card_label(a.cards[index])} beats {card_label(b.cards[index])}."
        )
        ja += (
            f"。{seat(second)}番席も同じ役（{label(b, 'ja')}）なので、まず数字の強さで比べます。"
            f"{card_label(a.cards[index])}が{card_label(b.cards[index])}より強いです。"
        )
    else:
        assert index is not None
        rules.append(RULE_SUITS)
        ca, cb = a.cards[index], b.cards[index]
        en += (
            f": seat {seat(second)} has the same hand with the same ranks, so the suits decide, card by card "
            f"from the card that plays first: {card_label(ca)} ({SUIT_EN[ca.suit]}) beats {card_label(cb)} "
            f"({SUIT_EN[cb.suit]}); spades > hearts > diamonds > clubs. A showdown always has one winner."
        )
        ja += (
            f"。{seat(second)}番席と役も数字も同じなので、強い札から順にスートで比べます。"
            f"{card_label(ca)}（{SUIT_JA[ca.suit]}）が{card_label(cb)}（{SUIT_JA[cb.suit]}）に勝ちます"
            "（スペード＞ハート＞ダイヤ＞クラブ）。この勝負では必ず1人の勝者が決まります。"
        )
    if a.category == 8 and a.ranks[0] == 14:
        en += " The royal flush is the top hand (the Flush Code Hack rulebook ranks it on its own)."
        ja += "ロイヤルストレートフラッシュは最強の役です（Flush Code Hack ルールブックでは独立した役）。"
    return Solution("showdown_winner", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _order_by(state: DrawRound, key: Callable[[Sequence[Card]], Any]) -> list[int]:
    return sorted(state.order, key=lambda p: key(state.hands[p]), reverse=True)


def _suit_first(cards: Sequence[Card]) -> tuple[Any, ...]:
    value = best_high(cards)
    return (value.category, tuple(int(c.suit) for c in value.cards), value.strength)


def _suits_reversed(cards: Sequence[Card]) -> tuple[Any, ...]:
    value = best_high(cards)
    return (value.strength, tuple(3 - int(c.suit) for c in value.cards))


def _highest_card_suit(cards: Sequence[Card]) -> tuple[Any, ...]:
    value = best_high(cards)
    by_rank = sorted(value.cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True)
    return (value.strength, tuple(int(c.suit) for c in by_rank))


def _misorder(code: str, key: Callable[[Sequence[Card]], Any]) -> Finder:
    """The showdown ordered by a mistaken ``key``, when that changes the order."""

    def misread(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
        state = scenario.replay()
        if not state.showdown:
            return
        order = _order_by(state, key)
        if order != list(state.order):
            seat = scenario.seat
            yield code, {}, {**right, "winner": seat(order[0]), "order": [seat(p) for p in order]}

    return misread


def solve(scenario: DrawScenario) -> Solution:
    return _showdown_winner(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "suit_before_rank": _misorder("suit_before_rank", _suit_first),
    "suits_reversed": _misorder("suits_reversed", _suits_reversed),
    "suit_of_highest_card": _misorder("suit_of_highest_card", _highest_card_suit),
}


KIND = QuestionKind(
    name="showdown_winner",
    family="draw",
    label=("Showdown winner", "ショーダウンの勝者"),
    fields=(
        Field("winner", SEAT, ("Winner", "勝者")),
        Field("order", ORDER, ("Order, best first", "順位（強い順）")),
        Field("decided_by", TEXT, ("Decided by", "決め手")),
    ),
    solve=solve,
    focus=("suit_tie", "rank_tie", "any"),
    unjudged=("hands",),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_draw,
)
