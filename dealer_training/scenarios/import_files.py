"""Imports, reading an upload: the files of an upload (a zip unpacked within its limits), their text
and JSON read safely, and the scenario documents each file holds (JSON scenarios, PHH hands).
"""

import io
import json
import re
import sys
import tomllib
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from django.utils.translation import gettext as _

from games.core.errors import EngineError
from games.solve import solve
from games.stud.phh import from_phh
from games.stud.scenario import MAX_INPUT_BYTES, scenario_to_dict

from .choices import OTHER_GAME_SKILLS, Skill
from .engine import META_KEYS, normalized, split_meta, suggested_skill
from .labels import QUESTION_SHORT, STREETS
from .models import (
    MAX_DRILL_SET_QUESTIONS,
)
from .phh_points import Point, decision_points, walk_points

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
    rules_pinned: bool = False  # keep the file's rules (otherwise the house rules apply)


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


def rules_pinned_of(document: Mapping[str, Any], *, names_rules: bool | None = None) -> bool:
    """Whether an imported scenario keeps its file's rules: the file's ``_rules_pinned`` when it
    says (this app's exports do); otherwise pinned when the file names its rules (``_ruleset``
    or ``_rules``), so that a file written for given rules keeps its answers, and following the
    house rules when it names none."""
    said = document.get("_rules_pinned")
    if isinstance(said, bool):
        return said
    if names_rules is not None:
        return names_rules
    return "_ruleset" in document or "_rules" in document


def _phh_names_rules(text: str) -> bool:
    try:
        keys = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return False
    return "_ruleset" in keys or "_rules" in keys


def _made(
    document: Mapping[str, Any], *, title: str, default_skill: str, names_rules: bool | None = None
) -> Made:
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
        rules_pinned=rules_pinned_of(document, names_rules=names_rules),
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
    other = _other_game_hand(text)
    if other is not None:
        return [_other_game_made(other, text=text, base=_stem(name), default_skill=default_skill)], False
    try:
        scenario = from_phh(text)
    except EngineError as err:
        raise engine_problem(err, text=text) from None
    raw_actions = list(scenario.actions)
    seats = {"seats": list(scenario.player_seats)}
    base = scenario.title or _stem(name)
    names_rules = _phh_names_rules(text)
    if scenario.question is not None:
        try:
            document = scenario_to_dict(scenario)
            return [_made(document, title=base, default_skill=default_skill, names_rules=names_rules)], False
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
        pinned = rules_pinned_of(document, names_rules=names_rules)
        for key in META_KEYS:
            document.pop(key, None)
        document["_title"] = _point_title(base, point)
        document["_tags"] = [*list(scenario.tags or ()), "phh"]
        made.append(_made(document, title=base, default_skill=default_skill, names_rules=pinned))
    return made, hand_walk


def _other_game_hand(text: str) -> dict[str, Any] | None:
    """The hand of a PHH file when it is of a game other than stud (no-limit hold'em is PHH's
    ``NT``; the other games' documents read the same way), else None (the stud reader reads it)."""
    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None  # the stud reader says what is wrong, with the place
    variant = document.get("variant")
    if not isinstance(variant, str) or variant not in OTHER_GAME_SKILLS:
        return None
    return dict(json.loads(json.dumps(document, default=str)))


# A hand history without a question is asked the first of these its last action allows.
OTHER_GAME_HISTORY_KINDS = ("award", "next_action", "pots")


def _other_game_made(hand: dict[str, Any], *, text: str, base: str, default_skill: str) -> Made:
    title = str(hand.get("_title") or base)
    if isinstance(hand.get("_question"), dict):
        try:
            return _made(hand, title=title, default_skill=default_skill)
        except EngineError as err:
            raise engine_problem(err, text=text, actions=hand.get("actions"), document=hand) from None
    last: EngineError | None = None
    for kind in OTHER_GAME_HISTORY_KINDS:
        try:
            return _made({**hand, "_question": {"kind": kind}}, title=title, default_skill=default_skill)
        except EngineError as err:
            last = err
            if err.code not in ("question_not_applicable", "unknown_question_kind"):
                break
    assert last is not None
    raise engine_problem(last, text=text, actions=hand.get("actions"), document=hand)


# --- running a job ---------------------------------------------------------------------------------------
