"""The split question of ten-card stud: the winners and their shares of the pot."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import cards_text, hand_phrase, seats_en, seats_ja
from games.core.hands import best_high, showdown_key
from games.questions.fields import CHIPS_BY_SEAT, SEATS, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution
from games.tenstud.answers import Candidate, misread_texts, replay_dealt, require_known
from games.tenstud.document import PLAYERS, TenStudPosition, TenStudScenario
from games.tenstud.rebuild import rebuild_tenstud


def _split(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    require_known("split", state)
    seat = scenario.seat
    chip = scenario.chip
    winners = state.ranking()[0]
    awards = state.awards(min_chip=chip)
    odd = (state.pot // chip) % len(winners)
    value = best_high(state.ten(winners[0]))
    answer = {
        "pot": state.pot,
        "winners": [seat(p) for p in winners],
        "awards": {str(seat(p)): awards[p] for p in winners if awards[p] > 0},
        "odd_chips": odd,
    }
    rules = ["Ten-card stud rules §5"]
    who = [seat(p) for p in winners]
    if len(winners) == 1:
        en = (
            f"Seat {who[0]} wins the whole pot of {state.pot:,} with {hand_phrase(value)} "
            f"({cards_text(value.cards)}), the best five of ten."
        )
        ja = f"10枚から選ぶ最強の5枚で、{who[0]}番席が{value.name('ja')}（{cards_text(value.cards)}）となりポット{state.pot:,}を全て獲得します。"
    else:
        shares_en = ", ".join(f"{awards[p]:,} to seat {seat(p)}" for p in winners)
        shares_ja = "、".join(f"{seat(p)}番席に{awards[p]:,}" for p in winners)
        en = (
            f"{seats_en(who).capitalize()} tie exactly with {hand_phrase(value)} and share the pot of {state.pot:,} "
            f"evenly ({shares_en}); suits do not break ties in this game."
        )
        ja = (
            f"{seats_ja(who)}が{value.name('ja')}で完全に同じ強さなので、ポット{state.pot:,}を等分します（{shares_ja}）。"
            "このゲームではスートで勝敗は決めません。"
        )
        rules.append("Ten-card stud rules §6")
        if odd:
            first = who[:odd]
            # 000 sections 1 and 5 say only that the pot is split equally: who gets an odd chip
            # is our reading, and the explanation says so.
            en += (
                " The ten-card stud rules say only that the pot is split equally; by our reading the odd "
                f"chip{'s go' if odd > 1 else ' goes'} to {seats_en(first)}, one each from the first dealt."
            )
            ja += (
                "10カードスタッドのルールには等分とだけあり、端数の扱いは書かれていません。"
                f"このアプリの解釈では、割り切れない端数のチップは配る順が早いプレイヤーから1枚ずつ{seats_ja(first)}に渡します。"
            )
    return Solution("split", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _suits_break_ties(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.all_known() and len(right["winners"]) > 1:
        order = sorted(range(1, PLAYERS + 1), key=lambda p: showdown_key(state.ten(p)), reverse=True)
        best = scenario.seat(order[0])
        yield "suits_break_ties", {}, {**right, "winners": [best], "awards": {str(best): state.pot}}


def _odd_chip_from_the_last_seat(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.all_known() and len(right["winners"]) > 1 and right["odd_chips"]:
        chip = scenario.chip
        winners = list(reversed(right["winners"]))
        share, odd = divmod(state.pot // chip, len(winners))
        awards = {str(s): (share + (1 if k < odd else 0)) * chip for k, s in enumerate(winners)}
        yield "odd_chip_from_the_last_seat", {}, {**right, "awards": awards}


def solve(scenario: TenStudScenario) -> Solution:
    return _split(scenario, replay_dealt(scenario))


MISREADINGS: dict[str, Finder] = {
    "suits_break_ties": _suits_break_ties,
    "odd_chip_from_the_last_seat": _odd_chip_from_the_last_seat,
}


KIND = QuestionKind(
    name="split",
    family="tenstud",
    label=("Split", "配分"),
    fields=(
        Field("winners", SEATS, ("Winners", "勝者")),
        Field("awards", CHIPS_BY_SEAT, ("Points received", "受け取るポイント")),
    ),
    solve=solve,
    focus=("tie", "odd_chip", "single"),
    unjudged=("pot", "odd_chips"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_tenstud,
)
