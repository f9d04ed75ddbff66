"""Explanations in English and Japanese, written from the facts of one solved hand.

Every sentence carries this hand's seats, cards and amounts. The Japanese follows the
words dealers use at the table (ブリングイン, コンプリート, アンティ, サイドポット, スタブ,
コミュニティカード, ショーダウン, 3番シート).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cards import Card
from games.names import card_label
from games.rules import Variant

__all__ = ["amount", "explain", "seats_en", "seats_ja"]


def amount(value: int) -> str:
    return f"{value:,}"


def seats_en(seats: Sequence[int]) -> str:
    items = [str(s) for s in seats]
    if not items:
        return "no seat"
    if len(items) == 1:
        return f"seat {items[0]}"
    return "seats " + ", ".join(items[:-1]) + " and " + items[-1]


def seats_ja(seats: Sequence[int]) -> str:
    if not seats:
        return "該当なし"
    return "・".join(f"{s}番" for s in seats) + "シート"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def board_text(cards: Sequence[Card]) -> str:
    return "".join(card_label(c) for c in cards)


STREET_EN = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
GAME_EN = {Variant.STUD: "stud", Variant.RAZZ: "razz", Variant.STUD8: "stud/8"}
GAME_JA = {Variant.STUD: "スタッド", Variant.RAZZ: "ラズ", Variant.STUD8: "スタッドハイロー"}
SUIT_JA = {0: "クラブ", 1: "ダイヤ", 2: "ハート", 3: "スペード"}
SUIT_EN = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}


def explain(kind: str, facts: dict[str, Any]) -> dict[str, str]:
    """``{"en": ..., "ja": ...}`` for a solved question."""
    writer = _WRITERS.get(kind) or _results()[kind]
    en, ja = writer(facts)
    return {"en": en, "ja": ja}


# --- pots ------------------------------------------------------------------------------


def _pots(f: dict[str, Any]) -> tuple[str, str]:
    en: list[str] = []
    ja: list[str] = []
    for seat in f["short_antes"]:
        paid = f["committed"][seat]
        en.append(
            f"Seat {seat} is all-in for {amount(paid)} of the ante, so each player's first {amount(paid)} makes the main pot."
        )
        ja.append(
            f"{seat}番シートはアンティ{amount(paid)}でオールインなので、各プレイヤーの{amount(paid)}までがメインポットになります。"
        )
    for k, layer in enumerate(f["layers"]):
        name_en = "Main pot" if k == 0 else f"Side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        who_en = seats_en(layer["eligible"])
        who_ja = seats_ja(layer["eligible"])
        line_en = f"{name_en}: {amount(layer['amount'])}, for {who_en}"
        line_ja = f"{name_ja}は{amount(layer['amount'])}で、{who_ja}に権利があります"
        if layer["level"] is not None:
            line_en += (
                f" (up to {amount(layer['level'])} from each player: {seats_en(layer['capped_by'])} "
                f"{'is' if len(layer['capped_by']) == 1 else 'are'} all-in for {amount(layer['level'])} in all)"
            )
            line_ja += f"（{seats_ja(layer['capped_by'])}が合計{amount(layer['level'])}でオールインなので、各プレイヤー{amount(layer['level'])}まで）"
        en.append(line_en + ".")
        ja.append(line_ja + "。")
    folded = [s for s in f["folded"] if f["committed"][s] > 0]
    if folded:
        en.append(f"The chips of folded {seats_en(folded)} stay in the pots they reached.")
        ja.append(f"フォールドした{seats_ja(folded)}のチップも、届いているポットにそのまま残ります。")
    if f["excess"]:
        e = f["excess"]
        en.append(
            f"Seat {e['seat']}'s {amount(e['amount'])} that nobody can call goes back to them; it is in no pot."
        )
        ja.append(
            f"{e['seat']}番シートの{amount(e['amount'])}は誰もコールできないので本人に返し、ポットには入れません。"
        )
    for seat, back in f["returned"].items():
        en.append(f"Seat {seat}'s uncalled {amount(back)} was already returned.")
        ja.append(f"{seat}番シートのコールされなかった{amount(back)}はすでに返しています。")
    if len(f["layers"]) == 1 and not f["all_in"]:
        en.append("Nobody is all-in, so there is a single pot.")
        ja.append("オールインのプレイヤーがいないので、ポットは1つです。")
    return " ".join(en), "".join(ja)


# --- bring-in ---------------------------------------------------------------------------


def _bring_in(f: dict[str, Any]) -> tuple[str, str]:
    v: Variant = f["variant"]
    holder, door = f["holder"], f["door"]
    en: list[str] = []
    ja: list[str] = []
    for item in f["exposed"]:
        en.append(
            f"The dealer exposed seat {item['seat']}'s {card_label(item['card'])} on the deal: it becomes "
            "the upcard and that player's third card is dealt down (TDA RP-10 A); the player can be the bring-in."
        )
        ja.append(
            f"最初のディールで{item['seat']}番シートの{card_label(item['card'])}が表向きになったので、"
            "そのカードをアップカードとして使い、3枚目は伏せて配ります（TDA 推奨手順10-A）。このプレイヤーもブリングインになり得ます。"
        )
    if v is Variant.RAZZ:
        en.append("In razz the highest door card brings in, the ace counting low.")
        ja.append(
            "ラズではドアカード（表向きの3枚目）が一番高いプレイヤーがブリングインです。Aはローとして数えます。"
        )
    else:
        game = "stud/8, as in stud high," if v is Variant.STUD8 else "stud"
        en.append(f"In {game} the lowest door card brings in, with the ace high.")
        game_ja = "スタッドハイローでもスタッドハイと同じく、" if v is Variant.STUD8 else "スタッドでは"
        ja.append(f"{game_ja}ドアカードが一番低いプレイヤーがブリングインです（Aはハイ）。")
    label = card_label(door)
    rivals = f["same_rank"]
    if rivals:
        others = [card_label(f["doors"][s]) for s in rivals]
        suit_en, suit_ja = SUIT_EN[int(door.suit)], SUIT_JA[int(door.suit)]
        if v is Variant.RAZZ:
            en.append(
                f"{label} ties on rank with {' and '.join(others)}; suits go clubs < diamonds < hearts < spades, so {label} ({suit_en}) is the highest."
            )
            ja.append(
                f"{label}と{'・'.join(others)}は同じランクなので、スート（クラブ＜ダイヤ＜ハート＜スペード）で比べると{suit_ja}の{label}が一番高くなります。"
            )
        else:
            en.append(
                f"{label} ties on rank with {' and '.join(others)}; suits go clubs < diamonds < hearts < spades, so {label} ({suit_en}) is the lowest."
            )
            ja.append(
                f"{label}と{'・'.join(others)}は同じランクなので、スート（クラブ＜ダイヤ＜ハート＜スペード）で比べると{suit_ja}の{label}が一番低くなります。"
            )
    if f["all_in_ante"]:
        en.append(
            f"Seat {holder} ({label}) has the bring-in card but is all-in on the ante, so nothing is posted; "
            f"betting starts with seat {f['first']}, on that player's left, who must bet at least the bring-in "
            f"({amount(f['bring_in'])}) or fold (TDA RP-10 E)."
        )
        ja.append(
            f"ブリングインは{holder}番シート（{label}）ですが、アンティでオールインしているので何も出しません。"
            f"アクションは左隣の{f['first']}番シートから始まり、チップを持つプレイヤーは少なくともブリングイン額"
            f"（{amount(f['bring_in'])}）をベットするか、フォールドします（TDA 推奨手順10-E）。"
        )
    elif f["amount"] < f["bring_in"]:
        en.append(
            f"Seat {holder} ({label}) brings in but has only {amount(f['amount'])} after the ante: it posts "
            f"{amount(f['amount'])} all-in, and the others must still enter for the full {amount(f['bring_in'])} "
            f"or complete to {amount(f['complete'])}."
        )
        ja.append(
            f"ブリングインは{holder}番シート（{label}）ですが、アンティの後に{amount(f['amount'])}しか残っていないので、"
            f"{amount(f['amount'])}でオールインのブリングインになります。ほかのプレイヤーは少なくとも{amount(f['bring_in'])}を入れるか、"
            f"{amount(f['complete'])}にコンプリートします。"
        )
    else:
        en.append(
            f"So seat {holder} ({label}) brings in {amount(f['amount'])} (or completes to {amount(f['complete'])}) "
            "and acts first."
        )
        ja.append(
            f"したがって{holder}番シート（{label}）がブリングイン{amount(f['amount'])}を出すか"
            f"{amount(f['complete'])}にコンプリートし、最初にアクションします。"
        )
    if f["holder_dead"]:
        en.append(
            f"Seat {holder}'s hand is killed, but the player dealt the bring-in card still posts it (TDA Rule 30)."
        )
        ja.append(
            f"{holder}番シートのハンドはキルされますが、ブリングインのカードを配られたのでブリングインは出します（TDA ルール30）。"
        )
    return " ".join(en), "".join(ja)


# --- next action ------------------------------------------------------------------------


def _options_text(seat: int | None, o: dict[str, Any], kind_street: int) -> tuple[str, str]:
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
    text_ja = "・".join(ja)
    return f"Seat {seat} may {text_en}.", f"{seat}番シートの選択肢は{text_ja}です。"


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


def _board_lines(v: Variant, b: dict[str, Any], street: int) -> tuple[str, str]:
    best = b["best"]
    shown = board_text(b["best_board"])
    if v is Variant.RAZZ:
        en = f"In razz the lowest board acts first (ace-to-five; any pair is worse than no pair): seat {best}'s {shown} is the lowest."
        ja = f"ラズでは見えているハンドが一番低いプレイヤーからアクションします（A〜5で比べ、ペアはノーペアより弱い）。{best}番シートの{shown}が一番低いボードです。"
    else:
        game = "stud/8 (the high board decides)" if v is Variant.STUD8 else "stud"
        en = f"In {game} the best board acts first (pairs, then high cards): seat {best}'s {shown} is the best."
        game_ja = "スタッドハイローでもハイの" if v is Variant.STUD8 else ""
        ja = f"{game_ja}見えているハンドが一番強いプレイヤーからアクションします（ペア→ハイカード）。{best}番シートの{shown}が一番強いボードです。"
    if b["tied"]:
        tied_en = seats_en(b["tied"])
        if b["tie_break"] == "suit":
            tops = ", ".join(f"{card_label(c)} (seat {s})" for s, c in b["high_cards"].items())
            tops_ja = "、".join(f"{s}番シートの{card_label(c)}" for s, c in b["high_cards"].items())
            en += f" {tied_en.capitalize()} show the same board; the high card by suit breaks the tie (TDA RP-10 D): {tops}, so seat {best} acts first."
            ja += f"{seats_ja(b['tied'])}のボードが同じなので、スートを含めたハイカードで決めます（TDA 推奨手順10-D）：{tops_ja}を比べて{best}番シートが先です。"
        else:
            en += f" {tied_en.capitalize()} show the same board; the tie goes to the player nearest the dealer's left (position), seat {best}."
            ja += f"{seats_ja(b['tied'])}のボードが同じなので、ディーラーの左から近い{best}番シートが先です（ポジション）。"
    if b["all_in_best"] and b["first"] is not None:
        en += f" Seat {best} is all-in, so the action goes on to seat {b['first']} as if seat {best} had checked."
        ja += f"{best}番シートはオールインなので、チェックしたものとして{b['first']}番シートにアクションが移ります。"
    return en, ja


def _next_action(f: dict[str, Any]) -> tuple[str, str]:
    street = f["street"]
    st_en, st_ja = STREET_EN[street], f"{street}{'rd' if street == 3 else 'th'}ストリート"
    seat = f["seat"]
    if seat is None:
        if f["phase"] in ("showdown", "over", "settled"):
            return (
                "The betting is over; no player has an action.",
                "ベッティングは終わっていて、アクションするプレイヤーはいません。",
            )
        if f["dealing_started"] or street == 3:
            return (
                f"{st_en.capitalize()} street is being dealt: nobody acts until every card is out.",
                f"{st_ja}を配っている途中なので、全員に配り終わるまでアクションはありません。",
            )
        done = street - 1
        done_ja = f"{done}{'rd' if done == 3 else 'th'}ストリート"
        return (
            f"The betting round on {STREET_EN[done]} street is complete: the dealer burns and deals {st_en} street.",
            f"{done_ja}のベッティングラウンドは終わりました。ディーラーはバーンして{st_ja}を配ります。",
        )
    en: list[str] = []
    ja: list[str] = []
    reason = f["reason"]
    if reason == "bring_in":
        en.append(f"Seat {seat} has the bring-in card and acts first on 3rd street.")
        ja.append(f"{seat}番シートがブリングインなので、3rdストリートで最初にアクションします。")
    elif reason == "rp10e":
        holder = f["bring_in_holder"]
        en.append(
            f"The bring-in card is seat {holder}'s, all-in on the ante, so betting starts on its left with seat {seat}, who must bet at least the bring-in or fold (TDA RP-10 E)."
        )
        ja.append(
            f"ブリングインの{holder}番シートがアンティでオールインなので、左隣の{seat}番シートからアクションが始まります。少なくともブリングイン額をベットするかフォールドです（TDA 推奨手順10-E）。"
        )
    elif reason == "best_board":
        b_en, b_ja = _board_lines(f["variant"], f["board"], street)
        en.append(f"On {st_en} street: {b_en}")
        ja.append(f"{st_ja}です。{b_ja}")
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
                f"{a['seat']}番シートが"
                + ACTION_JA[a["kind"]].format(a=amount(a["amount"]))
                + ("（オールイン）" if a["all_in"] else "")
                for a in acts
            )
            en.append(f"On {st_en} street {said_en}: the action is on seat {seat}.")
            ja.append(f"{st_ja}で{said_ja}と進んだので、次は{seat}番シートのアクションです。")
    unit = f["bet_unit"]
    if len(f["units"]) > 1:
        en.append(
            f"With an open pair showing on 4th street, bets may be the small ({amount(f['units'][0])}) or the big bet ({amount(f['units'][1])}) under this ruleset (RRoP 7CS-4)."
        )
        ja.append(
            f"4thストリートでオープンペアが見えているので、このルールではスモールベット（{amount(f['units'][0])}）かビッグベット（{amount(f['units'][1])}）を選べます（RRoP 7CS-4）。"
        )
    elif street >= 4:
        size_en = "small" if street == 4 else "big"
        size_ja = "スモールベット" if street == 4 else "ビッグベット"
        en.append(f"The bet on {st_en} street is the {size_en} bet, {amount(unit)}.")
        ja.append(f"{st_ja}のベット額は{size_ja}の{amount(unit)}です。")
    if f["cap_reached"]:
        en.append(
            f"The cap of {f['max_bets']} bets is reached (the completion is bet 1; the bring-in does not count), so there is no more raising."
        )
        ja.append(
            f"{f['max_bets']}ベットのキャップに達しているので（コンプリートが1ベット目、ブリングインは数えない）、これ以上レイズできません。"
        )
    elif f["cap_lifted"]:
        en.append(
            f"{f['max_bets']} bets are in, but only two players are left and this ruleset lifts the cap heads-up."
        )
        ja.append(
            f"{f['max_bets']}ベットに達していますが、残りは2人で、このルールではヘッズアップのときキャップがありません。"
        )
    o = f["options"]
    if (
        o["call"] is not None
        and o["raise_to"] is None
        and not f["cap_reached"]
        and any(a["all_in"] for a in f["actions"])
    ):
        en.append(
            "The all-in raised by less than half a bet, which does not reopen the betting for a player who already acted (TDA 47-B)."
        )
        ja.append(
            "オールインの増額がベットの半分未満なので、すでにアクションしたプレイヤーにはリオープンしません（TDA ルール47-B）。"
        )
    o_en, o_ja = _options_text(seat, o, street)
    en.append(o_en)
    ja.append(o_ja)
    return " ".join(en), "".join(ja)


# --- stub -------------------------------------------------------------------------------


def _stub(f: dict[str, Any]) -> tuple[str, str]:
    dealt = f["dealt_in"]
    rec = f["receivers"]
    parts = [f"{dealt * 3} (3rd street, {dealt} players)"] + [
        f"{1 + rec[s]} ({s}th: burn + {rec[s]})" for s in (4, 5, 6)
    ]
    parts_ja = [f"{dealt * 3}（3rd、{dealt}人）"] + [
        f"{1 + rec[s]}（{s}th：バーン1＋{rec[s]}人）" for s in (4, 5, 6)
    ]
    stub, need, proc, players = f["stub"], f["required"], f["procedure"], f["players"]
    en = [f"Stub before 7th street: 52 − {' − '.join(parts)} = {stub}."]
    ja = [f"7th前のスタブは 52 − {' − '.join(parts_ja)} ＝ {stub}枚です。"]
    en.append(f"Required: {players} players + burn + last card = {need}.")
    ja.append(f"必要な枚数は、残り{players}人＋バーン1枚＋最後の1枚で{need}枚です。")
    if proc == "none":
        en.append("The stub is enough: burn and deal 7th street to every player as usual.")
        ja.append("スタブは足りているので、いつも通りバーンして全員に7枚目を配ります。")
    elif proc == "A":
        en.append(
            f"Adding the 3 earlier burns gives {stub + 3}, enough: scramble them into the stub, cut, burn one and deal each player a card (TDA RP-10 H case A)."
        )
        ja.append(
            f"これまでのバーン3枚を加えると{stub + 3}枚で足りるので、スタブとバーンカードをスクランブルしてカットし、1枚バーンしてから各プレイヤーに1枚ずつ配ります（TDA 推奨手順10-H のA）。"
        )
    elif proc == "B":
        en.append(
            f"The 3 earlier burns would make only {stub + 3}, but the stub has at least 3 cards: burn the top card and deal the next one as a community card (TDA RP-10 H case B)."
        )
        ja.append(
            f"バーン3枚を加えても{stub + 3}枚で足りませんが、スタブが3枚以上あるので、1枚バーンして次のカードをコミュニティカードとして配ります（TDA 推奨手順10-H のB）。"
        )
    else:
        en.append(
            "The stub has fewer than 3 cards: scramble it with the 3 earlier burns, cut, burn one and deal a community card (TDA RP-10 H case C)."
        )
        ja.append(
            "スタブが3枚未満なので、これまでのバーン3枚と合わせてスクランブルしてカットし、1枚バーンしてからコミュニティカードを配ります（TDA 推奨手順10-H のC）。"
        )
    if f["first"] is not None:
        if proc in ("B", "C"):
            en.append(
                f"With a community card, the player first to act on 6th street acts first on 7th: seat {f['first']} (RP-10 H D)."
            )
            ja.append(
                f"コミュニティカードを使うときは、6thストリートで最初にアクションした{f['first']}番シートが7thでも最初にアクションします（推奨手順10-H のD）。"
            )
        else:
            en.append(
                f"7th street is dealt down, so the boards do not change: seat {f['first']} acts first again."
            )
            ja.append(
                f"7枚目は伏せて配るのでボードは変わらず、{f['first']}番シートが最初にアクションします。"
            )
    return " ".join(en), "".join(ja)


# --- showdown, hands, award, rulings ------------------------------------------------------


def _showdown_first(f: dict[str, Any]) -> tuple[str, str]:
    seat = f["seat"]
    en: list[str] = []
    ja: list[str] = []
    if f["not_at_risk"]:
        en.append(
            f"{seats_en(f['all_in']).capitalize()} {'is' if len(f['all_in']) == 1 else 'are'} all-in: all hands are tabled, and the player(s) not at risk expose first (TDA Rule 16, RP-10 B)."
        )
        ja.append(
            f"{seats_ja(f['all_in'])}がオールインなので全員ハンドを開きますが、敗退の危険がないプレイヤーから先に開きます（TDA ルール16、推奨手順10-B）。"
        )
    if f["reason"] == "last_aggressor":
        bettors = f["bettors"]
        if len(bettors) > 1:
            en.append(
                f"On 7th street {seats_en(bettors)} bet or raised; the last aggressor on the final round, seat {seat}, shows first (TDA 17-A)."
            )
            ja.append(
                f"7thストリートで{seats_ja(bettors)}がベット・レイズしました。最終ラウンドで最後にアグレッシブなアクションをした{seat}番シートが最初にハンドを見せます（TDA ルール17-A）。"
            )
        else:
            en.append(f"Seat {seat} made the last bet on 7th street, so shows first (TDA 17-A).")
            ja.append(
                f"7thストリートで最後にベットしたのは{seat}番シートなので、最初にハンドを見せます（TDA ルール17-A）。"
            )
    else:
        b_en, b_ja = _board_lines(f["variant"], f["board"], 7)
        what = "7th street was checked around" if f["final_round"] else "There was no betting on 7th street"
        what_ja = (
            "7thストリートはチェックアラウンドだった"
            if f["final_round"]
            else "7thストリートでベットがなかった"
        )
        en.append(
            f"{what}, so the player who would act first shows first (TDA 17-A). {b_en} Seat {seat} shows first."
        )
        ja.append(
            f"{what_ja}ので、最初にアクションするプレイヤーから見せます（TDA ルール17-A）。{b_ja}{seat}番シートが最初です。"
        )
    return " ".join(en), "".join(ja)


def _results() -> dict[str, Any]:
    from games.explain_results import award_text, best_hands_text, ruling_text

    return {"best_hands": best_hands_text, "award": award_text, "ruling": ruling_text}


_WRITERS = {
    "pots": _pots,
    "bring_in": _bring_in,
    "next_action": _next_action,
    "stub": _stub,
    "showdown_first": _showdown_first,
}
