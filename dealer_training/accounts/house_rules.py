"""The names and allowed values of house-rule flags (scenario format v1, section 4).

This module only checks that an organisation's overrides are well formed and describes them for
people; what a flag means at the table is decided by the engine in games/.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
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


FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag(
            name="tie_break_later_streets",
            label=_("Tied boards on 4th to 7th street: who acts first"),
            values={
                "suit": _("High card by suit"),
                "position": _("First tied player to the dealer's left"),
            },
            presets={TDA_2024: "suit", ROBERT_CASH: "position"},
            per_variant=True,
        ),
        Flag(
            name="fourth_street_double_on_open_pair",
            label=_("Open pair on 4th street allows the big bet (stud high only)"),
            values={True: _("Yes"), False: _("No")},
            presets={TDA_2024: False, ROBERT_CASH: True},
        ),
        Flag(
            name="cap_lifted_heads_up",
            label=_("No cap on raises when heads-up"),
            values={True: _("Yes"), False: _("No")},
            presets={TDA_2024: False, ROBERT_CASH: True},
        ),
        Flag(
            name="odd_chip",
            label=_("Odd chip goes to"),
            values={
                "high_card_by_suit_in_five": _("High card by suit in the five-card hand"),
                "rrop": _("High card by suit among all seven cards (lowest card for the low half)"),
            },
            presets={TDA_2024: "high_card_by_suit_in_five", ROBERT_CASH: "rrop"},
        ),
        Flag(
            name="short_stub",
            label=_("Not enough cards for 7th street"),
            values={"tda-2024": _("Add the burns to the stub, or deal a community card")},
            presets={TDA_2024: "tda-2024", ROBERT_CASH: "tda-2024"},
        ),
        # TDA 2024 Rule 47-B: half a bet reopens; on 3rd street the half may be taken of the full
        # bet (the completion) or of the completion's increment over the bring-in.
        Flag(
            name="short_all_in_reopen_base",
            label=_("Short all-in completion on 3rd street: it reopens the betting when it is"),
            values={
                "full_bet": _("At least half of the full bet"),
                "completion_increment": _("At least half of the completion increment over the bring-in"),
            },
            presets={TDA_2024: "full_bet", ROBERT_CASH: "full_bet"},
        ),
    )
}


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
    given, puts the room's or the hand's amounts into the readings that depend on them."""
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
    return lines
