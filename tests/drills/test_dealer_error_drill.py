"""A trainee practises the dealer errors (skill ``dealer_errors``, question kind ``dealer_error``)."""

import re

import pytest
from django.urls import reverse

from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.topics import TOPICS, answer_fields, skill_of_walk_stage
from dealer_training.scenarios.choices import Skill
from dealer_training.scenarios.engine import suggested_skill
from dealer_training.scenarios.labels import EVENT_TYPES

from .conftest import EN, urls
from .helpers import form_data

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def test_the_dealer_errors_skill_drills_the_dealer_error_kind_and_counts_walk_errors():
    assert [t.kind for t in TOPICS[Skill.DEALER_ERRORS]] == ["dealer_error"]
    assert answer_fields("F7S", "dealer_error") == ("error", "remedy")
    assert suggested_skill("dealer_error", "FR") == Skill.DEALER_ERRORS
    assert skill_of_walk_stage("dealer_error") == Skill.DEALER_ERRORS


@pytest.mark.parametrize("variant", ["F7S", "FR"])
def test_a_trainee_practises_dealer_errors_and_is_judged_on_the_error_and_the_remedy(
    client, trainee, org, variant
):
    client.force_login(trainee.user)
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "skill": "dealer_errors", "variant": variant, "count": 2},
    )
    assert response.status_code == 302, response.content
    session = DrillSession.objects.get()
    assert session.skill == "dealer_errors"
    for correct in (True, False):
        page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
        question = Question.objects.get(session=session, attempt__isnull=True)
        assert question.kind == "dealer_error"
        assert 'name="error"' in page
        assert 'name="remedy"' in page
        # The choices are in words, and the error asked about is not named before the answer:
        # the table tells its facts.
        assert "Put the cards in their proper seats and deal on in order" in page
        told = re.search(r'<p class="stud__event">(.*?)</p>', page, re.S)
        assert told is not None
        assert "The hand is stopped" in told.group(1)
        assert str(EVENT_TYPES[question.expected["answer"]["error"]]) not in told.group(1)
        answered = client.post(urls(org, question)["answer"], form_data(question, correct=correct), **EN)
        assert answered.status_code == 302
        attempt = Attempt.objects.get(question=question)
        assert attempt.correct is correct
        assert attempt.skill == "dealer_errors"


def test_the_dealer_error_choices_are_in_japanese(client, trainee, org):
    client.force_login(trainee.user)
    client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "skill": "dealer_errors", "variant": "F7S", "count": 1},
    )
    session = DrillSession.objects.get()
    page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **JA).content.decode()
    assert "カードを本来の席に置き直し、順番どおり配り続ける" in page
    assert "ディーラーがカードを違う席に配った" in page
    assert "何が起きたか" in page
