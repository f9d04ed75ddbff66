"""Classical test theory on a matrix of right (1) and wrong (0) answers: one row per sitting of an
exam, one column per item. Pure Python, no Django; every figure comes from sums taken in one pass
over the matrix.

Per item (``n`` sittings, ``C`` of them right on the item):

- facility ``p = C / n`` (the share right; a high p is an easy item) and its standard deviation
  ``sqrt(p (1 - p))``;
- the point-biserial correlation ``r_pb``: the Pearson correlation of the item (0/1) with the
  total score, ``(M_right - M) / SD * sqrt(p / (1 - p))``;
- the corrected item-total correlation ``r_it``: the same against the rest score (the total
  without this item), so the item is not correlated with itself;
- the discrimination index ``D = p_upper - p_lower``: the sittings ordered by total score, the
  upper and lower groups are the top and bottom 27 % (``g = round(0.27 n)``, at least one; ties
  at the cut go by sitting order);
- the efficiency ``D / D_max``, where ``D_max = (min(g, C) - max(0, C - (n - g))) / g`` is the
  largest D an item answered right ``C`` times out of ``n`` can reach (every right answer as far
  up the order as it goes). It is undefined when every sitting got the item right or wrong.

Per exam: the mean, the standard deviation of the total scores (population: divided by n), the
reliability KR-20 ``k / (k - 1) * (1 - sum(p q) / SD^2)`` (for right/wrong items Cronbach's alpha
is the same number) and the standard error of measurement ``SEM = SD * sqrt(1 - KR-20)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

GROUP_SHARE = 0.27
MIN_SITTINGS = 20  # below this, say the figures are too uncertain to act on
EASY_ABOVE = 0.95
HARD_BELOW = 0.05


@dataclass(frozen=True)
class ItemFigures:
    n: int
    correct: int
    facility: float | None
    sd: float | None
    point_biserial: float | None
    item_rest: float | None
    upper: float | None  # facility in the upper group
    lower: float | None
    discrimination: float | None  # D
    d_max: float | None
    efficiency: float | None

    @property
    def negative(self) -> bool:
        """Discriminates the wrong way: the lower group does better, or the item correlates
        negatively with the rest of the test."""
        return (self.discrimination is not None and self.discrimination < 0) or (
            self.item_rest is not None and self.item_rest < 0
        )

    @property
    def too_easy(self) -> bool:
        return self.facility is not None and self.facility > EASY_ABOVE

    @property
    def too_hard(self) -> bool:
        return self.facility is not None and self.facility < HARD_BELOW

    @property
    def flagged(self) -> bool:
        return self.negative or self.too_easy or self.too_hard


@dataclass(frozen=True)
class TestFigures:
    n: int
    k: int
    mean: float | None
    sd: float | None
    kr20: float | None
    sem: float | None
    distribution: list[int]  # distribution[s]: sittings with total score s (0..k)

    @property
    def too_few(self) -> bool:
        return self.n < MIN_SITTINGS


def group_size(n: int) -> int:
    return max(1, round(GROUP_SHARE * n)) if n else 0


def _correlation(cov: float, var_x: float, var_y: float) -> float | None:
    if var_x <= 1e-12 or var_y <= 1e-12:
        return None
    return max(-1.0, min(1.0, cov / math.sqrt(var_x * var_y)))


@dataclass(frozen=True)
class ItemSums:
    """What the figures of one item need: the sittings right on it, the sum of their total
    scores, and how many of them are in the upper and in the lower group."""

    right: int
    right_total: int
    right_upper: int
    right_lower: int


def ranked_groups(totals: Sequence[int]) -> tuple[set[int], set[int]]:
    """The rows of the upper and lower groups: by total score, ties by row order."""
    n = len(totals)
    g = group_size(n)
    order = sorted(range(n), key=lambda i: (-totals[i], i))
    return set(order[:g]), set(order[n - g :])


def analyse(matrix: Sequence[Sequence[int]]) -> tuple[TestFigures, list[ItemFigures]]:
    """The exam's and each item's figures from the 0/1 matrix (rows: sittings, in a fixed order)."""
    k = len(matrix[0]) if matrix else 0
    totals = [sum(row) for row in matrix]
    upper_rows, lower_rows = ranked_groups(totals)
    right = [0] * k
    right_total = [0] * k
    right_upper = [0] * k
    right_lower = [0] * k
    for i, row in enumerate(matrix):
        in_upper, in_lower = i in upper_rows, i in lower_rows
        for j, value in enumerate(row):
            if value:
                right[j] += 1
                right_total[j] += totals[i]
                right_upper[j] += in_upper
                right_lower[j] += in_lower
    sums = [ItemSums(right[j], right_total[j], right_upper[j], right_lower[j]) for j in range(k)]
    return figures_from_sums(totals, sums)


def figures_from_sums(
    totals: Sequence[int], sums: Sequence[ItemSums]
) -> tuple[TestFigures, list[ItemFigures]]:
    """The figures from each sitting's total score and each item's sums (the database can add
    these up itself: see ``selectors.exam_items``). ``ranked_groups`` orders the groups."""
    n, k = len(totals), len(sums)
    distribution = [0] * (k + 1)
    for total in totals:
        distribution[min(total, k)] += 1
    if n == 0:
        return TestFigures(0, k, None, None, None, None, distribution), [
            ItemFigures(0, 0, *([None] * 9)) for _ in range(k)
        ]
    mean = sum(totals) / n
    var_total = sum((t - mean) ** 2 for t in totals) / n
    sd_total = math.sqrt(var_total)
    g = group_size(n)

    items = []
    sum_pq = 0.0
    for item in sums:
        c = item.right
        p = c / n
        var_item = p * (1 - p)
        sum_pq += var_item
        # cov(item, total) = E[item * total] - p * mean
        cov_total = item.right_total / n - p * mean
        point_biserial = _correlation(cov_total, var_item, var_total)
        var_rest = var_total + var_item - 2 * cov_total
        item_rest = _correlation(cov_total - var_item, var_item, var_rest)
        upper, lower = item.right_upper / g, item.right_lower / g
        d = upper - lower
        d_max = (min(g, c) - max(0, c - (n - g))) / g
        items.append(
            ItemFigures(
                n=n,
                correct=c,
                facility=p,
                sd=math.sqrt(var_item),
                point_biserial=point_biserial,
                item_rest=item_rest,
                upper=upper,
                lower=lower,
                discrimination=d,
                d_max=d_max,
                efficiency=d / d_max if d_max > 0 else None,
            )
        )
    kr20 = None
    if k > 1 and var_total > 1e-12:
        kr20 = k / (k - 1) * (1 - sum_pq / var_total)
    sem = sd_total * math.sqrt(1 - kr20) if kr20 is not None else None
    test = TestFigures(n=n, k=k, mean=mean, sd=sd_total, kr20=kr20, sem=sem, distribution=distribution)
    return test, items


# --- the score distribution as an SVG histogram (no script, no inline style) --------------------

HIST_WIDTH = 360
HIST_HEIGHT = 180
HIST_LEFT = 28
HIST_BOTTOM = 26
HIST_TOP = 10


@dataclass(frozen=True)
class Bar:
    score: int
    count: int
    x: float
    y: float
    width: float
    height: float
    label_x: float
    show_label: bool


def histogram(distribution: Sequence[int]) -> dict[str, object]:
    """Bars for each total score 0..k, scaled to the tallest; labels every few scores on a long
    axis so they stay legible on a phone."""
    slots = max(1, len(distribution))
    plot_w = HIST_WIDTH - HIST_LEFT - 6
    plot_h = HIST_HEIGHT - HIST_TOP - HIST_BOTTOM
    step = plot_w / slots
    tallest = max(distribution, default=0) or 1
    every = max(1, math.ceil(slots / 12))
    bars = []
    for score, count in enumerate(distribution):
        height = plot_h * count / tallest
        x = HIST_LEFT + score * step
        bars.append(
            Bar(
                score=score,
                count=count,
                x=round(x + step * 0.1, 1),
                y=round(HIST_TOP + plot_h - height, 1),
                width=round(step * 0.8, 1),
                height=round(height, 1),
                label_x=round(x + step / 2, 1),
                show_label=score % every == 0 or score == slots - 1,
            )
        )
    return {
        "bars": bars,
        "width": HIST_WIDTH,
        "height": HIST_HEIGHT,
        "left": HIST_LEFT,
        "base_y": HIST_TOP + plot_h,
        "label_y": HIST_TOP + plot_h + 16,
        "top_y": HIST_TOP + 4,
        "tallest": tallest,
    }
