"""Hints of a hand walk: the rule that decides a dealer decision and the seats to look at.

A hand walk (:mod:`games.stud.walk`) stops at every dealer decision; a trainee may be shown a hint
there before answering. The hint is written per walk stage and game from the rulebooks, never from
the expected answer: the same stage of the same game under the same house rules always gives the
same hint, whatever the right answer is. The ``action`` and ``round_over`` stages share one hint
(which of the two a step is would give the answer away).

>>> from games.api import table_view, walk
>>> steps = walk(variant="FR", seed=1)
>>> tip = hint(table_view(steps[1].document), stage="bring_in", game="FR")
>>> tip.rules, tip.seats == tuple(s["seat"] for s in table_view(steps[1].document)["seats"])
(('BARGE Razz',), True)
>>> tip.texts("en")[1]
'The bring-in may post the bring-in or complete to the small bet; the next seat acts after it.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.stud.explain import Sentence

__all__ = ["HINTS", "Hint", "hint"]

# Every sentence a hint can say, and when it is said.
HINTS: dict[str, str] = {
    "antes": "the antes step",
    "bring_in.razz": "the bring-in step of razz",
    "bring_in.high": "the bring-in step of the high games and stud/8",
    "bring_in.options": "every bring-in step, after the game's bring-in rule",
    "action.next": "the action and round-over steps (one hint for both)",
    "action.options": "the action and round-over steps, after action.next",
    "first_to_act.razz": "the first-to-act step of razz",
    "first_to_act.high": "the first-to-act step of the high games and stud/8",
    "first_to_act.tie_by_suit": "the first-to-act step where the house breaks tied boards by suit",
    "first_to_act.tie_by_position": "the first-to-act step where the house breaks tied boards by position",
    "first_to_act.community_card": "the first-to-act step once a community card is dealt",
    "stub": "the stub step",
    "showdown_first": "the showdown-order step",
    "award.razz": "the award step of razz",
    "award.hi_lo": "the award step of stud/8",
    "award.high": "the award step of the high games",
    "award.side_pots": "every award step, after the game's award rule",
    "other": "any other step (a dealer error to stop the hand for)",
}


@dataclass(frozen=True)
class Hint:
    """A hint: its sentences in English and Japanese, the rules it cites (keys of
    :data:`games.core.citations.CITATIONS`) and the seats to look at, in seat order."""

    sentences: tuple[Sentence, ...]
    rules: tuple[str, ...]
    seats: tuple[int, ...]

    def texts(self, lang: str) -> list[str]:
        """The sentences in ``lang`` ("en" or "ja"), one paragraph each."""
        if lang not in ("en", "ja"):
            raise ValueError(f"no hint texts in {lang!r}")
        return [s.ja if lang == "ja" else s.en for s in self.sentences]


@dataclass
class _Writer:
    sentences: list[Sentence] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    def say(self, key: str, en: str, ja: str) -> None:
        if key not in HINTS:
            raise KeyError(f"hint sentence {key!r} is not in the registry")
        self.sentences.append(Sentence(key, en, ja))

    def cite(self, *keys: str) -> None:
        self.rules.extend(k for k in keys if k not in self.rules)


def hint(view: Mapping[str, Any], *, stage: str, game: str) -> Hint:
    """The hint of a walk step at ``stage`` of ``game`` ("F7S", "FR", "F7S/8"), from the step's
    table view (:func:`games.table.table_view`). A stage outside :data:`games.stud.walk.STAGES`
    (or ``dealer_error``) gets the hint to compare what happened with the rules."""
    razz = game == "FR"
    seats = list(view["seats"])
    every = [int(s["seat"]) for s in seats]
    live = [int(s["seat"]) for s in seats if not (s["folded"] or s["mucked"] or s["dead"])]
    out = _Writer()
    if stage == "antes":
        out.say(
            "antes",
            "Add up the antes the seats posted (each seat's Ante); a short ante adds only what it posted. No bet has been made yet.",
            "各席が出したアンティ（各席の「アンティ」）を合計します。ショートアンティは出した分だけを数えます。ベットはまだありません。",
        )
        out.cite("TDA 2024 Rule 21")
        look = every
    elif stage == "bring_in":
        _bring_in(out, razz)
        look = every
    elif stage in ("action", "round_over"):
        # One hint for both: which of the two a step is would give the answer away.
        out.say(
            "action.next",
            "Go clockwise from the last seat that acted to the next one still in the hand and not all-in. The round is over when every player still in has acted and matched the last full bet, or is all-in.",
            "最後にアクションした席から時計回りに、ハンドに残っていてオールインでない次の席を探します。残っている全員がアクションを終え、最後のフルベットにそろえたか、オールインになっていれば、そのラウンドは終わりです。",
        )
        out.say(
            "action.options",
            "The options follow the limit and the number of bets made on this street.",
            "選べるアクションは、リミットとこのストリートのベット回数で決まります。",
        )
        out.cite("BARGE Limit", "RRoP 7CS-3")
        look = [int(s["seat"]) for s in seats if s["seat"] in live and not s["all_in"]]
    elif stage == "first_to_act":
        _first_to_act(out, view, game, razz)
        look = live
    elif stage == "stub":
        out.say(
            "stub",
            "Count the stub: 52 cards, less three to each seat dealt in, less a burn and a card to each player still in on 4th, 5th and 6th street. 7th street needs a card for each player still in, a burn and the last card, which is never dealt; when that is short, the house rule says how to go on.",
            "スタブを数えます：52枚から、配られた各席の3枚と、4th・5th・6thストリートそれぞれのバーン1枚と残っている各プレイヤーへの1枚を引きます。7thストリートには、残っている各プレイヤーへの1枚、バーン1枚、配らない最後の1枚が必要です。足りないときの進め方はハウスルールが決めます。",
        )
        out.cite("TDA 2024 RP-10 H")
        look = live
    elif stage == "showdown_first":
        out.say(
            "showdown_first",
            "The last player to bet or raise on the final street shows first; when nobody bet on it, the player who would have acted first on it.",
            "最終ストリートで最後にベットまたはレイズしたプレイヤーが最初に見せます。だれもベットしなかったときは、そのストリートで最初にアクションするはずだったプレイヤーです。",
        )
        out.cite("TDA 2024 Rule 17-A")
        look = live
    elif stage == "award":
        _award(out, game, razz)
        look = live
    else:
        out.say(
            "other",
            "Compare what just happened with what the rules allow: the cards each seat got, who acted and when, the amounts. When something went wrong, stop the hand and say how the house rules put it right.",
            "いま起きたことをルールと照らし合わせます：各席に配られたカード、だれがいつアクションしたか、その額。誤りがあればハンドを止め、ハウスルールでどう正すかを答えます。",
        )
        look = live
    return Hint(sentences=tuple(out.sentences), rules=tuple(out.rules), seats=tuple(look))


def _bring_in(out: _Writer, razz: bool) -> None:
    if razz:
        out.say(
            "bring_in.razz",
            "The highest upcard brings in, the ace counting low (a king is the highest); between equal ranks the suit decides: spades highest, then hearts, diamonds, clubs.",
            "いちばん高いアップカードがブリングインです（エースはロー、キングがいちばん高いカード）。同じランクならスートで決めます：スペードがいちばん高く、ハート、ダイヤ、クラブの順です。",
        )
        out.cite("BARGE Razz")
    else:
        out.say(
            "bring_in.high",
            "The lowest upcard brings in, the ace counting high; between equal ranks the suit decides: clubs lowest, then diamonds, hearts, spades.",
            "いちばん低いアップカードがブリングインです（エースはハイ）。同じランクならスートで決めます：クラブがいちばん低く、ダイヤ、ハート、スペードの順です。",
        )
        out.cite("RRoP 7CS-1", "BARGE Seven-Card Stud")
    out.say(
        "bring_in.options",
        "The bring-in may post the bring-in or complete to the small bet; the next seat acts after it.",
        "ブリングインの席はブリングインを出すか、スモールベットまでコンプリートできます。その次の席がそのあとにアクションします。",
    )


def _first_to_act(out: _Writer, view: Mapping[str, Any], game: str, razz: bool) -> None:
    if razz:
        out.say(
            "first_to_act.razz",
            "From 4th street the lowest hand showing acts first: the ace counts low and any board without a pair is lower than a paired one.",
            "4thストリートからは、見えているいちばん低いハンドが最初にアクションします。エースはローで、ペアのないボードはペアのあるボードより低くなります。",
        )
        out.cite("BARGE Razz")
    else:
        out.say(
            "first_to_act.high",
            "From 4th street the best hand showing acts first: pairs beat high cards, and four cards to a straight or a flush are no hand.",
            "4thストリートからは、見えているいちばん強いハンドが最初にアクションします。ペアはハイカードより強く、4枚のストレートやフラッシュはハンドになりません。",
        )
        out.cite("RRoP 7CS-1")
    # The house rule tie_break_later_streets (games.stud.rules), by game; suit when unset.
    tie = ((view.get("rules") or {}).get("tie_break_later_streets") or {}).get(game, "suit")
    if tie == "suit":
        out.say(
            "first_to_act.tie_by_suit",
            "Identical boards: the one with the highest card by suit (spades highest) acts first.",
            "ボードが同じときは、スートまで見ていちばん高いカードを持つ席が先です（スペードがいちばん高い）。",
        )
        # TDA 2024 RP-10 D: tied boards, high card by suit acts first
        out.cite("TDA 2024 RP-10 D")
    else:
        out.say(
            "first_to_act.tie_by_position",
            "Identical boards: the first of them clockwise from the dealer acts first.",
            "ボードが同じときは、ディーラーから時計回りで先にある席が先です。",
        )
        out.cite("RRoP 7CS-1")
    if view.get("community_card"):
        out.say(
            "first_to_act.community_card",
            "With a community card, the player who acted first on 6th street acts first.",
            "コミュニティカードのときは、6thストリートで最初にアクションしたプレイヤーが先です。",
        )
        out.cite("TDA 2024 RP-10 H")


def _award(out: _Writer, game: str, razz: bool) -> None:
    if razz:
        out.say(
            "award.razz",
            "The lowest five cards win: the ace is low, straights and flushes do not count.",
            "いちばん低い5枚が勝ちます。エースはローで、ストレートとフラッシュは数えません。",
        )
        out.cite("TDA 2024 Rule 21", "BARGE Lowball Scales")
    elif game == "F7S/8":
        out.say(
            "award.hi_lo",
            "Half to the best high hand, half to the best low of five different cards eight or lower; with no such low the high hand takes it all.",
            "半分をいちばん強いハイハンドに、半分を8以下の異なる5枚でできたいちばん低いローハンドに分けます。ローがなければハイハンドが全部を取ります。",
        )
        out.cite("TDA 2024 Rule 21", "TDA 2024 Rule 20", "BARGE Stud Hi-Lo")
    else:
        out.say(
            "award.high",
            "The best five cards of each hand tabled decide; suits never split a tie.",
            "見せた各ハンドのベスト5枚で決めます。同じ強さのとき、スートで差はつけません。",
        )
        out.cite("TDA 2024 Rule 21", "Practice: hand rankings")
    out.say(
        "award.side_pots",
        "A side pot goes to the best hand among the seats in it; an odd chip goes by the house rule.",
        "サイドポットは、そのポットに参加している席のなかでいちばん強いハンドに渡します。端数チップはハウスルールに従います。",
    )
