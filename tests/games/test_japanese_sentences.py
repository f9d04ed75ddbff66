"""The engine's Japanese reads as Japanese: every explanation and misreading sentence ends in
「。」, none in an ASCII full stop, Japanese words are joined by full-width punctuation, seats are
「N番席」 and amounts carry thousands separators; labels and values take no full stop."""

from __future__ import annotations

import re

import pytest

from games.api import games, generate, kind, kind_names, solve, walk

PAIRS = [(g.code, k) for g in games() for k in kind_names(g.code)]
JA = r"[\u3040-\u30ff\u4e00-\u9fff]"

PROBLEMS = {
    "ASCII full stop after Japanese": re.compile(JA + r"[)）」]?\.(?!\d)"),
    "half-width punctuation between Japanese words": re.compile(JA + r"[,:;!?](?!/)|" + JA + r" ?\(" + JA),
    "the seat word シート": re.compile("シート"),
    "a seat written 席3 or 席 3": re.compile(r"席\s?\d"),
    # Four digits or more without separators; the rulebooks' years (TDA 2024) are not amounts.
    "an amount without separators": re.compile(r"(?<![\d,.])(?!(?:19|20)\d\d(?!\d))\d{4,}"),
}


def sentence_problems(text: str) -> list[str]:
    found = [name for name, pattern in PROBLEMS.items() if pattern.search(text)]
    if not text.rstrip().endswith(("。", "）", "」")):
        found.append("no 。 at the end")
    return found


def test_the_check_finds_each_problem():
    assert sentence_problems("3番席がフォールドします.") == [
        "ASCII full stop after Japanese",
        "no 。 at the end",
    ]
    assert "half-width punctuation between Japanese words" in sentence_problems("ハイ:6番席です。")
    assert "an amount without separators" in sentence_problems("ポットは12000です。")
    assert "a seat written 席3 or 席 3" in sentence_problems("席 3がベットします。")
    assert not sentence_problems("ポットは12,000です（TDA 2024 ルール21）。3番席が最初です。")


@pytest.mark.parametrize(("game", "kind_name"), PAIRS)
def test_every_japanese_explanation_is_written_as_japanese_sentences(game, kind_name):
    problems = []
    for seed in range(12):
        text = solve(generate(game=game, kind=kind_name, seed=seed))["explanation"]["ja"]
        problems += [f"seed {seed}: {p}: {text}" for p in sentence_problems(text)]
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_every_step_of_a_hand_walk_explains_itself_in_japanese_sentences(variant):
    problems = []
    for step in walk(variant=variant, seed=3):
        text = solve(step.document)["explanation"]["ja"]
        problems += [f"step {step.index}: {p}: {text}" for p in sentence_problems(text)]
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize(("game", "kind_name"), PAIRS)
def test_misreading_sentences_end_in_a_japanese_full_stop(game, kind_name):
    problems = [
        f"{code}: {p}: {ja}"
        for code, (_, ja) in kind(game, kind_name).misreadings.items()
        for p in sentence_problems(ja.format_map(_Blank()))
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "kind_name"), PAIRS)
def test_labels_are_short_japanese_without_a_full_stop(game, kind_name):
    question_kind = kind(game, kind_name)
    labels = [question_kind.label[1], *(f.label[1] for f in question_kind.fields)]
    problems = [
        label
        for label in labels
        if label.endswith(("。", ".")) or PROBLEMS["ASCII full stop after Japanese"].search(label)
    ]
    problems += [label for label in labels if re.search(r"\(|\)", label)]
    assert not problems, problems


class _Amount:
    """A placeholder's value as the diagnosis writes it: an amount with separators."""

    def __format__(self, spec: str) -> str:
        return "1,000"


class _Blank(dict):
    """Fills a sentence's placeholders ("{amount}", "{fee:,}") with an amount, so the sentence
    is checked as a trainee reads it."""

    def __missing__(self, key: str) -> _Amount:
        return _Amount()


@pytest.mark.parametrize(
    ("game", "kind_name"), [p for p in PAIRS if p[1] in ("award", "split", "final_ranking")]
)
def test_a_seats_number_never_touches_its_chips_in_either_language(game, kind_name):
    # "seat 4 3,000" and 「4番席3,000」 read as one number; "3,000 to seat 4" / 「4番席に3,000」 do not.
    problems = []
    for seed in range(12):
        explanation = solve(generate(game=game, kind=kind_name, seed=seed))["explanation"]
        if re.search(r"[Ss]eat \d+ \d", explanation["en"]):
            problems.append(explanation["en"])
        if re.search(r"番席\d", explanation["ja"]):
            problems.append(explanation["ja"])
    assert not problems, "\n".join(problems[:5])
