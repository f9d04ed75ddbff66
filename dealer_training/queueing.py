"""Queue Celery tasks after the commit without ever failing the request over the broker.

When the broker cannot be reached, the row that asked for the task is already committed, so the
task is kept in the database (``infra.UnsentTask``) and sent by ``infra.tasks.send_unsent``
(Celery beat, every minute) once the broker is back. Every task the web requests queue goes
through :func:`send_on_commit`.
"""

import hashlib
import json
import logging
import time
from functools import partial
from typing import Any, TypedDict

from celery import Task
from django.core.cache import cache
from django.db import DatabaseError, transaction
from kombu.exceptions import OperationalError

from dealer_training import after_response
from dealer_training.infra.models import UnsentTask

logger = logging.getLogger(__name__)

# Publishing waits this long for a broker that is down before giving up (not Celery's default
# of several seconds, which a user would feel on every request).
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


class _Retry(TypedDict):
    autoretry_for: tuple[type[BaseException], ...]
    retry_backoff: int
    retry_backoff_max: int
    retry_jitter: bool
    max_retries: int
    acks_late: bool


# The options of the apps' tasks: idempotent, so run with ``acks_late`` (a task whose worker dies
# is delivered again), retrying database errors with a growing pause.
TASK_RETRY: _Retry = {
    "autoretry_for": (DatabaseError,),
    "retry_backoff": 2,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
    "acks_late": True,
}


def send(task: Task[Any, Any], kwargs: dict[str, Any], *, countdown: float = 0) -> None:
    """Queue ``task`` now (to run ``countdown`` seconds from now), or keep it to be sent when the
    broker is back."""
    try:
        task.apply_async(kwargs=kwargs, countdown=countdown, retry=True, retry_policy=PUBLISH_RETRY)
    except (OperationalError, OSError):
        logger.warning("broker unreachable: %s kept to be sent when it is back", task.name)
        UnsentTask.objects.create(task=task.name, kwargs=kwargs)


def send_on_commit(task: Task[Any, Any], **kwargs: Any) -> None:
    """Queue ``task`` with ``kwargs`` once the current transaction commits (see :func:`send`)."""
    transaction.on_commit(partial(send, task, kwargs))


def send_on_commit_coalesced(task: Task[Any, Any], *, seconds: float, **kwargs: Any) -> None:
    """Like :func:`send_on_commit`, for a follow-up that recomputes from committed rows (a catch-up,
    a refresh): the same task with the same ``kwargs`` asked for again within ``seconds`` is sent
    once, to run ``seconds`` after it was first asked for, and then covers the rows of every later
    request of the window (committed before it runs: the window's mark in the shared cache expires
    before the task's start). One cache call per request instead of one message each, and none
    while the window this process opened is open. In a web request both wait for its response to
    have gone out."""
    transaction.on_commit(partial(after_response.defer, partial(_send_coalesced, task, kwargs, seconds)))


# The windows this process opened (it sent their task), by mark, with the time.monotonic() at
# which each closes: until then a request of the window needs no cache call to know its task is
# queued. The time is taken before the mark is written and before the task is sent, so it closes
# no later than the mark and before the task starts. A window another process opened is not known
# here: its close is not.
_opened: dict[str, float] = {}
# Closed windows are dropped once this many are kept.
_OPENED_KEPT = 4096


def _send_coalesced(task: Task[Any, Any], kwargs: dict[str, Any], seconds: float) -> None:
    if task.app.conf.task_always_eager:  # run in the request (tests, the development server): each one
        send(task, kwargs)
        return
    arguments = json.dumps(kwargs, sort_keys=True, default=str).encode()
    key = f"queued:{task.name}:{hashlib.sha256(arguments).hexdigest()}"
    now = time.monotonic()
    if _opened.get(key, 0.0) > now:
        return
    try:
        first = cache.add(key, 1, timeout=seconds)
    except Exception:  # a cache that cannot answer: send it anyway (a refresh too many is harmless)
        logger.warning("cache unreachable: %s sent without coalescing", task.name)
        first = True
    if first:
        send(task, kwargs, countdown=seconds)
        _open(key, closes=now + seconds, now=now)


def _open(key: str, *, closes: float, now: float) -> None:
    if len(_opened) >= _OPENED_KEPT:
        for closed in [k for k, until in list(_opened.items()) if until <= now]:
            _opened.pop(closed, None)
    _opened[key] = closes
