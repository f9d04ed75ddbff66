"""Every citation a page shows is a link to its entry in the rules reference, and no page names a
file of ours ("RULES.md", "Seed 002 §3"): drill feedback in every game and question kind, the
editor's answer panel, the house rules and the scenario's rule fields, in both languages."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from dealer_training.drills.models import Question
from dealer_training.drills.other_games import GAMES as OTHER_GAMES
from dealer_training.drills.services import attempt_submit, current_question, session_start
from games.core.citation_texts import designation, label
from games.core.citations import CITATIONS
from tests.drills.helpers import every_drill, form_data
from tests.scenarios.factories import make_scenario

ROOT = Path(__file__).resolve().parent.parent
DEMO = sorted((ROOT / "dealer_training" / "scenarios" / "fixtures" / "demo").glob("*.json"))
LANGUAGES = {"en": {"HTTP_ACCEPT_LANGUAGE": "en"}, "ja": {"HTTP_ACCEPT_LANGUAGE": "ja"}}
FILE_NAMES = re.compile(r"RULES\.md|Seed 0\d\d")


def _citation_forms() -> dict[str, str]:
    """Every way a page could name a rule -> its key: the engine's key, each label, and each
    designation precise enough to name one rule (a bare "RRoP" names a book, not a rule)."""
    forms: dict[str, str] = {}
    for key in CITATIONS:
        forms[key] = key
        for lang in ("en", "ja"):
            forms[label(key, lang)] = key
            if re.search(r"\d", designation(key, lang)):
                forms[designation(key, lang)] = key
    return forms


FORMS = _citation_forms()
FORM_PATTERN = re.compile("(?:" + "|".join(re.escape(f) for f in sorted(FORMS, key=len, reverse=True)) + ")")


class _Texts(HTMLParser):
    """Text of a page, each piece with the link it sits in (None outside links)."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[tuple[str, str | None]] = []
        self._links: list[str | None] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "a":
            self._links.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "a" and self._links:
            self._links.pop()

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.pieces.append((data, self._links[-1] if self._links else None))


def citation_problems(html: str, reference: str) -> list[str]:
    """Citations not linked to their reference entry, and file names, on one page."""
    problems = [f"names a file: {m.group()}" for m in FILE_NAMES.finditer(html)]
    parser = _Texts()
    parser.feed(html)
    for text, href in parser.pieces:
        for match in FORM_PATTERN.finditer(text):
            anchor = CITATIONS[FORMS[match.group()]].anchor
            if href not in (f"{reference}#{anchor}", f"#{anchor}"):
                problems.append(
                    f"{match.group()!r} is shown {'linked to ' + href if href else 'without a link'}"
                )
    return problems


def test_the_checker_finds_an_unlinked_citation_a_wrong_link_and_a_file_name():
    ref = "/o/ginza/rules/"
    good = (
        '<p><a href="/o/ginza/rules/#tda-2024-rule-47-b">'
        "TDA 2024 Rule 47-B: Re-opening in limit: half a bet</a></p>"
    )
    assert citation_problems(good, ref) == []
    assert citation_problems("<p>Rules: TDA 2024 Rule 47-B, RRoP 7CS-1</p>", ref)
    assert citation_problems('<p><a href="/o/ginza/rules/#rrop-7cs-1">TDA 2024 ルール47-B</a></p>', ref)
    assert citation_problems("<p>(RULES.md 11)</p>", ref)
    assert citation_problems("<p>Seed 002 §3.1</p>", ref)
    assert citation_problems("<p>カードルームの慣行：ポーカーの役の強さ</p>", ref)


def _answered_questions(org, trainee):
    """One answered question (wrong, so the diagnosis shows too) per skill and game, and one per
    question of the other games."""
    questions = []
    for n, kwargs in enumerate(every_drill()):
        session = session_start(organisation=org, trainee=trainee.user, mode="practice", count=1, **kwargs)
        session.seed = f"citations-{n}"
        session.save(update_fields=["seed"])
        question = current_question(session=session)
        if question.variant in OTHER_GAMES:
            attempt_submit(question=question, given={})
        else:
            attempt_submit(question=question, given=_given(question))
        questions.append(question)
    return questions


def _given(question: Question) -> dict:
    from django.http import QueryDict

    from tests.drills.helpers import parse_form

    data = QueryDict(mutable=True)
    for key, value in form_data(question, correct=False).items():
        data.setlist(key, value if isinstance(value, list) else [value])
    return parse_form(question, data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drill_feedback_links_every_citation_and_names_no_file(client, org, trainee, lang):
    client.force_login(trainee.user)
    reference = reverse("rules:reference", args=[org.slug])
    problems = []
    cited = 0
    for question in _answered_questions(org, trainee):
        html = client.get(reverse("drills:question", args=[org.slug, question.pk]), **LANGUAGES[lang]).content
        html = html.decode()
        cited += html.count(f'href="{reference}#')
        problems += [f"{question.kind} {question.variant}: {p}" for p in citation_problems(html, reference)]
    assert not problems, "\n".join(problems)
    assert cited >= 30  # the feedback does cite rules: the check is not vacuous


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_editors_answer_panel_and_rule_fields_link_every_citation(client, org, instructor, lang):
    client.force_login(instructor.user)
    reference = reverse("rules:reference", args=[org.slug])
    problems = []
    for path in DEMO:
        document = json.loads(path.read_text(encoding="utf-8"))
        document.pop("_status", None)
        scenario = make_scenario(org, document=document, title=path.stem, status="draft")
        html = client.get(reverse("scenarios:edit", args=[org.slug, scenario.pk]), **LANGUAGES[lang]).content
        html = html.decode()
        assert f'href="{reference}#' in html
        problems += [f"{path.name}: {p}" for p in citation_problems(html, reference)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_house_rules_link_the_rules_each_flag_chooses_between(client, org, owner, lang):
    client.force_login(owner.user)
    reference = reverse("rules:reference", args=[org.slug])
    html = client.get(reverse("accounts:house_rules", args=[org.slug]), **LANGUAGES[lang]).content.decode()
    assert citation_problems(html, reference) == []
    assert f'href="{reference}#tda-2024-rp-10-d"' in html
    assert f'href="{reference}#rrop-7cs-1"' in html
    assert label("TDA 2024 RP-10 D", lang) in html


def test_an_old_question_citing_files_shows_the_registry_entries_and_no_file(client, org, trainee):
    from games.solve import solve

    session = session_start(
        organisation=org, trainee=trainee.user, mode="practice", variant="NT", topic="award"
    )
    question = current_question(session=session)
    question.expected = {
        **solve(question.document),
        "rules": ["Seed 002 §7", "RULES.md 11", "TDA 2024 Rule 21"],
    }
    question.save(update_fields=["expected"])
    attempt_submit(question=question, given={})
    client.force_login(trainee.user)
    html = client.get(
        reverse("drills:question", args=[org.slug, question.pk]), **LANGUAGES["en"]
    ).content.decode()
    reference = reverse("rules:reference", args=[org.slug])
    assert citation_problems(html, reference) == []
    assert "Texas Hold&#x27;em game rules §7: Showdown" in html
    assert f'href="{reference}#hold-em-rules-s7"' in html


@pytest.fixture
def reversed_urls(monkeypatch):
    """The URLs the citations module reverses, as they are reversed."""
    from dealer_training.scenarios import citations

    reversed_urls = []
    real_reverse = citations.reverse

    def counting_reverse(*args, **kwargs):
        reversed_urls.append(args)
        return real_reverse(*args, **kwargs)

    monkeypatch.setattr(citations, "reverse", counting_reverse)
    return reversed_urls


def test_citation_links_are_made_once_per_keys_language_organisation_and_prefix(reversed_urls):
    from django.urls import set_script_prefix
    from django.utils import translation

    from dealer_training.scenarios import citations

    citations._citation_links.cache_clear()
    key = "TDA 2024 Rule 30"
    with translation.override("en"):
        english = citations.citation_links([key], org_slug="memo-room")
        assert citations.citation_links([key], org_slug="memo-room") == english
    assert len(reversed_urls) == 1
    with translation.override("ja"):
        japanese = citations.citation_links([key], org_slug="memo-room")
        elsewhere = citations.citation_links([key], org_slug="memo-room-2")
    try:
        set_script_prefix("/trainer/")
        with translation.override("en"):
            prefixed = citations.citation_links([key], org_slug="memo-room")
    finally:
        set_script_prefix("/")
    assert english[0].label == label(key, "en")
    assert japanese[0].label == label(key, "ja")
    assert english[0].url == japanese[0].url == "/o/memo-room/rules/#" + CITATIONS[key].anchor
    assert elsewhere[0].url.startswith("/o/memo-room-2/rules/")
    assert prefixed[0].url.startswith("/trainer/o/memo-room/rules/")


def test_a_text_is_linked_once_per_organisation_and_prefix(reversed_urls):
    from django.urls import set_script_prefix

    from dealer_training.scenarios import citations

    citations._linked.cache_clear()
    text = "Both players act <first> under TDA 2024 Rule 30."
    linked = citations.link_citations(text, org_slug="memo-room")
    assert citations.link_citations(text, org_slug="memo-room") == linked
    assert len(reversed_urls) == 1
    assert "&lt;first&gt;" in linked
    assert '<a class="citation" href="/o/memo-room/rules/#' in linked
    assert "/o/memo-room-2/rules/" in citations.link_citations(text, org_slug="memo-room-2")
    try:
        set_script_prefix("/trainer/")
        assert 'href="/trainer/o/memo-room/rules/' in citations.link_citations(text, org_slug="memo-room")
    finally:
        set_script_prefix("/")
