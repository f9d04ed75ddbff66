"""Receivers of other apps' signals: they only queue progress tasks for after the commit.

Queueing never fails the request that caused it (``dealer_training.queueing``); the nightly
rebuild (``rollups_rebuild_all``) is the last safety net.
"""

from typing import Any

from dealer_training.queueing import send_on_commit, send_on_commit_coalesced

from . import rollups, tasks

# The answers of a trainee in one skill and game within this many seconds share one refresh.
ROLLUP_REFRESH_SECONDS = 2


def queue_rollup_refresh(sender: Any, *, attempt: Any, **kwargs: Any) -> None:
    """drills.signals.attempt_recorded: refresh that trainee's rollups once the attempt is committed.

    The rollups and reports cover the stud games and the other games (``rollups.REPORTED_GAMES``).
    """
    if attempt.variant not in rollups.REPORTED_GAMES:
        return
    send_on_commit_coalesced(
        tasks.rollup_refresh, seconds=ROLLUP_REFRESH_SECONDS, **rollups.refresh_arguments(attempt)
    )


def queue_organisation_rebuild(sender: Any, *, instance: Any, **kwargs: Any) -> None:
    """TrainingSettings saved: mastery dates depend on the bars, so rebuild that organisation."""
    send_on_commit(tasks.rollups_rebuild_organisation, organisation_id=instance.organisation_id)


def queue_sitting_rollups(sender: Any, *, session: Any, **kwargs: Any) -> None:
    """drills.signals.sitting_ended: an exam sitting's answers count in the rollups once it ends."""
    send_on_commit(
        tasks.rollups_rebuild_trainee, organisation_id=session.organisation_id, trainee_id=session.trainee_id
    )


def queue_rescored_rollups(sender: Any, *, trainees: Any, **kwargs: Any) -> None:
    """drills.signals.attempts_rescored: rebuild the rollups of trainees whose answers changed."""
    for organisation_id, trainee_id in sorted(trainees):
        send_on_commit(tasks.rollups_rebuild_trainee, organisation_id=organisation_id, trainee_id=trainee_id)
