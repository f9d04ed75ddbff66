"""The hold'em, Flush Code Hack and ten-card stud scenarios the answerability property runs on,
for the tests and the big run (``python -m tests.bench.answerability``): every question kind with
each generator focus (games.generate_other.FOCUSES) and unfocused, and every example of
tests/games/examples_other/. The whole answer is compared (every key, not only the ones a drill
asks)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from games.generate_other import FOCUSES, generate_other
from tests.games.answerable_cases import Case, seeds

EXAMPLES_OTHER = Path(__file__).parent / "examples_other"
GENERATED_SEEDS = 40  # about 2,000 documents, some 20 seconds of CPU


def other_generated(variant: str, kind: str, count: int | None = None) -> Iterator[Case]:
    for focus in (*FOCUSES[variant][kind], None):
        for seed in range(count if count is not None else seeds(GENERATED_SEEDS)):
            document = generate_other(kind=kind, variant=variant, seed=seed, focus=focus)
            yield Case(f"{kind}/{focus or '-'}/{variant}/{seed}", variant, kind, document, None)


def other_examples() -> Iterator[Case]:
    for path in sorted(EXAMPLES_OTHER.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        kind = document["_question"]["kind"]
        yield Case(f"examples_other/{path.name}", document["variant"], kind, document, None)


# An all-in for 40,400 preflop with seats 6 and 1 still to act: the 26,000 nobody has matched
# is neither in a side pot nor back with its owner yet.
POTS_WITH_BETTING_OPEN = {
    "variant": "NT",
    "antes": [0, 0, 0, 0, 0, 0],
    "blinds_or_straddles": [200, 400, 0, 0, 0, 0],
    "min_bet": 400,
    "starting_stacks": [48800, 2600, 14400, 40400, 4600, 7000],
    "actions": [
        "d dh p1 Qs3h", "d dh p2 5dTs", "d dh p3 7c7h", "d dh p4 Ad2h", "d dh p5 8h8d", "d dh p6 3sKc",
        "p3 cbr 800", "p4 cc", "p5 cc", "p6 cc", "p1 cbr 1200", "p2 f", "p3 cbr 14400", "p4 cbr 40400",
        "p5 cc",
    ],
    "_question": {"kind": "pots"},
}  # fmt: skip
