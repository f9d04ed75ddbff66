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
