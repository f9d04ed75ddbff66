import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.present import walk_action_text
from dealer_training.scenarios.choices import Skill
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item

from .helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.mark.parametrize("correct", [True, False])
@pytest.mark.parametrize("skill", Skill.values)
def test_every_skill_can_be_answered_right_and_wrong_through_its_form(client, trainee, org, skill, correct):
    client.force_login(trainee.user)
    variant = "FR" if skill == "razz_order" else ""
    r = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "skill": skill, "variant": variant, "count": 4},
    )
    assert r.status_code == 302, r.content
    session = DrillSession.objects.get()
    for _ in range(4):
        page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN)
        assert page.status_code == 200
        q = Question.objects.filter(session=session, attempt__isnull=True).get()
        r = client.post(reverse("drills:answer", args=[org.slug, q.pk]), form_data(q, correct=correct), **EN)
        assert r.status_code == 302, (q.kind, q.fields, form_data(q), r.content.decode()[-3000:])
        attempt = Attempt.objects.get(question=q)
        if correct:
            assert attempt.correct, (q.kind, q.fields, attempt.answer, q.expected["answer"])
        detail = client.get(r["Location"], **EN)
        assert b"Correct answer" in detail.content
    assert client.get(reverse("drills:play", args=[org.slug, session.pk])).status_code == 302


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_a_hand_walk_runs_from_the_antes_to_the_awards(client, trainee, org, variant):
    client.force_login(trainee.user)
    client.post(reverse("drills:start", args=[org.slug]), {"mode": "walk", "variant": variant})
    session = DrillSession.objects.get()
    stages = []
    actions = 0
    while True:
        page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN)
        if page.status_code == 302:
            break
        q = Question.objects.filter(session=session, attempt__isnull=True).get()
        stages.append(q.walk_stage)
        r = client.post(reverse("drills:answer", args=[org.slug, q.pk]), form_data(q), **EN)
        assert r.status_code == 302, (q.kind, q.fields, r.content.decode()[-2000:])
        assert Attempt.objects.get(question=q).correct, (q.walk_stage, q.fields, q.expected["answer"])
        if q.walk_action:  # the computer player's action, described from the engine's record of it
            with translation.override("en"):
                then = walk_action_text(q)
            assert re.fullmatch(
                r"Seat \d+ (folds|checks|calls|posts the bring-in|completes to|bets|raises to).*\.", then
            )
            assert escape(then) in client.get(r["Location"], **EN).content.decode()
            actions += 1
    assert actions >= 2
    assert len(stages) == session.planned_count
    # The level's dealer errors may stop the hand anywhere; the decisions keep their order.
    decisions = [stage for stage in stages if stage != "dealer_error"]
    assert decisions[0] == "antes"
    assert decisions[1] == "bring_in"
    assert decisions[-1] == "award"


def test_an_exam_gives_no_feedback_and_ends_on_a_result_page(client, trainee, org):
    exam = DrillSet.objects.create(organisation=org, title="Three items", is_exam=True)
    add_item(exam, skill="stub", variant="F7S", count=3)
    client.force_login(trainee.user)
    client.post(reverse("drills:start", args=[org.slug]), {"mode": "exam", "drill_set": exam.pk})
    session = DrillSession.objects.get()
    for _ in range(3):
        client.get(reverse("drills:play", args=[org.slug, session.pk]))
        q = Question.objects.filter(session=session, attempt__isnull=True).get()
        r = client.post(
            reverse("drills:answer", args=[org.slug, q.pk]), form_data(q), HTTP_HX_REQUEST="true", **EN
        )
        assert b"Answer recorded" in r.content
        assert b"Correct answer" not in r.content
    result = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN)
    assert b"Passed" in result.content
    assert session.certificate.code
