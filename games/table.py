"""What a dealer standing at the table sees and knows at the decision point (for the web app).

The view (version 2) holds everything a dealer at that table sees or has seen during the hand:
every seat's cards as they lie (an exposed downcard face up and marked, the number of cards a
seat really holds), the chips each player has put in over the hand and in front of them this
street, the posted antes (a short ante marked), chips returned, and the whole hand's history
street by street with the irregularities where they happened. It never contains the answer to
the scenario's own question: no player to act, no options, no bring-in marker, no stub count
for a ``stub`` question, no pots for a ``pots`` question (the amounts they are built from are on
the seats), only the total for ``award``, the table as it was just before the irregularity for a
``ruling`` question, and for ``next_action`` nothing that says whether the betting round is over.
Folded and mucked hands are never face up; downcards are shown only for hands tabled at the
showdown. :mod:`games.answerable` rebuilds a scenario from this view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import registry
from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.core.pots import layer_pots
from games.core.records import ActionRecord
from games.stud.events import Event
from games.stud.scenario import Scenario, load_scenario
from games.stud.state import StudState

__all__ = [
    "first_to_table",
    "legal_actions",
    "stud_table_view",
    "table_view",
    "view_stops_before_event",
    "view_street",
]

BETTING_KINDS = ("post_bring_in", "complete", "bet", "raise", "call", "check", "fold")


def _record_streets(state: StudState) -> list[int]:
    """The street of every record of ``state.history`` as drawn: a deal is on its own street,
    anything else on the street whose cards were dealt last (a hand tabled before the next
    street's cards, Rule 16, belongs to the street on the table)."""
    streets = [street for street, records in sorted(state.street_actions.items()) for _ in records]
    assert len(streets) == len(state.history)
    out = []
    last = 3
    for record, street in zip(state.history, streets, strict=True):
        if record.kind in ("deal_hole", "deal_community"):
            last = street
        out.append(last)
    return out


def view_street(state: StudState) -> int:
    """The street whose cards are on the table: the last street dealt (3 before any deal).

    Between the end of a betting round and the next street's first card it is the finished
    street, so a question asked there does not announce that the round is over.
    """
    streets = _record_streets(state)
    return streets[-1] if streets else 3


def _applied_events(scenario: Scenario, stop: int | None) -> list[Event]:
    """The events the replay applied, in the order it applied them."""
    order = sorted(range(len(scenario.events)), key=lambda j: (scenario.events[j].after, j))
    out = []
    for j in order:
        if j == stop:
            break
        out.append(scenario.events[j])
    return out


def _event_dict(event: Event) -> dict[str, Any]:
    return {k: v for k, v in event.to_dict().items() if k != "after"}


def _betting_entry(record: ActionRecord, street: int, seat: int, before: int) -> dict[str, Any]:
    # complete, bet and raise give the street total; bring-in and call the chips added
    to = record.amount if record.kind in ("complete", "bet", "raise") else before + record.amount
    return {
        "street": street,
        "seat": seat,
        "action": record.kind,
        "amount": record.amount,
        "to": to,
        "added": to - before,
        "all_in": record.all_in,
    }


def _history(state: StudState, events: list[Event], wrong_counts: Mapping[int, int]) -> list[dict[str, Any]]:
    """The whole hand in order: deals, actions, shows and the irregularities where they happened.

    ``wrong_counts`` maps a player to the number of cards by which the 3rd-street deal really
    differed from three (a ``wrong_card_count`` event).
    """
    out: list[dict[str, Any]] = []
    streets = _record_streets(state)
    pending = list(events)
    # TDA 2024 RP-10 A: a downcard the dealer exposed on the initial deal is the upcard and the
    # third card is dealt face down, so the deal shows the exposed card as the door.
    doors = {
        state.player_of_seat(e.seat): str(e.card)
        for e in events
        if e.type == "downcard_exposed_by_dealer"
        and e.street == 3
        and e.seat is not None
        and e.card is not None
    }
    bets: dict[int, int] = {}
    current = 3

    def flush(upto: int, street: int) -> None:
        while pending and pending[0].after <= upto:
            event = pending.pop(0)
            out.append({"street": street, "seat": event.seat, "action": "event", "event": _event_dict(event)})

    flush(-1, 3)
    for index, (record, street) in enumerate(zip(state.history, streets, strict=True)):
        if street != current:
            current, bets = street, {}
        player = record.player
        if record.kind == "deal_hole":
            assert player is not None
            entry: dict[str, Any] = {"street": street, "seat": state.seat_of(player), "action": "deal"}
            if street == 3:
                entry["downcards"] = max(0, 2 + wrong_counts.get(player, 0))
                entry["upcards"] = [doors.get(player, str(record.cards[2]))]
            elif street == 7:
                entry["downcards"] = 1
            else:
                entry["upcards"] = [str(c) for c in record.cards]
            out.append(entry)
        elif record.kind == "deal_community":
            out.append({"street": street, "seat": None, "action": "community", "card": str(record.cards[0])})
        elif record.kind == "show":
            assert player is not None
            out.append(
                {
                    "street": street,
                    "seat": state.seat_of(player),
                    "action": "show",
                    "cards": [str(c) for c in record.cards],
                }
            )
        elif record.kind == "muck":
            assert player is not None
            out.append({"street": street, "seat": state.seat_of(player), "action": "muck"})
        else:
            assert player is not None
            entry = _betting_entry(record, street, state.seat_of(player), bets.get(player, 0))
            bets[player] = entry["to"]
            out.append(entry)
        flush(index, street)
    return out


def _wrong_counts(state: StudState, events: list[Event], asked: Event | None) -> dict[int, int]:
    """Players whose 3rd-street deal was really short or long: player -> difference from 3."""
    out: dict[int, int] = {}
    for event in [*events, *([asked] if asked is not None else [])]:
        if event.type == "wrong_card_count" and event.seat is not None and event.count is not None:
            player = state.player_of_seat(event.seat)
            if len(state.ups[player]) + len(state.downs[player]) == 3:  # ruled on the initial deal
                out[player] = event.count - 3
    return out


def _exposures(state: StudState, events: list[Event], asked: Event | None) -> dict[int, list[str]]:
    """Cards each player had turned face up by an irregularity (to draw face up and marked)."""
    out: dict[int, list[str]] = {}
    for event in events:
        if event.type == "downcard_exposed_by_dealer" and event.seat is not None and event.card is not None:
            # TDA 2024 RP-10 A (3rd street: it is the upcard now) and RP-10 B (7th street: the card
            # plays face up, or it is replaced and lies dead).
            out.setdefault(state.player_of_seat(event.seat), []).append(str(event.card))
    if asked is not None and asked.seat is not None:
        player = state.player_of_seat(asked.seat)
        if asked.type == "downcard_exposed_by_dealer" and asked.card is not None:
            out.setdefault(player, []).append(str(asked.card))
        elif asked.type == "boxed_cards" and asked.count:
            # The boxed card(s) lie face up on the seat they were dealt to.
            boxed = state.downs[player][-asked.count :]
            out.setdefault(player, []).extend(str(c) for c in boxed)
    return out


def _tabled(state: StudState, shows: frozenset[str], reveal: bool | None) -> list[bool]:
    """The hands whose downcards are face up: tabled at the showdown (Rule 16 included).

    A folded or mucked hand is never face up.
    """
    live = [not state.folded[i] and not state.mucked[i] for i in range(state.count)]
    if reveal is False:
        return [False] * state.count
    showdown = (reveal is True or "downcards" in shows) and len(state.live_players()) >= 2
    return [live[i] and (state.shown[i] or showdown) for i in range(state.count)]


def _chips(
    state: StudState, shows: frozenset[str], street: int, history: list[dict[str, Any]]
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Stacks, chips committed, chips in front this street and chips returned, as drawn.

    The chips in front are each player's total for the street on the table, less what came
    back to them at its end. For a ``next_action`` question the uncalled chips going back at
    the end of this street's round are still in front of their owner: returning them is the
    dealer's act once the round is over, which is what the question asks.
    """
    stacks, committed, returned = list(state.stacks), list(state.committed), list(state.returned)
    bets = [0] * state.count
    for entry in history:
        if entry["street"] == street and entry["action"] in BETTING_KINDS:
            bets[state.player_of_seat(entry["seat"])] = entry["to"]
    for on, player, amount in state.returns:
        if on != street:
            continue
        if "round_open" in shows:
            stacks[player] -= amount
            committed[player] += amount
            returned[player] -= amount
        else:
            bets[player] = max(0, bets[player] - amount)
    return stacks, committed, bets, returned


def _phase(state: StudState, shows: frozenset[str]) -> str:
    if state.phase == "misdeal":
        return "misdeal"
    if "round_open" not in shows and state.phase in ("showdown", "over", "settled"):
        return "showdown"
    return "bet"  # while any street is in progress or just finished: never "round over"


def other_table_view(scenario: OtherScenario) -> dict[str, Any]:
    """The table view of a hold'em, Flush Code Hack or ten-card stud scenario: its game's own
    (``games.<family>.view``, found through the registry)."""
    view: dict[str, Any] = registry.part(scenario.variant_code, "view").table_view(scenario)
    return view


def table_view(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
    *,
    reveal_downcards: bool | None = None,
) -> dict[str, Any]:
    """A JSON-able picture of the table at the scenario's decision point (view version 2).

    Seats come in dealing order (the first seat to the dealer's left first). ``reveal_downcards``
    (default: the showdown questions) turns up every live hand at a showdown; folded and
    mucked hands stay face down whatever it says, and ``False`` shows no downcard at all. Hold'em,
    Flush Code Hack and ten-card stud have views of their own
    (docs/scenario-format-extensions.md); ``reveal_downcards`` does not apply to them.
    """
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    if isinstance(scenario, OtherScenario):
        return other_table_view(scenario)
    if view_stops_before_event(scenario):
        stop = len(scenario.events) - 1
        state = scenario.replay(stop_before_event=stop).state
        return _stud_view(scenario, state, stop, reveal_downcards)
    return _stud_view(scenario, scenario.replay().state, None, reveal_downcards)


def view_stops_before_event(scenario: Scenario) -> bool:
    """Whether the scenario's table is drawn just before its last event (a ruling asks about the
    irregularity as it happened), from a replay of its own; otherwise the view is drawn from the
    whole replay, the one the question is solved from."""
    return "before_event" in _declared(scenario)[0] and bool(scenario.events)


def _declared(scenario: Scenario) -> tuple[frozenset[str], frozenset[str]]:
    """What the question's kind needs drawn, and what it keeps off the table (games/stud/kinds)."""
    kind = scenario.kind
    declared = registry.kind(scenario.variant.value, kind) if kind is not None else None
    if declared is None:
        return frozenset(), frozenset()
    return frozenset(declared.shows), frozenset(declared.hides)


def stud_table_view(
    scenario: Scenario, state: StudState, *, reveal_downcards: bool | None = None
) -> dict[str, Any]:
    """:func:`table_view` of a stud scenario whose hand has been replayed whole into ``state``
    (not for one whose view stops before its last event: :func:`view_stops_before_event`).

    The view only reads the state, so the same replay may be solved afterwards."""
    return _stud_view(scenario, state, None, reveal_downcards)


def _stud_view(
    scenario: Scenario, state: StudState, stop: int | None, reveal_downcards: bool | None
) -> dict[str, Any]:
    """The view of a stud hand replayed into ``state``, up to just before event ``stop`` if given."""
    kind = scenario.kind
    shows, hides = _declared(scenario)
    asked = scenario.events[stop] if stop is not None else None
    events = _applied_events(scenario, stop)
    street = view_street(state)
    wrong = _wrong_counts(state, events, asked)
    exposed = _exposures(state, events, asked)
    tabled = _tabled(state, shows, reveal_downcards)
    history = _history(state, events, wrong)
    stacks, committed, bets, returned = _chips(state, shows, street, history)
    # The irregularity a ruling asks about is drawn as it happened: an absent player's seat is
    # marked absent (not dead: killing the hand is the ruling, TDA 2024 Rule 30).
    absent = list(state.absent)
    if asked is not None and asked.type == "absent_at_deal" and asked.seat is not None:
        absent[state.player_of_seat(asked.seat)] = True
    seats = []
    for i in range(state.count):
        ups = [str(c) for c in state.ups[i]]
        marked = exposed.get(i, [])
        face_up_downs = [c for c in marked if c not in ups and any(str(d) == c for d in state.downs[i])]
        downcards = len(state.downs[i]) - len(face_up_downs)
        if i in wrong:
            downcards = max(0, downcards + wrong[i])  # the cards the seat really holds
        seat: dict[str, Any] = {
            "seat": state.seat_of(i),
            "player": f"p{i + 1}",
            "upcards": ups,
            "downcards": downcards,
            "stack": stacks[i],
            "bet": bets[i],
            "committed": committed[i],
            "ante": state.posted_antes[i],
            "short_ante": state.posted_antes[i] < state.antes[i],
            "returned": returned[i],
            "folded": state.folded[i],
            "all_in": not state.folded[i] and stacks[i] == 0,
            "absent": absent[i],
            "dead": state.dead[i],
            "mucked": state.mucked[i],
            "exposed": list(marked),
        }
        if tabled[i]:
            seat["downcards_shown"] = [str(c) for c in state.downs[i]]
        seats.append(seat)
    structure = state.structure
    view: dict[str, Any] = {
        "version": 2,
        "kind": kind,
        "variant": state.variant.value,
        "street": street,
        "phase": _phase(state, shows),
        "seats": seats,
        "seat_count": state.seat_count,
        "structure": {
            "antes": list(state.antes),
            "bring_in": structure.bring_in,
            "small_bet": structure.small_bet,
            "big_bet": structure.big_bet,
            "max_bets": structure.max_bets,
            "min_chip": structure.min_chip,
        },
        "rules": {"ruleset": state.ruleset.name, **state.ruleset.flags()},
        "community_card": str(state.community) if state.community is not None else None,
        "history": history,
    }
    in_front = sum(bets)
    if "pot.pots" in hides:
        total = state.total_pot()
        view["pot"] = {"total": total, "collected": total - in_front}
    elif "pot" not in hides:
        live = [not f for f in state.folded]
        if "round_open" in shows:
            all_in = [live[i] and stacks[i] == 0 for i in range(state.count)]
            pots = layer_pots(committed, live, all_in)
        else:
            pots = state.pots()
        total = sum(p.amount for p in pots)
        view["pot"] = {
            "total": total,
            "collected": total - in_front,
            "pots": [{"amount": p.amount, "eligible": [state.seat_of(i) for i in p.eligible]} for p in pots],
        }
    if "stub" not in hides:
        view["stub"] = state.stub
    if asked is not None:
        view["event"] = _event_dict(asked)
        if "event.type" in hides:  # the question asks what went wrong: the facts, not the name
            from games.stud.dealer_errors import error_facts

            view["event"] = error_facts(asked.to_dict())
    if "asked_seats" in shows and scenario.question and "seats" in scenario.question:
        view["asked_seats"] = list(scenario.question["seats"])
    return view


def legal_actions(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
) -> list[dict[str, Any]]:
    """The actions an editor may append next to the scenario's hand.

    Each entry: ``kind``, ``seat``, ``player`` (``"p3"``), ``amount``, ``count`` (cards a
    deal needs) and ``phh`` (the action string; a deal gives its prefix, ``"d dh p3"``, to
    which the editor adds the cards). Events are not included: they are irregularities. At
    the showdown, while no hand is tabled yet, only the player who must table first (TDA 2024
    Rule 17-A, RP-10 B: :func:`first_to_table`) is offered a show or a muck.
    """
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    if isinstance(scenario, OtherScenario):
        raise EngineError(
            "unknown_variant",
            f"the action editor works on stud scenarios only (F7S, FR or F7S/8), not {scenario.variant_code}",
            params={"variant": scenario.variant_code},
            path="variant",
        )
    state = scenario.replay().state
    out = []
    first = first_to_table(state)
    for action in state.legal_actions():
        if first is not None and action.kind in ("show", "muck") and action.player != first:
            continue
        entry = action.to_dict()
        entry["seat"] = state.seat_of(action.player) if action.player is not None else None
        entry["player"] = f"p{action.player + 1}" if action.player is not None else None
        out.append(entry)
    return out


def first_to_table(state: StudState) -> int | None:
    """The player who must table first at the showdown (TDA 2024 Rule 17-A: the last aggressor
    on 7th street, else the first to act; RP-10 B: the players not at risk before an all-in),
    while no hand is tabled or mucked yet; None otherwise."""
    from games.stud.showdown import showdown_first

    if state.phase != "showdown" or any(state.shown) or any(state.mucked):
        return None
    if len(state.live_players()) < 2:
        return None
    return showdown_first(state).player
