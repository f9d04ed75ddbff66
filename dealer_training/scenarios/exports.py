"""Exports: scenarios as scenario JSON v1 (what ``python -m games solve`` reads) or as PHH TOML.

A scenario file is its current version's document plus the scenario's own fields as extension
fields (``_title``, ``_notes``, ``_tags``, ``_skill``, ``_difficulty``, ``_rules_pinned``; the
engine ignores them). A scenario that follows the house rules is written with the house rules in
force, so that the file gives the answer trainees are asked for. Several scenarios go in a zip:
one file per scenario and a ``manifest.json`` that lists them (and a drill set's items). Nothing in
an export depends on when it was made, so export -> import -> export gives the same bytes.
"""

import io
import json
import zipfile
from collections.abc import Sequence
from typing import Any

from dealer_training.downloads import title_slug, titled_attachment
from games.api import EngineError
from games.stud.phh import to_phh

from .engine import normalized
from .import_files import MANIFEST, MANIFEST_FORMAT
from .models import DrillSet, Scenario
from .rules_policy import effective_document

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SUFFIX = {"json": ".json", "phh": ".phh"}


def meta_of(scenario: Scenario) -> dict[str, Any]:
    meta: dict[str, Any] = {"_title": scenario.title}
    if scenario.notes:
        meta["_notes"] = scenario.notes
    if scenario.tags:
        meta["_tags"] = list(scenario.tags)
    meta["_skill"] = scenario.skill
    meta["_difficulty"] = scenario.difficulty
    meta["_rules_pinned"] = scenario.rules_pinned
    return meta


def export_document(scenario: Scenario) -> dict[str, Any]:
    """The current version's document, under the rules trainees are asked it (its pinned rules,
    or the house rules in force), with the scenario's own fields added."""
    assert scenario.current_version is not None
    document = effective_document(
        scenario.current_version, scenario.organisation, pinned=scenario.rules_pinned
    )
    return {**in_engine_order(document), **meta_of(scenario)}


def in_engine_order(document: dict[str, Any]) -> dict[str, Any]:
    """The document's fields in the order the engine writes them, then any others by name: the
    same file whatever order the database kept them in (PostgreSQL's jsonb sorts keys its own
    way), so that export -> import -> export gives the same bytes on every database."""
    try:
        order = {key: i for i, key in enumerate(normalized(document))}
    except EngineError:
        order = {}
    return dict(sorted(document.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))


def scenario_json(scenario: Scenario) -> str:
    return json.dumps(export_document(scenario), indent=2, ensure_ascii=False) + "\n"


def scenario_phh(scenario: Scenario) -> str:
    return to_phh(export_document(scenario))


def render(scenario: Scenario, encoding: str) -> str:
    return scenario_json(scenario) if encoding == "json" else scenario_phh(scenario)


def file_name(position: int, scenario: Scenario, encoding: str) -> str:
    """A scenario's file in a zip: its place and its title, in the title's own letters (zip
    names are UTF-8)."""
    stem = title_slug(scenario.title, unicode=True) or "scenario"
    return f"{position:03d}-{stem}{SUFFIX[encoding]}"


def scenario_attachment(scenario: Scenario, encoding: str) -> str:
    """The ``Content-Disposition`` of one scenario's file: ``scenario-<id>-<title>``."""
    return titled_attachment(f"scenario-{scenario.pk}", scenario.title, SUFFIX[encoding])


def zip_attachment(*, drill_set: DrillSet | None, organisation_slug: str, encoding: str) -> str:
    """The ``Content-Disposition`` of a zip: ``drill-set-<id>-<title>`` for a drill set's,
    ``scenarios-<organisation>`` for the rest."""
    suffix = f"-{encoding}.zip"
    if drill_set is not None:
        return titled_attachment(f"drill-set-{drill_set.pk}", drill_set.title, suffix)
    return titled_attachment("scenarios", organisation_slug, suffix)


def _write(archive: zipfile.ZipFile, name: str, text: str) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, text.encode("utf-8"))


def export_zip(scenarios: Sequence[Scenario], *, encoding: str, drill_set: DrillSet | None = None) -> bytes:
    """A zip of one file per scenario (in the order given) and the manifest."""
    names: dict[int, str] = {}
    entries = []
    for scenario in scenarios:
        if scenario.pk in names or scenario.current_version is None:
            continue
        names[scenario.pk] = file_name(len(names) + 1, scenario, encoding)
        entries.append(
            {
                "file": names[scenario.pk],
                "title": scenario.title,
                "variant": scenario.variant,
                "kind": scenario.current_version.kind,
                "skill": scenario.skill,
            }
        )
    manifest: dict[str, Any] = {
        "format": MANIFEST_FORMAT,
        "version": 1,
        "encoding": encoding,
        "scenarios": entries,
    }
    if drill_set is not None:
        items: list[dict[str, Any]] = []
        for item in drill_set.items.all():
            if item.scenario_id is not None:
                if item.scenario_id in names:
                    items.append({"file": names[item.scenario_id]})
            else:
                items.append({"skill": item.skill, "variant": item.variant, "count": item.count})
        manifest["drill_set"] = {
            "title": drill_set.title,
            "description": drill_set.description,
            "is_exam": drill_set.is_exam,
            "pass_accuracy": drill_set.pass_accuracy,
            "pass_seconds": drill_set.pass_seconds,
            "items": items,
        }
        if drill_set.is_exam:
            manifest["drill_set"]["exam_rules"] = {
                "minutes": drill_set.exam_minutes,
                "max_sittings": drill_set.exam_max_sittings,
                "cooldown_hours": drill_set.exam_cooldown_hours,
                "review": drill_set.exam_review,
                "items_in_practice": drill_set.exam_items_in_practice,
            }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        by_pk = {s.pk: s for s in scenarios}
        for pk, name in names.items():
            _write(archive, name, render(by_pk[pk], encoding))
        _write(archive, MANIFEST, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return buffer.getvalue()
