"""The heatmap's cells as HTML, built in Python.

A cohort report prints trainees x skills cells (1,800 for 200 trainees); in a Django template each
cell costs a dozen variable lookups and conditions, which at that size takes longer than the whole
rest of the page. Here each row of cells is one string, and the template prints it once. Every
value is escaped. The numbers are printed; the mastery mark and the "slower than the target"
triangle are hidden from screen readers, which read the words instead.
"""

from collections.abc import Iterable
from html import escape
from typing import Protocol

from django.utils.safestring import SafeString, mark_safe


class Cell(Protocol):
    attempts: int
    band: str
    accuracy_text: str
    seconds_text: str
    slow: bool
    mark: str
    hidden_text: str


SLOW = '<span aria-hidden="true">▲</span>'


def _cell(cell: Cell) -> str:
    hidden = f'<span class="visually-hidden"> {escape(cell.hidden_text)}</span>' if cell.hidden_text else ""
    if cell.attempts:
        body = (
            f'<span class="heat__acc">{escape(cell.accuracy_text)}</span> '
            f'<span class="heat__mark" aria-hidden="true">{escape(cell.mark)}</span>'
            f'<span class="heat__sub">{escape(cell.seconds_text)}{SLOW if cell.slow else ""}</span>'
        )
    else:
        body = f'<span class="heat__none" aria-hidden="true">{escape(cell.mark or "–")}</span>'
    return f'<td class="heat band-{escape(cell.band)}">{body}{hidden}</td>'


def cells_html(cells: Iterable[Cell]) -> SafeString:
    """The ``<td>`` elements of one trainee's row."""
    return mark_safe("".join(_cell(cell) for cell in cells))
