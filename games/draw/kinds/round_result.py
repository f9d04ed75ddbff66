"""The round result question of Flush Code Hack draw: the pot, the points and who leaves."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import not_applicable, seats_en, seats_ja
from games.draw.answers import RULE_END, RULE_OUT, RULE_ROUND, Candidate, misread_texts
from games.draw.document import DrawRound, DrawScenario
from games.draw.rebuild import rebuild_draw
from games.questions.fields import AMOUNT, CHIPS_BY_SEAT, SEAT, SEATS, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


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


def _fees_not_in_pot(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.phase != "over":
        return
    assert state.winner is not None
    points = dict(right["points"])
    w = str(scenario.seat(state.winner))
    points[w] = points[w] - state.fees
    yield "fees_not_in_pot", {}, {**right, "pot": state.pot - state.fees, "points": points}


def _exact_fee_is_out(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.phase != "over":
        return
    fee = state.entry_fee
    exact = sorted(scenario.seat(p) for p in state.in_game if state.points[p - 1] <= fee)
    if exact != right["eliminated"]:
        yield "exact_fee_is_out", {"fee": fee}, {**right, "eliminated": exact}


def _side_pot_for_all_in_winner(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.phase != "over":
        return
    assert state.winner is not None
    seat = scenario.seat
    w = str(seat(state.winner))
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


def solve(scenario: DrawScenario) -> Solution:
    return _round_result(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "fees_not_in_pot": _fees_not_in_pot,
    "exact_fee_is_out": _exact_fee_is_out,
    "side_pot_for_all_in_winner": _side_pot_for_all_in_winner,
}


KIND = QuestionKind(
    name="round_result",
    family="draw",
    label=("Round result", "ラウンドの結果"),
    fields=(
        Field("winner", SEAT, ("Winner", "勝者")),
        Field("pot", AMOUNT, ("Pot", "ポット")),
        Field("points", CHIPS_BY_SEAT, ("Points after the round", "ラウンド後のポイント")),
        Field("eliminated", SEATS, ("Eliminated", "脱落"), none_allowed=True),
    ),
    solve=solve,
    focus=("cannot_pay", "all_in_winner", "last_round", "any"),
    unjudged=("fees", "eliminated_at_fee", "game_over"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_draw,
)
