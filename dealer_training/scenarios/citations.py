"""Citations as people read them: each rule an answer cites, named by its rulebook in the page's
language and linked to its entry in the in-app rules reference.

The engine lists the rules an answer rests on (``solve(doc)["rules"]``, keys of
``games.core.citations``); questions stored before the registry existed may carry older keys, which
are mapped to their entries here or left out (never shown as they are).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import get_script_prefix, reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.core.citation_texts import designation, label
from games.core.citations import CITATIONS

from .labels import page_language

# Keys stored with older answers: the source documents were cited by file. Others are dropped.
_LEGACY_PREFIXES = {
    "Seed 002 §": "Hold'em rules §",
    "Seed 000 §": "Ten-card stud rules §",
}
_LEGACY = {
    "Seed 001 ポーカーの役": "Flush Code Hack: hand rankings",
    "Seed 001 カードの強さとスートの順位": "Flush Code Hack: card and suit order",
    "Seed 001 ゲームルール 2": "Flush Code Hack: game rules 2",
    "Seed 001 ゲームからの退場": "Flush Code Hack: leaving the game",
    "Seed 001 ゲームルール 3": "Flush Code Hack: game rules 3",
}


@dataclass(frozen=True)
class CitationLink:
    key: str
    label: str
    url: str


def current_key(key: str) -> str | None:
    """The registry key of a cited rule, or None when it names no entry (an old file citation)."""
    if key in CITATIONS:
        return key
    if key in _LEGACY:
        return _LEGACY[key]
    for old, new in _LEGACY_PREFIXES.items():
        if key.startswith(old) and new + key[len(old) :] in CITATIONS:
            return new + key[len(old) :]
    return None


def current_keys(keys: Iterable[str]) -> list[str]:
    found = (current_key(str(k)) for k in keys)
    return list(dict.fromkeys(k for k in found if k is not None))


def reference_url(org_slug: str, key: str | None = None) -> str:
    url = reverse("rules:reference", kwargs={"org_slug": org_slug})
    return f"{url}#{CITATIONS[key].anchor}" if key else url


def citation_links(keys: Iterable[str], *, org_slug: str) -> list[CitationLink]:
    """Each cited rule once, as "TDA 2024 Rule 47-B: Re-opening in limit: half a bet" (or its
    Japanese) with the URL of its reference entry."""
    return list(_citation_links(tuple(str(k) for k in keys), org_slug, page_language(), get_script_prefix()))


# Pages cite the same few rules over and over: the links are made once per process, memoized on
# everything they depend on (the keys, the organisation, the language, the site's URL prefix).
@functools.lru_cache(maxsize=1024)
def _citation_links(keys: tuple[str, ...], org_slug: str, lang: str, prefix: str) -> tuple[CitationLink, ...]:
    # ``prefix`` is the active one (reverse uses it): an argument only to key the cache.
    return tuple(
        CitationLink(key=key, label=label(key, lang), url=reference_url(org_slug, key))
        for key in current_keys(keys)
    )


@functools.cache
def _pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    # Both languages (the editor shows both explanations). Only designations that name one rule
    # (a rule number or a section), longest first, so a label wins over its designation and a
    # bare "RRoP" is left alone; a number must not run on ("Rule 35" in "Rule 35-D").
    names: dict[str, str] = {}
    for key in CITATIONS:
        for lang in ("en", "ja"):
            for text in (key, label(key, lang), designation(key, lang)):
                if re.search(r"\d", text) and text not in names:
                    names[text] = key
    ordered = sorted(names, key=len, reverse=True)
    pattern = re.compile("(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![0-9A-Za-z-])")
    return pattern, names


def link_citations(text: str, *, org_slug: str) -> SafeString:
    """``text`` escaped, with every citation in it ("TDA 2024 ルール47-A") linked to its entry."""
    return _linked(str(text), org_slug, get_script_prefix())


# The labels of answer fields and of the facts after an answer come back on every page: each text
# is linked once per process, memoized on the text, the organisation and the site's URL prefix
# (the citations of both languages are linked whatever the page's language).
@functools.lru_cache(maxsize=1024)
def _linked(text: str, org_slug: str, prefix: str) -> SafeString:
    # ``prefix`` is the active one (reverse uses it): an argument only to key the cache.
    pattern, names = _pattern()
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        out.append(escape(text[last : match.start()]))
        key = names[match.group()]
        url = reference_url(org_slug, key)
        out.append(format_html('<a class="citation" href="{}">{}</a>', url, match.group()))
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))  # each piece is escaped or built by format_html
