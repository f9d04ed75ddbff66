"""House-rule flags (scenario format v1, section 4) as people read them.

The flags, their allowed values and the presets' values are the engine's (``games.stud.rules.flag_specs``);
this module adds their wording (``WORDING``), checks that an organisation's overrides are well formed
and describes them for people. What a flag means at the table is decided by the engine in games/.
"""

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from games.stud.rules import flag_specs

TDA_2024 = "tda-2024"
ROBERT_CASH = "robert-cash"

# Variant codes of the scenario format, for flags that may be given per variant.
VARIANTS: dict[str, StrPromise] = {
    "F7S": _("Seven-card stud"),
    "FR": _("Razz"),
    "F7S/8": _("Stud hi-lo (eight or better)"),
}


@dataclass(frozen=True)
class Flag:
    name: str
    label: StrPromise
    values: Mapping[Any, StrPromise]  # allowed value -> how it reads in the UI
    presets: Mapping[str, Any]  # ruleset -> value the preset uses
    per_variant: bool = False  # the value may also be an object {variant: value}


@dataclass(frozen=True)
class Wording:
    label: StrPromise
    values: Mapping[Any, StrPromise] = field(default_factory=dict)  # a yes/no flag reads Yes or No


# How each flag and its values read: the only web-side table of house rules. Which flags exist,
# the values each allows, what each preset uses and which may be set per game come from the
# engine's flag specs (games.stud.rules.flag_specs); a flag or value the engine adds without wording
# here fails at import.
WORDING: dict[str, Wording] = {
    "tie_break_later_streets": Wording(
        _("Tied boards on 4th to 7th street: who acts first"),
        {"suit": _("High card by suit"), "position": _("First tied player to the dealer's left")},
    ),
    "fourth_street_double_on_open_pair": Wording(
        _("Open pair on 4th street allows the big bet (stud high only)")
    ),
    "cap_lifted_heads_up": Wording(_("No cap on raises when heads-up")),
    "odd_chip": Wording(
        _("Odd chip goes to"),
        {
            "high_card_by_suit_in_five": _("High card by suit in the five-card hand"),
            "rrop": _("High card by suit among all seven cards (lowest card for the low half)"),
        },
    ),
    "short_stub": Wording(
        _("Not enough cards for 7th street"),
        {"tda-2024": _("Add the burns to the stub, or deal a community card")},
    ),
    # TDA 2024 Rule 47-B: half a bet reopens; on 3rd street the half may be taken of the full
    # bet (the completion) or of the completion's increment over the bring-in.
    "short_all_in_reopen_base": Wording(
        _("Short all-in completion on 3rd street: it reopens the betting when it is"),
        {
            "full_bet": _("At least half of the full bet"),
            "completion_increment": _("At least half of the completion increment over the bring-in"),
        },
    ),
}

YES_NO: dict[Any, StrPromise] = {True: _("Yes"), False: _("No")}


def _flag(spec: Mapping[str, Any]) -> Flag:
    wording = WORDING[spec["name"]]
    values = YES_NO if spec["kind"] == "bool" else {value: wording.values[value] for value in spec["allowed"]}
    return Flag(
        name=spec["name"],
        label=wording.label,
        values=values,
        presets=dict(spec["defaults"]),
        per_variant=spec["kind"] == "choice_per_variant",
    )


FLAGS: dict[str, Flag] = {spec["name"]: _flag(spec) for spec in flag_specs()}


def _value_is_allowed(flag: Flag, value: Any) -> bool:
    # bool is a subclass of int and 1 == True: compare types as well as values.
    return any(type(value) is type(allowed) and value == allowed for allowed in flag.values)


def validate_rule_overrides(value: Any) -> None:
    """Raise ValidationError unless value is an object of known flags with allowed values."""
    if not isinstance(value, dict):
        raise ValidationError(_("House rule overrides must be a JSON object."), code="not_object")
    errors = []
    for name, flag_value in value.items():
        flag = FLAGS.get(name)
        if flag is None:
            errors.append(
                ValidationError(
                    _("Unknown house rule “%(name)s”."), code="unknown_flag", params={"name": name}
                )
            )
            continue
        if flag.per_variant and isinstance(flag_value, dict):
            if not flag_value:
                errors.append(
                    ValidationError(
                        _("“%(name)s” names no game."), code="empty_variants", params={"name": name}
                    )
                )
            for variant, variant_value in flag_value.items():
                if variant not in VARIANTS or not _value_is_allowed(flag, variant_value):
                    errors.append(
                        ValidationError(
                            _("“%(name)s” has an invalid value for “%(variant)s”."),
                            code="invalid_value",
                            params={"name": name, "variant": variant},
                        )
                    )
        elif not _value_is_allowed(flag, flag_value):
            errors.append(
                ValidationError(
                    _("“%(name)s” cannot be %(value)s."),
                    code="invalid_value",
                    params={"name": name, "value": repr(flag_value)},
                )
            )
    if errors:
        raise ValidationError(errors)


def flag_rule_keys(flag: str) -> list[str]:
    """The rules a flag chooses between, as the engine cites them ("TDA 2024 RP-10 D / RRoP
    7CS-1" names two)."""
    for spec in flag_specs():
        if spec["name"] == flag:
            return [part.strip() for part in str(spec["rule"]).split(" / ") if part.strip()]
    return []


@dataclass(frozen=True)
class RuleLine:
    """One flag as a person reads it: the value in force and whether the house chose it."""

    label: StrPromise
    value: str
    overridden: bool
    rules: tuple[str, ...] = ()  # the citation keys of the rules the flag chooses between


# The 3rd-street reading with the amount it halves, when the structure is known.
REOPEN_WITH_AMOUNT: dict[str, StrPromise] = {
    "full_bet": _("At least half of the full bet (%(amount)s)"),
    "completion_increment": _("At least half of the completion increment over the bring-in (%(amount)s)"),
}


def _reopen_text(value: str, structure: Mapping[str, int]) -> str:
    """The short all-in reading with the amount it halves: the full bet on 3rd street is the
    completion (the small bet); its increment is what the completion adds to the bring-in."""
    full = structure["small_bet"]
    amount = full if value == "full_bet" else full - structure["bring_in"]
    return str(REOPEN_WITH_AMOUNT[value]) % {"amount": f"{amount:,}"}


def describe_rules(
    *, ruleset: str, overrides: Mapping[str, Any], structure: Mapping[str, int] | None = None
) -> list[RuleLine]:
    """The flags in force as people read them; ``structure`` (``bring_in`` and ``small_bet``), when
    given, puts the room's or the hand's amounts into the readings that depend on them.

    Every question of a drill shows them: each reading is made once per process and language
    (memoized on all it depends on: the rule set, the overrides, the two amounts, the language)."""
    amounts = None if structure is None else (structure["small_bet"], structure["bring_in"])
    return list(_described(ruleset, json.dumps(overrides, sort_keys=True), amounts, get_language()))


@functools.lru_cache(maxsize=512)
def _described(
    ruleset: str, overrides_json: str, amounts: tuple[int, int] | None, language: str | None
) -> tuple[RuleLine, ...]:
    # ``language`` is the active one (the readings are made in it): an argument only to key the cache.
    overrides: dict[str, Any] = json.loads(overrides_json)
    structure = None if amounts is None else {"small_bet": amounts[0], "bring_in": amounts[1]}
    lines = []
    for flag in FLAGS.values():
        value = overrides.get(flag.name, flag.presets[ruleset])
        if isinstance(value, dict):
            preset = flag.presets[ruleset]
            text = "; ".join(
                f"{VARIANTS[variant]}: {flag.values[value.get(variant, preset)]}" for variant in VARIANTS
            )
        elif flag.name == "short_all_in_reopen_base" and structure is not None:
            text = _reopen_text(value, structure)
        else:
            text = str(flag.values[value])
        lines.append(
            RuleLine(
                label=flag.label,
                value=text,
                overridden=flag.name in overrides,
                rules=tuple(flag_rule_keys(flag.name)),
            )
        )
    return tuple(lines)
