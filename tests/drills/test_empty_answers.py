"""A blank answer form is asked again (422) and stores nothing: the question stays open."""

import pytest
from django.urls import reverse

from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.services import current_question, session_start

from .conftest import EN, HTMX

pytestmark = pytest.mark.django_db


def _award_question(org, trainee):
    for n in range(30):
        session = session_start(
            organisation=org,
            trainee=trainee.user,
            mode="practice",
            skill="showdown",
            variant="F7S",
            seed=f"s{n}",
        )
        question = current_question(session=session)
        if question is not None and question.kind == "award":
            return question
    raise AssertionError("no award question in 30 seeds")


def _other_question(client, org, game, kind):
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "variant": game, "topic": kind, "count": 2},
    )
    assert response.status_code == 302
    session = DrillSession.objects.filter(variant=game).latest("pk")
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    return Question.objects.get(session=session, attempt__isnull=True)


def _assert_asked_again(client, org, question, data, message, *, htmx):
    extra = {**EN, **(HTMX if htmx else {})}
    response = client.post(reverse("drills:answer", args=[org.slug, question.pk]), data, **extra)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Attempt.objects.filter(question=question).exists()
    assert current_question(session=question.session) == question


@pytest.mark.parametrize("htmx", [False, True])
def test_an_empty_award_form_is_asked_again_and_keeps_the_question_open(client, org, trainee, htmx):
    question = _award_question(org, trainee)
    client.force_login(trainee.user)
    blank = {f"awards_{seat}": "" for seat in range(1, 9)}
    _assert_asked_again(
        client, org, question, blank, "Enter the chips at least one player receives.", htmx=htmx
    )


def test_an_award_of_zeros_everywhere_is_a_blank_form_too(client, org, trainee):
    question = _award_question(org, trainee)
    client.force_login(trainee.user)
    zeros = {f"awards_{seat}": "0" for seat in range(1, 9)}
    _assert_asked_again(
        client, org, question, zeros, "Enter the chips at least one player receives.", htmx=True
    )


def test_an_empty_hold_em_award_form_is_asked_again(client, org, trainee):
    client.force_login(trainee.user)
    question = _other_question(client, org, "NT", "award")
    _assert_asked_again(client, org, question, {}, "Enter the chips at least one player receives.", htmx=True)


def test_an_empty_split_form_is_asked_again_naming_both_parts(client, org, trainee):
    client.force_login(trainee.user)
    question = _other_question(client, org, "T10S", "split")
    _assert_asked_again(client, org, question, {}, "Choose at least one seat.", htmx=True)
    _assert_asked_again(
        client, org, question, {}, "Enter the chips at least one player receives.", htmx=False
    )


def test_an_empty_pots_form_is_asked_again(client, org, trainee):
    client.force_login(trainee.user)
    question = _other_question(client, org, "NT", "pots")
    _assert_asked_again(client, org, question, {}, "Enter at least the main pot.", htmx=True)
