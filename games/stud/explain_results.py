"""Explanations of showdown results and rulings (see :mod:`games.stud.explain`)."""

from __future__ import annotations

from typing import Any

from games.core.names import card_label
from games.stud.explain import (
    STREET_EN,
    Text,
    amount,
    cards_text,
    run_on,
    seat_ja,
    seats_en,
    seats_ja,
    street_ja,
)
from games.stud.explain_dealer import DEALER_TEXTS, dealer_error_text
from games.stud.rules import Variant

__all__ = ["award_text", "best_hands_text", "ruling_text"]


def _hand_label(value: Any, lang: str) -> str:
    if lang == "ja":
        return f"「{value.name('ja')}」（{cards_text(value.cards)}）"
    return f"{value.name('en')} ({cards_text(value.cards)})"


def _rank_text(groups: list[list[int]], lang: str) -> str:
    if lang == "ja":
        return " ＞ ".join(
            "・".join(seat_ja(s) for s in g) + ("（タイ）" if len(g) > 1 else "") for g in groups
        )
    return ", then ".join(seats_en(g) + (" (tied)" if len(g) > 1 else "") for g in groups)


def best_hands_text(f: dict[str, Any], out: Text) -> None:
    v: Variant = f["variant"]
    for seat, r in sorted(f["reports"].items()):
        parts_en, parts_ja = [], []
        if r.high is not None:
            high = _hand_label(r.high, "en")
            parts_en.append(f"high: {run_on(high)}" if v is Variant.STUD8 else high)
            parts_ja.append(("ハイは" if v is Variant.STUD8 else "") + _hand_label(r.high, "ja"))
        if v.has_low:
            if r.low is not None:
                low = _hand_label(r.low, "en")
                parts_en.append(f"low: {run_on(low)}" if v is Variant.STUD8 else low)
                parts_ja.append(("ローは" if v is Variant.STUD8 else "") + _hand_label(r.low, "ja"))
            else:
                parts_en.append("no eight-or-better low")
                parts_ja.append("8以下のローはなし")
        out.say(
            "hands.report",
            f"Seat {seat} — {'; '.join(parts_en)}.",
            f"{seat_ja(seat)}：{'、'.join(parts_ja)}。",
        )
    if f["high"] is not None:
        out.say(
            "hands.high_ranking",
            f"High: {_rank_text(f['high'], 'en')}.",
            f"ハイの順位は {_rank_text(f['high'], 'ja')} です。",
        )
    if f["low"] is not None:
        if f["low"]:
            out.say(
                "hands.low_ranking",
                f"Low: {_rank_text(f['low'], 'en')}.",
                f"ローの順位は {_rank_text(f['low'], 'ja')} です。",
            )
        else:
            out.say("hands.no_low", "Nobody has a qualifying low.", "8以下のローを持つプレイヤーはいません。")
    if v is Variant.STUD:
        out.say(
            "hands.five_cards",
            "Only five cards play and suits never break a tie.",
            "使うのは5枚だけで、スートでは勝ち負けを決めません。",
        )


def _shares(pairs: list[tuple[int, int]], particle: str) -> tuple[str, str]:
    """Chips per seat: "3,000 to seat 4, 1,500 to seat 6" / 「4番席に3,000、6番席に1,500」, the
    amount kept apart from the seat's number (``particle`` joins them in Japanese: に, が)."""
    return (
        ", ".join(f"{amount(a)} to seat {s}" for s, a in pairs),
        "、".join(f"{seat_ja(s)}{particle}{amount(a)}" for s, a in pairs),
    )


def award_text(f: dict[str, Any], out: Text) -> None:
    v: Variant = f["variant"]
    result = f["result"]
    seat_of = f["seat_of"]
    if result.uncontested:
        winner = next(iter(result.totals))
        total = sum(result.totals.values())
        out.say(
            "award.uncontested",
            f"Everyone else folded: seat {seat_of[winner]} wins {amount(total)} without a showdown.",
            f"ほかのプレイヤーが全員フォールドしたので、{seat_ja(seat_of[winner])}がショーダウンなしで{amount(total)}を獲得します。",
        )
        return
    reports = result.reports
    for k, pot in enumerate(result.pots):
        name_en = "Main pot" if k == 0 else f"Side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        head_en = f"{name_en} {amount(pot.amount)} ({seats_en([seat_of[p] for p in pot.eligible])}): "
        head_ja = f"{name_ja}（{amount(pot.amount)}、{seats_ja([seat_of[p] for p in pot.eligible])}）："
        if v is Variant.STUD:
            w = [seat_of[p] for p in pot.high]
            name = reports[pot.high[0]].high
            out.say(
                "award.pot_high",
                f"{head_en}{seats_en(w)} win{'s' if len(w) == 1 else ''} with {name.name('en').lower()}.",
                f"{head_ja}「{name.name('ja')}」で{seats_ja(w)}の勝ちです。",
            )
        elif v is Variant.RAZZ:
            w = [seat_of[p] for p in pot.low]
            name = reports[pot.low[0]].low
            out.say(
                "award.pot_low",
                f"{head_en}{seats_en(w)} win{'s' if len(w) == 1 else ''} with {name.name('en')}.",
                f"{head_ja}「{name.name('ja')}」で{seats_ja(w)}の勝ちです。",
            )
        else:
            hw, lw = [seat_of[p] for p in pot.high], [seat_of[p] for p in pot.low]
            high_name = reports[pot.high[0]].high
            if not lw:
                out.say(
                    "award.pot_scoop",
                    f"{head_en}no eligible hand has an eight-or-better low, so the high hand, {seats_en(hw)} with {high_name.name('en').lower()}, scoops.",
                    f"{head_ja}権利のあるハンドに8以下のローがないので、ハイの{seats_ja(hw)}（「{high_name.name('ja')}」）がスクープします。",
                )
            elif pot.split_evenly:
                out.say(
                    "award.pot_even",
                    f"{head_en}{seats_en(hw)} win both high and low with identical hands, so the pot is split as evenly as possible (RRoP Ties).",
                    f"{head_ja}{seats_ja(hw)}がハイもローも同じハンドで勝っているので、ポットをできるだけ均等に分けます（RRoP）。",
                )
            else:
                low_name = reports[pot.low[0]].low
                out.say(
                    "award.pot_halves",
                    f"{head_en}high half to {seats_en(hw)} ({high_name.name('en').lower()}), "
                    f"low half to {seats_en(lw)} ({low_name.name('en')}).",
                    f"{head_ja}ハイの半分は{seats_ja(hw)}（「{high_name.name('ja')}」）、"
                    f"ローの半分は{seats_ja(lw)}（「{low_name.name('ja')}」）です。",
                )
        shares_en, shares_ja = _shares(sorted((seat_of[p], a) for p, a in pot.awards.items()), "に")
        out.say("award.paid", f"Paid: {shares_en}.", f"{shares_ja}を配ります。")
        if pot.odd_chip_to_high:
            out.say(
                "award.odd_to_high",
                f"The pot does not halve evenly: the odd chip of {amount(f['min_chip'])} goes to the high half (TDA 2024 Rule 20-C).",
                f"ポットが半分に割り切れないので、端数チップ{amount(f['min_chip'])}はハイ側に付けます（TDA 2024 ルール20-C）。",
            )
        for p, card in pot.odd_chips.items():
            if f["odd_chip_rule"] == "rrop":
                why_en = f"{card_label(card)} decides it (RRoP: all cards count)"
                why_ja = f"RRoPでは全カードで比べて{card_label(card)}"
            else:
                why_en = f"{card_label(card)} is the high card by suit in the winning five cards (TDA 2024 Rule 20)"
                why_ja = f"勝ちハンド5枚の中でスートを含めて一番強いカードは{card_label(card)}（TDA 2024 ルール20）"
            out.say(
                "award.odd_chip",
                f"An odd chip of {amount(f['min_chip'])} goes to seat {seat_of[p]}: {why_en}.",
                f"端数チップ{amount(f['min_chip'])}は{seat_ja(seat_of[p])}へ：{why_ja}。",
            )
    totals_en, totals_ja = _shares(sorted((seat_of[p], a) for p, a in result.totals.items() if a), "が")
    if len(result.pots) > 1:
        out.say(
            "award.each_pot",
            f"Each pot is split on its own (TDA 2024 Rule 21). In all: {totals_en}.",
            f"ポットはそれぞれ別々に分けます（TDA 2024 ルール21）。合計は{totals_ja}です。",
        )
    else:
        out.say("award.total", f"In all: {totals_en}.", f"合計は{totals_ja}です。")


_OUT_EN = "it is out of the hand and what it put in stays in the pot"
_OUT_JA = "そのハンドは終わりで、入れたチップはポットに残ります"


def ruling_text(f: dict[str, Any], out: Text) -> None:
    ruling = f["ruling"]
    event = f["event"]
    code, seat = ruling.code, event.seat
    facts = ruling.facts
    kind = event.type
    if kind in DEALER_TEXTS:
        dealer_error_text(ruling, out)
    elif kind == "picks_up_upcards" and code == "dead_hand":
        out.say(
            "ruling.dead_facing",
            f"Seat {seat} picked up the upcards while facing a bet: the hand is dead (killed): {_OUT_EN} (TDA 2024 Rule 66).",
            f"{seat_ja(seat)}はベットを受けている状態でアップカードを取り上げたので、デッドハンド（キル）です。{_OUT_JA}（TDA 2024 ルール66）。",
        )
    elif kind == "picks_up_upcards":
        out.say(
            "ruling.binding_pick_up",
            f"No bet was pending for seat {seat} when the upcards were picked up, so the hand is not dead under "
            "Rule 66: it is a fold, and the fold is binding (TDA 2024 Rules 66, 58).",
            f"{seat_ja(seat)}がアップカードを取り上げたとき、ベットは来ていませんでした。ルール66のデッドハンドではなく"
            "フォールドとして扱い、そのフォールドは取り消せません（TDA 2024 ルール66・58）。",
        )
    elif code == "live_hand":
        out.say(
            "ruling.live_hand",
            f"Seat {seat} exposed a downcard with action pending: a penalty is possible, but the hand stays live (TDA 2024 Rule 68).",
            f"{seat_ja(seat)}はアクションが残っている間にダウンカードを見せましたが、ペナルティの可能性はあってもハンドはライブのままです（TDA 2024 ルール68）。",
        )
    elif kind == "folds_not_facing_bet":
        in_turn = facts.get("in_turn")
        out.say(
            "ruling.binding_fold",
            f"Seat {seat} folded without facing a bet{' in turn' if in_turn else ' out of turn'}: the fold is binding (TDA 2024 Rule 58).",
            f"{seat_ja(seat)}はベットを受けていないのに{'自分の番で' if in_turn else '順番を待たずに'}フォールドしたので、そのフォールドは有効です（TDA 2024 ルール58）。",
        )
    elif code == "becomes_upcard":
        card = card_label(facts["card"])
        out.say(
            "ruling.becomes_upcard",
            f"The dealer exposed seat {seat}'s downcard {card} on the initial deal: it becomes the upcard, 3rd street is dealt down to that player, and the player can be the bring-in (TDA 2024 RP-10 A).",
            f"最初のディールで{seat_ja(seat)}のダウンカード{card}が表になったので、それをアップカードとし、3枚目は伏せて配ります。このプレイヤーもブリングインになり得ます（TDA 2024 RP-10 A）。",
        )
    elif code == "replace_card" and kind == "boxed_cards":
        out.say(
            "ruling.boxed_replace",
            f"{event.count} boxed card(s) found: not a misdeal here (only 2 or more on the initial deal before substantial action are, TDA 2024 Rule 35-A); the boxed card is replaced.",
            f"ボックスカードが{event.count}枚：ミスディールになるのは実質的なアクションの前の最初のディールで2枚以上のときだけなので（TDA 2024 ルール35-A）、ここではそのカードを交換します。",
        )
    elif code == "replace_card":
        card = card_label(facts["card"])
        out.say(
            "ruling.replace_seventh",
            f"The dealer exposed seat {seat}'s 7th-street card {card}; betting action remains, so the card is replaced (TDA 2024 RP-10 B).",
            f"ディーラーが{seat_ja(seat)}の7枚目{card}を表にしてしまいました。まだベットアクションが残っているので、そのカードは交換します（TDA 2024 RP-10 B）。",
        )
    elif code == "card_plays":
        card = card_label(facts["card"])
        out.say(
            "ruling.card_plays",
            f"The dealer exposed seat {seat}'s 7th-street card {card}, but no betting action remains, so the card plays (TDA 2024 RP-10 B).",
            f"ディーラーが{seat_ja(seat)}の7枚目{card}を表にしましたが、もうベットアクションは残っていないので、そのカードを使います（TDA 2024 RP-10 B）。",
        )
    elif code == "reshuffle_no_burn":
        street = facts["street"]
        out.say(
            "ruling.reshuffle",
            f"A premature {STREET_EN[street]}-street card goes back into the stub; the stub is reshuffled face down and the street is dealt from it without another burn (TDA 2024 RP-5 D).",
            f"早く配られた{street_ja(street)}のカードはスタブに戻し、伏せたままリシャッフルして、新しいスタブからバーンし直さずに配ります（TDA 2024 RP-5 D）。",
        )
    elif code == "kill_hand":
        out.say(
            "ruling.kill_hand",
            f"Seat {seat} was not at the seat when the last card of the initial deal was dealt: the hand is killed (dead): "
            f"{_OUT_EN}, and no 4th-street card is dealt to it (TDA 2024 Rule 30, RP-10 C).",
            f"{seat_ja(seat)}のプレイヤーは最初のディールの最後のカードが配られたとき席にいなかったので、ハンドはキル（デッド）です。"
            f"アンティはポットに残り、{street_ja(4)}のカードは配りません（TDA 2024 ルール30、RP-10 C）。",
        )
        if facts.get("posts_bring_in"):
            out.say(
                "ruling.kill_hand_bring_in",
                "As the holder of the bring-in card it still posts the bring-in, and makes no other decision (TDA 2024 Rule 30).",
                "ブリングインのカードを配られているので、ブリングインは出しますが、それ以外の判断はしません（TDA 2024 ルール30）。",
            )
    elif code == "misdeal" and kind == "boxed_cards":
        out.say(
            "ruling.misdeal_boxed",
            f"{event.count} boxed cards on the initial deal: misdeal (TDA 2024 Rule 35-A).",
            f"最初のディールでボックスカードが{event.count}枚あったので、ミスディールです（TDA 2024 ルール35-A）。",
        )
    elif code == "misdeal":
        out.say(
            "ruling.misdeal_count",
            f"Seat {seat} received the wrong number of cards ({event.count}) before substantial action: misdeal (TDA 2024 Rules 35-A, 36).",
            f"{seat_ja(seat)}に配られたカードの枚数が違っていて（{event.count}枚）、まだ実質的なアクションの前なので、ミスディールです（TDA 2024 ルール35-A・36）。",
        )
    else:
        out.say(
            "ruling.dead_count",
            f"Seat {seat} has the wrong number of cards ({event.count}) after substantial action: a misdeal can no longer be declared, so the hand is dead (killed): {_OUT_EN} (TDA 2024 Rules 35-D, 36).",
            f"{seat_ja(seat)}のカードの枚数が違いますが（{event.count}枚）、すでに実質的なアクションがあったのでミスディールにはできず、そのハンドはデッド（キル）です。{_OUT_JA}（TDA 2024 ルール35-D・36）。",
        )
