"""Explanations in English and Japanese, written from the facts of one solved hand.

Every sentence carries this hand's seats, cards and amounts, and is written under a key of
:data:`SENTENCES`, which says what must be true of the hand for the sentence to be said (a
test checks each key against the hands that trigger it). The Japanese follows the words
dealers use at the table (ブリングイン, コンプリート, アンティ, サイドポット, スタブ,
コミュニティカード, ショーダウン, 3番席, 4thストリート); amounts carry thousands separators.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core.cards import Card
from games.core.names import card_label
from games.core.sentences import SENTENCES
from games.stud.rules import Variant

__all__ = [
    "STREET_EN",
    "Sentence",
    "Text",
    "amount",
    "board_lines",
    "board_text",
    "bring_in_text",
    "cards_text",
    "explain",
    "explain_sentences",
    "pots_text",
    "run_on",
    "seat_ja",
    "seats_en",
    "seats_ja",
    "showdown_first_text",
    "street_ja",
    "stub_text",
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
    from games.registry import kind as question_kind

    writer = question_kind("stud", kind).explain
    if writer is None:
        raise KeyError(f"the {kind} question has no explanation writer")
    out = Text()
    writer(facts, out)
    return out.sentences


def explain(kind: str, facts: dict[str, Any]) -> dict[str, str]:
    """``{"en": ..., "ja": ...}`` for a solved question."""
    sentences = explain_sentences(kind, facts)
    return {"en": " ".join(s.en for s in sentences), "ja": "".join(s.ja for s in sentences)}


# --- pots ------------------------------------------------------------------------------


def pots_text(f: dict[str, Any], out: Text) -> None:
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


def bring_in_text(f: dict[str, Any], out: Text) -> None:
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


# --- stub -------------------------------------------------------------------------------


def stub_text(f: dict[str, Any], out: Text) -> None:
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


def showdown_first_text(f: dict[str, Any], out: Text) -> None:
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
