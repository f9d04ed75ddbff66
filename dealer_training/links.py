"""The links every question page and answer draw, built without a ``reverse()`` each.

Django's ``reverse()`` matches the view's patterns against its arguments on every call (about a
tenth of a millisecond or more each; the question page and the answer draw three). ``url_of``
reverses a view once per process with a mark in place of each argument, keeps the URL's text
around the marks, and then only puts each call's arguments between them. The arguments it takes
this way are the ones ``reverse()`` leaves as they are (non-negative integers; letters, digits,
``-`` and ``_``, as slugs are); any other argument, or a view whose URL does not take the marks,
goes through ``reverse()``.
"""

from __future__ import annotations

import functools
import re

from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse

_PLAIN = re.compile(r"[-a-zA-Z0-9_]+\Z")
# No URL of ours holds this number. An integer argument's mark is the number itself (it passes the
# converters an integer passes); a text argument's mark starts with a letter, so that a view
# taking only digits there refuses it as it would refuse the text.
_MARK = 71_300_000_000_000


def url_of(viewname: str, *args: int | str) -> str:
    """``reverse(viewname, args=args)``, the same text."""
    kinds = tuple(_kind(arg) for arg in args)
    parts = _parts(viewname, kinds, get_script_prefix(), get_urlconf()) if all(kinds) else None
    if parts is None:
        return reverse(viewname, args=args)
    pieces = [parts[0]]
    for arg, text in zip(args, parts[1:], strict=True):
        pieces += (str(arg), text)
    return "".join(pieces)


def _kind(arg: int | str) -> str:
    if isinstance(arg, bool):
        return ""
    if isinstance(arg, int):
        return "int" if arg >= 0 else ""
    return "str" if isinstance(arg, str) and _PLAIN.match(arg) else ""


# Keyed by everything reverse() reads besides the arguments: the URL conf and the script prefix
# (both per request), and the kind of each argument (a view that takes a slug where it is given a
# number is reversed as given).
@functools.lru_cache(maxsize=256)
def _parts(viewname: str, kinds: tuple[str, ...], prefix: str, urlconf: str | None) -> tuple[str, ...] | None:
    # ``prefix`` is the active one (reverse reads it): an argument only to key the cache.
    marks = [f"{'' if kind == 'int' else 'm'}{_MARK + i}" for i, kind in enumerate(kinds)]
    try:
        url = reverse(viewname, args=[int(m) if m.isdigit() else m for m in marks])
    except NoReverseMatch:
        return None
    parts = []
    rest = url
    for mark in marks:
        before, found, rest = rest.partition(mark)
        if not found or mark in rest:
            return None
        parts.append(before)
    parts.append(rest)
    return tuple(parts)
