"""Rebuild a stud scenario from its table view alone, and the moment a stud question is asked.

:func:`rebuild_stud_from_view` turns a stud table view (:func:`games.table.table_view`) back into
a scenario document using nothing but the view: the same game, structure, rules and seats,
starting stacks from the chips on each seat, the whole history street by street, the
irregularities where they happened, and the same question. Every card the trainee cannot see
is replaced by a random card that is visible nowhere in the view. :func:`check_stud_view` solves
several such rebuilds and, when the answer changes, names the seats whose face-down cards change
it (refilling one seat at a time on top of the real cards) or says that something other than a
card is missing. :func:`moment_problems`: a question asked when its answer is already in the
history, or before a dealer could answer it. The entry point for every game is
:func:`games.answerable.check_answerable`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.cards import FULL_DECK, Card
from games.core.errors import EngineError
from games.questions.answerable import AnswerabilityProblem, AnswerabilityReport, differs, failed
from games.stud.answering import Case
from games.stud.scenario import Scenario, load_scenario

__all__ = ["check_stud_view", "moment_problems", "rebuild_stud_from_view"]

_PHH_VERBS = {"post_bring_in": "pb", "check": "cc", "call": "cc", "fold": "f"}


# --- rebuilding a scenario from the view ------------------------------------------------------


@dataclass
class _Deal:
    """One deal of the history: its cards, ``None`` where the trainee cannot see the card."""

    player: int
    street: int
    cards: list[Card | None]
    down: tuple[int, ...]  # positions dealt face down

    def free(self) -> list[int]:
        return [p for p in self.down if self.cards[p] is None]


@dataclass
class _Plan:
    """Everything the view says about the hand, with the unseen cards left open."""

    doc: dict[str, Any]
    actions: list[Any]  # PHH strings, or an int: the index of a deal in ``deals``
    deals: list[_Deal]
    seen: set[Card]
    seats: tuple[int, ...]

    def slots(self) -> list[tuple[int, int]]:
        return [(k, p) for k, deal in enumerate(self.deals) for p in deal.free()]

    def document(self, fill: Mapping[tuple[int, int], Card]) -> dict[str, Any]:
        actions = []
        for item in self.actions:
            if isinstance(item, int):
                deal = self.deals[item]
                cards = [c if c is not None else fill[(item, p)] for p, c in enumerate(deal.cards)]
                item = f"d dh p{deal.player + 1} {''.join(str(c) for c in cards)}"
            actions.append(item)
        return {**self.doc, "actions": actions}


def _card(text: Any) -> Card:
    return Card.parse(str(text))


def _head(view: Mapping[str, Any]) -> dict[str, Any]:
    """The document's game, structure, rules, seats and starting stacks."""
    seats_view = view["seats"]
    structure = view["structure"]
    doc: dict[str, Any] = {
        "variant": view["variant"],
        "ante_trimming_status": True,
        "antes": list(structure["antes"]),
        "bring_in": structure["bring_in"],
        "small_bet": structure["small_bet"],
        "big_bet": structure["big_bet"],
        # stack + committed is the starting stack (chips returned are back in the stack)
        "starting_stacks": [int(s["stack"]) + int(s["committed"]) for s in seats_view],
        "seats": [int(s["seat"]) for s in seats_view],
    }
    if view.get("seat_count") is not None:
        doc["seat_count"] = view["seat_count"]
    doc["_ruleset"] = view["rules"]["ruleset"]
    doc["_rules"] = {k: v for k, v in view["rules"].items() if k != "ruleset"}
    doc["_max_bets"] = structure["max_bets"]
    doc["_min_chip"] = structure["min_chip"]
    return doc


def _plan(view: Mapping[str, Any]) -> _Plan:
    doc = _head(view)
    seats_view = view["seats"]
    seats = tuple(doc["seats"])
    player = {seat: i for i, seat in enumerate(seats)}
    seen: set[Card] = set()
    for seat in seats_view:
        for key in ("upcards", "exposed", "downcards_shown"):
            seen.update(_card(c) for c in seat.get(key) or ())
    if view.get("community_card"):
        seen.add(_card(view["community_card"]))

    actions: list[Any] = []
    deals: list[_Deal] = []
    events: list[dict[str, Any]] = []
    last7: dict[int, int] = {}  # player -> index of their latest 7th-street deal
    third: dict[int, int] = {}  # player -> index of their 3rd-street deal

    def place_event(event: Mapping[str, Any]) -> None:
        if event.get("type") != "downcard_exposed_by_dealer" or event.get("seat") is None:
            return
        p, card = player[int(event["seat"])], _card(event["card"])
        seen.add(card)
        k = third.get(p) if event.get("street") == 3 else last7.get(p)
        if k is not None and event.get("street") == 3 and deals[k].cards[2] == card:
            # TDA 2024 RP-10 A: the deal draws the exposed card as the door, but it was dealt
            # down; the third card dealt is face down now and unseen.
            deals[k].cards = [deals[k].cards[0], card, None]
            deals[k].down = (0, 2)
        elif k is not None and card not in deals[k].cards:
            free = deals[k].free()
            if free:
                deals[k].cards[free[-1] if event.get("street") == 3 else free[0]] = card

    for entry in view["history"]:
        action = entry["action"]
        if action == "deal":
            p, street = player[int(entry["seat"])], int(entry["street"])
            ups = [_card(c) for c in entry.get("upcards") or ()]
            seen.update(ups)
            if street == 3:
                deal = _Deal(p, 3, [None, None, ups[0]], (0, 1))
                third[p] = len(deals)
            elif street == 7:
                deal = _Deal(p, 7, [None], (0,))
                last7[p] = len(deals)
            else:
                deal = _Deal(p, street, list(ups), ())
            actions.append(len(deals))
            deals.append(deal)
        elif action == "community":
            seen.add(_card(entry["card"]))
            actions.append(f"d db {entry['card']}")
        elif action == "event":
            event = dict(entry["event"])
            place_event(event)
            events.append({"after": len(actions) - 1, **event})
        elif action == "show":
            cards = [_card(c) for c in entry["cards"]]
            seen.update(cards)
            actions.append(f"p{player[int(entry['seat'])] + 1} sm {''.join(str(c) for c in cards)}")
        elif action == "muck":
            actions.append(f"p{player[int(entry['seat'])] + 1} sm")
        elif action in _PHH_VERBS:
            actions.append(f"p{player[int(entry['seat'])] + 1} {_PHH_VERBS[action]}")
        elif action in ("complete", "bet", "raise"):
            actions.append(f"p{player[int(entry['seat'])] + 1} cbr {int(entry['to'])}")
        else:
            raise EngineError("bad_view", f"unknown history entry {str(action)[:40]!r}")
    if view.get("event") is not None:
        event = dict(view["event"])
        if "type" not in event:  # a dealer error drawn without its name: as the trainee reads it
            from games.stud.dealer_errors import error_of_facts

            event = {"type": error_of_facts(event, str(view.get("phase"))), **event}
            event.pop("held", None)
        place_event(event)
        events.append({"after": len(actions) - 1, **event})
        if event.get("card"):
            seen.add(_card(event["card"]))
    if events:
        doc["_events"] = events
    question: dict[str, Any] = {"kind": view["kind"]}
    if view.get("asked_seats"):
        question["seats"] = list(view["asked_seats"])
    doc["_question"] = question
    plan = _Plan(doc, actions, deals, seen, seats)
    _place_known(plan, view, third, last7)
    return plan


def _place_known(plan: _Plan, view: Mapping[str, Any], third: dict[int, int], last7: dict[int, int]) -> None:
    """Put the downcards the view shows (tabled hands, cards shown or exposed) into their deals."""
    deals = plan.deals
    for p, seat in enumerate(view["seats"]):
        placed = {c for deal in deals if deal.player == p for c in deal.cards if c is not None}
        shown = [_card(c) for c in seat.get("downcards_shown") or ()]
        k3, k7 = third.get(p), last7.get(p)
        if shown and k3 is not None:
            # The tabled downcards lie in the order held: the two 3rd-street downcards (after
            # RP-10 A: the one left and the old door card), then the 7th-street card.
            door = deals[k3].cards[2]
            for card in shown[:2]:
                if card not in placed and card != door and deals[k3].free():
                    deals[k3].cards[deals[k3].free()[0]] = card
                    placed.add(card)
            if len(shown) > 2 and k7 is not None and deals[k7].free():
                deals[k7].cards[0] = shown[2]
                placed.add(shown[2])
        ups = {_card(c) for c in seat.get("upcards") or ()}
        extra = [_card(c) for c in seat.get("exposed") or ()]
        for entry in view["history"]:
            if entry["action"] == "show" and int(entry["seat"]) == int(seat["seat"]):
                extra.extend(_card(c) for c in entry["cards"])
        free = [(k, pos) for k, deal in enumerate(deals) if deal.player == p for pos in deal.free()]
        extra = [c for c in dict.fromkeys(extra) if c not in placed and c not in ups]
        # Cards shown face up without a deal of their own (boxed cards) are the latest ones dealt.
        for (k, pos), card in zip(free[-len(extra) :] if extra else [], extra, strict=False):
            deals[k].cards[pos] = card


def _random_fill(plan: _Plan, rng: random.Random) -> dict[tuple[int, int], Card]:
    used = plan.seen | {c for deal in plan.deals for c in deal.cards if c is not None}
    pool = [c for c in FULL_DECK if c not in used]
    slots = plan.slots()
    if len(pool) < len(slots):
        raise EngineError("bad_view", "more cards are hidden than the deck has left")
    return dict(zip(slots, rng.sample(pool, len(slots)), strict=True))


def rebuild_stud_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scenario document (format v1) built from the table view alone.

    Same variant, structure, rules, seats and question; starting stacks from each seat's stack
    and chips committed; the history's deals (drawn upcards, shown and exposed cards), actions,
    shows and irregularities. Every card the trainee cannot see is a random card from those
    visible nowhere in the view (every game: :func:`games.answerable.rebuild_from_view`).
    """
    plan = _plan(view)
    return plan.document(_random_fill(plan, rng))


# --- the moment of the question ---------------------------------------------------------------


def moment_problems(scenario: Scenario) -> tuple[AnswerabilityProblem, ...]:
    """Problems with the moment a stud question is asked, whatever the view draws: its answer
    is already in the history, or a dealer would not answer it yet (each kind's ``moment``).

    Who shows first once any hand was shown or mucked (the order is in the history, TDA 2024
    Rule 17-A); the pots while a live player with chips still owes chips in the betting round
    (the pots are not settled; the antes before any action are); the bring-in once 3rd-street
    betting began (the post, or the first decision, is in the history).
    """
    if scenario.kind is None:
        return ()
    kind = registry.kind(scenario.variant.value, scenario.kind)
    if kind.moment is None:
        return ()
    found = kind.moment(Case(scenario, scenario.replay()))
    return tuple(AnswerabilityProblem(code, params) for code, params in found)


# --- the check --------------------------------------------------------------------------------


def _true_fill(plan: _Plan, document: Mapping[str, Any], kind: str | None) -> dict[tuple[int, int], Card]:
    """The real cards of the hidden slots, from the scenario itself."""
    scenario = load_scenario(dict(document))
    assert isinstance(scenario, Scenario)
    before_event = kind is not None and "before_event" in registry.kind(scenario.variant.value, kind).shows
    stop = len(scenario.events) - 1 if before_event and scenario.events else None
    state = scenario.replay(stop_before_event=stop).state
    records = [r for r in state.history if r.kind == "deal_hole"]
    fill: dict[tuple[int, int], Card] = {}
    for k, deal in enumerate(plan.deals):
        known = {c for c in deal.cards if c is not None}
        truth = [c for c in records[k].cards if c not in known] if k < len(records) else []
        for pos, card in zip(deal.free(), truth, strict=False):
            fill[(k, pos)] = card
    return fill


def _refill_seat(
    plan: _Plan, base: Mapping[tuple[int, int], Card], player: int, rng: random.Random
) -> dict[tuple[int, int], Card]:
    """``base`` with the hidden cards of one player replaced by random unseen cards."""
    mine = [slot for slot in plan.slots() if plan.deals[slot[0]].player == player]
    used = plan.seen | {c for deal in plan.deals for c in deal.cards if c is not None}
    used |= {card for slot, card in base.items() if slot not in mine}
    pool = [c for c in FULL_DECK if c not in used]
    fill = dict(base)
    fill.update(zip(mine, rng.sample(pool, len(mine)), strict=True))
    return fill


def check_stud_view(
    doc: Mapping[str, Any],
    view: Mapping[str, Any],
    original: Mapping[str, Any],
    *,
    answer: Callable[[Mapping[str, Any]], dict[str, Any]],
    fields: Sequence[str] | None,
    fillings: int,
    rng: random.Random,
) -> AnswerabilityReport:
    """The rebuilds of a stud question from its view (:func:`games.answerable.check_answerable`):
    ``answer`` solves a rebuilt document; on a different answer, the report names what the
    trainee cannot see."""

    def attempt(build: Callable[[], dict[str, Any]]) -> tuple[list[str] | None, str | None]:
        try:
            return differs(original, answer(build()), fields), None
        except EngineError as err:
            return None, err.message
        except (KeyError, IndexError, TypeError, ValueError) as err:
            return None, f"the view lacks {err}"

    try:
        plan = _plan(view)
    except EngineError as err:
        return failed(AnswerabilityProblem("rebuild_failed", {"reason": err.message}))
    except (KeyError, IndexError, TypeError, ValueError) as err:
        return failed(AnswerabilityProblem("rebuild_failed", {"reason": f"the view lacks {err}"}))
    wrong: list[str] = []
    for _ in range(fillings):
        differ, reason = attempt(lambda: plan.document(_random_fill(plan, rng)))
        if reason is not None:
            return failed(AnswerabilityProblem("rebuild_failed", {"reason": reason}))
        if differ:
            wrong = differ
            break
    if not wrong:
        return AnswerabilityReport(True)
    return failed(*_diagnose(plan, doc, view, original, fields, fillings, rng, answer))


def _diagnose(
    plan: _Plan,
    doc: Mapping[str, Any],
    view: Mapping[str, Any],
    original: Mapping[str, Any],
    fields: Sequence[str] | None,
    fillings: int,
    rng: random.Random,
    answer: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> list[AnswerabilityProblem]:
    """Name what the trainee cannot see: something besides the cards, or whose cards."""
    try:
        truth = _true_fill(plan, doc, view.get("kind"))
        differ = differs(original, answer(plan.document(truth)), fields)
    except EngineError as err:
        return [AnswerabilityProblem("rebuild_failed", {"reason": err.message})]
    if differ:
        return [AnswerabilityProblem("not_on_table", {"fields": differ})]
    seats: list[int] = []
    for player in sorted({plan.deals[k].player for k, _ in plan.slots()}):
        for _ in range(max(fillings, 2)):
            try:
                changed = differs(
                    original, answer(plan.document(_refill_seat(plan, truth, player, rng))), fields
                )
            except EngineError:
                changed = ["rebuild"]
            if changed:
                seats.append(plan.seats[player])
                break
    return [AnswerabilityProblem("hidden_cards", {"seats": seats})]
