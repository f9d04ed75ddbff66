"""Line charts drawn as SVG on the server: no chart library, no script.

``line_chart`` turns a series into coordinates, grid lines and labels; the template
``progress/_chart.html`` draws them. The drawing has a fixed ``viewBox`` and scales with the page,
so the labels stay legible on a 375 px phone; the same numbers are given as a table next to each
chart (screen readers, print).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 360
HEIGHT = 200
LEFT = 40  # room for the y labels
RIGHT = 12
TOP = 14
BOTTOM = 30  # room for the x labels


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: float
    label: str  # x label, e.g. the week
    text: str  # the value as shown


@dataclass(frozen=True)
class GridLine:
    y: float
    label: str


@dataclass(frozen=True)
class XLabel:
    x: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    segments: list[str]  # polyline "points" strings; a week without answers breaks the line
    points: list[Point]
    grid: list[GridLine]
    x_labels: list[XLabel]
    target: GridLine | None
    plot_left: int
    plot_right: int
    baseline: float

    @property
    def empty(self) -> bool:
        return not self.points


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    magnitude: float = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * magnitude:
            return step * magnitude
    return 10 * magnitude


def line_chart(
    *,
    labels: Sequence[str],
    values: Sequence[float | None],
    fixed_max: float | None = None,
    target: float | None = None,
    unit: str = "",
    decimals: int = 0,
    label_every: int = 1,
) -> Chart:
    """A chart of ``values`` (None: no data that step) over evenly spaced ``labels``."""
    present = [v for v in values if v is not None]
    top = fixed_max if fixed_max is not None else _nice_max(max([*present, target or 0, 0.0]) * 1.1)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    steps = max(1, len(values) - 1)

    def x_of(i: int) -> float:
        return round(LEFT + plot_w * (i / steps if len(values) > 1 else 0.5), 1)

    def y_of(value: float) -> float:
        return round(TOP + plot_h * (1 - min(value, top) / top), 1)

    def text(value: float) -> str:
        return f"{value:.{decimals}f}{unit}"

    points: list[Point] = []
    segments: list[str] = []
    current: list[str] = []
    for i, value in enumerate(values):
        if value is None:
            if current:
                segments.append(" ".join(current))
            current = []
            continue
        point = Point(x=x_of(i), y=y_of(value), value=value, label=labels[i], text=text(value))
        points.append(point)
        current.append(f"{point.x},{point.y}")
    if current:
        segments.append(" ".join(current))
    # A lone point has no line; its dot alone marks it.
    segments = [segment for segment in segments if " " in segment]

    grid = [GridLine(y=y_of(top * k / 4), label=text(top * k / 4)) for k in range(5)]
    x_labels = [XLabel(x=x_of(i), label=labels[i]) for i in range(len(labels)) if i % label_every == 0]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        segments=segments,
        points=points,
        grid=grid,
        x_labels=x_labels,
        target=GridLine(y=y_of(target), label=text(target)) if target is not None else None,
        plot_left=LEFT,
        plot_right=WIDTH - RIGHT,
        baseline=y_of(0),
    )
