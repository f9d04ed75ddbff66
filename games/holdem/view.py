"""The hold'em table as a dealer standing at it sees it (docs/scenario-format-extensions.md 4.1).

Every seat's stack behind, the chips in front of it this street, what it has put in over the
hand, the ante and blind it posted, the button and the blinds, the board, the hands tabled and
the whole hand's action street by street. Never the answer of the scenario's own question: no
player to act and no options, a ``phase`` that never says whether a betting round is over, no
pot for a ``pots`` question and never the uncalled chips going back (``pots`` and ``award``
ask for them).
"""

from __future__ import annotations

from typing import Any

from games.holdem.document import HoldemScenario, positions
from games.holdem.hand import STREETS, HoldemHand

__all__ = ["holdem_table_view", "table_view"]

# Kinds asked while the betting goes on: the view must not tell whether the round is over.
BETTING_KINDS = ("next_action", "min_raise", "round_over")


def _posts(scenario: HoldemScenario, hand: HoldemHand) -> tuple[list[int], list[int]]:
    """The ante and the blind (or straddle) each player actually posted: short stacks post
    what they have, all-in (002 section 2)."""
    table = hand.table
    antes, blinds = [], []
    for k, start in enumerate(scenario.starting_stacks):
        ante = min(table.posted(table.antes, k), start)
        antes.append(ante)
        blinds.append(min(table.posted(table.blinds_or_straddles, k), start - ante))
    return antes, blinds


def _history(scenario: HoldemScenario, antes: list[int], blinds: list[int]) -> list[dict[str, Any]]:
    """The whole hand in order: the posts, every action with the street total it reached
    (``to``) and the chips it put in (``added``), the board cards and the hands tabled."""
    seat = scenario.seat
    hand = HoldemHand(table=scenario.table())
    out: list[dict[str, Any]] = []
    posts = [("post_ante", k, ante, ante) for k, ante in enumerate(antes)]
    posts += [("post_blind", k, blind, antes[k] + blind) for k, blind in enumerate(blinds)]
    for action, k, amount, spent in posts:
        if amount:
            post: dict[str, Any] = {"street": "preflop", "seat": seat(k + 1), "action": action}
            post["amount"] = amount
            if action == "post_blind":
                post["to"] = amount
            post.update(added=amount, all_in=spent == scenario.starting_stacks[k])
            out.append(post)
    for text in scenario.actions:
        street = hand.street
        before = list(hand.committed)
        record = hand.act(text)
        if record.kind == "deal_hole":
            continue
        if record.kind == "deal_board":
            out.append(
                {
                    "street": STREETS[hand.street],
                    "seat": None,
                    "action": "board",
                    "cards": [str(c) for c in record.cards],
                }
            )
            continue
        assert record.player is not None
        entry: dict[str, Any] = {
            "street": STREETS[street],
            "seat": seat(record.player),
            "action": record.kind,
        }
        if record.kind == "show":
            entry["cards"] = [str(c) for c in record.cards]
        elif record.kind != "muck":
            i = record.player - 1
            entry["amount"] = record.amount
            entry["to"] = hand.bets[i]
            entry["added"] = hand.committed[i] - before[i]
            entry["all_in"] = record.all_in
        out.append(entry)
    return out


def holdem_table_view(scenario: HoldemScenario) -> dict[str, Any]:
    """The table at the decision point (see the module docstring).

    Seats come in PHH order, p1 (the first seat to the button's left) first. Hole cards are
    counted, and shown only once tabled (``pK sm``); a mucked or folded hand is never face up.
    """
    replay = scenario.replay()
    hand = replay.hand
    kind = scenario.kind
    pos = positions(scenario)
    antes, blinds = _posts(scenario, hand)
    table = hand.table
    seats = []
    for i in range(hand.player_count):
        nominal_ante = table.posted(table.antes, i)
        nominal_blind = table.posted(table.blinds_or_straddles, i)
        entry: dict[str, Any] = {
            "seat": scenario.seat(i + 1),
            "player": f"p{i + 1}",
            "position": pos.get(i + 1),
            "stack": hand.stacks[i],
            "bet": hand.bets[i],
            "committed": hand.committed[i],
            "ante": antes[i],
            "short_ante": antes[i] < nominal_ante,
            "blind": blinds[i],
            "short_blind": blinds[i] < nominal_blind,
            "folded": hand.folded[i],
            "all_in": not hand.folded[i] and hand.stacks[i] == 0 and hand.hole[i] is not None,
            "hole_cards": 2 if hand.hole[i] is not None else 0,
        }
        if i in hand.showed:
            entry["shown"] = [str(c) for c in hand.showed[i]]
        if i in hand.mucked:
            entry["mucked"] = True
        seats.append(entry)
    # Whether the round is over is the question (or decides it) for the betting kinds: one
    # player left is plain from the folds, anything else is "betting" until the showdown.
    betting_phase = "over" if len(hand.contenders()) == 1 else "betting"
    phase = betting_phase if kind in BETTING_KINDS else hand.phase
    view: dict[str, Any] = {
        "kind": kind,
        "variant": "NT",
        "street": hand.street_name,
        "phase": phase,
        "seats": seats,
        "seat_count": scenario.seat_count,
        "button": scenario.seat(hand.player_count),
        "board": [str(c) for c in hand.board],
        "structure": {
            "antes": list(scenario.antes),
            "blinds_or_straddles": list(scenario.blinds_or_straddles),
            "min_bet": scenario.min_bet,
            "min_chip": scenario.chip,
        },
        "history": _history(scenario, antes, blinds),
    }
    if kind != "pots":
        total = sum(hand.committed)
        view["pot"] = {"total": total, "collected": total - sum(hand.bets)}
    return view


# How the engine reaches this game's view (``games.registry.part``).
table_view = holdem_table_view
