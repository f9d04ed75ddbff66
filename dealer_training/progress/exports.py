"""CSV exports: attempts and summaries of one organisation, per cohort, game and period.

The rows come from querysets read with ``.iterator(chunk_size=...)``, so memory stays constant
however many rows there are: the same generator feeds the streamed download and the file a
Celery task writes for big exports.

Column names are stable English identifiers (spreadsheets and scripts rely on them); codes
(skill, game, mode) are the values the app stores.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import Count, F, QuerySet, Sum, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from dealer_training import csv_safe, jobs
from dealer_training.accounts.models import Membership, Organisation
from dealer_training.drills.models import Attempt

from . import rollups
from .models import DailyRollup, ExportJob, SkillProgress

logger = logging.getLogger(__name__)

CHUNK_SIZE = 2000
PROGRESS_EVERY = 1000  # rows between progress updates of an export job
EXPORT_DIR = "exports"
# Excel opens UTF-8 CSV files correctly (Japanese names included) only with a byte order mark.
BOM = "\ufeff"
# ExportJob.error holds one of these codes; the page turns it into a sentence.
ERROR_FILE = "file"
ERROR_DATABASE = "database"
ERROR_STALLED = jobs.ERROR_STALLED
ERROR_TIME_LIMIT = jobs.ERROR_TIME_LIMIT


class Kind:
    ATTEMPTS = "attempts"
    SUMMARY = "summary"
    ALL = (ATTEMPTS, SUMMARY)


@dataclass(frozen=True)
class ExportFilters:
    """What to export: the organisation's attempts between two local days (inclusive)."""

    kind: str
    start: date
    end: date
    cohort_id: int | None = None
    variant: str = ""

    def to_params(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "cohort": self.cohort_id,
            "variant": self.variant,
        }

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> ExportFilters:
        return cls(
            kind=params["kind"],
            start=date.fromisoformat(params["start"]),
            end=date.fromisoformat(params["end"]),
            cohort_id=params.get("cohort"),
            variant=params.get("variant") or "",
        )

    def filename(self, organisation: Organisation) -> str:
        return f"{organisation.slug}-{self.kind}-{self.start:%Y%m%d}-{self.end:%Y%m%d}.csv"


def _trainee_ids(organisation: Organisation, cohort_id: int | None) -> QuerySet[Membership, int]:
    members = Membership.objects.filter(organisation=organisation)
    if cohort_id is not None:
        members = members.filter(cohorts__pk=cohort_id)
    return members.values_list("user_id", flat=True)


ATTEMPT_COLUMNS = [
    "answered_at",
    "trainee_email",
    "trainee_name",
    "mode",
    "skill",
    "game",
    "question_kind",
    "correct",
    "score",
    "seconds",
    "speed",
    "session_id",
    "scenario",
    "scenario_version",
    "answer",
]
_ATTEMPT_FIELDS = (
    "created_at",
    "trainee__email",
    "trainee__name",
    "mode",
    "skill",
    "variant",
    "kind",
    "correct",
    "score",
    "time_ms",
    "speed",
    "session_id",
    "scenario_version__scenario__title",
    "scenario_version__number",
    "answer_text",
)


def attempts_queryset(organisation: Organisation, filters: ExportFilters) -> QuerySet[Attempt]:
    start, _ = rollups.day_bounds(filters.start)
    _, end = rollups.day_bounds(filters.end)
    attempts = Attempt.objects.filter(organisation=organisation, created_at__gte=start, created_at__lt=end)
    if filters.cohort_id is not None:
        attempts = attempts.filter(trainee_id__in=_trainee_ids(organisation, filters.cohort_id))
    if filters.variant:
        attempts = attempts.filter(variant=filters.variant)
    return attempts


def _attempt_rows(organisation: Organisation, filters: ExportFilters) -> Iterator[list[Any]]:
    zone = rollups.local_zone()
    rows = (
        attempts_queryset(organisation, filters)
        # The answer as the database's JSON text: no decoding and encoding again per row.
        .annotate(answer_text=Cast("answer", TextField()))
        .order_by("created_at", "pk")
        .values_list(*_ATTEMPT_FIELDS)
        .iterator(chunk_size=CHUNK_SIZE)
    )
    for (
        created_at,
        email,
        name,
        mode,
        skill,
        variant,
        kind,
        correct,
        score,
        time_ms,
        speed,
        session_id,
        title,
        number,
        answer,
    ) in rows:
        yield [
            created_at.astimezone(zone).isoformat(timespec="seconds"),
            email,
            name,
            mode,
            skill,
            variant,
            kind,
            1 if correct else 0,
            f"{score:.3f}",
            f"{time_ms / 1000:.3f}",
            speed,
            session_id,
            title or "",
            number or "",
            answer,
        ]


SUMMARY_COLUMNS = [
    "trainee_email",
    "trainee_name",
    "skill",
    "game",
    "attempts",
    "correct",
    "accuracy_percent",
    "average_seconds",
    "practice_days",
    "status",
    "attempts_all_time",
    "recent_accuracy_percent",
    "recent_median_seconds",
    "target_seconds",
    "mastered_at",
]


def summary_queryset(organisation: Organisation, filters: ExportFilters) -> QuerySet[DailyRollup]:
    rows = DailyRollup.objects.filter(organisation=organisation, day__gte=filters.start, day__lte=filters.end)
    if filters.cohort_id is not None:
        rows = rows.filter(trainee_id__in=_trainee_ids(organisation, filters.cohort_id))
    if filters.variant:
        rows = rows.filter(variant=filters.variant)
    return rows


def _summary_rows(organisation: Organisation, filters: ExportFilters) -> Iterator[list[Any]]:
    bars = rollups.bars_for(organisation.pk)
    zone = rollups.local_zone()
    groups = (
        summary_queryset(organisation, filters)
        .values("trainee_id", "skill", "variant")
        .annotate(
            email=F("trainee__email"),
            name=F("trainee__name"),
            n=Sum("attempts"),
            ok=Sum("correct"),
            total_ms=Sum("time_ms_total"),
            days=Count("day"),
        )
        .order_by("email", "skill", "variant")
    )
    progress = {
        (row.trainee_id, row.skill, row.variant): row
        for row in SkillProgress.objects.filter(organisation=organisation).defer("recent")
    }
    for group in groups.iterator(chunk_size=CHUNK_SIZE):
        row = progress.get((group["trainee_id"], group["skill"], group["variant"]))
        now = row.standing(bars) if row else None
        n = group["n"] or 0
        yield [
            group["email"],
            group["name"],
            group["skill"],
            group["variant"],
            n,
            group["ok"] or 0,
            f"{100 * (group['ok'] or 0) / n:.1f}" if n else "",
            f"{(group['total_ms'] or 0) / n / 1000:.2f}" if n else "",
            group["days"],
            now.status.value if now else "",
            row.attempts if row else "",
            f"{now.window_accuracy:.1f}" if now and now.window_accuracy is not None else "",
            f"{now.window_median_seconds:.2f}" if now and now.window_median_seconds is not None else "",
            f"{bars.target_seconds(group['skill']):.1f}",
            row.mastered_at.astimezone(zone).isoformat(timespec="seconds") if row and row.mastered_at else "",
        ]


def columns(kind: str) -> list[str]:
    return ATTEMPT_COLUMNS if kind == Kind.ATTEMPTS else SUMMARY_COLUMNS


def rows(organisation: Organisation, filters: ExportFilters) -> Iterator[list[Any]]:
    if filters.kind == Kind.ATTEMPTS:
        return _attempt_rows(organisation, filters)
    return _summary_rows(organisation, filters)


def count(organisation: Organisation, filters: ExportFilters) -> int:
    if filters.kind == Kind.ATTEMPTS:
        return attempts_queryset(organisation, filters).count()
    return summary_queryset(organisation, filters).values("trainee_id", "skill", "variant").distinct().count()


class _Echo:
    """A file-like object whose write() returns the line, for a CSV writer in a generator."""

    def write(self, value: str) -> str:
        return value


def csv_lines(header: list[str], body: Iterable[list[Any]]) -> Iterator[str]:
    """The CSV text, one line at a time, starting with the byte order mark and the header.

    Every cell goes through ``csv_safe``: a trainee's name or answer starting with ``=`` is never
    run as a spreadsheet formula."""
    writer = csv_safe.writer(_Echo())
    yield BOM + writer.writerow(header)
    for row in body:
        yield writer.writerow(row)


# --- export jobs (Celery) --------------------------------------------------------------------


def _set(job_id: int, **fields: Any) -> None:
    ExportJob.objects.filter(pk=job_id).update(**fields)


def partial_path(job: ExportJob) -> str:
    """The temporary file a run writes before moving it into place."""
    assert job.file.name is not None  # an export job is created with its file's name
    return f"{default_storage.path(job.file.name)}.partial"


def export_job_run(*, job_id: int, run: int | None = None) -> None:
    """Write the job's file from scratch into a temporary file, then move it into place.

    Running again (a retry, a redelivery after a killed worker, a run queued by the stalled-job
    check) starts over and replaces the temporary file, so the finished file holds each row
    exactly once. ``run`` is the number :func:`dealer_training.jobs.claim` gave this run: once
    another run has taken the job over, this one stops at its next progress write.
    """
    job = ExportJob.objects.select_related("organisation").filter(pk=job_id).first()
    if job is None or job.status == ExportJob.Status.DONE:
        return
    filters = ExportFilters.from_params(job.params)
    organisation = job.organisation
    total = count(organisation, filters)
    if run is None:
        _set(job.pk, status=ExportJob.Status.RUNNING)
    if not jobs.beat(ExportJob, job.pk, run, total=total, done=0, error=""):
        return
    assert job.file.name is not None  # an export job is created with its file's name
    final = default_storage.path(job.file.name)
    partial = partial_path(job)
    os.makedirs(os.path.dirname(final), exist_ok=True)
    written = 0
    try:
        # A new file, not the old one truncated: a run given up on may still hold the old one open.
        with suppress(FileNotFoundError):
            os.unlink(partial)
        with open(partial, "w", encoding="utf-8", newline="") as out:
            for line in csv_lines(columns(filters.kind), rows(organisation, filters)):
                out.write(line)
                written += 1
                # The header line counts too: report data rows only.
                if written % PROGRESS_EVERY == 0 and not jobs.beat(
                    ExportJob, job.pk, run, done=min(written - 1, total)
                ):
                    logger.warning("export %s: taken over by another run, this one stops", job.pk)
                    return
            out.flush()
            os.fsync(out.fileno())
        if not jobs.beat(ExportJob, job.pk, run):
            return
        os.replace(partial, final)
    except OSError as error:
        logger.exception("export %s: could not write the file (%s)", job.pk, error)
        _set(job.pk, status=ExportJob.Status.FAILED, error=ERROR_FILE, finished_at=timezone.now())
        return
    _set(
        job.pk, status=ExportJob.Status.DONE, done=written - 1, total=written - 1, finished_at=timezone.now()
    )


def export_job_give_up(*, job_id: int) -> None:
    """Fail a job that was started too often without finishing, and remove its temporary file."""
    job = ExportJob.objects.filter(pk=job_id).first()
    if job is None:
        return
    _set(job.pk, status=ExportJob.Status.FAILED, error=ERROR_STALLED, finished_at=timezone.now())
    if job.file:
        with suppress(OSError):
            os.unlink(partial_path(job))


def export_job_time_out(*, job_id: int, run: int) -> None:
    """Fail a run stopped by its time limit and remove its partial file, unless the job has moved
    on meanwhile (finished, failed, or taken over by another run)."""
    job = ExportJob.objects.filter(pk=job_id).first()
    if job is None:
        return
    ended = ExportJob.objects.filter(pk=job_id, runs=run, status=ExportJob.Status.RUNNING).update(
        status=ExportJob.Status.FAILED, error=ERROR_TIME_LIMIT, finished_at=timezone.now()
    )
    logger.error("export %s: stopped by its time limit", job_id)
    if ended and job.file:
        with suppress(OSError):
            os.unlink(partial_path(job))


def exports_recover_stalled(*, queue: Callable[[int], None]) -> tuple[int, int]:
    """Queue again (with ``queue(job_id)``) the jobs whose heartbeat stopped, or fail those
    started too often. Returns (queued again, failed)."""
    return jobs.recover_stalled(ExportJob, give_up=lambda pk: export_job_give_up(job_id=pk), queue=queue)


def export_job_fail(*, job_id: int, error: str) -> None:
    _set(job_id, status=ExportJob.Status.FAILED, error=error, finished_at=timezone.now())


def export_job_path(job: ExportJob) -> str | None:
    """The finished file on disk, or None while it is not done (or was removed)."""
    if job.status != ExportJob.Status.DONE or not job.file.name:
        return None
    path = default_storage.path(job.file.name)
    return path if os.path.exists(path) else None
