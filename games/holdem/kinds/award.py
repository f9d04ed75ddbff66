"""The award question of no-limit hold'em: who wins each pot, with the odd chips."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import hand_phrase, not_applicable, seats_en, seats_ja
from games.core.hands import best_high
from games.holdem.answers import Candidate, Names, misread_texts
from games.holdem.document import HoldemReplay, HoldemScenario
from games.holdem.rebuild import rebuild_holdem
from games.questions.fields import AWARD_POTS, CHIPS_BY_SEAT, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _award(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    if hand.phase != "over":
        raise not_applicable(
            "award",
            "the pots are awarded once every hand is shown or mucked (002 section 7)",
            phase=hand.phase,
        )
    names = Names(scenario)
    result = hand.awards(min_chip=scenario.chip)
    totals: dict[int, int] = {}
    pots = []
    en: list[str] = []
    ja: list[str] = []
    odd_any = False
    uncontested = len(hand.contenders()) == 1
    for k, pot in enumerate(result["pots"]):
        winners = [names.seat(p) for p in pot["winners"]]
        awards = {str(names.seat(int(p))): chips for p, chips in pot["awards"].items()}
        for p, chips in pot["awards"].items():
            totals[int(p)] = totals.get(int(p), 0) + chips
        pots.append(
            {
                "amount": pot["amount"],
                "eligible": [names.seat(p) for p in pot["eligible"]],
                "winners": winners,
                "awards": awards,
            }
        )
        name_en = "the main pot" if k == 0 else f"side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        amount_ja = f"{name_ja}（{pot['amount']:,}）"
        if uncontested:
            en.append(
                f"seat {winners[0]} wins {name_en} of {pot['amount']:,} uncontested: everyone else folded"
            )
            ja.append(f"{amount_ja}は、他の全員がフォールドしたので{winners[0]}番席が獲得します")
            continue
        live = [p for p in pot["eligible"] if p - 1 not in hand.mucked]
        value = best_high([*hand.showed[pot["winners"][0] - 1], *hand.board])
        if len(live) == 1:
            en.append(f"seat {winners[0]} wins {name_en} of {pot['amount']:,}: the only hand left in it")
            ja.append(f"{amount_ja}は、争うのが{winners[0]}番席だけなので{winners[0]}番席が獲得します")
        elif len(winners) == 1:
            en.append(f"seat {winners[0]} wins {name_en} of {pot['amount']:,} with {hand_phrase(value)}")
            ja.append(f"{amount_ja}は{winners[0]}番席が{value.name('ja')}で獲得します")
        else:
            shares_en = ", ".join(f"{awards[str(s)]:,} to seat {s}" for s in winners)
            shares_ja = "、".join(f"{s}番席に{awards[str(s)]:,}" for s in winners)
            text_en = f"{seats_en(winners)} tie with {hand_phrase(value)} and split {name_en} of {pot['amount']:,} ({shares_en})"
            text_ja = (
                f"{amount_ja}は{seats_ja(winners)}が{value.name('ja')}で同点のため分けます（{shares_ja}）"
            )
            odd = (pot["amount"] // scenario.chip) % len(winners)
            if odd:
                odd_any = True
                first = winners[:odd]
                text_en += (
                    f"; the odd chip{'s go' if odd > 1 else ' goes'} to {seats_en(first)}, "
                    "the first winner from the button's left"
                )
                text_ja += f"。割り切れない端数のチップはボタンの左から近い順に{seats_ja(first)}へ渡します"
            en.append(text_en)
            ja.append(text_ja)
    returned = {str(names.seat(p)): chips for p, chips in hand.uncalled().items()}
    for seat, chips in returned.items():
        en.append(f"the uncalled {chips:,} goes back to seat {seat}")
        ja.append(f"コールされなかった{chips:,}は{seat}番席に戻します")
    answer = {
        "pots": pots,
        "awards": {str(names.seat(p)): chips for p, chips in sorted(totals.items()) if chips > 0},
        "returned": returned,
    }
    rules = ["Hold'em rules §7", "Hold'em rules §8"]
    if len(pots) > 1:
        rules.append("TDA 2024 Rule 21")
    if odd_any:
        rules.append("TDA 2024 Rule 20")
    text = {"en": "; ".join(en).capitalize() + ".", "ja": "。".join(ja) + "。"}
    return Solution("award", answer, tuple(rules), {}, explanation=text)


def _odd_chip_from_the_button(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """Odd chips counted from the other end (the button side first)."""
    chip = scenario.chip
    flipped = []
    totals: dict[str, int] = {}
    changed = False
    for pot in right["pots"]:
        winners = pot["winners"]
        share, odd = divmod(pot["amount"] // chip, len(winners))
        order = sorted(winners, key=lambda s: -scenario.player_seats.index(s))
        awards = {str(s): (share + (1 if k < odd else 0)) * chip for k, s in enumerate(order)}
        changed = changed or bool(odd)
        flipped.append({**pot, "awards": awards})
        for s, chips in awards.items():
            totals[s] = totals.get(s, 0) + chips
    if changed:
        yield "odd_chip_from_the_button", {}, {**right, "pots": flipped, "awards": totals}


def _best_hand_takes_every_pot(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    hand = scenario.replay().hand
    chip = scenario.chip
    if len(right["pots"]) > 1 and hand.showed:
        strengths = {
            k + 1: best_high([*cards, *hand.board]).strength
            for k, cards in hand.showed.items()
            if k not in hand.mucked
        }
        best = max(strengths.values())
        top = [p for p in strengths if strengths[p] == best]
        total = sum(p["amount"] for p in right["pots"])
        share, odd = divmod(total // chip, len(top))
        awards = {
            str(scenario.seat(p)): (share + (1 if k < odd else 0)) * chip for k, p in enumerate(sorted(top))
        }
        if awards != right["awards"]:
            yield "best_hand_takes_every_pot", {}, {**right, "awards": awards}


def _uncalled_bet_awarded(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    if right["returned"]:
        awards = dict(right["awards"])
        last = right["pots"][-1]["winners"][0] if right["pots"] else None
        if last is not None:
            extra = sum(right["returned"].values())
            awards[str(last)] = awards.get(str(last), 0) + extra
            yield "uncalled_bet_awarded", {}, {**right, "awards": awards, "returned": {}}


def solve(scenario: HoldemScenario) -> Solution:
    return _award(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "odd_chip_from_the_button": _odd_chip_from_the_button,
    "best_hand_takes_every_pot": _best_hand_takes_every_pot,
    "uncalled_bet_awarded": _uncalled_bet_awarded,
}


KIND = QuestionKind(
    name="award",
    family="holdem",
    label=("Award", "ポットの配分"),
    fields=(
        Field("pots", AWARD_POTS, ("Pots as awarded", "各ポットの配分")),
        Field("awards", CHIPS_BY_SEAT, ("Chips received", "受け取るチップ")),
        Field(
            "returned",
            CHIPS_BY_SEAT,
            ("Uncalled bets returned", "返却されるコールされなかったベット"),
            none_allowed=True,
        ),
    ),
    solve=solve,
    focus=("side_pots", "split", "uncontested", "heads_up"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_holdem,
)
