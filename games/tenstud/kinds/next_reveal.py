"""The next reveal question of ten-card stud: who turns a card next."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import cards_text, hand_phrase, seats_en, seats_ja
from games.core.hands import best_high
from games.questions.fields import SEATS, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution
from games.tenstud.answers import Candidate, hand_json, misread_texts, replay_dealt
from games.tenstud.document import PLAYERS, TenStudPosition, TenStudScenario
from games.tenstud.rebuild import rebuild_tenstud


def _next_reveal(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    seat = scenario.seat
    players = state.next_reveal()
    rules = ["Ten-card stud rules §4.2"]
    if not players:
        answer: dict[str, Any] = {"seats": [], "hands": {}, "finished": True, "step": len(state.steps)}
        text = {
            "en": "Every card is face up: the loop is over and the best five of ten decides (Ten-card stud rules §5).",
            "ja": "全員の10枚がすべて表になったので、公開ループは終わりです。10枚から選ぶ最強の5枚で勝負します（10カードスタッドのルール§5）。",
        }
        return Solution(
            "next_reveal",
            answer,
            ("Ten-card stud rules §4.2", "Ten-card stud rules §5"),
            {},
            explanation=text,
        )
    step = state.steps[-1] if state.steps and not state.steps[-1].complete else None
    values = {p: best_high(state.up(p)) for p in players}
    value = values[players[0]]
    answer = {
        "seats": [seat(p) for p in players],
        "hands": {str(seat(p)): hand_json(values[p]) for p in players},
        "finished": False,
        "step": len(state.steps) if step is not None else len(state.steps) + 1,
    }
    who = [seat(p) for p in players]
    if step is not None:
        done = sorted(seat(p) for p in step.cards)
        en = (
            f"{seats_en(who).capitalize()} still {'reveals' if len(who) == 1 else 'reveal'}: this step began with "
            f"{seats_en([seat(p) for p in step.players])} tied for the weakest, and {seats_en(done)} "
            f"{'has' if len(done) == 1 else 'have'} already turned a card; tied players reveal together, so the "
            "strengths are compared again only after the whole step."
        )
        ja = (
            f"このステップは{seats_ja([seat(p) for p in step.players])}が同じ強さで最弱だったので、全員が同時に1枚ずつめくります。"
            f"{seats_ja(done)}はもうめくったので、残りの{seats_ja(who)}がめくります。強さの比較はステップが終わってからやり直します。"
        )
        rules.append("Ten-card stud rules §4.3")
        return Solution("next_reveal", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})
    stronger = [
        p
        for p in range(1, PLAYERS + 1)
        if p not in players and state.hidden[p] and best_high(state.up(p)).strength > value.strength
    ]
    done = [p for p in range(1, PLAYERS + 1) if not state.hidden[p]]
    en = (
        f"{seats_en(who).capitalize()} {'reveals' if len(who) == 1 else 'reveal'} next: the best five of the face-up cards "
        f"make {hand_phrase(value)} ({cards_text(value.cards)}), the weakest of the players who still have "
        "a hole card down"
    )
    ja = (
        f"次に1枚めくるのは{seats_ja(who)}です。表になっているカードから作る最強の5枚が{value.name('ja')}"
        f"（{cards_text(value.cards)}）で、ホールカードが残っているプレイヤーの中で一番弱いからです"
    )
    if stronger:
        others_en = "; ".join(f"seat {seat(p)} has {hand_phrase(best_high(state.up(p)))}" for p in stronger)
        others_ja = "、".join(f"{seat(p)}番席は{best_high(state.up(p)).name('ja')}" for p in stronger)
        en += f" ({others_en})"
        ja += f"（{others_ja}）"
    if len(who) > 1:
        rules.append("Ten-card stud rules §4.3")
        en += ". They are tied exactly, so each turns one card at the same time."
        ja += "。まったく同じ強さなので、全員が同時に1枚ずつめくります。"
    else:
        en += "."
        ja += "。"
    if done:
        en += f" {seats_en([seat(p) for p in done]).capitalize()} has no hole card left and is not counted."
        ja += f"{seats_ja([seat(p) for p in done])}はホールカードが残っていないので、比べる対象に入りません。"
    return Solution("next_reveal", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _waiting(scenario: TenStudScenario, right: Mapping[str, Any]) -> dict[int, Any] | None:
    """The face-up strengths, when a new step of the reveal loop is asked; else None."""
    state = scenario.replay()
    if right["seats"] and not (state.steps and not state.steps[-1].complete):
        return state.strengths()
    return None


def _strongest_reveals(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    strengths = _waiting(scenario, right)
    if strengths is None:
        return
    state = scenario.replay()
    waiting = [p for p in strengths if state.hidden[p]]
    high = max(strengths[p] for p in waiting)
    strongest = [scenario.seat(p) for p in waiting if strengths[p] == high]
    yield "strongest_reveals", {}, {**right, "seats": strongest}


def _finished_player_counted(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    strengths = _waiting(scenario, right)
    if strengths is None:
        return
    low_all = min(strengths.values())
    everyone = [scenario.seat(p) for p in strengths if strengths[p] == low_all]
    if everyone != right["seats"]:
        yield "finished_player_counted", {}, {**right, "seats": everyone}


def _only_one_of_tied(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    if _waiting(scenario, right) is not None and len(right["seats"]) > 1:
        for s in right["seats"]:
            yield "only_one_of_tied", {}, {**right, "seats": [s]}


def solve(scenario: TenStudScenario) -> Solution:
    return _next_reveal(scenario, replay_dealt(scenario))


MISREADINGS: dict[str, Finder] = {
    "strongest_reveals": _strongest_reveals,
    "finished_player_counted": _finished_player_counted,
    "only_one_of_tied": _only_one_of_tied,
}


KIND = QuestionKind(
    name="next_reveal",
    family="tenstud",
    label=("Next reveal", "次に公開する人"),
    fields=(Field("seats", SEATS, ("Reveals next", "次に公開するプレイヤー")),),
    solve=solve,
    focus=("tied_weakest", "step_in_progress", "late", "any"),
    unjudged=("step", "hands", "finished"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_tenstud,
)
