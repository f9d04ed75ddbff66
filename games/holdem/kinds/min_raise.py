"""The minimum raise question of no-limit hold'em."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import not_applicable
from games.holdem.answers import (
    STREET_JA,
    Candidate,
    Names,
    misread_texts,
    preflop_level,
    raise_from_the_bet,
    require_dealt,
    short_all_in_reopens,
    short_all_ins,
    street_actions,
    why_no_raise,
)
from games.holdem.document import HoldemReplay, HoldemScenario
from games.holdem.rebuild import rebuild_holdem
from games.questions.fields import AMOUNT, SEAT, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _min_raise(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    require_dealt("min_raise", hand)
    i = hand.actor()
    if i is None:
        raise not_applicable("min_raise", "nobody is to act: the betting round is over (002 section 5)")
    names = Names(scenario)
    p = i + 1
    low = hand.min_raise_to()
    full = hand.level + hand.increment
    top = hand.bets[i] + hand.stacks[i]
    answer = {
        "seat": names.seat(p),
        "to_match": hand.level,
        "increment": hand.increment,
        "min_raise_to": low,
        "full_raise_to": full,
        "all_in_only": low is not None and low < full,
    }
    rules = ["Hold'em rules §4", "TDA 2024 Rule 43"]
    street = hand.street_name
    actions = street_actions(replay)
    shorts = short_all_ins(hand, actions)
    if hand.level == 0:
        en = f"Nobody has bet on the {street}, so the minimum bet is the big blind, {hand.increment:,}."
        ja = f"{STREET_JA[street]}ではまだベットがないので、最低ベット額はビッグブラインドの{hand.increment:,}です。"
    elif hand.last_full is not None:
        start, end = hand.last_full
        who = next(
            (a["player"] for a in reversed(actions) if a["kind"] in ("bet", "raise") and a["amount"] == end),
            None,
        )
        whom_en = f"{names.en(who)}'s " if who else ""
        whom_ja = f"{names.seat(who)}番席の" if who else ""
        verb_en = "bet" if start == 0 else "raise"
        en = (
            f"The last full {verb_en} was {whom_en}{f'bet of {end:,}' if start == 0 else f'raise from {start:,} to {end:,}'}, "
            f"an increment of {hand.increment:,}. The bet to match is {hand.level:,}, so the minimum raise is to "
            f"{hand.level:,} + {hand.increment:,} = {full:,}."
        )
        ja_last = f"{end:,}のベット" if start == 0 else f"{start:,}から{end:,}へのレイズ"
        ja = (
            f"直前のフルベット・フルレイズは{whom_ja}{ja_last}で、上乗せ額は{hand.increment:,}です。"
            f"現在のベット額は{hand.level:,}なので、最低レイズ額は{hand.level:,}＋{hand.increment:,}＝{full:,}です。"
        )
    else:
        en = (
            f"No full raise yet on the {street}: a raise adds at least the big blind ({hand.increment:,}), "
            f"so the minimum is {hand.level:,} + {hand.increment:,} = {full:,}."
        )
        ja = (
            f"{STREET_JA[street]}ではまだフルレイズがないので、レイズはビッグブラインド分（{hand.increment:,}）以上の上乗せが必要で、"
            f"最低{hand.level:,}＋{hand.increment:,}＝{full:,}です。"
        )
    if shorts:
        rules.append("TDA 2024 Rule 47-A")
        listed_en = ", ".join(f"seat {names.seat(s['player'])} to {s['amount']:,}" for s in shorts)
        listed_ja = "、".join(f"{names.seat(s['player'])}番席の{s['amount']:,}" for s in shorts)
        en += (
            f" The all-in for less than a full raise ({listed_en}) does not change the increment: "
            "the minimum raise is always the last full bet or raise (TDA 2024 Rule 47-A)."
        )
        ja += (
            f"フルレイズに満たないオールイン（{listed_ja}）では上乗せ額は変わりません。"
            "最低レイズは直前の有効なフルベット・フルレイズが基準です（TDA 2024 ルール47-A）。"
        )
    if low is None:
        reason = why_no_raise(hand, i)
        if reason == "not_reopened":
            en += (
                f" But seat {names.seat(p)} has already acted and faces less than a full raise, "
                "so may only call or fold (TDA 2024 Rule 47-A)."
            )
            ja += (
                f"ただし{names.seat(p)}番席はすでにアクションしていて、フルレイズに満たない増額にしか直面していないので、"
                "コールかフォールドしかできません（TDA 2024 ルール47-A）。"
            )
        elif reason == "nobody_can_call":
            en += f" But nobody else could call more, so seat {names.seat(p)} cannot raise."
            ja += (
                f"ただし他に追加でコールできるプレイヤーがいないため、{names.seat(p)}番席はレイズできません。"
            )
        else:
            en += f" But seat {names.seat(p)} has only enough to call ({top:,} in all)."
            ja += f"ただし{names.seat(p)}番席のチップは合計{top:,}で、コールまでしかできません。"
    elif low < full:
        en += f" Seat {names.seat(p)} has only {top:,} in all, so the only raise is all-in to {top:,}."
        ja += f"{names.seat(p)}番席のチップは合計{top:,}なので、レイズするなら{top:,}のオールインだけです。"
    return Solution("min_raise", answer, tuple(dict.fromkeys(rules)), {}, explanation={"en": en, "ja": ja})


def _level_before(replay: HoldemReplay, action: dict[str, Any]) -> int:
    """The bet to match on this street just before ``action`` (a short all-in)."""
    hand = replay.hand
    level = preflop_level(hand) if hand.street == 0 else 0
    for street, record in zip(replay.streets, hand.history, strict=True):
        if street != hand.street or record.kind not in ("bet", "raise"):
            continue
        if record.amount == action["amount"] and record.player == action["player"]:
            return level
        level = max(level, record.amount)
    return level


def _short_all_in_sets_increment(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    replay = scenario.replay()
    hand = replay.hand
    i = hand.actor()
    if i is None:
        return
    shorts = short_all_ins(hand, street_actions(replay))
    if shorts and right["min_raise_to"] is not None:
        top = hand.bets[i] + hand.stacks[i]
        previous = _level_before(replay, shorts[-1])
        step = shorts[-1]["amount"] - previous
        yield (
            "short_all_in_sets_increment",
            {"increment": step},
            {**right, "increment": step, "min_raise_to": min(hand.level + step, top)},
        )


def solve(scenario: HoldemScenario) -> Solution:
    return _min_raise(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "raise_from_the_bet": raise_from_the_bet,
    "short_all_in_reopens": short_all_in_reopens,
    "short_all_in_sets_increment": _short_all_in_sets_increment,
}


KIND = QuestionKind(
    name="min_raise",
    family="holdem",
    label=("Minimum raise", "ミニマムレイズ"),
    fields=(
        Field("seat", SEAT, ("Player to act", "アクションする席")),
        Field("min_raise_to", AMOUNT, ("Minimum raise to", "最低レイズ額（合計）"), none_allowed=True),
        Field("increment", AMOUNT, ("Raise increment", "レイズ幅")),
    ),
    solve=solve,
    focus=("after_raise", "short_all_in", "postflop_bet", "heads_up"),
    unjudged=("to_match", "full_raise_to", "all_in_only"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_holdem,
)
