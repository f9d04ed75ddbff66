"""Answer values read as seats and amounts in both languages: a list of seats never reads like
a list of ranks ("high: 6 · low: 4, 5"), Japanese values use Japanese punctuation, and amounts
carry thousands separators."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from dealer_training.scenarios.present import _field_lines, answer_lines, seat_list
from games.api import fields, games, generate, kind, kind_names, solve

PAIRS = [(g.code, k) for g in games() for k in kind_names(g.code)]

SEAT_TYPES = (fields.SEATS, fields.ORDER, fields.RANKING, fields.POTS, fields.AWARD_POTS)
# Seats named as seats: "Seat 3", "seats 1, 4 and 5", 「3番席」.
SEAT_WORDS = re.compile(r"[Ss]eats? \d+(?:(?:, | and )\d+)*|\d+番席")
# A number of four digits or more without separators.
BARE_AMOUNT = re.compile(r"(?<![\d,])\d{4,}(?![\d,])")


def _texts(lang: str, seeds: int = 4) -> list[tuple[str, str, str]]:
    out = []
    with translation.override(lang):
        for game, kind in PAIRS:
            for seed in range(seeds):
                answer = solve(generate(game=game, kind=kind, seed=seed))["answer"]
                for label, value in answer_lines(game, kind, answer):
                    if isinstance(value, str):
                        out.append((f"{game} {kind} seed {seed}", str(label), value))
    return out


@pytest.mark.parametrize(
    ("seats", "en", "ja"),
    [
        ([6], "seat 6", "6番席"),
        ([4, 5], "seats 4 and 5", "4番席、5番席"),
        ([1, 4, 5], "seats 1, 4 and 5", "1番席、4番席、5番席"),
        ([], "none", "なし"),
    ],
)
def test_a_list_of_seats_names_each_seat_as_a_seat(seats, en, ja):
    with translation.override("en"):
        assert seat_list(seats) == en
    with translation.override("ja"):
        assert seat_list(seats) == ja


def test_a_split_pot_names_its_high_and_low_winners_as_seats():
    answer = {
        "pots": [{"amount": 12000, "high": [6], "low": [4, 5], "awards": {"6": 6000, "4": 3000, "5": 3000}}],
        "awards": {"6": 6000, "4": 3000, "5": 3000},
    }
    with translation.override("en"):
        lines = dict(answer_lines("F7S/8", "award", answer))
        assert lines["Main pot"] == (
            "12,000 · high: seat 6 · low: seats 4 and 5 · Seat 6: 6,000, Seat 4: 3,000, Seat 5: 3,000"
        )
    with translation.override("ja"):
        lines = dict(answer_lines("F7S/8", "award", answer))
        assert lines["メインポット"] == (
            "12,000・ハイ：6番席・ロー：4番席、5番席・6番席：6,000、4番席：3,000、5番席：3,000"
        )


def test_a_pot_names_the_seats_that_can_win_it():
    answer = {"pots": [{"amount": 2200, "eligible": [3, 6]}, {"amount": 4700, "eligible": [7]}]}
    with translation.override("en"):
        assert answer_lines("F7S", "pots", answer) == [
            ("Main pot", "2,200, eligible: seats 3 and 6"),
            ("Side pot 1", "4,700, eligible: seat 7"),
        ]
    with translation.override("ja"):
        assert answer_lines("F7S", "pots", answer) == [
            ("メインポット", "2,200（対象：3番席、6番席）"),
            ("サイドポット1", "4,700（対象：7番席）"),
        ]


def test_a_ranking_names_seats_and_shows_ties_with_an_equals_sign():
    answer = {"ranking": [[1], [2], [3, 4], [5]], "hands": {}}
    with translation.override("en"):
        value = dict(answer_lines("T10S", "final_ranking", answer))["Ranking, best first"]
        assert value == "Seat 1 > Seat 2 > Seat 3 = Seat 4 > Seat 5"
    with translation.override("ja"):
        value = dict(answer_lines("T10S", "final_ranking", answer))["順位（強い順）"]
        assert value == "1番席 > 2番席 > 3番席 = 4番席 > 5番席"


def test_a_seats_half_is_written_with_japanese_brackets():
    answer = {
        "hands": {"2": {"high": {"cards": ["As", "Ad"], "name": "Pair of aces", "name_ja": "Aのワンペア"}}}
    }
    with translation.override("ja"):
        labels = [label for label, _ in answer_lines("F7S/8", "best_hands", answer)]
    assert labels == ["2番席（ハイ）"]


def test_the_deciding_part_of_a_showdown_is_said_in_words():
    for game, kind_name in PAIRS:
        if kind_name != "showdown_winner":
            continue
        for seed in range(6):
            answer = solve(generate(game=game, kind=kind_name, seed=seed))["answer"]
            with translation.override("ja"):
                value = dict(answer_lines(game, kind_name, answer))["決め手"]
            assert value in {"役", "数字の強さ", "スート"}, value


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_answer_value_lists_seats_as_bare_numbers(lang):
    problems = []
    with translation.override(lang):
        for game, kind_name in PAIRS:
            for f in kind(game, kind_name).fields:
                if f.type not in SEAT_TYPES:
                    continue
                for seed in range(4):
                    answer = solve(generate(game=game, kind=kind_name, seed=seed))["answer"]
                    for label, value in _field_lines(f, answer):
                        rest = SEAT_WORDS.sub("", value)
                        if f.type in (fields.SEATS, fields.ORDER, fields.RANKING) and re.search(r"\d", rest):
                            problems.append(f"{game} {kind_name} {label} = {value}")
                        if re.search(r"(eligible|high|low|対象|ハイ|ロー)[:：] ?\d", rest):
                            problems.append(f"{game} {kind_name} {label} = {value}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_amount_in_an_answer_value_has_thousands_separators(lang):
    problems = [f"{w}: {label} = {value}" for w, label, value in _texts(lang) if BARE_AMOUNT.search(value)]
    assert not problems, "\n".join(problems[:20])


def test_japanese_answer_values_use_japanese_punctuation():
    problems = [
        f"{w}: {label} = {value}"
        for w, label, value in _texts("ja")
        if re.search(r"\d, \d| · |\(|\)|番席:", value + label)
    ]
    assert not problems, "\n".join(problems[:20])


def test_an_empty_list_of_seats_standing_alone_says_nobody():
    answer = {"complete": True, "pending": []}
    with translation.override("en"):
        lines = dict(answer_lines("NT", "round_over", answer))
    assert lines["Still to act"] == "Nobody"
