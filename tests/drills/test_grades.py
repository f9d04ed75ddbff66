"""Dealer grades (S to D), speed marks only in timed modes, "retry my misses" and "review weak skills"."""

from datetime import date, timedelta

import pytest
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from dealer_training.drills.grades import Answer, GradeBars, grade, grade_history, grade_report
from dealer_training.drills.labels import seconds_text
from dealer_training.drills.models import DrillSession, Mode, TrainingSettings
from dealer_training.drills.selectors import grade_answers, missed_questions
from dealer_training.drills.services import (
    DrillError,
    attempt_submit,
    current_question,
    question_hint_show,
    session_retry_misses,
    session_start,
    weak_skill_start,
)
from dealer_training.scenarios.models import DrillSet
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import add_item, make_scenario

from .conftest import EN, HTMX
from .helpers import form_data, parse_form

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def _answers(*, right, total, difficulty=2, speeds=()):
    """``total`` answers of one skill, the first ``right`` of them right; ``speeds`` marks the first
    ones fast / normal / slow (the rest untimed)."""
    marks = list(speeds) + [""] * (total - len(speeds))
    return [
        Answer(skill="bring_in", correct=i < right, time_ms=4000, difficulty=difficulty, speed=marks[i])
        for i in range(total)
    ]


# --- the formula ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("right", "total", "difficulty", "speeds", "letter"),
    [
        # 100 × 1.0 × 0.95 × 1.00 = 95.0: the easiest items, all right and fast, just make S.
        (20, 20, 1, ["fast"] * 20, "S"),
        # One normal answer of twenty: speed factor 0.995, 94.5.
        (20, 20, 1, ["fast"] * 19 + ["normal"], "A"),
        (17, 20, 2, ["fast"] * 20, "A"),  # 85.0
        (17, 20, 2, ["fast"] * 19 + ["normal"], "B"),  # 84.6
        (14, 20, 2, ["fast"] * 20, "B"),  # 70.0
        (14, 20, 2, ["fast"] * 19 + ["normal"], "C"),  # 69.7
        (10, 20, 2, ["fast"] * 20, "C"),  # 50.0
        (10, 20, 2, ["fast"] * 19 + ["normal"], "D"),  # 49.8
    ],
)
def test_each_grade_starts_at_its_bound(right, total, difficulty, speeds, letter):
    assert grade(
        _answers(right=right, total=total, difficulty=difficulty, speeds=speeds), needed=10
    ).letter == (letter)


def test_the_score_is_accuracy_times_difficulty_weight_times_speed_factor():
    graded = grade(_answers(right=9, total=10, difficulty=4, speeds=["fast"] * 5 + ["slow"] * 5), needed=10)
    # 0.9 × (0.9 + 0.05 × 4) × (5 × 1.00 + 5 × 0.75) / 10
    assert graded.score == pytest.approx(100 * 0.9 * 1.1 * 0.875, abs=0.05)
    assert (graded.fast, graded.normal, graded.slow) == (5, 0, 5)
    assert graded.accuracy == 90


def test_without_timed_answers_the_best_grade_is_a():
    untimed = grade(_answers(right=20, total=20, difficulty=5), needed=10)
    assert untimed.speed_factor == 0.8
    assert untimed.score == 92.0
    assert untimed.letter == "A"


def test_the_score_is_at_most_100():
    assert grade(_answers(right=20, total=20, difficulty=5, speeds=["fast"] * 20), needed=10).score == 100


def test_too_few_answers_are_not_graded_yet():
    graded = grade(_answers(right=9, total=9, speeds=["fast"] * 9), needed=10)
    assert not graded.graded
    assert (graded.answers, graded.needed) == (9, 10)


def test_the_window_keeps_the_newest_answers_per_skill_and_overall():
    old_misses = [Answer(skill="side_pots", correct=False, time_ms=1, speed="fast") for _ in range(5)]
    new_rights = [Answer(skill="side_pots", correct=True, time_ms=1, speed="fast") for _ in range(5)]
    others = [Answer(skill="antes", correct=False, time_ms=1, speed="fast") for _ in range(5)]
    report = grade_report([*old_misses, *new_rights, *others], bars=GradeBars(window=5, needed=5))
    assert report.skills["side_pots"].accuracy == 100
    assert report.skills["antes"].accuracy == 0
    assert report.overall.accuracy == 0  # the overall window is the last five answers of any skill
    assert report.weakest() == "antes"


def test_the_history_gives_the_grade_at_the_end_of_each_day():
    day1, day2 = date(2026, 11, 1), date(2026, 11, 2)
    answers = [Answer(skill="antes", correct=False, time_ms=1, speed="fast", day=day1) for _ in range(2)] + [
        Answer(skill="bring_in", correct=True, time_ms=1, speed="fast", day=day2) for _ in range(2)
    ]
    history = grade_history(answers, bars=GradeBars(window=2, needed=2), days=14)
    assert [(d.day, d.answers, d.overall.letter) for d in history] == [(day1, 2, "D"), (day2, 2, "S")]
    assert list(history[1].skills) == ["bring_in"]


def test_seconds_are_written_in_one_style_per_language():
    with translation.override("en"):
        assert seconds_text(22.955) == "23.0 s"
        assert seconds_text(1234.5) == "1,234.5 s"
    with translation.override("ja"):
        assert seconds_text(22.955) == "23.0秒"


# --- timed modes only ----------------------------------------------------------------------------


def _answer(question, *, correct=True, seconds=4.0):
    data = QueryDict(mutable=True)
    for key, value in form_data(question, correct=correct).items():
        if isinstance(value, list):
            data.setlist(key, value)
        else:
            data[key] = value
    return attempt_submit(
        question=question,
        given=parse_form(question, data),
        now=question.issued_at + timedelta(seconds=seconds),
    ).attempt


def _play(session, results, seconds=4.0):
    """Answer the session's questions in turn: ``results`` right (True) or wrong (False)."""
    attempts = []
    for correct in results:
        question = current_question(session=session)
        attempts.append(_answer(question, correct=correct, seconds=seconds))
    return attempts


def test_practice_keeps_the_time_but_marks_no_speed(trainee, start):
    [attempt] = _play(start(trainee, skill="bring_in", variant="F7S", count=1), [True])
    assert attempt.time_ms == 4000
    assert attempt.speed == ""


def test_speed_mode_marks_each_answer(trainee, start):
    [attempt] = _play(start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=1), [True])
    assert attempt.speed == "fast"


def test_the_practice_result_shows_the_time_in_seconds_without_speed_marks(client, trainee, org, start):
    session = start(trainee, skill="bring_in", variant="F7S", count=2)
    _play(session, [True, False])
    client.force_login(trainee.user)
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "Median time" in html
    assert "4.0 s" in html
    assert " ms" not in html
    assert "data-speed-summary" not in html
    assert "data-speed=" not in html
    assert "Question by question" in html


def test_the_speed_result_shows_median_seconds_speed_summary_and_grades(client, trainee, org, start):
    TrainingSettings.objects.create(organisation=org, mastery_window=3)
    session = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=3)
    _play(session, [True, True, False], seconds=7.0)  # target 6 s: normal
    client.force_login(trainee.user)
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "7.0 s" in html
    assert "0 fast" in html
    assert "3 normal" in html
    assert "0 slow" in html
    assert 'data-speed="normal"' in html
    # 2 of 3 right × 0.95 (bring-in, difficulty 1) × 0.90 (normal) = 57.0: C
    assert 'data-grade="C"' in html
    assert "57.0" in html
    assert "score = 100 × accuracy × difficulty weight × speed factor" in html
    assert "Retry my miss (1)" in html


def test_the_result_page_speaks_japanese_in_one_unit_style(client, trainee, org, start):
    session = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=2)
    _play(session, [True, False])
    client.force_login(trainee.user)
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **JA).content.decode()
    assert "4.0秒" in html
    assert "問題数" not in html
    assert " ms" not in html
    assert "4.0 s" not in html
    assert "ディーラーグレード" in html
    assert "まだ評価されていません（解答 2 / 10）" in html


def test_the_feedback_line_marks_speed_only_in_timed_modes(client, trainee, org, start):
    client.force_login(trainee.user)
    practice = start(trainee, skill="bring_in", variant="F7S", count=1)
    [attempt] = _play(practice, [True])
    html = client.get(reverse("drills:question", args=[org.slug, attempt.question_id]), **EN).content.decode()
    assert '<span class="feedback__time">4.0 s</span>' in html
    speed = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=1)
    [attempt] = _play(speed, [True])
    html = client.get(reverse("drills:question", args=[org.slug, attempt.question_id]), **EN).content.decode()
    assert "speed--fast" in html


# --- retry my misses ------------------------------------------------------------------------------


def test_retry_my_misses_asks_the_missed_questions_again_in_order(client, trainee, org, start):
    source = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=4)
    _play(source, [False, True, False, True])
    missed = list(source.questions.filter(attempt__correct=False).order_by("position"))
    client.force_login(trainee.user)
    response = client.post(reverse("drills:retry_misses", args=[org.slug, source.pk]), **EN)
    retry = DrillSession.objects.get(retry_of=source)
    assert response.status_code == 302
    assert response.url == reverse("drills:play", args=[org.slug, retry.pk])
    assert (retry.mode, retry.planned_count, retry.trainee_id) == (Mode.PRACTICE, 2, trainee.user_id)
    asked = [current_question(session=retry)]
    _answer(asked[0])
    asked.append(current_question(session=retry))
    assert [q.document for q in asked] == [q.document for q in missed]
    assert [q.kind for q in asked] == [q.kind for q in missed]


def test_retry_is_refused_when_nothing_was_missed(client, trainee, org, start):
    session = start(trainee, skill="bring_in", variant="F7S", count=1)
    _play(session, [True])
    client.force_login(trainee.user)
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "data-retry-misses" not in html
    response = client.post(reverse("drills:retry_misses", args=[org.slug, session.pk]), **EN)
    assert response.status_code == 409
    assert "nothing to retry" in response.content.decode()
    assert not DrillSession.objects.filter(retry_of=session).exists()


def test_an_exam_is_never_retried(client, trainee, org):
    exam = DrillSet.objects.create(organisation=org, title="Bring-ins", is_exam=True)
    add_item(exam, skill="bring_in", variant="F7S", count=1)
    client.force_login(trainee.user)
    session = session_start(organisation=org, trainee=trainee.user, mode=Mode.EXAM, drill_set=exam)
    _play(session, [False])
    html = client.get(reverse("drills:result", args=[org.slug, session.pk]), **EN).content.decode()
    assert "data-retry-misses" not in html
    response = client.post(reverse("drills:retry_misses", args=[org.slug, session.pk]), **EN)
    assert response.status_code == 409
    with pytest.raises(DrillError):
        session_retry_misses(session=session)
    assert DrillSession.objects.filter(mode=Mode.PRACTICE).count() == 0


def test_retry_is_only_posted_and_only_for_ones_own_session(client, trainee, org, start):
    session = start(trainee, skill="bring_in", variant="F7S", count=1)
    _play(session, [False])
    url = reverse("drills:retry_misses", args=[org.slug, session.pk])
    assert client.post(url).status_code == 302  # anonymous: to the login page
    assert "/login/" in client.post(url).url
    other = MembershipFactory(organisation=org, role="trainee")
    client.force_login(other.user)
    assert client.post(url, **EN).status_code == 404
    client.force_login(trainee.user)
    assert client.get(url, **EN).status_code == 405
    elsewhere = OrganisationFactory(slug="elsewhere")
    MembershipFactory(organisation=elsewhere, user=trainee.user, role="trainee")
    assert (
        client.post(reverse("drills:retry_misses", args=["elsewhere", session.pk]), **EN).status_code == 404
    )


# --- review weak skills ---------------------------------------------------------------------------


def test_review_weak_skills_starts_practice_on_the_lowest_graded_skill(client, trainee, org, start):
    _play(start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=2), [True, True])
    _play(start(trainee, mode=Mode.SPEED, skill="antes", variant="F7S", count=2), [False, True])
    client.force_login(trainee.user)
    response = client.post(reverse("drills:weak_skills", args=[org.slug]), **EN)
    session = DrillSession.objects.latest("started_at")
    assert response.url == reverse("drills:play", args=[org.slug, session.pk])
    assert (session.mode, session.skill) == (Mode.PRACTICE, "antes")


def test_review_weak_skills_needs_answers(client, trainee, org):
    client.force_login(trainee.user)
    response = client.post(reverse("drills:weak_skills", args=[org.slug]), **EN)
    assert response.status_code == 409
    assert "no answers to grade yet" in response.content.decode()
    with pytest.raises(DrillError):
        weak_skill_start(organisation=org, trainee=trainee.user)


# --- the progress page ----------------------------------------------------------------------------


def test_the_progress_page_shows_the_grade_and_its_history_of_ones_own_answers(
    client, trainee, instructor, org, start
):
    TrainingSettings.objects.create(organisation=org, mastery_window=2)
    _play(start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=2), [True, True])
    other = MembershipFactory(organisation=org, role="trainee")
    _play(start(other, mode=Mode.SPEED, skill="antes", variant="F7S", count=2), [False, False])
    client.force_login(trainee.user)
    html = client.get(reverse("progress:me", args=[org.slug]), **EN).content.decode()
    assert "Dealer grade" in html
    assert "data-grade-history" in html
    assert 'data-grade="S"' in html  # 100 × 0.95 × 1.00 = 95
    assert "Antes" not in html.split("data-grade-history")[1].split("</table>")[0]
    assert "How the grade is worked out" in html
    client.force_login(instructor.user)
    staff = client.get(
        reverse("progress:trainee_detail", args=[org.slug, other.user_id]), **EN
    ).content.decode()
    assert 'data-grade="D"' in staff


def test_a_miss_an_exam_now_holds_back_is_not_retried(trainee, instructor, org):
    scenario = make_scenario(org, user=instructor.user, title="Kings", difficulty=5)
    practice_set = DrillSet.objects.create(organisation=org, title="Razz bring-ins")
    add_item(practice_set, scenario=scenario)
    add_item(practice_set, skill="bring_in", variant="FR")
    session = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, drill_set=practice_set
    )
    _play(session, [False, False])
    assert len(missed_questions(session=session)) == 2
    exam = DrillSet.objects.create(organisation=org, title="Certification", is_exam=True)
    add_item(exam, scenario=scenario)
    retry = session_retry_misses(session=session)
    assert retry.planned_count == 1
    assert current_question(session=retry).scenario_version_id is None


def test_an_authored_scenario_counts_with_its_authors_difficulty(trainee, instructor, org):
    scenario = make_scenario(org, user=instructor.user, title="Kings", difficulty=5)
    practice_set = DrillSet.objects.create(organisation=org, title="Razz bring-ins")
    add_item(practice_set, scenario=scenario)
    add_item(practice_set, skill="bring_in", variant="FR")
    session = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.PRACTICE, drill_set=practice_set
    )
    _play(session, [True, True])
    answers = grade_answers(organisation_id=org.pk, trainee_id=trainee.user_id, training=TrainingSettings())
    assert sorted(a.difficulty for a in answers) == [1, 5]  # a generated bring-in is 1


def test_the_progress_pages_write_seconds_in_one_style(
    client, trainee, org, start, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):  # the progress rollups
        _play(start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=1), [True])
    client.force_login(trainee.user)
    html = client.get(reverse("progress:me", args=[org.slug]), **JA).content.decode()
    assert "中央値 4.0秒" in html
    assert "目標 6.0秒" in html
    english = client.get(reverse("progress:me", args=[org.slug]), **EN).content.decode()
    assert "median 4.0 s" in english


def test_another_organisations_staff_see_no_grades_of_this_trainee(client, trainee, org, start):
    _play(start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=1), [True])
    elsewhere = OrganisationFactory(slug="elsewhere")
    owner = MembershipFactory(organisation=elsewhere, role="owner")
    client.force_login(owner.user)
    url = reverse("progress:trainee_detail", args=["elsewhere", trainee.user_id])
    assert client.get(url, **EN).status_code == 404


def test_an_htmx_retry_redirects_the_page_to_the_new_session(client, trainee, org, start):
    source = start(trainee, skill="bring_in", variant="F7S", count=1)
    _play(source, [False])
    client.force_login(trainee.user)
    response = client.post(reverse("drills:retry_misses", args=[org.slug, source.pk]), **EN, **HTMX)
    retry = DrillSession.objects.get(retry_of=source)
    assert response.headers["HX-Redirect"] == reverse("drills:play", args=[org.slug, retry.pk])
    _play(retry, [True])
    html = client.get(reverse("drills:result", args=[org.slug, retry.pk]), **EN).content.decode()
    assert "Retry of missed questions" in html


def test_the_result_page_runs_the_same_number_of_queries_for_a_longer_session(
    client, trainee, org, start, django_assert_num_queries
):
    client.force_login(trainee.user)
    short = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=2)
    _play(short, [True, False])
    url = reverse("drills:result", args=[org.slug, short.pk])
    client.get(url, **EN)
    with CaptureQueriesContext(connection) as captured:
        client.get(url, **EN)
    longer = start(trainee, mode=Mode.SPEED, skill="bring_in", variant="F7S", count=6)
    _play(longer, [True, False, True, False, True, True])
    with django_assert_num_queries(len(captured)):
        client.get(reverse("drills:result", args=[org.slug, longer.pk]), **EN)


def test_an_answer_given_with_a_hint_is_not_counted_right_in_the_grade(trainee, org):
    """The grade says what the dealer does unaided: a right answer after a hint counts as not right,
    in a guided walk (hint asked for) and in a learning walk (hints shown before every decision)."""
    guided = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.WALK, variant="F7S", walk_level="guided"
    )
    hinted = current_question(session=guided)
    question_hint_show(question=hinted)
    hinted.refresh_from_db()
    assert _answer(hinted).correct
    unaided = current_question(session=guided)
    assert _answer(unaided).correct
    learning = session_start(
        organisation=org, trainee=trainee.user, mode=Mode.WALK, variant="F7S", walk_level="learn"
    )
    assert _answer(current_question(session=learning)).correct
    answers = grade_answers(organisation_id=org.pk, trainee_id=trainee.user_id, training=TrainingSettings())
    assert [a.correct for a in answers] == [False, True, False]
