"""Imports: an upload becomes files, a file becomes scenario documents, each checked by the engine.

An upload is one scenario JSON file (a scenario or a list of them), one PHH hand history
(``.phh`` / ``.toml``), or a ``.zip`` of such files (our export's ``manifest.json`` included).
Each file is judged on its own: a bad file gets its own error with the place in the file (the
line and column, or the path in the document) and never stops the good ones; a file's
scenarios are saved together or not at all.

A scenario whose answer trainees cannot work out from the table they are shown is never
published: asked to publish, the import keeps it as a draft and says why in the file's result
(``unanswerable``), so nothing in the file is lost and the instructor can fix it in the editor.

Limits guard the server: 5 MB per upload, 2,000 files per zip, 50 MB unpacked in all, 1 MB per
file (the engine's own limit), JSON nested at most 32 levels, UTF-8 text only; 500 scenarios per
file and 2,000 per upload, and a drill set (the manifest's, or a hand walk) of at most
``MAX_DRILL_SET_QUESTIONS`` questions. Every file is read and checked before anything is saved,
so an upload over a limit of the whole is refused whole.
"""

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from dealer_training import jobs
from dealer_training.accounts.models import Membership, Role
from games.api import EngineError

from .answerability import answerability_problems, stored_problems
from .choices import Skill, Variant
from .import_files import (
    MANIFEST,
    MANIFEST_FORMAT,
    MAX_SCENARIOS_PER_IMPORT,
    SCENARIO_SUFFIXES,
    Entry,
    FileProblem,
    Made,
    _stem,
    documents_from_json,
    documents_from_phh,
    engine_problem,
    entries,
    read_json,
    text_of,
)
from .models import (
    MAX_DRILL_SET_QUESTIONS,
    MAX_EXAM_COOLDOWN_HOURS,
    MAX_EXAM_MINUTES,
    MAX_EXAM_SITTINGS,
    DrillSet,
    DrillSetItem,
    ExamReview,
    ImportJob,
    Scenario,
)
from .phh_points import POINTS
from .services import scenario_save

ERROR_STALLED = jobs.ERROR_STALLED
ERROR_TIME_LIMIT = jobs.ERROR_TIME_LIMIT
logger = logging.getLogger(__name__)


def _manifest(entries_: list[Entry]) -> tuple[dict[str, Any] | None, list[Entry]]:
    """Our export's manifest, if the zip has one (it orders the files), and the other files."""
    rest = [e for e in entries_ if e.name != MANIFEST]
    found = next((e for e in entries_ if e.name == MANIFEST and e.problem is None), None)
    if found is None:
        return None, rest
    try:
        manifest = read_json(text_of(found.data))
    except FileProblem:
        return None, rest
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        return None, rest
    order = [f.get("file") for f in manifest.get("scenarios") or [] if isinstance(f, dict)]
    rank = {name: i for i, name in enumerate(order) if isinstance(name, str)}
    rest.sort(key=lambda e: (rank.get(e.name, len(rank)), e.name))
    return manifest, rest


def import_counts(results: Any) -> tuple[int, int, int]:
    """Scenarios saved, files skipped (not scenario files) and files failed, from a job's
    results (the manifest's drill set counts as neither)."""
    saved = skipped = failed = 0
    for result in results if isinstance(results, list) else []:
        if not isinstance(result, dict) or (result.get("file") == MANIFEST and result.get("ok")):
            continue
        if result.get("ok"):
            saved += len(result.get("scenarios") or [])
        elif result.get("skipped"):
            skipped += 1
        else:
            failed += 1
    return saved, skipped, failed


def _count(job: ImportJob) -> list[str]:
    """Set the job's counts from its results; the fields to save."""
    job.saved_count, job.skipped_count, job.failed_count = import_counts(job.results)
    return ["saved_count", "skipped_count", "failed_count"]


def _finished_status(job: ImportJob) -> str:
    """Done when the import saved something (a scenario, or the manifest's drill set); an
    import that saved nothing failed, whatever the reason."""
    made_set = any(isinstance(r, dict) and r.get("file") == MANIFEST and r.get("ok") for r in job.results)
    return ImportJob.Status.DONE if job.saved_count or made_set else ImportJob.Status.FAILED


def _result(entry: Entry, **values: Any) -> dict[str, Any]:
    result: dict[str, Any] = storable({"file": entry.name, **values})
    return result


def storable(value: Any) -> Any:
    """``value`` with NUL characters replaced: PostgreSQL's JSON cannot hold them, and a hostile
    file's names and values are echoed in its result."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable(v) for v in value]
    return value


def _documents(entry: Entry, options: Mapping[str, Any]) -> tuple[list[Made], bool]:
    if entry.problem is not None:
        raise entry.problem
    suffix = PurePosixPath(entry.name).suffix.lower()
    kind = SCENARIO_SUFFIXES.get(suffix)
    if kind is None:
        raise FileProblem("unknown_type", suffix=suffix or "—")
    text = text_of(entry.data)
    skill = options.get("skill") or ""
    if kind == "json":
        return documents_from_json(entry.name, text, default_skill=skill), False
    points = [p for p in options.get("points") or [] if p in POINTS]
    return documents_from_phh(
        entry.name, text, default_skill=skill, points=points, hand_walk=bool(options.get("hand_walk"))
    )


def _save_file(
    job: ImportJob, entry: Entry, made: list[Made], walk: bool
) -> tuple[list[int], list[dict[str, Any]]]:
    """Save a file's scenarios together; also returns those whose answer the table does not give
    (kept as drafts when the import publishes)."""
    publish = bool(job.options.get("publish"))
    unanswerable: list[dict[str, Any]] = []
    with transaction.atomic():
        saved = []
        for m in made:
            problems = answerability_problems(m.document)
            scenario = scenario_save(
                organisation=job.organisation,
                user=job.created_by,
                document=m.document,
                title=m.title,
                notes=m.notes,
                tags=m.tags,
                skill=m.skill,
                difficulty=m.difficulty,
                status=Scenario.Status.PUBLISHED if publish and not problems else Scenario.Status.DRAFT,
            )
            saved.append(scenario)
            if problems:
                unanswerable.append(
                    {"scenario": scenario.pk, "title": scenario.title, "problems": stored_problems(problems)}
                )
        if walk:
            drill_set = DrillSet.objects.create(
                organisation=job.organisation,
                title=(_("Hand walk: %(name)s") % {"name": _stem(entry.name)})[:200],
                created_by=job.created_by,
            )
            DrillSetItem.objects.bulk_create(
                DrillSetItem(drill_set=drill_set, position=i, scenario=s)
                for i, s in enumerate(saved, start=1)
            )
    return [s.pk for s in saved], unanswerable


def _drill_set_from_manifest(
    job: ImportJob, manifest: Mapping[str, Any], by_file: Mapping[str, list[int]]
) -> dict[str, Any] | None:
    spec = manifest.get("drill_set")
    if not isinstance(spec, dict):
        return None
    items = [i for i in spec.get("items") or [] if isinstance(i, dict)]
    with transaction.atomic():
        drill_set = DrillSet(
            organisation=job.organisation,
            title=str(spec.get("title") or job.filename)[:200],
            description=str(spec.get("description") or "")[:5000],
            is_exam=bool(spec.get("is_exam")),
            created_by=job.created_by,
        )
        accuracy, seconds = spec.get("pass_accuracy"), spec.get("pass_seconds")
        drill_set.pass_accuracy = accuracy if isinstance(accuracy, int) and 0 <= accuracy <= 100 else None
        drill_set.pass_seconds = float(seconds) if isinstance(seconds, int | float) and seconds > 0 else None
        rules = spec.get("exam_rules")
        rules_ignored = drill_set.is_exam and isinstance(rules, dict) and not _importer_is_owner(job)
        if drill_set.is_exam and isinstance(rules, dict) and not rules_ignored:
            _apply_exam_rules(drill_set, rules)
        drill_set.save()
        position, skipped = 0, 0
        for item in items:
            ids = by_file.get(str(item.get("file"))) if item.get("file") else None
            if ids:
                position += 1
                DrillSetItem.objects.create(drill_set=drill_set, position=position, scenario_id=ids[0])
            elif item.get("skill") in Skill.values:
                variant = item["variant"] if item.get("variant") in Variant.values else ""
                count = _item_count(item)
                position += 1
                DrillSetItem.objects.create(
                    drill_set=drill_set, position=position, skill=item["skill"], variant=variant, count=count
                )
            else:
                skipped += 1
    summary = {
        "drill_set": drill_set.pk,
        "title": drill_set.title,
        "items": position,
        "items_skipped": skipped,
    }
    if rules_ignored:
        summary["exam_rules_ignored"] = True
    return summary


def _importer_is_owner(job: ImportJob) -> bool:
    """Only an owner sets how an exam is sat; an instructor's import keeps the defaults."""
    return (
        job.created_by_id is not None
        and Membership.objects.current()
        .filter(organisation_id=job.organisation_id, user_id=job.created_by_id, role=Role.OWNER)
        .exists()
    )


def _whole(value: Any, low: int, high: int) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    return value if ok else None


def _apply_exam_rules(drill_set: DrillSet, rules: Mapping[str, Any]) -> None:
    """The exported rules of sitting an exam, each kept only when it is one the form allows."""
    for attribute, key, low, high in (
        ("exam_minutes", "minutes", 1, MAX_EXAM_MINUTES),
        ("exam_max_sittings", "max_sittings", 1, MAX_EXAM_SITTINGS),
        ("exam_cooldown_hours", "cooldown_hours", 0, MAX_EXAM_COOLDOWN_HOURS),
    ):
        value = _whole(rules.get(key), low, high)
        if value is not None:
            setattr(drill_set, attribute, value)
    if rules.get("review") in ExamReview.values:
        drill_set.exam_review = rules["review"]
    if isinstance(rules.get("items_in_practice"), bool):
        drill_set.exam_items_in_practice = rules["items_in_practice"]


def _item_count(item: Mapping[str, Any]) -> int:
    count = item.get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= 100 else 1


def manifest_drill_set_size(manifest: Mapping[str, Any] | None) -> int:
    """How many questions the manifest's drill set would hold at most (repeats counted)."""
    spec = manifest.get("drill_set") if manifest is not None else None
    if not isinstance(spec, dict) or not isinstance(spec.get("items"), list):
        return 0
    size = 0
    for item in spec["items"]:
        if not isinstance(item, dict):
            continue
        if item.get("file"):
            size += 1
        elif item.get("skill") in Skill.values:
            size += _item_count(item)
    return size


@dataclass
class Prepared:
    """A file read and checked, ready to save, or why it cannot be imported."""

    entry: Entry
    made: list[Made] = field(default_factory=list)
    walk: bool = False
    problem: FileProblem | None = None


def prepare(files: list[Entry], options: Mapping[str, Any], *, already: int = 0) -> list[Prepared]:
    """Every file read and checked before anything is saved. An upload with more than
    ``MAX_SCENARIOS_PER_IMPORT`` scenarios in all (``already`` saved by an earlier run of the
    job counted) raises FileProblem, so that it is refused whole rather than saved in part."""
    out = []
    total = already
    for entry in files:
        try:
            made, walk = _documents(entry, options)
        except FileProblem as problem:
            out.append(Prepared(entry, problem=problem))
            continue
        total += len(made)
        if total > MAX_SCENARIOS_PER_IMPORT:
            raise FileProblem("import_too_many_scenarios", limit=MAX_SCENARIOS_PER_IMPORT)
        out.append(Prepared(entry, made=made, walk=walk))
    return out


def file_result(job: ImportJob, ready: Prepared) -> tuple[dict[str, Any], list[int]]:
    """Save one prepared file (its scenarios in the caller's transaction); its result and ids."""
    entry = ready.entry
    try:
        if ready.problem is not None:
            raise ready.problem
        ids, unanswerable = _save_file(job, entry, ready.made, ready.walk)
    except FileProblem as problem:
        skipped = problem.code == "unknown_type"
        return _result(entry, ok=False, skipped=skipped, error=problem.to_dict()), []
    except EngineError as err:  # a document that changed between the check and the save
        return _result(entry, ok=False, error=engine_problem(err, text="").to_dict()), []
    values: dict[str, Any] = {"scenarios": ids, "hand_walk": ready.walk}
    if unanswerable:
        values["unanswerable"] = unanswerable
    return _result(entry, ok=True, **values), ids


class Superseded(Exception):
    """Another run took the job over (this one was given up on): stop without writing."""


def _own(job: ImportJob, run: int | None) -> None:
    """Inside a transaction: lock the job's row, and stop if another run has taken it over."""
    current = ImportJob.objects.select_for_update().filter(pk=job.pk).values_list("runs", flat=True).first()
    if run is not None and current != run:
        raise Superseded


def _refused(job: ImportJob, run: int | None, problem: FileProblem) -> None:
    """The whole upload refused: one result saying why, and nothing saved."""
    with transaction.atomic():
        _own(job, run)
        job.results = [storable({"file": job.filename, "ok": False, "error": problem.to_dict()})]
        job.total = job.processed = 1
        _count(job)
        job.status = ImportJob.Status.FAILED
        job.payload = b""
        job.finished_at = timezone.now()
        job.save()


def run(job: ImportJob, *, run: int | None = None) -> ImportJob:
    """Process an import job file by file, saving progress after each file.

    Every file is read and checked before the first is saved, so an upload over the limits is
    refused whole. A file's scenarios and the job's progress are then saved in one transaction,
    so a run cut off anywhere (a killed worker) leaves either both or neither: the next run skips
    the files recorded as done and imports the others, never one twice. ``run`` is the number
    :func:`dealer_training.jobs.claim` gave this run (None when called directly).
    """
    if run is None:
        job.status = ImportJob.Status.RUNNING
        job.heartbeat_at = timezone.now()
        job.save(update_fields=["status", "heartbeat_at"])
    language = job.options.get("language") or "ja"
    try:
        with override(language):
            _run_files(job, run)
    except Superseded:
        logger.warning("import %s: taken over by another run, this one stops", job.pk)
        return job
    return job


def _run_files(job: ImportJob, run: int | None) -> None:
    try:
        files = entries(job.filename, bytes(job.payload))
    except FileProblem as problem:
        _refused(job, run, problem)
        return
    manifest, files = _manifest(files)
    size = manifest_drill_set_size(manifest)
    if size > MAX_DRILL_SET_QUESTIONS:
        _refused(job, run, FileProblem("drill_set_too_large", count=size, limit=MAX_DRILL_SET_QUESTIONS))
        return
    # A job picked up again after a worker stopped keeps the files it already finished.
    finished = {r.get("file") for r in job.results if isinstance(r, dict)}
    job.total = len(files)
    job.processed = len([f for f in files if f.name in finished])
    files = [f for f in files if f.name not in finished]
    with transaction.atomic():
        _own(job, run)
        job.heartbeat_at = timezone.now()
        job.save(update_fields=["total", "processed", "heartbeat_at"])
    by_file: dict[str, list[int]] = {
        r["file"]: r["scenarios"] for r in job.results if isinstance(r, dict) and r.get("scenarios")
    }
    try:
        prepared = prepare(files, job.options, already=sum(len(ids) for ids in by_file.values()))
    except FileProblem as problem:
        _refused(job, run, problem)
        return
    for ready in prepared:
        entry = ready.entry
        with transaction.atomic():
            _own(job, run)
            result, ids = file_result(job, ready)
            if ids:
                by_file[entry.name] = ids
            job.results.append(result)
            job.processed += 1
            job.heartbeat_at = timezone.now()
            job.save(update_fields=["processed", "results", "heartbeat_at", *_count(job)])
    with transaction.atomic():
        _own(job, run)
        if manifest is not None:
            summary = _drill_set_from_manifest(job, manifest, by_file)
            if summary is not None:
                job.results.append({"file": MANIFEST, "ok": True, **summary})
        _count(job)
        job.status = _finished_status(job)
        job.payload = b""
        job.finished_at = timezone.now()
        job.save()


def import_job_give_up(*, job_id: int) -> None:
    """Fail a job started too often without finishing, saying so in its results."""
    with transaction.atomic():
        job = ImportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status not in (ImportJob.Status.PENDING, ImportJob.Status.RUNNING):
            return
        job.results.append(
            {
                "file": job.filename,
                "ok": False,
                "error": {"code": ERROR_STALLED, "params": {"runs": job.runs}},
            }
        )
        _count(job)
        job.status = ImportJob.Status.FAILED
        job.payload = b""
        job.finished_at = timezone.now()
        job.save()


def import_job_time_out(*, job_id: int, run: int) -> None:
    """Fail a run stopped by its time limit, saying so in its results; the files it finished stay
    imported. A job that moved on meanwhile (finished, or taken over by another run) is left alone."""
    logger.error("import %s: stopped by its time limit", job_id)
    with transaction.atomic():
        job = (
            ImportJob.objects.select_for_update()
            .filter(pk=job_id, runs=run, status=ImportJob.Status.RUNNING)
            .first()
        )
        if job is None:
            return
        job.results.append(
            {
                "file": job.filename,
                "ok": False,
                "error": {"code": ERROR_TIME_LIMIT, "params": {"minutes": jobs.time_limit_minutes()}},
            }
        )
        _count(job)
        job.status = ImportJob.Status.FAILED
        job.payload = b""
        job.finished_at = timezone.now()
        job.save()


def imports_recover_stalled(*, queue: Callable[[int], None]) -> tuple[int, int]:
    """Queue again (with ``queue(job_id)``) the imports whose heartbeat stopped, or fail those
    started too often. Returns (queued again, failed)."""
    return jobs.recover_stalled(ImportJob, give_up=lambda pk: import_job_give_up(job_id=pk), queue=queue)
