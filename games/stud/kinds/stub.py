"""The stub question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.questions.fields import AMOUNT, CHOICE, SEAT, YES_NO, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    board_report,
    not_applicable,
)
from games.stud.explain import stub_text
from games.stud.state import STUB_PROCEDURES, StudState

NOT_DUE = "the stub question is asked when 6th-street betting is complete and 7th is not dealt"


def _due(state: StudState) -> bool:
    return state.street == 7 and state.phase == "deal" and not state.street_dealt


def applies(case: Case) -> str | None:
    """Where the hand stops: 6th-street betting complete, 7th street not dealt."""
    return None if _due(case.replay.state) else NOT_DUE


def stub_answer(state: StudState) -> Solution:
    if not _due(state):
        raise not_applicable("stub", NOT_DUE)
    seat = state.seat_of
    stub = state.stub_before_seventh
    assert stub is not None
    assert state.seventh_procedure is not None
    live = state.live_players()
    required = len(live) + 2
    procedure = state.seventh_procedure
    first = state.first_to_act() if state.betting_possible else None
    answer = {
        "stub": stub,
        "required": required,
        "procedure": procedure,
        "community_card": procedure in ("B", "C"),
        "first_to_act_7th": seat(first) if first is not None else None,
    }
    dealt = state.count
    facts = {
        "stub": stub,
        "required": required,
        "procedure": procedure,
        "players": len(live),
        "dealt_in": dealt,
        "receivers": {s: sum(1 for i in range(state.count) if len(state.ups[i]) >= s - 2) for s in (4, 5, 6)},
        "burns": 3,
        "first": answer["first_to_act_7th"],
        "board": board_report(state) if first is not None else {},
    }
    return Solution("stub", answer, ("TDA 2024 RP-10 H",), facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return stub_answer(case.dealt())


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    yield "burns_not_counted", {"burns": 3}, {**right, "stub": right["stub"] + 3}
    yield "required_without_burn", {}, {**right, "required": right["required"] - 1}


MISREADINGS = {
    "burns_not_counted": (
        "That forgets the three burns of 4th to 6th street; they are out of the stub.",
        "それは4thストリートから6thストリートまでのバーンカード3枚を数えていません。バーンしたカードはスタブにありません。",
    ),
    "required_without_burn": (
        "The required number includes the burn card: remaining players + burn + last card.",
        "必要な枚数にはバーンカードも入ります：残りのプレイヤー数＋バーン1枚＋最後の1枚です。",
    ),
}


def situation(view: Mapping[str, Any]) -> Any:
    """What decides the stub besides the answer: the street and who is still dealt to, with
    how many cards each holds, in dealing order (the cards themselves never change the count)."""
    return [view["street"], view["community_card"]] + [
        [s["folded"], s["dead"], len(s["upcards"]), s["downcards"]] for s in view["seats"]
    ]


KIND = QuestionKind(
    name="stub",
    family="stud",
    label=("Stub", "スタブ"),
    noun=("stub count", "スタブの数"),
    fields=(
        Field("stub", AMOUNT, ("Cards in the stub", "スタブの枚数")),
        Field("required", AMOUNT, ("Cards needed", "必要な枚数")),
        Field(
            "procedure",
            CHOICE,
            ("Procedure (TDA 2024 RP-10 H)", "手順（TDA 2024 RP-10 H）"),
            choices=STUB_PROCEDURES,
        ),
        Field("community_card", YES_NO, ("Community card", "コミュニティカード")),
        Field(
            "first_to_act_7th", SEAT, ("First to act on 7th street", "7thストリートで最初にアクションする席")
        ),
    ),
    solve=solve,
    applies=applies,
    hides=("stub",),
    explain=stub_text,
    misread=misread,
    misreadings=MISREADINGS,
    situation=situation,
)
