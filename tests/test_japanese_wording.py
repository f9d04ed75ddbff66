"""Japanese pages read as Japanese: one word for seat (席, never シート), no raw ids or codes
(rule sets, skills, question kinds, card codes), hold'em streets in katakana, and amounts with
thousands separators. Checked in the catalogue and on the pages a trainee and an instructor walk.

The engine's own explanation sentences are the engine's to check; here they are left out so a
page is judged on what the web layer writes around them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.core.management import call_command
from django.urls import reverse

from dealer_training.accounts.models import Membership, Role
from dealer_training.drills.models import Question
from dealer_training.drills.services import attempt_submit, current_question, session_start
from dealer_training.scenarios.choices import Skill
from dealer_training.scenarios.models import Scenario
from games.api import kind_names
from tests.drills.helpers import every_drill

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}

CARD_CODES = re.compile(r"(?<![A-Za-z0-9.])(?:[2-9TJQKA][cdhs]){1,}(?![A-Za-z0-9])")
RULESET_IDS = re.compile(r"tda-2024|robert-cash")
STREETS_EN = re.compile(r"(?i)(?<![A-Za-z])(preflop|flop|turn|river)(?![A-Za-z])")
CODES = re.compile(
    r"(?<![A-Za-z_])("
    + "|".join(
        sorted({*kind_names("F7S"), *Skill.values, "holdem", "tenstud", "draw"} - {"stub", "award", "pots"})
    )
    + r")(?![A-Za-z_])"
)
# A number of four digits or more without separators; dates (2026/11/26) and hex seeds are not amounts.
BARE_AMOUNT = re.compile(r"(?<![\d,.:/A-Za-z\-])\d{4,}(?![\d,/:\-])")
YEARS = re.compile(r"^(19|20)\d\d$")
# A seat written as a bare number after a Japanese label ("ハイ：6", "対象席：3, 6"), or a
# Japanese sentence closed by an ASCII full stop.
BARE_SEAT = re.compile(r"(?<![\u30a1-\u30fa\u30fc])(?:ハイ|ロー|対象席?|勝者|脱落)：\d{1,2}(?![\d,]|番|以)")
ASCII_STOP = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff）]\.(?=\s|$)")


def _msgstrs():
    for entry in polib.pofile(str(PO)):
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            yield entry, text


def test_the_catalogue_says_seat_with_one_word():
    wrong = [entry.msgid for entry, text in _msgstrs() if "シート" in text]
    assert not wrong, wrong


def test_the_catalogue_names_all_in_and_ten_card_stud_with_one_word_each():
    # The words of the source documents: 10カードスタッド; and オールイン, never オール・イン.
    wrong = [entry.msgid for entry, text in _msgstrs() if "オール・イン" in text or "10枚スタッド" in text]
    assert not wrong, wrong
    assert any("10カードスタッド" in text for _, text in _msgstrs())


def test_the_catalogue_names_no_rule_set_by_its_id_outside_a_quoted_file_value():
    wrong = [entry.msgid for entry, text in _msgstrs() if RULESET_IDS.search(re.sub(r'"[^"]*"', "", text))]
    assert not wrong, wrong


def test_the_catalogue_writes_card_codes_only_where_they_show_how_to_type_a_card():
    wrong = [
        entry.msgid
        for entry, text in _msgstrs()
        for code in CARD_CODES.findall(text)
        if code not in entry.msgid or not re.search(r"[スハダク][ペーイラ]", text)
    ]
    assert not wrong, wrong


class _PageText(HTMLParser):
    """The visible text of a page, without scripts, styles and the engine's explanations."""

    # The engine's explanations, form help that shows how to type a card ("Kd"), and the head of
    # the other games' table, which their table module draws (its street label is its own).
    SKIPPED = ("feedback__explain", "answer__explain", "field__help", "otable__head")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip: list[str] = []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self._skip or tag in ("script", "style") or any(c in classes for c in self.SKIPPED):
            self._skip.append(tag)

    def handle_endtag(self, tag):
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def wording_problems(html: str) -> list[str]:
    parser = _PageText()
    parser.feed(html)
    text = " ".join(parser.parts)
    problems = []
    if "シート" in text:
        problems.append("シート: " + text[max(0, text.index("シート") - 30) : text.index("シート") + 10])
    for pattern, what in (
        (RULESET_IDS, "rule set id"),
        (CARD_CODES, "card code"),
        (STREETS_EN, "English street name"),
        (CODES, "code"),
        (BARE_SEAT, "seat as a bare number"),
        (ASCII_STOP, "ASCII full stop in Japanese"),
    ):
        problems += [
            f"{what}: {m.group()!r} in …{text[max(0, m.start() - 30) : m.end() + 10]}…"
            for m in pattern.finditer(text)
        ]
    for m in BARE_AMOUNT.finditer(text):
        if not YEARS.match(m.group()):
            problems.append(
                f"amount without separators: {m.group()} in …{text[max(0, m.start() - 30) : m.end() + 10]}…"
            )
    return problems


def test_the_page_check_finds_each_kind_of_problem():
    assert wording_problems("<p>3番シート</p>")
    assert wording_problems("<p>robert-cashのルール</p>")
    assert wording_problems("<p>KsKc8s8h5c</p>")
    assert wording_problems("<p>preflop</p>")
    assert wording_problems("<p>自動生成：next_action</p>")
    assert wording_problems("<p>ポット 12000</p>")
    assert wording_problems("<p>12,000・ハイ：6・ロー：4, 5</p>")
    assert wording_problems("<p>3番席がフォールド.</p>")
    assert not wording_problems("<p>ポット 12,000 · 2026/11/26 · TDA 2024 · 3番席 K♠</p>")
    assert not wording_problems('<p class="feedback__explain">3番シート</p>')


@pytest.fixture
def demo(db):
    call_command("seed_demo", verbosity=0)
    return Membership.objects.select_related("organisation", "user")


def _answered(org, user):
    sessions = [*every_drill(), {"variant": "F7S", "mode": "walk"}]
    questions: list[Question] = []
    for n, kwargs in enumerate(sessions):
        kwargs.setdefault("mode", "practice")
        session = session_start(organisation=org, trainee=user, count=1, **kwargs)
        session.seed = f"wording-{n}"
        session.save(update_fields=["seed"])
        question = current_question(session=session)
        attempt_submit(question=question, given={})
        questions.append(question)
    return questions


def test_the_pages_a_trainee_and_an_instructor_walk_read_as_japanese(client, demo):
    trainee = demo.get(role=Role.TRAINEE, user__email="trainee1@demo.example")
    org = trainee.organisation
    slug = org.slug
    pages = {}
    client.force_login(trainee.user)
    for question in _answered(org, trainee.user):
        url = reverse("drills:question", args=[slug, question.pk])
        pages[f"feedback {question.variant} {question.kind}"] = client.get(url, **JA)
    for name in ("drills:index", "progress:me", "rules:reference", "accounts:org_home"):
        pages[name] = client.get(reverse(name, args=[slug]), **JA)

    staff = demo.get(role=Role.OWNER, organisation=org)
    client.force_login(staff.user)
    for name in (
        "scenarios:list",
        "scenarios:create",
        "scenarios:answerability",
        "items:list",
        "progress:cohort_report",
        "accounts:house_rules",
    ):
        pages[name] = client.get(reverse(name, args=[slug]), **JA)
    for scenario in Scenario.objects.filter(organisation=org):
        pages[f"editor {scenario.pk}"] = client.get(reverse("scenarios:edit", args=[slug, scenario.pk]), **JA)
        pages[f"items {scenario.pk}"] = client.get(reverse("items:detail", args=[slug, scenario.pk]), **JA)
    url = reverse("progress:trainee_detail", args=[slug, trainee.user.pk])
    pages["trainee detail"] = client.get(url, **JA)

    problems = []
    for name, response in pages.items():
        assert response.status_code == 200, name
        problems += [f"{name}: {p}" for p in wording_problems(response.content.decode())]
    assert not problems, "\n".join(problems[:60])


# --- Sentences, units, punctuation and glyphs ---------------------------------------------------

JA_CHAR = r"[\u3040-\u30ff\u4e00-\u9fff]"


def _entries():
    for entry in polib.pofile(str(PO)):
        texts = list(entry.msgstr_plural.values()) if entry.msgstr_plural else [entry.msgstr]
        for text in texts:
            yield entry, text


def test_a_japanese_sentence_ends_with_a_japanese_full_stop_never_an_ascii_one():
    wrong = [
        f"{entry.msgid!r} -> {text!r}"
        for entry, text in _entries()
        if re.search(JA_CHAR + r"[)）」]?\.\s*$", text)
        or (entry.msgid.rstrip().endswith((".", "?", "!")) and text.rstrip()[-1:] not in "。？！")
    ]
    assert not wrong, "\n".join(wrong)


def test_the_catalogue_writes_seconds_in_japanese_and_no_ascii_units():
    # "12 s" and "22955 ms" are English units; Japanese says 秒 (and ミリ秒 only in export headers).
    wrong = [
        f"{entry.msgid!r} -> {text!r}"
        for entry, text in _entries()
        if re.search(r"(?:\d|%\(\w+\)s)\s?(?:s|ms|sec|min)\b", text)
        # One style for seconds: the number against 秒 (「23.0秒」), as the drills write it.
        or re.search(r"(?:\d|%\(\w+\)s) 秒", text)
        or (entry.msgctxt == "seconds after a number on a chart axis" and text != "秒")
    ]
    assert not wrong, "\n".join(wrong)


def test_japanese_sentences_use_full_width_punctuation():
    # A comma, colon or bracket between Japanese words is the full-width one: 、 ： （ ）.
    wrong = [
        f"{entry.msgid!r} -> {text!r}"
        for entry, text in _entries()
        if re.search(JA_CHAR + r"[,:;!?]|" + JA_CHAR + r" \(|\(" + JA_CHAR + r"[^)]*\)", text)
    ]
    assert not wrong, "\n".join(wrong)


# One word for each concept (docs/glossary.md): the variants on the right are never used.
GLOSSARY_VARIANTS = {
    "研修生": ("トレーニー", "受講者"),
    "アンティ": ("アンテ(?!ィ)",),
    "ブリングイン": ("ブリング・イン", "ブリングイン・"),
    "サイドポット": ("サイド・ポット", "サイドポット "),
    "オールイン": ("オール・イン",),
    "ハンドウォーク": ("ハンド・ウォーク",),
    "スタブ": ("スタッブ",),
    "コミュニティカード": ("コミュニティーカード", "コミュニティ・カード"),
    "インストラクター": ("講師",),
    "正答率": ("正解率",),
    "グループ": ("コホート",),
}


def test_the_catalogue_keeps_to_the_glossary():
    wrong = [
        f"{word}: {entry.msgid!r} -> {text!r}"
        for entry, text in _entries()
        for word, variants in GLOSSARY_VARIANTS.items()
        for variant in variants
        if re.search(variant, text)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_glossary_lists_each_word_the_catalogue_keeps_to():
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for word in GLOSSARY_VARIANTS:
        assert word in glossary, word


def test_japanese_separators_between_the_parts_of_a_value_are_japanese():
    found = {
        (entry.msgctxt, entry.msgid): text
        for entry, text in _entries()
        if entry.msgctxt in ("list separator", "value parts separator")
    }
    assert found == {("list separator", ", "): "、", ("value parts separator", " · "): "・"}
    assert not [entry.msgid for entry, text in _entries() if " · " in text]


# Symbols every browser draws from the fonts the page asks for (system-ui and the Japanese
# gothics): punctuation, arrows, math, shapes, card suits, ⚠ ✓ ✗. Emoji and the technical signs
# (⏱ ⌫ ⚑ ...) are drawn only where an emoji or symbol font happens to be installed.
SAFE_SYMBOLS = re.compile(
    r"[\u2000-\u206f\u2190-\u2193\u2200-\u22ff\u25a0-\u25ff\u2660-\u2667\u26a0\u2713\u2717"
    r"\u3000-\u9fff\uff00-\uffef]"
)
# Templates and the catalogue of the pages outside the drill screens (whose layout has its own
# checks), the Python that writes words, and the engine's texts.
GLYPH_SOURCES = [
    *[
        p
        for p in (ROOT / "templates").rglob("*.html")
        if "drills" not in p.relative_to(ROOT / "templates").parts
    ],
    *(ROOT / "dealer_training").rglob("*.py"),
    *(ROOT / "games").rglob("*.py"),
]


def _unsafe_glyphs(text: str) -> set[str]:
    return {ch for ch in text if ord(ch) >= 0x2000 and not SAFE_SYMBOLS.match(ch)}


def test_the_glyph_check_finds_symbols_that_need_an_extra_font():
    assert _unsafe_glyphs("⏱ ⌫ ⚑ 🂡") == {"⏱", "⌫", "⚑", "🂡"}
    assert not _unsafe_glyphs("✓ ✗ ⚠ ○ ▲ ↓ › − √ … ♠♥♦♣ 3番席、「はい」（1,000）")


def test_pages_and_texts_use_no_glyph_that_needs_a_font_the_page_does_not_ship():
    wrong = [
        f"{path.relative_to(ROOT)}: {''.join(sorted(glyphs))}"
        for path in GLYPH_SOURCES
        if (glyphs := _unsafe_glyphs(path.read_text(encoding="utf-8")))
    ]
    wrong += [f"django.po {entry.msgid!r}" for entry, text in _entries() if _unsafe_glyphs(text)]
    assert not wrong, "\n".join(wrong)
