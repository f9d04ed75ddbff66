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
from games.stud.show_steps import stub_show
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
    stub, required = right["stub"], right["required"]
    params = {"stub": stub, "required": required, "with_burns": stub + 3}
    # RP-10 H's cases B and C read the other way round: B for a stub of fewer than 3 cards.
    swapped = {"B": "C", "C": "B"}.get(right["procedure"])
    if swapped is not None:
        yield (
            f"stub_case_{swapped.lower()}_for_{right['procedure'].lower()}",
            params,
            {
                **right,
                "procedure": swapped,
            },
        )
    # The three prior burns counted as reaching the required number (case A), or not.
    if right["procedure"] in ("B", "C"):
        yield "stub_case_a_burns_short", params, {**right, "procedure": "A", "community_card": False}
    elif right["procedure"] == "A":
        mistaken = "B" if stub >= 3 else "C"
        yield "stub_case_a_missed", params, {**right, "procedure": mistaken, "community_card": True}


MISREADINGS = {
    "stub_case_c_for_b": (
        "That is case C, for a stub of fewer than 3 cards; this stub has {stub} cards, at least 3, so it is case B: burn the top card and deal the next as a community card, without the prior burns (TDA 2024 RP-10 H).",
        "それはスタブが3枚未満のときのCです。このスタブは{stub}枚で3枚以上なので、Bです。上の1枚をバーンして次のカードをコミュニティカードにし、前のバーンカードは戻しません（TDA 2024 RP-10 H）。",
    ),
    "stub_case_b_for_c": (
        "That is case B, for a stub of at least 3 cards; this stub has only {stub}, so it is case C: scramble it with the 3 prior burns, cut, burn one and deal a community card (TDA 2024 RP-10 H).",
        "それはスタブが3枚以上のときのBです。このスタブは{stub}枚しかないので、Cです。前のバーンカード3枚と混ぜてカットし、1枚バーンしてコミュニティカードを配ります（TDA 2024 RP-10 H）。",
    ),
    "stub_case_a_burns_short": (
        "Case A needs the 3 prior burns to reach the required number: {stub} + 3 = {with_burns} is fewer than {required}, so a community card is dealt (TDA 2024 RP-10 H).",
        "Aは前のバーンカード3枚を足して必要な枚数に届くときです。{stub}＋3＝{with_burns}枚で{required}枚に足りないので、コミュニティカードを配ります（TDA 2024 RP-10 H）。",
    ),
    "stub_case_a_missed": (
        "Adding the 3 prior burns reaches the required number ({stub} + 3 = {with_burns}, {required} needed), so it is case A: scramble them into the stub and deal each player a card, no community card (TDA 2024 RP-10 H).",
        "前のバーンカード3枚を足すと必要な枚数に届きます（{stub}＋3＝{with_burns}枚、必要{required}枚）。なのでAです。スタブと混ぜて全員に1枚ずつ配り、コミュニティカードは使いません（TDA 2024 RP-10 H）。",
    ),
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
    show=stub_show,
)
