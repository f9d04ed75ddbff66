"""What the ten-card stud question kinds share (seed document 000): hands as the answers write
them, the check that every card is dealt or known, and the sentences of the common misreadings
(docs/scenario-format-extensions.md section 3). Each kind answers in its own module
(``kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.documents import not_applicable
from games.core.hands import HandValue
from games.tenstud.document import TenStudPosition, TenStudScenario

__all__ = ["MISREAD_TEXT", "hand_json", "misread_texts", "replay_dealt", "require_known"]

Candidate = tuple[str, dict[str, Any], Mapping[str, Any]]


def hand_json(value: HandValue) -> dict[str, Any]:
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def replay_dealt(scenario: TenStudScenario) -> TenStudPosition:
    """The position the question is asked at, once the ten cards of every player are dealt."""
    state = scenario.replay()
    if not state.dealt:
        raise not_applicable(
            str(scenario.kind), "the ten cards of every player are dealt first (000 section 3)"
        )
    return state


def require_known(kind: str, state: TenStudPosition) -> None:
    if not state.dealt or not state.all_known():
        raise not_applicable(
            kind, "every player's ten cards must be known (all face up, or the hole cards given in the deal)"
        )


def misread_texts(*codes: str) -> dict[str, tuple[str, str]]:
    """The sentences of the misreadings ``codes``, for a kind's declaration."""
    return {code: MISREAD_TEXT[code] for code in codes}


MISREAD_TEXT: dict[str, tuple[str, str]] = {
    "strongest_reveals": (
        "That is the strongest face-up hand; in this game the weakest reveals first (Ten-card stud rules §4.2).",
        "それは一番強いハンドです。このゲームでは最弱のプレイヤーから公開します（10カードスタッドのルール§4.2）。",
    ),
    "finished_player_counted": (
        "A player with no hole card left has nothing to turn and is not counted for the weakest.",
        "ホールカードが残っていないプレイヤーはめくるカードがないので、最弱の判定に入れません。",
    ),
    "only_one_of_tied": (
        "Players tied exactly for the weakest all reveal a card at the same time (Ten-card stud rules §4.3).",
        "最弱が同じ強さで複数いるときは、全員が同時に1枚ずつ公開します（10カードスタッドのルール§4.3）。",
    ),
    "suits_break_ties": (
        "Suits have no rank in this game: exactly equal hands tie and split the pot (Ten-card stud rules §5 and §6).",
        "このゲームではスートに強弱はありません。まったく同じ強さなら同着で、ポットを等分します（10カードスタッドのルール§5・§6）。",
    ),
    "odd_chip_from_the_last_seat": (
        "By our reading (the rules say only that the pot is split equally) the odd chip goes to the tied winners from the first dealt, not from the last.",
        "このアプリの解釈では（ルールには等分とだけあります）、端数のチップは配る順が最後の勝者からではなく、最初の勝者から渡します。",
    ),
}
