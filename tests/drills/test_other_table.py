"""The table of a hold'em, Flush Code Hack or ten-card stud question draws everything in the
engine's table view: every amount, every card, every card still face down, the street or phase,
the markers; in Japanese with no English street names and no card codes."""

import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from dealer_training.drills import other_games
from dealer_training.drills.other_games import GAMES
from dealer_training.scenarios.labels import card_info, chips
from games.generate_other import FOCUSES, generate_other
from games.table import table_view

CASES = [
    (game, kind, focus)
    for game, kinds in FOCUSES.items()
    for kind, focuses in kinds.items()
    for focus in (*focuses, None)
]
SEEDS = range(3)
SEAT_AMOUNTS = ("stack", "bet", "committed", "ante", "blind", "points", "points_before")


def _amounts(view):
    """Every amount of the view (zero is drawn as a dash and left out)."""
    out = []
    for seat in view["seats"]:
        out += [seat[key] for key in SEAT_AMOUNTS if key in seat]
    out += [v for v in (view.get("pot") or {}).values() if isinstance(v, int)]
    structure = view.get("structure") or {}
    for key in ("antes", "blinds_or_straddles"):
        out += structure.get(key, [])
    out += [structure[key] for key in ("min_bet", "entry_fee") if key in structure]
    out += [entry["amount"] for entry in view.get("history") or [] if isinstance(entry.get("amount"), int)]
    if "round" in view:
        out.append(view["round"])
    return sorted({a for a in out if a})


def _cards(view):
    cards = list(view.get("board") or [])
    for seat in view["seats"]:
        for key in ("shown", "hand", "door", "revealed", "hole"):
            cards += seat.get(key) or []
    for entry in view.get("history") or []:
        cards += entry.get("cards") or []
    for step in view.get("steps") or []:
        cards += step["cards"].values()
    return cards


def _face_down(view):
    total = 0
    for seat in view["seats"]:
        if view["variant"] == "NT":
            total += 0 if seat.get("shown") or seat["folded"] or seat.get("mucked") else seat["hole_cards"]
        elif view["variant"] == "FCH":
            total += 0 if seat.get("hand") or seat["dropped"] else seat["cards"]
        else:
            total += 0 if seat.get("hole") else seat["hidden"]
    return total


def _drawn(amount, text):
    """``amount`` appears as a whole number in ``text`` (not inside a larger one)."""
    return re.search(rf"(?<![\d,]){re.escape(amount)}(?![\d,])", text) is not None


def _render(view, language):
    with translation.override(language):
        table = other_games.table_for(view)
        return render_to_string("drills/_other_table.html", {"table": table})


def _text(html):
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(("game", "kind", "focus"), CASES)
def test_every_number_and_card_of_the_view_is_drawn_on_the_table(game, kind, focus):
    for seed in SEEDS:
        view = table_view(generate_other(kind=kind, variant=game, seed=seed, focus=focus))
        html = _render(view, "en")
        text = _text(html)
        missing = [a for a in _amounts(view) if not _drawn(chips(a), text)]
        assert not missing, (seed, missing)
        names = re.findall(r'aria-label="([^"]+)"', html)
        with translation.override("en"):
            for card in _cards(view):
                assert card_info(card)["name"] in names, (seed, card)
        assert html.count("scard--back") == _face_down(view), seed
        seats = re.findall(r'data-seat="(\d+)"', html)
        assert seats == [str(s["seat"]) for s in view["seats"]]
        first = view.get("first")
        if first is not None:
            row = html.split(f'data-seat="{first}"')[1].split("</li>")[0]
            assert "First player" in row or "Dealt first" in row
        if game == "NT":
            button = html.split(f'data-seat="{view["button"]}"')[1].split("</li>")[0]
            assert "Button" in button


@pytest.mark.parametrize(("game", "kind"), [(g, k) for g, kinds in FOCUSES.items() for k in kinds])
def test_the_japanese_table_has_no_english_street_names_no_card_codes_and_thousands_separators(game, kind):
    for seed in SEEDS:
        view = table_view(generate_other(kind=kind, variant=game, seed=seed))
        text = _text(_render(view, "ja"))
        assert not re.search(r"(?i)\b(preflop|flop|turn|river|showdown|step|seat)\b", text), text
        assert not re.search(r"\b[2-9TJQKA][shdc]\b", text), text
        assert "シート" not in text
        big = [a for a in _amounts(view) if a >= 1000]
        for amount in big:
            assert f"{amount:,}" in text
        if game == "NT":
            assert {"preflop": "プリフロップ", "flop": "フロップ", "turn": "ターン", "river": "リバー"}[
                view["street"]
            ] in text


def test_a_minimum_raise_with_nothing_bet_asks_for_the_minimum_bet():
    views = (
        table_view(generate_other(kind="min_raise", variant="NT", seed=seed, focus="postflop_bet"))
        for seed in range(40)
    )
    view = next(v for v in views if not any(s["bet"] for s in v["seats"]))
    with translation.override("en"):
        table = other_games.table_for(view)
        asked = str(other_games.prompt("NT", "min_raise", table))
    assert asked == "Who acts now, and what is the minimum bet?"
    raised = table_view(generate_other(kind="min_raise", variant="NT", seed=0, focus="after_raise"))
    with translation.override("en"):
        table = other_games.table_for(raised)
        assert other_games.prompt("NT", "min_raise", table) == GAMES["NT"].topic("min_raise").label


def test_a_hold_em_award_asks_for_the_chips_going_back_too():
    from dealer_training.drills.answer_form import AnswerError, parse
    from dealer_training.drills.topics import answer_fields

    fields = answer_fields("NT", "award")
    assert "returned" in fields
    answer = parse("NT", "award", fields, {"awards_2": "1,200", "returned_3": "850"}, seats=[1, 2, 3])
    assert answer == {"awards": {"2": 1200}, "returned": {"3": 850}}
    none = parse("NT", "award", fields, {"awards_2": "1200"}, seats=[1, 2, 3])
    assert none["returned"] == {}
    with pytest.raises(AnswerError) as err:
        parse("NT", "award", fields, {"awards_2": "1200", "returned_3": "lots"}, seats=[1, 2, 3])
    assert "returned_3" in err.value.errors
    with pytest.raises(AnswerError) as err:  # chips going back alone: nobody is awarded the pot
        parse("NT", "award", fields, {"returned_3": "850"}, seats=[1, 2, 3])
    assert "awards" in err.value.errors


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_options_form_states_when_a_fold_is_an_option_in_each_game(lang):
    # Stud: a fold with nothing to call is an irregularity, not an option; hold'em: 002
    # section 4 allows a fold at any time. The form says which, so a trainee is judged by it.
    with translation.override(lang):
        stud = render_to_string("drills/_options_input.html", {"stud": True})
        holdem = render_to_string("drills/_options_input.html", {"stud": False})
    words = {
        "en": (
            "Fold is an option only when there is a bet to call",
            "may fold at any time, even with nothing to call",
        ),
        "ja": ("フォールドはコールするベットがあるときだけ", "コールする額がなくてもいつでもフォールドでき"),
    }[lang]
    assert "data-fold-rule" in stud
    assert words[0] in unescape(stud)
    assert words[1] not in unescape(stud)
    assert words[1] in unescape(holdem)
    assert words[0] not in unescape(holdem)


def test_the_chips_in_the_middle_are_named_apart_from_the_pot():
    # "Pot 1,300 in the middle 120" read as one run of words and numbers.
    for seed in range(20):
        view = table_view(generate_other(kind="next_action", variant="NT", seed=seed))
        pot = view.get("pot") or {}
        if pot.get("collected") and pot["collected"] != pot.get("total"):
            break
    else:
        raise AssertionError("no hold'em question with chips in the middle and bets out in 20 seeds")
    text = " ".join(_text(_render(view, "en")).split())
    assert f"Pot {chips(pot['total'])} · In the middle {chips(pot['collected'])}" in text
    assert "in the middle" not in text
