"""Answers to the Flush Code Hack question kinds (seed document 001), with explanations in
English and Japanese, the table view and the common misreadings
(docs/scenario-format-extensions.md section 2)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.core.cards import Card, Suit
from games.core.documents import cards_text, hand_phrase, not_applicable, seats_en, seats_ja
from games.core.errors import EngineError
from games.core.hands import HandValue, best_high
from games.core.names import card_label
from games.draw.document import DrawRound, DrawScenario
from games.draw.view import asked_phase, draw_table_view
from games.questions.solution import Solution

__all__ = ["draw_misreadings", "draw_table_view", "solve_draw"]

Candidate = tuple[str, dict[str, Any], dict[str, Any]]

SUIT_JA = {Suit.SPADES: "スペード", Suit.HEARTS: "ハート", Suit.DIAMONDS: "ダイヤ", Suit.CLUBS: "クラブ"}
SUIT_EN = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
PHASE_EN = {"bet1": "first betting phase", "bet2": "second betting phase"}
PHASE_JA = {"bet1": "1回目のベットフェーズ", "bet2": "2回目のベットフェーズ"}
RULE_HANDS = "Flush Code Hack: hand rankings"
RULE_SUITS = "Flush Code Hack: card and suit order"
RULE_ROUND = "Flush Code Hack: game rules 2"
RULE_OUT = "Flush Code Hack: leaving the game"
RULE_END = "Flush Code Hack: game rules 3"


def _hand_json(value: HandValue) -> dict[str, Any]:
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def _label(value: HandValue, lang: str) -> str:
    return value.name("ja") if lang == "ja" else hand_phrase(value)


def _decided_by(a: Sequence[Card], b: Sequence[Card]) -> tuple[str, int | None]:
    """What separates two hands: ``hand`` (category), ``rank`` or ``suit`` (and at which card)."""
    va, vb = best_high(a), best_high(b)
    if va.category != vb.category:
        return "hand", None
    if va.strength != vb.strength:
        return "rank", next((k for k in range(5) if va.ranks[k] != vb.ranks[k]), None)
    return "suit", next(k for k in range(5) if va.cards[k].suit != vb.cards[k].suit)


# --- showdown winner ----------------------------------------------------------------------------


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
    decided, index = _decided_by(state.hands[first], state.hands[second])
    answer = {
        "winner": seat(first),
        "order": [seat(p) for p in order],
        "decided_by": decided,
        "hands": {str(seat(p)): _hand_json(hands[p]) for p in order},
    }
    a, b = hands[first], hands[second]
    en = f"Seat {seat(first)} wins with {_label(a, 'en')} ({cards_text(a.cards)})"
    ja = f"{seat(first)}番席が{_label(a, 'ja')}（{cards_text(a.cards)}）で勝ちます"
    rules = [RULE_HANDS, RULE_ROUND]
    if decided == "hand":
        en += f": the best hand; the next is seat {seat(second)}'s {_label(b, 'en')}."
        ja += f"。次に強いのは{seat(second)}番席の{_label(b, 'ja')}です。"
    elif decided == "rank":
        assert index is not None
        rules.append(RULE_SUITS)
        en += (
            f": seat {seat(second)} has the same kind of hand ({_label(b, 'en')}), and the ranks decide first: "
            f"{card_label(a.cards[index])} beats {card_label(b.cards[index])}."
        )
        ja += (
            f"。{seat(second)}番席も同じ役（{_label(b, 'ja')}）なので、まず数字の強さで比べます。"
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


# --- round result ----------------------------------------------------------------------------


def _round_result(scenario: DrawScenario, state: DrawRound) -> Solution:
    if state.phase != "over":
        raise not_applicable(
            "round_result", "the round result is asked once the round is over", phase=state.phase
        )
    seat = scenario.seat
    assert state.winner is not None
    winner = state.winner
    bets = state.pot - state.fees
    points = {str(seat(p)): state.points[p - 1] for p in range(1, 5)}
    out_next = list(state.cannot_pay_next())
    answer = {
        "winner": seat(winner),
        "pot": state.pot,
        "fees": state.fees,
        "points": points,
        "eliminated": sorted(seat(p) for p in out_next),
        "eliminated_at_fee": sorted(seat(p) for p in state.eliminated_now),
        "game_over": state.game_over(),
    }
    payers = len(state.in_game)
    fee = state.entry_fee
    how_en = "at the showdown" if state.showdown else "when everyone else dropped"
    how_ja = "ショーダウンで" if state.showdown else "他の全員がドロップしたので"
    number = state.round_number
    en = (
        f"{f'Round {number}' if number else 'This round'}: {payers} players paid the {fee:,}-point entry fee ({state.fees:,}) and bet {bets:,}, "
        f"so the pot is {state.pot:,}. Seat {seat(winner)} wins it {how_en} and takes the whole pot "
        f"(all-in or not, there are no side pots in Flush Code Hack): {state.points[winner - 1]:,} points now."
    )
    ja = (
        f"{f'第{number}ラウンド' if number else 'このラウンド'}は{payers}人が参加フィー{fee:,}ポイント（計{state.fees:,}）を払い、ベットが{bets:,}なので、"
        f"ポットは{state.pot:,}です。{how_ja}{seat(winner)}番席が勝ち、ポットの中身を全て受け取ります"
        f"（オールインでもサイドポットはありません）。持ち点は{state.points[winner - 1]:,}になります。"
    )
    rules = [RULE_ROUND]
    if state.eliminated_now:
        rules.append(RULE_OUT)
        who = [seat(p) for p in state.eliminated_now]
        en += f" {seats_en(who).capitalize()} could not pay this round's fee and left the game with 0 points."
        ja += f"{seats_ja(who)}はこのラウンドの参加フィーを払えず、持ち点0で退場しました。"
    if out_next:
        rules.append(RULE_OUT)
        who_en = ", ".join(f"seat {seat(p)} ({state.points[p - 1]:,})" for p in out_next)
        who_ja = "、".join(f"{seat(p)}番席（{state.points[p - 1]:,}点）" for p in out_next)
        en += f" {who_en[0].upper()}{who_en[1:]} cannot pay the next {fee:,}-point fee and leaves the game; the points become 0."
        ja += f"{who_ja}は次の参加フィー{fee:,}ポイントを払えないので退場し、持ち点は0になります。"
    else:
        en += f" Everyone left can pay the next {fee:,}-point fee."
        ja += f"残っている全員が次の参加フィー{fee:,}ポイントを払えます。"
    if answer["game_over"]:
        rules.append(RULE_END)
        if number is not None and number >= 100:
            en += " This was round 100: the game ends and the most points wins."
            ja += "第100ラウンドが終わったので、ゲームは終了し、ポイントが最も多いプレイヤーの勝ちです。"
        else:
            en += " Fewer than two players can go on, so the game ends."
            ja += "続けられるプレイヤーが2人未満になるので、ゲームは終了です。"
    return Solution("round_result", answer, tuple(dict.fromkeys(rules)), {}, explanation={"en": en, "ja": ja})


# --- end of a betting phase --------------------------------------------------------------------


def _phase_state(scenario: DrawScenario, state: DrawRound) -> str:
    """The betting phase the question is about (current, or just ended with no draw yet)."""
    phase = asked_phase(state)
    if phase is None:
        raise not_applicable(
            "phase_end", "the question is asked during a betting phase or just after it", phase=state.phase
        )
    return phase


def _phase_end(scenario: DrawScenario, state: DrawRound) -> Solution:
    phase = _phase_state(scenario, state)
    seat = scenario.seat
    current = state.phase == phase
    complete = not current or state.betting_complete()
    if not complete:
        actor = state.actor()
        assert actor is not None
        nxt: int | None = actor
        step = "bet"
    elif state.phase in ("draw1", "draw2"):
        nxt = state.actor()
        step = "draw"
    else:
        nxt = None
        step = "round_over"
    pending = [p for p in state.in_round() if current and state._needs_to_act(p)]
    answer = {
        "phase": phase,
        "complete": complete,
        "next": seat(nxt) if nxt is not None else None,
        "next_step": step,
        "to_match": state.level if current else _last_level(state, phase),
        "pending": sorted(seat(p) for p in pending),
    }
    rules = [RULE_ROUND]
    name_en, name_ja = PHASE_EN[phase], PHASE_JA[phase]
    if complete:
        if step == "round_over":
            assert state.winner is not None
            en = (
                f"The {name_en} is over and so is the round: everyone else dropped, so seat {seat(state.winner)} "
                "takes the pot without a showdown."
            )
            ja = f"{name_ja}は終わり、ラウンドも終わりです。他の全員がドロップしたので、{seat(state.winner)}番席がショーダウンなしでポットを受け取ります。"
        else:
            en = (
                f"The {name_en} is over: since the last raise everyone still in has called, dropped or is all-in, "
                f"and nobody raised within the lap. The draw starts with seat {answer['next']}, the first player "
                "still in from the round's first player."
            )
            ja = (
                f"{name_ja}は終わりです。最後のレイズから1周する間に誰もレイズせず、残った全員がコール・ドロップ・オールインの"
                f"いずれかをしました。ドローはラウンドの最初のプレイヤーから数えて、残っている最初の{answer['next']}番席から始めます。"
            )
    else:
        assert nxt is not None
        owe = state.level - state.bets[nxt]
        if owe:
            en = f"The {name_en} is not over: seat {seat(nxt)} still has {owe:,} to call and acts next."
            ja = f"{name_ja}はまだ続きます。{seat(nxt)}番席があと{owe:,}をコールしておらず、次にアクションします。"
        else:
            en = f"The {name_en} is not over: seat {seat(nxt)} has not acted yet in this phase and acts next."
            ja = f"{name_ja}はまだ続きます。{seat(nxt)}番席はこのフェーズでまだアクションしておらず、次にアクションします。"
        skipped = [p for p in state.in_round() if state.points[p - 1] == 0 and p != nxt]
        if skipped:
            en += f" All-in players ({seats_en([seat(p) for p in skipped])}) are skipped: they cannot drop or bet."
            ja += f"オールインの{seats_ja([seat(p) for p in skipped])}は飛ばします（ドロップもベットもできません）。"
    return Solution("phase_end", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _last_level(state: DrawRound, phase: str) -> int:
    levels = [r.amount for r in state.history if r.phase == phase and r.kind in ("bet", "raise")]
    return max(levels, default=0)


# --- dispatch ------------------------------------------------------------------------------------


def solve_draw(scenario: DrawScenario) -> Solution:
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    state = scenario.replay()
    kind = scenario.kind
    if kind == "showdown_winner":
        return _showdown_winner(scenario, state)
    if kind == "round_result":
        return _round_result(scenario, state)
    return _phase_end(scenario, state)


# --- misreadings ---------------------------------------------------------------------------------


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


def draw_misreadings(scenario: DrawScenario, kind: str, right: dict[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    seat = scenario.seat
    if kind == "showdown_winner" and state.showdown:
        for code, key in (
            ("suit_before_rank", _suit_first),
            ("suits_reversed", _suits_reversed),
            ("suit_of_highest_card", _highest_card_suit),
        ):
            order = _order_by(state, key)
            if order != list(state.order):
                yield code, {}, {**right, "winner": seat(order[0]), "order": [seat(p) for p in order]}
    if kind == "round_result" and state.phase == "over":
        assert state.winner is not None
        fee = state.entry_fee
        points = dict(right["points"])
        w = str(seat(state.winner))
        points[w] = points[w] - state.fees
        yield "fees_not_in_pot", {}, {**right, "pot": state.pot - state.fees, "points": points}
        exact = sorted(seat(p) for p in state.in_game if state.points[p - 1] <= fee)
        if exact != right["eliminated"]:
            yield "exact_fee_is_out", {"fee": fee}, {**right, "eliminated": exact}
        totals = _bet_totals(state)
        cap = totals.get(state.winner, 0)
        if any(t > cap for t in totals.values()) and state.points[state.winner - 1] - state.pot == 0:
            pot = state.fees + sum(min(t, cap) for t in totals.values())
            side = dict(right["points"])
            side[w] = state.points[state.winner - 1] - state.pot + pot
            for p, t in totals.items():
                if t > cap and p != state.winner:
                    side[str(seat(p))] += t - cap
            yield "side_pot_for_all_in_winner", {}, {**right, "pot": pot, "points": side}
    if kind == "phase_end":
        phase = _phase_state(scenario, state)
        if state.phase == phase and not state.betting_complete():
            able = [p for p in state.in_round() if state.points[p - 1] > 0]
            if all(state.acted[p] for p in able):
                first = state.in_round()[0]
                yield "one_lap_ends_phase", {}, {**right, "complete": True, "next": seat(first)}
            nxt = next(
                (
                    (state._turn + k - 1) % 4 + 1
                    for k in range(1, 5)
                    if (state._turn + k - 1) % 4 + 1 in state.in_round()
                ),
                None,
            )
            if nxt is not None and seat(nxt) != right["next"]:
                yield "all_in_player_acts", {}, {**right, "next": seat(nxt)}


def _bet_totals(state: DrawRound) -> dict[int, int]:
    """Points each player put in beyond the fee this round (from the betting records)."""
    totals: dict[int, int] = {}
    per_phase: dict[tuple[str, int], int] = {}
    for r in state.history:
        if r.player is None:
            continue
        key = (r.phase, r.player)
        if r.kind == "call":
            per_phase[key] = per_phase.get(key, 0) + r.amount
        elif r.kind in ("bet", "raise"):
            per_phase[key] = r.amount
    for (_, p), chips in per_phase.items():
        totals[p] = totals.get(p, 0) + chips
    return totals


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
