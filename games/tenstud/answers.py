"""Answers to the ten-card stud question kinds (seed document 000), with explanations in English
and Japanese, the table view and the common misreadings
(docs/scenario-format-extensions.md section 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.documents import cards_text, hand_phrase, not_applicable, seats_en, seats_ja
from games.core.errors import EngineError
from games.core.hands import HandValue, best_high
from games.draw.game import showdown_key
from games.questions.solution import Solution
from games.tenstud.document import PLAYERS, TenStudPosition, TenStudScenario

__all__ = ["solve_tenstud", "tenstud_misreadings", "tenstud_table_view"]

Candidate = tuple[str, dict[str, Any], dict[str, Any]]


def _hand_json(value: HandValue) -> dict[str, Any]:
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


# --- next reveal -------------------------------------------------------------------------------


def _next_reveal(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    seat = scenario.seat
    players = state.next_reveal()
    rules = ["Ten-card stud rules §4.2"]
    if not players:
        answer: dict[str, Any] = {"seats": [], "hands": {}, "finished": True, "step": len(state.steps)}
        text = {
            "en": "Every card is face up: the loop is over and the best five of ten decides (Ten-card stud rules §5).",
            "ja": "全員の10枚がすべて表になったので、公開ループは終わりです。10枚から選ぶ最強の5枚で勝負します（10カードスタッドのルール§5）。",
        }
        return Solution(
            "next_reveal",
            answer,
            ("Ten-card stud rules §4.2", "Ten-card stud rules §5"),
            {},
            explanation=text,
        )
    step = state.steps[-1] if state.steps and not state.steps[-1].complete else None
    values = {p: best_high(state.up(p)) for p in players}
    value = values[players[0]]
    answer = {
        "seats": [seat(p) for p in players],
        "hands": {str(seat(p)): _hand_json(values[p]) for p in players},
        "finished": False,
        "step": len(state.steps) if step is not None else len(state.steps) + 1,
    }
    who = [seat(p) for p in players]
    if step is not None:
        done = sorted(seat(p) for p in step.cards)
        en = (
            f"{seats_en(who).capitalize()} still {'reveals' if len(who) == 1 else 'reveal'}: this step began with "
            f"{seats_en([seat(p) for p in step.players])} tied for the weakest, and {seats_en(done)} "
            f"{'has' if len(done) == 1 else 'have'} already turned a card; tied players reveal together, so the "
            "strengths are compared again only after the whole step."
        )
        ja = (
            f"このステップは{seats_ja([seat(p) for p in step.players])}が同じ強さで最弱だったので、全員が同時に1枚ずつめくります。"
            f"{seats_ja(done)}はもうめくったので、残りの{seats_ja(who)}がめくります。強さの比較はステップが終わってからやり直します。"
        )
        rules.append("Ten-card stud rules §4.3")
        return Solution("next_reveal", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})
    stronger = [
        p
        for p in range(1, PLAYERS + 1)
        if p not in players and state.hidden[p] and best_high(state.up(p)).strength > value.strength
    ]
    done = [p for p in range(1, PLAYERS + 1) if not state.hidden[p]]
    en = (
        f"{seats_en(who).capitalize()} {'reveals' if len(who) == 1 else 'reveal'} next: the best five of the face-up cards "
        f"make {hand_phrase(value)} ({cards_text(value.cards)}), the weakest of the players who still have "
        "a hole card down"
    )
    ja = (
        f"次に1枚めくるのは{seats_ja(who)}です。表になっているカードから作る最強の5枚が{value.name('ja')}"
        f"（{cards_text(value.cards)}）で、ホールカードが残っているプレイヤーの中で一番弱いからです"
    )
    if stronger:
        others_en = "; ".join(f"seat {seat(p)} has {hand_phrase(best_high(state.up(p)))}" for p in stronger)
        others_ja = "、".join(f"{seat(p)}番席は{best_high(state.up(p)).name('ja')}" for p in stronger)
        en += f" ({others_en})"
        ja += f"（{others_ja}）"
    if len(who) > 1:
        rules.append("Ten-card stud rules §4.3")
        en += ". They are tied exactly, so each turns one card at the same time."
        ja += "。まったく同じ強さなので、全員が同時に1枚ずつめくります。"
    else:
        en += "."
        ja += "。"
    if done:
        en += f" {seats_en([seat(p) for p in done]).capitalize()} has no hole card left and is not counted."
        ja += f"{seats_ja([seat(p) for p in done])}はホールカードが残っていないので、比べる対象に入りません。"
    return Solution("next_reveal", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


# --- final ranking and the split ------------------------------------------------------------------


def _require_known(kind: str, state: TenStudPosition) -> None:
    if not state.dealt or not state.all_known():
        raise not_applicable(
            kind, "every player's ten cards must be known (all face up, or the hole cards given in the deal)"
        )


def _final_ranking(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    _require_known("final_ranking", state)
    seat = scenario.seat
    groups = state.ranking()
    values = {p: best_high(state.ten(p)) for p in range(1, PLAYERS + 1)}
    answer = {
        "ranking": [[seat(p) for p in g] for g in groups],
        "hands": {str(seat(p)): _hand_json(values[p]) for p in range(1, PLAYERS + 1)},
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


def _split(scenario: TenStudScenario, state: TenStudPosition) -> Solution:
    _require_known("split", state)
    seat = scenario.seat
    chip = scenario.chip
    winners = state.ranking()[0]
    awards = state.awards(min_chip=chip)
    odd = (state.pot // chip) % len(winners)
    value = best_high(state.ten(winners[0]))
    answer = {
        "pot": state.pot,
        "winners": [seat(p) for p in winners],
        "awards": {str(seat(p)): awards[p] for p in winners if awards[p] > 0},
        "odd_chips": odd,
    }
    rules = ["Ten-card stud rules §5"]
    who = [seat(p) for p in winners]
    if len(winners) == 1:
        en = (
            f"Seat {who[0]} wins the whole pot of {state.pot:,} with {hand_phrase(value)} "
            f"({cards_text(value.cards)}), the best five of ten."
        )
        ja = f"10枚から選ぶ最強の5枚で、{who[0]}番席が{value.name('ja')}（{cards_text(value.cards)}）となりポット{state.pot:,}を全て獲得します。"
    else:
        shares_en = ", ".join(f"seat {seat(p)} {awards[p]:,}" for p in winners)
        shares_ja = "、".join(f"{seat(p)}番席{awards[p]:,}" for p in winners)
        en = (
            f"{seats_en(who).capitalize()} tie exactly with {hand_phrase(value)} and share the pot of {state.pot:,} "
            f"evenly ({shares_en}); suits do not break ties in this game."
        )
        ja = (
            f"{seats_ja(who)}が{value.name('ja')}で完全に同じ強さなので、ポット{state.pot:,}を等分します（{shares_ja}）。"
            "このゲームではスートで勝敗は決めません。"
        )
        rules.append("Ten-card stud rules §6")
        if odd:
            first = who[:odd]
            # 000 sections 1 and 5 say only that the pot is split equally: who gets an odd chip
            # is our reading, and the explanation says so.
            en += (
                " The ten-card stud rules say only that the pot is split equally; by our reading the odd "
                f"chip{'s go' if odd > 1 else ' goes'} to {seats_en(first)}, one each from the first dealt."
            )
            ja += (
                "10カードスタッドのルールには等分とだけあり、端数の扱いは書かれていません。"
                f"このアプリの解釈では、割り切れない端数のチップは配る順が早いプレイヤーから1枚ずつ{seats_ja(first)}に渡します。"
            )
    return Solution("split", answer, tuple(rules), {}, explanation={"en": en, "ja": ja})


def solve_tenstud(scenario: TenStudScenario) -> Solution:
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    state = scenario.replay()
    if not state.dealt:
        raise not_applicable(
            str(scenario.kind), "the ten cards of every player are dealt first (000 section 3)"
        )
    kind = scenario.kind
    if kind == "next_reveal":
        return _next_reveal(scenario, state)
    if kind == "final_ranking":
        return _final_ranking(scenario, state)
    return _split(scenario, state)


def tenstud_table_view(scenario: TenStudScenario) -> dict[str, Any]:
    """Revealed cards and the count of hidden hole cards per seat; every card for the final
    questions; every reveal so far step by step; the pot; ``first``, the seat dealt first (odd
    chips of a split go from there). Never who reveals next, the ranking or the shares."""
    state = scenario.replay()
    kind = scenario.kind
    final = kind in ("final_ranking", "split")
    seats = []
    for p in range(1, PLAYERS + 1):
        if p not in state.doors:
            seats.append(
                {"seat": scenario.seat(p), "player": f"p{p}", "door": [], "revealed": [], "hidden": 0}
            )
            continue
        entry: dict[str, Any] = {
            "seat": scenario.seat(p),
            "player": f"p{p}",
            "door": [str(c) for c in state.doors[p]],
            "revealed": [str(c) for c in state.revealed[p]],
            "hidden": state.hidden[p],
        }
        if final and state.all_known():
            entry["hole"] = [str(c) for c in state.holes[p] or ()]
        seats.append(entry)
    # Who turned which card at each step; never the players still due in a step in progress.
    steps = [
        {"step": step.number, "cards": {str(scenario.seat(p)): str(c) for p, c in step.cards.items()}}
        for step in state.steps
    ]
    return {
        "kind": kind,
        "variant": "T10S",
        "pot": {"total": state.pot},
        "structure": {"min_chip": scenario.chip},
        "first": scenario.seat(1),
        "seats": seats,
        "seat_count": scenario.seat_count,
        "steps": steps,
    }


# --- misreadings --------------------------------------------------------------------------------


def tenstud_misreadings(scenario: TenStudScenario, kind: str, right: dict[str, Any]) -> Iterator[Candidate]:
    state = scenario.replay()
    seat = scenario.seat
    if kind == "next_reveal" and right["seats"] and not (state.steps and not state.steps[-1].complete):
        strengths = state.strengths()
        waiting = [p for p in strengths if state.hidden[p]]
        high = max(strengths[p] for p in waiting)
        strongest = [seat(p) for p in waiting if strengths[p] == high]
        yield "strongest_reveals", {}, {**right, "seats": strongest}
        low_all = min(strengths.values())
        everyone = [seat(p) for p in strengths if strengths[p] == low_all]
        if everyone != right["seats"]:
            yield "finished_player_counted", {}, {**right, "seats": everyone}
        if len(right["seats"]) > 1:
            for s in right["seats"]:
                yield "only_one_of_tied", {}, {**right, "seats": [s]}
    if kind in ("final_ranking", "split") and state.all_known():
        order = sorted(range(1, PLAYERS + 1), key=lambda p: showdown_key(state.ten(p)), reverse=True)
        if kind == "final_ranking":
            yield "suits_break_ties", {}, {**right, "ranking": [[seat(p)] for p in order]}
        elif len(right["winners"]) > 1:
            yield (
                "suits_break_ties",
                {},
                {**right, "winners": [seat(order[0])], "awards": {str(seat(order[0])): state.pot}},
            )
            if right["odd_chips"]:
                chip = scenario.chip
                winners = list(reversed(right["winners"]))
                share, odd = divmod(state.pot // chip, len(winners))
                awards = {str(s): (share + (1 if k < odd else 0)) * chip for k, s in enumerate(winners)}
                yield "odd_chip_from_the_last_seat", {}, {**right, "awards": awards}


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
