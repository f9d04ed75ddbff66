"""The scenarios the answerability property runs on, for the tests and the big run.

Every stud question kind with each of its generator focuses, in every stud game and both
rulesets; every shared example and demo scenario; every step of hand walks of 2 to 8 players.
``ANSWERABILITY_SEEDS`` sets the number of seeds (the default keeps the test within its time
budget; ``python -m tests.bench.answerability --seeds N`` is the big run).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.stud.generate import focus_fields, focuses, generate
from games.stud.walk import walk
from tests.games.conftest import EXAMPLES_DIR, REPO_ROOT

VARIANTS = ("F7S", "FR", "F7S/8")
RULESETS = ("tda-2024", "robert-cash")
DEMO_DIR = REPO_ROOT / "dealer_training" / "scenarios" / "fixtures" / "demo"
# Default seeds: about 3,300 generated documents and 2,000 walk steps, well under a minute of CPU.
GENERATED_SEEDS = 40
WALK_SEEDS = 28


def seeds(default: int) -> int:
    value = os.environ.get("ANSWERABILITY_SEEDS")
    return int(value) if value else default


@dataclass(frozen=True)
class Case:
    label: str
    game: str
    kind: str
    document: dict[str, Any]
    fields: tuple[str, ...] | None  # the answer fields a drill asks (None: the whole answer)


def drill_fields(kind: str, game: str, focus: str | None) -> tuple[str, ...] | None:
    """The fields the drills ask (dealer_training.drills.topics.answer_fields), ``None`` for the
    whole answer where a drill asks every field that matters."""
    focused = focus_fields(kind, focus)
    if focused is not None:
        return focused
    if kind == "next_action":
        return ("seat", "options")
    if kind == "award":
        return ("awards",)
    if kind == "ruling":
        return ("ruling",)
    return None


def generated(kind: str, game: str, count: int | None = None) -> Iterator[Case]:
    """Documents of one kind and game: unfocused and every focus, both rulesets."""
    for focus in (None, *focuses(kind, game)):
        for ruleset in RULESETS:
            for seed in range(count if count is not None else seeds(GENERATED_SEEDS)):
                document = generate(kind=kind, variant=game, seed=seed, ruleset=ruleset, focus=focus)
                label = f"{kind}/{focus or '-'}/{game}/{ruleset}/{seed}"
                yield Case(label, game, kind, document, drill_fields(kind, game, focus))


def walk_steps(game: str, count: int | None = None) -> Iterator[tuple[Case, Any]]:
    """Every step of walks of 2 to 8 players (the table size turns with the seed)."""
    for seed in range(count if count is not None else seeds(WALK_SEEDS)):
        ruleset = RULESETS[seed % 2]
        players = 2 + seed % 7
        for step in walk(variant=game, seed=seed, players=players, ruleset=ruleset):
            label = f"walk/{game}/{ruleset}/{seed}/{players}p/{step.index}:{step.stage}"
            yield Case(label, game, step.kind, step.document, step.fields), step


def _files(folder: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted(folder.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        document.pop("_status", None)  # a demo fixture's publishing state
        yield path.name, document


def examples() -> Iterator[Case]:
    """The shared examples and the demo room's scenarios."""
    for folder in (EXAMPLES_DIR, DEMO_DIR):
        for name, document in _files(folder):
            kind = document["_question"]["kind"]
            yield Case(f"{folder.name}/{name}", document["variant"], kind, document, None)
