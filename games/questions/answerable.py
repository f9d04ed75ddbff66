"""Whether a question can be worked out from what the table shows.

:func:`rebuild_from_view` turns a table view (:func:`games.table.table_view`) back into a
scenario document using nothing but the view: the same game, structure, rules and seats,
starting stacks from the chips on each seat, the whole history street by street, the
irregularities where they happened, and the same question. Every card the trainee cannot see
is replaced by a random card that is visible nowhere in the view.

:func:`check_answerable` solves several such rebuilds: a question is answerable when each of
them has the scenario's own answer. When it is not, the report names what the trainee cannot
see: the seats whose face-down cards change the answer (found by refilling one seat at a time
on top of the real cards), or that something other than a card is missing from the table. A
question asked when its answer is already in the history (who shows first once hands are
tabled), or before a dealer could answer it (the pots while a bet is pending), fails too.

>>> from games.stud.generate import generate
>>> check_answerable(generate(kind="pots", variant="F7S", seed=1, focus="side_pots")).answerable
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core.cards import FULL_DECK, Card
from games.core.errors import EngineError
from games.questions.answerable_other import premise_problem, rebuilder
from games.solve import solve_scenario
from games.stud.answering import Case
from games.stud.scenario import Scenario, load_scenario
from games.table import table_view

__all__ = [
    "AnswerabilityProblem",
    "AnswerabilityReport",
    "check_answerable",
    "moment_problems",
    "rebuild_from_view",
]

_PHH_VERBS = {"post_bring_in": "pb", "check": "cc", "call": "cc", "fold": "f"}


# --- the report ------------------------------------------------------------------------------


def _seat_list_en(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def _seat_list_ja(seats: Sequence[int]) -> str:
    return "と".join(f"{s}番席" for s in seats)


@dataclass(frozen=True)
class AnswerabilityProblem:
    """One reason a question cannot be worked out from the table.

    Codes: ``hidden_cards`` (``params["seats"]``: the seats whose face-down cards change the
    answer), ``not_on_table`` (the answer changes although every card stays the same:
    something else is missing from the table; ``params["fields"]``), ``answer_varies`` (the
    answer changes with what the table hides, for games whose rebuild cannot name a seat),
    ``rebuild_failed`` (the view does not hold enough to rebuild the hand;
    ``params["reason"]``). Questions asked at the wrong moment (:func:`moment_problems`):
    ``showdown_already_tabled`` (who shows first, once a hand was shown or mucked: the order is
    in the history), ``pots_bet_pending`` (the pots while ``params["seats"]`` still owe chips
    in the betting round), ``bring_in_in_history`` (the bring-in once 3rd-street betting began),
    ``betting_open`` (a hold'em pots question while the betting round is open:
    ``games.questions.answerable_other.premise_problem``).
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        """The problem in English (``"en"``) or Japanese (``"ja"``)."""
        ja = lang.startswith("ja")
        if self.code == "hidden_cards":
            seats = list(self.params.get("seats") or [])
            if not seats:
                if ja:
                    return "答えが伏せ札によって変わりますが、伏せ札は卓上に見えていません。"
                return "The answer depends on face-down cards, which the table does not show."
            if ja:
                owner_ja = _seat_list_ja(seats)
                return f"答えが{owner_ja}の伏せ札によって変わりますが、その札は卓上に見えていません。"
            owner = _seat_list_en(seats)
            return f"The answer depends on the face-down cards of {owner}, which the table does not show."
        if self.code == "not_on_table":
            if ja:
                return (
                    "卓上に見えている札とチップだけでは答えが決まりません。"
                    "卓上が同じに見える手で答えが変わります。"
                )
            return (
                "The answer cannot be worked out from the cards and chips on the table: a hand that "
                "looks the same on the table has another answer."
            )
        if self.code == "showdown_already_tabled":
            if ja:
                return "ハンドはすでに開かれていて、ショーダウンで見せる順番は履歴に出ています。"
            return "The hands are already tabled: the order of the showdown is in the history."
        if self.code == "pots_bet_pending":
            seats = list(self.params.get("seats") or [])
            if ja:
                return (
                    f"まだベットが途中です。{_seat_list_ja(seats)}のアクションが残っているので、"
                    "ポットは確定していません。"
                )
            verb = "still has" if len(seats) == 1 else "still have"
            return (
                f"A bet is still pending: {_seat_list_en(seats)} {verb} to act, so the pots are not settled."
            )
        if self.code == "bring_in_in_history":
            if ja:
                return "3rdストリートのベッティングがすでに始まっていて、ブリングインは履歴に出ています。"
            return "The 3rd-street betting has begun: who brought in, and for how much, is in the history."
        if self.code == "betting_open":
            seats = list(self.params.get("seats") or [])
            if ja:
                who = f"（{_seat_list_ja(seats)}がまだアクションします）" if seats else ""
                return (
                    f"ベッティングラウンドの途中{who}でポットを尋ねています。前に出ているチップはまだ確定していません。"
                    "ポットは、ラウンドが終わってから（または誰もアクションする前に）尋ねてください。"
                )
            who = f" ({_seat_list_en(seats)} still to act)" if seats else ""
            return (
                f"The pots are asked while the betting round is still open{who}: the chips in front are "
                "not final. Ask for the pots once the round is complete, or before anyone acts."
            )
        if self.code == "answer_varies":
            if ja:
                return "答えが卓上に見えていない札や金額によって変わります。"
            return "The answer changes with cards or amounts the table does not show."
        if ja:
            return "卓上に見えている情報からこの手を組み立て直せません。"
        reason = self.params.get("reason")
        return "The hand cannot be rebuilt from what the table shows" + (f" ({reason})." if reason else ".")


@dataclass(frozen=True)
class AnswerabilityReport:
    """``answerable`` is true when every rebuild from the view has the scenario's answer."""

    answerable: bool
    problems: tuple[AnswerabilityProblem, ...] = ()


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


def rebuild_from_view(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scenario document (format v1) built from the table view alone.

    Same variant, structure, rules, seats and question; starting stacks from each seat's stack
    and chips committed; the history's deals (drawn upcards, shown and exposed cards), actions,
    shows and irregularities. Every card the trainee cannot see is a random card from those
    visible nowhere in the view. Hold'em, Flush Code Hack and ten-card stud are rebuilt by
    :mod:`games.questions.answerable_other`.
    """
    rebuild = rebuilder(view)
    if rebuild is not None:
        return rebuild(view, rng)
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


def _other_premise(scenario: Any) -> AnswerabilityProblem | None:
    found = premise_problem(scenario)
    return None if found is None else AnswerabilityProblem(found[0], found[1])


# --- the check --------------------------------------------------------------------------------


def _answer(document: Mapping[str, Any]) -> dict[str, Any]:
    return dict(solve_scenario(load_scenario(dict(document))).answer)


def _differs(a: Mapping[str, Any], b: Mapping[str, Any], fields: Sequence[str] | None) -> list[str]:
    keys = list(fields) if fields is not None else sorted(set(a) | set(b))
    return [k for k in keys if a.get(k) != b.get(k)]


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


def check_answerable(
    document: Mapping[str, Any] | str | bytes,
    *,
    fillings: int = 4,
    seed: int = 0,
    fields: Sequence[str] | None = None,
    view: Mapping[str, Any] | None = None,
) -> AnswerabilityReport:
    """Whether the scenario's question can be answered from its table view alone.

    The view (``view``, default :func:`games.table.table_view` of the document) is rebuilt
    ``fillings`` times with random cards where the trainee sees none; the question is
    answerable when every rebuild has the scenario's answer, compared on ``fields`` (the
    answer fields a drill asks) or on the whole answer. A stud question asked at a moment its
    answer is already in the history, or not settled yet, fails before any rebuild
    (:func:`moment_problems`). A document that cannot be solved raises its :class:`EngineError`.
    """
    scenario = load_scenario(document if isinstance(document, Mapping) else _decoded(document))
    original = dict(solve_scenario(scenario).answer)
    if isinstance(scenario, Scenario):
        moment = moment_problems(scenario)
        if moment:
            return _report(*moment)
    doc = dict(document) if isinstance(document, Mapping) else _decoded(document)
    if view is None:
        view = table_view(scenario)
    rng = random.Random(f"answerable|{seed}")
    other = rebuilder(view) is not None

    def attempt(build: Callable[[], dict[str, Any]]) -> tuple[list[str] | None, str | None]:
        try:
            return _differs(original, _answer(build()), fields), None
        except EngineError as err:
            if err.code == "unknown_variant" and other:
                raise  # no rebuild for this game: not a verdict on the question
            return None, err.message
        except (KeyError, IndexError, TypeError, ValueError) as err:
            return None, f"the view lacks {err}"

    if other:
        premise = _other_premise(scenario)
        if premise is not None:
            return _report(premise)
        for _ in range(fillings):
            differ, reason = attempt(lambda: rebuild_from_view(view, rng))
            if reason is not None:
                return _report(AnswerabilityProblem("rebuild_failed", {"reason": reason}))
            if differ:
                return _report(AnswerabilityProblem("answer_varies", {"fields": differ}))
        return AnswerabilityReport(True)

    try:
        plan = _plan(view)
    except EngineError as err:
        return _report(AnswerabilityProblem("rebuild_failed", {"reason": err.message}))
    except (KeyError, IndexError, TypeError, ValueError) as err:
        return _report(AnswerabilityProblem("rebuild_failed", {"reason": f"the view lacks {err}"}))
    failed: list[str] = []
    for _ in range(fillings):
        differ, reason = attempt(lambda: plan.document(_random_fill(plan, rng)))
        if reason is not None:
            return _report(AnswerabilityProblem("rebuild_failed", {"reason": reason}))
        if differ:
            failed = differ
            break
    if not failed:
        return AnswerabilityReport(True)
    return _report(*_diagnose(plan, doc, view, original, fields, fillings, rng))


def _diagnose(
    plan: _Plan,
    doc: Mapping[str, Any],
    view: Mapping[str, Any],
    original: Mapping[str, Any],
    fields: Sequence[str] | None,
    fillings: int,
    rng: random.Random,
) -> list[AnswerabilityProblem]:
    """Name what the trainee cannot see: something besides the cards, or whose cards."""
    try:
        truth = _true_fill(plan, doc, view.get("kind"))
        differ = _differs(original, _answer(plan.document(truth)), fields)
    except EngineError as err:
        return [AnswerabilityProblem("rebuild_failed", {"reason": err.message})]
    if differ:
        return [AnswerabilityProblem("not_on_table", {"fields": differ})]
    seats: list[int] = []
    for player in sorted({plan.deals[k].player for k, _ in plan.slots()}):
        for _ in range(max(fillings, 2)):
            try:
                changed = _differs(
                    original, _answer(plan.document(_refill_seat(plan, truth, player, rng))), fields
                )
            except EngineError:
                changed = ["rebuild"]
            if changed:
                seats.append(plan.seats[player])
                break
    return [AnswerabilityProblem("hidden_cards", {"seats": seats})]


def _report(*problems: AnswerabilityProblem) -> AnswerabilityReport:
    return AnswerabilityReport(False, tuple(problems))


def _decoded(source: str | bytes) -> dict[str, Any]:
    import json

    try:
        doc = json.loads(source)
    except ValueError:
        raise EngineError("bad_json", "the scenario is not valid JSON") from None
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object")
    return doc
