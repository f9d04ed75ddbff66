"""Benchmark: ``python -m tests.bench.hand_play`` (figures printed, nothing asserted).

1. A whole random 7-player seven-card stud hand, created, played with random legal actions
   to the showdown and awarded: our engine beside pokerkit 0.7.7 with its automations
   (pokerkit deals, burns, shows, kills and pushes by itself), in the same run.
2. ``python -m games solve FILE`` as a process, for every shared example file, beside the
   bare interpreter start.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

from pokerkit import Automation, FixedLimitSevenCardStud, Mode

from games.stud.play import DEFAULT_STRUCTURE, Policy, pick, random_hand
from games.stud.rules import TDA_2024, Variant

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tests" / "games" / "examples"
PLAYERS = 7
STACK = 20_000
POLICY = Policy(fold=1, check=6, call=6, bet=2, raise_=2, complete=2, post_bring_in=5)
PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def ours(rng: random.Random) -> None:
    state = random_hand(
        rng,
        variant=Variant.STUD,
        players=PLAYERS,
        ruleset=TDA_2024,
        structure=DEFAULT_STRUCTURE,
        policy=POLICY,
    )
    state.settle()


def pokerkit_hand(rng: random.Random) -> None:
    s = DEFAULT_STRUCTURE
    state = FixedLimitSevenCardStud.create_state(
        PK_AUTOMATIONS, True, s.ante, s.bring_in, s.small_bet, s.big_bet, [STACK] * PLAYERS, PLAYERS,
        mode=Mode.TOURNAMENT,
    )  # fmt: skip
    while state.status:
        choices = []
        if state.can_post_bring_in():
            choices.append(("pb", POLICY.post_bring_in))
        if state.can_fold():
            choices.append(("f", POLICY.fold))
        if state.can_check_or_call():
            choices.append(("cc", POLICY.call))
        if state.can_complete_bet_or_raise_to():
            choices.append(("cbr", POLICY.raise_))
        if not choices:
            raise RuntimeError("pokerkit state waits for something the driver does not do")
        action = pick(rng, [c for c, _ in choices], [w for _, w in choices])  # the same picker as ours
        if action == "pb":
            state.post_bring_in()
        elif action == "f":
            state.fold()
        elif action == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to()


def per_hand(play, hands: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        play(rng)
    return (time.perf_counter() - start) / hands


def process_ms(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, cwd=REPO, capture_output=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"Random {PLAYERS}-player stud hand: created, played with random legal actions, awarded")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        per_hand(ours, 50, 1)
        per_hand(pokerkit_hand, 10, 1)
        mine = min(per_hand(ours, 1000, seed) for seed in (2, 3, 4))
        theirs = min(per_hand(pokerkit_hand, 150, seed) for seed in (2, 3, 4))
    print(f"  ours      {mine * 1e6:9.1f} µs per hand")
    print(f"  pokerkit  {theirs * 1e6:9.1f} µs per hand")
    print(f"  ratio     {theirs / mine:9.1f}x faster (target: at least 10x)")
    print()
    print("python -m games solve FILE, as a process (median of 7 runs, target: under 150 ms)")
    base = process_ms([sys.executable, "-c", "pass"], 7)
    print(f"  {'interpreter start (python -c pass)':52s} {base:6.1f} ms")
    for path in sorted(EXAMPLES.glob("*.json")):
        ms = process_ms([sys.executable, "-m", "games", "solve", str(path)], 7)
        print(f"  {path.name:52s} {ms:6.1f} ms")


if __name__ == "__main__":
    main()
