"""Builders for small scenario documents in tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.solve import solve
from games.stud.scenario import apply_phh_action, scenario_from_dict


def doc(
    actions: Sequence[str],
    *,
    variant: str = "F7S",
    stacks: Sequence[int] | None = None,
    players: int | None = None,
    ante: int = 100,
    kind: str = "next_action",
    ruleset: str = "tda-2024",
    rules: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    dealt = [int(a.split()[2][1:]) for a in actions if a.startswith("d dh")]
    count = players or (len(stacks) if stacks else max(dealt))
    out: dict[str, Any] = {
        "variant": variant,
        "antes": [ante] * count,
        "bring_in": 200,
        "small_bet": 500,
        "big_bet": 1000,
        "starting_stacks": list(stacks) if stacks else [10000] * count,
        "actions": list(actions),
        "_ruleset": ruleset,
        "_question": {"kind": kind},
    }
    if rules:
        out["_rules"] = rules
    out.update(extra)
    return out


def deal(*holes: str) -> list[str]:
    """3rd-street deals: ``deal("AsKs9h", "2c3c4c")``."""
    return [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]


def street(cards: Iterable[str | None]) -> list[str]:
    """One card to each listed player (``None`` skips a folded player)."""
    return [f"d dh p{i + 1} {c}" for i, c in enumerate(cards) if c]


def answer(document: dict[str, Any]) -> dict[str, Any]:
    result = solve(document)
    assert set(result) == {"kind", "answer", "explanation", "rules"}, result
    return result["answer"]


def state_of(document: dict[str, Any]):  # type: ignore[no-untyped-def]
    return scenario_from_dict(document).replay().state


def checked_down(
    variant: str, hands: Sequence[str], *, stacks: Sequence[int] | None = None, **kw: Any
) -> dict[str, Any]:
    """A hand where each player is dealt the given 7 cards (3 + 4 + down) and every betting
    decision is the bring-in, a call or a check. The turn order comes from the state."""
    stacks = stacks or [10000] * len(hands)
    base = doc([], variant=variant, stacks=stacks, players=len(hands), kind="award", **kw)
    scenario = scenario_from_dict(base)
    state = scenario.new_state()
    actions: list[str] = []

    def act(text: str) -> None:
        apply_phh_action(state, text)
        actions.append(text)

    for card_index in range(5):
        if state.phase == "deal":
            for i, cards in enumerate(hands):
                if not state.folded[i]:
                    if card_index == 0:
                        act(f"d dh p{i + 1} {cards[:6]}")
                    else:
                        act(f"d dh p{i + 1} {cards[4 + 2 * card_index : 6 + 2 * card_index]}")
        while state.phase == "bet":
            player = state.actor
            verb = "pb" if state.forced == "bring_in" else "cc"
            act(f"p{player + 1} {verb}")
    base["actions"] = actions
    return base
