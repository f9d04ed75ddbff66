"""The rules the engine cites, by rulebook: one entry per citation that an answer can carry.

``solve`` puts citation keys in ``rules`` (``"TDA 2024 Rule 47-B"``); this registry says which
rulebook each key belongs to, its title in English and Japanese and a stable anchor for the
in-app rules reference. A key that is not listed here is a bug (a test checks every answer).
House games cite their own source documents by title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["BOOKS", "CITATIONS", "Book", "Citation", "citation", "is_known"]


@dataclass(frozen=True)
class Book:
    code: str
    title_en: str
    title_ja: str


@dataclass(frozen=True)
class Citation:
    key: str  # as the engine prints it in ``rules``
    book: str  # a ``Book.code``
    title_en: str
    title_ja: str

    @property
    def anchor(self) -> str:
        """A URL fragment: lower case, letters and digits joined by hyphens."""
        return re.sub(r"[^a-z0-9]+", "-", self.key.lower().replace("§", "s")).strip("-")

    def title(self, lang: str) -> str:
        return self.title_ja if lang == "ja" else self.title_en


BOOKS: dict[str, Book] = {
    b.code: b
    for b in (
        Book("tda-2024", "Poker TDA Rules 2024", "ポーカーTDAルール 2024"),
        Book("rrop", "Robert's Rules of Poker", "ロバーツ・ルール・オブ・ポーカー"),
        Book("barge", "BARGE Rulebook", "BARGEルールブック"),
        Book("wsop-2024", "WSOP 2024 Tournament Rules", "WSOP 2024 トーナメントルール"),
        Book("practice", "Card-room practice", "カードルームの慣行"),
        Book("holdem", "Texas Hold'em game rules", "テキサスホールデム ゲームルール仕様書"),
        Book("fch", "Flush Code Hack rulebook", "Flush Code Hack ルールブック"),
        Book("t10s", "Ten-card stud game rules", "10カードスタッド ゲームルール"),
    )
}


def _c(key: str, book: str, en: str, ja: str) -> Citation:
    return Citation(key, book, en, ja)


_ALL: tuple[Citation, ...] = (
    # Poker TDA Rules 2024
    _c("TDA 2024 Rule 16", "tda-2024", "Face up for all-ins", "オールイン時のハンド公開"),
    _c("TDA 2024 Rule 17-A", "tda-2024", "Showdown order", "ショーダウンで先に見せる人"),
    _c("TDA 2024 Rule 20", "tda-2024", "Odd chips", "端数チップ"),
    _c("TDA 2024 Rule 21", "tda-2024", "Side pots split separately", "サイドポットは別々に分ける"),
    _c("TDA 2024 Rule 22", "tda-2024", "Disputed hands and pots", "ハンドとポットの異議"),
    _c("TDA 2024 Rule 30", "tda-2024", "At your seat for the deal", "配り終わりに着席していること"),
    _c("TDA 2024 Rule 35-A", "tda-2024", "Misdeals", "ミスディール"),
    _c(
        "TDA 2024 Rule 35-D",
        "tda-2024",
        "No misdeal after substantial action",
        "実質的なアクション後はミスディールにしない",
    ),
    _c("TDA 2024 Rule 36", "tda-2024", "Substantial action", "実質的なアクション"),
    _c("TDA 2024 Rule 38", "tda-2024", "One burn per street", "バーンは1ストリートに1枚"),
    _c("TDA 2024 Rule 39-D", "tda-2024", "Reshuffles face down", "リシャッフルは裏向きで"),
    _c("TDA 2024 Rule 43", "tda-2024", "Raises in no-limit", "ノーリミットのレイズ額"),
    _c("TDA 2024 Rule 47-A", "tda-2024", "Re-opening in no-limit", "ノーリミットのリオープン"),
    _c(
        "TDA 2024 Rule 47-B",
        "tda-2024",
        "Re-opening in limit: half a bet",
        "リミットのリオープン（ベットの半分）",
    ),
    _c("TDA 2024 Rule 48", "tda-2024", "Raise cap", "レイズのキャップ"),
    _c("TDA 2024 Rule 53", "tda-2024", "Action out of turn", "順番外のアクション"),
    _c("TDA 2024 Rule 58", "tda-2024", "Binding folds", "フォールドの確定"),
    _c("TDA 2024 Rule 66", "tda-2024", "Stud: picking up upcards", "スタッド：アップカードを伏せる"),
    _c("TDA 2024 Rule 68", "tda-2024", "Exposing cards with action pending", "アクション中のカード公開"),
    _c("TDA 2024 RP-5 D", "tda-2024", "Premature cards", "早すぎたカード"),
    _c(
        "TDA 2024 RP-10 A",
        "tda-2024",
        "Stud: downcard exposed on the deal",
        "スタッド：初期配布で表になったカード",
    ),
    _c(
        "TDA 2024 RP-10 B",
        "tda-2024",
        "Stud: 7th street exposed card, all-in tabling",
        "スタッド：7thの公開カードとオールイン時の公開",
    ),
    _c("TDA 2024 RP-10 C", "tda-2024", "Stud: no cards to dead hands", "スタッド：死んだハンドには配らない"),
    _c(
        "TDA 2024 RP-10 D",
        "tda-2024",
        "Stud: tied boards, high card by suit",
        "スタッド：同じボードはスートの高いカード",
    ),
    _c(
        "TDA 2024 RP-10 E",
        "tda-2024",
        "Stud: low card all-in for the ante",
        "スタッド：ロウカードがアンティでオールイン",
    ),
    _c(
        "TDA 2024 RP-10 F",
        "tda-2024",
        "Stud: no double bet on an open pair",
        "スタッド：オープンペアでもダブルベットなし",
    ),
    _c(
        "TDA 2024 RP-10 H",
        "tda-2024",
        "Stud: running out of cards on 7th street",
        "スタッド：7thでカードが足りないとき",
    ),
    # Robert's Rules of Poker
    _c(
        "RRoP 7CS-1",
        "rrop",
        "Seven-card stud: bring-in and first to act",
        "セブンカードスタッド：ブリングインと最初のアクション",
    ),
    _c(
        "RRoP 7CS-2",
        "rrop",
        "Seven-card stud: the bring-in may complete",
        "セブンカードスタッド：ブリングインはコンプリートできる",
    ),
    _c(
        "RRoP 7CS-3",
        "rrop",
        "Seven-card stud: completion is not a raise",
        "セブンカードスタッド：コンプリートはレイズではない",
    ),
    _c(
        "RRoP 7CS-4",
        "rrop",
        "Seven-card stud: open pair on 4th street",
        "セブンカードスタッド：4thのオープンペア",
    ),
    _c(
        "RRoP Betting and Raising",
        "rrop",
        "Betting and raising: heads-up raising",
        "ベットとレイズ：ヘッズアップのレイズ",
    ),
    _c(
        "RRoP Betting and Raising 11",
        "rrop",
        "Betting and raising: acting out of turn",
        "ベットとレイズ：順番外のアクション",
    ),
    _c("RRoP Ties", "rrop", "Ties and odd chips", "引き分けと端数チップ"),
    # BARGE Rulebook
    _c(
        "BARGE Seven-Card Stud",
        "barge",
        "Seven-card stud: deal, bring-in by suit",
        "セブンカードスタッド：配り方とスート順のブリングイン",
    ),
    _c("BARGE Razz", "barge", "Razz: bring-in and action order", "ラズ：ブリングインとアクション順"),
    _c("BARGE Stud Hi-Lo", "barge", "Stud hi-lo: the eight-or-better low", "スタッド・ハイロー：8以下のロー"),
    _c("BARGE Lowball Scales", "barge", "Ace-to-five low ranking", "エース・トゥ・ファイブのロー"),
    _c(
        "BARGE Limit",
        "barge",
        "Limit betting: bet sizes and short all-ins",
        "リミットのベット額とショートオールイン",
    ),
    # WSOP 2024
    _c(
        "WSOP 2024 Stud: short bring-in",
        "wsop-2024",
        "Stud: a bring-in all-in for less",
        "スタッド：ブリングインに足りないオールイン",
    ),
    _c(
        "WSOP 2024 Stud: all-in high hand",
        "wsop-2024",
        "Stud: the best board is all-in",
        "スタッド：一番強いボードがオールイン",
    ),
    # Card-room practice (no rulebook text decides it; the reference page says so)
    _c(
        "Practice: all-in for the ante",
        "practice",
        "All-in for the ante: a layered main pot",
        "アンティでオールイン：メインポットを分ける",
    ),
    _c("Practice: hand rankings", "practice", "Poker hand rankings", "ポーカーの役の強さ"),
    _c(
        "Practice: the bring-in has acted",
        "practice",
        "The bring-in counts as having acted",
        "ブリングインはアクション済みとみなす",
    ),
    _c(
        "Practice: exposed 7th card with no action left",
        "practice",
        "An exposed 7th-street card with no betting left plays",
        "ベットの残らない7thの公開カードはそのまま",
    ),
    _c(
        "Practice: cards put back in their seats",
        "practice",
        "A card to the wrong seat on a later street",
        "4th以降で違う席に配ったカード",
    ),
    _c(
        "Practice: a wrongly called bring-in is corrected",
        "practice",
        "The wrong seat called for the bring-in",
        "ブリングインの席の呼び間違い",
    ),
    # Texas Hold'em game rules (source document)
    _c("Hold'em rules §3.1", "holdem", "Preflop", "プリフロップ"),
    _c("Hold'em rules §3.2", "holdem", "Flop, turn and river", "フロップ以降"),
    _c("Hold'em rules §4", "holdem", "Available actions", "利用可能なアクション"),
    _c("Hold'em rules §5", "holdem", "When a betting round is complete", "ベッティングラウンド完了条件"),
    _c("Hold'em rules §7", "holdem", "Showdown", "ショーダウン"),
    _c("Hold'em rules §8", "holdem", "Pot distribution", "ポット分配"),
    # Flush Code Hack rulebook (source document)
    _c(
        "Flush Code Hack: card and suit order",
        "fch",
        "Card strength and suit order",
        "カードの強さとスートの順位",
    ),
    _c("Flush Code Hack: hand rankings", "fch", "Poker hands", "ポーカーの役"),
    _c("Flush Code Hack: game rules 2", "fch", "Game rules 2: the round", "ゲームルール 2：ラウンドの進行"),
    _c(
        "Flush Code Hack: game rules 3",
        "fch",
        "Game rules 3: the end of the game",
        "ゲームルール 3：ゲームの終了",
    ),
    _c("Flush Code Hack: leaving the game", "fch", "Leaving the game", "ゲームからの退場"),
    # Ten-card stud game rules (source document)
    _c(
        "Ten-card stud rules §4.2",
        "t10s",
        "The reveal loop: weakest shows a card",
        "公開ループ：最弱から1枚公開",
    ),
    _c("Ten-card stud rules §4.3", "t10s", "Several weakest hands", "最弱が複数いる場合"),
    _c("Ten-card stud rules §5", "t10s", "The final showdown", "最終勝負"),
    _c("Ten-card stud rules §6", "t10s", "Hand rankings", "役の定義"),
)

CITATIONS: dict[str, Citation] = {c.key: c for c in _ALL}


def is_known(key: str) -> bool:
    return key in CITATIONS


def citation(key: str) -> Citation:
    """The registry entry of a citation key (KeyError for an unknown key)."""
    return CITATIONS[key]
