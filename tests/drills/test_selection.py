"""Which items a session asks: an exam's items held back from practice, no repeats within a
session, the trainee's unseen scenarios first, fresh deals for every sitting of a blueprint."""

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Attempt, Mode, ReviewCard
from dealer_training.drills.selection import next_pool_scenario
from dealer_training.drills.selectors import drill_set_plan, due_review_cards, review_summary
from dealer_training.drills.services import current_question, session_start
from dealer_training.progress.selectors import reviews_due_count
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item, make_scenario

from .conftest import EN
from .test_services import _answer

# The authored scenarios below are razz bring-ins: their skill and game.
SKILL, GAME = "bring_in", "FR"


def _scenarios(org, user, count, prefix="Kings"):
    return [make_scenario(org, user=user, title=f"{prefix} {i}") for i in range(count)]


def _exam(org, *scenarios, practised=False):
    exam = DrillSet.objects.create(
        organisation=org, title="Certification", is_exam=True, exam_items_in_practice=practised
    )
    for scenario in scenarios:
        add_item(exam, scenario=scenario)
    return exam


def _play(session, count=None):
    """Answer the session's questions in turn; the scenario of each (None for a generated one)."""
    asked = []
    while count is None or len(asked) < count:
        question = current_question(session=session)
        if question is None:
            break
        version = question.scenario_version
        asked.append(version.scenario_id if version is not None else None)
        _answer(question)
    return asked


def _authored(asked):
    return [pk for pk in asked if pk is not None]


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.SPEED, Mode.REVIEW])
def test_an_exams_authored_items_are_never_drawn_in_practice_speed_or_review(
    trainee, instructor, org, start, mode
):
    held, free = _scenarios(org, instructor.user, 2)
    _exam(org, held)
    asked = _play(start(trainee, mode=mode, skill=SKILL, variant=GAME, count=30, seed="held"))
    assert free.pk in asked
    assert held.pk not in asked


def test_an_owner_may_let_an_exams_items_be_practised(trainee, instructor, org, start):
    practised, other = _scenarios(org, instructor.user, 2)
    _exam(org, practised, practised=True)
    asked = _play(start(trainee, skill=SKILL, variant=GAME, count=30, seed="held"))
    assert {practised.pk, other.pk} <= set(asked)


def test_an_exams_items_leave_the_review_queue(trainee, instructor, org, start):
    scenario = make_scenario(org, user=instructor.user)
    practice = DrillSet.objects.create(organisation=org, title="Kings")
    add_item(practice, scenario=scenario)
    _answer(current_question(session=start(trainee, drill_set=practice)), correct=False)
    ReviewCard.objects.filter(scenario=scenario).update(due_at=timezone.now() - timedelta(days=3))
    ReviewCard.objects.filter(scenario=None).update(due_at=timezone.now() - timedelta(days=1))
    assert review_summary(organisation=org, trainee=trainee.user).due == 2
    exam = _exam(org, scenario)
    assert review_summary(organisation=org, trainee=trainee.user).due == 1
    assert reviews_due_count(organisation=org, trainee_id=trainee.user.pk) == 1  # what staff see
    cards = due_review_cards(organisation=org, trainee=trainee.user)
    assert [card.scenario_id for card in cards] == [None]
    question = current_question(session=start(trainee, mode=Mode.REVIEW))
    assert question.scenario_version_id is None
    # The practice set now skips it as it skips a draft; the owner's opt-in brings it back.
    assert drill_set_plan(drill_set=practice) == []
    DrillSet.objects.filter(pk=exam.pk).update(exam_items_in_practice=True)
    assert review_summary(organisation=org, trainee=trainee.user).due == 2
    assert [entry.scenario for entry in drill_set_plan(drill_set=practice)] == [scenario]


def test_a_practice_drill_set_skips_an_exams_items_and_its_page_says_so(login_as, trainee, instructor, org):
    scenario = make_scenario(org, user=instructor.user)
    exam = _exam(org, scenario)
    practice = DrillSet.objects.create(organisation=org, title="Kings")
    add_item(practice, scenario=scenario)
    add_item(practice, skill="stub", variant="F7S")
    client = login_as(instructor)
    page = reverse("scenarios:drill_set", args=[org.slug, practice.pk])
    assert "Held for an exam" in client.get(page, **EN).content.decode()
    exam_page = reverse("scenarios:drill_set", args=[org.slug, exam.pk])
    assert "Held for an exam" not in client.get(exam_page, **EN).content.decode()
    session = session_start(organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, drill_set=practice)
    assert session.planned_count == 1
    assert _play(session) == [None]


def test_no_scenario_repeats_in_a_session_while_unasked_ones_remain(trainee, instructor, org, start):
    pool = {scenario.pk for scenario in _scenarios(org, instructor.user, 3)}
    authored = _authored(_play(start(trainee, skill=SKILL, variant=GAME, count=30, seed="repeat")))
    assert len(authored) == len(set(authored)) == 3
    assert set(authored) == pool


def test_a_drill_set_naming_a_scenario_twice_asks_the_others_before_repeating_it(
    trainee, instructor, org, start
):
    kings, queens = (
        make_scenario(org, user=instructor.user, title="Kings"),
        make_scenario(org, user=instructor.user, title="Queens"),
    )
    drill_set = DrillSet.objects.create(organisation=org, title="Twice")
    for scenario in (kings, kings, queens):
        add_item(drill_set, scenario=scenario)
    assert _play(start(trainee, drill_set=drill_set)) == [kings.pk, queens.pk, kings.pk]


def test_practice_asks_the_trainees_unseen_scenarios_first_then_the_longest_unseen(
    trainee, instructor, org, start
):
    older, newer, unseen = _scenarios(org, instructor.user, 3)
    for scenario, days in ((older, 5), (newer, 1)):
        drill_set = DrillSet.objects.create(organisation=org, title=scenario.title)
        add_item(drill_set, scenario=scenario)
        _answer(current_question(session=start(trainee, drill_set=drill_set)))
        Attempt.objects.filter(scenario_version__scenario=scenario).update(
            created_at=timezone.now() - timedelta(days=days)
        )
    asked = _authored(_play(start(trainee, skill=SKILL, variant=GAME, count=30, seed="unseen")))
    assert asked == [unseen.pk, older.pk, newer.pk]


def test_choosing_from_the_pool_takes_one_query_whatever_its_size_or_the_history(
    trainee, instructor, org, start, django_assert_num_queries
):
    pool = _scenarios(org, instructor.user, 6)
    session = start(trainee, skill=SKILL, variant=GAME, count=30, seed="queries")
    _play(session, count=6)
    with django_assert_num_queries(1):  # some scenarios the trainee has never answered
        assert next_pool_scenario(session=session, rng=random.Random(1), skill=SKILL, variant=GAME)
    everything = DrillSet.objects.create(organisation=org, title="Everything")
    for scenario in pool:
        add_item(everything, scenario=scenario)
    _play(start(trainee, drill_set=everything))
    later = start(trainee, skill=SKILL, variant=GAME, count=30, seed="later")
    with django_assert_num_queries(1):  # all answered before: the longest unseen
        assert next_pool_scenario(session=later, rng=random.Random(1), skill=SKILL, variant=GAME)


def test_an_exam_never_asks_an_item_the_trainee_just_practised(trainee, instructor, org, start):
    scenarios = _scenarios(org, instructor.user, 10)
    exam = _exam(org, *scenarios[:4])
    add_item(exam, skill="stub", variant="F7S", count=6)
    practised = set(_play(start(trainee, skill=SKILL, variant=GAME, count=30, seed="practice")))
    sitting = start(trainee, drill_set=exam, seed="sitting")
    assert (sitting.mode, sitting.planned_count) == (Mode.EXAM, 10)
    examined = set(_authored(_play(sitting)))
    assert examined == {scenario.pk for scenario in scenarios[:4]}
    assert not examined & practised
    assert len(practised - {None}) == 6  # practice asked every scenario the exam does not hold


def test_every_sitting_of_a_blueprint_exam_deals_fresh_generated_items(trainee, org, start):
    blueprint = DrillSet.objects.create(organisation=org, title="Blueprint", is_exam=True)
    add_item(blueprint, skill="showdown", variant="F7S", count=3)
    add_item(blueprint, skill="bring_in", variant="FR", count=3)

    def sit():
        session = start(trainee, drill_set=blueprint)
        documents = []
        while (question := current_question(session=session)) is not None:
            documents.append(question.document)
            _answer(question)
        return documents

    first, second = sit(), sit()
    assert len(first) == len(second) == 6
    assert not [document for document in second if document in first]


def test_only_an_owner_lets_an_exams_items_be_practised(login_as, owner, instructor, org):
    exam = _exam(org)
    url = reverse("scenarios:drill_set", args=[org.slug, exam.pk])
    values = {"title": "Certification", "is_exam": "on", "exam_items_in_practice": "on"}
    instructor_client = login_as(instructor)
    assert 'name="exam_items_in_practice"' not in instructor_client.get(url, **EN).content.decode()
    instructor_client.post(url, values)
    exam.refresh_from_db()
    assert exam.exam_items_in_practice is False
    owner_client = login_as(owner)
    html = owner_client.get(url, **EN).content.decode()
    assert 'name="exam_items_in_practice"' in html
    assert "Exam items may be practised" in html
    japanese = owner_client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "試験の問題を練習でも出題する" in japanese
    assert owner_client.post(url, values).status_code == 302
    exam.refresh_from_db()
    assert exam.exam_items_in_practice is True
    owner_client.post(url, {"title": "Certification", "is_exam": "on"})
    exam.refresh_from_db()
    assert exam.exam_items_in_practice is False


def test_a_room_without_a_pool_skips_its_query_until_a_scenario_is_published(
    trainee, instructor, org, start, django_assert_num_queries
):
    session = start(trainee, skill=SKILL, variant=GAME, count=30, seed="queries")
    with django_assert_num_queries(1):  # learns that the room has none
        assert next_pool_scenario(session=session, rng=random.Random(1), skill=SKILL, variant=GAME) is None
    with django_assert_num_queries(0):
        assert next_pool_scenario(session=session, rng=random.Random(1), skill=SKILL, variant=GAME) is None
    [scenario] = _scenarios(org, instructor.user, 1)  # saved: the room's cached answer goes
    with django_assert_num_queries(1):
        assert (
            next_pool_scenario(session=session, rng=random.Random(1), skill=SKILL, variant=GAME) == scenario
        )
    scenario.delete()
    assert next_pool_scenario(session=session, rng=random.Random(1), skill=SKILL, variant=GAME) is None
