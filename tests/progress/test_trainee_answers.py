"""The trainee page lists each answer readably: the question drawn small, the answer given and the
correct one in words, and a link to the question in full for the staff."""

import re

import pytest
from django.urls import reverse

from dealer_training.accounts.models import Role
from dealer_training.drills.models import Attempt, DrillSession, Mode
from dealer_training.drills.services import attempt_submit, current_question, session_start
from games.solve import solve
from tests.factories import MembershipFactory
from tests.scenarios.factories import make_scenario, record_attempt

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def detail_url(membership):
    return reverse(
        "progress:trainee_detail",
        kwargs={"org_slug": membership.organisation.slug, "trainee_id": membership.user_id},
    )


def attempt_url(membership, attempt):
    return reverse(
        "progress:trainee_attempt",
        kwargs={
            "org_slug": membership.organisation.slug,
            "trainee_id": membership.user_id,
            "attempt_id": attempt.pk,
        },
    )


def wrong_bring_in(membership):
    """A generated bring-in question answered with the wrong seat."""
    session = session_start(
        organisation=membership.organisation,
        trainee=membership.user,
        mode=Mode.PRACTICE,
        skill="bring_in",
        variant="F7S",
        count=1,
        seed="records-1",
    )
    question = current_question(session=session)
    right = question.expected["answer"]
    other = 1 if right["seat"] != 1 else 2
    attempt_submit(question=question, given={**right, "seat": other})
    return Attempt.objects.get(question=question), right, other


@pytest.fixture
def answered(trainee):
    return wrong_bring_in(trainee)


def test_each_answer_shows_the_table_small_and_both_answers_in_words(login_as, instructor, trainee, answered):
    attempt, right, other = answered
    body = login_as(instructor).get(detail_url(trainee), **EN).content.decode()
    row = body.split(f'data-attempt="{attempt.pk}"', 1)[1].split("answer-row__links", 1)[0]
    assert 'class="mini-table"' in row
    assert row.count('class="scard scard--') >= 2  # the seats' upcards
    assert "Answer given" in row
    assert "Correct answer" in row
    assert f"Brings in: Seat {other}" not in row  # as labelled facts, not one JSON-ish line
    assert re.search(rf"Brings in</dt><dd>Seat {other}<", row.replace("✗ ", ""))
    assert re.search(rf"<dd>Seat {right['seat']}</dd>", row)
    # The stored verdict marks the field that was wrong.
    assert 'class="facts__wrong"' in row
    assert "{" not in row.split('class="answer-row__answers"', 1)[1]
    assert f'href="{attempt_url(trainee, attempt)}"' in body


def test_the_answers_read_in_japanese(login_as, instructor, trainee, answered):
    attempt, right, _other = answered
    body = login_as(instructor).get(detail_url(trainee), **JA).content.decode()
    row = body.split(f'data-attempt="{attempt.pk}"', 1)[1].split("answer-row__links", 1)[0]
    assert "正しい答え" in row
    assert f"<dd>{right['seat']}番席</dd>" in row
    assert 'class="mini-table"' in row


def test_an_authored_answer_links_to_its_scenario(login_as, instructor, org, trainee):
    scenario = make_scenario(org, title="Razz: two kings")
    version = scenario.current_version
    attempt = record_attempt(organisation=org, user=trainee.user, version=version, correct=False)
    Attempt.objects.filter(pk=attempt.pk).update(answer={"seat": 2, "amount": 200, "first_to_act": 2})
    attempt.question.expected = solve(version.document)
    attempt.question.save(update_fields=["expected"])
    body = login_as(instructor).get(detail_url(trainee), **EN).content.decode()
    assert reverse("scenarios:edit", args=[org.slug, scenario.pk]) in body
    assert "Scenario: Razz: two kings (version 1)" in body
    page = login_as(instructor).get(attempt_url(trainee, attempt), **EN)
    assert page.status_code == 200
    assert "Seat 3" in page.content.decode()


def test_the_question_page_shows_the_table_and_the_correct_answer_to_the_staff(
    login_as, owner, trainee, answered
):
    attempt, right, other = answered
    response = login_as(owner).get(attempt_url(trainee, attempt), **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert "data-table" in body
    assert "Correct answer" in body
    assert f"<dd>Seat {right['seat']}</dd>" in body
    assert f"Seat {other}" in body
    assert "tseat--marked" in body  # the seat the correct answer names


def test_the_question_page_answers_404_for_another_trainees_answer(
    login_as, instructor, trainee, second_trainee, answered
):
    attempt, _, _ = answered
    response = login_as(instructor).get(attempt_url(second_trainee, attempt))
    assert response.status_code == 404


def test_the_question_page_answers_404_for_another_organisations_trainee(
    login_as, other_owner, trainee, answered
):
    attempt, _, _ = answered
    response = login_as(other_owner).get(
        reverse(
            "progress:trainee_attempt",
            kwargs={
                "org_slug": other_owner.organisation.slug,
                "trainee_id": trainee.user_id,
                "attempt_id": attempt.pk,
            },
        )
    )
    assert response.status_code == 404


def test_the_question_page_is_for_staff_only(login_as, client, trainee, answered):
    attempt, _, _ = answered
    assert login_as(trainee).get(attempt_url(trainee, attempt)).status_code == 403
    client.logout()
    assert client.get(attempt_url(trainee, attempt)).status_code == 302


def test_an_instructor_cannot_open_a_fellow_instructors_answer(login_as, instructor, org):
    fellow = MembershipFactory(organisation=org, role=Role.INSTRUCTOR)
    attempt, _, _ = wrong_bring_in(fellow)
    assert login_as(instructor).get(attempt_url(fellow, attempt)).status_code == 403


def test_a_running_exams_answer_stays_hidden(login_as, owner, trainee):
    attempt, _, _ = wrong_bring_in(trainee)
    DrillSession.objects.filter(pk=attempt.session_id).update(mode=Mode.EXAM, finished_at=None)
    Attempt.objects.filter(pk=attempt.pk).update(mode=Mode.EXAM)
    assert login_as(owner).get(attempt_url(trainee, attempt)).status_code == 404


def test_a_post_to_the_question_page_is_405(login_as, owner, trainee, answered):
    attempt, _, _ = answered
    assert login_as(owner).post(attempt_url(trainee, attempt)).status_code == 405


def test_an_unreadable_stored_answer_still_renders(login_as, owner, trainee, answered):
    attempt, _, _ = answered
    Attempt.objects.filter(pk=attempt.pk).update(answer=["not", "an", "answer"])
    assert login_as(owner).get(detail_url(trainee), **EN).status_code == 200
    assert login_as(owner).get(attempt_url(trainee, attempt), **EN).status_code == 200
