"""Every task a request queues survives a broker that is down: the request succeeds, the task is kept
and sent once the broker is back (``dealer_training.queueing``)."""

from datetime import date

import pytest
from django.urls import reverse
from kombu.exceptions import OperationalError

from dealer_training import after_response, queueing
from dealer_training.accounts.tasks import email_send
from dealer_training.infra.models import UnsentTask
from dealer_training.infra.tasks import send_unsent
from dealer_training.progress import exports
from dealer_training.progress.models import ExportJob
from dealer_training.progress.services import export_job_create
from dealer_training.progress.tasks import export_run
from dealer_training.scenarios.import_jobs import import_job_create
from dealer_training.scenarios.models import ImportJob
from dealer_training.scenarios.tasks import import_run


@pytest.fixture
def broker_down(monkeypatch):
    """Publishing any of ``tasks`` fails as it does when the broker refuses the connection."""

    def _down(*tasks):
        def refuse(*args, **kwargs):
            raise OperationalError("Error 111 connecting to the broker. Connection refused.")

        for task in tasks:
            monkeypatch.setattr(task, "apply_async", refuse)

    return _down


def test_a_password_reset_asked_while_the_broker_is_down_is_mailed_once_it_is_back(
    client, trainee, broker_down, django_capture_on_commit_callbacks, mailoutbox, monkeypatch
):
    real = email_send.apply_async
    broker_down(email_send)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("accounts:password_reset"), {"email": trainee.user.email})
    assert response.status_code == 302
    [kept] = UnsentTask.objects.all()
    assert kept.task == email_send.name
    assert kept.kwargs["to"] == [trainee.user.email]
    assert not mailoutbox
    monkeypatch.setattr(email_send, "apply_async", real)
    assert send_unsent.apply().get() == 1
    assert [m.to for m in mailoutbox] == [[trainee.user.email]]
    assert not UnsentTask.objects.exists()


def test_an_import_and_an_export_started_while_the_broker_is_down_are_kept_with_their_jobs(
    org, instructor, broker_down, django_capture_on_commit_callbacks
):
    broker_down(import_run, export_run)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_job_create(
            organisation=org, user=instructor.user, filename="a.json", payload=b"{}", options={}
        )
        exported = export_job_create(
            organisation=org,
            requested_by=instructor.user,
            filters=exports.ExportFilters(kind="attempts", start=date(2026, 1, 1), end=date(2026, 1, 31)),
        )
    assert ImportJob.objects.filter(pk=imported.pk).exists()
    assert ExportJob.objects.filter(pk=exported.pk).exists()
    kept = {(t.task, t.kwargs["job_id"]) for t in UnsentTask.objects.all()}
    assert kept == {(import_run.name, imported.pk), (export_run.name, exported.pk)}


def test_every_beat_entry_names_a_registered_task_the_unsent_tasks_sender_among_them(settings):
    from dealer_training.celery import app

    names = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert send_unsent.name in names
    assert names <= set(app.tasks)


# --- coalesced follow-ups and the shared cache -----------------------------------------------------

SHARED_REDIS = "redis://127.0.0.1:6379/15"
DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens: refused at once


@pytest.fixture
def follow_ups(monkeypatch):
    """The catch-up and the refresh published as for a worker; returns them and what was sent."""
    from dealer_training.celery import app
    from dealer_training.drills.tasks import review_catch_up
    from dealer_training.progress.tasks import rollup_refresh

    monkeypatch.setitem(app.conf, "task_always_eager", False)
    sent = []
    for task in (review_catch_up, rollup_refresh):
        monkeypatch.setattr(
            task, "apply_async", lambda name=task.name, **kw: sent.append((name, kw["kwargs"]))
        )
    return review_catch_up, rollup_refresh, sent


def _commit(capture, *asked):
    """Ask for coalesced follow-ups in a transaction and commit it."""
    from dealer_training.queueing import send_on_commit_coalesced

    with capture(execute=True):
        for task, kwargs in asked:
            send_on_commit_coalesced(task, seconds=2, **kwargs)


def test_a_mark_in_the_shared_cache_holds_back_its_task_for_the_window(
    settings, db, follow_ups, django_capture_on_commit_callbacks
):
    import uuid

    import redis
    from django.core.management import call_command

    from dealer_training.cache import cache_config

    prefix = uuid.uuid4().hex
    settings.CACHES = cache_config(SHARED_REDIS)
    settings.CACHES["default"]["OPTIONS"]["PRIMARY"]["KEY_PREFIX"] = prefix
    call_command("createcachetable", verbosity=0)
    review_catch_up, rollup_refresh, sent = follow_ups
    ids = {"organisation_id": 1, "trainee_id": 2}
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids))
    assert sent == [(review_catch_up.name, ids)]
    # The mark lasts the window: the task, sent to run after it, sees every answer of it.
    client = redis.Redis.from_url(SHARED_REDIS)
    [mark] = client.keys(f"{prefix}:*")
    assert 0 < client.ttl(mark) <= 2
    queueing._opened.clear()  # as in another process: only the shared cache knows of the window
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids), (rollup_refresh, ids))
    assert sent == [(review_catch_up.name, ids), (rollup_refresh.name, ids)]
    # Another trainee's catch-up has a mark of its own.
    _commit(django_capture_on_commit_callbacks, (review_catch_up, {**ids, "trainee_id": 3}))
    assert sent[-1] == (review_catch_up.name, {**ids, "trainee_id": 3})


def test_while_the_shared_cache_is_down_the_marks_go_to_the_database_cache(
    settings, db, follow_ups, django_capture_on_commit_callbacks
):
    from django.core.cache import caches
    from django.core.management import call_command

    from dealer_training.cache import cache_config

    settings.CACHES = cache_config(DEAD_REDIS)
    call_command("createcachetable", verbosity=0)
    review_catch_up, rollup_refresh, sent = follow_ups
    ids = {"organisation_id": 1, "trainee_id": 2}
    both = ((review_catch_up, ids), (rollup_refresh, ids))
    _commit(django_capture_on_commit_callbacks, *both)
    assert sorted(name for name, _ in sent) == sorted([review_catch_up.name, rollup_refresh.name])
    assert caches["default"].degraded
    queueing._opened.clear()  # as in another process: only the cache knows of the window
    _commit(django_capture_on_commit_callbacks, *both)  # within the window: marked in the table
    assert len(sent) == 2


def test_a_cache_that_cannot_answer_sends_every_follow_up(
    settings, db, follow_ups, django_capture_on_commit_callbacks
):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": DEAD_REDIS}
    }
    review_catch_up, rollup_refresh, sent = follow_ups
    ids = {"organisation_id": 1, "trainee_id": 2}
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids), (rollup_refresh, ids))
    assert sorted(name for name, _ in sent) == sorted([review_catch_up.name, rollup_refresh.name])


class _CacheSpy:
    """The cache's ``add`` as the follow-ups call it: counted, answering ``answer`` (None: the
    cache's own answer)."""

    def __init__(self, answer=None):
        from django.core.cache import cache

        self.cache, self.answer, self.calls = cache, answer, 0

    def add(self, *args, **kwargs):
        self.calls += 1
        added = self.cache.add(*args, **kwargs)
        return added if self.answer is None else self.answer


def test_within_a_window_it_opened_a_process_asks_the_cache_nothing(
    db, follow_ups, django_capture_on_commit_callbacks, monkeypatch
):
    import time

    review_catch_up, _rollup_refresh, sent = follow_ups
    spy = _CacheSpy()
    monkeypatch.setattr(queueing, "cache", spy)
    ids = {"organisation_id": 1, "trainee_id": 2}
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids))
    assert (spy.calls, len(sent)) == (1, 1)
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids), (review_catch_up, ids))
    assert (spy.calls, len(sent)) == (1, 1)  # the task sent covers them: no cache call, no message
    # Another trainee's follow-up is a window of its own.
    _commit(django_capture_on_commit_callbacks, (review_catch_up, {**ids, "trainee_id": 3}))
    assert (spy.calls, len(sent)) == (2, 2)
    # The window closed (its mark lapsed in the cache too): the next one opens a new one.
    spy.cache.clear()
    later = time.monotonic() + 2
    monkeypatch.setattr(queueing.time, "monotonic", lambda: later)
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids))
    assert (spy.calls, len(sent)) == (3, 3)


def test_a_window_another_process_opened_is_asked_of_the_cache_every_time(
    db, follow_ups, django_capture_on_commit_callbacks, monkeypatch
):
    review_catch_up, _rollup_refresh, sent = follow_ups
    spy = _CacheSpy(answer=False)  # the mark is there already: another process set it
    monkeypatch.setattr(queueing, "cache", spy)
    ids = {"organisation_id": 1, "trainee_id": 2}
    for calls in (1, 2, 3):
        _commit(django_capture_on_commit_callbacks, (review_catch_up, ids))
        assert (spy.calls, sent) == (calls, [])


def test_the_windows_kept_are_pruned_of_closed_ones(monkeypatch):
    import time

    monkeypatch.setattr(queueing, "_OPENED_KEPT", 3)
    now = time.monotonic()
    for i in range(3):
        queueing._open(f"closed-{i}", closes=now - 1, now=now)
    queueing._open("open", closes=now + 2, now=now)
    assert queueing._opened == {"open": now + 2}


# --- a web request's follow-ups go out after its response ------------------------------------------


def test_in_a_web_request_the_follow_ups_go_out_after_its_response(
    db, follow_ups, django_capture_on_commit_callbacks
):
    review_catch_up, rollup_refresh, sent = follow_ups
    ids = {"organisation_id": 1, "trainee_id": 2}
    after_response.request_started()
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids), (rollup_refresh, ids))
    assert sent == []  # committed, waiting for the response to go out
    after_response.request_finished()
    assert sent == [(review_catch_up.name, ids), (rollup_refresh.name, ids)]
    # After the request, a follow-up goes out at once.
    _commit(django_capture_on_commit_callbacks, (review_catch_up, {**ids, "trainee_id": 3}))
    assert len(sent) == 3


def test_follow_ups_a_request_left_behind_go_out_when_the_next_one_starts(
    db, follow_ups, django_capture_on_commit_callbacks
):
    review_catch_up, _rollup_refresh, sent = follow_ups
    ids = {"organisation_id": 1, "trainee_id": 2}
    after_response.request_started()
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids))
    after_response.request_started()  # the first response never closed
    assert sent == [(review_catch_up.name, ids)]
    after_response.request_finished()
    assert len(sent) == 1


def test_where_the_request_signals_run_in_a_context_of_their_own_follow_ups_go_out_at_once(
    db, follow_ups, django_capture_on_commit_callbacks
):
    """As under ASGI, where Django sends request_started from another thread's copy of the context:
    the view's context never collects, so nothing waits for a flush that would not see it."""
    import contextvars

    review_catch_up, _rollup_refresh, sent = follow_ups
    contextvars.copy_context().run(after_response.request_started)
    _commit(django_capture_on_commit_callbacks, (review_catch_up, {"organisation_id": 1, "trainee_id": 2}))
    assert len(sent) == 1


def test_a_follow_up_that_fails_after_the_response_keeps_back_no_other(
    db, follow_ups, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    review_catch_up, rollup_refresh, sent = follow_ups

    def refused(**kwargs):
        raise RuntimeError("refused")

    monkeypatch.setattr(review_catch_up, "apply_async", refused)
    monkeypatch.setattr(queueing, "send", lambda task, kwargs, countdown=0: task.apply_async(kwargs=kwargs))
    ids = {"organisation_id": 1, "trainee_id": 2}
    after_response.request_started()
    _commit(django_capture_on_commit_callbacks, (review_catch_up, ids), (rollup_refresh, ids))
    after_response.request_finished()
    assert sent == [(rollup_refresh.name, ids)]
    assert "deferred to after the response failed" in caplog.text
