"""The one CSV writer of the app: cells a spreadsheet would run as a formula are neutralised.

A cell that starts with ``=``, ``+``, ``-``, ``@``, ``|``, ``%``, a tab or a carriage return can
be read by Excel, LibreOffice or Google Sheets as a formula (``=HYPERLINK(...)``, DDE payloads),
and the exports hold text that trainees type themselves (their names, their answers). Such a cell
gets a leading apostrophe, which spreadsheets show as text and never evaluate. The rule is that of
defusedcsv (OWASP's "CSV Injection"), with the tab and carriage return added.

Numbers stay numbers: Python ints and floats are written as they are, and so is text that is a
plain number (``-500``, ``-1.5``, ``1,000``), so a negative amount still reads as a number.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from numbers import Number
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "|", "%", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9][0-9,.]*")


def escape_cell(value: Any) -> Any:
    """``value`` as a spreadsheet may safely read it.

    >>> escape_cell('=HYPERLINK("http://example.com","x")')
    '\\'=HYPERLINK("http://example.com","x")'
    >>> escape_cell("-500"), escape_cell(-500), escape_cell("Ito")
    ('-500', -500, 'Ito')
    """
    if value is None or isinstance(value, Number):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


class _Writable(Protocol):
    def write(self, s: str, /) -> Any: ...


class SafeWriter:
    """``csv.writer`` whose rows pass through :func:`escape_cell`; ``writerow`` returns what the
    file's ``write`` returned (the line, for a streaming echo)."""

    def __init__(self, target: _Writable, **fmtparams: Any) -> None:
        self._writer = csv.writer(target, **fmtparams)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([escape_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(target: _Writable, **fmtparams: Any) -> SafeWriter:
    return SafeWriter(target, **fmtparams)
