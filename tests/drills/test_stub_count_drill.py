"""A trainee practises the stub count (question kind ``stub_count``) and answers it through its form."""

import pytest
from django.urls import reverse
from django.utils import translation

from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.topics import TOPICS, answer_fields
from dealer_training.scenarios.choices import Skill
from dealer_training.scenarios.engine import message_for, suggested_skill
from games.api import EngineError

from .conftest import EN, urls
from .helpers import form_data

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def test_the_stub_count_skill_drills_the_stub_count_kind_in_every_stud_game():
    assert [t.kind for t in TOPICS[Skill.STUB_COUNT]] == ["stub_count"]
    assert answer_fields("F7S", "stub_count") == ("stub", "needed")
    assert suggested_skill("stub_count", "FR") == Skill.STUB_COUNT
    with pytest.raises(EngineError, match="unknown question kind"):
        answer_fields("F7S", "no_such_kind")


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_a_trainee_practises_the_stub_count_and_is_judged_on_both_numbers(client, trainee, org, variant):
    client.force_login(trainee.user)
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "skill": "stub_count", "variant": variant, "count": 3},
    )
    assert response.status_code == 302, response.content
    session = DrillSession.objects.get()
    for correct in (True, False, True):
        page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
        question = Question.objects.get(session=session, attempt__isnull=True)
        assert question.kind == "stub_count"
        assert 'name="stub"' in page
        assert 'name="needed"' in page
        # The stub itself is the answer: the table does not draw it.
        assert 'class="stud__stub"' not in page
        answered = client.post(urls(org, question)["answer"], form_data(question, correct=correct), **EN)
        assert answered.status_code == 302
        attempt = Attempt.objects.get(question=question)
        assert attempt.correct is correct
        assert attempt.answer == {
            # A wrong answer from the form helper is off by 100 in the first field it asks.
            "stub": question.expected["answer"]["stub"] + (0 if correct else 100),
            "needed": question.expected["answer"]["needed"],
        }
        feedback = client.get(answered["Location"], **EN).content.decode()
        assert "Cards the next street needs" in feedback


def test_the_stub_count_form_in_japanese_and_a_missing_number_asked_again(client, trainee, org, issued):
    question = issued(trainee, skill="stub_count", variant="F7S")
    client.force_login(trainee.user)
    page = client.get(urls(org, question)["play"], **JA).content.decode()
    assert "スタブの残り枚数" in page
    assert "次のストリートに必要な枚数" in page
    response = client.post(urls(org, question)["answer"], {"stub": "12"}, **EN)
    assert response.status_code == 422
    assert not Attempt.objects.exists()


def test_the_editor_says_when_a_stub_count_cannot_be_asked():
    error = EngineError("question_not_applicable", "x", params={"kind": "stub_count"})
    with translation.override("en"):
        assert "3rd to 6th street" in message_for(error)
    with translation.override("ja"):
        assert "3rdから6thストリート" in message_for(error)
