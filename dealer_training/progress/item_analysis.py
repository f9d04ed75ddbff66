"""Item analysis: how each authored scenario version performs as a test item.

For every scenario version (or every scenario, its versions combined) that trainees answered:

- attempts, share correct and the median answer time;
- discrimination: the Pearson correlation, across the trainees who answered the item, between
  a trainee's share correct on the item and the same trainee's accuracy on every *other* item
  they answered (the rest score, generated questions included). With one attempt per trainee
  this is the classic point-biserial correlation. It runs from -1 to 1: a good item is answered
  correctly more often by trainees who do well elsewhere (positive); an item that strong
  trainees miss more than weak ones (negative) is likely ambiguous or wrong and is flagged;
- the most common wrong answers with their share of the wrong answers.

Discrimination needs at least ``MIN_TRAINEES`` trainees with other answers; an item is
flagged when it is at most ``FLAG_BELOW`` with at least ``MIN_ATTEMPTS_TO_FLAG`` attempts.
Every figure comes from a fixed number of aggregate queries whatever the number of attempts.
"""

import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from django.db.models import Count, IntegerField, Q, Sum
from django.db.models.functions import Cast

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import Attempt
from dealer_training.scenarios.models import Scenario, ScenarioVersion

MIN_TRAINEES = 3
MIN_ATTEMPTS_TO_FLAG = 10
FLAG_BELOW = -0.2
TOP_WRONG = 5


@dataclass
class ItemStats:
    scenario_id: int
    title: str
    variant: str
    skill: str
    kind: str
    version: int | None  # None: every version combined
    versions: list[int] = field(default_factory=list)
    attempts: int = 0
    correct: int = 0
    trainees: int = 0
    median_ms: int | None = None
    discrimination: float | None = None

    @property
    def share_correct(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def flagged(self) -> bool:
        return (
            self.discrimination is not None
            and self.discrimination <= FLAG_BELOW
            and self.attempts >= MIN_ATTEMPTS_TO_FLAG
        )


def pearson(pairs: Iterable[tuple[float, float]]) -> float | None:
    """The correlation of (x, y) pairs; None when either side does not vary."""
    points = list(pairs)
    n = len(points)
    if n < 2:
        return None
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    syy = sum((y - mean_y) ** 2 for _, y in points)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))


def discrimination(
    per_trainee: Mapping[int, tuple[int, int]], totals: Mapping[int, tuple[int, int]]
) -> float | None:
    """Item score against rest score, over trainees. ``per_trainee``: trainee -> (attempts, correct)
    on the item; ``totals``: trainee -> (attempts, correct) over everything they answered."""
    pairs = []
    for trainee, (n_item, c_item) in per_trainee.items():
        n_all, c_all = totals.get(trainee, (n_item, c_item))
        rest = n_all - n_item
        if n_item <= 0 or rest <= 0:
            continue
        pairs.append((c_item / n_item, (c_all - c_item) / rest))
    if len(pairs) < MIN_TRAINEES:
        return None
    value = pearson(pairs)
    return None if value is None else round(value, 3)


def _trainee_totals(organisation: Organisation) -> dict[int, tuple[int, int]]:
    rows = (
        Attempt.objects.filter(organisation=organisation)
        .values("trainee_id")
        .annotate(n=Count("id"), c=Sum(Cast("correct", IntegerField())))
    )
    return {row["trainee_id"]: (row["n"], row["c"] or 0) for row in rows}


def item_stats(
    *, organisation: Organisation, combine: bool = False, scenario: Scenario | None = None
) -> list[ItemStats]:
    """Statistics per scenario version (``combine``: per scenario, all its versions together)."""
    attempts = Attempt.objects.filter(organisation=organisation, scenario_version__isnull=False)
    versions = ScenarioVersion.objects.filter(scenario__organisation=organisation).select_related("scenario")
    if scenario is not None:
        attempts = attempts.filter(scenario_version__scenario=scenario)
        versions = versions.filter(scenario=scenario)
    else:
        versions = versions.filter(Q(attempts__isnull=False)).distinct()
    key_field = "scenario_version__scenario_id" if combine else "scenario_version_id"
    grouped = (
        attempts.values(key_field, "trainee_id")
        .annotate(n=Count("id"), c=Sum(Cast("correct", IntegerField())))
        .order_by()
    )
    per_item: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for row in grouped:
        per_item[row[key_field]][row["trainee_id"]] = (row["n"], row["c"] or 0)
    times: dict[int, list[int]] = defaultdict(list)
    for key, time_ms in attempts.values_list(key_field, "time_ms").order_by():
        times[key].append(time_ms)
    totals = _trainee_totals(organisation)

    items: dict[int, ItemStats] = {}
    for version in versions.order_by("scenario__title", "scenario_id", "number"):
        key = version.scenario_id if combine else version.pk
        stats = items.get(key)
        if stats is None:
            stats = items[key] = ItemStats(
                scenario_id=version.scenario_id,
                title=version.scenario.title,
                variant=version.scenario.variant,
                skill=version.scenario.skill,
                kind=version.kind,
                version=None if combine else version.number,
            )
        stats.versions.append(version.number)
        if combine:
            stats.kind = version.kind  # the latest version's question
    for key, stats in items.items():
        trainees = per_item.get(key, {})
        stats.attempts = sum(n for n, _ in trainees.values())
        stats.correct = sum(c for _, c in trainees.values())
        stats.trainees = len(trainees)
        stats.median_ms = int(median(times[key])) if times.get(key) else None
        stats.discrimination = discrimination(trainees, totals)
    return list(items.values())


SORTS = {
    "title": lambda s: (s.title.lower(), s.version or 0),
    "attempts": lambda s: s.attempts,
    "correct": lambda s: (s.share_correct is None, s.share_correct or 0.0),
    "time": lambda s: (s.median_ms is None, s.median_ms or 0),
    "discrimination": lambda s: (s.discrimination is None, s.discrimination or 0.0),
}


def sorted_stats(stats: list[ItemStats], *, sort: str, descending: bool) -> list[ItemStats]:
    key = SORTS.get(sort, SORTS["discrimination"])
    ordered = sorted(stats, key=key, reverse=descending)
    if sort in ("correct", "time", "discrimination"):
        # Items without a figure go last either way.
        ordered = [s for s in ordered if _figure(s, sort) is not None] + [
            s for s in ordered if _figure(s, sort) is None
        ]
    return ordered


def _figure(stats: ItemStats, sort: str) -> Any:
    return {"correct": stats.share_correct, "time": stats.median_ms, "discrimination": stats.discrimination}[
        sort
    ]


def _canonical(answer: Any) -> str:
    return json.dumps(answer, sort_keys=True, ensure_ascii=False)


def wrong_answers(*, scenario: Scenario) -> dict[int | None, list[dict[str, Any]]]:
    """The most common wrong answers per version number, and for all versions (key None)."""
    rows = Attempt.objects.filter(scenario_version__scenario=scenario, correct=False).values_list(
        "scenario_version__number", "answer"
    )
    per_version: dict[int | None, Counter[str]] = defaultdict(Counter)
    number: int | None
    for number, answer in rows:
        text = _canonical(answer)
        per_version[number][text] += 1
        per_version[None][text] += 1
    out: dict[int | None, list[dict[str, Any]]] = {}
    for number, counter in per_version.items():
        wrong = sum(counter.values())
        out[number] = [
            {"answer": json.loads(text), "count": count, "share": count / wrong}
            for text, count in counter.most_common(TOP_WRONG)
        ]
    return out
