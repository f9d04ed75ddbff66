"""The htmx answer of a stud question that turns no card up draws only what changes: the panel,
swapped in place of the form's, and the seats the correct answer names, swapped into the table
by their ids (out of band). Applied to the page, the swaps leave it as the full redraw does."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from dealer_training.drills.exams import exam_start
from dealer_training.drills.models import DrillSet
from dealer_training.drills.present import marked_seats
from dealer_training.drills.services import current_question, session_start
from tests.scenarios.factories import add_item

from .conftest import HTMX, urls
from .helpers import form_data

LANGUAGES = {"en": {"HTTP_ACCEPT_LANGUAGE": "en"}, "ja": {"HTTP_ACCEPT_LANGUAGE": "ja"}}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# The form's token is masked anew on every page.
CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def elements(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.elements()

    def by_id(self, wanted):
        return next((e for e in self.elements() if e.attrs.get("id") == wanted), None)

    def text(self):
        return " ".join("".join(c if isinstance(c, str) else c.text() for c in self.children).split())

    def html(self):
        """The element as markup, text between elements that is only white space left out."""
        attrs = "".join(f' {k}="{v}"' if v is not None else f" {k}" for k, v in self.attrs.items())
        inner = "".join(
            c.html() if isinstance(c, Node) else c.strip() and " ".join(c.split()) for c in self.children
        )
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"

    def replace_with(self, other):
        siblings = self.parent.children
        siblings[siblings.index(self)] = other
        other.parent = self.parent


class _Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.open[-1])
        self.open[-1].children.append(node)
        if tag not in VOID:
            self.open.append(node)

    def handle_startendtag(self, tag, attrs):
        self.open[-1].children.append(Node(tag, attrs, self.open[-1]))

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, 0, -1):
            if self.open[i].tag == tag:
                del self.open[i:]
                return

    def handle_data(self, data):
        self.open[-1].children.append(data)


def parse(html):
    tree = _Tree()
    tree.feed(CSRF.sub(r'\1"', html))
    tree.close()
    return tree.root


def swapped(page_html, response):
    """The page after htmx applies ``response``: each element marked hx-swap-oob in place of the
    page's element of its id, the rest in place of the element the response retargets."""
    page = parse(page_html)
    target = response.headers["HX-Retarget"]
    assert response.headers["HX-Reswap"] == "outerHTML"
    assert target.startswith("#")
    fragment = parse(response.content.decode())
    tops = [c for c in fragment.children if isinstance(c, Node)]
    oob = [e for e in tops if "hx-swap-oob" in e.attrs]
    main = [e for e in tops if "hx-swap-oob" not in e.attrs]
    assert len(main) == 1
    page.by_id(target[1:]).replace_with(main[0])
    for element in oob:
        assert element.attrs.pop("hx-swap-oob") == "true"
        old = page.by_id(element.attrs["id"])
        assert old is not None, element.attrs["id"]
        old.replace_with(element)
    return page


def _seats(root):
    table = root.by_id("question-table")
    return [
        (
            e.attrs.get("class"),
            e.attrs.get("id"),
            e.text(),
            [h.text() for h in e.elements() if "visually-hidden" in (h.attrs.get("class") or "")],
        )
        for e in table.elements()
        if "sseat" in (e.attrs.get("class") or "").split()
    ]


def _question(trainee, org, *, skill, variant, kind, marked):
    """The first question of a practice session of ``skill`` of ``kind`` whose correct answer
    marks ``marked(n)`` seats (sessions are started with seeds until one is)."""
    for seed in range(60):
        session = session_start(
            organisation=org,
            trainee=trainee.user,
            mode="practice",
            skill=skill,
            variant=variant,
            seed=f"swap{seed}",
        )
        question = current_question(session=session)
        if question.kind == kind and marked(len(marked_seats(question))):
            return question
    raise AssertionError(f"no {kind} question marking the seats wanted")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("skill", "variant", "kind", "marked"),
    [
        ("betting", "F7S", "next_action", lambda n: n == 1),
        ("first_to_act", "FR", "next_action", lambda n: n == 1),
        ("bring_in", "F7S", "bring_in", lambda n: n >= 2),
        ("showdown", "F7S/8", "best_hands", lambda n: n >= 1),
        ("showdown", "F7S", "award", lambda n: n >= 1),
    ],
    ids=[
        "next-action-one-seat",
        "razz-next-action-one-seat",
        "bring-in-several-seats",
        "showdown-best-hands",
        "showdown-award",
    ],
)
@pytest.mark.parametrize("correct", [True, False], ids=["right", "wrong"])
def test_the_htmx_answer_swaps_the_panel_and_the_marked_seats_and_the_page_ends_as_a_full_redraw(
    client, trainee, org, language, skill, variant, kind, marked, correct
):
    question = _question(trainee, org, skill=skill, variant=variant, kind=kind, marked=marked)
    client.force_login(trainee.user)
    headers = LANGUAGES[language]
    before = client.get(urls(org, question)["play"], **headers).content.decode()
    response = client.post(
        urls(org, question)["answer"], form_data(question, correct=correct), **headers, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    # The table is not drawn again: the panel, then the seats the answer names and no other.
    tops = [e.attrs.get("id") for e in parse(html).children if isinstance(e, Node)]
    assert tops == ["question-panel"] + [f"table-seat-{n}" for n in marked_seats(question)]
    assert not re.search(r"\sdata-table[\s>]", html)
    after = swapped(before, response)
    full = parse(client.get(urls(org, question)["question"], **headers).content.decode())

    seats = _seats(after)
    assert seats == _seats(full)
    marked = [s for s in seats if "tseat--marked" in s[0].split()]
    assert len(marked) == len(marked_seats(question))
    answer_tag = "✓ Answer" if language == "en" else "✓ 正解"
    assert all(answer_tag in text for _, _, text, _ in marked)
    # The whole of the question's part of the page, the table and the panel, as the full redraw.
    assert after.by_id("question-main").html() == full.by_id("question-main").html()


def _full_redraw(client, org, question, headers=LANGUAGES["en"], *, correct=True):
    response = client.post(
        urls(org, question)["answer"], form_data(question, correct=correct), **headers, **HTMX
    )
    assert response.status_code == 200
    assert "HX-Retarget" not in response.headers
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="question-main"')
    assert "hx-swap-oob" not in html
    return html


def test_a_hand_walk_step_draws_the_whole_table_again(client, trainee, org):
    session = session_start(
        organisation=org, trainee=trainee.user, mode="walk", variant="FR", walk_level="table_ready"
    )
    question = current_question(session=session)
    client.force_login(trainee.user)
    html = _full_redraw(client, org, question)
    assert "drill--live" in html


def test_an_exam_answer_draws_the_whole_question_again(client, trainee, org):
    drill_set = DrillSet.objects.create(organisation=org, title="Betting exam", is_exam=True)
    add_item(drill_set, skill="betting", variant="F7S", count=2)
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=drill_set, seed="s")
    question = current_question(session=session)
    client.force_login(trainee.user)
    html = _full_redraw(client, org, question)
    assert "tseat--marked" not in html


@pytest.mark.parametrize("variant", ["NT", "FCH", "T10S"])
def test_the_other_games_draw_the_whole_table_again(client, trainee, org, variant):
    session = session_start(organisation=org, trainee=trainee.user, mode="practice", variant=variant)
    question = current_question(session=session)
    client.force_login(trainee.user)
    _full_redraw(client, org, question)


def test_a_question_answered_before_and_a_refused_answer_draw_the_whole_question(client, trainee, org):
    question = _question(
        trainee, org, skill="betting", variant="F7S", kind="next_action", marked=lambda n: n == 1
    )
    client.force_login(trainee.user)
    refused = client.post(urls(org, question)["answer"], {"seat": "12"}, **LANGUAGES["en"], **HTMX)
    assert refused.status_code == 422
    assert "HX-Retarget" not in refused.headers
    assert refused.content.decode().lstrip().startswith('<div id="question-main"')
    first = client.post(urls(org, question)["answer"], form_data(question), **LANGUAGES["en"], **HTMX)
    assert "HX-Retarget" in first.headers
    _full_redraw(client, org, question)
    # Without htmx the answer goes on to the question's page, drawn whole.
    plain = client.post(urls(org, question)["answer"], form_data(question), **LANGUAGES["en"])
    assert plain.status_code == 302
    assert plain["Location"] == reverse("drills:question", args=[org.slug, question.pk])
