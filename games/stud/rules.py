"""Variants, rulesets and betting structures, as data.

A ruleset is a preset (``tda-2024``, the default, or ``robert-cash``) plus flag overrides:
the flags of scenario-format section 4, which come from RULES.md section 15. The web app
stores a preset and an overrides object per organisation and calls :func:`ruleset_from`;
:func:`flag_specs` describes every flag (allowed values, defaults per preset, the rule
behind it) so that a settings form can be generated without knowing any rule.

>>> rules = ruleset_from("tda-2024", {"cap_lifted_heads_up": True})
>>> rules.cap_lifted_heads_up, rules.tie_break(Variant.RAZZ)
(True, 'suit')
>>> ruleset_from("robert-cash", {"tie_break_later_streets": {"F7S": "suit"}}).tie_break(Variant.STUD)
'suit'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.core.errors import EngineError

__all__ = [
    "FLAG_NAMES",
    "PRESETS",
    "ROBERT_CASH",
    "TDA_2024",
    "FlagSpec",
    "Ruleset",
    "Structure",
    "Variant",
    "flag_specs",
    "ruleset_from",
    "structure_from",
]


class Variant(StrEnum):
    """The three fixed-limit stud games, named by their PHH variant codes."""

    STUD = "F7S"
    RAZZ = "FR"
    STUD8 = "F7S/8"

    @property
    def is_razz(self) -> bool:
        return self is Variant.RAZZ

    @property
    def has_high(self) -> bool:
        """Stud high and stud/8 award a high hand; razz does not."""
        return self is not Variant.RAZZ

    @property
    def has_low(self) -> bool:
        return self is not Variant.STUD

    @classmethod
    def parse(cls, code: object, *, path: str | None = "variant") -> Variant:
        for variant in cls:
            if variant.value == code:
                return variant
        raise EngineError(
            "unknown_variant",
            f"unknown variant {code!r}: use F7S, FR or F7S/8",
            params={"variant": str(code)[:40]},
            path=path,
        )


TIE_BREAKS = ("suit", "position")
ODD_CHIP_RULES = ("high_card_by_suit_in_five", "rrop")
SHORT_STUB_RULES = ("tda-2024",)
REOPEN_BASES = ("full_bet", "completion_increment")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One room's rules: the preset it started from and every flag's value.

    ``tie_break_later_streets`` holds one value per variant code (RULES.md addendum:
    WSOP itself breaks ties differently per game).
    """

    name: str
    tie_break_later_streets: tuple[tuple[str, str], ...]
    fourth_street_double_on_open_pair: bool
    cap_lifted_heads_up: bool
    odd_chip: str
    short_stub: str
    short_all_in_reopen_base: str
    overrides: tuple[tuple[str, Any], ...] = ()

    def tie_break(self, variant: Variant) -> str:
        """``"suit"`` (TDA 2024 RP-10 D) or ``"position"`` (RRoP 7CS-1) for this game."""
        return dict(self.tie_break_later_streets)[variant.value]

    @property
    def out_of_turn(self) -> str:
        """How an action out of turn is ruled: ``"tda"`` (TDA 2024 Rule 53: backed up, binding
        unless the action to the player changes, then every option is open) or ``"rrop"`` (RRoP
        Betting and Raising 11: a player who checked or called out of turn may not bet or raise
        on the next turn), by the preset the rules started from."""
        return "rrop" if self.name == "robert-cash" else "tda"

    def double_on_open_pair(self, variant: Variant) -> bool:
        # RRoP 7CS-4 allows it in stud high only; never razz or stud/8 (BARGE, GARDENS).
        return self.fourth_street_double_on_open_pair and variant is Variant.STUD

    def flags(self) -> dict[str, Any]:
        """Every flag as JSON (the per-variant tie-break as an object)."""
        return {
            "tie_break_later_streets": dict(self.tie_break_later_streets),
            "fourth_street_double_on_open_pair": self.fourth_street_double_on_open_pair,
            "cap_lifted_heads_up": self.cap_lifted_heads_up,
            "odd_chip": self.odd_chip,
            "short_stub": self.short_stub,
            "short_all_in_reopen_base": self.short_all_in_reopen_base,
        }

    def with_flags(self, overrides: Mapping[str, Any]) -> Ruleset:
        """This ruleset with more overrides applied (validated like :func:`ruleset_from`)."""
        merged = dict(self.overrides)
        merged.update(overrides)
        return ruleset_from(self.name, merged)


def _per_variant(value: str) -> tuple[tuple[str, str], ...]:
    return tuple((variant.value, value) for variant in Variant)


TDA_2024 = Ruleset(
    name="tda-2024",
    tie_break_later_streets=_per_variant("suit"),  # TDA 2024 RP-10 D
    fourth_street_double_on_open_pair=False,  # TDA 2024 RP-10 F
    cap_lifted_heads_up=False,  # TDA 2024 Rule 48
    odd_chip="high_card_by_suit_in_five",  # TDA 2024 Rule 20-B
    short_stub="tda-2024",  # TDA 2024 RP-10 H
    short_all_in_reopen_base="full_bet",  # TDA 2024 Rule 47-B, RULES.md 4
)

ROBERT_CASH = Ruleset(
    name="robert-cash",
    tie_break_later_streets=_per_variant("position"),  # RRoP 7CS-1
    fourth_street_double_on_open_pair=True,  # RRoP 7CS-4
    cap_lifted_heads_up=True,  # RRoP Betting & Raising, BARGE 2021
    odd_chip="rrop",  # RRoP Ties
    short_stub="tda-2024",
    short_all_in_reopen_base="full_bet",
)

PRESETS: dict[str, Ruleset] = {TDA_2024.name: TDA_2024, ROBERT_CASH.name: ROBERT_CASH}


@dataclass(frozen=True, slots=True)
class FlagSpec:
    """What a settings form needs to know about one flag."""

    name: str
    kind: str  # "choice", "bool" or "choice_per_variant"
    allowed: tuple[Any, ...]
    defaults: dict[str, Any]
    rule: str
    help_en: str
    help_ja: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "allowed": list(self.allowed),
            "defaults": dict(self.defaults),
            "variants": [v.value for v in Variant] if self.kind == "choice_per_variant" else None,
            "rule": self.rule,
            "help": {"en": self.help_en, "ja": self.help_ja},
        }


_SPECS: tuple[FlagSpec, ...] = (
    FlagSpec(
        "tie_break_later_streets",
        "choice_per_variant",
        TIE_BREAKS,
        {"tda-2024": "suit", "robert-cash": "position"},
        "TDA 2024 RP-10 D / RRoP 7CS-1",
        "Identical boards on 4th to 7th street: the high card by suit acts first, or the first "
        "player from the dealer's left.",
        "4th〜7thストリートで見えているハンドが同じとき、スートで強いハイカードのプレイヤーから"
        "アクションするか、ディーラーの左から近いプレイヤーからアクションするか。",
    ),
    FlagSpec(
        "fourth_street_double_on_open_pair",
        "bool",
        (False, True),
        {"tda-2024": False, "robert-cash": True},
        "TDA 2024 RP-10 F / RRoP 7CS-4",
        "Stud high only: with an open pair on 4th street any player may bet the big bet.",
        "スタッドハイのみ：4thストリートでオープンペアが見えているとき、ビッグベットでベットできる。",
    ),
    FlagSpec(
        "cap_lifted_heads_up",
        "bool",
        (False, True),
        {"tda-2024": False, "robert-cash": True},
        "TDA 2024 Rule 48 / RRoP Betting and Raising",
        "No raise cap when only two players are left in the hand.",
        "ハンドに残っているプレイヤーが2人のときはレイズのキャップをなくす。",
    ),
    FlagSpec(
        "odd_chip",
        "choice",
        ODD_CHIP_RULES,
        {"tda-2024": "high_card_by_suit_in_five", "robert-cash": "rrop"},
        "TDA 2024 Rule 20 / RRoP Ties",
        "Who gets an odd chip: the high card by suit in the 5-card winning hand, or (RRoP) the "
        "highest card by suit of all cards for high and the lowest for low.",
        "端数チップの行き先：勝ちハンド5枚の中でスートを含めて一番強いカード、またはRRoP式"
        "（ハイは全カードで一番高いカード、ローは一番低いカード）。",
    ),
    FlagSpec(
        "short_stub",
        "choice",
        SHORT_STUB_RULES,
        {"tda-2024": "tda-2024", "robert-cash": "tda-2024"},
        "TDA 2024 RP-10 H",
        "What the dealer does when the stub is short on 7th street.",
        "7thストリートでスタブが足りないときの手順。",
    ),
    FlagSpec(
        "short_all_in_reopen_base",
        "choice",
        REOPEN_BASES,
        {"tda-2024": "full_bet", "robert-cash": "full_bet"},
        "TDA 2024 Rule 47-B",
        "On 3rd street, a short all-in completion reopens the betting when it is at least half "
        "of the full bet, or at least half of the completion increment over the bring-in.",
        "3rdストリートでオールインのコンプリートが足りないとき、フルベットの半分以上で"
        "リオープンとするか、ブリングインからの増額分の半分以上でリオープンとするか。",
    ),
)

FLAG_NAMES: tuple[str, ...] = tuple(spec.name for spec in _SPECS)


def flag_specs() -> list[dict[str, Any]]:
    """Every flag with its allowed values, defaults per preset and help text (JSON-able)."""
    return [spec.to_dict() for spec in _SPECS]


def _check_choice(name: str, value: Any, allowed: tuple[Any, ...], path: str) -> None:
    if isinstance(value, bool) != isinstance(allowed[0], bool) or value not in allowed:
        raise EngineError(
            "bad_rule_value",
            f"{name} must be one of {', '.join(map(repr, allowed))}",
            params={"flag": name, "allowed": list(allowed)},
            path=path,
        )


def ruleset_from(preset: str = "tda-2024", overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """Build a ruleset from a preset name and flag overrides; raise EngineError on bad input.

    Overrides use the scenario's ``_rules`` shape: ``tie_break_later_streets`` may be a
    single value or an object by variant code (missing variants keep the preset's value).
    """
    base = PRESETS.get(preset) if isinstance(preset, str) else None
    if base is None:
        raise EngineError(
            "unknown_ruleset",
            f"unknown ruleset {preset!r}: use tda-2024 or robert-cash",
            params={"ruleset": str(preset)[:40]},
            path="_ruleset",
        )
    if not overrides:
        return base
    if not isinstance(overrides, Mapping):
        raise EngineError("bad_type", "_rules must be an object", path="_rules")
    values: dict[str, Any] = {
        "tie_break_later_streets": dict(base.tie_break_later_streets),
        "fourth_street_double_on_open_pair": base.fourth_street_double_on_open_pair,
        "cap_lifted_heads_up": base.cap_lifted_heads_up,
        "odd_chip": base.odd_chip,
        "short_stub": base.short_stub,
        "short_all_in_reopen_base": base.short_all_in_reopen_base,
    }
    specs = {spec.name: spec for spec in _SPECS}
    kept: list[tuple[str, Any]] = []
    for name, value in overrides.items():
        path = f"_rules.{name}"
        spec = specs.get(name)
        if spec is None:
            raise EngineError(
                "unknown_rule", f"unknown rule flag {name!r}", params={"flag": str(name)[:60]}, path=path
            )
        if spec.kind == "choice_per_variant":
            per = dict(values[name])
            if isinstance(value, Mapping):
                for code, choice in value.items():
                    Variant.parse(code, path=f"{path}.{code}")
                    _check_choice(name, choice, spec.allowed, f"{path}.{code}")
                    per[code] = choice
                kept.append((name, tuple(sorted(value.items()))))
            else:
                _check_choice(name, value, spec.allowed, path)
                per = {variant.value: value for variant in Variant}
                kept.append((name, value))
            values[name] = per
        else:
            _check_choice(name, value, spec.allowed, path)
            values[name] = value
            kept.append((name, value))
    tie = values.pop("tie_break_later_streets")
    return Ruleset(
        name=base.name,
        tie_break_later_streets=tuple((v.value, tie[v.value]) for v in Variant),
        overrides=tuple(kept),
        **values,
    )


MAX_CHIPS = 10**12  # larger amounts are refused: no table holds them, and they guard the solver


@dataclass(frozen=True, slots=True)
class Structure:
    """The betting structure: a house choice, not a rule (RULES.md 12).

    ``max_bets`` counts the completion and the raises on a street; the bring-in never
    counts (RULES.md 3). ``min_chip`` is the smallest chip in play (TDA 2024 Rule 20).
    """

    bring_in: int
    small_bet: int
    big_bet: int
    ante: int = 0
    max_bets: int = 5
    min_chip: int = 1

    def bet_for_street(self, street: int) -> int:
        """Small bet on 3rd and 4th street, big bet on 5th to 7th (BARGE, GARDENS)."""
        return self.small_bet if street <= 4 else self.big_bet

    def to_dict(self) -> dict[str, int]:
        return {
            "ante": self.ante,
            "bring_in": self.bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "max_bets": self.max_bets,
            "min_chip": self.min_chip,
        }


def _amount(value: Any, path: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("bad_type", f"{path} must be an integer", path=path)
    if value < minimum:
        raise EngineError(
            "bad_amount", f"{path} must be at least {minimum}", params={"minimum": minimum}, path=path
        )
    if value > MAX_CHIPS:
        raise EngineError(
            "number_too_large", f"{path} is larger than {MAX_CHIPS}", params={"max": MAX_CHIPS}, path=path
        )
    return value


def structure_from(
    *,
    bring_in: Any,
    small_bet: Any,
    big_bet: Any,
    ante: Any = 0,
    max_bets: Any = 5,
    min_chip: Any = 1,
    paths: Mapping[str, str] | None = None,
) -> Structure:
    """Validate and build a :class:`Structure` (amounts must be whole chips of ``min_chip``)."""
    where = {"bring_in": "bring_in", "small_bet": "small_bet", "big_bet": "big_bet", "ante": "ante"}
    where.update({"max_bets": "_max_bets", "min_chip": "_min_chip"})
    where.update(paths or {})
    chip = _amount(min_chip, where["min_chip"], minimum=1)
    cap = _amount(max_bets, where["max_bets"], minimum=1)
    if cap > 100:
        raise EngineError("number_too_large", "_max_bets is at most 100", path=where["max_bets"])
    values = {
        "bring_in": _amount(bring_in, where["bring_in"], minimum=1),
        "small_bet": _amount(small_bet, where["small_bet"], minimum=1),
        "big_bet": _amount(big_bet, where["big_bet"], minimum=1),
        "ante": _amount(ante, where["ante"]),
    }
    for name, value in values.items():
        if value % chip:
            raise EngineError(
                "not_whole_chips",
                f"{name} {value} is not a multiple of the smallest chip {chip}",
                params={"amount": value, "min_chip": chip},
                path=where[name],
            )
    if not values["bring_in"] < values["small_bet"] <= values["big_bet"]:
        raise EngineError(
            "bad_structure",
            "the structure needs bring-in < small bet <= big bet",
            params=dict(values),
            path=where["bring_in"],
        )
    return Structure(max_bets=cap, min_chip=chip, **values)
