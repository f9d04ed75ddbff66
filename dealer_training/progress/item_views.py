"""Item analysis pages for instructors: which authored scenarios work as drill items."""

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.drills.labels import game_label, question_label
from dealer_training.scenarios.choices import OTHER_GAME_SKILLS, Skill, Variant
from dealer_training.scenarios.labels import QUESTION_SHORT
from dealer_training.scenarios.models import DrillSet
from dealer_training.scenarios.present import answer_lines
from dealer_training.scenarios.rules_policy import scenario_rules_label
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
from .psychometrics import EASY_ABOVE, GROUP_SHARE, HARD_BELOW, MIN_SITTINGS, histogram
from .selectors.exam_items import (
    FLAGS,
    ExamAnalysis,
    ExamItem,
    exam_analyses,
    exam_analysis,
    item_flags,
    solution_answer,
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
    flag = request.GET.get("flag", "")
    flag = flag if flag in FLAGS else ""
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
    if not request.htmx:
        context.update(_flag_context(exam_analyses(organisation=request.org), flag))
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
    answers = dict(scenario.versions.values_list("number", "answer"))
    versions = []
    for stats in sorted(per_version, key=lambda s: -(s.version or 0)):
        key = answers.get(stats.version or 0)
        versions.append(
            {
                **_row(stats),
                "key_lines": (
                    _answer_text(stats.kind, solution_answer(key), stats.variant) if key is not None else []
                ),
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
        "rules_label": scenario_rules_label(scenario, request.org),
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


# --- exams: the psychometric figures ------------------------------------------------------------


def _item_label(item: ExamItem) -> str:
    if item.authored:
        return item.title
    skill = Skill(item.skill).label if item.skill in Skill.values else item.skill
    variant = Variant(item.variant).label if item.variant in Variant.values else item.variant
    return f"{skill} · {variant}"


def _exam_row(item: ExamItem) -> dict[str, Any]:
    return {
        "item": item,
        "label": _item_label(item),
        "kind": QUESTION_SHORT.get(item.kind, item.kind),
        "f": item.figures,
        "flags": item_flags(item.figures),
        "key_lines": _answer_text(item.kind, item.key_answer) if item.key_answer is not None else [],
        "wrong": [
            {**w, "lines": _answer_text(item.kind, w["answer"]), "percent": round(100 * w["share"])}
            for w in item.wrong
        ],
    }


def _flag_context(analyses: list[ExamAnalysis], flag: str) -> dict[str, Any]:
    flagged = []
    for analysis in analyses:
        for item in analysis.items:
            reasons = item_flags(item.figures)
            if reasons and (not flag or flag in reasons):
                flagged.append(
                    {"exam": analysis.drill_set, "too_few": analysis.test.too_few, **_exam_row(item)}
                )
    return {
        "flag": flag,
        "flag_names": FLAGS,
        "flagged": flagged,
        "exams": [
            {"drill_set": a.drill_set, "test": a.test, "k": len(a.items)} for a in analyses if a.test.n
        ],
        "easy_above": EASY_ABOVE,
        "hard_below": HARD_BELOW,
    }


@org_view(roles=STAFF_ROLES)
@require_GET
def exam_items(request: OrgHttpRequest, pk: int) -> HttpResponse:
    drill_set = DrillSet.objects.filter(organisation=request.org, is_exam=True, pk=pk).first()
    if drill_set is None:
        raise Http404("No such exam.")
    analysis = exam_analysis(drill_set=drill_set)
    flag = request.GET.get("flag", "")
    flag = flag if flag in FLAGS else ""
    rows = [_exam_row(item) for item in analysis.items]
    context = {
        "drill_set": drill_set,
        "test": analysis.test,
        "chart": histogram(analysis.test.distribution),
        "rows": [r for r in rows if not flag or flag in r["flags"]],
        "flagged_count": sum(1 for r in rows if r["flags"]),
        "flag": flag,
        "flag_names": FLAGS,
        "min_sittings": MIN_SITTINGS,
        "group_percent": round(100 * GROUP_SHARE),
        "easy_above": EASY_ABOVE,
        "hard_below": HARD_BELOW,
    }
    return render(request, "progress/items_exam.html", context)
