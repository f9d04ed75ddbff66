"""The award question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.questions.fields import AWARD_POTS, CHIPS_BY_SEAT, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    not_applicable,
    ranking_rules,
    unique,
)
from games.stud.explain_results import award_text
from games.stud.rules import Variant
from games.stud.show_steps import award_show
from games.stud.state import StudState


def award_answer(state: StudState) -> Solution:
    if state.phase not in ("showdown", "over"):
        raise not_applicable("award", "the pots are awarded at the showdown", phase=state.phase)
    result = state.award()
    seat = state.seat_of
    pots = []
    for pot in result.pots:
        entry: dict[str, Any] = {"amount": pot.amount, "eligible": [seat(p) for p in pot.eligible]}
        if pot.high is not None:
            entry["high"] = [seat(p) for p in pot.high]
        if pot.low is not None:
            entry["low"] = [seat(p) for p in pot.low]
        entry["awards"] = {
            str(seat(p)): a for p, a in sorted(pot.awards.items(), key=lambda kv: seat(kv[0])) if a > 0
        }
        pots.append(entry)
    totals = {str(seat(p)): a for p, a in sorted(result.totals.items(), key=lambda kv: seat(kv[0])) if a > 0}
    rules = ["TDA 2024 Rule 21"]
    if any(pot.odd_chips for pot in result.pots):
        rules.append("TDA 2024 Rule 20" if state.ruleset.odd_chip != "rrop" else "RRoP Ties")
    if state.variant is Variant.STUD8:
        rules.append("TDA 2024 Rule 20")
    if any(pot.split_evenly for pot in result.pots):
        rules.append("RRoP Ties")
    if not result.uncontested:
        rules += ranking_rules(state.variant)
    facts = {
        "variant": state.variant,
        "result": result,
        "seat_of": {p: seat(p) for p in range(state.count)},
        "odd_chip_rule": state.ruleset.odd_chip,
        "min_chip": state.structure.min_chip,
    }
    return Solution("award", {"pots": pots, "awards": totals}, unique(rules), facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return award_answer(case.dealt())


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    state = case.replay.state
    if state.variant is not Variant.STUD8:
        return
    totals: dict[str, int] = {}
    for pot in right["pots"]:
        winners = pot.get("high") or []
        if not winners:
            continue
        share, odd = divmod(pot["amount"], len(winners))
        for k, s in enumerate(sorted(winners)):
            totals[str(s)] = totals.get(str(s), 0) + share + (1 if k < odd else 0)
    yield "high_takes_whole_pot", {}, {"pots": right["pots"], "awards": totals}


MISREADINGS = {
    "high_takes_whole_pot": (
        "That gives the whole pot to the high hand; a qualifying low takes half.",
        "それはポット全部をハイに渡しています。8以下のローがあれば半分はローのものです。",
    ),
}


KIND = QuestionKind(
    name="award",
    family="stud",
    label=("Award", "ポットの配分"),
    fields=(
        Field("pots", AWARD_POTS, ("Pots as awarded", "各ポットの配分")),
        Field("awards", CHIPS_BY_SEAT, ("Chips received", "受け取るチップ")),
    ),
    solve=solve,
    shows=("downcards",),
    hides=("pot.pots",),
    explain=award_text,
    focus=("odd_chips",),
    misread=misread,
    misreadings=MISREADINGS,
    show=award_show,
)
