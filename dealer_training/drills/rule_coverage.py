"""Which drills exercise each rule: found by asking the engine, not by a list kept by hand.

For every way the app drills (each skill's topics in each of its games, the hand walk, each
question of the other games) a modest number of scenarios is generated the way a drill
generates them, under both rule sets, and the rules their answers cite are collected. The
result depends only on the code: it is computed once per process, and kept in the shared cache
under a digest of the code it depends on, so the other processes of a release reuse it (the
computation takes a few seconds).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from django.core.cache import cache

from dealer_training.accounts.house_rules import ROBERT_CASH, TDA_2024
from games.core.errors import EngineError
from games.solve import solve
from games.stud.generate import generate
from games.stud.walk import walk

from .other_games import GAMES as OTHER_GAMES
from .other_games import make_document
from .topics import TOPICS, skill_of_walk_stage
from .walk_levels import LEVELS

RULESETS = (TDA_2024, ROBERT_CASH)
SEEDS = 12  # scenarios per topic, game and rule set
RULING_SEEDS = 48  # rulings draw one irregularity of eight per scenario: look at more of them
WALK_SEEDS = 3  # hands walked per game and rule set
# The hands are walked at the highest level's share of dealer errors: a walk's hand is the same at
# every share, so these walks hold every step of a walk without errors and the errors' steps too.
WALK_ERROR_RATE = max(level.error_rate for level in LEVELS.values())
OTHER_SEEDS = 24  # scenarios per question of the other games (one rule set: their own rules)


@dataclass(frozen=True)
class Use:
    """One drill that cited a rule: a skill drilled as a question kind (``mode`` "skill"), a hand
    walk step counted toward a skill ("walk"), or a question of another game ("other", where
    ``skill`` is the game's code)."""

    mode: str
    skill: str
    kind: str
    variant: str
    ruleset: str


def _skill_uses() -> Iterator[tuple[Use, list[str]]]:
    for skill, topics in TOPICS.items():
        for topic in topics:
            seeds = RULING_SEEDS if topic.kind == "ruling" else SEEDS
            for variant in topic.games:
                for ruleset in RULESETS:
                    use = Use("skill", str(skill), topic.kind, variant, ruleset)
                    for n in range(seeds):
                        try:
                            document = generate(
                                kind=topic.kind,
                                variant=variant,
                                seed=f"rules-{n}",
                                ruleset=ruleset,
                                focus=topic.focus,
                            )
                        except EngineError:  # a deal the focus cannot use: a drill tries another
                            continue
                        yield use, solve(document)["rules"]


def _walk_uses() -> Iterator[tuple[Use, list[str]]]:
    for variant in ("F7S", "FR", "F7S/8"):
        for ruleset in RULESETS:
            for n in range(WALK_SEEDS):
                steps = walk(variant=variant, seed=f"rules-{n}", ruleset=ruleset, error_rate=WALK_ERROR_RATE)
                for step in steps:
                    solved = solve(step.document)
                    pots = len(solved["answer"].get("pots") or []) if step.stage == "award" else 1
                    skill = skill_of_walk_stage(step.stage, pots)
                    yield Use("walk", str(skill), step.kind, variant, ruleset), solved["rules"]


def _other_uses() -> Iterator[tuple[Use, list[str]]]:
    import random

    for code, game in OTHER_GAMES.items():
        for topic in game.topics:
            use = Use("other", code, topic.kind, code, TDA_2024)
            for n in range(OTHER_SEEDS):
                _, document = make_document(code, topic.kind, random.Random(n), f"rules-{n}")
                yield use, solve(document)["rules"]


def compute_rule_coverage() -> dict[str, frozenset[Use]]:
    """Citation key -> the drills whose answers cited it (keys no drill cites are absent)."""
    found: dict[str, set[Use]] = {}
    for source in (_skill_uses, _walk_uses, _other_uses):
        for use, rules in source():
            for key in rules:
                found.setdefault(key, set()).add(use)
    return {key: frozenset(uses) for key, uses in found.items()}


def _code_digest() -> str:
    """A digest of the engine and of the drill definitions: what the coverage depends on."""
    import games

    digest = hashlib.sha256()
    here = Path(__file__).parent
    files = sorted(Path(games.__file__).parent.rglob("*.py"))
    files += [here / "topics.py", here / "other_games.py", here / "walk_levels.py", Path(__file__)]
    for path in files:
        digest.update(path.read_bytes())
    digest.update(repr((SEEDS, RULING_SEEDS, WALK_SEEDS, OTHER_SEEDS)).encode())
    return digest.hexdigest()[:24]


@functools.cache
def rule_coverage() -> dict[str, frozenset[Use]]:
    """:func:`compute_rule_coverage`, once per process and once per release in the shared cache."""
    key = f"rule-coverage:{_code_digest()}"
    coverage: dict[str, frozenset[Use]] | None = cache.get(key)
    if coverage is None:
        coverage = compute_rule_coverage()
        cache.set(key, coverage, timeout=None)
    return coverage
