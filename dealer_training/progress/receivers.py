"""Receivers of other apps' signals: they only queue progress tasks for after the commit.

Queueing never fails the request that caused it: when the broker cannot be reached, the answer
or the settings change is already committed, so the task is kept in the database
(``UnsentTask``) and sent by ``send_unsent`` (Celery beat, every minute) once the broker is back;
the nightly rebuild (``rollups_rebuild_all``) is the last safety net.
"""

import logging
from functools import partial
from typing import Any

from celery import Task
from django.db import transaction
from kombu.exceptions import OperationalError

from . import rollups, tasks
from .models import UnsentTask

logger = logging.getLogger(__name__)

# Publishing waits this long for a broker that is down before giving up (not Celery's default
# of several seconds, which a trainee would feel on every answer).
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


def _send(task: Task, kwargs: dict[str, Any]) -> None:
    try:
        task.apply_async(kwargs=kwargs, retry=True, retry_policy=PUBLISH_RETRY)
    except (OperationalError, OSError):
        logger.warning("broker unreachable: %s%r kept to be sent when it is back", task.name, kwargs)
        UnsentTask.objects.create(task=task.name, kwargs=kwargs)


def queue_rollup_refresh(sender: Any, *, attempt: Any, **kwargs: Any) -> None:
    """drills.signals.attempt_recorded: refresh that trainee's rollups once the attempt is committed.

    The rollups and reports cover the stud games; the other games' drills are practice only.
    """
    if attempt.variant not in rollups.STUD_GAMES:
        return
    transaction.on_commit(partial(_send, tasks.rollup_refresh, rollups.refresh_arguments(attempt)))


def queue_organisation_rebuild(sender: Any, *, instance: Any, **kwargs: Any) -> None:
    """TrainingSettings saved: mastery dates depend on the bars, so rebuild that organisation."""
    transaction.on_commit(
        partial(_send, tasks.rollups_rebuild_organisation, {"organisation_id": instance.organisation_id})
    )
