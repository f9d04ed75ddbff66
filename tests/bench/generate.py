"""Benchmark of scenario generation and hand walks: ``python -m tests.bench.generate [--seeds N]``.

Drills generate a scenario for each question and a hand walk for each walk, so both must
be quick. Prints the mean and the slowest time per document for every kind with each of
its focuses, the unfocused generator of the same kind beside it (the reference: what
drills generated before focuses existed), then walks per game and table size. Every
document is generated for each game the focus applies to and both rulesets. Figures only:
nothing here asserts on wall time. Target: a focused document under 20 ms on average.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from games.api import kind_names
from games.stud.generate import focuses, generate
from games.stud.rules import Variant
from games.stud.walk import walk

TARGET_MS = 20.0
RULESETS = ("tda-2024", "robert-cash")


def _times(make: Callable[[int], object], seeds: int) -> list[float]:
    out = []
    for seed in range(seeds):
        start = time.perf_counter()
        make(seed)
        out.append((time.perf_counter() - start) * 1000)
    return out


def _row(label: str, times: list[float]) -> str:
    mean = sum(times) / len(times)
    return f"  {label:34s} {mean:8.2f} {max(times):8.2f} {len(times):6d}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=40, help="documents per game and ruleset")
    args = parser.parse_args()
    seeds = args.seeds
    for variant in Variant:  # warm up imports and tables
        generate(kind="award", variant=variant, seed=0, focus="odd_chips")
        walk(variant=variant, seed=0)

    print(f"generate(): milliseconds per document (target for a focused one: {TARGET_MS:.0f} ms on average)")
    print(f"  {'kind / focus':34s} {'mean':>8s} {'max':>8s} {'docs':>6s}")
    focused: list[float] = []
    for kind in kind_names("F7S"):
        for focus in (None, *focuses(kind)):
            times: list[float] = []
            for variant in Variant:
                if focus is not None and focus not in focuses(kind, variant):
                    continue
                for ruleset in RULESETS:
                    times += _times(
                        lambda seed, v=variant, r=ruleset, f=focus, k=kind: generate(
                            kind=k, variant=v, seed=seed, ruleset=r, focus=f
                        ),
                        seeds,
                    )
            if focus is not None:
                focused += times
            print(_row(f"{kind} / {focus or '(none: reference)'}", times))
    print(_row("every focused document", focused))
    print()
    print("walk(): milliseconds per hand walk (deal search, play, documents of every step)")
    print(f"  {'game / players':34s} {'mean':>8s} {'max':>8s} {'walks':>6s}")
    for variant in Variant:
        for players in (2, 4, 6, 8):
            times = _times(lambda seed, v=variant, n=players: walk(variant=v, seed=seed, players=n), seeds)
            print(_row(f"{variant.value} / {players}", times))


if __name__ == "__main__":
    main()
