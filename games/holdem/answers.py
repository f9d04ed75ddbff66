"""What the hold'em question kinds share (seed document 002): seat and position names for the
explanations, this street's actions, why a raise is not allowed, the short all-ins, whether
the betting round is over, and the sentences of the common misreadings
(docs/scenario-format-extensions.md 1). Each kind answers in its own module (``kinds``).

Seats in answers and explanations are seat numbers (``seats``), never PHH player numbers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import not_applicable, seats_en, seats_ja
from games.holdem.document import HoldemReplay, HoldemScenario, nominal_blinds, positions
from games.holdem.hand import HoldemHand

__all__ = [
    "MISREAD_TEXT",
    "Names",
    "big_blind_option_skipped",
    "big_blind_player",
    "misread_texts",
    "preflop_level",
    "raise_from_the_bet",
    "require_dealt",
    "round_facts",
    "round_text",
    "short_all_in_reopens",
    "short_all_ins",
    "street_actions",
    "why_no_raise",
]

Candidate = tuple[str, dict[str, Any], Mapping[str, Any]]

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


class Names:
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


def big_blind_player(scenario: HoldemScenario) -> int:
    """The 1-based player of the largest blind or straddle (the last to act preflop)."""
    blinds = nominal_blinds(scenario)
    return 1 + max(range(len(blinds)), key=lambda k: (blinds[k], k))


def street_actions(replay: HoldemReplay) -> list[dict[str, Any]]:
    """This street's voluntary actions: player (1-based), kind, amount, all-in."""
    hand = replay.hand
    return [
        {"player": r.player, "kind": r.kind, "amount": r.amount, "all_in": r.all_in}
        for street, r in zip(replay.streets, hand.history, strict=True)
        if street == hand.street and r.player is not None and r.kind not in ("show", "muck")
    ]


def require_dealt(kind: str, hand: HoldemHand) -> None:
    if hand.phase == "deal_hole":
        raise not_applicable(kind, "the hole cards are still being dealt (002 section 2)")


def why_no_raise(hand: HoldemHand, i: int) -> str | None:
    """Why player ``i`` may not raise: ``call_is_all_in``, ``nobody_can_call``, ``not_reopened``."""
    if hand.raise_allowed(i):
        return None
    if hand.bets[i] + hand.stacks[i] <= hand.level:
        return "call_is_all_in"
    if not any(hand.bets[j] + hand.stacks[j] > hand.level for j in hand.contenders() if j != i):
        return "nobody_can_call"
    return "not_reopened"


def short_all_ins(hand: HoldemHand, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """This street's all-in bets or raises that were not full raises, after the last full one."""
    out: list[dict[str, Any]] = []
    level, increment = 0, hand.table.big_blind
    if hand.street == 0:
        level = preflop_level(hand)
        increment = max(hand.table.big_blind, max(nominal(hand)))
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


def nominal(hand: HoldemHand) -> list[int]:
    table = hand.table
    return [table.posted(table.blinds_or_straddles, k) for k in range(table.player_count)]


def preflop_level(hand: HoldemHand) -> int:
    """The amount to match before anyone acted preflop: the largest blind actually posted."""
    table = hand.table
    return max(
        min(n, table.starting_stacks[k] - table.posted(table.antes, k)) for k, n in enumerate(nominal(hand))
    )


# --- is the round over ---------------------------------------------------------------------------


def round_facts(scenario: HoldemScenario, replay: HoldemReplay) -> dict[str, Any]:
    hand = replay.hand
    names = Names(scenario)
    complete = hand.phase != "betting"
    pending = [i + 1 for i in hand.pending()]
    owes = {
        str(names.seat(q)): hand.level - hand.bets[q - 1] for q in pending if hand.bets[q - 1] < hand.level
    }
    live = hand.contenders()
    able = [i for i in live if hand.stacks[i] > 0]
    big = big_blind_player(scenario)
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


def round_text(scenario: HoldemScenario, replay: HoldemReplay) -> dict[str, str]:
    hand = replay.hand
    names = Names(scenario)
    f = round_facts(scenario, replay)
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


# --- misreadings shared by two kinds --------------------------------------------------------------


def raise_from_the_bet(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """The minimum raise read as twice the bet (next action, minimum raise)."""
    hand = scenario.replay().hand
    i = hand.actor()
    if i is None:
        return
    full = hand.level + hand.increment
    top = hand.bets[i] + hand.stacks[i]
    if hand.level > 0 and 2 * hand.level != full and right.get("seat") is not None:
        doubled = min(2 * hand.level, top)
        if scenario.kind == "min_raise":
            yield (
                "raise_from_the_bet",
                {"bet": hand.level},
                {**right, "min_raise_to": doubled, "increment": hand.level},
            )
        elif right["options"]["raise_to"]:
            options = {**right["options"], "raise_to": [doubled, top]}
            yield "raise_from_the_bet", {"bet": hand.level}, {**right, "options": options}


def short_all_in_reopens(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """A short all-in read as reopening the betting (next action, minimum raise)."""
    hand = scenario.replay().hand
    i = hand.actor()
    if i is None or why_no_raise(hand, i) != "not_reopened":
        return
    full = hand.level + hand.increment
    top = hand.bets[i] + hand.stacks[i]
    if scenario.kind == "min_raise":
        yield "short_all_in_reopens", {}, {**right, "min_raise_to": min(full, top)}
    else:
        options = {**right["options"], "raise_to": [min(full, top), top]}
        yield "short_all_in_reopens", {}, {**right, "options": options}


def big_blind_option_skipped(scenario: HoldemScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """The big blind's option forgotten (next action, round over)."""
    if round_facts(scenario, scenario.replay())["reason"] != "big_blind_option":
        return
    if scenario.kind == "round_over":
        yield "big_blind_option_skipped", {}, {**right, "complete": True, "pending": []}
    else:
        yield "big_blind_option_skipped", {}, {**right, "seat": None, "round_complete": True}


def misread_texts(*codes: str) -> dict[str, tuple[str, str]]:
    """The sentences of the misreadings ``codes``, for a kind's declaration."""
    return {code: MISREAD_TEXT[code] for code in codes}


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
