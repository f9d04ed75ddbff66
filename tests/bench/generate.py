"""Benchmark of scenario generation and hand walks: ``python -m tests.bench.generate [--seeds N]``.

Drills generate a scenario for each question and a hand walk for each walk, so both must
be quick. Prints the mean and the slowest time per document for every kind with each of
its focuses, the unfocused generator of the same kind beside it (the reference: what
drills generated before focuses existed), then walks per game and table size. Every
document is generated for each game the focus applies to and both rulesets. Figures only:
nothing here asserts on wall time. Target: a focused document under 20 ms on average.

``--issue`` times instead what the engine does for each question the drills issue: generate,
load, solve and draw the table, in CPU milliseconds per question (``time.process_time``), the
reference sequence (``solve`` and ``table_view`` called one after the other, each replaying
the hand) beside the one the drills use (``solve_and_view``, one replay), seed by seed in the
same run, and checks that both give the same answers and tables (exit status 1 if not).
``--old-only`` times the reference sequence alone, for an engine without ``solve_and_view``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from games.api import generate as api_generate
from games.api import kind_names, load, solve, table_view
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


# The questions issued, as the drills pick them: (game, kind, focus).
ISSUED = (
    ("F7S", "next_action", "options"),
    ("F7S", "next_action", "first_to_act"),
    ("F7S", "next_action", None),
    ("F7S", "pots", "side_pots"),
    ("F7S", "award", None),
    ("F7S", "ruling", None),
)


def _reference(game: str, kind: str, focus: str | None, seed: str) -> tuple[Any, ...]:
    document = api_generate(game=game, kind=kind, seed=seed, focus=focus)
    scenario = load(document)
    return document, solve(scenario), table_view(scenario)


def _issued(game: str, kind: str, focus: str | None, seed: str) -> tuple[Any, ...]:
    from games.api import solve_and_view

    document = api_generate(game=game, kind=kind, seed=seed, focus=focus)
    return (document, *solve_and_view(load(document)))


def issue(seeds: int, *, old_only: bool) -> int:
    """CPU per question issued, the reference sequence beside the drills' one; 1 on a difference."""
    for game, kind, focus in ISSUED:  # warm up imports, tables and caches
        for seed in range(5):
            _reference(game, kind, focus, f"warm-{seed}")
            if not old_only:
                _issued(game, kind, focus, f"warm-{seed}")
    print(
        f"issuing a question: CPU milliseconds per question over {seeds} seeds (generate, load, solve, table)"
    )
    print(f"  {'game / kind / focus':34s} {'reference':>10s} {'one replay':>10s} {'ratio':>6s}")
    differences = 0
    totals = [0.0, 0.0]
    for game, kind, focus in ISSUED:
        spent = [0.0, 0.0]
        for n in range(seeds):
            seed = f"bench-{n}"
            # Alternate which goes first, so that neither always runs on a warmer cache.
            order = ((0, _reference), (1, _issued)) if n % 2 == 0 else ((1, _issued), (0, _reference))
            results: dict[int, tuple[Any, ...]] = {}
            for side, run in order:
                if old_only and side == 1:
                    continue
                start = time.process_time()
                results[side] = run(game, kind, focus, seed)
                spent[side] += time.process_time() - start
            if not old_only and results[0] != results[1]:
                differences += 1
                print(f"  DIFFERENT: {game} {kind} {focus} seed {seed}", file=sys.stderr)
        totals[0] += spent[0]
        totals[1] += spent[1]
        label = f"{game} / {kind} / {focus or '-'}"
        print(_issue_row(label, spent, seeds, old_only))
    print(_issue_row("every question above", totals, seeds * len(ISSUED), old_only))
    if differences:
        print(f"{differences} question(s) differ between the two sequences", file=sys.stderr)
        return 1
    return 0


def _issue_row(label: str, spent: list[float], count: int, old_only: bool) -> str:
    old, new = (x * 1000 / count for x in spent)
    if old_only:
        return f"  {label:34s} {old:10.3f} {'-':>10s} {'-':>6s}"
    return f"  {label:34s} {old:10.3f} {new:10.3f} {old / new:6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--seeds", type=int, default=None, help="documents per game and ruleset (40; --issue: 300)"
    )
    parser.add_argument("--issue", action="store_true", help="time issuing questions instead")
    parser.add_argument("--old-only", action="store_true", help="with --issue: the reference sequence only")
    args = parser.parse_args()
    if args.issue:
        sys.exit(issue(args.seeds or 300, old_only=args.old_only))
    seeds = args.seeds or 40
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
