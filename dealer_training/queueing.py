"""Queue Celery tasks after the commit without ever failing the request over the broker.

When the broker cannot be reached, the row that asked for the task is already committed, so the
task is kept in the database (``infra.UnsentTask``) and sent by ``infra.tasks.send_unsent``
(Celery beat, every minute) once the broker is back. Every task the web requests queue goes
through :func:`send_on_commit`.
"""

import hashlib
import json
import logging
from functools import partial
from typing import Any, TypedDict

from celery import Task
from django.core.cache import cache
from django.db import DatabaseError, transaction
from kombu.exceptions import OperationalError

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
    before the task's start). One cache write per request instead of one message each."""
    transaction.on_commit(partial(_send_coalesced, task, kwargs, seconds))


def _send_coalesced(task: Task[Any, Any], kwargs: dict[str, Any], seconds: float) -> None:
    if task.app.conf.task_always_eager:  # run in the request (tests, the development server): each one
        send(task, kwargs)
        return
    arguments = json.dumps(kwargs, sort_keys=True, default=str).encode()
    key = f"queued:{task.name}:{hashlib.sha256(arguments).hexdigest()}"
    try:
        first = cache.add(key, 1, timeout=seconds)
    except Exception:  # a cache that cannot answer: send it anyway (a refresh too many is harmless)
        logger.warning("cache unreachable: %s sent without coalescing", task.name)
        first = True
    if first:
        send(task, kwargs, countdown=seconds)
