"""What the stud question kinds share when they answer: the replayed hand and the common facts.

Every stud kind's solver (``games/stud/kinds/<kind>.py``) takes a :class:`Case`: the scenario
and its hand replayed once, at the decision point, under the scenario's own game and rules or
under others (the diagnosis re-solves a hand as razz, or under Robert's Rules, to find the
misreading behind a wrong answer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.errors import EngineError
from games.stud.events import Ruling
from games.stud.rules import Variant
from games.stud.scenario import Replay, Scenario
from games.stud.state import StudState

__all__ = [
    "Case",
    "betting_steps",
    "board_report",
    "bring_in_rules",
    "first_decision",
    "forced_post_only",
    "not_applicable",
    "ranking_rules",
    "unique",
]


@dataclass(frozen=True)
class Case:
    """A stud question to answer: the scenario and its hand replayed once."""

    scenario: Scenario
    replay: Replay

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.replay.rulings

    @property
    def question(self) -> Mapping[str, Any]:
        return self.scenario.question or {}

    def dealt(self) -> StudState:
        """The state at the decision point; a hand declared a misdeal has no answer but the ruling."""
        state = self.replay.state
        if state.phase == "misdeal":
            raise EngineError("hand_misdealt", "the hand was declared a misdeal", path="_question.kind")
        return state


def not_applicable(kind: str, message: str, **params: Any) -> EngineError:
    """The question cannot be asked at this point of the hand."""
    return EngineError(
        "question_not_applicable", message, params={"kind": kind, **params}, path="_question.kind"
    )


def unique(rules: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rules))


def bring_in_rules(variant: Variant) -> list[str]:
    """Who brings in: the lowest door card by suit, or in razz the highest (ace low)."""
    if variant is Variant.RAZZ:
        return ["BARGE Razz"]
    return ["RRoP 7CS-1", "BARGE Seven-Card Stud"]


def ranking_rules(variant: Variant) -> tuple[str, ...]:
    """How hands rank at the showdown in each game."""
    if variant is Variant.RAZZ:
        return ("BARGE Lowball Scales",)
    if variant is Variant.STUD8:
        return ("Practice: hand rankings", "BARGE Stud Hi-Lo")
    return ("Practice: hand rankings",)


def first_decision(state: StudState, holder: int, all_in_ante: bool) -> int | None:
    """Who makes the first decision on 3rd street (``None``: nobody can bet).

    A live low card with more than the bring-in behind decides first (post or complete, RRoP
    7CS-2). A low card with no more than the bring-in posts it all-in and may not complete
    (WSOP 2024 Stud: short bring-in), a killed hand dealt the bring-in card only has it posted
    for it (TDA 2024 Rule 30), and a low card all-in on the ante posts nothing (TDA 2024
    RP-10 E): the first decision is then the next live player's with chips, provided (RP-10 E)
    someone else could call a bet.
    """
    if not all_in_ante and not state.folded[holder] and not forced_post_only(state, holder):
        return holder
    first = state.next_with_chips(holder)
    if first is None:
        return None
    callers = [i for i in range(state.count) if i != first and not state.folded[i] and state.stacks[i] > 0]
    if not callers and all_in_ante:
        return None  # RP-10 E heads-up against the all-in low card: no bet can be called
    return first


def forced_post_only(state: StudState, holder: int) -> bool:
    """The live low card's bring-in takes all its chips: the post is all it can do."""
    behind = state.starting_stacks[holder] - state.posted_antes[holder]
    return 0 < behind <= state.structure.bring_in


def board_report(state: StudState) -> dict[str, Any]:
    """Facts about the boards that decide who acts first on 4th to 7th street."""
    from games.stud.order import board_strength, high_card_of_board

    seat = state.seat_of
    boards = {i: state.ups[i][:4] for i in state.live_players()}
    strengths = {i: board_strength(state.variant, b) for i, b in boards.items()}
    best_strength = max(strengths.values())
    tied = sorted(i for i, s in strengths.items() if s == best_strength)
    best = state.best_board_player()
    first = state.first_to_act()
    return {
        "boards": {seat(i): list(b) for i, b in boards.items()},
        "best": seat(best),
        "best_board": list(boards[best]),
        "tied": [seat(i) for i in tied] if len(tied) > 1 else [],
        "tie_break": state.tie_break,
        "high_cards": {seat(i): high_card_of_board(state.variant, boards[i]) for i in tied},
        "all_in_best": first != best,
        "first": seat(first) if first is not None else None,
    }


def betting_steps(state: StudState, street: int) -> list[dict[str, Any]]:
    """A street's betting as 'show me' steps (``games.show``): who opened it and why, then each
    action, the last full bet or raise marked; ``upto`` counts the hand's records up to each."""
    seat = state.seat_of
    history = state.history
    place = {id(r): i for i, r in enumerate(history)}
    betting = [
        r
        for r in state.street_actions.get(street, [])
        if r.player is not None and r.kind not in ("deal_hole", "deal_community", "show", "muck")
    ]
    steps: list[dict[str, Any]] = []
    first = state.first_actor.get(street)
    if first is not None:
        if street > 3:
            reason = "best_board"
        elif any(r.kind == "post_bring_in" for r in betting) or state.forced == "bring_in":
            reason = "bring_in"
        else:
            reason = "left_of_all_in"  # TDA 2024 RP-10 E: the low card is all-in on the ante
        steps.append(
            {
                "upto": place[id(betting[0])] if betting else len(history),
                "seats": [seat(first)],
                "code": "opens",
                "params": {"seat": seat(first), "street": street, "reason": reason},
            }
        )
    aggressive = [r for r in betting if r.kind in ("complete", "bet", "raise")]
    last = aggressive[-1] if aggressive else None
    for record in betting:
        assert record.player is not None
        steps.append(
            {
                "upto": place[id(record)] + 1,
                "seats": [seat(record.player)],
                "code": "action",
                "params": {
                    "seat": seat(record.player),
                    "street": street,
                    "record": record,
                    "last_aggressor": record is last,
                },
            }
        )
    return steps
