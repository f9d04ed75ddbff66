"""Explanations at the end: a practice or speed session that records each answer and shows the
feedback (right or wrong, the correct answer, the explanation, the seats marked) only once it has
ended, by its last answer or by the trainee ending it early."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from dealer_training.drills.exams import items_visible
from dealer_training.drills.models import Attempt, DrillSession, Mode, Outcome
from dealer_training.drills.services import (
    DrillError,
    current_question,
    session_end,
    session_retry_misses,
    session_start,
)
from dealer_training.scenarios.models import DrillSet
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import add_item

from .conftest import EN, HTMX, answer, urls
from .test_services import _answer

# What an answer's feedback writes on the page: none of it may show while the session runs.
FEEDBACK_MARKS = (
    "data-feedback",
    "feedback__explain",
    "Not right",
    "✗",
    "Correct answer",
    "Your answer",
    "tseat--marked",
)


def _held(start, trainee, **kwargs):
    kwargs.setdefault("skill", "bring_in")
    kwargs.setdefault("variant", "F7S")
    kwargs.setdefault("count", 3)
    return start(trainee, explain_at_end=True, **kwargs)


def _explanation(question):
    """The engine's explanation up to its first citation or full stop (citations become links)."""
    text = re.split(r"\. | \(", question.expected["explanation"]["en"])[0]
    assert len(text) > 20, text
    return escape(text)


def _end_url(org, session):
    return reverse("drills:end", args=[org.slug, session.pk])


# --- the choice, kept by the session ----------------------------------------------------------------


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.SPEED])
def test_practice_and_speed_sessions_keep_the_choice_to_explain_at_the_end(trainee, org, start, mode):
    assert _held(start, trainee, mode=mode).explain_at_end
    assert not start(trainee, mode=mode, skill="bring_in").explain_at_end


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.SPEED])
def test_the_other_games_and_a_drill_sets_practice_keep_the_choice_too(trainee, org, mode):
    holdem = session_start(
        organisation=org, trainee=trainee.user, mode=mode, variant="NT", explain_at_end=True
    )
    assert holdem.explain_at_end
    warm_up = DrillSet.objects.create(organisation=org, title="Warm-up")
    add_item(warm_up, skill="stub", variant="F7S", count=2)
    drill_set = session_start(
        organisation=org, trainee=trainee.user, mode=mode, drill_set=warm_up, explain_at_end=True
    )
    assert drill_set.explain_at_end


def test_exams_hand_walks_and_reviews_refuse_explanations_at_the_end(trainee, org):
    exam = DrillSet.objects.create(organisation=org, title="Stud exam", is_exam=True)
    add_item(exam, skill="stub", variant="F7S", count=2)
    refused = [
        {"mode": Mode.WALK, "variant": "F7S"},
        {"mode": Mode.REVIEW},
        {"mode": Mode.EXAM, "drill_set": exam},
        # A drill set that is an exam is sat as one, whatever mode the request names.
        {"mode": Mode.PRACTICE, "drill_set": exam},
    ]
    for kwargs in refused:
        with pytest.raises(DrillError) as refusal:
            session_start(organisation=org, trainee=trainee.user, explain_at_end=True, **kwargs)
        assert refusal.value.code == "explain_at_end_practice_only", kwargs
    assert not DrillSession.objects.exists()


def test_a_retry_of_misses_explains_when_the_session_it_retries_did(trainee, org, start):
    for explain_at_end in (True, False):
        source = start(trainee, skill="bring_in", variant="F7S", count=2, explain_at_end=explain_at_end)
        _answer(current_question(session=source), correct=False)
        _answer(current_question(session=source), correct=True)
        source.refresh_from_db()
        retry = session_retry_misses(session=source)
        assert (retry.retry_of, retry.planned_count) == (source, 1)
        assert retry.explain_at_end is explain_at_end


def test_a_running_session_whose_explanations_come_at_the_end_is_not_retried(trainee, org, start):
    session = _held(start, trainee)
    _answer(current_question(session=session), correct=False)
    with pytest.raises(DrillError) as refusal:
        session_retry_misses(session=session)
    assert refusal.value.code == "explanations_held"
    assert not DrillSession.objects.filter(retry_of=session).exists()


# --- when the items show ----------------------------------------------------------------------------


def test_the_items_show_once_the_last_question_is_answered(trainee, org, start):
    session = _held(start, trainee, count=2)
    assert not items_visible(session)
    _answer(current_question(session=session))
    session.refresh_from_db()
    assert not items_visible(session)
    _answer(current_question(session=session))
    session.refresh_from_db()
    assert session.outcome == Outcome.FINISHED
    assert items_visible(session)
    # A session explained after each answer shows its items all along.
    assert items_visible(start(trainee, skill="bring_in"))


def test_ending_early_finishes_the_session_and_ending_it_again_changes_nothing(trainee, org, start):
    session = _held(start, trainee)
    _answer(current_question(session=session), correct=False)
    session_end(session=session)
    session.refresh_from_db()
    finished_at = session.finished_at
    assert (session.state, session.outcome) == (Outcome.FINISHED, Outcome.FINISHED)
    assert items_visible(session)
    assert current_question(session=session) is None  # nothing more is asked
    session_end(session=session)
    session.refresh_from_db()
    assert session.finished_at == finished_at


def test_only_a_session_whose_explanations_come_at_the_end_is_ended_early(trainee, org, start):
    session = start(trainee, skill="bring_in", count=3)
    with pytest.raises(DrillError) as refusal:
        session_end(session=session)
    assert refusal.value.code == "not_explained_at_end"
    session.refresh_from_db()
    assert session.finished_at is None


# --- the start form ---------------------------------------------------------------------------------


def test_the_start_form_offers_the_choice_and_starts_a_session_with_it(client, trainee, org):
    client.force_login(trainee.user)
    index = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert '<input type="radio" name="explanations" value="each" checked>' in index
    assert '<input type="radio" name="explanations" value="end">' in index
    assert "At the end of the session" in index
    start_url = reverse("drills:start", args=[org.slug])
    for choice, explain_at_end in (("end", True), ("each", False), ("", False)):
        response = client.post(start_url, {"mode": "speed", "skill": "stub", "explanations": choice}, **EN)
        assert response.status_code == 302
        assert DrillSession.objects.latest("pk").explain_at_end is explain_at_end


def test_a_hand_walk_asked_to_explain_at_the_end_is_refused_and_nothing_starts(client, trainee, org):
    client.force_login(trainee.user)
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "walk", "variant": "F7S", "explanations": "end"},
        **EN,
    )
    assert response.status_code == 422
    assert "for practice and speed sessions" in response.content.decode()
    assert not DrillSession.objects.exists()


# --- while it runs: nothing about an answer shows ----------------------------------------------------


@pytest.mark.parametrize("correct", [False, True])
def test_while_it_runs_the_answer_is_only_recorded(client, trainee, org, start, correct):
    session = _held(start, trainee)
    question = current_question(session=session)
    client.force_login(trainee.user)
    response = answer(client, org, question, correct=correct, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert Attempt.objects.get(question=question).correct is correct
    assert "Answer recorded." in html
    assert "Explanations come at the end of the session." in html
    assert f'hx-get="{urls(org, question)["play"]}"' in html  # "Next question" comes by htmx as before
    for mark in (*FEEDBACK_MARKS, "✓", "Right"):
        assert mark not in html, mark
    assert _explanation(question) not in html
    page = client.get(urls(org, question)["question"], **EN).content.decode()
    for mark in FEEDBACK_MARKS:
        assert mark not in page, mark
    assert _explanation(question) not in page
    assert "Answer recorded." in page
    assert f'action="{_end_url(org, session)}"' in page
    # The next question comes as before.
    following = client.get(urls(org, question)["play"], **EN, **HTMX, HTTP_HX_TARGET="main").content.decode()
    assert "Question 2 of 3" in following
    assert "data-answer-form" in following


def test_a_plain_answer_post_while_it_runs_leads_to_a_page_without_the_feedback(client, trainee, org, start):
    question = current_question(session=_held(start, trainee))
    client.force_login(trainee.user)
    response = answer(client, org, question, correct=False)
    assert response.status_code == 302
    page = client.get(response["Location"], **EN).content.decode()
    assert "Answer recorded." in page
    for mark in FEEDBACK_MARKS:
        assert mark not in page, mark


def test_an_other_games_answer_while_it_runs_is_only_recorded(client, trainee, org):
    session = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, variant="NT", count=2, explain_at_end=True
    )
    question = current_question(session=session)
    client.force_login(trainee.user)
    html = answer(client, org, question, correct=False, htmx=True).content.decode()
    assert "Answer recorded." in html
    for mark in FEEDBACK_MARKS:
        assert mark not in html, mark


def test_while_it_runs_the_result_page_shows_no_verdict_and_no_figures(client, trainee, org, start):
    session = _held(start, trainee, mode=Mode.SPEED)
    _answer(current_question(session=session), correct=False)
    _answer(current_question(session=session), correct=True)
    client.force_login(trainee.user)
    result = client.get(urls(org, current_question(session=session))["result"], **EN).content.decode()
    assert 'data-session-result="held"' in result
    assert "Explanations and results come at the end of the session." in result
    assert "2 of 3 answered" in result
    assert reverse("drills:play", args=[org.slug, session.pk]) in result  # Continue
    assert f'action="{_end_url(org, session)}"' in result
    for mark in ("data-accuracy", "data-grades", "data-retry-misses", "Question by question", "%", "✓", "✗"):
        assert mark not in result, mark
    index = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert "2 of 3 answered" in index
    assert "1 / 2 right" not in index


def test_a_crafted_retry_while_it_runs_is_refused(client, trainee, org, start):
    session = _held(start, trainee)
    _answer(current_question(session=session), correct=False)
    client.force_login(trainee.user)
    response = client.post(reverse("drills:retry_misses", args=[org.slug, session.pk]), **EN)
    assert response.status_code == 409
    assert not DrillSession.objects.filter(retry_of=session).exists()


# --- at the end: everything shows -------------------------------------------------------------------


def test_after_the_last_answer_the_question_pages_and_the_result_explain_each_answer(
    client, trainee, org, start
):
    session = _held(start, trainee, count=2)
    client.force_login(trainee.user)
    first = current_question(session=session)
    answer(client, org, first, correct=False, htmx=True)
    last = current_question(session=session)
    html = answer(client, org, last, correct=True, htmx=True).content.decode()
    # The last answer is recorded like the others; the way on is the result, which explains them.
    assert "Answer recorded." in html
    assert "the result explains each answer" in html
    assert urls(org, last)["result"] in html
    page = client.get(urls(org, first)["question"], **EN).content.decode()
    assert 'data-feedback="wrong"' in page
    assert "Correct answer" in page
    assert "tseat--marked" in page
    assert _explanation(first) in page
    assert 'data-feedback="right"' in client.get(urls(org, last)["question"], **EN).content.decode()
    result = client.get(urls(org, first)["result"], **EN).content.decode()
    assert "data-session-result>" in result
    assert "1 / 2 (50%)" in result
    assert "✗ Not right" in result
    assert "✓ Right" in result
    assert urls(org, first)["question"] in result


def test_ending_early_shows_the_explanations_of_what_was_answered(client, trainee, org, start):
    session = _held(start, trainee, count=5)
    client.force_login(trainee.user)
    first = current_question(session=session)
    answer(client, org, first, correct=False, htmx=True)
    waiting = current_question(session=session)
    response = client.post(_end_url(org, session), **EN)
    assert response.status_code == 302
    assert response["Location"] == urls(org, first)["result"]
    session.refresh_from_db()
    assert session.finished_at is not None
    result = client.get(response["Location"], **EN).content.decode()
    assert "0 / 1 (0%)" in result
    assert "✗ Not right" in result
    assert "not answered" in result
    assert "data-end-now" not in result
    page = client.get(urls(org, first)["question"], **EN).content.decode()
    assert 'data-feedback="wrong"' in page
    assert _explanation(first) in page
    # Nothing more is asked: the session's page leads to its result.
    assert client.get(urls(org, waiting)["play"], **EN)["Location"] == urls(org, first)["result"]
    # Ending it again is harmless; by htmx the way to the result is a client redirect.
    again = client.post(_end_url(org, session), **EN, **HTMX)
    assert again.status_code == 200
    assert again["HX-Redirect"] == urls(org, first)["result"]
    assert DrillSession.objects.get(pk=session.pk).finished_at == session.finished_at


def test_ending_early_is_only_posted_and_only_by_the_sessions_trainee(client, trainee, org, start):
    session = _held(start, trainee)
    url = _end_url(org, session)
    response = client.post(url)
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    other = MembershipFactory(organisation=org, role="trainee")
    client.force_login(other.user)
    assert client.post(url, **EN).status_code == 404
    elsewhere = OrganisationFactory(slug="elsewhere")
    MembershipFactory(organisation=elsewhere, user=trainee.user, role="trainee")
    client.force_login(trainee.user)
    assert client.post(reverse("drills:end", args=["elsewhere", session.pk]), **EN).status_code == 404
    assert client.get(url, **EN).status_code == 405
    session.refresh_from_db()
    assert session.finished_at is None


def test_a_session_explained_after_each_answer_is_not_ended_this_way(client, trainee, org, start):
    session = start(trainee, skill="bring_in", count=3)
    client.force_login(trainee.user)
    response = client.post(_end_url(org, session), **EN)
    assert response.status_code == 409
    session.refresh_from_db()
    assert session.finished_at is None
