"""Explanations of the next action question (see :mod:`games.stud.explain`): who acts, why,
and with which options, and why a raise is not among them."""

from __future__ import annotations

from typing import Any

from games.stud.explain import (
    STREET_EN,
    Text,
    amount,
    board_lines,
    seat_ja,
    street_ja,
)

__all__ = ["ACTION_EN", "ACTION_JA", "next_action_text"]


def _options_text(seat: int | None, o: dict[str, Any]) -> tuple[str, str]:
    en: list[str] = []
    ja: list[str] = []
    if o["bring_in"] is not None:
        en.append(f"post the bring-in ({amount(o['bring_in'])})")
        ja.append(f"ブリングイン（{amount(o['bring_in'])}）")
    if o["fold"]:
        en.insert(0, "fold")
        ja.insert(0, "フォールド")
    if o["check"]:
        en.append("check")
        ja.append("チェック")
    if o["call"] is not None:
        en.append(f"call {amount(o['call'])}")
        ja.append(f"{amount(o['call'])}をコール")
    if o["complete_to"] is not None:
        en.append(f"complete to {amount(o['complete_to'])}")
        ja.append(f"{amount(o['complete_to'])}にコンプリート")
    if o["bet_to"]:
        en.append("bet " + " or ".join(amount(x) for x in o["bet_to"]))
        ja.append("・".join(amount(x) for x in o["bet_to"]) + "のベット")
    if o["raise_to"]:
        en.append("raise to " + " or ".join(amount(x) for x in o["raise_to"]))
        ja.append("・".join(amount(x) for x in o["raise_to"]) + "へのレイズ")
    text_en = ", ".join(en[:-1]) + (" or " if len(en) > 1 else "") + en[-1]
    if len(en) == 1 and o["bring_in"] is not None:
        return f"Seat {seat} can only post the bring-in ({amount(o['bring_in'])}).", (
            f"{seat_ja(seat or 0)}はブリングイン（{amount(o['bring_in'])}）を出すだけです。"
        )
    return f"Seat {seat} may {text_en}.", f"{seat_ja(seat or 0)}の選択肢は{'・'.join(ja)}です。"


ACTION_EN = {
    "post_bring_in": "brings in {a}",
    "check": "checks",
    "call": "calls {a}",
    "fold": "folds",
    "complete": "completes to {a}",
    "bet": "bets {a}",
    "raise": "raises to {a}",
}


ACTION_JA = {
    "post_bring_in": "ブリングイン{a}",
    "check": "チェック",
    "call": "{a}をコール",
    "fold": "フォールド",
    "complete": "{a}にコンプリート",
    "bet": "{a}をベット",
    "raise": "{a}にレイズ",
}


def _no_actor(f: dict[str, Any], out: Text) -> None:
    street = f["street"]
    if f["phase"] in ("showdown", "over", "settled"):
        out.say(
            "next.betting_over",
            "The betting is over; no player has an action.",
            "ベッティングは終わっていて、アクションするプレイヤーはいません。",
        )
    elif f["dealing_started"] or street == 3:
        out.say(
            "next.dealing",
            f"{STREET_EN[street]} street is being dealt: nobody acts until every card is out.",
            f"{street_ja(street)}を配っている途中なので、全員に配り終わるまでアクションはありません。",
        )
    elif f["reason"] == "rp10e_over":
        out.say(
            "next.rp10e_over",
            f"The bring-in card is seat {f['bring_in_holder']}'s, all-in on the ante, and the folds left one player with "
            "chips: nobody could call a bet, so 3rd street ends without one (TDA 2024 RP-10 E). The dealer burns and deals 4th street.",
            f"ブリングインの{seat_ja(f['bring_in_holder'])}がアンティでオールインで、フォールドが続いてチップを持つプレイヤーが1人になりました。"
            f"ベットをコールできる人がいないので、{street_ja(3)}はベットなしで終わります（TDA 2024 RP-10 E）。ディーラーはバーンして{street_ja(4)}を配ります。",
        )
    elif street - 1 in f["rounds_held"]:
        done = street - 1
        out.say(
            "next.round_complete",
            f"The betting round on {STREET_EN[done]} street is complete: the dealer burns and deals {STREET_EN[street]} street.",
            f"{street_ja(done)}のベッティングラウンドは終わりました。ディーラーはバーンして{street_ja(street)}を配ります。",
        )
    else:
        out.say(
            "next.no_round",
            f"There was no betting on {STREET_EN[street - 1]} street: the dealer burns and deals {STREET_EN[street]} street.",
            f"{street_ja(street - 1)}ではベットがありませんでした。ディーラーはバーンして{street_ja(street)}を配ります。",
        )
    if not f["betting_possible"] and f["live"] > 1 and f["phase"] in ("deal", "bet"):
        out.say(
            "next.nobody_can_bet",
            "At most one player in the hand has chips left, so nobody can bet any more: the cards are dealt out to the showdown.",
            "チップが残っているプレイヤーが1人以下なので、もうベットはできません。ショーダウンまでカードを配ります。",
        )


def next_action_text(f: dict[str, Any], out: Text) -> None:
    street = f["street"]
    seat = f["seat"]
    if seat is None:
        _no_actor(f, out)
        return
    reason = f["reason"]
    if reason == "bring_in" and f["actor_dead"]:
        out.say(
            "next.killed_bring_in",
            f"Seat {seat}'s hand is killed, but it was dealt the bring-in card: the bring-in is posted for it, "
            "and a dead hand makes no other decision (TDA 2024 Rule 30).",
            f"{seat_ja(seat)}のハンドはキルされていますが、ブリングインのカードを配られているのでブリングインは出します。"
            "デッドハンドはそれ以外の判断をしません（TDA 2024 ルール30）。",
        )
    elif reason == "bring_in" and f["stack"] <= f["bring_in"]:
        out.say(
            "next.bring_in_turn",
            f"Seat {seat} has the bring-in card, so its bring-in is posted first on 3rd street.",
            f"{seat_ja(seat)}がブリングインなので、3rdストリートでは最初にそのブリングインを出します。",
        )
    elif reason == "bring_in":
        out.say(
            "next.bring_in_turn",
            f"Seat {seat} has the bring-in card and acts first on 3rd street.",
            f"{seat_ja(seat)}がブリングインなので、3rdストリートで最初にアクションします。",
        )
    elif reason == "rp10e":
        holder = f["bring_in_holder"]
        out.say(
            "next.rp10e",
            f"The bring-in card is seat {holder}'s, all-in on the ante, so no bring-in is posted: from its left, "
            f"players with chips must bet at least the bring-in or fold (TDA 2024 RP-10 E). It is seat {seat}'s turn.",
            f"ブリングインの{seat_ja(holder)}がアンティでオールインなので、ブリングインは出ません。その左から、チップを持つプレイヤーは"
            f"少なくともブリングイン額をベットするかフォールドします（TDA 2024 RP-10 E）。いまは{seat_ja(seat)}の番です。",
        )
    elif reason == "best_board":
        board_lines(
            f["variant"],
            f["board"],
            out,
            prefix=(f"On {STREET_EN[street]} street: ", f"{street_ja(street)}です。"),
        )
    else:
        acts = f["actions"][-3:]
        if acts:
            said_en = ", ".join(
                f"seat {a['seat']} "
                + ACTION_EN[a["kind"]].format(a=amount(a["amount"]))
                + (" all-in" if a["all_in"] else "")
                for a in acts
            )
            said_ja = "、".join(
                f"{seat_ja(a['seat'])}が"
                + ACTION_JA[a["kind"]].format(a=amount(a["amount"]))
                + ("（オールイン）" if a["all_in"] else "")
                for a in acts
            )
            out.say(
                "next.history",
                f"On {STREET_EN[street]} street {said_en}: the action is on seat {seat}.",
                f"{street_ja(street)}で{said_ja}と進んだので、次は{seat_ja(seat)}のアクションです。",
            )
    short = f["short_bring_in"]
    if short is not None:
        can_complete = f["options"]["complete_to"] is not None
        out.say(
            "next.facing_short_bring_in",
            f"Seat {short['seat']}'s bring-in is all-in for {amount(short['amount'])}, less than the {amount(f['bring_in'])} "
            f"bring-in: the others must still enter for the full {amount(f['bring_in'])}"
            f"{' or complete' if can_complete else ''} (WSOP 2024 stud rules).",
            f"{seat_ja(short['seat'])}のブリングインは{amount(short['amount'])}のオールインで、ブリングイン額{amount(f['bring_in'])}に足りません。"
            f"ほかのプレイヤーは{amount(f['bring_in'])}を入れ{'るか、コンプリートし' if can_complete else ''}ます（WSOP 2024 スタッドのルール）。",
        )
    _bet_size(f, out)
    _full_all_in(f, out)
    _why_no_raise(f, out)
    o_en, o_ja = _options_text(seat, f["options"])
    out.say("next.options", o_en, o_ja)


def _bet_size(f: dict[str, Any], out: Text) -> None:
    street = f["street"]
    if len(f["units"]) > 1:
        out.say(
            "next.open_pair_sizes",
            f"With an open pair showing on 4th street, bets may be the small ({amount(f['units'][0])}) or the big bet ({amount(f['units'][1])}) under this ruleset (RRoP 7CS-4).",
            f"4thストリートでオープンペアが見えているので、このルールではスモールベット（{amount(f['units'][0])}）かビッグベット（{amount(f['units'][1])}）を選べます（RRoP 7CS-4）。",
        )
    elif street >= 4:
        size_en = "small" if street == 4 else "big"
        size_ja = "スモールベット" if street == 4 else "ビッグベット"
        out.say(
            "next.bet_size",
            f"The bet on {STREET_EN[street]} street is the {size_en} bet, {amount(f['bet_unit'])}.",
            f"{street_ja(street)}のベット額は{size_ja}の{amount(f['bet_unit'])}です。",
        )
    if f["cap_reached"]:
        if street == 3:
            count_en = "the completion is bet 1; the bring-in does not count"
            count_ja = "コンプリートが1ベット目、ブリングインは数えない"
        else:
            count_en = "the first bet is bet 1"
            count_ja = "最初のベットが1ベット目"
        out.say(
            "next.cap",
            f"The cap of {f['max_bets']} bets is reached ({count_en}), so there is no more raising (TDA 2024 Rule 48).",
            f"{f['max_bets']}ベットのキャップに達しているので（{count_ja}）、これ以上レイズできません（TDA 2024 ルール48）。",
        )
    elif f["cap_lifted"]:
        out.say(
            "next.cap_lifted",
            f"{f['max_bets']} bets are in, but only two players are left and this ruleset lifts the cap heads-up.",
            f"{f['max_bets']}ベットに達していますが、残りは2人で、このルールではヘッズアップのときキャップがありません。",
        )


_NOUN = {"complete": ("completion", "コンプリート"), "bet": ("bet", "ベット"), "raise": ("raise", "レイズ")}


def _full_all_in(f: dict[str, Any], out: Text) -> None:
    """An all-in of at least half a bet set the level: a full bet or raise (TDA 2024 Rule 47-B)."""
    made = f["full_all_in"]
    if made is None:
        return
    seat, total, before = made["seat"], made["total"], made["before"]
    noun_en, noun_ja = _NOUN[made["kind"]]
    to_en = " or ".join(amount(x) for x in made["raise_to"])
    to_ja = "・".join(amount(x) for x in made["raise_to"])
    if before:
        what_en = (
            f"Seat {seat}'s all-in {noun_en} to {amount(total)} is {amount(total - before)} over the "
            f"{amount(before)} before it"
        )
        what_ja = (
            f"{seat_ja(seat)}の{amount(total)}へのオールインの{noun_ja}は、その前の{amount(before)}から"
            f"{amount(total - before)}の増額で"
        )
    else:
        what_en = f"Seat {seat}'s all-in {noun_en} of {amount(total)} is"
        what_ja = f"{seat_ja(seat)}の{amount(total)}のオールインの{noun_ja}は"
    out.say(
        "next.full_all_in_raise",
        f"{what_en}{',' if before else ''} less than a full bet but at least half of one, so it counts as a full "
        f"{noun_en} and reopens the betting (TDA 2024 Rule 47-B): the next raise is the all-in total plus a "
        f"bet, to {to_en}.",
        f"{what_ja}{'、' if before else ''}フルの額に足りませんがベットの半分以上なので、フルの{noun_ja}として扱い、"
        f"ベッティングはリオープンします（TDA 2024 ルール47-B）。次のレイズはオールインの額にベットを加えた{to_ja}です。",
    )


def _why_no_raise(f: dict[str, Any], out: Text) -> None:
    seat, blocked, shorts = f["seat"], f["blocked"], f["short_since"]
    listed_en = ", ".join(f"seat {s['seat']} to {amount(s['total'])}" for s in shorts)
    listed_ja = "、".join(f"{seat_ja(s['seat'])}の{amount(s['total'])}" for s in shorts)
    if blocked == "not_reopened":
        out.say(
            "next.not_reopened",
            f"Seat {seat} has already acted at this level{' (the bring-in counts as acting)' if f['acted_by_bring_in'] else ''}, "
            f"and the all-in since ({listed_en}) raised by less than half a bet, which does not reopen the betting "
            "for a player who already acted (TDA 2024 Rule 47-B): call or fold only.",
            f"{seat_ja(seat)}はこのレベルですでにアクションしていて{'（ブリングインもアクションに数えます）' if f['acted_by_bring_in'] else ''}、"
            f"その後のオールイン（{listed_ja}）の増額はベットの半分未満なので、リオープンしません（TDA 2024 ルール47-B）。コールかフォールドだけです。",
        )
    elif blocked == "call_is_all_in":
        out.say(
            "next.call_is_all_in",
            f"Seat {seat} has {amount(f['stack'])} behind, no more than the call, so calling puts seat {seat} all-in and there is no raise.",
            f"{seat_ja(seat)}の残りチップは{amount(f['stack'])}でコール額以下なので、コールするとオールインになり、レイズはできません。",
        )
    elif blocked == "nobody_can_call":
        out.say(
            "next.nobody_can_call",
            f"No other player in the hand has chips to call more than {amount(f['target'])}, so a raise is not offered.",
            f"ほかに{amount(f['target'])}より多くコールできるチップを持つプレイヤーがいないので、レイズはできません。",
        )
    elif blocked == "short_bring_in" and f["reason"] == "bring_in":
        out.say(
            "next.short_bring_in_post",
            f"Seat {seat} has only {amount(f['stack'])} behind, not more than the bring-in, so it is posted all-in and there is no completion (WSOP 2024 stud rules).",
            f"{seat_ja(seat)}の残りチップは{amount(f['stack'])}でブリングイン額以下なので、オールインでブリングインを出し、コンプリートはできません（WSOP 2024 スタッドのルール）。",
        )
    elif blocked is None and shorts:
        out.say(
            "next.complete_the_wager",
            f"The all-in ({listed_en}) is less than a full bet or raise and does not reopen the betting for players who "
            f"already acted; seat {seat} has not acted at this level, so may call or complete the wager (TDA 2024 Rule 47-B).",
            f"オールイン（{listed_ja}）はフルベット・フルレイズに満たず、すでにアクションしたプレイヤーにはリオープンしませんが、"
            f"{seat_ja(seat)}はこのレベルでまだアクションしていないので、コールするか、フルの額まで上げられます（TDA 2024 ルール47-B）。",
        )
