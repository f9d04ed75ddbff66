"""Helpers for the tests of the other games: pokerkit replay, documents from whole-game play."""

from __future__ import annotations

import json
import warnings
from typing import Any


def pokerkit_phh(doc: dict[str, Any]) -> str:
    """The document without its ``_`` fields, as PHH TOML (JSON values are valid TOML here)."""
    return "\n".join(f"{key} = {json.dumps(value)}" for key, value in doc.items() if not key.startswith("_"))


def pokerkit_replay(doc: dict[str, Any]) -> Any:
    """Load the document in pokerkit's HandHistory and play every action; the last state."""
    from pokerkit import HandHistory

    history = HandHistory.loads(pokerkit_phh(doc))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own burn cards
        states = list(history)
    return states[-1]


def draw_rounds(game: Any, rng: Any, rounds: int, act: Any = None) -> list[dict[str, Any]]:
    """Play ``rounds`` rounds of a :class:`games.draw.game.DrawGame` and write each as an FCH document
    (p1 = the round's first player), with what the game said happened under ``_game``.

    ``act(game, seat)`` makes each move (default: ``game.random_action(rng)``)."""
    from games.core.cards import format_cards

    out: list[dict[str, Any]] = []
    for _ in range(rounds):
        if game.phase == "game_over":
            break
        before = list(game.points)
        number = game.round + 1
        start = game.start_round()
        if game.phase == "game_over":
            break
        first = start.first

        def player(seat: int, first: int = first) -> int:
            return (seat - first) % 4 + 1

        def seat_of(player: int, first: int = first) -> int:
            return (player - 1 + first) % 4

        actions = [f"d dh p{player(s)} {format_cards(game.hands[s])}" for s in sorted(start.paid, key=player)]
        while game.phase not in ("between_rounds", "game_over"):
            seat = game.actor()
            assert seat is not None
            hand_before = list(game.hands[seat]) if game.phase in ("draw1", "draw2") else None
            record = act(game, seat) if act is not None else game.random_action(rng)
            kind = record.get("action")
            if kind == "draw":
                assert hand_before is not None
                # The last draw ends the round and clears the hands: the showdown still shows them.
                now = list(game.hands[seat]) if game.hands else list(game.results[-1].shown[seat])
                kept = [c for c in hand_before if c in now]
                thrown = [c for c in hand_before if c not in now]
                actions.append(f"p{player(seat)} sd {format_cards(thrown)}".rstrip())
                if thrown:
                    actions.append(f"d dh p{player(seat)} {format_cards(now[len(kept) :])}")
            elif kind in ("bet", "raise"):
                actions.append(f"p{player(seat)} cbr {record['to']}")
            elif kind in ("call", "check"):
                actions.append(f"p{player(seat)} cc")
            elif kind == "drop":
                actions.append(f"p{player(seat)} f")
        result = game.results[-1]
        points_before = [before[seat_of(k)] for k in range(1, 5)]
        doc = {
            "variant": "FCH",
            "entry_fee": 200,
            "round": number,
            "starting_stacks": points_before,
            "actions": actions,
            "_question": {"kind": "round_result"},
            "_game": {
                "winner": player(result.winner),
                "pot": result.pot,
                "points": {str(k): result.points[seat_of(k)] for k in range(1, 5)},
            },
        }
        out.append(doc)
    return out
