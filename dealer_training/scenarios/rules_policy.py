"""Which rules an authored scenario is solved with: the one home of that choice.

An authored scenario follows its organisation's house rules (the rule set and the flag overrides)
unless its author pinned the rules to it (``Scenario.rules_pinned``); a pinned scenario keeps the
``_ruleset`` and ``_rules`` of its version's document. The hand and its structure are always the
document's own: only the rules are the house's.

Everything that solves an authored scenario for trainees goes through :func:`effective_document`:
issuing a drill question (the question keeps the document it was issued with, so judging, the
feedback and the exam review use the rules it was asked under), the editor's preview and the
check of a house-rules change (:func:`answers_changed_by`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from dealer_training.accounts.models import Organisation, Ruleset
from games.api import EngineError, game, solve

from .models import Scenario, ScenarioVersion

# Set in a drill question's document when its rules were pinned by the scenario's author; absent
# when they are the house's. The engine keeps and ignores ``_`` extensions.
PINNED_KEY = "_rules_pinned"


@dataclass(frozen=True)
class Rules:
    """A rule set and its flag overrides, as a document's ``_ruleset`` and ``_rules`` hold them."""

    ruleset: str
    overrides: Mapping[str, Any]


def house_rules(organisation: Organisation) -> Rules:
    return Rules(ruleset=organisation.ruleset, overrides=dict(organisation.rule_overrides or {}))


def rules_of(document: Mapping[str, Any]) -> Rules:
    return Rules(
        ruleset=str(document.get("_ruleset") or "tda-2024"), overrides=dict(document.get("_rules") or {})
    )


def has_rules(document: Mapping[str, Any]) -> bool:
    """Whether the document's game has rule sets: the stud games do; hold'em, Flush Code Hack and
    ten-card stud are played by one set of rules, so house rules never reach them."""
    try:
        return game(str(document.get("variant"))).is_stud
    except EngineError:
        return False


def with_rules(document: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The document solved under ``rules``: its ``_ruleset`` and ``_rules`` replaced, the rest
    kept; an ``_expected`` answer written under other rules is dropped (it would be wrong). A
    game without rule sets keeps its document as it is."""
    doc = dict(document)
    if not has_rules(doc):
        return doc
    if rules_of(doc) != rules:
        doc.pop("_expected", None)
    doc["_ruleset"] = rules.ruleset
    if rules.overrides:
        doc["_rules"] = dict(rules.overrides)
    else:
        doc.pop("_rules", None)
    return doc


def effective_document(
    version: ScenarioVersion, organisation: Organisation, *, pinned: bool | None = None
) -> dict[str, Any]:
    """The version's document with the rules its trainees are asked it under: its own when the
    scenario is pinned, the organisation's house rules otherwise. ``pinned`` defaults to the
    scenario's setting."""
    if pinned is None:
        pinned = version.scenario.rules_pinned
    if pinned:
        return dict(version.document)
    return with_rules(version.document, house_rules(organisation))


def question_document(version: ScenarioVersion, organisation: Organisation) -> dict[str, Any]:
    """The document a drill question is issued with: the effective document, marked when its
    rules are the author's pin (so the question page can say whose rules they are)."""
    doc = effective_document(version, organisation)
    if version.scenario.rules_pinned and has_rules(doc):
        doc[PINNED_KEY] = True
    return doc


def ruleset_name(code: str) -> str:
    try:
        return str(Ruleset(code).label)
    except ValueError:
        return code


def rules_label(*, ruleset: str, pinned: bool) -> str:
    """“Rules: TDA 2024 (house rules)” or “Rules: … (pinned by the author)”."""
    name = ruleset_name(ruleset)
    if pinned:
        return _("Rules: %(ruleset)s (pinned by the author)") % {"ruleset": name}
    return _("Rules: %(ruleset)s (house rules)") % {"ruleset": name}


def scenario_rules_label(scenario: Scenario, organisation: Organisation) -> str:
    """The rules a scenario is asked under, for the list and the editor ("" for a game without
    rule sets)."""
    if scenario.current_version is not None and not has_rules(scenario.current_version.document):
        return ""
    if scenario.rules_pinned and scenario.current_version is not None:
        return rules_label(ruleset=rules_of(scenario.current_version.document).ruleset, pinned=True)
    return rules_label(ruleset=organisation.ruleset, pinned=False)


def question_rules_label(document: Mapping[str, Any]) -> str:
    """The rules a drill question was issued under (generated questions use the house's)."""
    return rules_label(ruleset=rules_of(document).ruleset, pinned=bool(document.get(PINNED_KEY)))


# --- a change of the house rules ----------------------------------------------------------------


@dataclass(frozen=True)
class Changed:
    """A published authored scenario whose answer a change of the house rules changes."""

    scenario: Scenario
    before: dict[str, Any] | None  # the engine's answer under the rules in force (None: unsolvable)
    after: dict[str, Any] | None  # under the new rules (None: the question cannot be asked then)


def _answer(document: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        answer = solve(dict(document))["answer"]
    except EngineError:
        return None
    return dict(answer)


def following_house_rules(organisation: Organisation) -> QuerySet[Scenario]:
    """The published scenarios that follow the house rules (not pinned), with their versions."""
    return (
        Scenario.objects.filter(
            organisation=organisation,
            status=Scenario.Status.PUBLISHED,
            rules_pinned=False,
            current_version__isnull=False,
        )
        .select_related("current_version")
        .order_by("title", "pk")
    )


def answers_changed_by(organisation: Organisation, new: Rules) -> list[Changed]:
    """The published scenarios following the house rules whose answer differs under ``new``:
    each is solved both ways by the engine (tens of milliseconds a scenario) and the answers
    compared."""
    old = house_rules(organisation)
    if old == new:
        return []
    changed = []
    for scenario in following_house_rules(organisation):
        version = scenario.current_version
        assert version is not None
        before = _answer(with_rules(version.document, old))
        after = _answer(with_rules(version.document, new))
        if before != after:
            changed.append(Changed(scenario=scenario, before=before, after=after))
    return changed
