"""The stud table draws the engine's view, all of it, and never the answer.

The engine checks that its table view determines each question's answer (answerability); these
tests check that the page draws that view: every seat's stack, bet, chips in the pot and ante,
its state (short ante, all-in, folded, exposed card), the street, the pot, and every entry of the
hand's history in order, for generated questions of every kind, focus and game and for every
step of hand walks. What the trainee reads is then enough to answer.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test.html import Element, parse_html
from django.utils import translation

from dealer_training.drills.models import Question
from dealer_training.drills.present import table_for
from dealer_training.scenarios.labels import STREETS, card_name, chips, describe_event
from dealer_training.scenarios.stud_table import table_context
from games.api import kind_names
from games.stud.generate import focuses, generate
from games.stud.walk import walk
from games.table import table_view

GAMES = ("F7S", "FR", "F7S/8")
SEEDS = range(3)
ACTION_WORDS = {
    "post_bring_in": "brings in",
    "complete": "completes to",
    "bet": "bets",
    "raise": "raises to",
    "call": "calls",
    "check": "checks",
    "fold": "folds",
    "muck": "mucks",
}


# --- reading the drawn HTML -------------------------------------------------------------------


def _walk(node: Element | str) -> Iterator[Element]:
    if isinstance(node, str):
        return
    yield node
    for child in node.children:
        yield from _walk(child)


def _attr(element: Element, name: str) -> str | None:
    for key, value in element.attributes:
        if key == name:
            return value if value is not None else ""
    return None


def _classes(element: Element) -> set[str]:
    return set((_attr(element, "class") or "").split())


def _find(root: Element, test: Callable[[Element], bool]) -> list[Element]:
    return [e for e in _walk(root) if test(e)]


def _one(root: Element, test: Callable[[Element], bool], what: str) -> Element:
    found = _find(root, test)
    assert len(found) == 1, f"expected one {what}, found {len(found)}"
    return found[0]


def _text(node: Element | str) -> str:
    if isinstance(node, str):
        return node
    return " ".join(_text(c) for c in node.children)


def _has(name: str, value: str | None = None) -> Callable[[Element], bool]:
    return lambda e: _attr(e, name) is not None and (value is None or _attr(e, name) == value)


def _has_class(name: str) -> Callable[[Element], bool]:
    return lambda e: name in _classes(e)


def _cards(root: Element) -> list[str]:
    """The cards drawn under ``root``: ``back`` or the card's accessible name, in order."""
    out = []
    for svg in _find(root, lambda e: e.name == "svg"):
        out.append("back" if "scard--back" in _classes(svg) else _attr(svg, "aria-label") or "")
    return out


# --- the checks ---------------------------------------------------------------------------------


def _check_seat(table: Element, seat: dict[str, Any], any_bet: bool, seen: Counter[str]) -> None:
    number = seat["seat"]
    box = _one(table, _has("data-seat", str(number)), f"seat {number}")
    amounts = {
        _attr(cell, "data-field"): " ".join(_text(dd) for dd in _find(cell, lambda e: e.name == "dd"))
        for cell in _find(box, _has("data-field"))
        if cell.name == "div"
    }
    assert amounts["stack"].strip() == chips(seat["stack"]), (number, "stack", amounts)
    assert amounts["committed"].strip() == chips(seat["committed"]), (number, "committed", amounts)
    assert amounts["ante"].strip() == chips(seat["ante"]), (number, "ante", amounts)
    if any_bet:
        assert amounts["bet"].strip() == (chips(seat["bet"]) if seat["bet"] else "–"), (number, amounts)
    else:
        assert seat["bet"] == 0
        assert "bet" not in amounts
    tags = [_text(t).strip() for t in _find(box, _has_class("tag"))]
    expect_tags = {
        "short_ante": f"Short ante {chips(seat['ante'])}",
        "all_in": "All-in",
        "folded": "Folded",
        "dead": "Dead hand",
        "absent": "Absent",
        "mucked": "Mucked",
    }
    for flag, tag in expect_tags.items():
        assert (tag in tags) == bool(seat[flag]), (number, flag, tags)
        seen[flag] += bool(seat[flag])
    cards = _cards(_one(box, _has_class("sseat__cards"), "cards"))
    if seat["folded"] or seat["mucked"]:
        # Never face up: the cards it held, as backs.
        assert cards == ["back"] * (seat["downcards"] + len(seat["upcards"])), (number, cards)
        seen["folded_face_down"] += 1
        return
    for card in seat["exposed"]:
        assert f"Exposed {card[0].replace('T', '10')}" in " ".join(tags), (number, tags)
        marked = _find(box, _has_class("sseat__exposed"))
        assert any(card_name(card) in _cards(m) for m in marked), (number, card, "not face up and marked")
        seen["exposed"] += 1
    downs = seat.get("downcards_shown")
    upcards = [card_name(c) for c in seat["upcards"]]
    extra = [card_name(c) for c in seat["exposed"] if c not in seat["upcards"] and c not in (downs or [])]
    if downs:
        assert cards == [card_name(c) for c in downs] + upcards + extra, (number, cards)
    else:
        assert cards == ["back"] * seat["downcards"] + upcards + extra, (number, cards)


def _entry_check(item: Element, entry: dict[str, Any]) -> None:
    text = " ".join(_text(item).split())
    action = entry["action"]
    if entry.get("seat") is not None:
        assert re.search(rf"(^|\D){entry['seat']}(\D|$)", text), (entry, text)
    if action == "deal":
        ups = [card_name(c) for c in entry.get("upcards") or []]
        assert _cards(item) == ["back"] * (entry.get("downcards") or 0) + ups, (entry, _cards(item))
    elif action == "community":
        assert _cards(item) == [card_name(entry["card"])]
    elif action == "event":
        assert " ".join(describe_event(entry["event"]).split()) in text, (entry, text)
    elif action == "show":
        assert _cards(item) == [card_name(c) for c in entry["cards"]]
    else:
        assert ACTION_WORDS[action] in text, (entry, text)
        if action not in ("check", "fold", "muck"):
            assert chips(entry["amount"]) in text, (entry, text)
        assert ("(all-in)" in text) == bool(entry.get("all_in")), (entry, text)


KIND_OF_ENTRY = {"deal": "deal", "community": "community", "event": "event", "show": "show"}


def _check_history(root: Element, view: dict[str, Any], seen: Counter[str]) -> None:
    history = view["history"]
    streets = sorted({e["street"] for e in history} | {view["street"]})
    drawn = _find(root, _has("data-history-street"))
    assert [int(_attr(d, "data-history-street") or 0) for d in drawn] == streets
    for details in drawn:
        street = int(_attr(details, "data-history-street") or 0)
        assert (_attr(details, "open") is not None) == (street == view["street"])
        entries = [e for e in history if e["street"] == street]
        items = _find(details, _has("data-h"))
        kinds = [_attr(i, "data-h") for i in items]
        assert kinds == [KIND_OF_ENTRY.get(e["action"], "action") for e in entries], (street, kinds)
        for item, entry in zip(items, entries, strict=True):
            _entry_check(item, entry)
            seen["history:" + entry["action"]] += 1


def _check_table(document: dict[str, Any], kind: str, seen: Counter[str]) -> str:
    with translation.override("en"):
        return _check_drawn(document, kind, seen)


def _check_drawn(document: dict[str, Any], kind: str, seen: Counter[str]) -> str:
    question = Question(document=document, kind=kind)
    view = table_view(document)
    html = render_to_string("drills/_table.html", {"table": table_for(question)})
    root = parse_html(html)
    table = _one(root, _has("data-table"), "table")
    street = _one(table, _has("data-street"), "street label")
    assert _attr(street, "data-street") == str(view["street"])
    assert _text(street).strip() == str(STREETS[view["street"]])
    any_bet = any(s["bet"] for s in view["seats"])
    for seat in view["seats"]:
        _check_seat(table, seat, any_bet, seen)
    pots = _find(table, _has("data-pot"))
    if kind == "pots":
        # The answer: no pot is drawn, only the amounts it is built from.
        assert pots == []
        assert not _find(table, _has_class("stud__pots"))
    else:
        drawn = {_attr(p, "data-pot"): _text(p).strip() for p in pots}
        assert drawn["total"] == chips(view["pot"]["total"])
        collected = view["pot"]["collected"]
        assert drawn.get("collected", chips(view["pot"]["total"])) == chips(collected)
        _check_layers(table, view["pot"].get("pots") or [], seen)
    _check_history(root, view, seen)
    _check_structure(root, view)
    seen["tables"] += 1
    return html


def _seats_words(seats: list[int]) -> str:
    """Seats as the page names them in English: "seat 5", "seats 2 and 5", "seats 1, 2 and 5"."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def _check_layers(table: Element, layers: list[dict[str, Any]], seen: Counter[str]) -> None:
    """Each pot on its own, its name, amount and seats apart: "Side pot 1: 4,000 (seats 2 and 5)"."""
    if len(layers) < 2:
        return
    items = _find(_one(table, _has_class("stud__pots"), "pots"), lambda e: e.name == "li")
    drawn = [" ".join(_text(li).split()) for li in items]
    names = ["Main pot"] + [f"Side pot {i}" for i in range(1, len(layers))]
    expected = [
        f"{name}: {chips(layer['amount'])} ({_seats_words(layer['eligible'])})"
        for name, layer in zip(names, layers, strict=True)
    ]
    assert drawn == expected
    seen["layered_pots"] += 1


def _check_structure(root: Element, view: dict[str, Any]) -> None:
    """The structure line, visible without opening anything: the bets, the ante and the smallest
    chip in play (odd chips are broken down to it, TDA 2024 Rule 20)."""
    structure = view["structure"]
    notes = _one(root, _has_class("table-notes__rules"), "house rules")
    line = " ".join(_text(_one(notes, lambda e: e.name == "summary", "structure line")).split())
    expected = [
        ("ante", chips(structure["antes"][0]) if structure["antes"] else "0"),
        ("bring-in", chips(structure["bring_in"])),
        ("smallest chip", chips(structure["min_chip"])),
    ]
    for word, amount in expected:
        assert f"{word} {amount}" in line, (word, amount, line)
    assert f"{chips(structure['small_bet'])}/{chips(structure['big_bet'])}" in line, line


def _assert_no_answer(html: str, document: dict[str, Any]) -> None:
    from games.solve import solve

    expected = solve(document)
    for language in ("en", "ja"):
        explanation = expected["explanation"][language]
        assert explanation not in html
    assert "tseat--marked" not in html
    # The house rules in force are shown on purpose; this answer's citations appear nowhere else.
    without_house_rules = re.sub(r'<details class="table-notes__rules">.*?</details>', "", html, flags=re.S)
    for rule in expected.get("rules") or []:
        assert rule not in without_house_rules, rule


CASES = [
    (kind, focus, game, seed)
    for game in GAMES
    for kind in kind_names("F7S")
    for focus in (None, *focuses(kind, game))
    for seed in SEEDS
]


def test_every_generated_question_draws_every_amount_tag_and_history_entry_of_its_view_and_not_its_answer():
    seen: Counter[str] = Counter()
    for kind, focus, game, seed in CASES:
        document = generate(kind=kind, focus=focus, variant=game, seed=seed)
        try:
            html = _check_table(document, kind, seen)
            _assert_no_answer(html, document)
        except AssertionError as err:
            raise AssertionError(f"{kind}/{focus}/{game}/seed {seed}: {err}") from err
    # The corpus holds every case the drawing must handle, so the checks above did run on them.
    for case in (
        "short_ante",
        "all_in",
        "folded",
        "folded_face_down",
        "history:event",
        "history:show",
        "layered_pots",
    ):
        assert seen[case], f"no generated question had a {case}"
    assert seen["tables"] == len(CASES)


def _ruling_with(event_type: str, street: int) -> dict[str, Any]:
    for seed in range(400):
        document = generate(kind="ruling", variant="F7S", seed=seed)
        event = document["_events"][-1]
        if event["type"] == event_type and event.get("street") == street:
            return document
    raise AssertionError(f"no {event_type} on street {street} in 400 seeds")


@pytest.mark.parametrize("street", [3, 7])
def test_a_downcard_the_dealer_exposed_is_drawn_face_up_and_marked(street):
    seen: Counter[str] = Counter()
    document = _ruling_with("downcard_exposed_by_dealer", street)
    html = _check_table(document, "ruling", seen)
    assert seen["exposed"] == 1
    assert "sseat__exposed" in html


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_a_hand_walk_is_drawn_with_its_street_and_whole_history(game):
    seen: Counter[str] = Counter()
    steps = walk(variant=game, seed=7)
    for step in steps:
        try:
            _check_table(dict(step.document), step.kind, seen)
        except AssertionError as err:
            raise AssertionError(f"step {step.index} ({step.stage}, {step.kind}): {err}") from err
    assert seen["tables"] == len(steps)


def test_folded_hands_stay_face_down_when_the_showdown_is_turned_up_after_the_answer():
    seen: Counter[str] = Counter()
    for seed in range(60):
        document = generate(kind="award", variant="F7S/8", seed=seed)
        if any(s["folded"] for s in table_view(document)["seats"]):
            break
    html = _check_table(document, "award", seen)
    assert seen["folded_face_down"] >= 1
    assert "sseat__shown" in html  # the live hands are turned up


def test_a_mucked_dead_or_absent_hand_is_tagged_and_a_mucked_one_drawn_face_down():
    view = table_view(generate(kind="award", variant="F7S", seed=1))
    first, second = view["seats"][0], view["seats"][1]
    first.update(mucked=True, folded=False)
    second.update(dead=True, absent=True, folded=False, mucked=False)
    with translation.override("en"):
        html = render_to_string("scenarios/_stud_table.html", {"table": table_context(view)})
        root = parse_html(html)
        seen: Counter[str] = Counter()
        for seat in (first, second):
            _check_seat(root, seat, any(s["bet"] for s in view["seats"]), seen)
    assert seen["mucked"] == 1
    assert seen["dead"] == 1
    assert seen["absent"] == 1
    assert seen["folded_face_down"] == 1  # the mucked hand, though the award view tables hands


def _drawn_in(document: dict[str, Any], kind: str, language: str) -> str:
    """The drill table with its structure line and house rules, in ``language``."""
    with translation.override(language):
        return render_to_string(
            "drills/_table.html", {"table": table_for(Question(document=document, kind=kind))}
        )


@pytest.mark.parametrize(
    ("ruleset", "language", "name"),
    [
        ("robert-cash", "ja", "ロバーツ・ルール方式（キャッシュゲーム）"),
        ("robert-cash", "en", "Robert's Rules style (cash game)"),
        ("tda-2024", "ja", "TDA 2024（トーナメント）"),
    ],
)
def test_the_table_names_the_rule_set_in_the_pages_language(ruleset, language, name):
    document = generate(kind="bring_in", variant="F7S", seed=1, ruleset=ruleset)
    html = _drawn_in(document, "bring_in", language)
    assert name in html.replace("&#x27;", "'")
    assert ruleset not in html


@pytest.mark.parametrize(("language", "words"), [("en", "smallest chip 100"), ("ja", "最小チップ 100")])
def test_an_odd_chip_award_shows_the_smallest_chip_on_the_structure_line_in_both_languages(language, words):
    # TDA 2024 Rule 20: the odd chip is the smallest chip in play; the explanation names it.
    document = generate(kind="award", focus="odd_chips", variant="F7S/8", seed=2)
    assert table_view(document)["structure"]["min_chip"] == 100
    html = _drawn_in(document, "award", language)
    summary = re.search(r'table-notes__rules">\s*<summary>(.*?)</summary>', html, flags=re.S)
    assert summary is not None
    assert words in " ".join(summary.group(1).split())


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "At least half of the full bet (500)"),
        ("ja", "フルベット（500）の半分以上"),
    ],
)
def test_the_tables_house_rules_tell_the_short_all_in_reading_with_the_hands_amounts(language, line):
    document = generate(kind="next_action", focus="options", variant="F7S", seed=1)
    assert table_view(document)["structure"]["small_bet"] == 500
    html = _drawn_in(document, "next_action", language)
    assert line in html
    assert "TDA 2024" in html  # the rule beside it (Rule 47-B) says the same half
