"""JSON from users, read with a depth limit checked before parsing.

Python's parser recurses once per level: text nested a few thousand levels deep makes it raise
RecursionError (a 500), and a few hundred levels are already more than any of our documents
need. The depth is counted first, without recursion, so hostile input is refused cheaply.
"""

import json
import re
from typing import Any

MAX_JSON_DEPTH = 32

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class JSONTooDeep(Exception):
    """JSON nested deeper than allowed. Not a ValueError, so that callers which drop unreadable
    values do not swallow it: the request is refused (400) by ``BadInputMiddleware``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"JSON nested more than {limit} levels deep")
        self.limit = limit


def json_depth(text: str) -> int:
    """How deep the arrays and objects of ``text`` nest (brackets inside strings do not count)."""
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads(text: str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that raises :class:`JSONTooDeep` beyond ``max_depth`` levels."""
    if json_depth(text) > max_depth:
        raise JSONTooDeep(max_depth)
    return json.loads(text)
