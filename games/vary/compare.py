"""Telling variations apart: what decides a question's answer, and what a variation changed.

A variation is worth making only when its answer-relevant situation differs from the
original's and from every other variation's. Its *signature* is the engine's answer together
with the part of the table view that decides the answer: each question kind may declare that
part (``QuestionKind.situation``: the doors for a bring-in, the chips put in for the pots); a
kind that declares none is compared on its whole view. Stacks deeper than a street of capped
betting can use read as "deep" in every signature: such a stack never decides an answer.

:func:`changes` says what a variation changed compared with the original, as codes with
params and an English and a Japanese sentence (the web app shows the sentence of its language).

>>> doc = {"variant": "FR", "antes": [100, 100, 100], "bring_in": 200, "small_bet": 500,
...        "big_bet": 1000, "starting_stacks": [10000, 10000, 10000],
...        "actions": ["d dh p1 4c5dKc", "d dh p2 2s3hKs", "d dh p3 7h8h5s"],
...        "_question": {"kind": "bring_in"}}
>>> deeper = dict(doc, starting_stacks=[20000, 10000, 10000])
>>> signature(doc) == signature(deeper)
True
>>> other = dict(doc, actions=["d dh p1 4c5dKs", "d dh p2 2s3hKc", "d dh p3 7h8h5s"])
>>> signature(doc) == signature(other)
False
>>> for change in changes(doc, other):
...     print(change.en)
3rd street up cards of seats 1 and 2 changed
Bring-in moved from seat 2 to seat 1
First to act after the bring-in: seat 2 → seat 1
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.cards import Card, parse_cards
from games.questions import fields
from games.stud.scenario import Scenario, load_stud_scenario
from games.stud.solve import solve_stud
from games.table import table_view

__all__ = ["Change", "changes", "dealt_cards", "deep_threshold", "signature"]

STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


@dataclass(frozen=True)
class Change:
    """One thing a variation changed: a stable code, its params and the sentence in each language."""

    code: str
    params: dict[str, Any]
    en: str
    ja: str

    def text(self, lang: str) -> str:
        return self.ja if lang.startswith("ja") else self.en


def _load(source: Scenario | Mapping[str, Any]) -> Scenario:
    return source if isinstance(source, Scenario) else load_stud_scenario(source)


def deep_threshold(scenario: Scenario) -> int:
    """Chips behind that no single street of capped betting can use up."""
    structure = scenario.structure
    return structure.max_bets * structure.big_bet + structure.big_bet


def dealt_cards(source: Scenario | Mapping[str, Any]) -> list[str]:
    """Every card dealt or shown in a scenario's actions, in order (``"Kc"``)."""
    scenario = _load(source)
    cards: list[str] = []
    for action in scenario.actions:
        words = action.split()
        if words[:2] == ["d", "dh"] and len(words) == 4:
            cards += [str(c) for c in parse_cards(words[3])]
        elif words[:2] == ["d", "db"] and len(words) == 3:
            cards += [str(c) for c in parse_cards(words[2])]
    return cards


def _view(scenario: Scenario) -> dict[str, Any]:
    view = table_view(scenario)
    deep = deep_threshold(scenario)
    for seat in view["seats"]:
        if seat["stack"] >= deep:
            seat["stack"] = "deep"
    return view


def signature(source: Scenario | Mapping[str, Any], solution: Mapping[str, Any] | None = None) -> str:
    """What decides the scenario's answer, as one comparable string (see the module's doc)."""
    scenario = _load(source)
    if solution is None:
        solution = solve_stud(scenario).to_dict()
    view = _view(scenario)
    kind = registry.kind(scenario.variant.value, str(solution["kind"]))
    situation = kind.situation(view) if kind.situation is not None else view
    return json.dumps({"answer": solution["answer"], "situation": situation}, sort_keys=True, default=str)


# --- what changed ---------------------------------------------------------------------------------


def _seat_list(seats: Sequence[int], lang: str) -> str:
    if lang == "ja":
        return "・".join(f"{s}番席" for s in seats)
    words = [str(s) for s in seats]
    if len(words) == 1:
        return f"seat {words[0]}"
    return "seats " + ", ".join(words[:-1]) + " and " + words[-1]


def _seat(seat: Any, lang: str) -> str:
    if seat is None:
        return "なし" if lang == "ja" else "nobody"
    return f"{seat}番席" if lang == "ja" else f"seat {seat}"


def _value(f: fields.Field, value: Any, lang: str) -> str | None:
    """A scalar answer value as words; None for values too large to say in one sentence."""
    if f.type == fields.SEAT:
        return _seat(value, lang)
    if f.type == fields.AMOUNT:
        return "—" if value is None else f"{value:,}"
    if isinstance(value, str | int | bool) or value is None:
        return str(value)
    return None


def _answer_changes(
    game: str, kind_name: str, before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[Change]:
    kind = registry.kind(game, kind_name)
    out = []
    for f in kind.fields:
        if f.key in kind.unjudged or before.get(f.key) == after.get(f.key):
            continue
        old_en, new_en = _value(f, before.get(f.key), "en"), _value(f, after.get(f.key), "en")
        old_ja, new_ja = _value(f, before.get(f.key), "ja"), _value(f, after.get(f.key), "ja")
        params = {"field": f.key, "before": before.get(f.key), "after": after.get(f.key)}
        if f.key == "seat" and f.type == fields.SEAT and kind_name == "bring_in":
            out.append(
                Change(
                    "bring_in_moved",
                    params,
                    f"Bring-in moved from {old_en} to {new_en}",
                    f"ブリングインが{old_ja}から{new_ja}に移りました",
                )
            )
        elif old_en is not None and new_en is not None:
            out.append(
                Change(
                    "answer_changed",
                    params,
                    f"{f.label[0]}: {old_en} → {new_en}",
                    f"{f.label[1]}：{old_ja} → {new_ja}",
                )
            )
        else:
            out.append(
                Change("answer_changed", params, f"{f.label[0]} changed", f"{f.label[1]}が変わりました")
            )
    return out


def _per_player(scenario: Scenario) -> tuple[list[list[Card]], list[list[Card]]]:
    state = scenario.replay().state
    return [list(u) for u in state.ups], [list(d) for d in state.downs]


def changes(
    original: Scenario | Mapping[str, Any],
    variation: Scenario | Mapping[str, Any],
    *,
    original_solution: Mapping[str, Any] | None = None,
    variation_solution: Mapping[str, Any] | None = None,
) -> list[Change]:
    """What ``variation`` changed compared with ``original``: seats, up cards street by street,
    hidden cards, deep stacks and the answer. Seats are named as they are in the variation."""
    before, after = _load(original), _load(variation)
    out: list[Change] = []
    old_seats, new_seats = list(before.player_seats), list(after.player_seats)
    if old_seats != new_seats:
        out.append(
            Change(
                "seats_moved",
                {"before": old_seats, "after": new_seats},
                f"Players moved to {_seat_list(new_seats, 'en')} (were {_seat_list(old_seats, 'en')})",
                f"プレイヤーの席が{_seat_list(old_seats, 'ja')}から"
                f"{_seat_list(new_seats, 'ja')}に変わりました",
            )
        )
    ups_before, downs_before = _per_player(before)
    ups_after, downs_after = _per_player(after)
    count = min(len(ups_before), len(ups_after))
    streets = max((len(u) for u in ups_before), default=0)
    for index in range(streets):
        changed = [
            new_seats[i]
            for i in range(count)
            if [str(c) for c in ups_before[i][index : index + 1]]
            != [str(c) for c in ups_after[i][index : index + 1]]
        ]
        if changed:
            street = index + 3 if index < 4 else 7
            name = STREET_NAMES[street]
            out.append(
                Change(
                    "upcards_changed",
                    {"street": street, "seats": changed},
                    f"{name} street up cards of {_seat_list(changed, 'en')} changed",
                    f"{name}ストリートの{_seat_list(changed, 'ja')}のアップカードが変わりました",
                )
            )
    hidden = [
        new_seats[i]
        for i in range(count)
        if [str(c) for c in downs_before[i]] != [str(c) for c in downs_after[i]]
    ]
    if hidden:
        out.append(
            Change(
                "downcards_changed",
                {"seats": hidden},
                f"Down cards of {_seat_list(hidden, 'en')} changed",
                f"{_seat_list(hidden, 'ja')}のダウンカードが変わりました",
            )
        )
    stacks = [new_seats[i] for i in range(count) if before.starting_stacks[i] != after.starting_stacks[i]]
    if stacks:
        out.append(
            Change(
                "stacks_changed",
                {"seats": stacks},
                f"Starting stacks of {_seat_list(stacks, 'en')} changed (all still deep)",
                f"{_seat_list(stacks, 'ja')}の最初のスタックが変わりました（どれも十分に深いまま）",
            )
        )
    if original_solution is None:
        original_solution = solve_stud(before).to_dict()
    if variation_solution is None:
        variation_solution = solve_stud(after).to_dict()
    out += _answer_changes(
        after.variant.value,
        str(variation_solution["kind"]),
        original_solution["answer"],
        variation_solution["answer"],
    )
    return out
