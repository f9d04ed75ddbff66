"""When a trainee's answer to a stud question is wrong, find what it would have been right for.

The scenario is solved again under the other variants, the other ruleset and each flag set the
other way, and the misreadings its question kind declares (``games/stud/kinds/<kind>.py``); each
match is a code with params and a sentence in English and Japanese, e.g. "That is the bring-in
under stud high, not razz". The entry point for every game is :func:`games.diagnose.diagnose`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games import registry
from games.core.errors import EngineError
from games.questions.diagnose import matches
from games.questions.judge import compare
from games.questions.kind import Candidate, QuestionKind
from games.stud.answering import Case
from games.stud.explain import STREET_EN, amount, street_ja
from games.stud.rules import FLAG_NAMES, PRESETS, Variant, flag_specs
from games.stud.scenario import Scenario
from games.stud.solve import solve_stud

__all__ = ["GAME_EN", "GAME_JA", "diagnose_stud"]


GAME_EN = {"F7S": "stud high", "FR": "razz", "F7S/8": "stud/8"}
GAME_JA = {"F7S": "スタッドハイ", "FR": "ラズ", "F7S/8": "スタッドハイロー"}


def _variants(scenario: Scenario) -> Iterator[Candidate]:
    for variant in Variant:
        if variant is scenario.variant:
            continue
        try:
            answer = solve_stud(scenario, variant=variant).answer
        except EngineError:
            continue
        yield "other_variant", {"variant": variant.value, "actual": scenario.variant.value}, answer


def _rulesets(scenario: Scenario) -> Iterator[Candidate]:
    current = scenario.ruleset
    for name in PRESETS:
        if name == current.name:
            continue
        try:
            ruleset = PRESETS[name].with_flags(dict(scenario.rules or {}))
            answer = solve_stud(scenario, ruleset=ruleset).answer
        except EngineError:
            continue
        yield "other_ruleset", {"ruleset": name, "actual": current.name}, answer
    specs = {spec["name"]: spec for spec in flag_specs()}
    for name in FLAG_NAMES:
        now = current.flags()[name]
        if name == "tie_break_later_streets":
            now = now[scenario.variant.value]
        for value in specs[name]["allowed"]:
            if value == now:
                continue
            try:
                ruleset = current.with_flags({name: value})
                answer = solve_stud(scenario, ruleset=ruleset).answer
            except EngineError:
                continue
            yield "other_flag", {"flag": name, "value": value, "actual": now}, answer


def diagnose_stud(scenario: Scenario, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Findings that explain a wrong answer to a stud question (see :func:`games.diagnose.diagnose`)."""
    solution = solve_stud(scenario)
    kind, right = registry.kind(scenario.variant.value, solution.kind), solution.answer
    asked = registry.judging(kind.name)
    if compare(asked, right, given)["correct"]:
        return []
    candidates: list[Candidate] = []
    if not kind.misread_given:
        candidates += list(_variants(scenario))
        candidates += list(_rulesets(scenario))
    if kind.misread is not None:
        candidates += list(kind.misread(Case(scenario, scenario.replay()), right, given))
    findings: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for code, params, alt in candidates:
        if not kind.misread_given and not matches(asked, alt, right, given):
            continue
        key = (code, repr(sorted(params.items())))
        if key in seen:
            continue
        seen.add(key)
        en, ja = _sentence(kind, code, params)
        findings.append({"code": code, "params": params, "en": en, "ja": ja})
    return findings


# --- sentences --------------------------------------------------------------------------------

_FLAG_EN = {
    (
        "tie_break_later_streets",
        "position",
    ): "That breaks tied boards by position; under these rules the high card by suit acts first (TDA 2024 RP-10 D).",
    (
        "tie_break_later_streets",
        "suit",
    ): "That breaks tied boards by the high card by suit; under these rules the player nearest the dealer's left acts first (position).",
    (
        "fourth_street_double_on_open_pair",
        True,
    ): "That allows the big bet on 4th street with an open pair; these rules do not (TDA 2024 RP-10 F).",
    (
        "fourth_street_double_on_open_pair",
        False,
    ): "That ignores the open-pair option: under these rules the big bet is allowed on 4th street with an open pair (RRoP 7CS-4).",
    (
        "cap_lifted_heads_up",
        True,
    ): "That would be right if the cap were lifted heads-up; under these rules the cap stays (TDA 2024 Rule 48).",
    (
        "cap_lifted_heads_up",
        False,
    ): "That keeps the cap heads-up; under these rules the cap is lifted when only two players are left.",
    (
        "odd_chip",
        "rrop",
    ): "That gives the odd chip by the RRoP rule (all cards count); these rules use the high card by suit in the five-card hand (TDA 2024 Rule 20).",
    (
        "odd_chip",
        "high_card_by_suit_in_five",
    ): "That gives the odd chip by the high card in the five-card hand (TDA); these rules use RRoP (all cards; the lowest card for low).",
    (
        "short_all_in_reopen_base",
        "completion_increment",
    ): "That measures the short all-in completion against the completion increment; these rules compare it with the full bet.",
    (
        "short_all_in_reopen_base",
        "full_bet",
    ): "That compares the short all-in completion with the full bet; these rules measure it against the completion increment.",
}
_FLAG_JA = {
    (
        "tie_break_later_streets",
        "position",
    ): "それは同じボードをポジションで決めています。このルールではスートを含めたハイカードのプレイヤーが先です（TDA 2024 RP-10 D）。",
    (
        "tie_break_later_streets",
        "suit",
    ): "それは同じボードをスートのハイカードで決めています。このルールではディーラーの左に近いプレイヤーが先です。",
    (
        "fourth_street_double_on_open_pair",
        True,
    ): "それは4thストリートのオープンペアでビッグベットを認めています。このルールでは認めません（TDA 2024 RP-10 F）。",
    (
        "fourth_street_double_on_open_pair",
        False,
    ): "このルールでは4thストリートでオープンペアが見えているときビッグベットも選べます（RRoP 7CS-4）。",
    (
        "cap_lifted_heads_up",
        True,
    ): "それはヘッズアップでキャップがなくなる場合の答えです。このルールではキャップは残ります（TDA 2024 ルール48）。",
    (
        "cap_lifted_heads_up",
        False,
    ): "それはヘッズアップでもキャップが残る場合の答えです。このルールでは2人になるとキャップがなくなります。",
    (
        "odd_chip",
        "rrop",
    ): "それはRRoP式（全カードで比べる）の端数チップです。このルールでは勝ちハンド5枚の中のハイカードで決めます（TDA 2024 ルール20）。",
    (
        "odd_chip",
        "high_card_by_suit_in_five",
    ): "それはTDA式（5枚の中のハイカード）の端数チップです。このルールではRRoP式（全カード、ローは一番低いカード）です。",
    (
        "short_all_in_reopen_base",
        "completion_increment",
    ): "それはオールインのコンプリートをブリングインからの増額分で比べています。このルールではフルベットと比べます。",
    (
        "short_all_in_reopen_base",
        "full_bet",
    ): "それはオールインのコンプリートをフルベットと比べています。このルールではブリングインからの増額分で比べます。",
}


def _sentence(kind: QuestionKind, code: str, params: dict[str, Any]) -> tuple[str, str]:
    if code == "other_variant":
        v, actual = params["variant"], params["actual"]
        return (
            f"That is the {kind.phrase('en')} under {GAME_EN[v]}, not {GAME_EN[actual]}.",
            f"それは{GAME_JA[actual]}ではなく、{GAME_JA[v]}の場合の{kind.phrase('ja')}です。",
        )
    if code == "other_ruleset":
        other_en, other_ja = _RULESET_NAMES[params["ruleset"]]
        actual_en, actual_ja = _RULESET_NAMES[params["actual"]]
        return (
            f"That would be the {kind.phrase('en')} under {other_en}; this table uses {actual_en}.",
            f"それは{other_ja}での{kind.phrase('ja')}です。このテーブルは{actual_ja}です。",
        )
    if code == "other_flag":
        key = (params["flag"], params["value"])
        return _FLAG_EN[key], _FLAG_JA[key]
    en, ja = kind.misreadings[code]
    return en.format(**_display(params, "en")), ja.format(**_display(params, "ja"))


# The rulesets by the names people know them by (never our ids).
_RULESET_NAMES = {
    "tda-2024": ("the TDA 2024 tournament rules", "TDA 2024 トーナメントルール"),
    "robert-cash": ("Robert's Rules cash-game rules", "ロバーツ・ルールのキャッシュゲームルール"),
}


def _display(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as a sentence shows them: amounts with separators, streets as dealers say them."""
    out = dict(params)
    for key in ("amount", "bet", "main_amount", "side_amount"):
        if isinstance(out.get(key), int):
            out[key] = amount(out[key])
    if isinstance(out.get("street"), int):
        out["street_en"] = STREET_EN[out["street"]]
        out["street_ja"] = street_ja(out["street"])
    return out
