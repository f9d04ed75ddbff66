"""Irregularities (scenario-format section 5) and the floor's rulings.

Applying an event gives a :class:`Ruling` and changes the hand as the ruling says: a dead
hand or a binding fold is out, an exposed 3rd-street downcard becomes the upcard, an
absent player's hand is killed after the deal, a misdeal ends the hand.

The dealer's errors of :data:`DEALER_ERRORS` (a card to the wrong seat, a skipped seat, a
card to a folded hand, a wrong bring-in called, a pot pushed to the wrong player, and a
player's action out of turn) are corrected by their remedy: the hand then goes on as it
was before the error (a binding fold out of turn excepted, which takes the hand out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.errors import EngineError
from games.stud.events_dealer import DEALER_HANDLERS
from games.stud.irregularity import Event, Ruling

if TYPE_CHECKING:
    from games.stud.state import StudState

__all__ = [
    "DEALER_ERRORS",
    "DEALER_REMEDIES",
    "EVENT_TYPES",
    "OUT_OF_TURN_ACTIONS",
    "RULING_CODES",
    "Event",
    "Ruling",
    "apply_event",
    "substantial_action",
]

EVENT_TYPES: dict[str, tuple[str, ...]] = {
    # type: extra keys it requires
    "picks_up_upcards": (),
    "exposes_own_downcard": (),
    "folds_not_facing_bet": (),
    "downcard_exposed_by_dealer": ("card", "street"),
    "premature_card": ("street",),
    "absent_at_deal": (),
    "wrong_card_count": ("count",),
    "boxed_cards": ("count",),
    "card_to_wrong_seat": ("street",),
    "seat_skipped": ("street",),
    "card_to_folded_hand": ("street",),
    "action_out_of_turn": ("action",),
    "wrong_bring_in_called": (),
    "wrong_pot_pushed": (),
}
SEAT_OPTIONAL = ("premature_card", "boxed_cards")
# The actions a player can take out of turn (TDA 2024 Rule 53).
OUT_OF_TURN_ACTIONS = ("check", "call", "bet", "raise", "fold")

RULING_CODES = (
    "dead_hand",
    "binding_fold",
    "live_hand",
    "becomes_upcard",
    "replace_card",
    "card_plays",
    "reshuffle_no_burn",
    "kill_hand",
    "misdeal",
    "correct_deal",
    "back_up_action",
    "back_up_no_raise",
    "correct_bring_in",
    "retrieve_pot",
)

# The errors a dealer must catch at the table and the remedies they are fixed with (the
# ``dealer_error`` question): what the dealer did wrong, or what a player did that the dealer
# must stop, and the remedy the house rules require.
DEALER_ERRORS = (
    "downcard_exposed_by_dealer",
    "premature_card",
    "card_to_wrong_seat",
    "seat_skipped",
    "card_to_folded_hand",
    "action_out_of_turn",
    "wrong_bring_in_called",
    "wrong_pot_pushed",
)
DEALER_REMEDIES = (
    "misdeal",
    "becomes_upcard",
    "replace_card",
    "card_plays",
    "reshuffle_no_burn",
    "correct_deal",
    "back_up_action",
    "back_up_no_raise",
    "binding_fold",
    "correct_bring_in",
    "retrieve_pot",
)


def substantial_action(state: StudState) -> bool:
    """TDA 2024 Rule 36: any 2 actions in turn with chips put in by one, or any 3 actions.

    The forced bring-in is not counted (like a posted blind); opening for the bring-in under
    RP-10 E is a voluntary action and counts.
    """
    return state.voluntary_actions >= 3 or (state.voluntary_actions >= 2 and state.chip_actions >= 1)


def _faces_action(state: StudState, player: int) -> bool:
    """A bet is pending for the player in the current betting round (TDA 2024 Rule 66)."""
    return (
        state.phase == "bet"
        and player in state.queue
        and state.stacks[player] > 0
        and state.target > state.bets[player]
    )


def _fail(event: Event, code: str, message: str, **params: Any) -> EngineError:
    return EngineError(code, message, params={"type": event.type, **params})


def apply_event(state: StudState, event: Event) -> Ruling:
    """Rule on ``event`` and change ``state`` accordingly."""
    if state.phase == "misdeal":
        raise _fail(event, "hand_misdealt", "the hand was already declared a misdeal")
    player = state.player_of_seat(event.seat) if event.seat is not None else None
    any_seat = (
        "wrong_card_count",
        "boxed_cards",
        "premature_card",
        "card_to_folded_hand",
        "wrong_pot_pushed",
    )
    if player is not None and state.folded[player] and event.type not in any_seat:
        raise _fail(
            event, "event_player_not_in_hand", f"seat {event.seat} is not in the hand", seat=event.seat
        )
    handler = _HANDLERS[event.type]
    return handler(state, event, player)


def _picks_up(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    facing = _faces_action(state, player)
    state.kill_hand(player)
    if facing:
        return Ruling("dead_hand", event.seat, event, ("TDA 2024 Rule 66",), {"facing": True})
    return Ruling(
        "binding_fold", event.seat, event, ("TDA 2024 Rule 66", "TDA 2024 Rule 58"), {"facing": False}
    )


def _exposes_own(state: StudState, event: Event, player: int | None) -> Ruling:
    return Ruling("live_hand", event.seat, event, ("TDA 2024 Rule 68",), {})


def _folds_not_facing(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    if _faces_action(state, player) and state.actor == player:
        raise _fail(
            event,
            "event_player_faces_bet",
            f"seat {event.seat} faces a bet: a fold in turn is the action 'p{player + 1} f'",
            seat=event.seat,
        )
    in_turn = state.actor == player
    state.kill_hand(player)
    return Ruling("binding_fold", event.seat, event, ("TDA 2024 Rule 58",), {"in_turn": in_turn})


def _dealer_exposes(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    assert event.card is not None
    card = event.card
    if event.street == 3:
        if state.street != 3 or state.round_actions or card not in state.downs[player]:
            raise _fail(
                event,
                "event_card_not_downcard",
                f"{card} is not a 3rd-street downcard of seat {event.seat} before the betting",
                seat=event.seat,
                card=str(card),
            )
        # TDA 2024 RP-10 A: the exposed card is the upcard, 3rd street is dealt down.
        old_door = state.ups[player][0]
        state.downs[player] = [c for c in state.downs[player] if c != card] + [old_door]
        state.ups[player] = [card]
        state._restart_round_if_untouched()
        return Ruling(
            "becomes_upcard",
            event.seat,
            event,
            ("TDA 2024 RP-10 A",),
            {"card": card, "old_door": old_door},
        )
    if state.street != 7 or len(state.downs[player]) != 3 or state.downs[player][-1] != card:
        raise _fail(
            event,
            "event_card_not_downcard",
            f"{card} is not the 7th-street card of seat {event.seat}",
            seat=event.seat,
            card=str(card),
        )
    if state.phase == "bet" and state.round_actions:
        raise _fail(event, "event_out_of_place", "the 7th-street card was exposed after the betting began")
    remains = state.betting_possible
    if remains:
        # TDA 2024 RP-10 B: replaced if betting action remains on the hand.
        state.downs[player].pop()
        state.dead_cards.append(card)
        if state.phase == "bet":
            if state.rounds_held and state.rounds_held[-1] == 7:
                state.rounds_held.pop()
                state.first_actor.pop(7, None)
            state.queue = []
            state.phase = "deal"
            state.to_deal = [player]
        else:
            state.to_deal.insert(0, player)
        return Ruling("replace_card", event.seat, event, ("TDA 2024 RP-10 B",), {"card": card})
    state.downs[player].pop()
    state.ups[player].append(card)
    return Ruling(
        "card_plays",
        event.seat,
        event,
        ("TDA 2024 RP-10 B", "Practice: exposed 7th card with no action left"),
        {"card": card},
    )


def _premature(state: StudState, event: Event, player: int | None) -> Ruling:
    return Ruling(
        "reshuffle_no_burn",
        None,
        event,
        ("TDA 2024 RP-5 D", "TDA 2024 Rule 39-D"),
        {"street": event.street},
    )


def _absent(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    if state.street != 3 or state.round_actions:
        raise _fail(
            event,
            "event_out_of_place",
            "absent_at_deal is ruled on the initial deal, before any 3rd-street action (TDA 2024 Rule 30)",
        )
    state.absent[player] = True
    if state.phase == "bet":
        state._restart_round_if_untouched()
    holder = state.bring_in_index if state.phase == "bet" and state.ups[player] else None
    return Ruling(
        "kill_hand",
        event.seat,
        event,
        ("TDA 2024 Rule 30", "TDA 2024 RP-10 C"),
        {"posts_bring_in": holder == player},
    )


def _wrong_count(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    if state.street == 3 and not substantial_action(state):
        state.phase = "misdeal"
        state.queue = []
        return Ruling(
            "misdeal", None, event, ("TDA 2024 Rule 35-A", "TDA 2024 Rule 36"), {"count": event.count}
        )
    if not state.folded[player]:
        state.kill_hand(player)
    return Ruling(
        "dead_hand", event.seat, event, ("TDA 2024 Rule 35-D", "TDA 2024 Rule 36"), {"count": event.count}
    )


def _boxed(state: StudState, event: Event, player: int | None) -> Ruling:
    assert event.count is not None
    if event.count >= 2 and state.street == 3 and not substantial_action(state):
        state.phase = "misdeal"
        state.queue = []
        return Ruling("misdeal", None, event, ("TDA 2024 Rule 35-A",), {"count": event.count})
    return Ruling("replace_card", event.seat, event, ("TDA 2024 Rule 35-A",), {"count": event.count})


_HANDLERS = {
    **DEALER_HANDLERS,
    "picks_up_upcards": _picks_up,
    "exposes_own_downcard": _exposes_own,
    "folds_not_facing_bet": _folds_not_facing,
    "downcard_exposed_by_dealer": _dealer_exposes,
    "premature_card": _premature,
    "absent_at_deal": _absent,
    "wrong_card_count": _wrong_count,
    "boxed_cards": _boxed,
}
