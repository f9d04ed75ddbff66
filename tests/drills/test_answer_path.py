"""The answering path kept short: what is stored when a question is issued, and the review
schedule catching up after the answer is committed."""

import threading

import pytest
from django.db import connection
from django.test import TestCase

from dealer_training.drills import review
from dealer_training.drills.models import Attempt, Question, ReviewCard
from dealer_training.drills.present import table_for, view_of
from dealer_training.drills.services import attempt_submit, current_question
from games.api import table_view

from .helpers import every_drill, form_data


@pytest.mark.parametrize("drill", every_drill(), ids=lambda d: "-".join(str(v) for v in d.values()))
def test_the_table_is_drawn_from_the_view_kept_at_issue_as_from_the_document(trainee, start, drill):
    """Every game and skill: the page's table from the stored view is the one the document gives."""
    for _ in range(2):
        session = start(trainee, **drill)
        question = current_question(session=session)
        stored = Question.objects.get(pk=question.pk)
        assert stored.view == table_view(stored.document)
        drawn = table_for(stored)
        stored.view = None  # a question issued before views were kept
        assert table_for(stored) == drawn


def test_a_question_without_a_kept_view_is_drawn_from_its_document(trainee, issued):
    question = issued(trainee, skill="stub", variant="F7S")
    Question.objects.filter(pk=question.pk).update(view=None)
    question.refresh_from_db()
    assert view_of(question) == table_view(question.document)


@pytest.mark.parametrize("variant", ["F7S", "FR", "F7S/8"])
def test_a_showdowns_kept_view_already_turns_up_every_live_hand(trainee, issued, variant):
    """The answered table of a showdown is the kept view with the answer's seats marked: the
    engine's view of the best hands and the award tables every live hand before the answer."""
    seen = set()
    for _ in range(30):
        question = issued(trainee, skill="showdown", variant=variant)
        if question.kind in ("best_hands", "award"):
            seen.add(question.kind)
            assert view_of(question) == table_view(question.document, reveal_downcards=True)
        if len(seen) == 2:
            break
    assert seen == {"best_hands", "award"}


def _answered(trainee, issued, **drill):
    question = issued(trainee, **drill)
    attempt_submit(question=question, given=form_data(question, correct=False))
    return Attempt.objects.get(question=question)


def test_an_answer_waits_for_the_review_schedule_until_the_catch_up_counts_it_once(trainee, org, issued):
    first = _answered(trainee, issued, skill="stub", variant="F7S")
    second = _answered(trainee, issued, skill="stub", variant="F7S")
    assert first.review_pending
    assert second.review_pending
    assert not ReviewCard.objects.exists()
    assert review.catch_up(organisation_id=org.pk, trainee_id=trainee.user_id) == 2
    card = ReviewCard.objects.get(trainee=trainee.user, skill="stub", variant="F7S")
    assert card.lapses == 2  # both misses, each once
    assert review.catch_up(organisation_id=org.pk, trainee_id=trainee.user_id) == 0
    card.refresh_from_db()
    assert card.lapses == 2
    assert not Attempt.objects.filter(review_pending=True).exists()


def test_a_lost_catch_up_is_made_good_by_the_next_answers(trainee, org, issued):
    """The task of the first answer never ran (a lost message): the second answer's counts both."""
    _answered(trainee, issued, skill="stub", variant="F7S")
    question = issued(trainee, skill="stub", variant="F7S")
    with TestCase.captureOnCommitCallbacks(execute=True):
        attempt_submit(question=question, given=form_data(question, correct=False))
    assert ReviewCard.objects.get(trainee=trainee.user, skill="stub").lapses == 2
    assert not Attempt.objects.filter(review_pending=True).exists()


def test_exam_answers_are_never_pending_for_review(trainee, org, issued):
    from dealer_training.scenarios.models import DrillSet
    from tests.scenarios.factories import add_item

    exam = DrillSet.objects.create(organisation=org, title="Stub exam", is_exam=True)
    add_item(exam, skill="stub", variant="F7S", count=1)
    question = issued(trainee, mode="exam", drill_set=exam)
    attempt_submit(question=question, given=form_data(question))
    assert not Attempt.objects.get(question=question).review_pending
    assert review.catch_up(organisation_id=org.pk, trainee_id=trainee.user_id) == 0


@pytest.mark.django_db(transaction=True)
def test_two_catch_ups_at_once_count_each_answer_once(trainee, org, start, monkeypatch):
    from dealer_training.celery import app

    monkeypatch.setitem(app.conf, "task_always_eager", False)  # the catch-ups queued, not run
    for _ in range(4):
        question = current_question(session=start(trainee, skill="stub", variant="F7S"))
        attempt_submit(question=question, given=form_data(question, correct=False))
    assert Attempt.objects.filter(review_pending=True).count() == 4
    counted = []
    barrier = threading.Barrier(2)

    def catch_up():
        barrier.wait()
        try:
            counted.append(review.catch_up(organisation_id=org.pk, trainee_id=trainee.user_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=catch_up) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counted) == [0, 4]
    assert ReviewCard.objects.get(trainee=trainee.user, skill="stub").lapses == 4


# --- follow-ups coalesced -------------------------------------------------------------------------


@pytest.fixture
def queued_for_a_worker(monkeypatch):
    """Tasks published as for a worker (not run in the request); returns what each publish asked."""
    from dealer_training.celery import app
    from dealer_training.drills import tasks as drill_tasks
    from dealer_training.progress import tasks as progress_tasks

    monkeypatch.setitem(app.conf, "task_always_eager", False)
    sent = []
    for task in (drill_tasks.review_catch_up, progress_tasks.rollup_refresh):
        monkeypatch.setattr(
            task,
            "apply_async",
            lambda name=task.name, **kw: sent.append((name, kw["kwargs"], kw["countdown"])),
        )
    return sent


def test_answers_within_the_window_share_one_catch_up_and_one_refresh_run_after_it(
    trainee, issued, queued_for_a_worker, django_capture_on_commit_callbacks, monkeypatch
):
    import time

    from django.core.cache import cache

    from dealer_training import queueing
    from dealer_training.drills.services import REVIEW_CATCH_UP_SECONDS, attempt_submit
    from dealer_training.progress.receivers import ROLLUP_REFRESH_SECONDS
    from tests.drills.helpers import form_data

    def answer():
        question = issued(trainee, skill="stub", variant="F7S")
        with django_capture_on_commit_callbacks(execute=True):
            attempt_submit(question=question, given=form_data(question))

    answer()
    answer()
    names = [name for name, _, _ in queued_for_a_worker]
    assert sorted(names) == [
        "dealer_training.drills.tasks.review_catch_up",
        "dealer_training.progress.tasks.rollup_refresh",
    ]
    countdowns = {name: countdown for name, _, countdown in queued_for_a_worker}
    assert countdowns == {
        "dealer_training.drills.tasks.review_catch_up": REVIEW_CATCH_UP_SECONDS,
        "dealer_training.progress.tasks.rollup_refresh": ROLLUP_REFRESH_SECONDS,
    }
    # The window over (its marks gone from the cache, its time past here): the next answer queues
    # its own.
    cache.clear()
    later = time.monotonic() + max(REVIEW_CATCH_UP_SECONDS, ROLLUP_REFRESH_SECONDS)
    monkeypatch.setattr(queueing.time, "monotonic", lambda: later)
    answer()
    assert len(queued_for_a_worker) == 4


def test_an_answer_s_follow_ups_go_out_after_its_response(
    transactional_db, org, trainee, issued, login_as, queued_for_a_worker, monkeypatch
):
    """The answer's page is sent before the broker is asked for anything (a request's follow-ups
    wait for request_finished), and they are all sent by the time the request is over. (Committed
    for real, as in production: the answer's commit runs its callbacks inside the request.)"""
    from dealer_training import after_response
    from tests.drills.conftest import answer

    deferred = []
    collect = after_response.defer

    def watched(call):
        collect(call)
        pending = after_response._pending.get()
        deferred.append(pending is not None and call in pending)  # kept for after the response

    monkeypatch.setattr(after_response, "defer", watched)
    question = issued(trainee, skill="stub", variant="F7S")
    response = answer(login_as(trainee), org, question, htmx=True)
    assert response.status_code == 200
    assert deferred == [True, True]  # the catch-up and the refresh, both held for the response
    assert sorted(name for name, _, _ in queued_for_a_worker) == [
        "dealer_training.drills.tasks.review_catch_up",
        "dealer_training.progress.tasks.rollup_refresh",
    ]
    assert after_response._pending.get() is None


def test_run_in_the_request_every_follow_up_runs(trainee, issued, django_capture_on_commit_callbacks):
    """Tests and the development server run tasks in the request: nothing is skipped there."""
    from dealer_training.drills.models import ReviewCard
    from dealer_training.drills.services import attempt_submit
    from tests.drills.helpers import form_data

    for _ in range(2):
        question = issued(trainee, skill="stub", variant="F7S")
        with django_capture_on_commit_callbacks(execute=True):
            attempt_submit(question=question, given=form_data(question, correct=False))
    assert ReviewCard.objects.get(trainee=trainee.user, skill="stub").lapses == 2


def test_the_sweep_counts_the_answers_whose_catch_up_was_lost(trainee, issued):
    from datetime import timedelta

    from django.utils import timezone

    from dealer_training.drills.models import Attempt, ReviewCard
    from dealer_training.drills.services import attempt_submit
    from dealer_training.drills.tasks import STALE_AFTER, review_catch_up_stale
    from tests.drills.helpers import form_data

    old, new = (issued(trainee, skill="stub", variant="F7S") for _ in range(2))
    for question in (old, new):
        attempt_submit(question=question, given=form_data(question, correct=False))  # never committed
    Attempt.objects.filter(question=old).update(
        created_at=timezone.now() - STALE_AFTER - timedelta(seconds=1)
    )
    assert review_catch_up_stale.apply().get() == 2  # the trainee's, both counted in order
    assert ReviewCard.objects.get(trainee=trainee.user, skill="stub").lapses == 2
    assert review_catch_up_stale.apply().get() == 0
