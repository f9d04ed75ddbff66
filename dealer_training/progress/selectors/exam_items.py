"""Item analysis of an exam: the sittings of one exam drill set as a matrix of right and wrong
answers (``progress.psychometrics``), with the wrong answers to its authored items.

An item is an authored scenario of the set (the same question for every sitting) or a generated
slot: a position of the set's plan with its skill and game, where every sitting gets a fresh
question of that kind. The sittings counted are those that ran to the end or out of time; an
abandoned or running sitting is left out. An item a counted sitting did not reach is wrong, as the
exam's own score counts it. Right or wrong is the verdict stored with each answer; nothing is
judged again. The database adds up what the figures need (each sitting's total; each item's
sittings right, their totals, the upper and lower groups' counts), so nothing is read answer by
answer; four queries whatever the number of sittings (with the authored items' keys and wrong
answers).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Count, Q
from django.utils import timezone

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import Attempt, DrillSession, Mode, Outcome, Question
from dealer_training.progress.psychometrics import (
    ItemFigures,
    ItemSums,
    TestFigures,
    figures_from_sums,
    group_size,
)
from dealer_training.scenarios.models import DrillSet, ScenarioVersion

TOP_WRONG = 6

ItemKey = tuple[Any, ...]


@dataclass
class ExamItem:
    key: ItemKey
    position: int  # the first position the item was asked at (1-based)
    skill: str
    variant: str
    kind: str
    scenario_id: int | None = None
    title: str = ""
    figures: ItemFigures | None = None
    key_answer: dict[str, Any] | None = None  # authored items: the correct answer
    wrong: list[dict[str, Any]] = field(default_factory=list)

    @property
    def authored(self) -> bool:
        return self.scenario_id is not None


@dataclass
class ExamAnalysis:
    drill_set: DrillSet
    test: TestFigures
    items: list[ExamItem]


def _counted_sittings(drill_set: DrillSet) -> Any:
    now = timezone.now()
    ended = Q(finished_at__isnull=False) & ~Q(outcome=Outcome.ABANDONED)
    expired = Q(finished_at__isnull=True, ends_at__lte=now)
    return DrillSession.objects.filter(
        organisation_id=drill_set.organisation_id, drill_set=drill_set, mode=Mode.EXAM
    ).filter(ended | expired)


def exam_blueprints(*, organisation: Organisation) -> list[dict[str, Any]]:
    """The organisation's exam drill sets with the number of sittings counted for each."""
    sets = list(DrillSet.objects.filter(organisation=organisation, is_exam=True).order_by("title", "pk"))
    now = timezone.now()
    counts = dict(
        DrillSession.objects.filter(organisation=organisation, mode=Mode.EXAM, drill_set__in=sets)
        .filter(
            (Q(finished_at__isnull=False) & ~Q(outcome=Outcome.ABANDONED))
            | Q(finished_at__isnull=True, ends_at__lte=now)
        )
        .filter(attempts__isnull=False)
        .values("drill_set_id")
        .annotate(n=Count("pk", distinct=True))
        .values_list("drill_set_id", "n")
        .order_by()
    )
    return [{"drill_set": s, "sittings": counts.get(s.pk, 0)} for s in sets]


def solution_answer(solution: Any) -> Any:
    """The answer fields of a stored solution (the engine's ``{answer, explanation, kind, rules}``)."""
    if isinstance(solution, dict) and isinstance(solution.get("answer"), dict) and "kind" in solution:
        return solution["answer"]
    return solution


def _canonical(answer: Any) -> str:
    """Answers that mean the same compare equal: keys sorted, no empty fields."""
    if isinstance(answer, dict):
        answer = {k: v for k, v in answer.items() if v not in (None, "", [], {})}
    return json.dumps(answer, sort_keys=True, ensure_ascii=False)


def exam_analysis(*, drill_set: DrillSet) -> ExamAnalysis:
    sittings = _counted_sittings(drill_set)
    totals = list(
        Attempt.objects.filter(session__in=sittings)
        .values("session_id")
        .annotate(total=Count("pk", filter=Q(correct=True)))
        .order_by("session_id")
        .values_list("total", flat=True)
    )
    n = len(totals)
    items: list[ExamItem] = []
    sums: list[ItemSums] = []
    for row in _item_sums(sittings, n=n):
        scenario_id, _, _, _, position, skill, variant, kind, right, right_total, upper, lower = row
        key: ItemKey = ("s", scenario_id) if scenario_id is not None else ("g", position, skill, variant)
        items.append(
            ExamItem(
                key=key,
                position=position + 1,
                skill=skill,
                variant=variant,
                kind=kind,
                scenario_id=scenario_id,
            )
        )
        sums.append(ItemSums(int(right), int(right_total), int(upper), int(lower)))
    order = sorted(range(len(items)), key=lambda j: (items[j].position, str(items[j].key)))
    items = [items[j] for j in order]
    test, figures = figures_from_sums(totals, [sums[j] for j in order])
    for item, figure in zip(items, figures, strict=True):
        item.figures = figure
    _authored_details(drill_set, [i for i in items if i.authored], sittings=test.n)
    return ExamAnalysis(drill_set=drill_set, test=test, items=items)


def _item_sums(sittings: Any, *, n: int) -> list[tuple[Any, ...]]:
    """Per item, added up by the database in one pass over the answers: the sittings right, the
    sum of their total scores, and how many are in the upper and lower groups (the sittings
    ranked by total score, ties by id, as ``psychometrics.ranked_groups`` ranks them)."""
    if n == 0:
        return []
    g = group_size(n)
    attempt, question = Attempt._meta.db_table, Question._meta.db_table
    version = ScenarioVersion._meta.db_table
    sittings_sql, sittings_params = sittings.values("pk").query.sql_with_params()
    right = "CASE WHEN a.correct THEN 1 ELSE 0 END"
    authored = "v.scenario_id IS NULL"
    sql = f"""
        WITH totals AS (
            SELECT a.session_id, SUM({right}) AS total
            FROM {attempt} a WHERE a.session_id IN ({sittings_sql}) GROUP BY a.session_id
        ), ranked AS (
            SELECT session_id, total, ROW_NUMBER() OVER (ORDER BY total DESC, session_id) AS rn
            FROM totals
        )
        SELECT v.scenario_id,
            CASE WHEN {authored} THEN q.position ELSE -1 END,
            CASE WHEN {authored} THEN a.skill ELSE '' END,
            CASE WHEN {authored} THEN a.variant ELSE '' END,
            MIN(q.position), MIN(a.skill), MIN(a.variant), MAX(a.kind),
            SUM({right}),
            SUM(CASE WHEN a.correct THEN r.total ELSE 0 END),
            SUM(CASE WHEN a.correct AND r.rn <= %s THEN 1 ELSE 0 END),
            SUM(CASE WHEN a.correct AND r.rn > %s THEN 1 ELSE 0 END)
        FROM {attempt} a
        JOIN ranked r ON r.session_id = a.session_id
        JOIN {question} q ON q.id = a.question_id
        LEFT JOIN {version} v ON v.id = a.scenario_version_id
        GROUP BY 1, 2, 3, 4
    """  # table names from the models; values go as parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [*sittings_params, g, n - g])
        return list(cursor.fetchall())


def _authored_details(drill_set: DrillSet, items: list[ExamItem], *, sittings: int) -> None:
    """Title, key (the latest version's answer) and the wrong answers of the authored items."""
    if not items:
        return
    by_scenario = {i.scenario_id: i for i in items if i.scenario_id is not None}
    for version in (
        ScenarioVersion.objects.filter(scenario_id__in=list(by_scenario))
        .select_related("scenario")
        .order_by("scenario_id", "number")
    ):
        item = by_scenario[version.scenario_id]
        item.title = version.scenario.title
        item.key_answer = solution_answer(version.answer)
        item.kind = version.kind
    wrong: dict[int, Counter[str]] = defaultdict(Counter)
    for scenario_id, answer in Attempt.objects.filter(
        session__in=_counted_sittings(drill_set),
        scenario_version__scenario_id__in=list(by_scenario),
        correct=False,
    ).values_list("scenario_version__scenario_id", "answer"):
        wrong[scenario_id][_canonical(answer)] += 1
    for scenario_id, counter in wrong.items():
        item = by_scenario[scenario_id]
        total_wrong = sum(counter.values())
        item.wrong = [
            {
                "answer": json.loads(text),
                "count": count,
                "share": count / sittings if sittings else 0.0,
                "share_of_wrong": count / total_wrong,
            }
            for text, count in counter.most_common(TOP_WRONG)
        ]


def exam_analyses(*, organisation: Organisation) -> list[ExamAnalysis]:
    """Every exam drill set of the organisation analysed (two queries per exam)."""
    return [
        exam_analysis(drill_set=drill_set)
        for drill_set in DrillSet.objects.filter(organisation=organisation, is_exam=True).order_by(
            "title", "pk"
        )
    ]


FLAGS = ("negative", "easy", "hard")


def item_flags(figures: ItemFigures | None) -> list[str]:
    """The reasons to look at an item again: ``negative`` (discriminates the wrong way), ``easy``
    (almost everyone right), ``hard`` (almost everyone wrong)."""
    if figures is None:
        return []
    return [
        name
        for name, on in (
            ("negative", figures.negative),
            ("easy", figures.too_easy),
            ("hard", figures.too_hard),
        )
        if on
    ]
