"""The final ranking question of ten-card stud: the best five of ten for each player."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.documents import hand_phrase, seats_en, seats_ja
from games.core.hands import best_high, showdown_key
from games.questions.fields import RANKING, Field
from games.questions.kind import Finder, QuestionKind, tried_in_order
from games.questions.solution import Solution
from games.tenstud.answers import Candidate, hand_json, misread_texts, replay_dealt, require_known
from games.tenstud.document import PLAYERS, TenStudPosition, TenStudScenario
from games.tenstud.rebuild import rebuild_tenstud


def _final_ranking(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    require_known("final_ranking", state)
    seat = scenario.seat
    groups = state.ranking()
    values = {p: best_high(state.ten(p)) for p in range(1, PLAYERS + 1)}
    answer = {
        "ranking": [[seat(p) for p in g] for g in groups],
        "hands": {str(seat(p)): hand_json(values[p]) for p in range(1, PLAYERS + 1)},
    }
    en_parts, ja_parts = [], []
    for place, group in enumerate(groups, start=1):
        v = values[group[0]]
        if len(group) == 1:
            en_parts.append(f"{place}. seat {seat(group[0])}, {hand_phrase(v)}")
            ja_parts.append(f"{place}位 {seat(group[0])}番席（{v.name('ja')}）")
        else:
            en_parts.append(f"{place}. {seats_en([seat(p) for p in group])} tied, {hand_phrase(v)}")
            ja_parts.append(f"{place}位 {seats_ja([seat(p) for p in group])}（{v.name('ja')}で同点）")
    en = "Best five of ten for each player: " + "; ".join(en_parts) + "."
    ja = "各プレイヤーの10枚から最強の5枚を選んだ順位は、" + "、".join(ja_parts) + "です。"
    rules = ["Ten-card stud rules §5", "Ten-card stud rules §6"]
    if any(len(g) > 1 for g in groups):
        en += " Suits never break a tie in this game: equal hands share a place."
        ja += "このゲームではスートに強弱はないので、同じ強さのハンドは同じ順位です。"
    return Solution("final_ranking", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def _suits_break_ties(scenario: TenStudScenario, right: Mapping[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    if state.all_known():
        order = sorted(range(1, PLAYERS + 1), key=lambda p: showdown_key(state.ten(p)), reverse=True)
        yield "suits_break_ties", {}, {**right, "ranking": [[scenario.seat(p)] for p in order]}


def solve(scenario: TenStudScenario) -> Solution:
    return _final_ranking(scenario, replay_dealt(scenario))


MISREADINGS: dict[str, Finder] = {"suits_break_ties": _suits_break_ties}


KIND = QuestionKind(
    name="final_ranking",
    family="tenstud",
    label=("Final ranking", "最終順位"),
    fields=(Field("ranking", RANKING, ("Ranking, best first", "順位（強い順）")),),
    solve=solve,
    focus=("tie", "any"),
    unjudged=("hands",),
    misread=tried_in_order(MISREADINGS),
    misreadings=misread_texts(*MISREADINGS),
    rebuild=rebuild_tenstud,
)
