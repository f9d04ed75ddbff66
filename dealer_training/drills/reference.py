"""The rules reference page: every rule the engine cites, by rulebook, with what it says and which
drills exercise it (``rule_coverage``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from dealer_training.accounts.house_rules import FLAGS, flag_rule_keys
from dealer_training.accounts.models import Ruleset
from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.labels import QUESTION_SHORT, page_language
from games.core.citation_texts import BOOK_TEXTS, designation, summary
from games.core.citations import BOOKS, CITATIONS

from .other_games import GAMES as OTHER_GAMES
from .rule_coverage import Use, rule_coverage

STUD_GAMES = ("F7S", "FR", "F7S/8")
MODE_ORDER = {"skill": 0, "walk": 1, "other": 2}


@dataclass
class DrillLine:
    text: str
    games: str = ""


@dataclass
class Entry:
    key: str
    anchor: str
    designation: str
    title: str
    summary: str
    drills: list[DrillLine]
    house_rules: list[str] = field(default_factory=list)
    ruleset_note: str = ""


@dataclass
class Section:
    code: str
    title: str
    intro: str
    entries: list[Entry]


def _skill_label(code: str) -> str:
    return str(Skill(code).label) if code in Skill.values else code


def _games_text(variants: Iterable[str]) -> str:
    chosen = set(variants)
    return pgettext("list separator", ", ").join(str(Variant(v).label) for v in STUD_GAMES if v in chosen)


def ruleset_note(uses: Iterable[Use]) -> str:
    """When the stud drills cite a rule under one rule set only (the rule sets differ on it)."""
    rulesets = {u.ruleset for u in uses if u.mode != "other"}
    if len(rulesets) == 1:
        (only,) = rulesets
        return _("Drilled only under the rule set %(ruleset)s.") % {"ruleset": Ruleset(only).label}
    return ""


def drill_lines(uses: Iterable[Use]) -> list[DrillLine]:
    """The drills that cite a rule, one line per skill and question (or hand-walk skill, or
    question of another game), with the games it is asked in."""
    groups: dict[tuple[str, str, str], list[Use]] = {}
    for use in uses:
        kind = "" if use.mode == "walk" else use.kind
        groups.setdefault((use.mode, use.skill, kind), []).append(use)
    lines = []
    for (mode, skill, kind), found in sorted(
        groups.items(), key=lambda item: (MODE_ORDER[item[0][0]], item[0][1], item[0][2])
    ):
        if mode == "other":
            game = OTHER_GAMES[skill]
            topic = game.topic(kind)
            lines.append(DrillLine(text=f"{game.label} · {topic.label if topic else kind}"))
            continue
        if mode == "walk":
            text = _("Hand walk · %(skill)s") % {"skill": _skill_label(skill)}
        else:
            text = f"{_skill_label(skill)} · {QUESTION_SHORT.get(kind, kind)}"
        lines.append(DrillLine(text=text, games=_games_text(u.variant for u in found)))
    return lines


def _house_rules_by_key() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, flag in FLAGS.items():
        for key in flag_rule_keys(name):
            found.setdefault(key, []).append(str(flag.label))
    return found


def reference_sections() -> list[Section]:
    lang = page_language()
    coverage = rule_coverage()
    house_rules = _house_rules_by_key()
    sections = []
    for code, book in BOOKS.items():
        entries = [
            Entry(
                key=key,
                anchor=entry.anchor,
                designation=designation(key, lang),
                title=entry.title(lang),
                summary=summary(key, lang),
                drills=drill_lines(coverage.get(key, ())),
                house_rules=house_rules.get(key, []),
                ruleset_note=ruleset_note(coverage.get(key, ())),
            )
            for key, entry in CITATIONS.items()
            if entry.book == code
        ]
        if entries:
            title = book.title_ja if lang == "ja" else book.title_en
            intro = BOOK_TEXTS[code].text(lang)
            sections.append(Section(code=code, title=title, intro=intro, entries=entries))
    return sections
