"""Item analysis pages for instructors: which authored scenarios work as drill items."""

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.drills.labels import game_label, question_label
from dealer_training.scenarios.choices import OTHER_GAME_SKILLS
from dealer_training.scenarios.labels import QUESTION_SHORT
from dealer_training.scenarios.present import answer_lines
from dealer_training.scenarios.selectors import scenario_for_organisation

from .item_analysis import (
    FLAG_BELOW,
    MIN_ATTEMPTS_TO_FLAG,
    MIN_TRAINEES,
    SORTS,
    ItemStats,
    item_stats,
    sorted_stats,
    wrong_answers,
)

COLUMNS = ["title", "attempts", "correct", "time", "discrimination"]


def _answer_text(kind: str, answer: Any, variant: str = "F7S") -> list[tuple[str, Any]]:
    if isinstance(answer, dict):
        try:
            lines = answer_lines(variant or "F7S", kind, answer)
        except (KeyError, TypeError, ValueError, AttributeError):
            lines = []
        if lines:
            return lines
        return [(str(k), str(v)) for k, v in answer.items()]
    return [("", str(answer))]


def _kind_label(stats: ItemStats) -> str:
    """The item's question by name; another game's is named with its game."""
    if stats.variant in OTHER_GAME_SKILLS:
        return f"{question_label(stats.kind, stats.variant)} · {game_label(stats.variant)}"
    return str(QUESTION_SHORT.get(stats.kind, stats.kind))


def _row(stats: ItemStats) -> dict[str, Any]:
    share = stats.share_correct
    return {
        "stats": stats,
        "kind": _kind_label(stats),
        "share": None if share is None else round(100 * share),
        "median_s": None if stats.median_ms is None else f"{stats.median_ms / 1000:.1f}",
    }


@org_view(roles=STAFF_ROLES)
@require_GET
def item_list(request: OrgHttpRequest) -> HttpResponse:
    sort = request.GET.get("sort", "discrimination")
    sort = sort if sort in SORTS else "discrimination"
    descending = request.GET.get("dir", "asc") == "desc"
    combine = request.GET.get("combine") == "1"
    stats = sorted_stats(
        item_stats(organisation=request.org, combine=combine), sort=sort, descending=descending
    )
    columns = [
        {"name": name, "current": name == sort, "next_dir": "asc" if name == sort and descending else "desc"}
        for name in COLUMNS
    ]
    context = {
        "rows": [_row(s) for s in stats],
        "sort": sort,
        "dir": "desc" if descending else "asc",
        "combine": combine,
        "columns": {c["name"]: c for c in columns},
        "flag_below": FLAG_BELOW,
        "min_trainees": MIN_TRAINEES,
        "min_attempts": MIN_ATTEMPTS_TO_FLAG,
    }
    template = "progress/items.html#table" if request.htmx else "progress/items.html"
    return render(request, template, context)


@org_view(roles=STAFF_ROLES)
@require_GET
def item_detail(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = scenario_for_organisation(organisation=request.org, pk=pk)
    if scenario is None:
        raise Http404("No such scenario.")
    per_version = item_stats(organisation=request.org, scenario=scenario)
    combined = item_stats(organisation=request.org, scenario=scenario, combine=True)
    wrong = wrong_answers(scenario=scenario)
    versions = []
    for stats in sorted(per_version, key=lambda s: -(s.version or 0)):
        versions.append(
            {
                **_row(stats),
                "wrong": [
                    {
                        **w,
                        "lines": _answer_text(stats.kind, w["answer"], stats.variant),
                        "percent": round(100 * w["share"]),
                    }
                    for w in wrong.get(stats.version, [])
                ],
            }
        )
    context = {
        "scenario": scenario,
        "versions": versions,
        "combined": _row(combined[0]) if combined else None,
        "combined_wrong": [
            {
                **w,
                "lines": _answer_text(combined[0].kind, w["answer"], combined[0].variant),
                "percent": round(100 * w["share"]),
            }
            for w in wrong.get(None, [])
        ]
        if combined
        else [],
        "flag_below": FLAG_BELOW,
        "min_trainees": MIN_TRAINEES,
        "min_attempts": MIN_ATTEMPTS_TO_FLAG,
    }
    return render(request, "progress/items_detail.html", context)
