"""The ruling question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.questions.fields import CHOICE, SEAT, Field
from games.questions.judge import same_ruling
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    not_applicable,
)
from games.stud.events import RULING_CODES
from games.stud.explain_results import ruling_text
from games.stud.scenario import Scenario
from games.stud.show_steps import irregularity_show


def ruling_answer(scenario: Scenario, rulings: tuple[Any, ...]) -> Solution:
    if not scenario.events:
        raise not_applicable("ruling", "a ruling question needs an event in _events")
    last = len(scenario.events) - 1
    ruling = next((r for r in rulings if r.event is scenario.events[last]), None)
    if ruling is None:
        ruling = rulings[-1]
    answer = {"ruling": ruling.code, "seat": ruling.seat}
    facts = {"ruling": ruling, "event": ruling.event}
    return Solution("ruling", answer, ruling.rules, facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return ruling_answer(case.scenario, case.rulings)


# --- misreadings --------------------------------------------------------------------------------

_CONFUSIONS = {
    ("picks_up_upcards", "dead_hand"): "facing_action_misread",
    ("picks_up_upcards", "binding_fold"): "facing_action_misread",
    ("exposes_own_downcard", "dead_hand"): "exposure_is_not_dead",
    ("wrong_card_count", "misdeal"): "substantial_action_misread",
    ("wrong_card_count", "dead_hand"): "substantial_action_misread",
    ("downcard_exposed_by_dealer", "replace_card"): "betting_action_misread",
    ("downcard_exposed_by_dealer", "card_plays"): "betting_action_misread",
    ("downcard_exposed_by_dealer", "misdeal"): "exposed_card_is_not_misdeal",
    ("boxed_cards", "misdeal"): "boxed_count_misread",
    ("boxed_cards", "replace_card"): "boxed_count_misread",
    ("premature_card", "misdeal"): "premature_is_not_misdeal",
}


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The confusion of rulings the given ruling shows, for the event of the question."""
    scenario = case.scenario
    code = given.get("ruling")
    event = scenario.events[-1]
    key = _CONFUSIONS.get((event.type, str(code)))
    if key is not None and code != right["ruling"]:
        yield key, {"given": code, "ruling": right["ruling"], "event": event.type}, {**right, "ruling": code}


MISREADINGS = {
    "facing_action_misread": (
        "Whether the hand is dead depends on a bet pending: dead when facing action (TDA 2024 Rule 66), otherwise a binding fold (TDA 2024 Rule 58).",
        "デッドハンドになるかはベットを受けているかで決まります。受けていればデッドハンド（TDA 2024 ルール66）、そうでなければ取り消せないフォールド（TDA 2024 ルール58）です。",
    ),
    "exposure_is_not_dead": (
        "Exposing a card with action pending may bring a penalty but does not kill the hand (TDA 2024 Rule 68).",
        "アクションが残っている間にカードを見せてもペナルティの可能性があるだけで、ハンドはデッドになりません（TDA 2024 ルール68）。",
    ),
    "substantial_action_misread": (
        "It depends on substantial action (TDA 2024 Rule 36): before it a misdeal, after it the hand is dead (TDA 2024 Rule 35-D).",
        "実質的なアクション（TDA 2024 ルール36）の前ならミスディール、後ならそのハンドがデッドです（TDA 2024 ルール35-D）。",
    ),
    "betting_action_misread": (
        "An exposed 7th-street card is replaced only while betting action remains (TDA 2024 RP-10 B).",
        "表になった7枚目は、ベットアクションが残っているときだけ交換します（TDA 2024 RP-10 B）。",
    ),
    "exposed_card_is_not_misdeal": (
        "In stud an exposed downcard is not a misdeal (TDA 2024 RP-10 A, B).",
        "スタッドではダウンカードが表になってもミスディールにはなりません（TDA 2024 RP-10 A・B）。",
    ),
    "boxed_count_misread": (
        "Only two or more boxed cards on the initial deal make a misdeal (TDA 2024 Rule 35-A).",
        "ミスディールになるのは最初のディールでボックスカードが2枚以上のときだけです（TDA 2024 ルール35-A）。",
    ),
    "premature_is_not_misdeal": (
        "A premature card is not a misdeal: it is reshuffled into the stub (TDA 2024 RP-5 D).",
        "早く配られたカードはミスディールではなく、スタブに戻してリシャッフルします（TDA 2024 RP-5 D）。",
    ),
}


KIND = QuestionKind(
    name="ruling",
    family="stud",
    label=("Ruling", "裁定"),
    fields=(
        Field("ruling", CHOICE, ("Ruling", "裁定"), choices=RULING_CODES),
        Field("seat", SEAT, ("Seat", "席")),
    ),
    solve=solve,
    shows=("before_event",),
    explain=ruling_text,
    misread=misread,
    misreadings=MISREADINGS,
    misread_given=True,
    same={"ruling": same_ruling},
    show=irregularity_show,
)
