"""The best hands question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.questions.fields import HANDS, RANKING, Field
from games.questions.kind import QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    not_applicable,
    ranking_rules,
)
from games.stud.explain_results import best_hands_text
from games.stud.state import StudState


def _hand_json(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def best_hands_answer(state: StudState, question: Mapping[str, Any]) -> Solution:
    from games.stud.showdown import evaluate, rank_groups

    seat = state.seat_of
    if "seats" in question:
        players = [state.player_of_seat(s) for s in question["seats"]]
    else:
        players = state.live_players()
    for p in players:
        if len(state.cards_of(p)) < 7:
            raise not_applicable("best_hands", f"seat {seat(p)} does not have seven cards yet", seat=seat(p))
    reports = {p: evaluate(state.variant, p, state.cards_of(p)) for p in players}
    hands = {str(seat(p)): {"high": _hand_json(r.high), "low": _hand_json(r.low)} for p, r in reports.items()}
    high_rank = None
    if state.variant.has_high:
        high_rank = [
            [seat(p) for p in g]
            for g in rank_groups({p: r.high.strength for p, r in reports.items() if r.high})
        ]
    low_rank = None
    if state.variant.has_low:
        low_rank = [
            [seat(p) for p in g]
            for g in rank_groups({p: r.low.strength for p, r in reports.items() if r.low})
        ]
    answer = {"hands": hands, "high_ranking": high_rank, "low_ranking": low_rank}
    facts = {
        "variant": state.variant,
        "reports": {seat(p): r for p, r in reports.items()},
        "high": high_rank,
        "low": low_rank,
    }
    return Solution("best_hands", answer, ranking_rules(state.variant), facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return best_hands_answer(case.dealt(), case.question)


KIND = QuestionKind(
    name="best_hands",
    family="stud",
    label=("Best hands", "ハンドの順位"),
    noun=("ranking", "ハンドの順位"),
    fields=(
        Field("hands", HANDS, ("Best hands", "ベストハンド")),
        Field("high_ranking", RANKING, ("High ranking", "ハイの順位"), only_if_present=True),
        Field("low_ranking", RANKING, ("Low ranking", "ローの順位"), only_if_present=True),
    ),
    solve=solve,
    shows=("downcards", "asked_seats"),
    explain=best_hands_text,
    focus=("razz",),
    focus_games={"razz": ("FR",)},
)
