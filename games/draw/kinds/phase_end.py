"""The end of the phase question of Flush Code Hack draw: is the betting phase over, and who acts next."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import not_applicable, seats_en, seats_ja
from games.draw.answers import PHASE_EN, PHASE_JA, RULE_ROUND, Candidate, misread_texts
from games.draw.document import DrawRound, DrawScenario
from games.draw.rebuild import rebuild_draw
from games.draw.view import asked_phase
from games.questions.fields import SEAT, YES_NO, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


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


def _one_lap_ends_phase(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    phase = _phase_state(scenario, state)
    if state.phase == phase and not state.betting_complete():
        able = [p for p in state.in_round() if state.points[p - 1] > 0]
        if all(state.acted[p] for p in able):
            first = state.in_round()[0]
            yield "one_lap_ends_phase", {}, {**right, "complete": True, "next": scenario.seat(first)}


def _all_in_player_acts(scenario: DrawScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    phase = _phase_state(scenario, state)
    if state.phase == phase and not state.betting_complete():
        nxt = next(
            (
                (state._turn + k - 1) % 4 + 1
                for k in range(1, 5)
                if (state._turn + k - 1) % 4 + 1 in state.in_round()
            ),
            None,
        )
        if nxt is not None and scenario.seat(nxt) != right["next"]:
            yield "all_in_player_acts", {}, {**right, "next": scenario.seat(nxt)}


def solve(scenario: DrawScenario) -> Solution:
    return _phase_end(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "one_lap_ends_phase": _one_lap_ends_phase,
    "all_in_player_acts": _all_in_player_acts,
}


KIND = QuestionKind(
    name="phase_end",
    family="draw",
    label=("End of the phase", "フェーズの終了"),
    fields=(
        Field("complete", YES_NO, ("Phase complete", "フェーズ終了")),
        # Whoever acts next at the table: the next to bet, or once the phase is over the first
        # to draw; nobody only when everyone else dropped.
        Field(
            "next",
            SEAT,
            (
                "Next to act (while the phase goes on: the next to bet; once it is over: the first to draw)",
                "次にアクションするプレイヤー（フェーズ中は次にベットする人、終了後は最初にドローする人）",
            ),
            none_allowed=True,
        ),
    ),
    solve=solve,
    focus=("complete", "pending", "all_in"),
    unjudged=("phase", "pending", "to_match", "next_step"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_draw,
)
