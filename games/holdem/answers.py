"""Answers to the hold'em question kinds (seed document 002), with explanations in English and
Japanese, the table view and the common misreadings (docs/scenario-format-extensions.md 1).

Seats in answers and explanations are seat numbers (``seats``), never PHH player numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.documents import hand_phrase, not_applicable, seats_en, seats_ja
from games.core.hands import best_high
from games.holdem.document import HoldemReplay, HoldemScenario, nominal_blinds, positions
from games.holdem.hand import HoldemHand
from games.holdem.view import holdem_table_view
from games.questions.solution import Solution

__all__ = ["holdem_misreadings", "holdem_table_view", "solve_holdem"]

Candidate = tuple[str, dict[str, Any], dict[str, Any]]

STREET_JA = {"preflop": "プリフロップ", "flop": "フロップ", "turn": "ターン", "river": "リバー"}
STREET_EN = {"preflop": "preflop", "flop": "on the flop", "turn": "on the turn", "river": "on the river"}
POSITION_EN = {
    "SB": "the small blind",
    "BB": "the big blind",
    "STR": "the straddle",
    "BTN": "the button",
    "BTN/SB": "the button and small blind",
}
POSITION_JA = {"SB": "SB", "BB": "BB", "STR": "ストラドル", "BTN": "ボタン", "BTN/SB": "ボタン兼SB"}
NO_OPTIONS: dict[str, Any] = {"fold": False, "check": False, "call": None, "bet_to": None, "raise_to": None}


class _Names:
    """Seat numbers and position labels of one scenario, for sentences."""

    def __init__(self, scenario: HoldemScenario) -> None:
        self.scenario = scenario
        self.positions = positions(scenario)

    def seat(self, player: int) -> int:
        """Seat of a 1-based player."""
        return self.scenario.seat(player)

    def en(self, player: int) -> str:
        pos = self.positions.get(player)
        return f"seat {self.seat(player)}" + (f" ({POSITION_EN[pos]})" if pos else "")

    def ja(self, player: int) -> str:
        pos = self.positions.get(player)
        return f"{self.seat(player)}番席" + (f"（{POSITION_JA[pos]}）" if pos else "")


def _big_blind_player(scenario: HoldemScenario) -> int:
    """The 1-based player of the largest blind or straddle (the last to act preflop)."""
    blinds = nominal_blinds(scenario)
    return 1 + max(range(len(blinds)), key=lambda k: (blinds[k], k))


def _street_actions(replay: HoldemReplay) -> list[dict[str, Any]]:
    """This street's voluntary actions: player (1-based), kind, amount, all-in."""
    hand = replay.hand
    return [
        {"player": r.player, "kind": r.kind, "amount": r.amount, "all_in": r.all_in}
        for street, r in zip(replay.streets, hand.history, strict=True)
        if street == hand.street and r.player is not None and r.kind not in ("show", "muck")
    ]


def _require_dealt(kind: str, hand: HoldemHand) -> None:
    if hand.phase == "deal_hole":
        raise not_applicable(kind, "the hole cards are still being dealt (002 section 2)")


# --- next action ---------------------------------------------------------------------------


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


def _why_no_raise(hand: HoldemHand, i: int) -> str | None:
    """Why player ``i`` may not raise: ``call_is_all_in``, ``nobody_can_call``, ``not_reopened``."""
    if hand.raise_allowed(i):
        return None
    if hand.bets[i] + hand.stacks[i] <= hand.level:
        return "call_is_all_in"
    if not any(hand.bets[j] + hand.stacks[j] > hand.level for j in hand.contenders() if j != i):
        return "nobody_can_call"
    return "not_reopened"


def _next_action(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    _require_dealt("next_action", hand)
    names = _Names(scenario)
    street = hand.street_name
    i = hand.actor()
    if i is None:
        done: dict[str, Any] = {
            "seat": None,
            "options": dict(NO_OPTIONS),
            "round_complete": True,
            "street": street,
        }
        text = _round_text(scenario, replay)
        return Solution("next_action", done, ("Hold'em rules §5",), {}, explanation=text)
    p = i + 1
    options = _options(hand, i)
    actions = _street_actions(replay)
    big = _big_blind_player(scenario)
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
    blocked = _why_no_raise(hand, i)
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


def _preflop_first_why(scenario: HoldemScenario, names: _Names, big: int) -> tuple[str, str]:
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


# --- minimum raise ---------------------------------------------------------------------------


def _min_raise(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    _require_dealt("min_raise", hand)
    i = hand.actor()
    if i is None:
        raise not_applicable("min_raise", "nobody is to act: the betting round is over (002 section 5)")
    names = _Names(scenario)
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
    actions = _street_actions(replay)
    shorts = _short_all_ins(hand, actions)
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
        reason = _why_no_raise(hand, i)
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


def _short_all_ins(hand: HoldemHand, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """This street's all-in bets or raises that were not full raises, after the last full one."""
    out: list[dict[str, Any]] = []
    level, increment = 0, hand.table.big_blind
    if hand.street == 0:
        level = _preflop_level(hand)
        increment = max(hand.table.big_blind, max(_nominal(hand)))
    for a in actions:
        if a["kind"] not in ("bet", "raise"):
            continue
        if a["amount"] - level >= increment:
            increment = a["amount"] - level
            out = []
        elif a["all_in"]:
            out.append(a)
        level = max(level, a["amount"])
    return out


def _nominal(hand: HoldemHand) -> list[int]:
    table = hand.table
    return [table.posted(table.blinds_or_straddles, k) for k in range(table.player_count)]


def _preflop_level(hand: HoldemHand) -> int:
    """The amount to match before anyone acted preflop: the largest blind actually posted."""
    table = hand.table
    return max(
        min(n, table.starting_stacks[k] - table.posted(table.antes, k)) for k, n in enumerate(_nominal(hand))
    )


# --- is the round over ---------------------------------------------------------------------------


def _round_facts(scenario: HoldemScenario, replay: HoldemReplay) -> dict[str, Any]:
    hand = replay.hand
    names = _Names(scenario)
    complete = hand.phase != "betting"
    pending = [i + 1 for i in hand.pending()]
    owes = {
        str(names.seat(q)): hand.level - hand.bets[q - 1] for q in pending if hand.bets[q - 1] < hand.level
    }
    live = hand.contenders()
    able = [i for i in live if hand.stacks[i] > 0]
    big = _big_blind_player(scenario)
    if complete:
        if len(live) == 1:
            reason = "one_player_left"
        elif len(able) <= 1:
            reason = "no_more_betting"
        else:
            reason = "all_acted_and_matched"
    elif owes:
        reason = "bet_not_matched"
    elif hand.street == 0 and big in pending and not hand.acted[big - 1]:
        reason = "big_blind_option"
    else:
        reason = "not_all_acted"
    return {
        "complete": complete,
        "street": hand.street_name,
        "pending": sorted(names.seat(q) for q in pending),
        "owes": owes,
        "reason": reason,
        "pending_players": pending,
        "big": big,
    }


def _round_text(scenario: HoldemScenario, replay: HoldemReplay) -> dict[str, str]:
    hand = replay.hand
    names = _Names(scenario)
    f = _round_facts(scenario, replay)
    street = f["street"]
    reason = f["reason"]
    if reason == "one_player_left":
        winner = hand.contenders()[0] + 1
        return {
            "en": f"The betting is over: everyone else folded, so {names.en(winner)} wins without a showdown.",
            "ja": f"ベッティングは終わりです。他の全員がフォールドしたので、{names.ja(winner)}がショーダウンなしで勝ちます。",
        }
    if reason == "no_more_betting":
        return {
            "en": f"The {street} betting is over: at most one player still has chips and owes nothing, "
            "so the rest of the board is dealt without betting (Hold'em rules §5).",
            "ja": f"{STREET_JA[street]}のベッティングは終わりです。チップが残っているのは1人以下で、"
            "コールする額も残っていないので、残りのボードはベットなしで配ります。",
        }
    if reason == "all_acted_and_matched":
        level = hand.level
        return {
            "en": f"The {street} betting round is complete: every player who can still bet has acted "
            f"and matched the bet ({level:,}); all-in players are left out (Hold'em rules §5).",
            "ja": f"{STREET_JA[street]}のベッティングラウンドは終わりです。ベットできる全員がアクション済みで、"
            f"ベット額（{level:,}）に揃っています。オールインのプレイヤーは判定から除きます。",
        }
    pending = f["pending_players"]
    owes_en = [
        f"seat {names.seat(q)} owes {hand.level - hand.bets[q - 1]:,}"
        for q in pending
        if hand.bets[q - 1] < hand.level
    ]
    owes_ja = [
        f"{names.seat(q)}番席があと{hand.level - hand.bets[q - 1]:,}"
        for q in pending
        if hand.bets[q - 1] < hand.level
    ]
    yet = [q for q in pending if hand.bets[q - 1] >= hand.level]
    en = f"The {street} betting is not over"
    ja = f"{STREET_JA[street]}のベッティングはまだ終わりません"
    parts_en, parts_ja = [], []
    if owes_en:
        parts_en.append("; ".join(owes_en))
        parts_ja.append("、".join(owes_ja) + "をコールしていません")
    if yet:
        if reason == "big_blind_option":
            parts_en.append(f"nobody raised, so {names.en(f['big'])} still has the option to check or raise")
            parts_ja.append(f"誰もレイズしていないので、{names.ja(f['big'])}にまだオプションがあります")
        else:
            parts_en.append(f"{seats_en([names.seat(q) for q in yet])} has not acted yet this round")
            parts_ja.append(f"{seats_ja([names.seat(q) for q in yet])}がまだアクションしていません")
    return {"en": en + ": " + "; ".join(parts_en) + ".", "ja": ja + "。" + "。".join(parts_ja) + "。"}


def _round_over(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    _require_dealt("round_over", replay.hand)
    f = _round_facts(scenario, replay)
    answer = {k: f[k] for k in ("complete", "street", "pending", "owes", "reason")}
    rules = ["Hold'em rules §5"]
    if f["reason"] == "big_blind_option":
        rules.append("Hold'em rules §3.1")
    return Solution("round_over", answer, tuple(rules), {}, explanation=_round_text(scenario, replay))


# --- pots -----------------------------------------------------------------------------------


def _pots(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    _require_dealt("pots", hand)
    names = _Names(scenario)
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


# --- award -----------------------------------------------------------------------------------


def _award(scenario: HoldemScenario, replay: HoldemReplay) -> Solution:
    hand = replay.hand
    if hand.phase != "over":
        raise not_applicable(
            "award",
            "the pots are awarded once every hand is shown or mucked (002 section 7)",
            phase=hand.phase,
        )
    names = _Names(scenario)
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
            shares_en = ", ".join(f"seat {s} {awards[str(s)]:,}" for s in winners)
            shares_ja = "、".join(f"{s}番席{awards[str(s)]:,}" for s in winners)
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


# --- dispatch -------------------------------------------------------------------------------


def solve_holdem(scenario: HoldemScenario) -> Solution:
    from games.core.errors import EngineError

    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    replay = scenario.replay()
    kind = scenario.kind
    if kind == "next_action":
        return _next_action(scenario, replay)
    if kind == "min_raise":
        return _min_raise(scenario, replay)
    if kind == "round_over":
        return _round_over(scenario, replay)
    if kind == "pots":
        return _pots(scenario, replay)
    return _award(scenario, replay)


# --- misreadings -----------------------------------------------------------------------------


def holdem_misreadings(scenario: HoldemScenario, kind: str, right: dict[str, Any]) -> Iterator[Candidate]:
    """Alternative answers that common misreadings of 002 and TDA would give."""
    replay = scenario.replay()
    hand = replay.hand
    seat = scenario.seat
    if kind in ("next_action", "min_raise") and (i := hand.actor()) is not None:
        full = hand.level + hand.increment
        top = hand.bets[i] + hand.stacks[i]
        if hand.level > 0 and 2 * hand.level != full and right.get("seat") is not None:
            doubled = min(2 * hand.level, top)
            if kind == "min_raise":
                yield (
                    "raise_from_the_bet",
                    {"bet": hand.level},
                    {**right, "min_raise_to": doubled, "increment": hand.level},
                )
            elif right["options"]["raise_to"]:
                options = {**right["options"], "raise_to": [doubled, top]}
                yield "raise_from_the_bet", {"bet": hand.level}, {**right, "options": options}
        if _why_no_raise(hand, i) == "not_reopened":
            if kind == "min_raise":
                yield "short_all_in_reopens", {}, {**right, "min_raise_to": min(full, top)}
            else:
                options = {**right["options"], "raise_to": [min(full, top), top]}
                yield "short_all_in_reopens", {}, {**right, "options": options}
        shorts = _short_all_ins(hand, _street_actions(replay))
        if kind == "min_raise" and shorts and right["min_raise_to"] is not None:
            previous = _level_before(replay, shorts[-1])
            step = shorts[-1]["amount"] - previous
            yield (
                "short_all_in_sets_increment",
                {"increment": step},
                {**right, "increment": step, "min_raise_to": min(hand.level + step, top)},
            )
        if kind == "next_action" and not _street_actions(replay):
            n = hand.player_count
            if hand.street == 0:
                alt = next((k for k in range(n) if not hand.folded[k] and hand.stacks[k] > 0), None)
                if alt is not None and alt != i:
                    yield "preflop_starts_with_small_blind", {}, {**right, "seat": seat(alt + 1)}
            else:
                big = _big_blind_player(scenario) - 1
                alt = next(
                    (
                        (big + s) % n
                        for s in range(1, n + 1)
                        if not hand.folded[(big + s) % n] and hand.stacks[(big + s) % n] > 0
                    ),
                    None,
                )
                if alt is not None and alt != i:
                    yield "postflop_starts_left_of_big_blind", {}, {**right, "seat": seat(alt + 1)}
    if kind in ("next_action", "round_over"):
        f = _round_facts(scenario, replay)
        if f["reason"] == "big_blind_option":
            if kind == "round_over":
                yield "big_blind_option_skipped", {}, {**right, "complete": True, "pending": []}
            else:
                yield "big_blind_option_skipped", {}, {**right, "seat": None, "round_complete": True}
        if kind == "round_over":
            behind = [
                seat(k + 1)
                for k in hand.contenders()
                if hand.stacks[k] == 0 and hand.bets[k] < max(hand.bets) and hand.phase != "over"
            ]
            if behind:
                pending = sorted({*right["pending"], *behind})
                yield "all_in_player_must_match", {}, {**right, "complete": False, "pending": pending}
    if kind == "pots":
        yield from _pot_misreadings(scenario, hand, right)
    if kind == "award":
        yield from _award_misreadings(scenario, hand, right)


def _level_before(replay: HoldemReplay, action: dict[str, Any]) -> int:
    """The bet to match on this street just before ``action`` (a short all-in)."""
    hand = replay.hand
    level = _preflop_level(hand) if hand.street == 0 else 0
    for street, record in zip(replay.streets, hand.history, strict=True):
        if street != hand.street or record.kind not in ("bet", "raise"):
            continue
        if record.amount == action["amount"] and record.player == action["player"]:
            return level
        level = max(level, record.amount)
    return level


def _pot_misreadings(
    scenario: HoldemScenario, hand: HoldemHand, right: dict[str, Any]
) -> Iterator[Candidate]:
    seat = scenario.seat
    live = [k + 1 for k in hand.contenders()]
    total = sum(hand.committed)
    if len(right["pots"]) > 1 or right["returned"]:
        yield (
            "no_side_pots",
            {},
            {"pots": [{"amount": total, "eligible": [seat(p) for p in live]}], "returned": {}},
        )
    if right["returned"]:
        layered = _layers([c for c in hand.committed], hand)
        yield "excess_not_returned", {}, {"pots": layered, "returned": {}}
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


def _award_misreadings(
    scenario: HoldemScenario, hand: HoldemHand, right: dict[str, Any]
) -> Iterator[Candidate]:
    seat = scenario.seat
    chip = scenario.chip
    # Odd chips counted from the other end (the button side first).
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
        awards = {str(seat(p)): (share + (1 if k < odd else 0)) * chip for k, p in enumerate(sorted(top))}
        if awards != right["awards"]:
            yield "best_hand_takes_every_pot", {}, {**right, "awards": awards}
    if right["returned"]:
        awards = dict(right["awards"])
        last = right["pots"][-1]["winners"][0] if right["pots"] else None
        if last is not None:
            extra = sum(right["returned"].values())
            awards[str(last)] = awards.get(str(last), 0) + extra
            yield "uncalled_bet_awarded", {}, {**right, "awards": awards, "returned": {}}


MISREAD_TEXT: dict[str, tuple[str, str]] = {
    "raise_from_the_bet": (
        "That doubles the bet ({bet:,}); the minimum raise adds the last full raise increment to the bet, not the bet itself (Hold'em rules §4, TDA 2024 Rule 43).",
        "それはベット額（{bet:,}）を2倍にしています。最低レイズは現在のベット額に、直前のフルレイズの上乗せ額を足した額です（ホールデムのルール§4、TDA 2024 ルール43）。",
    ),
    "short_all_in_reopens": (
        "The all-in was less than a full raise, so it does not reopen the betting for a player who has already acted (TDA 2024 Rule 47-A).",
        "オールインの増額がフルレイズに満たないので、すでにアクションしたプレイヤーにはベットがリオープンしません（TDA 2024 ルール47-A）。",
    ),
    "short_all_in_sets_increment": (
        "That takes the short all-in's increment ({increment:,}) as the new minimum; an all-in for less than a full raise leaves the last full raise as the minimum (TDA 2024 Rule 47-A).",
        "それはフルレイズに満たないオールインの増額（{increment:,}）を基準にしています。最低レイズは直前の有効なフルレイズが基準のままです（TDA 2024 ルール47-A）。",
    ),
    "preflop_starts_with_small_blind": (
        "Preflop the action starts left of the big blind, not with the small blind (Hold'em rules §3.1).",
        "プリフロップはSBからではなく、BBの左隣から始まります（ホールデムのルール§3.1）。",
    ),
    "postflop_starts_left_of_big_blind": (
        "After the flop the action starts with the first player still in from the button's left, not left of the big blind (Hold'em rules §3.2).",
        "フロップ以降はBBの左隣ではなく、ボタンの左から最初に残っているプレイヤーが先にアクションします（ホールデムのルール§3.2）。",
    ),
    "big_blind_option_skipped": (
        "Nobody raised, but the big blind has not acted: posting a blind is not acting, so the big blind still has the option (Hold'em rules §3.1).",
        "誰もレイズしていませんが、BBはまだアクションしていません。ブラインドを置くことはアクションではないので、BBにオプションが残っています（ホールデムのルール§3.1）。",
    ),
    "all_in_player_must_match": (
        "An all-in player has nothing left to put in and is left out of the round-complete check (Hold'em rules §5).",
        "オールインのプレイヤーはもう出せるチップがないので、ラウンド終了の判定から除きます（ホールデムのルール§5）。",
    ),
    "no_side_pots": (
        "That makes one pot; an all-in player can win only up to what they put in, so side pots are needed (Hold'em rules §8).",
        "それはポットを1つにしています。オールインのプレイヤーは自分が入れた額までしか取れないので、サイドポットが必要です（ホールデムのルール§8）。",
    ),
    "excess_not_returned": (
        "That leaves in the pot a bet nobody can call; the uncalled part goes back to its owner.",
        "それは誰もコールできないベットをポットに入れています。コールされていない分は本人に返します。",
    ),
    "folded_chips_left_out": (
        "That leaves out the chips of folded players; they stay in the pots they reached.",
        "それはフォールドしたプレイヤーのチップを抜いています。そのチップも届いているポットに残ります。",
    ),
    "odd_chip_from_the_button": (
        "The odd chip goes to the first tied winner from the button's left, not from the button's side (TDA 2024 Rule 20).",
        "端数のチップはボタン側からではなく、ボタンの左から最初の勝者に渡します（TDA 2024 ルール20）。",
    ),
    "best_hand_takes_every_pot": (
        "That gives every pot to the best hand; a player can win only the pots they are eligible for, each pot is decided on its own (TDA 2024 Rule 21).",
        "それはすべてのポットを一番強いハンドに渡しています。プレイヤーは参加資格のあるポットしか取れず、ポットごとに勝者を決めます（TDA 2024 ルール21）。",
    ),
    "uncalled_bet_awarded": (
        "The uncalled bet is not won: it goes back to the player who bet it.",
        "コールされなかったベットは獲得するものではなく、ベットした本人に戻します。",
    ),
}
