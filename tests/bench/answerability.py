"""The big answerability run: ``python -m tests.bench.answerability [--seeds N] [--walk-seeds N]``.

Checks every stud question kind with each focus, game and ruleset over N seeds, every example
and demo scenario, and every step of hand walks (2 to 8 players) with
``games.answerable.check_answerable``, on the fields a drill asks. Prints the number of
checks and of unanswerable questions per game and kind, and the first failures. Exits 1 when
any question (other than hands the generator mucks before the deal) is unanswerable.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from games.answerable import check_answerable
from games.scenario import QUESTION_KINDS
from tests.games.answerable_cases import (
    VARIANTS,
    Case,
    examples,
    generated,
    mucked_before_the_deal,
    walk_steps,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--walk-seeds", type=int, default=100)
    args = parser.parse_args()
    counts: dict[tuple[str, str], list[int]] = collections.defaultdict(lambda: [0, 0])
    failures: list[str] = []
    held_apart = 0
    start = time.process_time()

    def run(group: str, case: Case) -> None:
        nonlocal held_apart
        report = check_answerable(case.document, fields=case.fields)
        row = counts[(case.game, f"{group}{case.kind}")]
        row[0] += 1
        if not report.answerable:
            if mucked_before_the_deal(case.document):
                held_apart += 1
                return
            row[1] += 1
            failures.append(f"{case.label}: {'; '.join(p.message() for p in report.problems)}")

    for game in VARIANTS:
        for kind in QUESTION_KINDS:
            for case in generated(kind, game, count=args.seeds):
                run("", case)
        for case, _step in walk_steps(game, count=args.walk_seeds):
            run("walk ", case)
    for case in examples():
        run("example ", case)
    seconds = time.process_time() - start
    print(f"{'game':6s} {'kind':24s} {'checks':>7s} {'unanswerable':>13s}")
    for (game, kind), (checked, bad) in sorted(counts.items()):
        print(f"{game:6s} {kind:24s} {checked:7d} {bad:13d}")
    total = sum(c for c, _ in counts.values())
    print(f"{total} checks, {len(failures)} unanswerable, {held_apart} held apart (mucked before the deal)")
    print(f"{seconds:.1f} s CPU")
    for line in failures[:20]:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
