"""The pots question of no-limit hold'em: the main and side pots, and the uncalled bets returned."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import seats_en, seats_ja
from games.holdem.answers import Candidate, Names, misread_texts, require_dealt
from games.holdem.document import HoldemReplay, HoldemScenario
from games.holdem.hand import HoldemHand
from games.holdem.rebuild import rebuild_holdem
from games.questions.fields import CHIPS_BY_SEAT, POTS, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _pots(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    require_dealt("pots", hand)
    names = Names(scenario)
    pots = hand.pots()
    returned = {str(names.seat(p)): chips for p, chips in hand.uncalled().items()}
    answer = {
        "pots": [{"amount": pot.amount, "eligible": [names.seat(p) for p in pot.eligible]} for pot in pots],
        "returned": returned,
    }
    en_parts, ja_parts = [], []
    for k, pot in enumerate(pots):
        who = [names.seat(p) for p in pot.eligible]
        en_parts.append(
            f"{'the main pot' if k == 0 else f'side pot {k}'} is {pot.amount:,} ({seats_en(who)})"
        )
        ja_parts.append(
            f"{'メインポット' if k == 0 else f'サイドポット{k}'}は{pot.amount:,}（{seats_ja(who)}）"
        )
    en = ("; ".join(en_parts) or "there is no pot yet").capitalize() + "."
    ja = ("、".join(ja_parts) + "です。") if ja_parts else "まだポットはありません。"
    rules = ["Hold'em rules §8"]
    if len(pots) > 1:
        back = hand.uncalled()
        put = {i + 1: hand.committed[i] - back.get(i + 1, 0) for i in hand.contenders()}
        top = max(put.values())
        capped = sorted((p for p in put if hand.stacks[p - 1] == 0 and put[p] < top), key=lambda p: put[p])
        listed_en = ", ".join(f"seat {names.seat(p)} for {put[p]:,}" for p in capped)
        listed_ja = "、".join(f"{names.seat(p)}番席は{put[p]:,}" for p in capped)
        en += (
            f" All-in: {listed_en}. An all-in player can win from each opponent only what they put in, "
            "so what is bet beyond that goes to a side pot that only the players who matched it can win."
        )
        ja += (
            f"{listed_ja}でオールインしています。オールインしたプレイヤーは自分が入れた額までしか各相手から取れないので、"
            "それを超える分はサイドポットになり、その額を出したプレイヤーだけが争います。"
        )
        rules.append("TDA 2024 Rule 21")
    folded = [i + 1 for i in range(hand.player_count) if hand.folded[i] and hand.committed[i]]
    if folded:
        en += f" The chips of {seats_en([names.seat(q) for q in folded])}, who folded, stay in the pots they reached."
        ja += f"フォールドした{seats_ja([names.seat(q) for q in folded])}のチップも、届いているポットに残ります。"
    for seat, chips in returned.items():
        en += f" The {chips:,} that nobody can call goes back to seat {seat}: it is not in a pot."
        ja += f"誰もコールできない{chips:,}は{seat}番席に戻し、ポットには入れません。"
    return Solution("pots", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _no_side_pots(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    hand = scenario.replay().hand
    live = [k + 1 for k in hand.contenders()]
    total = sum(hand.committed)
    if len(right["pots"]) > 1 or right["returned"]:
        yield (
            "no_side_pots",
            {},
            {"pots": [{"amount": total, "eligible": [scenario.seat(p) for p in live]}], "returned": {}},
        )


def _excess_not_returned(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    if right["returned"]:
        hand = scenario.replay().hand
        layered = _layers([c for c in hand.committed], hand)
        yield "excess_not_returned", {}, {"pots": layered, "returned": {}}


def _folded_chips_left_out(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    hand = scenario.replay().hand
    if any(hand.folded[k] and hand.committed[k] for k in range(hand.player_count)):
        kept = [0 if hand.folded[k] else c for k, c in enumerate(hand.committed)]
        yield "folded_chips_left_out", {}, {"pots": _layers(kept, hand), "returned": right["returned"]}


def _layers(committed: list[int], hand: HoldemHand) -> list[dict[str, Any]]:
    """Pots layered by ``committed`` with no uncalled bet taken out (for misreadings)."""
    levels = sorted({c for c in committed if c > 0})
    out: list[dict[str, Any]] = []
    previous = 0
    for top in levels:
        amount = sum(min(c, top) - min(c, previous) for c in committed)
        eligible = [
            k + 1
            for k in range(hand.player_count)
            if not hand.folded[k] and (committed[k] >= top or hand.stacks[k] > 0)
        ]
        if out and out[-1]["_eligible"] == eligible:
            out[-1]["amount"] += amount
        else:
            out.append({"amount": amount, "_eligible": eligible})
        previous = top
    return [{"amount": p["amount"], "eligible": p["_eligible"]} for p in out]


def solve(scenario: HoldemScenario) -> Solution:
    return _pots(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "no_side_pots": _no_side_pots,
    "excess_not_returned": _excess_not_returned,
    "folded_chips_left_out": _folded_chips_left_out,
}


def _betting_open(scenario: HoldemScenario) -> tuple[str, dict[str, Any]] | None:
    """``betting_open`` while a betting round is in progress (someone has acted and the round is
    not complete; ``params["seats"]``: the seats still to act). The chips in front are not final
    then: a bet may still be called, raised or go back uncalled, so the pots are asked once the
    round is complete (002 section 5), or before anyone acts in it."""
    hand = scenario.replay().hand
    if hand.round_in_progress():
        return "betting_open", {"seats": sorted(scenario.seat(i + 1) for i in hand.pending())}
    return None


KIND = QuestionKind(
    name="pots",
    family="holdem",
    label=("Pots", "ポット"),
    fields=(
        Field("pots", POTS, ("Pots", "ポット")),
        Field(
            "returned",
            CHIPS_BY_SEAT,
            ("Uncalled bets returned", "返却されるコールされなかったベット"),
            none_allowed=True,
        ),
    ),
    solve=solve,
    focus=("side_pots", "uncalled", "heads_up"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_holdem,
    premise=_betting_open,
)
