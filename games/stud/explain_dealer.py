"""Explanations of the rulings on a dealer's errors and on an action out of turn
(see :mod:`games.stud.explain`; the rulings are :mod:`games.stud.events_dealer`'s)."""

from __future__ import annotations

from typing import Any

from games.core.names import card_label
from games.stud.explain import STREET_EN, Text, seat_ja, seats_en, seats_ja, street_ja

__all__ = ["DEALER_TEXTS", "dealer_error_text"]

_ACTION_EN = {"check": "checked", "call": "called", "bet": "bet", "raise": "raised", "fold": "folded"}
_ACTION_JA = {"check": "チェック", "call": "コール", "bet": "ベット", "raise": "レイズ", "fold": "フォールド"}

# The event types this module explains.
DEALER_TEXTS = (
    "card_to_wrong_seat",
    "seat_skipped",
    "card_to_folded_hand",
    "action_out_of_turn",
    "wrong_bring_in_called",
    "wrong_pot_pushed",
)


def dealer_error_text(ruling: Any, out: Text) -> None:
    """The sentences of a ruling on one of :data:`DEALER_TEXTS`."""
    event = ruling.event
    kind, code, seat, facts = event.type, ruling.code, event.seat, ruling.facts
    if code == "misdeal" and kind == "seat_skipped":
        out.say(
            "ruling.misdeal_skipped",
            f"Seat {seat} was dealt out on the initial deal: misdeal, and the hand is dealt again as an exact re-play (TDA 2024 Rule 35-A).",
            f"最初のディールで{seat_ja(seat)}を飛ばして配ったので、ミスディールです。同じ条件でハンドを配り直します（TDA 2024 ルール35-A）。",
        )
    elif code == "misdeal":
        out.say(
            "ruling.misdeal_wrong_seat",
            f"A card of the initial deal went to the wrong seat (seat {seat}): misdeal, and the hand is dealt again as an exact re-play (TDA 2024 Rule 35-A).",
            f"最初のディールでカードを違う席（{seat_ja(seat)}）に配ったので、ミスディールです。同じ条件でハンドを配り直します（TDA 2024 ルール35-A）。",
        )
    elif kind == "card_to_wrong_seat":
        street = facts["street"]
        out.say(
            "ruling.correct_wrong_seat",
            f"On {STREET_EN[street]} street the dealer pitched seat {seat} a card meant for another seat: the cards are put in the seats they belong to and the deal goes on in order, without another burn (card-room practice).",
            f"{street_ja(street)}で、ほかの席に配るはずのカードを{seat_ja(seat)}に配ってしまいました。カードを本来の席に置き直し、バーンを増やさずに順番どおり配り続けます（カードルームの慣行）。",
        )
    elif kind == "seat_skipped":
        street = facts["street"]
        out.say(
            "ruling.correct_skipped",
            f"On {STREET_EN[street]} street the dealer skipped seat {seat}: the card given to the next seat goes back to seat {seat} and the deal goes on in order, without another burn (card-room practice).",
            f"{street_ja(street)}で{seat_ja(seat)}を飛ばして配ってしまいました。次の席に配ったカードを{seat_ja(seat)}に戻し、バーンを増やさずに順番どおり配り続けます（カードルームの慣行）。",
        )
    elif kind == "card_to_folded_hand":
        street = facts["street"]
        out.say(
            "ruling.correct_folded",
            f"On {STREET_EN[street]} street the dealer pitched a card to seat {seat}, which has folded. No card goes to a hand that is not live (TDA 2024 RP-10 C): the card goes on to the next live seat and the deal continues in order.",
            f"{street_ja(street)}で、フォールドした{seat_ja(seat)}にカードを配ってしまいました。ライブでないハンドにはカードを配らないので（TDA 2024 RP-10 C）、そのカードは次のライブの席に回し、順番どおり配り続けます。",
        )
    elif kind == "action_out_of_turn":
        _out_of_turn(ruling, out)
    elif kind == "wrong_bring_in_called":
        named, holder = facts["named"], facts["holder"]
        door = card_label(facts["door"]) if facts.get("door") is not None else ""
        out.say(
            "ruling.correct_bring_in",
            f"The dealer called seat {named} for the bring-in, but the bring-in is seat {holder}'s door card {door}: the call is corrected before the action goes on, any chips seat {named} put in go back, and seat {holder} brings in.",
            f"ディーラーは{seat_ja(named)}をブリングインと呼びましたが、ブリングインは{seat_ja(holder)}のドアカード{door}です。アクションが進む前に訂正し、{seat_ja(named)}が出したチップは戻して、{seat_ja(holder)}がブリングインをします。",
        )
    else:
        winners = list(facts["winners"])
        pot_en = "a side pot" if facts["side"] else "the main pot"
        pot_ja = "サイドポット" if facts["side"] else "メインポット"
        out.say(
            "ruling.retrieve_pot",
            f"{pot_en[0].upper()}{pot_en[1:]} was pushed to seat {seat}, but it belongs to {seats_en(winners)}: the chips are taken back and pushed to the right player. An error in awarding a pot may be corrected until substantial action on the next hand (TDA 2024 Rule 22).",
            f"{pot_ja}を{seat_ja(seat)}に押し出してしまいましたが、そのポットは{seats_ja(winners)}のものです。チップを戻して正しいプレイヤーに渡します。ポットの配り間違いは、次のハンドで実質的なアクションがあるまで訂正できます（TDA 2024 ルール22）。",
        )


def _out_of_turn(ruling: Any, out: Text) -> None:
    event, facts = ruling.event, ruling.facts
    seat, action = event.seat, str(event.action)
    rrop = "RRoP Betting and Raising 11" in ruling.rules
    book_en = "RRoP Betting and Raising 11" if rrop else "TDA 2024 Rule 53"
    book_ja = "RRoP ベットとレイズ 11" if rrop else "TDA 2024 ルール53"
    first = facts.get("first")
    if ruling.code == "binding_fold":
        out.say(
            "ruling.oot_fold",
            f"Seat {seat} folded out of turn: the action is backed up to the player whose turn it is, and the fold is binding ({book_en}{'' if rrop else ', Rule 58'}).",
            f"{seat_ja(seat)}が順番を待たずにフォールドしました。アクションは本来の番のプレイヤーに戻し、そのフォールドは有効です（{book_ja}{'' if rrop else '・58'}）。",
        )
    elif ruling.code == "back_up_no_raise":
        out.say(
            "ruling.back_up_no_raise",
            f"Seat {seat} {_ACTION_EN[action]} out of turn while seat {first} was to act: the action is backed up to seat {first}, and seat {seat} may not bet or raise on its next turn ({book_en}).",
            f"{seat_ja(first)}の番なのに{seat_ja(seat)}が先に{_ACTION_JA[action]}しました。アクションは{seat_ja(first)}に戻します。{seat_ja(seat)}は次の番でベットやレイズはできません（{book_ja}）。",
        )
    else:
        out.say(
            "ruling.back_up",
            f"Seat {seat} {_ACTION_EN[action]} out of turn while seat {first} was to act: the action is backed up to seat {first}. The out-of-turn action binds if the action to seat {seat} does not change; if it changes, the chips go back and seat {seat} has every option ({book_en}).",
            f"{seat_ja(first)}の番なのに{seat_ja(seat)}が先に{_ACTION_JA[action]}しました。アクションは{seat_ja(first)}に戻します。{seat_ja(seat)}までのアクションが変わらなければ先に宣言したアクションが有効で、変われば出したチップは戻り、すべての選択肢があります（{book_ja}）。",
        )
