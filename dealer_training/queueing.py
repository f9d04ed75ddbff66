"""Queue Celery tasks after the commit without ever failing the request over the broker.

When the broker cannot be reached, the row that asked for the task is already committed, so the
task is kept in the database (``infra.UnsentTask``) and sent by ``infra.tasks.send_unsent``
(Celery beat, every minute) once the broker is back. Every task the web requests queue goes
through :func:`send_on_commit`.
"""

import logging
from functools import partial
from typing import Any

from celery import Task
from django.db import transaction
from kombu.exceptions import OperationalError

from dealer_training.infra.models import UnsentTask

logger = logging.getLogger(__name__)

# Publishing waits this long for a broker that is down before giving up (not Celery's default
# of several seconds, which a user would feel on every request).
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


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
