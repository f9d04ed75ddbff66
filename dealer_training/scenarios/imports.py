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

import io
import json
import logging
import re
import sys
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from dealer_training import jobs
from dealer_training.accounts.models import Membership, Role
from games.core.errors import EngineError
from games.solve import solve
from games.stud.phh import from_phh
from games.stud.scenario import MAX_INPUT_BYTES, scenario_to_dict

from .answerability import answerability_problems, stored_messages, stored_problems
from .choices import Skill, Variant
from .engine import META_KEYS, message_for, normalized, split_meta, suggested_skill
from .labels import QUESTION_SHORT, STREETS
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
from .phh_points import POINTS, Point, decision_points, walk_points
from .services import scenario_save

MAX_UPLOAD_BYTES = 5_000_000
MAX_ZIP_FILES = 2000
MAX_UNCOMPRESSED_BYTES = 50_000_000
MAX_FILE_BYTES = MAX_INPUT_BYTES
MAX_JSON_DEPTH = 32
MAX_SCENARIOS_PER_FILE = 500
MAX_SCENARIOS_PER_IMPORT = 2000
MANIFEST = "manifest.json"
MANIFEST_FORMAT = "stud-dealer-trainer/scenarios"
SCENARIO_SUFFIXES = {".json": "json", ".phh": "phh", ".toml": "phh"}
ERROR_STALLED = jobs.ERROR_STALLED
ERROR_TIME_LIMIT = jobs.ERROR_TIME_LIMIT

logger = logging.getLogger(__name__)


class FileProblem(Exception):
    """Why one file (or the whole upload) cannot be imported, and where."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


@dataclass
class Entry:
    name: str
    data: bytes = b""
    problem: FileProblem | None = None


@dataclass
class Made:
    """A document ready to save, with the row fields found for it."""

    document: dict[str, Any]
    title: str
    notes: str = ""
    tags: list[str] = field(default_factory=list)
    skill: str = ""
    difficulty: int = 2


# --- reading the upload ----------------------------------------------------------------------------


def _is_zip(name: str, data: bytes) -> bool:
    return data[:4] == b"PK\x03\x04" or name.lower().endswith(".zip")


def _skipped_member(name: str) -> bool:
    parts = PurePosixPath(name).parts
    return any(part.startswith(".") or part == "__MACOSX" for part in parts)


def entries(name: str, data: bytes) -> list[Entry]:
    """The files of an upload. A broken or oversized zip raises FileProblem for the whole upload."""
    if not _is_zip(name, data):
        return [Entry(name=name, data=data)]
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [i for i in archive.infolist() if not i.is_dir() and not _skipped_member(i.filename)]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError):
        raise FileProblem("bad_zip") from None
    if len(members) > MAX_ZIP_FILES:
        raise FileProblem("zip_too_many_files", count=len(members), limit=MAX_ZIP_FILES)
    if sum(i.file_size for i in members) > MAX_UNCOMPRESSED_BYTES:
        raise FileProblem("zip_too_large", limit=MAX_UNCOMPRESSED_BYTES // 1_000_000)
    if not members:
        raise FileProblem("zip_empty")
    out: list[Entry] = []
    total = 0
    for info in members:
        member = info.filename[:200]
        if member.lower().endswith(".zip"):
            out.append(Entry(member, problem=FileProblem("nested_zip")))
            continue
        if info.flag_bits & 0x1:
            out.append(Entry(member, problem=FileProblem("encrypted")))
            continue
        if info.file_size > MAX_FILE_BYTES:
            out.append(Entry(member, problem=FileProblem("file_too_large", limit=MAX_FILE_BYTES // 1000)))
            continue
        try:
            with archive.open(info) as handle:
                content = handle.read(MAX_FILE_BYTES + 1)  # the declared size may lie
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
            out.append(Entry(member, problem=FileProblem("damaged")))
            continue
        total += len(content)
        if len(content) > MAX_FILE_BYTES:
            out.append(Entry(member, problem=FileProblem("file_too_large", limit=MAX_FILE_BYTES // 1000)))
            continue
        if total > MAX_UNCOMPRESSED_BYTES:
            raise FileProblem("zip_too_large", limit=MAX_UNCOMPRESSED_BYTES // 1_000_000)
        out.append(Entry(member, content))
    return out


def text_of(data: bytes) -> str:
    """UTF-8 text (a byte-order mark is allowed); anything else is refused with its position."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise FileProblem("not_utf8", line=line, offset=err.start) from None
    # A NUL character, raw or escaped, has no place in a scenario (and the database refuses it).
    for needle in ("\x00", "\\u0000"):
        at = text.find(needle)
        if at >= 0:
            raise FileProblem("nul_character", line=text.count("\n", 0, at) + 1)
    return text


def _depth(value: Any) -> tuple[int, str]:
    """The deepest nesting and a path to it (iterative: hostile input cannot overflow the stack)."""
    deepest, where = 0, ""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        item, depth, path = stack.pop()
        if depth > deepest:
            deepest, where = depth, path
        if depth > MAX_JSON_DEPTH:
            break
        if isinstance(item, dict):
            stack.extend((v, depth + 1, f"{path}.{k}" if path else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(item))
    return deepest, where


def read_json(text: str) -> Any:
    try:
        value = json.loads(text)
    except RecursionError:
        raise FileProblem("too_deep", limit=MAX_JSON_DEPTH) from None
    except json.JSONDecodeError as err:
        raise FileProblem("bad_json", line=err.lineno, column=err.colno, detail=err.msg) from None
    except ValueError:  # an integer longer than Python reads (4,300 digits)
        raise FileProblem("number_too_long", limit=sys.get_int_max_str_digits()) from None
    depth, where = _depth(value)
    if depth > MAX_JSON_DEPTH:
        raise FileProblem("too_deep", limit=MAX_JSON_DEPTH, path=where)
    return value


_TOML_PLACE = re.compile(r"line (\d+), column (\d+)")


def line_of(text: str, needle: str) -> int | None:
    """The line on which a value appears, when it appears exactly once (for error places)."""
    quoted = json.dumps(needle, ensure_ascii=False)
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if quoted in line]
    return hits[0] if len(hits) == 1 else None


def _seats_of(document: Any) -> list[int]:
    if not isinstance(document, Mapping):
        return []
    seats = document.get("seats")
    if isinstance(seats, list) and all(isinstance(s, int) for s in seats):
        return list(seats)
    stacks = document.get("starting_stacks")
    return list(range(1, len(stacks) + 1)) if isinstance(stacks, list) else []


def engine_problem(
    error: EngineError, *, text: str, prefix: str = "", actions: Any = None, document: Any = None
) -> FileProblem:
    """An engine error located in the file: its path, and its line when it can be found."""
    path = error.path or ""
    params: dict[str, Any] = {
        "seats": _seats_of(document)[:16],
        "engine_code": error.code,
        "engine_params": _plain(error.params),
        "message": error.message[:300],
        "path": f"{prefix}{'.' if prefix and path and not path.startswith('[') else ''}{path}" or None,
    }
    if error.code == "bad_phh":
        match = _TOML_PLACE.search(error.message)
        if match:
            params["line"], params["column"] = int(match[1]), int(match[2])
        elif "end of document" in error.message:
            params["at_end"] = True
    match = re.match(r"actions\[(\d+)\]", path)
    if match and isinstance(actions, list | tuple):
        index = int(match[1])
        if index < len(actions) and isinstance(actions[index], str):
            params["action"] = actions[index][:80]
            params["line"] = line_of(text, actions[index])
    return FileProblem("engine", **params)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


# --- from a file to documents --------------------------------------------------------------------------


def _stem(name: str) -> str:
    return PurePosixPath(name).stem[:150] or name[:150]


def _made(document: Mapping[str, Any], *, title: str, default_skill: str) -> Made:
    hand, meta = split_meta(document)
    solution = solve(hand)
    raw_tags = meta.get("_tags")
    tags = raw_tags if isinstance(raw_tags, list) else []
    skill = meta.get("_skill") if meta.get("_skill") in Skill.values else default_skill
    if not skill:
        skill = suggested_skill(solution["kind"], str(hand["variant"]), solution, hand)
    difficulty = meta.get("_difficulty")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 5:
        difficulty = 2
    return Made(
        document=normalized(hand),
        title=str(meta.get("_title") or title)[:200],
        notes=str(meta.get("_notes") or ""),
        tags=[str(t)[:40] for t in tags if isinstance(t, str)][:20],
        skill=skill,
        difficulty=difficulty,
    )


def documents_from_json(name: str, text: str, *, default_skill: str) -> list[Made]:
    value = read_json(text)
    items = value if isinstance(value, list) else [value]
    if not items:
        raise FileProblem("empty")
    if len(items) > MAX_SCENARIOS_PER_FILE:
        raise FileProblem("too_many_scenarios", limit=MAX_SCENARIOS_PER_FILE)
    out = []
    for i, item in enumerate(items):
        prefix = f"[{i}]" if isinstance(value, list) else ""
        if not isinstance(item, dict):
            raise FileProblem("not_object", path=prefix or None)
        title = _stem(name) if len(items) == 1 else f"{_stem(name)} ({i + 1})"
        try:
            out.append(_made(item, title=title, default_skill=default_skill))
        except EngineError as err:
            raise engine_problem(
                err, text=text, prefix=prefix, actions=item.get("actions"), document=item
            ) from None
    return out


def _point_title(base: str, point: Point) -> str:
    if point.code == "first_actor" and point.street in STREETS:
        label = _("First to act on %(street)s") % {"street": STREETS[point.street]}
    elif point.code == "pots_after_antes":
        label = _("Pot after the antes")
    elif point.code == "round_complete":
        label = _("End of the betting round")
    elif point.code == "next_action":
        label = _("Who acts next (action %(number)s)") % {"number": point.length + 1}
    else:
        label = str(QUESTION_SHORT.get(point.kind, point.kind))
    return f"{base} — {label}"


def documents_from_phh(
    name: str, text: str, *, default_skill: str, points: list[str], hand_walk: bool
) -> tuple[list[Made], bool]:
    """Scenarios from one PHH file, and whether they form a hand walk (kept in order as a drill set)."""
    try:
        scenario = from_phh(text)
    except EngineError as err:
        raise engine_problem(err, text=text) from None
    raw_actions = list(scenario.actions)
    seats = {"seats": list(scenario.player_seats)}
    base = scenario.title or _stem(name)
    if scenario.question is not None:
        try:
            return [_made(scenario_to_dict(scenario), title=base, default_skill=default_skill)], False
        except EngineError as err:
            raise engine_problem(err, text=text, actions=raw_actions, document=seats) from None
    try:
        found = walk_points(scenario) if hand_walk else decision_points(scenario, points)
    except EngineError as err:
        raise engine_problem(err, text=text, actions=raw_actions, document=seats) from None
    if not found:
        raise FileProblem("no_points")
    if len(found) > MAX_SCENARIOS_PER_FILE:
        raise FileProblem("too_many_scenarios", limit=MAX_SCENARIOS_PER_FILE)
    if hand_walk and len(found) > MAX_DRILL_SET_QUESTIONS:
        raise FileProblem("walk_too_long", count=len(found), limit=MAX_DRILL_SET_QUESTIONS)
    made = []
    for point in found:
        document = dict(point.document)
        for key in META_KEYS:
            document.pop(key, None)
        document["_title"] = _point_title(base, point)
        document["_tags"] = [*list(scenario.tags or ()), "phh"]
        made.append(_made(document, title=base, default_skill=default_skill))
    return made, hand_walk


# --- running a job ---------------------------------------------------------------------------------------


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
            job.save(update_fields=["processed", "results", "heartbeat_at"])
    with transaction.atomic():
        _own(job, run)
        if manifest is not None:
            summary = _drill_set_from_manifest(job, manifest, by_file)
            if summary is not None:
                job.results.append({"file": MANIFEST, "ok": True, **summary})
        job.status = ImportJob.Status.DONE
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
        job.status = ImportJob.Status.FAILED
        job.payload = b""
        job.finished_at = timezone.now()
        job.save()


def imports_recover_stalled(*, queue: Callable[[int], None]) -> tuple[int, int]:
    """Queue again (with ``queue(job_id)``) the imports whose heartbeat stopped, or fail those
    started too often. Returns (queued again, failed)."""
    return jobs.recover_stalled(ImportJob, give_up=lambda pk: import_job_give_up(job_id=pk), queue=queue)


# --- saying what went wrong ------------------------------------------------------------------------


def problem_message(problem: Mapping[str, Any]) -> str:
    """A stored problem as a sentence in the active language."""
    code = problem.get("code")
    p = dict(problem.get("params") or {})
    if code == "engine":
        error = EngineError(
            str(p.get("engine_code")), str(p.get("message", "")), params=p.get("engine_params") or {}
        )
        return message_for(error, [s for s in p.get("seats") or [] if isinstance(s, int)])
    messages = {
        "bad_zip": gettext_lazy("This is not a readable zip file."),
        "zip_empty": gettext_lazy("The zip file holds no files."),
        "zip_too_many_files": gettext_lazy("The zip holds %(count)s files; the limit is %(limit)s."),
        "zip_too_large": gettext_lazy("Unpacked, the zip is larger than %(limit)s MB."),
        "nested_zip": gettext_lazy("A zip inside the zip is not read: unpack it first."),
        "encrypted": gettext_lazy("This file is encrypted."),
        "damaged": gettext_lazy("This file is damaged in the zip and cannot be read."),
        "file_too_large": gettext_lazy("The file is larger than %(limit)s kB."),
        "not_utf8": gettext_lazy("The file is not UTF-8 text: save it as UTF-8 and upload it again."),
        "bad_json": gettext_lazy("This is not valid JSON (%(detail)s)."),
        "too_deep": gettext_lazy("The JSON is nested more than %(limit)s levels deep."),
        "number_too_long": gettext_lazy("A number in the file has more than %(limit)s digits."),
        "nul_character": gettext_lazy("The file contains a NUL character, which no scenario text may hold."),
        "empty": gettext_lazy("The file holds no scenario."),
        "not_object": gettext_lazy("Each scenario must be a JSON object."),
        "too_many_scenarios": gettext_lazy("A file may hold at most %(limit)s scenarios."),
        "import_too_many_scenarios": gettext_lazy(
            "The upload holds more than %(limit)s scenarios, so nothing was imported: split it into "
            "smaller uploads."
        ),
        "drill_set_too_large": gettext_lazy(
            "The drill set in this upload has %(count)s questions; a drill set may have at most "
            "%(limit)s (repeats counted), so nothing was imported."
        ),
        "walk_too_long": gettext_lazy(
            "This hand has %(count)s hand-walk steps; a drill set may have at most %(limit)s questions."
        ),
        "no_points": gettext_lazy("None of the chosen questions can be asked in this hand."),
        "unknown_type": gettext_lazy("Not a scenario file (use .json, .phh, .toml or .zip); skipped."),
        ERROR_STALLED: gettext_lazy(
            "The import was started %(runs)s times but never finished (the background worker stopped), "
            "so it was stopped. The files listed above were imported; upload the file again for the rest."
        ),
        ERROR_TIME_LIMIT: gettext_lazy(
            "The import took longer than its time limit (%(minutes)s min), so it was stopped. The files "
            "listed above were imported; upload the rest in smaller parts."
        ),
    }
    template = str(messages.get(str(code), gettext_lazy("This file cannot be imported.")))
    for name in ("count", "limit"):  # 30,001 questions, 2,000 scenarios
        if isinstance(p.get(name), int) and not isinstance(p[name], bool):
            p[name] = f"{p[name]:,}"
    try:
        return template % p if "%(" in template else template
    except (KeyError, TypeError, ValueError):
        return str(gettext_lazy("This file cannot be imported."))


def unanswerable_rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The scenarios of a file kept as drafts because the table does not give their answer."""
    rows = []
    for item in result.get("unanswerable") or []:
        if isinstance(item, Mapping):
            rows.append(
                {
                    "scenario": item.get("scenario"),
                    "title": str(item.get("title") or ""),
                    "messages": stored_messages(item.get("problems") or []),
                }
            )
    return rows


def problem_place(problem: Mapping[str, Any]) -> str:
    """Where in the file: line and column, the path in the document, the action at fault."""
    p = problem.get("params") or {}
    parts = []
    if p.get("line"):
        if p.get("column"):
            parts.append(_("line %(line)s, column %(column)s") % p)
        else:
            parts.append(_("line %(line)s") % p)
    if p.get("at_end"):
        parts.append(_("at the end of the file"))
    if p.get("path"):
        parts.append(str(p["path"]))
    if p.get("action"):
        parts.append(f"“{p['action']}”")
    return " · ".join(parts)
