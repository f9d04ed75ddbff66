"""Explanations in English and Japanese, written from the facts of one solved hand.

Every sentence carries this hand's seats, cards and amounts, and is written under a key of
:data:`SENTENCES`, which says what must be true of the hand for the sentence to be said (a
test checks each key against the hands that trigger it). The Japanese follows the words
dealers use at the table (ブリングイン, コンプリート, アンティ, サイドポット, スタブ,
コミュニティカード, ショーダウン, 3番席, 4thストリート); amounts carry thousands separators.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.cards import Card
from games.core.names import card_label
from games.core.sentences import SENTENCES
from games.registry import kind as declared_kind
from games.stud.rules import Variant

__all__ = [
    "Sentence",
    "Text",
    "amount",
    "explain",
    "explain_sentences",
    "run_on",
    "seat_ja",
    "seats_en",
    "seats_ja",
    "street_ja",
]


def amount(value: int) -> str:
    return f"{value:,}"


def seats_en(seats: Sequence[int]) -> str:
    items = [str(s) for s in seats]
    if not items:
        return "no seat"
    if len(items) == 1:
        return f"seat {items[0]}"
    return "seats " + ", ".join(items[:-1]) + " and " + items[-1]


def seat_ja(seat: int) -> str:
    return f"{seat}番席"


def seats_ja(seats: Sequence[int]) -> str:
    if not seats:
        return "該当なし"
    return "・".join(seat_ja(s) for s in seats)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def board_text(cards: Sequence[Card]) -> str:
    return "".join(card_label(c) for c in cards)


STREET_EN = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
SUIT_JA = {0: "クラブ", 1: "ダイヤ", 2: "ハート", 3: "スペード"}
SUIT_EN = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}


def run_on(text: str) -> str:
    """A sentence set after a colon: its first word in lower case ("In razz" -> "in razz"), a
    card label or a number left alone ("A♥", "6-5-4-2-A")."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def street_ja(street: int) -> str:
    """The street as Japanese dealers say it: ``4thストリート``."""
    return f"{STREET_EN[street]}ストリート"


@dataclass(frozen=True)
class Sentence:
    key: str  # a key of SENTENCES
    en: str
    ja: str


class Text:
    """The sentences of one explanation, in order."""

    def __init__(self) -> None:
        self.sentences: list[Sentence] = []

    def say(self, key: str, en: str, ja: str) -> None:
        if key not in SENTENCES:
            raise KeyError(f"sentence {key!r} is not in the registry")
        self.sentences.append(Sentence(key, en, ja))


def explain_sentences(kind: str, facts: dict[str, Any]) -> list[Sentence]:
    """The sentences of the explanation of a solved question, each with its registry key."""
    writer = _WRITERS.get(kind) or _results().get(kind) or _declared_writer(kind)
    out = Text()
    writer(facts, out)
    return out.sentences


def _declared_writer(kind: str) -> Callable[[Any, Text], None]:
    """The explanation a kind writes in its own module (games.questions.kind)."""
    writer = declared_kind("stud", kind).explain
    if writer is None:
        raise KeyError(kind)
    return writer


def explain(kind: str, facts: dict[str, Any]) -> dict[str, str]:
    """``{"en": ..., "ja": ...}`` for a solved question."""
    sentences = explain_sentences(kind, facts)
    return {"en": " ".join(s.en for s in sentences), "ja": "".join(s.ja for s in sentences)}


# --- pots ------------------------------------------------------------------------------


def _pots(f: dict[str, Any], out: Text) -> None:
    main_level = f["layers"][0]["level"] if f["layers"] else None
    for seat in f["short_antes"]:
        paid = f["committed"][seat]
        if paid == main_level:
            out.say(
                "pots.short_ante_main",
                f"Seat {seat} is all-in for {amount(paid)} of the ante, so each player's first {amount(paid)} makes the main pot.",
                f"{seat_ja(seat)}はアンティ{amount(paid)}でオールインなので、各プレイヤーの{amount(paid)}までがメインポットになります。",
            )
        else:
            out.say(
                "pots.short_ante",
                f"Seat {seat} is all-in for {amount(paid)} of the ante.",
                f"{seat_ja(seat)}はアンティ{amount(paid)}でオールインです。",
            )
    for k, layer in enumerate(f["layers"]):
        name_en = "Main pot" if k == 0 else f"Side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        line_en = f"{name_en}: {amount(layer['amount'])}, for {seats_en(layer['eligible'])}"
        line_ja = f"{name_ja}は{amount(layer['amount'])}で、{seats_ja(layer['eligible'])}に権利があります"
        if layer["level"] is not None:
            capped = layer["capped_by"]
            line_en += (
                f" (up to {amount(layer['level'])} from each player: {seats_en(capped)} "
                f"{'is' if len(capped) == 1 else 'are'} all-in for {amount(layer['level'])} in all)"
            )
            line_ja += f"（{seats_ja(capped)}が合計{amount(layer['level'])}でオールインなので、各プレイヤー{amount(layer['level'])}まで）"
        out.say("pots.layer", line_en + ".", line_ja + "。")
    folded = [s for s in f["folded"] if f["committed"][s] > 0]
    if folded:
        out.say(
            "pots.folded_chips",
            f"The chips of folded {seats_en(folded)} stay in the pots they reached.",
            f"フォールドした{seats_ja(folded)}のチップも、届いているポットにそのまま残ります。",
        )
    if f["excess"]:
        e = f["excess"]
        out.say(
            "pots.excess",
            f"Seat {e['seat']}'s {amount(e['amount'])} that nobody can call goes back to them; it is in no pot.",
            f"{seat_ja(e['seat'])}の{amount(e['amount'])}は誰もコールできないので本人に返し、ポットには入れません。",
        )
    for seat, back in f["returned"].items():
        out.say(
            "pots.returned",
            f"Seat {seat}'s uncalled {amount(back)} was already returned.",
            f"{seat_ja(seat)}のコールされなかった{amount(back)}はすでに返しています。",
        )
    if len(f["layers"]) == 1 and not f["all_in"]:
        out.say(
            "pots.single",
            "Nobody is all-in, so there is a single pot.",
            "オールインのプレイヤーがいないので、ポットは1つです。",
        )


# --- bring-in ---------------------------------------------------------------------------


def _bring_in(f: dict[str, Any], out: Text) -> None:
    v: Variant = f["variant"]
    holder, door = f["holder"], f["door"]
    for item in f["exposed"]:
        out.say(
            "bring_in.exposed",
            f"The dealer exposed seat {item['seat']}'s {card_label(item['card'])} on the deal: it becomes "
            "the upcard and that player's third card is dealt down (TDA 2024 RP-10 A); the player can be the bring-in.",
            f"最初のディールで{seat_ja(item['seat'])}の{card_label(item['card'])}が表向きになったので、"
            "そのカードをアップカードとして使い、3枚目は伏せて配ります（TDA 2024 RP-10 A）。このプレイヤーもブリングインになり得ます。",
        )
    if v is Variant.RAZZ:
        out.say(
            "bring_in.rule",
            "In razz the highest door card brings in, the ace counting low.",
            "ラズではドアカード（表向きの3枚目）が一番高いプレイヤーがブリングインです。Aはローとして数えます。",
        )
    else:
        game = "stud/8, as in stud high," if v is Variant.STUD8 else "stud"
        game_ja = "スタッドハイローでもスタッドハイと同じく、" if v is Variant.STUD8 else "スタッドでは"
        out.say(
            "bring_in.rule",
            f"In {game} the lowest door card brings in, with the ace high.",
            f"{game_ja}ドアカードが一番低いプレイヤーがブリングインです（Aはハイ）。",
        )
    label = card_label(door)
    rivals = f["same_rank"]
    if rivals:
        others = [card_label(f["doors"][s]) for s in rivals]
        suit_en, suit_ja = SUIT_EN[int(door.suit)], SUIT_JA[int(door.suit)]
        word_en, word_ja = ("highest", "高く") if v is Variant.RAZZ else ("lowest", "低く")
        out.say(
            "bring_in.tie_by_suit",
            f"{label} ties on rank with {' and '.join(others)}; suits go clubs < diamonds < hearts < spades, so {label} ({suit_en}) is the {word_en}.",
            f"{label}と{'・'.join(others)}は同じランクなので、スート（クラブ＜ダイヤ＜ハート＜スペード）で比べると{suit_ja}の{label}が一番{word_ja}なります。",
        )
    first = f["first"]
    if f["all_in_ante"]:
        if first is not None:
            out.say(
                "bring_in.all_in_ante",
                f"Seat {holder} ({label}) has the bring-in card but is all-in on the ante, so nothing is posted; "
                f"betting starts with seat {first}, the first player with chips on its left, who must bet at least "
                f"the bring-in ({amount(f['bring_in'])}) or fold (TDA 2024 RP-10 E).",
                f"ブリングインは{seat_ja(holder)}（{label}）ですが、アンティでオールインしているので何も出しません。"
                f"アクションは左側でチップを持つ最初のプレイヤー、{seat_ja(first)}から始まり、少なくともブリングイン額"
                f"（{amount(f['bring_in'])}）をベットするか、フォールドします（TDA 2024 RP-10 E）。",
            )
        else:
            out.say(
                "bring_in.all_in_ante_no_bet",
                f"Seat {holder} ({label}) has the bring-in card but is all-in on the ante, so nothing is posted; "
                "no other player in the hand could call a bet, so nobody acts on 3rd street (TDA 2024 RP-10 E).",
                f"ブリングインは{seat_ja(holder)}（{label}）ですが、アンティでオールインしているので何も出しません。"
                "ほかにベットをコールできるプレイヤーがいないので、3rdストリートでアクションする人はいません（TDA 2024 RP-10 E）。",
            )
    elif f.get("no_caller"):
        out.say(
            "bring_in.no_caller",
            f"Seat {holder} ({label}) has the bring-in card, but every other player in the hand is all-in "
            "on the ante: nobody could call a bring-in, so nothing is posted and nobody acts on 3rd street; "
            "the cards are dealt out (TDA 2024 RP-10 E).",
            f"ブリングインは{seat_ja(holder)}（{label}）ですが、ほかのプレイヤーは全員アンティでオールインしています。"
            "ブリングインをコールできる人がいないので何も出さず、3rdストリートでアクションする人はいません。"
            "カードは最後まで配ります（TDA 2024 RP-10 E）。",
        )
    elif f["post_only"]:
        _bring_in_all_in_post(f, out)
    elif not f["holder_dead"]:
        out.say(
            "bring_in.posts_or_completes",
            f"So seat {holder} ({label}) brings in {amount(f['amount'])} (or completes to {amount(f['complete'])}) "
            "and acts first.",
            f"したがって{seat_ja(holder)}（{label}）がブリングイン{amount(f['amount'])}を出すか"
            f"{amount(f['complete'])}にコンプリートし、最初にアクションします。",
        )
    if f["holder_dead"]:
        why_en = " (the player was absent at the deal)" if holder in f["absent"] else ""
        why_ja = "（ディール時に不在）" if holder in f["absent"] else ""
        if f["amount"] > 0:
            then_en = f"the first decision is seat {first}'s" if first is not None else "nobody else acts"
            then_ja = (
                f"最初に判断するのは{seat_ja(first)}です"
                if first is not None
                else "ほかにアクションする人はいません"
            )
            out.say(
                "bring_in.killed_holder",
                f"Seat {holder}'s hand is killed{why_en}, but it was dealt the bring-in card, so the bring-in of "
                f"{amount(f['amount'])} is posted for it; a dead hand makes no decision (no completion), so {then_en} (TDA 2024 Rule 30).",
                f"{seat_ja(holder)}のハンドはキルされています{why_ja}が、ブリングインのカードを配られているので"
                f"ブリングイン{amount(f['amount'])}は出します。デッドハンドは判断をしない（コンプリートもない）ので、{then_ja}（TDA 2024 ルール30）。",
            )
        else:
            out.say(
                "bring_in.killed_holder_all_in",
                f"Seat {holder}'s hand is killed{why_en} and makes no decision (TDA 2024 Rule 30).",
                f"{seat_ja(holder)}のハンドはキルされていて{why_ja}、判断はしません（TDA 2024 ルール30）。",
            )


def _bring_in_all_in_post(f: dict[str, Any], out: Text) -> None:
    """The live low card has no more than the bring-in behind: the post takes it all-in and it
    makes no decision (WSOP 2024 Stud: short bring-in)."""
    holder, label, posted, full = f["holder"], card_label(f["door"]), f["amount"], f["bring_in"]
    if posted < full:
        out.say(
            "bring_in.short",
            f"Seat {holder} ({label}) brings in but has only {amount(posted)} after the ante: "
            f"{amount(posted)} is posted all-in, and a player short of the bring-in may not complete, "
            f"so seat {holder} makes no decision (WSOP 2024 stud rules).",
            f"ブリングインは{seat_ja(holder)}（{label}）ですが、アンティの後に{amount(posted)}しか残っていないので、"
            f"{amount(posted)}でオールインのブリングインになります。ブリングイン額に足りないプレイヤーはコンプリートできないので、"
            f"{seat_ja(holder)}に判断はありません（WSOP 2024 スタッドのルール）。",
        )
    else:
        out.say(
            "bring_in.all_in_post",
            f"Seat {holder} ({label}) brings in {amount(posted)} with its last chips: the post puts it all-in, "
            "so it cannot complete and makes no decision.",
            f"{seat_ja(holder)}（{label}）は残りのチップ{amount(posted)}でブリングインを出すとオールインになるので、"
            "コンプリートはできず、判断はありません。",
        )
    first = f["first"]
    if first is None:
        return
    enter_en = f"still enter for the full {amount(full)}" if posted < full else f"call the {amount(full)}"
    enter_ja = f"ブリングイン額の{amount(full)}" if posted < full else f"{amount(full)}"
    if f["can_complete"]:
        out.say(
            "bring_in.first_decision_complete",
            f"The first decision is seat {first}'s: the others must {enter_en} "
            f"or complete to {amount(f['complete'])}.",
            f"最初に判断するのは{seat_ja(first)}です。ほかのプレイヤーは{enter_ja}を入れるか、"
            f"{amount(f['complete'])}にコンプリートします。",
        )
    else:
        out.say(
            "bring_in.first_decision",
            f"The first decision is seat {first}'s: the others must {enter_en} or fold; "
            "nobody could call a completion, so none is offered.",
            f"最初に判断するのは{seat_ja(first)}です。ほかのプレイヤーは{enter_ja}を入れるかフォールドします。"
            "コンプリートをコールできる人がいないので、コンプリートはありません。",
        )


# --- next action ------------------------------------------------------------------------


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


def board_lines(v: Variant, b: dict[str, Any], out: Text, *, prefix: tuple[str, str] = ("", "")) -> None:
    """Who has the board that acts first (RRoP 7CS-1, BARGE Razz, TDA 2024 RP-10 D)."""
    best = b["best"]
    shown = board_text(b["best_board"])
    if v is Variant.RAZZ:
        en = f"In razz the lowest board acts first (ace-to-five; any pair is worse than no pair): seat {best}'s {shown} is the lowest."
        ja = f"ラズでは見えているハンドが一番低いプレイヤーからアクションします（A〜5で比べ、ペアはノーペアより弱い）。{seat_ja(best)}の{shown}が一番低いボードです。"
    else:
        game = "stud/8 (the high board decides)" if v is Variant.STUD8 else "stud"
        game_ja = "スタッドハイローでもハイの" if v is Variant.STUD8 else ""
        en = f"In {game} the best board acts first (pairs, then high cards): seat {best}'s {shown} is the best."
        ja = f"{game_ja}見えているハンドが一番強いプレイヤーからアクションします（ペア→ハイカード）。{seat_ja(best)}の{shown}が一番強いボードです。"
    out.say("board.best", prefix[0] + run_on(en) if prefix[0] else en, prefix[1] + ja)
    if b["tied"]:
        tied_en = seats_en(b["tied"]).capitalize()
        if b["tie_break"] == "suit":
            tops = ", ".join(f"{card_label(c)} (seat {s})" for s, c in b["high_cards"].items())
            tops_ja = "、".join(f"{seat_ja(s)}の{card_label(c)}" for s, c in b["high_cards"].items())
            out.say(
                "board.tie_by_suit",
                f"{tied_en} show the same board; the high card by suit breaks the tie (TDA 2024 RP-10 D): {tops}, so seat {best} comes first.",
                f"{seats_ja(b['tied'])}のボードが同じなので、スートを含めたハイカードで決めます（TDA 2024 RP-10 D）：{tops_ja}を比べて{seat_ja(best)}が先です。",
            )
        else:
            out.say(
                "board.tie_by_position",
                f"{tied_en} show the same board; the tie goes to the player nearest the dealer's left (position), seat {best}.",
                f"{seats_ja(b['tied'])}のボードが同じなので、ディーラーの左から近い{seat_ja(best)}が先です（ポジション）。",
            )
    if b["all_in_best"] and b["first"] is not None:
        out.say(
            "board.all_in_best",
            f"Seat {best} is all-in, so the action goes on to seat {b['first']} as if seat {best} had checked.",
            f"{seat_ja(best)}はオールインなので、チェックしたものとして{seat_ja(b['first'])}にアクションが移ります。",
        )


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


def _next_action(f: dict[str, Any], out: Text) -> None:
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


# --- stub -------------------------------------------------------------------------------


def _stub(f: dict[str, Any], out: Text) -> None:
    dealt = f["dealt_in"]
    rec = f["receivers"]
    parts = [f"{dealt * 3} (3rd street, {dealt} players)"] + [
        f"{1 + rec[s]} ({STREET_EN[s]}: burn + {rec[s]})" for s in (4, 5, 6)
    ]
    parts_ja = [f"{dealt * 3}（{street_ja(3)}、{dealt}人）"] + [
        f"{1 + rec[s]}（{street_ja(s)}：バーン1＋{rec[s]}人）" for s in (4, 5, 6)
    ]
    stub, need, proc, players = f["stub"], f["required"], f["procedure"], f["players"]
    out.say(
        "stub.count",
        f"Stub before 7th street: 52 − {' − '.join(parts)} = {stub}.",
        f"{street_ja(7)}の前のスタブは 52 − {' − '.join(parts_ja)} ＝ {stub}枚です。",
    )
    out.say(
        "stub.required",
        f"Required: {players} players + burn + last card = {need}.",
        f"必要な枚数は、残り{players}人＋バーン1枚＋最後の1枚で{need}枚です。",
    )
    if proc == "none":
        out.say(
            "stub.enough",
            "The stub is enough: burn and deal 7th street to every player as usual.",
            "スタブは足りているので、いつも通りバーンして全員に7枚目を配ります。",
        )
    elif proc == "A":
        out.say(
            "stub.case_a",
            f"Adding the 3 earlier burns gives {stub + 3}, enough: scramble them into the stub, cut, burn one and deal each player a card (TDA 2024 RP-10 H case A).",
            f"これまでのバーン3枚を加えると{stub + 3}枚で足りるので、スタブとバーンカードをスクランブルしてカットし、1枚バーンしてから各プレイヤーに1枚ずつ配ります（TDA 2024 RP-10 H のA）。",
        )
    elif proc == "B":
        out.say(
            "stub.case_b",
            f"The 3 earlier burns would make only {stub + 3}, but the stub has at least 3 cards: burn the top card and deal the next one as a community card (TDA 2024 RP-10 H case B).",
            f"バーン3枚を加えても{stub + 3}枚で足りませんが、スタブが3枚以上あるので、1枚バーンして次のカードをコミュニティカードとして配ります（TDA 2024 RP-10 H のB）。",
        )
    else:
        out.say(
            "stub.case_c",
            "The stub has fewer than 3 cards: scramble it with the 3 earlier burns, cut, burn one and deal a community card (TDA 2024 RP-10 H case C).",
            "スタブが3枚未満なので、これまでのバーン3枚と合わせてスクランブルしてカットし、1枚バーンしてからコミュニティカードを配ります（TDA 2024 RP-10 H のC）。",
        )
    if f["first"] is not None:
        if proc in ("B", "C"):
            out.say(
                "stub.first_with_community_card",
                f"With a community card, the player first to act on 6th street acts first on 7th: seat {f['first']} (RP-10 H D).",
                f"コミュニティカードを使うときは、{street_ja(6)}で最初にアクションする{seat_ja(f['first'])}が{street_ja(7)}でも最初にアクションします（RP-10 H のD）。",
            )
        else:
            out.say(
                "stub.first_boards_unchanged",
                f"7th street is dealt down, so the boards do not change: seat {f['first']} acts first again.",
                f"7枚目は伏せて配るのでボードは変わらず、{seat_ja(f['first'])}が最初にアクションします。",
            )


# --- showdown order ------------------------------------------------------------------------


def _showdown_first(f: dict[str, Any], out: Text) -> None:
    seat = f["seat"]
    if f["not_at_risk"]:
        out.say(
            "showdown.not_at_risk",
            f"{seats_en(f['all_in']).capitalize()} {'is' if len(f['all_in']) == 1 else 'are'} all-in: all hands are tabled, and the players not at risk expose first (TDA 2024 Rule 16, RP-10 B).",
            f"{seats_ja(f['all_in'])}がオールインなので全員ハンドを開きますが、敗退の危険がないプレイヤーから先に開きます（TDA 2024 ルール16、RP-10 B）。",
        )
    among_en = " among the players not at risk" if f["not_at_risk"] else ""
    among_ja = "敗退の危険がないプレイヤーのうち、" if f["not_at_risk"] else ""
    at_risk = f["at_risk_bettors"]
    if f["reason"] == "last_aggressor":
        out.say(
            "showdown.last_aggressor",
            f"Seat {seat} made the last bet or raise on 7th street{among_en}, so shows first (TDA 2024 Rule 17-A).",
            f"{among_ja}{street_ja(7)}で最後にベット・レイズしたのは{seat_ja(seat)}なので、最初にハンドを見せます（TDA 2024 ルール17-A）。",
        )
        if at_risk:
            out.say(
                "showdown.at_risk_bettors",
                f"All-in {seats_en(at_risk)} also bet or raised on 7th street, but a player at risk shows after the others.",
                f"オールインの{seats_ja(at_risk)}も{street_ja(7)}でベット・レイズしましたが、敗退の危険があるプレイヤーは後から見せます。",
            )
        return
    if not f["final_round"]:
        out.say(
            "showdown.no_seventh_round",
            "Nobody could bet on 7th street, so the player who would act first shows first (TDA 2024 Rule 17-A).",
            f"{street_ja(7)}ではベットできる人がいなかったので、最初にアクションするはずのプレイヤーから見せます（TDA 2024 ルール17-A）。",
        )
    elif at_risk:
        out.say(
            "showdown.only_at_risk_bet",
            f"On 7th street only all-in {seats_en(at_risk)} bet; nobody not at risk bet or raised, so of them the player who would act first shows first (TDA 2024 Rule 17-A).",
            f"{street_ja(7)}でベットしたのはオールインの{seats_ja(at_risk)}だけで、敗退の危険がないプレイヤーはベット・レイズしていないので、その中で最初にアクションするはずのプレイヤーから見せます（TDA 2024 ルール17-A）。",
        )
    else:
        out.say(
            "showdown.checked_around",
            "7th street was checked around, so the player who would act first shows first (TDA 2024 Rule 17-A).",
            f"{street_ja(7)}はチェックアラウンドだったので、最初にアクションするはずのプレイヤーから見せます（TDA 2024 ルール17-A）。",
        )
    board_lines(f["variant"], f["board"], out)
    out.say("showdown.first", f"Seat {seat} shows first.", f"{seat_ja(seat)}が最初です。")


def _results() -> dict[str, Any]:
    from games.stud.explain_results import award_text, best_hands_text, ruling_text

    return {"best_hands": best_hands_text, "award": award_text, "ruling": ruling_text}


_WRITERS = {
    "pots": _pots,
    "bring_in": _bring_in,
    "next_action": _next_action,
    "stub": _stub,
    "showdown_first": _showdown_first,
}
