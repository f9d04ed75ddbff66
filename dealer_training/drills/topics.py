"""Skills as the engine asks them: which question kinds, focuses and answer fields drill a skill.

A skill (``scenarios.choices.Skill``) is a drill topic; the engine generates and solves
scenarios by question kind and focus (``games.stud.generate``). Each :class:`Topic` names one way to
ask a skill and the answer fields the trainee gives (passed to ``games.judge.judge``), so a drill
asks exactly what the topic trains: the seat of the best board for first to act, the whole set of
options for betting.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_training.scenarios.choices import Skill, Variant
from games.api import game, kind

F7S, FR, F7S8 = Variant.STUD_HIGH.value, Variant.RAZZ.value, Variant.STUD_8.value
ALL_GAMES = (F7S, FR, F7S8)


@dataclass(frozen=True)
class Topic:
    kind: str
    focus: str | None = None
    games: tuple[str, ...] = ALL_GAMES


TOPICS: dict[str, tuple[Topic, ...]] = {
    Skill.ANTES: (Topic("pots", "antes"),),
    Skill.BRING_IN: (Topic("bring_in"),),
    Skill.RAZZ_ORDER: (
        Topic("bring_in", games=(FR,)),
        Topic("next_action", "razz_boards", games=(FR,)),
        Topic("best_hands", "razz", games=(FR,)),
    ),
    Skill.FIRST_TO_ACT: (Topic("next_action", "first_to_act"),),
    Skill.BETTING: (Topic("next_action", "options"),),
    Skill.STUB: (Topic("stub"),),
    Skill.STUB_COUNT: (Topic("stub_count"),),
    Skill.RULINGS: (Topic("ruling"),),
    Skill.DEALER_ERRORS: (Topic("dealer_error"),),
    Skill.SIDE_POTS: (Topic("pots", "side_pots"),),
    Skill.SHOWDOWN: (
        Topic("showdown_first"),
        Topic("best_hands"),
        Topic("award"),
        Topic("award", "odd_chips"),
    ),
}


def games_for(skill: str) -> tuple[str, ...]:
    """The games a skill is drilled in (razz ordering only in razz)."""
    found: list[str] = []
    for topic in TOPICS.get(skill, ()):
        found += [g for g in topic.games if g not in found]
    return tuple(g for g in ALL_GAMES if g in found)


def applies(skill: str, game: str) -> bool:
    return game in games_for(skill)


def pick_topic(rng: random.Random, skill: str, game: str) -> Topic:
    topics = [t for t in TOPICS[skill] if game in t.games]
    return rng.choice(topics)


# What a drill asks when it asks fewer than all of a kind's fields (the others are told with the
# correct answer), by game family and kind; a kind not listed is asked whole, so a new kind needs
# no entry. The answer fields themselves, their types and labels are the engine's
# (``games.api.kind``).
ASKED: dict[tuple[str, str], tuple[str, ...]] = {
    # The pots as awarded are shown with the answer; the drill asks the chips each receives.
    ("stud", "award"): ("awards",),
    # The hands are shown with the answer; the drill asks the ranking (the low one in razz).
    ("stud", "best_hands"): ("high_ranking", "low_ranking"),
    # The seat the ruling concerns is told with it.
    ("stud", "ruling"): ("ruling",),
    ("holdem", "min_raise"): ("seat", "min_raise_to"),
    # The uncalled chips go back before the pots are pushed: the drill asks for both (the pot
    # drawn on the table includes them).
    ("holdem", "award"): ("awards", "returned"),
    ("draw", "showdown_winner"): ("winner",),
    ("draw", "round_result"): ("winner", "pot", "eliminated"),
}
# A focus that asks for the seat alone (who acts first, the razz boards).
SEAT_ONLY_FOCUS = ("first_to_act", "razz_boards")


def answer_fields(
    game_code: str, kind_name: str, focus: str | None = None, answer: Mapping[str, Any] | None = None
) -> tuple[str, ...]:
    """The answer fields a trainee gives for a question of ``kind_name`` (judged by the engine).

    A field the engine answers only where it applies (``only_if_present``: the high ranking of
    razz, the low of stud high) is left out when the engine's ``answer`` has it empty."""
    question_kind = kind(game_code, kind_name)
    if kind_name == "next_action" and focus in SEAT_ONLY_FOCUS:
        return ("seat",)
    keys = ASKED.get((game(game_code).family, kind_name)) or question_kind.keys
    out = []
    for key in keys:
        f = question_kind.field(key)
        if f.only_if_present and answer is not None and answer.get(key) is None:
            continue
        out.append(key)
    return tuple(out)


def skill_of_walk_stage(stage: str, document_pots: int = 1) -> str:
    """The skill a hand-walk step trains (its attempts count toward that skill); a dealer error
    to catch trains the dealer errors, another stage without its own skill the rulings."""
    skills = {
        "antes": Skill.ANTES,
        "bring_in": Skill.BRING_IN,
        "action": Skill.BETTING,
        "round_over": Skill.BETTING,
        "first_to_act": Skill.FIRST_TO_ACT,
        "stub": Skill.STUB,
        "showdown_first": Skill.SHOWDOWN,
        "award": Skill.SIDE_POTS if document_pots > 1 else Skill.SHOWDOWN,
        "dealer_error": Skill.DEALER_ERRORS,
    }
    return skills.get(stage, Skill.RULINGS)
