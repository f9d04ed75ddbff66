""" "Next question" by htmx: the next question takes the place of the answered one under the same
header (the page's <main>), with the page's title; applied to the page, the swap leaves what a
full load of the next question shows. Hand walks, whose live table sets itself up on a page load,
load the next question as a page."""

import re

import pytest
from django.urls import reverse

from dealer_training.drills.exams import exam_start
from dealer_training.drills.models import DrillSet
from dealer_training.drills.services import current_question, session_start
from tests.scenarios.factories import add_item

from .conftest import HTMX, urls
from .helpers import form_data, other_form_data
from .test_answer_swap import LANGUAGES, Node, parse

NEXT = {**HTMX, "HTTP_HX_TARGET": "main"}
TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def _session(org, trainee, mode):
    if mode == "exam":
        drill_set = DrillSet.objects.create(organisation=org, title="Betting exam", is_exam=True)
        add_item(drill_set, skill="betting", variant="F7S", count=3)
        return exam_start(organisation=org, trainee=trainee.user, drill_set=drill_set, seed="next")
    kwargs = {
        "walk": {"walk_level": "table_ready", "variant": "FR"},
        "holdem": {"variant": "NT"},  # another game's table
    }.get(mode, {"skill": "betting"})
    return session_start(
        organisation=org,
        trainee=trainee.user,
        mode="practice" if mode == "holdem" else mode,
        count=3,
        seed="next",
        **kwargs,
    )


def _next_link(html):
    links = [e for e in parse(html).elements() if e.tag == "a" and "data-next" in e.attrs]
    assert len(links) == 1
    return links[0].attrs


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("mode", ["practice", "speed", "exam", "holdem"])
def test_next_question_by_htmx_swaps_in_what_a_full_load_of_the_next_question_shows(
    client, trainee, org, mode, language
):
    headers = LANGUAGES[language]
    session = _session(org, trainee, mode)
    first = current_question(session=session)
    client.force_login(trainee.user)
    play = urls(org, first)["play"]
    client.get(play, **headers)
    data = other_form_data(first) if mode == "holdem" else form_data(first)
    answered = client.post(urls(org, first)["answer"], data, **headers, **HTMX)
    link = _next_link(answered.content.decode())
    assert link["href"] == link["hx-get"] == play
    assert link["hx-target"] == "#main"
    assert link["hx-swap"].startswith("innerHTML")

    response = client.get(play, **headers, **NEXT)
    assert response.status_code == 200
    html = response.content.decode()
    # Only the page under the header: no header, no footer, no document around it.
    for outside in ("<html", "site-header", "site-footer"):
        assert outside not in html
    swapped_in = parse(TITLE.sub("", html))
    second = current_question(session=session)
    assert second.position == 1
    full = client.get(play, **headers).content.decode()
    # The title htmx puts on the page is the full page's.
    assert [" ".join(t.split()) for t in TITLE.findall(html)] == [
        " ".join(t.split()) for t in TITLE.findall(full)
    ]
    main = parse(full).by_id("main")
    assert main is not None
    expected = Node("main", {}, None)
    expected.children = main.children
    got = Node("main", {}, None)
    got.children = swapped_in.children
    assert got.html() == expected.html()
    assert f'action="{urls(org, second)["answer"]}"' in html


def test_a_hand_walk_loads_its_next_question_as_a_page(client, trainee, org):
    session = _session(org, trainee, "walk")
    first = current_question(session=session)
    client.force_login(trainee.user)
    client.get(urls(org, first)["play"], **LANGUAGES["en"])
    answered = client.post(urls(org, first)["answer"], form_data(first), **LANGUAGES["en"], **HTMX)
    link = _next_link(answered.content.decode())
    assert link["href"] == urls(org, first)["play"]
    assert "hx-get" not in link


def test_next_by_htmx_after_the_last_question_sends_the_browser_to_the_result(client, trainee, org):
    session = session_start(
        organisation=org, trainee=trainee.user, mode="practice", skill="betting", count=1, seed="next"
    )
    question = current_question(session=session)
    client.force_login(trainee.user)
    client.post(urls(org, question)["answer"], form_data(question), **LANGUAGES["en"], **HTMX)
    # A second tab still showing the answered question asks for the next one.
    response = client.get(urls(org, question)["play"], **LANGUAGES["en"], **NEXT)
    assert response.status_code == 200
    assert response.headers["HX-Redirect"] == reverse("drills:result", args=[org.slug, session.pk])
