"""Dealer errors injected into a hand: what can go wrong at a decision point, and one of it.

The live table stops a hand now and then on an error the trainee must catch: a card to the
wrong seat, a skipped seat, a card to a folded hand, a premature card, an exposed downcard, a
wrong bring-in called, a pot pushed to the wrong player, or a player acting out of turn. The
trainee names the error and the remedy the house rules require (the ``dealer_error`` question,
:mod:`games.stud.kinds.dealer_error`); the engine rules on both (:mod:`games.stud.events`).

:func:`possible_errors` lists the errors that can happen where a scenario document stands (a
wrong bring-in only at the bring-in, a card to a folded hand only once someone folded, a pot
pushed wrongly only at the award); :func:`inject_error` adds one of them, chosen with the
given random source, to a copy of the document and asks ``dealer_error`` about it.

>>> import random
>>> from games.stud.walk import walk
>>> step = next(s for s in walk(variant="F7S", seed=1) if s.stage == "bring_in")
>>> doc = inject_error(step.document, random.Random(3), stage="bring_in")
>>> doc["_events"][-1]["type"], doc["_question"]
('wrong_bring_in_called', {'kind': 'dealer_error'})
>>> from games.solve import solve
>>> solve(doc)["answer"]["remedy"]
'correct_bring_in'
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from games.core.errors import EngineError
from games.stud.events import DEALER_ERRORS
from games.stud.events_dealer import faces_bet

__all__ = ["GOES_ON", "STAGE_ERRORS", "error_facts", "error_of_facts", "inject_error", "possible_errors"]

# The errors a hand walk's stage can stop on (games.stud.walk): the deal of 3rd street, the
# bring-in, a betting action, the deal of 4th to 7th street, the award.
STAGE_ERRORS: dict[str, tuple[str, ...]] = {
    "antes": ("card_to_wrong_seat", "seat_skipped", "downcard_exposed_by_dealer"),
    "bring_in": ("wrong_bring_in_called",),
    "action": ("action_out_of_turn", "premature_card"),
    "first_to_act": (
        "card_to_wrong_seat",
        "seat_skipped",
        "card_to_folded_hand",
        "downcard_exposed_by_dealer",
    ),
    "award": ("wrong_pot_pushed",),
}

# The remedies after which the hand goes on exactly as it was dealt and played: a card put
# back in its seat, an action backed up, a bring-in called again, a pot pushed again, a
# premature card reshuffled into the stub, an exposed 7th-street card replaced.
GOES_ON = (
    "correct_deal",
    "back_up_action",
    "back_up_no_raise",
    "correct_bring_in",
    "retrieve_pot",
    "reshuffle_no_burn",
    "replace_card",
)


def possible_errors(document: Mapping[str, Any], stage: str | None = None) -> list[dict[str, Any]]:
    """The error events (scenario-format section 5) that can happen where ``document`` stands,
    right after its last action; with ``stage``, only those :data:`STAGE_ERRORS` lists for it."""
    from games.stud.scenario import load_stud_scenario

    scenario = load_stud_scenario(dict(document))
    state = scenario.replay().state
    after = len(scenario.actions) - 1
    allowed = STAGE_ERRORS.get(stage, ()) if stage is not None else DEALER_ERRORS
    seat = state.seat_of
    live = [i for i in range(state.count) if not state.folded[i]]
    out: list[dict[str, Any]] = []

    def add(kind: str, **keys: Any) -> None:
        if kind in allowed:
            out.append({"after": after, "type": kind, **keys})

    if after < 0 or state.phase == "misdeal":
        return out
    if state.phase in ("showdown", "over"):
        award = state.award()
        for i in range(state.count):
            if any(i not in pot.awards for pot in award.pots) and (state.phase == "over" or i in live):
                add("wrong_pot_pushed", seat=seat(i))
        return out
    if state.phase != "bet":
        return out
    street = state.street
    if state.round_actions == 0:  # the street's cards are just out
        if street <= 6:
            for i in live:
                add("card_to_wrong_seat", seat=seat(i), street=street)
                add("seat_skipped", seat=seat(i), street=street)
        if street == 3:
            for i in live:
                for card in state.downs[i]:
                    add("downcard_exposed_by_dealer", seat=seat(i), card=str(card), street=3)
            holder = state.bring_in_index
            if holder is not None:
                for i in live:
                    if i != holder:
                        add("wrong_bring_in_called", seat=seat(i))
        else:
            for i in range(state.count):
                if state.folded[i] and not state.absent[i]:
                    add("card_to_folded_hand", seat=seat(i), street=street)
        if street == 7:
            for i in live:
                if len(state.downs[i]) == 3:
                    add("downcard_exposed_by_dealer", seat=seat(i), card=str(state.downs[i][-1]), street=7)
    actor = state.actor
    if actor is None:
        return out
    for i in state.queue[1:]:
        if state.stacks[i] <= 0:
            continue
        facing = faces_bet(state, i)
        for action in ("call", "raise", "fold") if facing else ("check", "bet", "fold"):
            add("action_out_of_turn", seat=seat(i), action=action)
    if street < 7 and state.round_actions > 0:
        add("premature_card", street=street + 1)
    return out


def inject_error(
    document: Mapping[str, Any],
    rng: random.Random,
    *,
    stage: str | None = None,
    goes_on: bool = False,
) -> dict[str, Any] | None:
    """A copy of ``document`` with one error of :func:`possible_errors` added to ``_events``
    and the question ``dealer_error``; ``None`` when no error fits.

    The error's type is drawn first (each possible type equally likely), then the event. With
    ``goes_on`` only errors whose remedy (:data:`GOES_ON`) leaves the hand as it was are drawn,
    so that a hand walk can go on as dealt after the question. The same document and random
    state always give the same result.
    """
    from games.stud.scenario import load_stud_scenario
    from games.stud.solve import solve_stud

    candidates = possible_errors(document, stage)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for event in candidates:
        by_type.setdefault(event["type"], []).append(event)
    types = sorted(by_type)
    rng.shuffle(types)
    for kind in types:
        events = list(by_type[kind])
        rng.shuffle(events)
        for event in events[:6]:
            doc = copy.deepcopy(dict(document))
            doc["_events"] = [*doc.get("_events", []), event]
            doc["_question"] = {"kind": "dealer_error"}
            try:
                result = solve_stud(load_stud_scenario(doc))
            except EngineError:
                continue
            if goes_on and result.answer["remedy"] not in GOES_ON:
                continue
            return doc
    return None


# What the table shows of a deal error: the cards of that street the seat holds when the hand is
# stopped (a card to the wrong seat: the seat's own and the next seat's; a skipped seat: none; a
# folded hand: the one it should not have).
_HELD = {"card_to_wrong_seat": 2, "seat_skipped": 0, "card_to_folded_hand": 1}


def error_facts(event: Mapping[str, Any]) -> dict[str, Any]:
    """An error as the table shows it, without its name (the table view of a ``dealer_error``
    question): the seat, card, street and action it concerns, and for a deal error the cards
    of that street the seat holds (on 3rd street a card to the wrong seat leaves four).

    >>> error_facts({"type": "seat_skipped", "seat": 3, "street": 5})
    {'seat': 3, 'street': 5, 'held': 0}
    """
    facts = {k: v for k, v in event.items() if k not in ("type", "after")}
    kind = event.get("type")
    if kind in _HELD:
        held = _HELD[str(kind)]
        facts["held"] = held + 2 if held == 2 and event.get("street") == 3 else held
    return facts


def error_of_facts(facts: Mapping[str, Any], phase: str) -> str:
    """The error that a table showing ``facts`` (:func:`error_facts`) stopped on, as a trainee
    works it out: an action names a player acting out of turn, a card a downcard dealt face up,
    the cards held a deal error, a street alone a premature card; with none of these, a pot
    pushed at the showdown or a bring-in called before it."""
    if facts.get("action") is not None:
        return "action_out_of_turn"
    if facts.get("card") is not None:
        return "downcard_exposed_by_dealer"
    if facts.get("held") is not None:
        held = facts["held"]
        return "seat_skipped" if held == 0 else "card_to_folded_hand" if held == 1 else "card_to_wrong_seat"
    if facts.get("street") is not None:
        return "premature_card"
    return "wrong_pot_pushed" if phase == "showdown" else "wrong_bring_in_called"
