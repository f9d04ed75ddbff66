"""The bring-in question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from games.core.errors import EngineError
from games.questions.fields import AMOUNT, SEAT, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    bring_in_rules,
    first_decision,
    forced_post_only,
    not_applicable,
    unique,
)
from games.stud.explain import bring_in_text
from games.stud.rules import Variant
from games.stud.state import StudState


def bring_in_answer(state: StudState, rulings: tuple[Any, ...]) -> Solution:
    if any(len(state.ups[i]) == 0 for i in range(state.count)):
        raise not_applicable("bring_in", "the bring-in is decided once every player has a door card")
    seat = state.seat_of
    holder = state.bring_in_player()
    # What the low card must post: the bring-in, less if short, nothing if all-in on the ante.
    behind = state.starting_stacks[holder] - state.posted_antes[holder]
    amount = min(behind, state.structure.bring_in)
    all_in_ante = amount == 0
    # Everyone else in the hand is all-in on the ante: no bet can be called, nothing is posted
    # and the cards are dealt out (format section 3: with at most one player with chips who
    # owes nothing the round is over; as TDA 2024 RP-10 E ends it for the low card's side).
    no_caller = (
        not all_in_ante
        and not state.folded[holder]
        and not any(
            state.starting_stacks[i] > state.posted_antes[i]
            for i in range(state.count)
            if i != holder and not state.folded[i]
        )
    )
    if no_caller:
        amount = 0
    first = None if no_caller else first_decision(state, holder, all_in_ante)
    doors = {seat(i): state.door(i) for i in range(state.count)}
    rivals = [
        seat(i)
        for i in range(state.count)
        if i != holder
        and (d := state.door(i)) is not None
        and (h := state.door(holder)) is not None
        and d.rank == h.rank
    ]
    rules = bring_in_rules(state.variant)
    if all_in_ante or no_caller:
        rules.append("TDA 2024 RP-10 E")
    elif amount < state.structure.bring_in:
        rules.append("WSOP 2024 Stud: short bring-in")
    events = [r for r in rulings if r.code in ("becomes_upcard", "kill_hand")]
    for ruling in events:
        rules.extend(ruling.rules)
    answer = {
        "seat": seat(holder),
        "amount": amount,
        "first_to_act": seat(first) if first is not None else None,
    }
    facts = {
        "variant": state.variant,
        "holder": seat(holder),
        "door": state.door(holder),
        "doors": doors,
        "same_rank": rivals,
        "amount": amount,
        "bring_in": state.structure.bring_in,
        "complete": state.structure.small_bet,
        "all_in_ante": all_in_ante,
        "no_caller": no_caller,
        "first": answer["first_to_act"],
        "exposed": [{"seat": r.seat, "card": r.facts["card"]} for r in events if r.code == "becomes_upcard"],
        "absent": [r.seat for r in events if r.code == "kill_hand"],
        "holder_dead": state.folded[holder],
        "post_only": not no_caller and not state.folded[holder] and forced_post_only(state, holder),
        "can_complete": _completion_possible(state, holder),
    }
    return Solution("bring_in", answer, unique(rules), facts)


def _completion_possible(state: StudState, holder: int) -> bool:
    """Whether a player other than the low card could complete after a bring-in that took the
    low card's last chips: one to complete and another to call it must each have more than the
    bring-in behind."""
    deep = [
        i
        for i in range(state.count)
        if i != holder
        and not state.folded[i]
        and state.starting_stacks[i] - state.posted_antes[i] > state.structure.bring_in
    ]
    return len(deep) >= 2


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return bring_in_answer(case.dealt(), case.rulings)


def applies(case: Case) -> str | None:
    """The bring-in is asked on 3rd street once every player has a door card, before the
    bring-in decision (the post, or a completion) is made: after it, it is in the history."""
    state = case.replay.state
    if any(len(state.ups[i]) == 0 for i in range(state.count)):
        return "the bring-in is decided once every player has a door card"
    if any(len(state.ups[i]) > 1 for i in range(state.count)) or moment(case):
        return "the bring-in is asked before the bring-in decision is made, while 3rd street is played"
    return None


def moment(case: Case) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Once 3rd-street betting began, the post, or the first decision, is in the history."""
    third = case.replay.state.street_actions.get(3, [])
    if any(r.kind not in ("deal_hole", "deal_community", "show", "muck") for r in third):
        return (("bring_in_in_history", {}),)
    return ()


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    scenario, state = case.scenario, case.replay.state
    doors = [state.door(i) for i in range(state.count)]
    seat = state.seat_of

    def holder(key: Callable[[Any], tuple[int, int]]) -> int:
        return min((i for i in range(state.count) if doors[i] is not None), key=lambda i: key(doors[i]))

    if state.variant is Variant.RAZZ:
        misread = {
            "ace_high_in_razz": holder(lambda c: (-int(c.rank), -int(c.suit))),
            "suits_reversed": holder(lambda c: (-c.rank.low_value, int(c.suit))),
        }
    else:
        misread = {
            "ace_low_in_stud": holder(lambda c: (c.rank.low_value, int(c.suit))),
            "suits_reversed": holder(lambda c: (int(c.rank), -int(c.suit))),
        }
    for code, alt in misread.items():
        if seat(alt) != right["seat"]:  # the same low card read another way is no misreading
            yield code, {}, {**right, "seat": seat(alt), "first_to_act": seat(alt)}
    if right["amount"] == 0:
        yield (
            "all_in_ante_ignored",
            {},
            {**right, "first_to_act": right["seat"], "amount": state.structure.bring_in},
        )
    elif right["amount"] < state.structure.bring_in:
        yield (
            "short_bring_in_ignored",
            {"amount": right["amount"]},
            {**right, "amount": state.structure.bring_in, "first_to_act": right["seat"]},
        )
    low = state.player_of_seat(right["seat"])
    if right["amount"] > 0 and not state.folded[low] and right["first_to_act"] != right["seat"]:
        # The post takes the low card's last chips (WSOP 2024 Stud: short bring-in).
        yield "post_is_no_decision", {}, {**right, "first_to_act": right["seat"]}
    if any(e.type == "downcard_exposed_by_dealer" for e in scenario.events):
        try:
            without = scenario.with_changes(events=tuple(e for e in scenario.events if e.street != 3))
            yield "exposed_card_ignored", {}, solve(Case(without, without.replay())).answer
        except EngineError:
            pass


MISREADINGS = {
    "ace_low_in_stud": (
        "That counts the ace low; for the stud bring-in the ace is high.",
        "それはAをローとして数えています。スタッドのブリングインではAはハイです。",
    ),
    "ace_high_in_razz": (
        "That counts the ace high; in razz the ace is low, so an ace never brings in unless every door is an ace.",
        "それはAをハイとして数えています。ラズではAはローなので、全員のドアがAでない限りAはブリングインになりません。",
    ),
    "suits_reversed": (
        "That reverses the suits: clubs are the lowest and spades the highest (c < d < h < s).",
        "それはスートの順番が逆です。クラブが一番低く、スペードが一番高い（♣＜♦＜♥＜♠）です。",
    ),
    "all_in_ante_ignored": (
        "The low card is all-in on the ante: it posts nothing and the player on its left acts first (TDA 2024 RP-10 E).",
        "ブリングインのプレイヤーはアンティでオールインなので何も出さず、左隣のプレイヤーから始めます（TDA 2024 RP-10 E）。",
    ),
    "short_bring_in_ignored": (
        "The low card has less than the bring-in behind, so it posts only {amount} all-in.",
        "ブリングインのプレイヤーはブリングイン額に足りないので、{amount}でオールインです。",
    ),
    "post_is_no_decision": (
        "The bring-in takes the low card's last chips: it is posted all-in, the player may not complete, so the first decision is the next player's.",
        "ブリングインを出すとそのプレイヤーはオールインになり、コンプリートもできないので、最初に判断するのは次のプレイヤーです。",
    ),
    "exposed_card_ignored": (
        "The card the dealer exposed is now the upcard (TDA 2024 RP-10 A): the bring-in is decided on it.",
        "ディーラーが表にしたカードがアップカードになります（TDA 2024 RP-10 A）。ブリングインはそのカードで決めます。",
    ),
}


# --- show me --------------------------------------------------------------------------------------


def show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """The door cards compared: the rank that brings in and the seats showing it, then the suit
    that decides between them, then the first player to decide after the post."""
    f = solution.facts
    upto = len(case.scenario.actions)
    holder, door = f["holder"], f["door"]
    tied = [holder, *f["same_rank"]]
    rank = str(door)[:-1] if door is not None else ""
    steps: list[dict[str, Any]] = [
        {
            "upto": upto,
            "seats": sorted(tied),
            "code": "door_rank",
            "params": {"rank": rank, "seats": sorted(tied), "razz": f["variant"] is Variant.RAZZ},
        }
    ]
    steps.append(
        {
            "upto": upto,
            "seats": [holder],
            "code": "door_suit" if len(tied) > 1 else "brings_in",
            "params": {"seat": holder, "card": str(door) if door is not None else "", "amount": f["amount"]},
        }
    )
    first = f["first"]
    if first is not None and first != holder:
        steps.append(
            {"upto": upto, "seats": [first], "code": "first_after_bring_in", "params": {"seat": first}}
        )
    return steps


def situation(view: Mapping[str, Any]) -> Any:
    """What decides the bring-in besides the answer (which names the seats): each player's door
    and how it lies (an exposed downcard, a folded, dead or absent seat), in dealing order (TDA
    2024 RP-10 A/B). A seat number alone decides nothing the answer does not already say."""
    return [[s["upcards"][:1], s["exposed"], s["folded"], s["dead"], s["absent"]] for s in view["seats"]]


def deciding(view: Mapping[str, Any], answer: Mapping[str, Any]) -> list[str]:
    """The door of the seat that brings in, then the doors of the same rank it was compared with."""
    doors = {s["seat"]: s["upcards"][0] for s in view["seats"] if s["upcards"]}
    holder = doors.get(answer.get("seat"))
    if holder is None:
        return []
    return [holder] + [d for seat, d in doors.items() if seat != answer.get("seat") and d[0] == holder[0]]


KIND = QuestionKind(
    name="bring_in",
    family="stud",
    label=("Bring-in", "ブリングイン"),
    fields=(
        Field("seat", SEAT, ("Brings in", "ブリングインする席")),
        Field("amount", AMOUNT, ("Amount posted", "出す額")),
        Field(
            "first_to_act",
            SEAT,
            ("First to act after the bring-in", "ブリングインの次にアクションする席"),
            none_allowed=True,
        ),
    ),
    solve=solve,
    explain=bring_in_text,
    moment=moment,
    applies=applies,
    misread=misread,
    misreadings=MISREADINGS,
    situation=situation,
    deciding=deciding,
    show=show,
)
