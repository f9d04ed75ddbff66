"""The next action question of no-limit hold'em: who acts next, and the options."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import seats_en, seats_ja
from games.holdem.answers import (
    NO_OPTIONS,
    STREET_EN,
    STREET_JA,
    Candidate,
    Names,
    big_blind_option_skipped,
    big_blind_player,
    misread_texts,
    raise_from_the_bet,
    require_dealt,
    round_text,
    short_all_in_reopens,
    street_actions,
    why_no_raise,
)
from games.holdem.document import HoldemReplay, HoldemScenario
from games.holdem.hand import HoldemHand
from games.holdem.rebuild import rebuild_holdem
from games.questions.fields import OPTIONS, SEAT, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution


def _options(hand: HoldemHand, i: int) -> dict[str, Any]:
    owe = hand.level - hand.bets[i]
    top = hand.bets[i] + hand.stacks[i]
    low = hand.min_raise_to()
    span = [low, top] if low is not None else None
    return {
        "fold": True,
        "check": owe == 0,
        "call": min(owe, hand.stacks[i]) if owe > 0 else None,
        "bet_to": span if hand.level == 0 else None,
        "raise_to": span if hand.level > 0 else None,
    }


def _next_action(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    require_dealt("next_action", hand)
    names = Names(scenario)
    street = hand.street_name
    i = hand.actor()
    if i is None:
        done: dict[str, Any] = {
            "seat": None,
            "options": dict(NO_OPTIONS),
            "round_complete": True,
            "street": street,
        }
        text = round_text(scenario, replay)
        return Solution("next_action", done, ("Hold'em rules §5",), {}, explanation=text)
    p = i + 1
    options = _options(hand, i)
    actions = street_actions(replay)
    big = big_blind_player(scenario)
    rules = ["Hold'em rules §4"]
    if not actions and street == "preflop":
        reason = "preflop_first"
        rules.insert(0, "Hold'em rules §3.1")
        en_why, ja_why = _preflop_first_why(scenario, names, big)
    elif not actions:
        reason = "postflop_first"
        rules.insert(0, "Hold'em rules §3.2")
        en_why = f"on the {street} the first player still in the hand with chips, from the button's left, acts first"
        ja_why = f"{STREET_JA[street]}では、ボタンの左から数えて最初の、チップが残っているプレイヤーが最初にアクションします"
    elif street == "preflop" and p == big and options["check"]:
        reason = "big_blind_option"
        rules.insert(0, "Hold'em rules §3.1")
        en_why = "nobody raised, so the big blind has the option to check or raise"
        ja_why = "誰もレイズしていないので、BBにオプション（チェックかレイズ）があります"
    elif hand.bets[i] < hand.level:
        reason = "to_match"
        rules.append("Hold'em rules §5")
        en_why = (
            f"the action moves clockwise to the next player who has not matched the bet of {hand.level:,}"
        )
        ja_why = f"アクションは時計回りに、まだ{hand.level:,}に揃えていない次のプレイヤーへ移ります"
    else:
        reason = "not_acted"
        rules.append("Hold'em rules §5")
        en_why = "the action moves clockwise, and this player has not acted yet this round"
        ja_why = "アクションは時計回りに進み、このプレイヤーはこのラウンドでまだアクションしていません"
    skipped = _skipped(hand, i)
    if skipped:
        en_why += f" ({seats_en([names.seat(q) for q in skipped])} all-in, skipped)"
        ja_why += f"（オールインの{seats_ja([names.seat(q) for q in skipped])}は飛ばします）"
    blocked = why_no_raise(hand, i)
    if blocked == "not_reopened":
        rules.append("TDA 2024 Rule 47-A")
    elif options["raise_to"] or options["bet_to"]:
        rules.append("TDA 2024 Rule 43")
    en_opts, ja_opts = ["fold"], ["フォールド"]
    if options["check"]:
        en_opts.append("check")
        ja_opts.append("チェック")
    if options["call"] is not None:
        short = options["call"] < hand.level - hand.bets[i]
        en_opts.append(f"call {options['call']:,}" + (" (all-in)" if short else ""))
        ja_opts.append(f"{options['call']:,}のコール" + ("（オールイン）" if short else ""))
    span = options["bet_to"] or options["raise_to"]
    if span is not None:
        verb_en, verb_ja = ("bet", "ベット") if options["bet_to"] else ("raise to", "レイズ")
        if span[0] == span[1]:
            en_opts.append(f"{verb_en} {span[1]:,} all-in")
            ja_opts.append(f"{span[1]:,}のオールイン{verb_ja}")
        else:
            en_opts.append(f"{verb_en} any total from {span[0]:,} to {span[1]:,}")
            ja_opts.append(f"{span[0]:,}から{span[1]:,}までの{verb_ja}")
    choices_ja = (
        "か".join(ja_opts) + "ができます"
        if len(ja_opts) == 2
        else "、".join(ja_opts) + "のいずれかを選べます"
    )
    en = (
        f"{names.en(p).capitalize()} acts next {STREET_EN[street]}: {en_why}. "
        f"Seat {names.seat(p)} may {', '.join(en_opts[:-1])} or {en_opts[-1]}."
    )
    ja = f"{STREET_JA[street]}の次のアクションは{names.ja(p)}です。{ja_why}。{names.seat(p)}番席は{choices_ja}。"
    if options["check"]:
        # 002 section 4: a fold is possible at any time, even with nothing to call (in stud a
        # fold not facing a bet is an irregularity instead).
        en += " With nothing to call, a fold is still allowed: in hold'em a player may fold at any time (Hold'em rules §4)."
        ja += "コールする額がなくてもフォールドはできます。ホールデムではいつでもフォールドできます（ホールデムのルール§4）。"
    if blocked == "not_reopened":
        en += (
            f" The all-in since seat {names.seat(p)} last acted was less than a full raise, "
            "so the betting is not reopened: no raise (TDA 2024 Rule 47-A)."
        )
        ja += (
            f"{names.seat(p)}番席が前回アクションしてからのオールインはフルレイズに満たないため、"
            "ベットはリオープンせず、レイズはできません（TDA 2024 ルール47-A）。"
        )
    elif blocked == "nobody_can_call":
        en += " Nobody else could call more, so a raise is not possible."
        ja += "他に追加でコールできるプレイヤーがいないため、レイズはできません。"
    answer: dict[str, Any] = {
        "seat": names.seat(p),
        "options": options,
        "round_complete": False,
        "street": street,
    }
    return Solution(
        "next_action",
        answer,
        tuple(dict.fromkeys(rules)),
        {"reason": reason},
        explanation={"en": en, "ja": ja},
    )


def _preflop_first_why(scenario: HoldemScenario, names: Names, big: int) -> tuple[str, str]:
    """Why the first player to act preflop does (002 section 3.1), naming the big blind as the
    seat that posted it, never in a way that reads as if the big blind acted first."""
    seat = names.seat(big)
    if len(scenario.starting_stacks) == 2:
        return (
            f"heads-up the button posts the small blind and acts first preflop; the big blind, seat {seat}, acts last",
            f"ヘッズアップではボタンがスモールブラインドを置き、プリフロップは最初にアクションします（ビッグブラインドの{seat}番席は最後）",
        )
    straddle = names.positions.get(big) == "STR"
    blind_en, blind_ja = ("a straddle", "ストラドル") if straddle else ("the big blind", "ビッグブラインド")
    return (
        f"seat {seat} posted {blind_en}, and preflop the first to act is the player to its left",
        f"{seat}番席が{blind_ja}を置いているので、プリフロップはその左隣のプレイヤーから始まります",
    )


def _skipped(hand: HoldemHand, actor: int) -> list[int]:
    """All-in players (1-based) passed over between the last player to act and ``actor``."""
    n = hand.player_count
    out = []
    k = (hand._last + 1) % n
    while k != actor:
        if not hand.folded[k] and hand.stacks[k] == 0:
            out.append(k + 1)
        k = (k + 1) % n
    return out


def _preflop_starts_with_small_blind(
    scenario: HoldemScenario, right: Mapping[str, Any]
) -> Iterator[Candidate]:
    replay = scenario.replay()
    hand = replay.hand
    i = hand.actor()
    if i is None or street_actions(replay) or hand.street != 0:
        return
    alt = next((k for k in range(hand.player_count) if not hand.folded[k] and hand.stacks[k] > 0), None)
    if alt is not None and alt != i:
        yield "preflop_starts_with_small_blind", {}, {**right, "seat": scenario.seat(alt + 1)}


def _postflop_starts_left_of_big_blind(
    scenario: HoldemScenario, right: Mapping[str, Any]
) -> Iterator[Candidate]:
    replay = scenario.replay()
    hand = replay.hand
    i = hand.actor()
    if i is None or street_actions(replay) or hand.street == 0:
        return
    n = hand.player_count
    big = big_blind_player(scenario) - 1
    alt = next(
        (
            (big + s) % n
            for s in range(1, n + 1)
            if not hand.folded[(big + s) % n] and hand.stacks[(big + s) % n] > 0
        ),
        None,
    )
    if alt is not None and alt != i:
        yield "postflop_starts_left_of_big_blind", {}, {**right, "seat": scenario.seat(alt + 1)}


def solve(scenario: HoldemScenario) -> Solution:
    return _next_action(scenario, scenario.replay())


MISREADINGS: dict[str, Finder] = {
    "raise_from_the_bet": raise_from_the_bet,
    "short_all_in_reopens": short_all_in_reopens,
    "preflop_starts_with_small_blind": _preflop_starts_with_small_blind,
    "postflop_starts_left_of_big_blind": _postflop_starts_left_of_big_blind,
    "big_blind_option_skipped": big_blind_option_skipped,
}


KIND = QuestionKind(
    name="next_action",
    family="holdem",
    label=("Next action", "次のアクション"),
    fields=(
        Field("seat", SEAT, ("Next to act", "次にアクションする席"), none_allowed=True),
        Field("options", OPTIONS, ("Options", "選べるアクション")),
    ),
    solve=solve,
    focus=("preflop_first", "big_blind_option", "short_all_in", "heads_up", "postflop"),
    unjudged=("street", "round_complete"),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_holdem,
)
