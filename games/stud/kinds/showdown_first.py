"""The who shows first question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.questions.fields import SEAT, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    betting_steps,
    board_report,
    not_applicable,
    unique,
)
from games.stud.explain import showdown_first_text
from games.stud.state import StudState

NOT_DUE = "the showdown order is asked once the last betting round is over"


def _due(state: StudState) -> bool:
    ended = state.phase in ("showdown",) or (state.phase in ("deal", "bet") and not state.betting_possible)
    if state.phase == "bet" and state.actor is not None:
        ended = False
    return ended and len(state.live_players()) >= 2


def applies(case: Case) -> str | None:
    """Where the hand stops: the last betting round is over and two or more hands are live."""
    return None if _due(case.replay.state) else NOT_DUE


def showdown_first_answer(state: StudState) -> Solution:
    from games.stud.showdown import showdown_first

    if not _due(state):
        raise not_applicable("showdown_first", NOT_DUE)
    result = showdown_first(state)
    seat = state.seat_of
    rules = ["TDA 2024 Rule 17-A"]
    if result.all_in_players:
        rules += ["TDA 2024 Rule 16", "TDA 2024 RP-10 B"]
    seventh = state.street_actions.get(7, [])
    at_risk = set(result.all_in_players) if result.not_at_risk else set()
    bettors = [r.player for r in seventh if r.kind in ("bet", "raise") and r.player is not None]
    facts = {
        "seat": seat(result.player),
        "reason": result.reason,
        "not_at_risk": result.not_at_risk,
        "all_in": [seat(p) for p in result.all_in_players],
        "aggressor": seat(result.aggressor) if result.aggressor is not None else None,
        "bettors": list(dict.fromkeys(seat(p) for p in bettors)),
        "at_risk_bettors": list(dict.fromkeys(seat(p) for p in bettors if p in at_risk)),
        "variant": state.variant,
        "board": board_report(state),
        "final_round": 7 in state.rounds_held,
    }
    return Solution("showdown_first", {"seat": seat(result.player)}, unique(rules), facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return showdown_first_answer(case.dealt())


def moment(case: Case) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Once any hand was shown or mucked the order is in the history (TDA 2024 Rule 17-A)."""
    state = case.replay.state
    if any(state.shown) or any(state.mucked):
        return (("showdown_already_tabled", {}),)
    return ()


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    state = case.replay.state
    from games.stud.showdown import showdown_first

    result = showdown_first(state)
    bettors = [r.player for r in state.street_actions.get(7, []) if r.kind in ("bet", "raise")]
    if result.reason == "last_aggressor":
        first_bettor = next((p for p in bettors if p in state.live_players()), None)
        if first_bettor is not None:
            yield "first_bettor_not_last_aggressor", {}, {"seat": state.seat_of(first_bettor)}
        yield "first_to_act_not_last_aggressor", {}, {"seat": state.seat_of(state.best_board_player())}
    if result.not_at_risk:
        # RP-10 B: the players at risk table after the others (an all-in bettor, the best board).
        for player in dict.fromkeys([*reversed(bettors), state.best_board_player()]):
            if player is not None and player in result.all_in_players:
                yield "all_in_player_not_first", {}, {"seat": state.seat_of(player)}


# --- show me --------------------------------------------------------------------------------------


def show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """The 7th-street betting replayed, the last bet or raise marked, then who shows first and why
    (TDA 2024 Rule 17-A; RP-10 B with an all-in)."""
    state = case.replay.state
    steps = betting_steps(state, 7) if 7 in state.rounds_held else []
    f = solution.facts
    # Rule 17-A's last aggressor is among the players who table first (RP-10 B): an all-in
    # player's later raise is not the one that decides.
    deciding = [s for s in steps if s["code"] == "action" and s["params"]["record"].kind in ("bet", "raise")]
    deciding = [s for s in deciding if s["params"]["seat"] == f["aggressor"]]
    for step in steps:
        if step["code"] == "action":
            step["params"]["last_aggressor"] = bool(deciding) and step is deciding[-1]
    steps.append(
        {
            "upto": len(state.history),
            "seats": [f["seat"]],
            "code": "shows_first",
            "params": {"seat": f["seat"], "reason": f["reason"], "not_at_risk": f["not_at_risk"]},
        }
    )
    return steps


MISREADINGS = {
    "first_bettor_not_last_aggressor": (
        "That is the first bettor on 7th street; the last aggressive player shows first (TDA 2024 Rule 17-A).",
        "それは7thストリートで最初にベットしたプレイヤーです。最後にアグレッシブなアクションをしたプレイヤーから見せます（TDA 2024 ルール17-A）。",
    ),
    "first_to_act_not_last_aggressor": (
        "That is the player who acted first; when there was a bet on 7th, the last aggressor shows first (TDA 2024 Rule 17-A).",
        "それは最初にアクションしたプレイヤーです。7thストリートでベットがあったときは最後にアグレッシブなアクションをしたプレイヤーから見せます（TDA 2024 ルール17-A）。",
    ),
    "all_in_player_not_first": (
        "With an all-in, the players not at risk expose first (TDA 2024 RP-10 B).",
        "オールインがあるときは、敗退の危険がないプレイヤーから先に開きます（TDA 2024 RP-10 B）。",
    ),
}


KIND = QuestionKind(
    name="showdown_first",
    family="stud",
    label=("Who shows first", "ショーダウンの順番"),
    noun=("showdown order", "ショーダウンの順番"),
    fields=(Field("seat", SEAT, ("Shows first", "最初にハンドを見せる席")),),
    solve=solve,
    applies=applies,
    explain=showdown_first_text,
    moment=moment,
    misread=misread,
    misreadings=MISREADINGS,
    show=show,
)
