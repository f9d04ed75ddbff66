"""The big answerability run: ``python -m tests.bench.answerability [--seeds N] [--walk-seeds N]``.

Checks every stud question kind with each focus, game and ruleset over N seeds, every example
and demo scenario, every step of hand walks (2 to 8 players), and every hold'em, Flush Code Hack
and ten-card stud question kind with each focus over N seeds and their examples with
``games.questions.answerable.check_answerable``, on the fields a drill asks. Prints the number of
checks and of unanswerable questions per game and kind, and the first failures. Exits 1 when
any question (other than hands the generator mucks before the deal) is unanswerable.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from games.api import kind_names
from games.generate_other import FOCUSES
from games.questions.answerable import check_answerable
from tests.games.answerable_cases import (
    VARIANTS,
    Case,
    examples,
    generated,
    walk_steps,
)
from tests.games.answerable_other_cases import other_examples, other_generated


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--walk-seeds", type=int, default=100)
    args = parser.parse_args()
    counts: dict[tuple[str, str], list[int]] = collections.defaultdict(lambda: [0, 0])
    failures: list[str] = []
    start = time.process_time()

    def run(group: str, case: Case) -> None:
        report = check_answerable(case.document, fields=case.fields)
        row = counts[(case.game, f"{group}{case.kind}")]
        row[0] += 1
        if not report.answerable:
            row[1] += 1
            failures.append(f"{case.label}: {'; '.join(p.message() for p in report.problems)}")

    for game in VARIANTS:
        for kind in kind_names("F7S"):
            for case in generated(kind, game, count=args.seeds):
                run("", case)
        for case, _step in walk_steps(game, count=args.walk_seeds):
            run("walk ", case)
    for case in examples():
        run("example ", case)
    for variant, kinds in FOCUSES.items():  # hold'em, Flush Code Hack, ten-card stud
        for kind in kinds:
            for case in other_generated(variant, kind, count=args.seeds):
                run("", case)
    for case in other_examples():
        run("example ", case)
    seconds = time.process_time() - start
    print(f"{'game':6s} {'kind':24s} {'checks':>7s} {'unanswerable':>13s}")
    for (game, kind), (checked, bad) in sorted(counts.items()):
        print(f"{game:6s} {kind:24s} {checked:7d} {bad:13d}")
    total = sum(c for c, _ in counts.values())
    print(f"{total} checks, {len(failures)} unanswerable")
    print(f"{seconds:.1f} s CPU")
    for line in failures[:20]:
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
