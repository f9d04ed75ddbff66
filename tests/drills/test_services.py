"""The drill services: timing, speed grades, modes, drill sets, reviews and exams."""

from datetime import timedelta

import pytest
from django.test import TestCase
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Attempt, Certificate, Mode, ReviewCard, TrainingSettings
from dealer_training.drills.selectors import MISSED_LAPSES, review_summary
from dealer_training.drills.services import DrillError, attempt_submit, current_question, session_start
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item, make_scenario

from .conftest import EN
from .helpers import form_data


def _answer(question, *, correct=True, seconds=1.0):
    """Answer and commit: the review schedule catches up once the answer is committed."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return attempt_submit(
            question=question,
            given=_given(question, correct),
            now=question.issued_at + timedelta(seconds=seconds),
        )


def _given(question, correct):
    """The answer object itself (what the form parses into)."""
    from django.http import QueryDict

    from .helpers import parse_form

    data = QueryDict(mutable=True)
    for key, value in form_data(question, correct=correct).items():
        if isinstance(value, list):
            data.setlist(key, value)
        else:
            data[key] = value
    return parse_form(question, data)


def test_time_to_answer_is_measured_on_the_server_from_the_issue_of_the_question(trainee, org, issued):
    question = issued(trainee, skill="bring_in", variant="F7S")
    attempt = _answer(question, seconds=4.25).attempt
    assert attempt.time_ms == 4250
    assert attempt.correct


@pytest.mark.parametrize(
    ("seconds", "grade"), [(5.9, "fast"), (6.0, "fast"), (11.5, "normal"), (12.5, "slow")]
)
def test_answers_are_graded_fast_normal_or_slow_against_the_skills_default_target(
    trainee, org, issued, seconds, grade
):
    question = issued(trainee, skill="bring_in", variant="F7S", mode=Mode.SPEED)  # target 6 s
    assert _answer(question, seconds=seconds).attempt.speed == grade


def test_an_organisations_own_speed_target_grades_the_answers(trainee, org, issued):
    TrainingSettings.objects.create(organisation=org, speed_targets={"stub": 3})
    question = issued(trainee, skill="stub", variant="F7S", mode=Mode.SPEED)
    assert _answer(question, seconds=4).attempt.speed == "normal"


def test_the_speed_page_shows_the_clock_with_the_skills_target(client, trainee, org, start):
    session = start(trainee, mode=Mode.SPEED, skill="first_to_act", variant="FR")
    client.force_login(trainee.user)
    html = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
    assert 'data-clock data-target="6.0"' in html
    practice = start(trainee, skill="first_to_act", variant="FR")
    html = client.get(reverse("drills:play", args=[org.slug, practice.pk]), **EN).content.decode()
    assert "data-clock" not in html


def test_a_session_issues_its_planned_count_and_then_finishes(trainee, org, start):
    session = start(trainee, skill="side_pots", variant="F7S/8", count=2)
    for _ in range(2):
        question = current_question(session=session)
        assert question.skill == "side_pots"
        assert question.variant == "F7S/8"
        _answer(question)
    assert current_question(session=session) is None
    session.refresh_from_db()
    assert session.finished_at is not None


def test_a_mixed_session_draws_several_skills_and_keeps_razz_ordering_in_razz(trainee, org, start):
    session = start(trainee, count=30)
    seen = set()
    for _ in range(30):
        question = current_question(session=session)
        seen.add(question.skill)
        if question.skill == "razz_order":
            assert question.variant == "FR"
        _answer(question)
    assert len(seen) >= 6


def test_questions_use_the_organisations_house_rules_and_structure(trainee, org, issued):
    org.ruleset, org.ante, org.bring_in, org.small_bet, org.big_bet = "robert-cash", 200, 300, 1000, 2000
    org.save()
    question = issued(trainee, skill="betting", variant="F7S")
    assert question.document["_ruleset"] == "robert-cash"
    assert question.document["bring_in"] == 300
    assert question.ruleset == "robert-cash"


def test_a_drill_set_issues_its_published_items_in_order_and_never_a_draft(trainee, instructor, org, start):
    published = make_scenario(org, user=instructor.user, title="Kings")
    draft = make_scenario(org, user=instructor.user, title="Draft", status="draft")
    drill_set = DrillSet.objects.create(organisation=org, title="Mixed")
    add_item(drill_set, scenario=published)
    add_item(drill_set, scenario=draft)
    add_item(drill_set, skill="stub", variant="F7S", count=2)
    session = start(trainee, drill_set=drill_set)
    assert session.planned_count == 3
    first = current_question(session=session)
    assert first.scenario_version == published.current_version
    _answer(first)
    kinds = []
    for _ in range(2):
        question = current_question(session=session)
        kinds.append((question.kind, question.scenario_version_id))
        _answer(question)
    assert kinds == [("stub", None), ("stub", None)]


def test_a_drill_set_with_nothing_published_cannot_start(trainee, instructor, org):
    drill_set = DrillSet.objects.create(organisation=org, title="Empty")
    add_item(drill_set, scenario=make_scenario(org, user=instructor.user, status="draft"))
    with pytest.raises(DrillError, match="empty_drill_set"):
        session_start(organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, drill_set=drill_set)


def test_an_exam_blueprint_always_starts_an_exam(trainee, org, start):
    drill_set = DrillSet.objects.create(organisation=org, title="Certification", is_exam=True)
    add_item(drill_set, skill="bring_in", variant="FR", count=2)
    assert start(trainee, mode=Mode.PRACTICE, drill_set=drill_set).mode == Mode.EXAM


@pytest.mark.parametrize(("right", "passed"), [(4, True), (3, False)])
def test_a_finished_exam_is_scored_against_the_blueprint_and_a_pass_gets_a_certificate(
    client, trainee, org, start, right, passed
):
    drill_set = DrillSet.objects.create(organisation=org, title="Stud exam", is_exam=True, pass_accuracy=100)
    add_item(drill_set, skill="showdown", variant="F7S", count=4)
    session = start(trainee, drill_set=drill_set)
    for i in range(4):
        _answer(current_question(session=session), correct=i < right)
    session.refresh_from_db()
    assert session.finished_at is not None
    assert Certificate.objects.filter(session=session).exists() is passed
    client.force_login(trainee.user)
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert f'data-exam-result="{"pass" if passed else "fail"}"' in html
    if passed:
        code = Certificate.objects.get(session=session).code
        assert reverse("progress:certificate_verify", args=[code]) in html
        assert client.get(reverse("progress:certificate_verify", args=[code])).status_code == 200


def test_exam_answers_do_not_schedule_reviews_but_practice_answers_do(trainee, org, issued):
    exam = DrillSet.objects.create(organisation=org, title="Stub exam", is_exam=True)
    add_item(exam, skill="stub", variant="F7S", count=1)
    _answer(issued(trainee, mode=Mode.EXAM, drill_set=exam))
    assert not ReviewCard.objects.exists()
    _answer(issued(trainee, skill="stub", variant="F7S"))
    assert ReviewCard.objects.filter(trainee=trainee.user, skill="stub", variant="F7S").count() == 1


def test_a_miss_makes_the_skill_due_soon_and_a_fast_right_answer_pushes_it_out(trainee, org, issued):
    now = timezone.now()
    _answer(issued(trainee, skill="stub", variant="F7S"), correct=False)
    missed = ReviewCard.objects.get(skill="stub")
    assert missed.lapses == 1
    assert missed.due_at < now + timedelta(hours=1)
    _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True, seconds=1)
    easy = ReviewCard.objects.get(skill="bring_in")
    assert easy.lapses == 0
    assert easy.due_at > now + timedelta(days=1)


def test_an_authored_scenario_gets_a_review_card_of_its_own(trainee, instructor, org, start):
    scenario = make_scenario(org, user=instructor.user)
    drill_set = DrillSet.objects.create(organisation=org, title="Kings")
    add_item(drill_set, scenario=scenario)
    _answer(current_question(session=start(trainee, drill_set=drill_set)), correct=False)
    assert ReviewCard.objects.filter(trainee=trainee.user, scenario=scenario).count() == 1


def test_review_asks_the_most_overdue_card_first(trainee, org, start):
    _answer(current_question(session=start(trainee, skill="rulings", variant="FR")), correct=False)
    ReviewCard.objects.filter(skill="rulings").update(due_at=timezone.now() - timedelta(days=3))
    _answer(current_question(session=start(trainee, skill="stub", variant="F7S")), correct=False)
    question = current_question(session=start(trainee, mode=Mode.REVIEW))
    assert (question.skill, question.variant) == ("rulings", "FR")


def test_skills_missed_again_and_again_are_flagged_on_the_home_page(client, trainee, org, issued):
    for _ in range(MISSED_LAPSES):
        _answer(issued(trainee, skill="side_pots", variant="F7S"), correct=False)
    ReviewCard.objects.update(due_at=timezone.now() - timedelta(minutes=1))
    summary = review_summary(organisation=org, trainee=trainee.user)
    assert [card.skill for card in summary.missed] == ["side_pots"]
    assert summary.due == 1
    client.force_login(trainee.user)
    html = client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()
    assert "Skills you keep missing" in html
    assert "1 review due now" in html
    html = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert "Skills you keep missing" in html
    assert "Review now" in html


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_the_same_seed_gives_the_same_hand_walk(trainee, org, variant):
    a = session_start(organisation=org, trainee=trainee.user, mode=Mode.WALK, variant=variant, seed="fixed")
    b = session_start(organisation=org, trainee=trainee.user, mode=Mode.WALK, variant=variant, seed="fixed")
    assert a.planned_count == b.planned_count
    qa, qb = current_question(session=a), current_question(session=b)
    assert qa.document == qb.document
    assert qa.walk_stage == qb.walk_stage == "antes"


def test_an_attempt_stores_the_ruleset_mode_and_scenario_version(trainee, instructor, org, start):
    scenario = make_scenario(org, user=instructor.user)
    drill_set = DrillSet.objects.create(organisation=org, title="Kings")
    add_item(drill_set, scenario=scenario)
    _answer(current_question(session=start(trainee, mode=Mode.SPEED, drill_set=drill_set)))
    attempt = Attempt.objects.get()
    assert (attempt.mode, attempt.ruleset, attempt.scenario_version) == (
        Mode.SPEED,
        "tda-2024",
        scenario.current_version,
    )


def test_a_bring_in_where_nobody_can_act_is_answered_with_nobody_and_judged_right():
    # TDA 2024 RP-10 E heads-up: the low card is all-in on the ante and the other player owes
    # nothing, so no one acts; the form offers "nobody" for who acts first.
    from django.http import QueryDict

    from dealer_training.drills.answer_form import parse
    from games.judge import judge
    from games.solve import solve

    document = {
        "variant": "F7S",
        "antes": [100, 100],
        "bring_in": 200,
        "small_bet": 500,
        "big_bet": 1000,
        "starting_stacks": [10000, 100],
        "actions": ["d dh p1 AsKs9h", "d dh p2 QdQc2c"],
        "_question": {"kind": "bring_in"},
    }
    data = QueryDict(mutable=True)
    data.update({"seat": "2", "amount": "0", "first_to_act": "none"})
    fields = ("seat", "amount", "first_to_act")
    given = parse("F7S", "bring_in", fields, data, seats=[1, 2], ranked=[1, 2])
    assert given == {"seat": 2, "amount": 0, "first_to_act": None}
    assert judge(solve(document), given, fields=fields)["correct"]
    data["first_to_act"] = "1"
    wrong = parse("F7S", "bring_in", fields, data, seats=[1, 2], ranked=[1, 2])
    assert not judge(solve(document), wrong, fields=fields)["correct"]
