"""What an import says went wrong, in the active language: a stored problem as a sentence, the
place in the file, and the scenarios kept as drafts because the table does not give their answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from dealer_training import jobs
from games.api import EngineError

from .answerability import stored_messages
from .engine import message_for

__all__ = ["import_status", "problem_message", "problem_place", "unanswerable_rows"]

ERROR_STALLED = jobs.ERROR_STALLED
ERROR_TIME_LIMIT = jobs.ERROR_TIME_LIMIT


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


def _counts_text(saved: int, skipped: int, failed: int) -> str:
    parts = [
        ngettext("%(n)s saved", "%(n)s saved", saved) % {"n": f"{saved:,}"} if saved else _("nothing saved")
    ]
    if skipped:
        parts.append(ngettext("%(n)s skipped", "%(n)s skipped", skipped) % {"n": f"{skipped:,}"})
    if failed:
        parts.append(ngettext("%(n)s failed", "%(n)s failed", failed) % {"n": f"{failed:,}"})
    return pgettext("list separator", ", ").join(parts)


def import_status(job: Any) -> str:
    """An import's status with its counts: "Done: 3 saved, 1 skipped, 2 failed", "Failed:
    nothing saved"; "—" for counts an old import did not keep. (Skipped and failed count files,
    saved counts scenarios.)"""
    label = str(job.get_status_display())
    if job.status not in ("done", "failed"):
        return label
    counts = (job.saved_count, job.skipped_count, job.failed_count)
    if any(c is None for c in counts):
        return _("%(status)s: %(counts)s") % {"status": label, "counts": "—"}
    return _("%(status)s: %(counts)s") % {"status": label, "counts": _counts_text(*counts)}


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
