"""Benchmark of the hand evaluators: ``python -m tests.bench.evaluators [--hands N] [--seed S]``.

Prints evaluations per second for games.core.hands beside pokerkit 0.7.7 and treys 0.1.8 on the
same random seven-card hands, measured in one run, the ratios, and the import time of
games.core.hands in a fresh interpreter. Figures only: nothing here asserts on wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from games.core import hands
from games.core.cards import FULL_DECK, Card


def _rate(function: Callable[[Any], object], inputs: Sequence[Any], repeats: int) -> float:
    """Best-of-``repeats`` evaluations per second of ``function`` over ``inputs``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in inputs:
            function(item)
        best = min(best, time.perf_counter() - start)
    return len(inputs) / best


def _import_ms(statement: str, runs: int = 7) -> float:
    """Median milliseconds ``statement`` takes in a fresh interpreter."""
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    samples = [
        float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)
        for _ in range(runs)
    ]
    return 1000 * statistics.median(samples)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--hands", type=int, default=20_000, help="random 7-card hands; pokerkit runs a tenth"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    from pokerkit import Card as PokerkitCard
    from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand
    from treys import Card as TreysCard
    from treys import Evaluator

    rng = random.Random(args.seed)
    dealt: list[list[Card]] = [rng.sample(FULL_DECK, 7) for _ in range(args.hands)]
    # pokerkit is slow: it runs on the first tenth of the same hands.
    slow_part = dealt[: max(1, args.hands // 10)]
    pk_cards = [list(PokerkitCard.parse("".join(map(str, h)))) for h in slow_part]
    treys_cards = [[TreysCard.new(str(c)) for c in h] for h in dealt]
    evaluator = Evaluator()

    def treys_seven(cards: list[int]) -> int:
        return evaluator.evaluate(cards[:2], cards[2:])

    ours_high = _rate(hands.high_strength, dealt, args.repeats)
    pk_high = _rate(StandardHighHand.from_game, pk_cards, 1)
    rows = [
        ("high 7-card", ours_high, "pokerkit StandardHighHand.from_game", pk_high),
        (
            "high 7-card",
            ours_high,
            "treys Evaluator().evaluate",
            _rate(treys_seven, treys_cards, args.repeats),
        ),
        (
            "best_high (with cards)",
            _rate(hands.best_high, dealt, args.repeats),
            "pokerkit (as above)",
            pk_high,
        ),
        (
            "razz 7-card",
            _rate(hands.razz_strength, dealt, args.repeats),
            "pokerkit RegularLowHand.from_game",
            _rate(RegularLowHand.from_game, pk_cards, 1),
        ),
        (
            "eight-low 7-card",
            _rate(hands.eight_low_strength, dealt, args.repeats),
            "pokerkit EightOrBetterLowHand.from_game_or_none",
            _rate(EightOrBetterLowHand.from_game_or_none, pk_cards, 1),
        ),
    ]

    print(f"{args.hands:,} random 7-card hands (seed {args.seed}); pokerkit on the first {len(slow_part):,}")
    print(f"{'ours':<24}{'evals/s':>12}   {'reference':<48}{'evals/s':>12}{'ratio':>9}")
    for name, ours, reference, theirs in rows:
        print(f"{name:<24}{ours:>12,.0f}   {reference:<48}{theirs:>12,.0f}{ours / theirs:>8.1f}x")

    base = _import_ms("import games.core.cards")
    full = _import_ms("import games.core.hands")
    start = time.perf_counter()
    hands._build_top5(), hands._build_low5(), hands._eight_table()
    tables = 1000 * (time.perf_counter() - start)
    print(
        f"import games.core.hands in a fresh interpreter: {full:.1f} ms "
        f"(games.core.cards alone {base:.1f} ms; "
        f"hands adds {full - base:.1f} ms, of which building its tables {tables:.1f} ms and the rest "
        "the standard library's dataclasses and typing)"
    )


if __name__ == "__main__":
    main()
