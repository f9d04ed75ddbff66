"""When a trainee's answer is wrong, find what it would have been right for.

The scenario is solved again under the other variants, the other ruleset, each flag set
the other way, and a list of common misreadings (ace low in stud, suits reversed, the
bring-in counted as a bet, an uncalled bet left in the pot, the first bettor instead of
the last aggressor, ...: each question kind's own, declared in its module). Each match is
reported as a code with params and a sentence in English and Japanese, e.g. "That is the
bring-in under stud high, not razz". Stud's part is :mod:`games.stud.diagnose`; whether a
candidate explains the answer, :mod:`games.questions.diagnose`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import registry
from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.questions.diagnose import matches
from games.questions.judge import compare
from games.solve import solve_scenario
from games.stud.diagnose import diagnose_stud
from games.stud.scenario import Scenario, load_scenario

__all__ = ["diagnose"]


def diagnose(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes, given: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Findings that explain a wrong answer: ``[{"code", "params", "en", "ja"}]`` (empty when
    the answer is right or nothing known explains it)."""
    loaded = scenario if isinstance(scenario, Scenario | OtherScenario) else load_scenario(scenario)
    if not isinstance(given, Mapping):
        raise EngineError("bad_type", "the given answer must be an object", path=None)
    if isinstance(loaded, OtherScenario):
        return _diagnose_other(loaded, given)
    return diagnose_stud(loaded, given)


def _diagnose_other(scenario: OtherScenario, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The misreadings of hold'em, Flush Code Hack and ten-card stud: those their question kind
    declares (``games/<game>/kinds/<kind>.py``, through :mod:`games.registry`)."""
    solution = solve_scenario(scenario)
    kind, right = solution.kind, solution.answer
    asked = registry.judging(kind)
    if compare(asked, right, given)["correct"]:
        return []
    declared = registry.kind(scenario.variant_code, kind)
    texts = declared.misreadings
    candidates = declared.misread(scenario, right, given) if declared.misread else iter(())
    findings: list[dict[str, Any]] = []
    seen: set[str] = set()
    for code, params, alt in candidates:
        if code in seen or not matches(asked, alt, right, given):
            continue
        seen.add(code)
        en, ja = texts[code]
        findings.append(
            {"code": code, "params": params, "en": en.format(**params), "ja": ja.format(**params)}
        )
    return findings
