"""The betting round over question of no-limit hold'em."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.holdem.answers import (
    Candidate,
    big_blind_option_skipped,
    misread_texts,
    require_dealt,
    round_facts,
    round_text,
)
from games.holdem.document import HoldemReplay, HoldemScenario
from games.holdem.rebuild import rebuild_holdem
from games.questions.fields import SEATS, YES_NO, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _round_over(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    require_dealt("round_over", replay.hand)
    f = round_facts(scenario, replay)
    answer = {k: f[k] for k in ("complete", "street", "pending", "owes", "reason")}
    rules = ["Hold'em rules §5"]
    if f["reason"] == "big_blind_option":
        rules.append("Hold'em rules §3.1")
    return Solution("round_over", answer, tuple(rules), {}, explanation=round_text(scenario, replay))


def _all_in_player_must_match(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    hand = scenario.replay().hand
    behind = [
        scenario.seat(k + 1)
        for k in hand.contenders()
        if hand.stacks[k] == 0 and hand.bets[k] < max(hand.bets) and hand.phase != "over"
    ]
    if behind:
        pending = sorted({*right["pending"], *behind})
        yield "all_in_player_must_match", {}, {**right, "complete": False, "pending": pending}


def solve(scenario: HoldemScenario) -> Solution:
    return _round_over(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "big_blind_option_skipped": big_blind_option_skipped,
    "all_in_player_must_match": _all_in_player_must_match,
}


KIND = QuestionKind(
    name="round_over",
    family="holdem",
    label=("Betting round over", "ラウンド終了"),
    fields=(
        Field("complete", YES_NO, ("Round complete", "ラウンド終了")),
        Field("pending", SEATS, ("Still to act", "まだアクションする席"), none_allowed=True),
    ),
    solve=solve,
    focus=("big_blind_option", "complete", "pending", "all_in"),
    unjudged=("street", "owes", "reason"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_holdem,
)
