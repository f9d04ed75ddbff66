"""Skills as the engine asks them: which question kinds, focuses and answer fields drill a skill.

A skill (``scenarios.choices.Skill``) is a drill topic; the engine generates and solves
scenarios by question kind and focus (``games.stud.generate``). Each :class:`Topic` names one way to
ask a skill and the answer fields the trainee gives (passed to ``games.questions.judge.judge``), so a drill
asks exactly what the topic trains: the seat of the best board for first to act, the whole set of
options for betting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealer_training.scenarios.choices import Skill, Variant
from games.api import EngineError
from games.api import kind as engine_kind

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


def answer_fields(kind: str, game: str, focus: str | None = None) -> tuple[str, ...]:
    """The answer fields a trainee gives for a question of ``kind`` (judged by the engine)."""
    if kind == "pots":
        return ("pots",)
    if kind == "bring_in":
        return ("seat", "amount", "first_to_act")
    if kind == "next_action":
        if focus in ("first_to_act", "razz_boards"):
            return ("seat",)
        return ("seat", "options")
    if kind == "stub":
        return ("stub", "required", "procedure", "community_card", "first_to_act_7th")
    if kind == "showdown_first":
        return ("seat",)
    if kind == "best_hands":
        if game == FR:
            return ("low_ranking",)
        if game == F7S8:
            return ("high_ranking", "low_ranking")
        return ("high_ranking",)
    if kind == "award":
        return ("awards",)
    if kind == "ruling":
        return ("ruling",)
    try:  # a kind not listed here is asked whole, field by field as it declares them
        return engine_kind(game, kind).keys
    except EngineError:
        raise ValueError(f"unknown question kind {kind!r}") from None


def skill_of_walk_stage(stage: str, document_pots: int = 1) -> str:
    """The skill a hand-walk step trains (its attempts count toward that skill)."""
    return {
        "antes": Skill.ANTES,
        "bring_in": Skill.BRING_IN,
        "action": Skill.BETTING,
        "round_over": Skill.BETTING,
        "first_to_act": Skill.FIRST_TO_ACT,
        "stub": Skill.STUB,
        "showdown_first": Skill.SHOWDOWN,
        "award": Skill.SIDE_POTS if document_pots > 1 else Skill.SHOWDOWN,
    }[stage]
