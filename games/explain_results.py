"""Explanations of showdown results and rulings (see :mod:`games.explain`)."""

from __future__ import annotations

from typing import Any

from games.explain import amount, cards_text, seats_en, seats_ja
from games.names import card_label
from games.rules import Variant

__all__ = ["award_text", "best_hands_text", "ruling_text"]


def _hand_label(value: Any, lang: str) -> str:
    if lang == "ja":
        return f"「{value.name('ja')}」（{cards_text(value.cards)}）"
    return f"{value.name('en')} ({cards_text(value.cards)})"


def _rank_text(groups: list[list[int]], lang: str) -> str:
    if lang == "ja":
        return " ＞ ".join(
            "・".join(f"{s}番" for s in g) + ("（タイ）" if len(g) > 1 else "") for g in groups
        )
    return ", then ".join(seats_en(g) + (" (tied)" if len(g) > 1 else "") for g in groups)


def best_hands_text(f: dict[str, Any]) -> tuple[str, str]:
    v: Variant = f["variant"]
    en: list[str] = []
    ja: list[str] = []
    for seat, r in sorted(f["reports"].items()):
        parts_en, parts_ja = [], []
        if r.high is not None:
            parts_en.append(("high: " if v is Variant.STUD8 else "") + _hand_label(r.high, "en"))
            parts_ja.append(("ハイは" if v is Variant.STUD8 else "") + _hand_label(r.high, "ja"))
        if v.has_low:
            if r.low is not None:
                parts_en.append(("low: " if v is Variant.STUD8 else "") + _hand_label(r.low, "en"))
                parts_ja.append(("ローは" if v is Variant.STUD8 else "") + _hand_label(r.low, "ja"))
            else:
                parts_en.append("no eight-or-better low")
                parts_ja.append("8以下のローはなし")
        en.append(f"Seat {seat} — {'; '.join(parts_en)}.")
        ja.append(f"{seat}番シート：{'、'.join(parts_ja)}。")
    if f["high"] is not None:
        en.append(f"High: {_rank_text(f['high'], 'en')}.")
        ja.append(f"ハイの順位は {_rank_text(f['high'], 'ja')} です。")
    if f["low"] is not None:
        if f["low"]:
            en.append(f"Low: {_rank_text(f['low'], 'en')}.")
            ja.append(f"ローの順位は {_rank_text(f['low'], 'ja')} です。")
        else:
            en.append("Nobody has a qualifying low.")
            ja.append("8以下のローを持つプレイヤーはいません。")
    if v is Variant.STUD:
        en.append("Only five cards play and suits never break a tie.")
        ja.append("使うのは5枚だけで、スートでは勝ち負けを決めません。")
    return " ".join(en), "".join(ja)


def award_text(f: dict[str, Any]) -> tuple[str, str]:
    v: Variant = f["variant"]
    result = f["result"]
    seat_of = f["seat_of"]
    en: list[str] = []
    ja: list[str] = []
    if result.uncontested:
        winner = next(iter(result.totals))
        total = sum(result.totals.values())
        return (
            f"Everyone else folded: seat {seat_of[winner]} wins {amount(total)} without a showdown.",
            f"ほかのプレイヤーが全員フォールドしたので、{seat_of[winner]}番シートがショーダウンなしで{amount(total)}を獲得します。",
        )
    reports = result.reports
    for k, pot in enumerate(result.pots):
        name_en = "Main pot" if k == 0 else f"Side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        elig = [seat_of[p] for p in pot.eligible]
        line_en = [f"{name_en} {amount(pot.amount)} ({seats_en(elig)}):"]
        line_ja = [f"{name_ja}（{amount(pot.amount)}、{seats_ja(elig)}）："]
        if v is Variant.STUD:
            w = pot.high
            line_en.append(
                f"{seats_en([seat_of[p] for p in w])} win{'s' if len(w) == 1 else ''} with {reports[w[0]].high.name('en').lower()}."
            )
            line_ja.append(
                f"「{reports[w[0]].high.name('ja')}」で{seats_ja([seat_of[p] for p in w])}の勝ちです。"
            )
        elif v is Variant.RAZZ:
            w = pot.low
            line_en.append(
                f"{seats_en([seat_of[p] for p in w])} win{'s' if len(w) == 1 else ''} with {reports[w[0]].low.name('en')}."
            )
            line_ja.append(
                f"「{reports[w[0]].low.name('ja')}」で{seats_ja([seat_of[p] for p in w])}の勝ちです。"
            )
        else:
            hw, lw = pot.high, pot.low
            high_name = reports[hw[0]].high
            if not lw:
                line_en.append(
                    f"no eligible hand has an eight-or-better low, so the high hand, {seats_en([seat_of[p] for p in hw])} with {high_name.name('en').lower()}, scoops."
                )
                line_ja.append(
                    f"権利のあるハンドに8以下のローがないので、ハイの{seats_ja([seat_of[p] for p in hw])}（「{high_name.name('ja')}」）がスクープします。"
                )
            elif pot.split_evenly:
                line_en.append(
                    f"{seats_en([seat_of[p] for p in hw])} win both high and low with identical hands, so the pot is split as evenly as possible."
                )
                line_ja.append(
                    f"{seats_ja([seat_of[p] for p in hw])}がハイもローも同じハンドで勝っているので、ポットをできるだけ均等に分けます。"
                )
            else:
                low_name = reports[lw[0]].low
                line_en.append(
                    f"high half to {seats_en([seat_of[p] for p in hw])} ({high_name.name('en').lower()}), "
                    f"low half to {seats_en([seat_of[p] for p in lw])} ({low_name.name('en')})."
                )
                line_ja.append(
                    f"ハイの半分は{seats_ja([seat_of[p] for p in hw])}（「{high_name.name('ja')}」）、"
                    f"ローの半分は{seats_ja([seat_of[p] for p in lw])}（「{low_name.name('ja')}」）です。"
                )
        shares_en = ", ".join(
            f"seat {seat_of[p]} {amount(a)}"
            for p, a in sorted(pot.awards.items(), key=lambda kv: seat_of[kv[0]])
        )
        shares_ja = "、".join(
            f"{seat_of[p]}番シート{amount(a)}"
            for p, a in sorted(pot.awards.items(), key=lambda kv: seat_of[kv[0]])
        )
        line_en.append(f"Paid: {shares_en}.")
        line_ja.append(f"配分は{shares_ja}です。")
        if pot.odd_chip_to_high:
            line_en.append(
                f"The pot does not halve evenly: the odd chip of {amount(f['min_chip'])} goes to the high half (TDA Rule 20-C)."
            )
            line_ja.append(
                f"ポットが半分に割り切れないので、端数チップ{amount(f['min_chip'])}はハイ側に付けます（TDA ルール20-C）。"
            )
        for p, card in pot.odd_chips.items():
            if f["odd_chip_rule"] == "rrop":
                why_en, why_ja = (
                    f"{card_label(card)} decides it (RRoP: all cards count)",
                    f"RRoPでは全カードで比べて{card_label(card)}",
                )
            else:
                why_en, why_ja = (
                    f"{card_label(card)} is the high card by suit in the winning five cards (TDA Rule 20)",
                    f"勝ちハンド5枚の中でスートを含めて一番強いカードは{card_label(card)}（TDA ルール20）",
                )
            line_en.append(f"An odd chip of {amount(f['min_chip'])} goes to seat {seat_of[p]}: {why_en}.")
            line_ja.append(f"端数チップ{amount(f['min_chip'])}は{seat_of[p]}番シートへ：{why_ja}。")
        en.append(" ".join(line_en))
        ja.append("".join(line_ja))
    totals_en = ", ".join(
        f"seat {seat_of[p]} {amount(a)}"
        for p, a in sorted(result.totals.items(), key=lambda kv: seat_of[kv[0]])
        if a
    )
    totals_ja = "、".join(
        f"{seat_of[p]}番シート{amount(a)}"
        for p, a in sorted(result.totals.items(), key=lambda kv: seat_of[kv[0]])
        if a
    )
    if len(result.pots) > 1:
        en.append(f"Each pot is split on its own (TDA Rule 21). In all: {totals_en}.")
        ja.append(f"ポットはそれぞれ別々に分けます（TDA ルール21）。合計は{totals_ja}です。")
    else:
        en.append(f"In all: {totals_en}.")
        ja.append(f"合計は{totals_ja}です。")
    return " ".join(en), "".join(ja)


def ruling_text(f: dict[str, Any]) -> tuple[str, str]:
    ruling = f["ruling"]
    event = f["event"]
    code, seat = ruling.code, event.seat
    facts = ruling.facts
    kind = event.type
    if kind == "picks_up_upcards" and code == "dead_hand":
        return (
            f"Seat {seat} picked up the upcards while facing a bet: the hand is dead (TDA Rule 66).",
            f"{seat}番シートはベットを受けている状態でアップカードを取り上げたので、デッドハンドです（TDA ルール66）。",
        )
    if kind == "picks_up_upcards":
        return (
            f"No bet was pending for seat {seat} when the upcards were picked up, so the hand is not dead under "
            "Rule 66: it is a fold, and the fold is binding (TDA Rules 66, 58).",
            f"{seat}番シートがアップカードを取り上げたとき、ベットは来ていませんでした。ルール66のデッドハンドではなく"
            "フォールドとして扱い、そのフォールドは取り消せません（TDA ルール66・58）。",
        )
    if code == "live_hand":
        return (
            f"Seat {seat} exposed a downcard with action pending: a penalty is possible, but the hand stays live (TDA Rule 68).",
            f"{seat}番シートはアクションが残っている間にダウンカードを見せましたが、ペナルティの可能性はあってもハンドはライブのままです（TDA ルール68）。",
        )
    if kind == "folds_not_facing_bet":
        return (
            f"Seat {seat} folded without facing a bet{' in turn' if facts.get('in_turn') else ' out of turn'}: the fold is binding (TDA Rule 58).",
            f"{seat}番シートはベットを受けていないのに{'自分の番で' if facts.get('in_turn') else '順番を待たずに'}フォールドしたので、そのフォールドは有効です（TDA ルール58）。",
        )
    if code == "becomes_upcard":
        card = card_label(facts["card"])
        return (
            f"The dealer exposed seat {seat}'s downcard {card} on the initial deal: it becomes the upcard, 3rd street is dealt down to that player, and the player can be the bring-in (TDA RP-10 A).",
            f"最初のディールで{seat}番シートのダウンカード{card}が表になったので、それをアップカードとし、3枚目は伏せて配ります。このプレイヤーもブリングインになり得ます（TDA 推奨手順10-A）。",
        )
    if code == "replace_card":
        if kind == "boxed_cards":
            return (
                f"{event.count} boxed card(s) found: not a misdeal here (only 2 or more on the initial deal are, TDA 35-A); the boxed card is replaced.",
                f"ボックスカードが{event.count}枚：初回のディールで2枚以上のときだけミスディールなので（TDA ルール35-A）、ここではそのカードを交換します。",
            )
        card = card_label(facts["card"])
        return (
            f"The dealer exposed seat {seat}'s 7th-street card {card}; betting action remains, so the card is replaced (TDA RP-10 B).",
            f"ディーラーが{seat}番シートの7枚目{card}を表にしてしまいました。まだベットアクションが残っているので、そのカードは交換します（TDA 推奨手順10-B）。",
        )
    if code == "card_plays":
        card = card_label(facts["card"])
        return (
            f"The dealer exposed seat {seat}'s 7th-street card {card}, but no betting action remains, so the card plays (TDA RP-10 B).",
            f"ディーラーが{seat}番シートの7枚目{card}を表にしましたが、もうベットアクションは残っていないので、そのカードを使います（TDA 推奨手順10-B）。",
        )
    if code == "reshuffle_no_burn":
        street = facts["street"]
        return (
            f"A premature {street}th-street card goes back into the stub; the stub is reshuffled face down and the street is dealt from it without another burn (TDA RP-5 D).",
            f"早く配られた{street}thストリートのカードはスタブに戻し、伏せたままリシャッフルして、新しいスタブからバーンし直さずに配ります（TDA 推奨手順5-D）。",
        )
    if code == "kill_hand":
        extra_en = (
            " As the holder of the bring-in card it still posts the bring-in (TDA Rule 30)."
            if facts.get("posts_bring_in")
            else ""
        )
        extra_ja = (
            "ブリングインのカードを配られているので、ブリングインは出します（TDA ルール30）。"
            if facts.get("posts_bring_in")
            else ""
        )
        return (
            f"Seat {seat} was not at the seat when the last card of the initial deal was dealt: the hand is killed, the ante stays in the pot, and no 4th-street card is dealt to it (TDA Rule 30, RP-10 C).{extra_en}",
            f"{seat}番シートは最初のディールの最後のカードが配られたとき席にいなかったので、ハンドはキルされます。アンティはポットに残り、4thストリートのカードは配りません（TDA ルール30、推奨手順10-C）。{extra_ja}",
        )
    if code == "misdeal" and kind == "boxed_cards":
        return (
            f"{event.count} boxed cards on the initial deal: misdeal (TDA Rule 35-A).",
            f"初回のディールでボックスカードが{event.count}枚あったので、ミスディールです（TDA ルール35-A）。",
        )
    if code == "misdeal":
        return (
            f"Seat {seat} received the wrong number of cards ({event.count}) before substantial action: misdeal (TDA Rules 35-A, 36).",
            f"{seat}番シートに配られたカードの枚数が違っていて（{event.count}枚）、まだ実質的なアクションの前なので、ミスディールです（TDA ルール35-A・36）。",
        )
    return (
        f"Seat {seat} has the wrong number of cards ({event.count}) after substantial action: a misdeal can no longer be declared, so the hand is dead (TDA Rules 35-D, 36).",
        f"{seat}番シートのカードの枚数が違いますが（{event.count}枚）、すでに実質的なアクションがあったのでミスディールにはできず、そのハンドはデッドです（TDA ルール35-D・36）。",
    )
