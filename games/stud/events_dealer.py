"""The rulings on a dealer's errors at the table and on an action out of turn (section 5).

Each handler checks that the error can have happened where the hand stands, rules on it and
leaves the hand as the remedy leaves it: a card put back in its seat, an action backed up, a
bring-in called again and a pot pushed again leave the hand as it was; a misdeal ends it; a
fold out of turn is binding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.core.errors import EngineError
from games.stud.irregularity import Event, Ruling
from games.stud.rules import Variant

if TYPE_CHECKING:
    from games.stud.state import StudState

__all__ = ["DEALER_HANDLERS", "faces_bet"]

# No rulebook text retrieved decides these; the rules reference says so (citation texts).
_MOVE_BACK = "Practice: cards put back in their seats"
_BRING_IN_AGAIN = "Practice: a wrongly called bring-in is corrected"


def _ruling(code: str, seat: int | None, event: Event, rules: tuple[str, ...], **facts: Any) -> Ruling:
    return Ruling(code, seat, event, rules, facts)


def _fail(event: Event, code: str, message: str, **params: Any) -> EngineError:
    return EngineError(code, message, params={"type": event.type, **params})


def _dealing(state: StudState, event: Event) -> int:
    """The street whose cards are being dealt (or were just dealt, nobody having acted yet)."""
    street = event.street
    assert street is not None
    if state.street != street or state.round_actions or state.phase not in ("deal", "bet"):
        raise _fail(
            event,
            "event_out_of_place",
            f"a {event.type} event belongs to the deal of {street}th street, before anyone acts on it",
            street=street,
        )
    return street


def _wrong_seat(state: StudState, event: Event, player: int | None) -> Ruling:
    street = _dealing(state, event)
    if street == 3:
        # TDA 2024 Rule 35-A: a card to the wrong seat, a seat dealt out: misdeal (before SA,
        # which cannot have happened during the initial deal).
        state.phase = "misdeal"
        state.queue = []
        return _ruling("misdeal", None, event, ("TDA 2024 Rule 35-A",), street=street)
    # Later streets: the cards go to the seats they belong to, the deal goes on in order.
    return _ruling("correct_deal", event.seat, event, (_MOVE_BACK,), street=street)


def _folded_hand(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    street = _dealing(state, event)
    if street == 3 or not state.folded[player]:
        raise _fail(
            event,
            "event_out_of_place",
            f"seat {event.seat} has not folded: a card to a folded hand is dealt on 4th to 7th street",
            seat=event.seat,
        )
    # TDA 2024 RP-10 C: no card to a hand that is not live; the card goes to the next live seat.
    return _ruling("correct_deal", event.seat, event, ("TDA 2024 RP-10 C", _MOVE_BACK), street=street)


def faces_bet(state: StudState, player: int) -> bool:
    """A bet is pending for the player: more to call, or the forced opening still to come
    (before the bring-in, or with the low card all-in on the ante, TDA 2024 RP-10 E, nobody may
    check: each player calls, completes or folds)."""
    return state.forced is not None or state.target > state.bets[player]


def _out_of_turn(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    action = event.action
    if state.phase != "bet" or player not in state.queue[1:] or state.stacks[player] <= 0:
        raise _fail(
            event,
            "event_out_of_place",
            f"seat {event.seat} is not waiting to act in this betting round",
            seat=event.seat,
        )
    facing = faces_bet(state, player)
    if (action in ("call", "raise") and not facing) or (action in ("check", "bet") and facing):
        raise _fail(
            event,
            "event_out_of_place",
            f"seat {event.seat} cannot {action} here: {'a bet is' if facing else 'no bet is'} pending",
            seat=event.seat,
            action=action,
        )
    rrop = state.ruleset.out_of_turn == "rrop"
    book = ("RRoP Betting and Raising 11",) if rrop else ("TDA 2024 Rule 53",)
    if action == "fold":
        # TDA 2024 Rule 53-A: an out-of-turn fold is binding (also Rule 58).
        state.kill_hand(player)
        rules = book if rrop else ("TDA 2024 Rule 53", "TDA 2024 Rule 58")
        return _ruling("binding_fold", event.seat, event, rules, action=action, facing=facing)
    actor = state.actor
    first = state.seat_of(actor) if actor is not None else None
    if rrop and action in ("check", "call"):
        # RRoP Betting and Raising 11: a player who checked or called out of turn may not bet
        # or raise on the next turn to act.
        return _ruling("back_up_no_raise", event.seat, event, book, action=action, first=first)
    # TDA 2024 Rule 53-A: back up to the correct player; the action binds if the action to the
    # player does not change, otherwise it is returned and every option is open.
    return _ruling("back_up_action", event.seat, event, book, action=action, first=first)


def _wrong_bring_in(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    holder = state.bring_in_index
    if state.street != 3 or state.phase != "bet" or state.round_actions or holder is None:
        raise _fail(event, "event_out_of_place", "a bring-in is called before any 3rd-street action")
    if holder == player:
        raise _fail(
            event,
            "event_not_an_error",
            f"seat {event.seat} does bring in",
            seat=event.seat,
        )
    book = ("BARGE Razz",) if state.variant is Variant.RAZZ else ("RRoP 7CS-1", "BARGE Seven-Card Stud")
    door = state.door(holder)
    return _ruling(
        "correct_bring_in",
        state.seat_of(holder),
        event,
        (*book, _BRING_IN_AGAIN),
        named=event.seat,
        holder=state.seat_of(holder),
        door=door,
    )


def _wrong_pot(state: StudState, event: Event, player: int | None) -> Ruling:
    assert player is not None
    if state.phase not in ("showdown", "over"):
        raise _fail(event, "event_out_of_place", "a pot is pushed only when the hand is over")
    award = state.award()
    missed = [k for k, pot in enumerate(award.pots) if player not in pot.awards]
    if not missed:
        raise _fail(event, "event_not_an_error", f"seat {event.seat} wins every pot", seat=event.seat)
    pot = award.pots[missed[0]]
    winners = sorted(state.seat_of(i) for i in pot.awards)
    # TDA 2024 Rule 22: an error in awarding a pot may be corrected until substantial action on
    # the next hand.
    return _ruling(
        "retrieve_pot",
        event.seat,
        event,
        ("TDA 2024 Rule 22",),
        pot=missed[0],
        winners=winners,
        side=missed[0] > 0,
    )


DEALER_HANDLERS: dict[str, Callable[[StudState, Event, int | None], Ruling]] = {
    "card_to_wrong_seat": _wrong_seat,
    "seat_skipped": _wrong_seat,
    "card_to_folded_hand": _folded_hand,
    "action_out_of_turn": _out_of_turn,
    "wrong_bring_in_called": _wrong_bring_in,
    "wrong_pot_pushed": _wrong_pot,
}
