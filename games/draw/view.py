"""The Flush Code Hack table as the dealer sees it (docs/scenario-format-extensions.md 4.2).

Every player's points before the round, the entry fee paid, the points still behind, the
points bet in front this phase and over the round, the round's first player (who bets and
draws first), the whole round's action phase by phase (fees, bets, drops and how many cards
each player drew) and, at the showdown of a showdown question, the hands opened. Never the
answer: no player to act, a ``phase`` that never says whether a betting phase is over, no
winner, and for a ``round_result`` no pot and no points after the pot is pushed (the table is
drawn as the round ends, before the winner is paid).
"""

from __future__ import annotations

from typing import Any

from games.draw.document import PLAYERS, DrawRound, DrawScenario

__all__ = ["draw_table_view", "table_view"]

BET_PHASES = ("bet1", "bet2")
SHOWDOWN_KINDS = ("showdown_winner", "round_result")


def asked_phase(state: DrawRound) -> str | None:
    """The betting phase a ``phase_end`` question is about: the one running, or the one that
    has just ended with no draw made yet; None elsewhere."""
    if state.phase in BET_PHASES:
        return state.phase
    last = state.history[-1] if state.history else None
    if last is not None and last.phase in BET_PHASES and last.kind != "deal":
        return last.phase
    if state.phase in ("draw1", "draw2") and not any(r.phase == state.phase for r in state.history):
        return "bet1" if state.phase == "draw1" else "bet2"
    return None


def _history(scenario: DrawScenario) -> list[dict[str, Any]]:
    """The fees, then every bet (with ``to``, the phase total reached, and ``added``), drop and
    draw (the number of cards thrown) in order; the cards themselves stay hidden."""
    seat = scenario.seat
    state = scenario.new_round()
    fee = state.entry_fee
    out: list[dict[str, Any]] = [
        {"phase": "fee", "seat": seat(p), "action": "fee", "amount": fee, "added": fee} for p in state.in_game
    ]
    for text in scenario.actions:
        before = list(state.bets)
        record = state.act(text)
        if record.kind in ("deal", "replace"):
            continue
        assert record.player is not None
        p = record.player
        entry: dict[str, Any] = {"phase": record.phase, "seat": seat(p), "action": record.kind}
        if record.kind == "discard":
            entry["action"] = "draw"
            entry["count"] = record.amount
        elif record.kind != "drop":
            added = record.amount if record.kind in ("call", "check") else record.amount - before[p]
            entry.update(amount=record.amount, to=before[p] + added, added=added, all_in=record.all_in)
        out.append(entry)
    return out


def draw_table_view(scenario: DrawScenario) -> dict[str, Any]:
    """The table at the decision point (see the module docstring). Seats come from p1 clockwise;
    ``first`` is the seat of the round's first player (p1, or when p1 is out of the game the
    next player clockwise who paid the fee); ``round`` is None when the document does not say."""
    state = scenario.replay()
    kind = scenario.kind
    over = state.phase == "over"
    phase = asked_phase(state) if kind == "phase_end" else None
    if phase is None:
        phase = ("showdown" if state.showdown else "over") if over else state.phase
    betting = phase in BET_PHASES
    fee = state.entry_fee
    seats = []
    for p in range(1, PLAYERS + 1):
        paid = fee if p in state.in_game else 0
        behind = state.points[p - 1]
        if over and p == state.winner:
            behind -= state.pot  # drawn before the winner is paid
        before = scenario.starting_stacks[p - 1]
        entry: dict[str, Any] = {
            "seat": scenario.seat(p),
            "player": f"p{p}",
            "points_before": before,
            "in_game": p in state.in_game,
            "left_at_fee": p in state.eliminated_now,
            "fee": paid,
            "points": behind,
            "bet": state.bets[p] if betting else 0,
            "committed": before - behind if p in state.in_game else 0,
            "dropped": p in state.dropped,
            "all_in": p in state.in_round() and behind == 0,
            "cards": len(state.hands.get(p, ())),
        }
        if kind in SHOWDOWN_KINDS and state.showdown and p in state.order:
            entry["hand"] = [str(c) for c in state.hands[p]]
        seats.append(entry)
    view: dict[str, Any] = {
        "kind": kind,
        "variant": "FCH",
        "round": state.round_number,
        "phase": phase,
        "entry_fee": fee,
        "structure": {"entry_fee": fee, "min_chip": scenario.chip},
        "first": scenario.seat(state.first),
        "seats": seats,
        "seat_count": scenario.seat_count,
        "history": _history(scenario),
    }
    if kind != "round_result":
        in_front = sum(s["bet"] for s in seats)
        view["pot"] = {"total": state.pot, "collected": state.pot - in_front}
    return view


# How the engine reaches this game's view (``games.registry.part``).
table_view = draw_table_view
