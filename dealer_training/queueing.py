"""Queue Celery tasks after the commit without ever failing the request over the broker.

When the broker cannot be reached, the row that asked for the task is already committed, so the
task is kept in the database (``infra.UnsentTask``) and sent by ``infra.tasks.send_unsent``
(Celery beat, every minute) once the broker is back. Every task the web requests queue goes
through :func:`send_on_commit`.
"""

import logging
from functools import partial
from typing import Any, TypedDict

from celery import Task
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


def send(task: Task[Any, Any], kwargs: dict[str, Any]) -> None:
    """Queue ``task`` now, or keep it to be sent when the broker is back."""
    try:
        task.apply_async(kwargs=kwargs, retry=True, retry_policy=PUBLISH_RETRY)
    except (OperationalError, OSError):
        logger.warning("broker unreachable: %s kept to be sent when it is back", task.name)
        UnsentTask.objects.create(task=task.name, kwargs=kwargs)


def send_on_commit(task: Task[Any, Any], **kwargs: Any) -> None:
    """Queue ``task`` with ``kwargs`` once the current transaction commits (see :func:`send`)."""
    transaction.on_commit(partial(send, task, kwargs))
