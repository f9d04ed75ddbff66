"""How short-stacked the unfocused generators' tables are: ``python -m tests.bench.stacks [--seeds N]``.

For each unfocused kind whose answer depends on stacks (pots, award, showdown_first,
next_action) and each game, prints the share of tables with 0, 1, 2 and 3 or more players
all-in at the question, and for showdown_first the mix of cases: plain Rule 17-A (nobody
all-in; a 7th-street bet or checked around), one player all-in (RP-10 B), several all-in.
Figures only; ``tests/games/test_generate_mix.py`` holds the bounds.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from games.stud.generate import generate
from games.stud.scenario import scenario_from_dict

KINDS = ("pots", "award", "showdown_first", "next_action")
VARIANTS = ("F7S", "FR", "F7S/8")


def all_in_count(document: dict[str, Any]) -> int:
    """Players all-in at the question (live, no chips left); for an award, by the showdown."""
    state = scenario_from_dict(document).replay().state
    return sum(
        1 for i in range(state.count) if state.committed[i] and state.stacks[i] == 0 and not state.folded[i]
    )


def showdown_case(document: dict[str, Any]) -> str:
    state = scenario_from_dict(document).replay().state
    all_in = sum(1 for i in state.live_players() if state.stacks[i] == 0)
    if all_in >= 2:
        return "multi-way all-in"
    if all_in == 1:
        return "one all-in"
    bets = any(r.kind in ("bet", "raise") for r in state.street_actions.get(7, []))
    return "17-A: last aggressor" if bets else "17-A: checked around"


def bucket(count: int) -> str:
    return "3+" if count >= 3 else str(count)


def mix(kind: str, variant: str, seeds: int) -> Counter[str]:
    return Counter(bucket(all_in_count(generate(kind=kind, variant=variant, seed=s))) for s in range(seeds))


def showdown_mix(variant: str, seeds: int) -> Counter[str]:
    return Counter(
        showdown_case(generate(kind="showdown_first", variant=variant, seed=s)) for s in range(seeds)
    )


def _shares(counts: Counter[str], keys: tuple[str, ...]) -> str:
    total = sum(counts.values())
    return "  ".join(f"{k}: {100 * counts[k] / total:5.1f} %" for k in keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000)
    args = parser.parse_args()
    print(f"players all-in at the question, {args.seeds} seeds per game (tda-2024)")
    for kind in KINDS:
        for variant in VARIANTS:
            print(
                f"  {kind:15s} {variant:5s} {_shares(mix(kind, variant, args.seeds), ('0', '1', '2', '3+'))}"
            )
    print("showdown_first cases")
    cases = ("17-A: last aggressor", "17-A: checked around", "one all-in", "multi-way all-in")
    for variant in VARIANTS:
        print(f"  {variant:5s} {_shares(showdown_mix(variant, args.seeds), cases)}")


if __name__ == "__main__":
    main()
