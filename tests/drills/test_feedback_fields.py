"""The feedback of an answer: the given answer beside the correct one field by field, each field
marked right or wrong, the diagnosis of a wrong answer, and the "show me" replay, only after the
answer; and the way on from a question of a finished session."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Question
from dealer_training.drills.services import attempt_submit, current_question
from games.api import solve, table_view
from tests.drills.helpers import post_for
from tests.games.helpers import deal, doc

from .conftest import EN, HTMX, urls

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}

# Seat 2 brought in, seat 3 called: seat 4 is next to act, seat 1 after it.
SKIPPED = doc([*deal("AsKs9h", "QdQc2c", "7h7cKd", "5s6sQs"), "p2 pb", "p3 cc"])
# Seat 3 is all-in for 300 on 3rd street; seats 1 and 2 go on to 800: a main pot and a side pot.
SIDE_POT = doc(
    [*deal("AsKs9h", "QdQc2c", "7h7cKd"), "p2 pb", "p3 cbr 300", "p1 cbr 800", "p2 cc"],
    stacks=[10000, 10000, 400],
    kind="pots",
)


def pin(question: Question, document: dict[str, Any], fields: list[str]) -> Question:
    """The issued question made to ask ``document`` (the engine's answer and table view stored)."""
    question.document = document
    question.expected = solve(document)
    question.view = table_view(document)
    question.kind = document["_question"]["kind"]
    question.fields = fields
    question.save()
    return question


def answer_with(client, org, question: Question, answer: dict[str, Any], *, lang=EN) -> str:
    data = post_for(question.variant, question.kind, question.fields, answer)
    response = client.post(urls(org, question)["answer"], data, **lang, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def rows(html: str) -> dict[str, str]:
    """Each compared row's field and state."""
    found = re.findall(r'<tr class="answer-compare__row[^"]*" data-field="([^"]+)" data-state="(\w+)"', html)
    return dict(found)


@pytest.fixture
def skipped(trainee, issued):
    return pin(issued(trainee, skill="betting", variant="F7S"), SKIPPED, ["seat", "options"])


def test_a_skipped_seat_is_marked_wrong_beside_the_right_options_with_its_diagnosis(
    client, org, trainee, skipped
):
    client.force_login(trainee.user)
    right = skipped.expected["answer"]
    html = answer_with(client, org, skipped, {**right, "seat": 1})
    assert 'data-feedback="wrong"' in html
    assert rows(html) == {"seat": "wrong", "options": "right"}
    # Not collapsed, both answers shown, the mark visible as a word and not by colour alone.
    assert '<details class="feedback__given"' not in html
    row = re.search(r'data-field="seat" data-state="wrong">(.*?)</tr>', html, re.S).group(1)
    assert "✗" in row
    assert "wrong" in row
    assert "Seat 1" in row
    assert "Seat 4" in row
    assert "data-diagnosis" in html
    assert "That skips Seat 4" in html


def test_the_marks_and_the_diagnosis_are_in_japanese_on_a_japanese_page(client, org, trainee, skipped):
    client.force_login(trainee.user)
    right = skipped.expected["answer"]
    html = answer_with(client, org, skipped, {**right, "seat": 1}, lang=JA)
    row = re.search(r'data-field="seat" data-state="wrong">(.*?)</tr>', html, re.S).group(1)
    assert "誤り" in row
    assert "4番席を飛ばしています" in html


def test_a_right_answer_marks_every_field_right_and_has_no_replay(client, org, trainee, skipped):
    client.force_login(trainee.user)
    html = answer_with(client, org, skipped, skipped.expected["answer"])
    assert 'data-feedback="right"' in html
    assert set(rows(html).values()) == {"right"}
    assert "data-showme" not in html
    assert "data-diagnosis" not in html


def test_fields_not_asked_are_not_compared(client, org, trainee, issued):
    question = pin(issued(trainee, skill="betting", variant="F7S"), SKIPPED, ["seat"])
    client.force_login(trainee.user)
    html = answer_with(client, org, question, {"seat": 1})
    assert rows(html) == {"seat": "wrong"}


def test_show_me_replays_the_deciding_steps_only_after_the_answer(client, org, trainee, skipped):
    client.force_login(trainee.user)
    before = client.get(urls(org, skipped)["play"], **EN).content.decode()
    assert "data-showme" not in before
    right = skipped.expected["answer"]
    html = answer_with(client, org, skipped, {**right, "seat": 1})
    steps = re.findall(r'data-showme-step="(\d+)" data-seats="([\d ]*)"', html)
    assert [n for n, _s in steps] == [str(i) for i in range(1, len(steps) + 1)]
    # Seat 2 opens with the bring-in, seat 2 posts, seat 3 calls, then seat 4 is next to act.
    assert [s for _n, s in steps] == ["2", "2", "3", "4"]
    assert "Seat 4 is next to act" in html
    assert "sseat--focus" in html


def test_main_and_side_pot_swapped_are_marked_and_diagnosed(client, org, trainee, issued):
    question = pin(issued(trainee, skill="side_pots", variant="F7S"), SIDE_POT, ["pots"])
    client.force_login(trainee.user)
    pots = question.expected["answer"]["pots"]
    swapped = [{**pots[0], "amount": pots[1]["amount"]}, {**pots[1], "amount": pots[0]["amount"]}]
    html = answer_with(client, org, question, {"pots": swapped})
    states = re.findall(r'data-field="pots" data-state="(\w+)"', html)
    assert states == ["wrong", "wrong"]
    assert "That swaps the amounts of the main pot and side pot 1" in html
    assert "data-showme" in html
    assert "The main pot: everyone&#x27;s chips up to 400" in html


def short_stub() -> dict[str, Any]:
    """A generated stub question whose stub is short by RP-10 H case B or C."""
    from games.stud.generate import generate

    for seed in range(40):
        document = generate(kind="stub", variant="F7S", seed=seed)
        if solve(document)["answer"]["procedure"] in ("B", "C"):
            return document
    raise AssertionError("no stub of case B or C in 40 seeds")


def test_a_wrong_stub_case_replays_the_deal_and_names_the_case_in_japanese(client, org, trainee, issued):
    document = short_stub()
    question = pin(issued(trainee, skill="stub", variant="F7S"), document, ["stub", "procedure"])
    client.force_login(trainee.user)
    before = client.get(urls(org, question)["play"], **JA).content.decode()
    assert "data-showme" not in before
    right = question.expected["answer"]
    swapped = {"B": "C", "C": "B"}[right["procedure"]]
    html = answer_with(client, org, question, {**right, "procedure": swapped}, lang=JA)
    assert 'data-feedback="wrong"' in html
    steps = re.findall(r'data-showme-step="(\d+)" data-seats="([\d ]*)"', html)
    assert [n for n, _s in steps] == [str(i) for i in range(1, len(steps) + 1)]
    texts = [
        unescape(re.sub(r"<[^>]+>", "", t)).strip().split(" ", 1)[1]  # past the step's number
        for t in re.findall(r'<p class="showme__text">(.*?)</p>', html, re.S)
    ]
    assert len(texts) == len(steps) >= 6
    assert all(t.endswith("。") for t in texts)
    assert texts[0].startswith("3rdストリート：")
    assert f"＝ {right['stub']}枚です。" in texts[-2]
    assert texts[-1].startswith(f"{right['procedure']}です。")
    assert "TDA 2024 RP-10 H" in texts[-1]
    # The players still in are pointed at on the last step's table, the stub drawn beside it.
    live = steps[-1][1].split()
    assert len(live) + 2 == right["required"]
    assert f'<p class="stud__stub">スタブ <span class="amount">{right["stub"]}</span></p>' in html


def test_a_right_stub_answer_has_no_replay(client, org, trainee, issued):
    question = pin(issued(trainee, skill="stub", variant="F7S"), short_stub(), ["stub", "procedure"])
    client.force_login(trainee.user)
    html = answer_with(client, org, question, question.expected["answer"], lang=JA)
    assert 'data-feedback="right"' in html
    assert "data-showme" not in html


def test_a_wrong_remedy_replays_the_hand_to_the_error_and_ends_on_the_remedy(client, org, trainee, issued):
    from games.stud.events import DEALER_REMEDIES
    from games.stud.generate import generate

    document = generate(kind="dealer_error", variant="F7S", seed=1)
    question = pin(issued(trainee, skill="dealer_errors", variant="F7S"), document, ["error", "remedy"])
    client.force_login(trainee.user)
    right = question.expected["answer"]
    wrong = next(r for r in DEALER_REMEDIES if r != right["remedy"])
    html = answer_with(client, org, question, {**right, "remedy": wrong})
    texts = [
        unescape(re.sub(r"<[^>]+>", "", t)).strip().split(" ", 1)[1]
        for t in re.findall(r'<p class="showme__text">(.*?)</p>', html, re.S)
    ]
    assert texts[0].startswith("The hand up to the irregularity:")
    # The remedy is the engine's ruling, told as its explanation tells it.
    assert texts[-1] == solve(document)["explanation"]["en"]


# --- the way on from a question of a finished session --------------------------------------------


def test_reviewing_a_finished_session_offers_the_next_answered_question_and_the_results(
    client, org, trainee, start
):
    session = start(trainee, skill="bring_in", variant="F7S", count=3)
    answered = []
    while (question := current_question(session=session)) is not None:
        attempt_submit(question=question, given=question.expected["answer"], now=timezone.now())
        answered.append(question)
    session.refresh_from_db()
    assert session.finished_at is not None
    client.force_login(trainee.user)
    first = client.get(urls(org, answered[0])["question"], **EN).content.decode()
    result = reverse("drills:result", args=[org.slug, session.pk])
    assert "Next question" not in first
    assert reverse("drills:question", args=[org.slug, answered[1].pk]) in first
    assert "Next answered question" in first
    assert "Back to the results" in first
    assert result in first
    last_but_one = client.get(urls(org, answered[1])["question"], **EN).content.decode()
    assert reverse("drills:question", args=[org.slug, answered[2].pk]) in last_but_one


def test_an_abandoned_session_under_review_goes_back_to_the_results_past_its_last_answer(
    client, org, trainee, start
):
    session = start(trainee, skill="bring_in", variant="F7S", count=3)
    question = current_question(session=session)
    attempt_submit(question=question, given=question.expected["answer"])
    session.finished_at = timezone.now()
    session.save(update_fields=["finished_at"])
    client.force_login(trainee.user)
    html = client.get(urls(org, question)["question"], **EN).content.decode()
    assert "Next question" not in html
    assert "Next answered question" not in html
    assert "Back to the results" in html


def test_a_running_session_still_offers_the_next_question(client, org, trainee, start):
    session = start(trainee, skill="bring_in", variant="F7S", count=3)
    question = current_question(session=session)
    client.force_login(trainee.user)
    html = answer_with(client, org, question, question.expected["answer"])
    assert "Next question" in html
    assert "Back to the results" not in html
