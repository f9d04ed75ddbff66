"""The pots question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.questions.fields import POTS, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    unique,
)
from games.stud.explain import pots_text
from games.stud.state import StudState


def pots_answer(state: StudState) -> Solution:
    seat = state.seat_of
    pots = state.pots()
    answer = {"pots": [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in pots]}
    live = [not f for f in state.folded]
    can_add = [live[i] and state.stacks[i] > 0 for i in range(state.count)]
    from games.core.pots import uncalled_excess

    excess_player, excess = uncalled_excess(state.committed, live, can_add)
    short_antes = [seat(i) for i in range(state.count) if state.posted_antes[i] < state.antes[i]]
    rules = ["TDA 2024 Rule 21"]
    if short_antes:
        rules.append("Practice: all-in for the ante")
    layers = []
    for k, pot in enumerate(pots):
        nxt = set(pots[k + 1].eligible) if k + 1 < len(pots) else set()
        capped = [i for i in pot.eligible if state.is_all_in(i) and i not in nxt]
        layers.append(
            {
                "amount": pot.amount,
                "eligible": [seat(i) for i in pot.eligible],
                "capped_by": [seat(i) for i in capped],
                "level": state.committed[capped[0]] if capped else None,
            }
        )
    facts = {
        "pots": answer["pots"],
        "layers": layers,
        "committed": {seat(i): state.committed[i] for i in range(state.count)},
        "folded": [seat(i) for i in range(state.count) if state.folded[i]],
        "all_in": [seat(i) for i in range(state.count) if state.is_all_in(i)],
        "short_antes": short_antes,
        "excess": {"seat": seat(excess_player), "amount": excess} if excess else None,
        "returned": {seat(i): a for i, a in enumerate(state.returned) if a},
        "street": state.street,
    }
    return Solution("pots", answer, unique(rules), facts)


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return pots_answer(case.dealt())


def moment(case: Case) -> tuple[tuple[str, dict[str, Any]], ...]:
    """While a live player with chips still owes chips in the betting round the pots are not
    settled (the antes before any action are)."""
    state = case.replay.state
    if state.phase != "bet":
        return ()
    target = state.target
    owing = [p for p in state.queue if not state.folded[p] and state.stacks[p] > 0 and state.bets[p] < target]
    if owing:
        return (("pots_bet_pending", {"seats": sorted(state.seat_of(p) for p in owing)}),)
    return ()


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    state = case.replay.state
    from games.core.pots import layer_pots

    live = [not f for f in state.folded]
    all_in = [state.is_all_in(i) for i in range(state.count)]
    seat = state.seat_of
    committed = [c + r for c, r in zip(state.committed, state.returned, strict=True)]
    raw = layer_pots(committed, live, all_in)
    as_json = [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in raw]
    yield "excess_not_returned", {}, {"pots": as_json}
    total = sum(p["amount"] for p in right["pots"])
    yield (
        "no_side_pots",
        {},
        {"pots": [{"amount": total, "eligible": [seat(i) for i in state.live_players()]}]},
    )
    kept = [c if live[i] else 0 for i, c in enumerate(state.committed)]
    folded_out = layer_pots(kept, live, all_in) if any(kept) else []
    yield (
        "folded_chips_left_out",
        {},
        {"pots": [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in folded_out]},
    )
    yield from _swapped(right)
    yield from _antes_left_out(state)


def _swapped(right: Mapping[str, Any]) -> Iterator[Candidate]:
    """The main pot and a side pot exchanged: their amounts, the seats eligible, or both (the
    side pot written first)."""
    pots = right["pots"]
    for k in range(1, len(pots)):
        main, side = pots[0], pots[k]
        params = {"side": k, "main_amount": main["amount"], "side_amount": side["amount"]}
        changes = {
            "pot_amounts_swapped": ("amount",),
            "pot_eligible_swapped": ("eligible",),
            "pots_out_of_order": ("amount", "eligible"),
        }
        for code, keys in changes.items():
            if all(main[key] == side[key] for key in keys):
                continue
            swapped = [dict(p) for p in pots]
            for key in keys:
                swapped[0][key], swapped[k][key] = side[key], main[key]
            yield code, params, {"pots": swapped}


def _antes_left_out(state: StudState) -> Iterator[Candidate]:
    """The pots layered from the bets alone, the antes left out."""
    from games.core.pots import layer_pots, uncalled_excess

    if not any(state.posted_antes):
        return
    live = [not f for f in state.folded]
    can_add = [live[i] and state.stacks[i] > 0 for i in range(state.count)]
    committed = list(state.committed)
    player, excess = uncalled_excess(committed, live, can_add)
    if excess:
        committed[player] -= excess
    bets = [max(0, c - a) for c, a in zip(committed, state.posted_antes, strict=True)]
    if not any(bets):
        return
    all_in = [state.is_all_in(i) for i in range(state.count)]
    seat = state.seat_of
    pots = [
        {"amount": p.amount, "eligible": [seat(i) for i in p.eligible]}
        for p in layer_pots(bets, live, all_in)
    ]
    yield "antes_left_out", {"amount": sum(state.posted_antes)}, {"pots": pots}


MISREADINGS = {
    "pot_amounts_swapped": (
        "That swaps the amounts of the main pot and side pot {side}: the main pot ({main_amount}) holds every player's chips up to the smallest all-in; side pot {side} ({side_amount}) only what the players with more put in above it (TDA 2024 Rule 21).",
        "それはメインポットとサイドポット{side}の額が逆です。メインポット（{main_amount}）は一番少ないオールインの額まで全員のチップを集めたもので、サイドポット{side}（{side_amount}）はそれより多く出したプレイヤーの上乗せ分だけです（TDA 2024 ルール21）。",
    ),
    "pot_eligible_swapped": (
        "That swaps the players of the main pot and side pot {side}: every player still in can win the main pot, the all-in player included; only the players who put in more can win side pot {side} (TDA 2024 Rule 21).",
        "それはメインポットとサイドポット{side}の対象プレイヤーが逆です。メインポットはオールインのプレイヤーも含めて残っている全員が獲得できます。サイドポット{side}はそれより多く出したプレイヤーだけです（TDA 2024 ルール21）。",
    ),
    "pots_out_of_order": (
        "That lists side pot {side} first: the main pot, the one every player still in can win, comes first, then the side pots (TDA 2024 Rule 21).",
        "それはサイドポット{side}を先に書いています。残っている全員が獲得できるメインポットが先で、サイドポットはその後です（TDA 2024 ルール21）。",
    ),
    "antes_left_out": (
        "That leaves out the antes ({amount} in all): they are in the pot too, and count in the main pot up to each player's level.",
        "それはアンティ（合計{amount}）を抜いています。アンティもポットに入っていて、各プレイヤーの額までメインポットに数えます。",
    ),
    "excess_not_returned": (
        "That leaves in the pot a bet nobody could call; the uncalled part goes back to its owner.",
        "それは誰もコールできなかったベットをポットに入れています。コールされていない分は本人に返します。",
    ),
    "no_side_pots": (
        "That makes a single pot; an all-in player can win only up to the amount they put in, so side pots are needed (TDA 2024 Rule 21).",
        "それはポットを1つにしています。オールインのプレイヤーは自分が入れた額までしか勝てないので、サイドポットが必要です（TDA 2024 ルール21）。",
    ),
    "folded_chips_left_out": (
        "That leaves out the chips of folded players; they stay in the pots they reached.",
        "それはフォールドしたプレイヤーのチップを抜いています。そのチップも届いているポットに残ります。",
    ),
}


# --- show me --------------------------------------------------------------------------------------


def show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """Each seat's chips in the pot, an uncalled bet going back, then each pot in turn: its level,
    the seats that reach it and the chips it holds (TDA 2024 Rule 21)."""
    f = solution.facts
    upto = len(case.scenario.actions)
    committed = {s: a for s, a in f["committed"].items() if a}
    steps: list[dict[str, Any]] = [
        {"upto": upto, "seats": sorted(committed), "code": "committed", "params": {"committed": committed}}
    ]
    if f["excess"]:
        excess = f["excess"]
        steps.append({"upto": upto, "seats": [excess["seat"]], "code": "uncalled", "params": dict(excess)})
    for index, layer in enumerate(f["layers"]):
        steps.append(
            {
                "upto": upto,
                "seats": list(layer["eligible"]),
                "code": "pot",
                "params": {
                    "index": index,
                    "amount": layer["amount"],
                    "eligible": list(layer["eligible"]),
                    "capped_by": list(layer["capped_by"]),
                    "level": layer["level"],
                },
            }
        )
    return steps


def situation(view: Mapping[str, Any]) -> Any:
    """What decides the pots besides the answer: the chips each seat put in and whether it is
    still in the hand or all-in, in dealing order (the cards never change a pot; the answer names
    the seats)."""
    return [
        [s["committed"], s["ante"], s["returned"], s["folded"], s["all_in"], s["stack"]]
        for s in view["seats"]
    ]


KIND = QuestionKind(
    name="pots",
    family="stud",
    label=("Pots", "ポット"),
    fields=(Field("pots", POTS, ("Pots", "ポット")),),
    solve=solve,
    hides=("pot",),
    explain=pots_text,
    focus=("antes", "side_pots"),
    moment=moment,
    misread=misread,
    misreadings=MISREADINGS,
    situation=situation,
    show=show,
)
