"""Stored verdicts: each attempt keeps the verdict given when it was stored, with the judge's
version; pages and replays show it without judging again; rescore_attempts judges again."""

from datetime import timedelta
from importlib import import_module
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.utils import timezone

from dealer_training.drills import verdicts
from dealer_training.drills.exams import exam_start
from dealer_training.drills.management.commands.rescore_attempts import Command
from dealer_training.drills.models import Attempt
from dealer_training.drills.services import attempt_submit, current_question, session_start
from dealer_training.drills.signals import attempts_rescored
from dealer_training.progress.models import DailyRollup
from dealer_training.scenarios.models import DrillSet
from games.questions.judge import JUDGE_VERSION, judge
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import add_item

from .conftest import EN, urls
from .test_services import _answer, _given

migration = import_module("dealer_training.drills.migrations.0006_attempt_verdict")


def _boom(*args, **kwargs):
    raise AssertionError("judged again")


@pytest.fixture
def no_judging(monkeypatch):
    """Judging from now on fails the test, wherever the web app would call it."""

    def _forbid():
        for module in (
            "dealer_training.drills.views",
            "dealer_training.drills.services",
            "dealer_training.drills.verdicts",
            "games.questions.judge",
        ):
            monkeypatch.setattr(f"{module}.judge", _boom, raising=False)

    return _forbid


def _wrong_verdict(attempt):
    """A verdict other than the one judging the stored answer gives: one field wrong, half right."""
    fields = [dict(f) for f in attempt.verdict["fields"]]
    fields[0]["correct"] = False
    return {**attempt.verdict, "correct": False, "score": 0.5, "fields": fields}


def _store(attempt, verdict, *, version=JUDGE_VERSION):
    Attempt.objects.filter(pk=attempt.pk).update(
        verdict=verdict, judge_version=version, correct=verdict["correct"], score=verdict["score"]
    )
    attempt.refresh_from_db()
    return attempt


# --- stored at answer time --------------------------------------------------------------------


def test_the_verdict_and_the_judges_version_are_stored_with_the_answer(trainee, issued):
    question = issued(trainee, skill="bring_in", variant="F7S")
    given = _given(question, correct=False)
    attempt = attempt_submit(question=question, given=given).attempt
    attempt.refresh_from_db()
    assert attempt.verdict == judge(question.expected, given, fields=question.fields or None)
    assert attempt.judge_version == JUDGE_VERSION == attempt.verdict["judge_version"]
    assert attempt.correct is attempt.verdict["correct"] is False
    assert attempt.score == attempt.verdict["score"]
    assert any(not f["correct"] for f in attempt.verdict["fields"])


def test_a_replayed_submission_returns_the_stored_verdict_without_judging(trainee, issued, no_judging):
    question = issued(trainee, skill="bring_in", variant="F7S")
    first = _answer(question, correct=True)
    stored = _store(first.attempt, _wrong_verdict(first.attempt)).verdict
    no_judging()
    replay = attempt_submit(question=question, given=_given(question, correct=True))
    assert replay.created is False
    assert replay.attempt.pk == first.attempt.pk
    assert replay.verdict == stored
    assert Attempt.objects.filter(question=question).count() == 1


def test_the_feedback_page_shows_the_stored_verdict_not_a_new_judging(
    client, org, trainee, issued, no_judging
):
    question = issued(trainee, skill="bring_in", variant="F7S")
    attempt = _answer(question, correct=True).attempt
    stored = _store(attempt, _wrong_verdict(attempt))
    no_judging()
    client.force_login(trainee.user)
    response = client.get(urls(org, question)["question"], **EN)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-feedback="wrong"' in html  # judging the answer now would say right
    feedback = response.context["feedback"]
    assert feedback["correct"] is False
    assert feedback["score"] == 50
    assert feedback["wrong_fields"] == [stored.verdict["fields"][0]["field"]]


def test_an_attempt_without_a_stored_verdict_still_shows_its_stored_result(
    client, org, trainee, issued, no_judging
):
    question = issued(trainee, skill="bring_in", variant="F7S")
    attempt = _answer(question, correct=True).attempt
    Attempt.objects.filter(pk=attempt.pk).update(verdict={}, judge_version=0)
    no_judging()
    client.force_login(trainee.user)
    response = client.get(urls(org, question)["question"], **EN)
    assert response.status_code == 200
    assert 'data-feedback="right"' in response.content.decode()
    assert response.context["feedback"]["wrong_fields"] == []


# --- the data migration -----------------------------------------------------------------------


def test_the_migration_fills_the_verdict_of_attempts_stored_before_verdicts_were_kept(trainee, issued):
    right = _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt
    wrong = _answer(issued(trainee, skill="stub", variant="F7S"), correct=False).attempt
    # Scored by older judging rules: the stored score is not what judging gives now.
    older = _answer(issued(trainee, skill="first_to_act", variant="FR"), correct=True).attempt
    broken = _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt
    expected = {a.pk: (a.verdict, a.correct, a.score) for a in (right, wrong)}
    Attempt.objects.update(verdict={}, judge_version=0)
    Attempt.objects.filter(pk=older.pk).update(correct=False, score=0.0)
    broken.question.expected = {}
    broken.question.save(update_fields=["expected"])

    migration.fill_verdicts(apps, None)

    for attempt in (right, wrong):
        attempt.refresh_from_db()
        assert (attempt.verdict, attempt.correct, attempt.score) == expected[attempt.pk]
        assert attempt.judge_version == JUDGE_VERSION
    for attempt in (older, broken):  # left for rescore_attempts, their stored score untouched
        attempt.refresh_from_db()
        assert (attempt.verdict, attempt.judge_version) == ({}, 0)
    assert (older.correct, older.score) == (False, 0.0)
    assert verdicts.fill_verdicts(Attempt) == (0, 2)  # filled rows are not judged again


# --- rescore_attempts -------------------------------------------------------------------------


def _rescore(*args):
    out = StringIO()
    call_command("rescore_attempts", *args, stdout=out)
    return out.getvalue()


def _stale(attempt, *, correct, score):
    """An attempt judged by an older judge: no verdict of this version, another right/wrong."""
    Attempt.objects.filter(pk=attempt.pk).update(
        verdict={"old": True}, judge_version=0, correct=correct, score=score
    )
    attempt.refresh_from_db()
    return attempt


def test_rescoring_judges_stale_attempts_again_and_leaves_current_ones_alone(trainee, issued):
    was_wrong = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )
    was_right = _stale(
        _answer(issued(trainee, skill="stub", variant="F7S"), correct=False).attempt, correct=True, score=1.0
    )
    partial = _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=False).attempt
    partial_score = partial.score
    assert 0 < partial_score < 1
    _stale(partial, correct=False, score=0.0)
    current = _answer(issued(trainee, skill="first_to_act", variant="FR"), correct=True).attempt
    kept = _store(current, _wrong_verdict(current)).verdict

    out = _rescore()

    assert "Attempts checked: 3 " in out
    assert "Verdicts changed: 3 (right -> wrong 1, wrong -> right 1, score only 1)." in out
    was_wrong.refresh_from_db()
    assert was_wrong.correct is True
    assert was_wrong.score == 1.0
    assert was_wrong.verdict["correct"] is True
    assert was_wrong.judge_version == JUDGE_VERSION
    was_right.refresh_from_db()
    assert was_right.correct is False
    assert was_right.verdict["correct"] is False
    partial.refresh_from_db()
    assert partial.score == partial_score
    assert partial.judge_version == JUDGE_VERSION
    current.refresh_from_db()
    assert current.verdict == kept
    assert current.correct is False

    assert "Attempts checked: 0 " in _rescore()
    out = _rescore("--all")
    assert "Attempts checked: 4 " in out
    assert "wrong -> right 1," in out
    current.refresh_from_db()
    assert current.correct is True
    assert current.verdict["correct"] is True


def test_a_dry_run_reports_the_changes_and_writes_nothing(trainee, issued):
    attempt = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )
    out = _rescore("--dry-run")
    assert "Attempts checked: 1 " in out
    assert "Dry run: nothing was written." in out
    assert "Verdicts changed: 1 (right -> wrong 0, wrong -> right 1, score only 0)." in out
    attempt.refresh_from_db()
    assert (attempt.correct, attempt.score, attempt.judge_version, attempt.verdict) == (
        False,
        0.0,
        0,
        {"old": True},
    )


def test_rescoring_is_limited_to_one_organisation(org, trainee, issued):
    other = OrganisationFactory(slug="umeda")
    theirs_member = MembershipFactory(organisation=other, role="trainee")
    session = session_start(
        organisation=other, trainee=theirs_member.user, mode="practice", skill="bring_in", variant="F7S"
    )
    theirs = _stale(
        _answer(current_question(session=session), correct=True).attempt, correct=False, score=0.0
    )
    ours = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )

    assert "Attempts checked: 1 " in _rescore("--organisation", "umeda")
    theirs.refresh_from_db()
    ours.refresh_from_db()
    assert theirs.correct is True
    assert theirs.judge_version == JUDGE_VERSION
    assert ours.correct is False
    assert ours.judge_version == 0


def test_rescoring_is_limited_to_attempts_since_a_day(trainee, issued):
    old = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )
    new = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )
    Attempt.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=10))
    since = timezone.localdate() - timedelta(days=1)

    assert "Attempts checked: 1 " in _rescore("--since", since.isoformat())
    old.refresh_from_db()
    new.refresh_from_db()
    assert old.judge_version == 0
    assert new.judge_version == JUDGE_VERSION


def test_an_attempt_that_cannot_be_judged_is_counted_and_left_as_it_was(trainee, issued):
    attempt = _stale(
        _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt,
        correct=False,
        score=0.0,
    )
    attempt.question.expected = {"answer": "not an answer"}
    attempt.question.save(update_fields=["expected"])
    out = _rescore()
    assert "Attempts checked: 1 " in out
    assert "Could not be judged: 1 (left as they were)." in out
    attempt.refresh_from_db()
    assert (attempt.correct, attempt.judge_version, attempt.verdict) == (False, 0, {"old": True})


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--organisation", "nowhere"], "There is no organisation 'nowhere'."),
        (["--since", "31/03/2026"], "is not a date like"),
        (["--since", "2026-02-30"], "is not a date like"),
        (["--batch-size", "0"], "--batch-size must be at least 1."),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(db, args, message):
    with pytest.raises(CommandError, match=message.replace("(", r"\(")):
        _rescore(*args)


@pytest.fixture
def exam(org):
    drill_set = DrillSet.objects.create(organisation=org, title="Stud exam", is_exam=True, pass_accuracy=75)
    add_item(drill_set, skill="stub", variant="F7S", count=2)
    return drill_set


def _sitting(membership, exam, *, answers):
    session = exam_start(organisation=exam.organisation, trainee=membership.user, drill_set=exam, seed="s")
    for _ in range(answers):
        _answer(current_question(session=session), correct=True)
    session.refresh_from_db()
    return session


def test_exam_answers_are_skipped_unless_asked_and_a_running_sitting_never_rescored(org, trainee, exam):
    ended = _sitting(trainee, exam, answers=2)
    assert ended.finished_at is not None
    other = MembershipFactory(organisation=org, role="trainee")
    running = _sitting(other, exam, answers=1)
    assert running.finished_at is None
    for attempt in Attempt.objects.all():
        _stale(attempt, correct=False, score=0.0)

    out = _rescore()
    assert "Attempts checked: 0 " in out
    assert "Exam attempts skipped: 3 (--include-exams to re-score them)." in out
    assert not Attempt.objects.filter(judge_version=JUDGE_VERSION).exists()

    out = _rescore("--include-exams")
    assert "Attempts checked: 2 " in out
    assert "wrong -> right 2," in out
    assert "Attempts of running exam sittings skipped: 1." in out
    assert set(Attempt.objects.filter(judge_version=JUDGE_VERSION).values_list("session", flat=True)) == {
        ended.pk
    }
    assert Attempt.objects.get(session=running).judge_version == 0


def test_the_help_says_certificates_are_not_reissued():
    assert "certificates are NOT re-issued" in Command.help


def test_rescoring_rebuilds_the_rollups_of_trainees_whose_answers_changed(
    trainee, issued, django_capture_on_commit_callbacks
):
    attempt = _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt
    unchanged = _answer(issued(trainee, skill="bring_in", variant="F7S"), correct=True).attempt
    _stale(attempt, correct=False, score=0.0)
    Attempt.objects.filter(pk=unchanged.pk).update(judge_version=0)
    sent = []

    def listen(sender, *, trainees, **kwargs):
        sent.append(set(trainees))

    attempts_rescored.connect(listen)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            _rescore()
    finally:
        attempts_rescored.disconnect(listen)
    assert sent == [{(trainee.organisation_id, trainee.user_id)}]
    rollup = DailyRollup.objects.get(trainee=trainee.user, skill="bring_in", variant="F7S")
    assert (rollup.attempts, rollup.correct) == (2, 2)
