"""Receivers of other apps' signals: they only queue progress tasks for after the commit."""

from typing import Any

from . import rollups, tasks


def queue_rollup_refresh(sender: Any, *, attempt: Any, **kwargs: Any) -> None:
    """drills.signals.attempt_recorded: refresh that trainee's rollups once the attempt is committed."""
    tasks.rollup_refresh.delay_on_commit(**rollups.refresh_arguments(attempt))


def queue_organisation_rebuild(sender: Any, *, instance: Any, **kwargs: Any) -> None:
    """TrainingSettings saved: mastery dates depend on the bars, so rebuild that organisation."""
    tasks.rollups_rebuild_organisation.delay_on_commit(organisation_id=instance.organisation_id)
