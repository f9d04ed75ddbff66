"""The answer form of every question, built, read and shown from the kinds' typed fields.

A question kind declares its answer fields in the engine (``games.api.kind(game, kind).fields``,
each a :class:`games.api.Field` of one of the types in ``games.api.fields``). This module has
one input template (``templates/drills/fields/<type>.html``) and one parser per field type, so
a new kind made of existing field types needs nothing here. Only the fields the drill asks
(the question's ``fields``, a subset of the kind's keys) are built and read.

Rules of the inputs: seats are seats at the table (or "none" where the field allows nobody),
amounts whole chips with thousands separators allowed, a blank input is asked again unless
the field allows none. A value that is not a number, or a seat that is not at the table, is a
form error, not a wrong answer: the trainee is asked again and nothing is stored
(:class:`AnswerError`). The answer is shown by ``scenarios.present.answer_lines``, one
renderer per field type too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from dealer_training.scenarios.present import choice_label, field_label
from games.api import Field, QuestionKind, fields, game, kind

MAX_AMOUNT = 10**9
MAX_PLACE = 10
MAX_TEXT = 40
# The pots form shows the main pot and one side pot; the page's script hides the further rows
# until the trainee asks for them (without it every row shows).
SHOWN_POT_ROWS = 2
# The options' inputs (names of the form): ticked option -> amount input.
OPTION_INPUTS = {
    "call": "call",
    "bring_in": "bring_in",
    "complete": "complete_to",
    "bet": "bet_to",
    "raise": "raise_to",
}
# Options only stud has (the bring-in and the completion of 3rd street).
STUD_OPTIONS = ("bring_in", "complete_to")


class AnswerError(ValueError):
    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(errors.values()))
        self.errors = errors


def asked_fields(game_code: str, kind_name: str, asked: Sequence[str]) -> list[Field]:
    """The kind's fields the drill asks, in the kind's order (all of them when none are named)."""
    question_kind = kind(game_code, kind_name)
    keys = set(asked)
    return [f for f in question_kind.fields if not keys or f.key in keys]


# --- reading a form ---------------------------------------------------------------------------


class _Reader:
    def __init__(self, data: Any, seats: Sequence[int]) -> None:
        self.data = data
        self.seats = tuple(seats)
        self.errors: dict[str, str] = {}

    def text(self, name: str) -> str:
        value = self.data.get(name, "")
        return value.strip() if isinstance(value, str) else ""

    def values(self, name: str) -> list[str]:
        return [v.strip() for v in given_values(self.data, name) if v.strip()]

    def amount(self, name: str, *, required: bool = True) -> int | None:
        raw = self.text(name).replace(",", "").replace("_", "")
        if raw == "":
            if required:
                self.errors[name] = _("Enter an amount.")
            return None
        if not raw.isdigit() or len(raw) > 10 or int(raw) > MAX_AMOUNT:
            self.errors[name] = _("Enter a whole number of chips.")
            return None
        return int(raw)

    def amounts(self, name: str) -> list[int] | None:
        raw = self.text(name)
        if raw == "":
            return None
        out = []
        for part in raw.replace("/", " ").replace(",", " ").split():
            if not part.isdigit() or len(part) > 10:
                self.errors[name] = _("Enter whole numbers of chips, separated by spaces.")
                return None
            out.append(int(part))
        return sorted(set(out)) or None

    def seat(self, name: str, *, allow_none: bool = False) -> int | None:
        raw = self.text(name)
        if allow_none and raw == "none":
            return None
        if raw.isdigit() and int(raw) in self.seats:
            return int(raw)
        self.errors[name] = _("Choose a seat.")
        return None

    def seat_set(self, name: str) -> list[int]:
        out = []
        for raw in self.values(name):
            if raw.isdigit() and int(raw) in self.seats:
                out.append(int(raw))
            else:
                self.errors[name] = _("Choose seats at the table.")
        return sorted(set(out))

    def choice(self, name: str, allowed: Sequence[str]) -> str | None:
        raw = self.text(name)
        if raw in allowed:
            return raw
        self.errors[name] = _("Choose one.")
        return None


def given_values(given: Mapping[str, Any], name: str) -> list[str]:
    getter = getattr(given, "getlist", None)
    raw = getter(name) if getter else given.get(name, [])
    return [str(v) for v in (raw if isinstance(raw, list | tuple) else [raw]) if str(v)]


def pot_rows(seats: Sequence[int]) -> range:
    """One pot row per seat dealt in: a hand cannot split into more pots than it has players."""
    return range(max(2, len(seats)))


def _seat(r: _Reader, f: Field, ctx: _Context) -> Any:
    return r.seat(f.key, allow_none=f.none_allowed)


def _amount(r: _Reader, f: Field, ctx: _Context) -> Any:
    # A field that allows none is left blank when none applies (a player who may not raise).
    return r.amount(f.key, required=not f.none_allowed)


def _amounts(r: _Reader, f: Field, ctx: _Context) -> Any:
    value = r.amounts(f.key)
    if value is None and not f.none_allowed and f.key not in r.errors:
        r.errors[f.key] = _("Enter the amount or amounts.")
    return value


def _seats(r: _Reader, f: Field, ctx: _Context) -> Any:
    value = r.seat_set(f.key)
    if not value and not f.none_allowed and f.key not in r.errors:
        r.errors[f.key] = _("Choose at least one seat.")
    return value


def _order(r: _Reader, f: Field, ctx: _Context) -> Any:
    """Seats typed best first, separated by spaces; each seat once."""
    parts = r.text(f.key).replace(",", " ").replace(">", " ").split()
    if not parts or any(not p.isdigit() or int(p) not in ctx.seats for p in parts):
        r.errors[f.key] = _("Enter seats at the table, best first, separated by spaces.")
        return None
    order = [int(p) for p in parts]
    if len(set(order)) != len(order):
        r.errors[f.key] = _("Name each seat once.")
    return order


def _ranking(r: _Reader, f: Field, ctx: _Context) -> Any:
    """Places typed per seat (1 = best; equal places tie). Blank places are allowed in the second
    ranking of a hand asked for two (the low of hi-lo: a hand without a qualifying low)."""
    optional = ctx.rankings.index(f.key) > 0 if f.key in ctx.rankings else False
    places: dict[int, list[int]] = {}
    for seat in ctx.ranked:
        name = f"{f.key}_{seat}"
        raw = r.text(name)
        if raw == "" and optional:
            continue
        if not raw.isdigit() or not 1 <= int(raw) <= MAX_PLACE:
            r.errors[name] = _("Give a place from 1 (best).")
            continue
        places.setdefault(int(raw), []).append(seat)
    return [sorted(places[p]) for p in sorted(places)]


def _choice(r: _Reader, f: Field, ctx: _Context) -> Any:
    return r.choice(f.key, f.choices)


def _yes_no(r: _Reader, f: Field, ctx: _Context) -> Any:
    value = r.choice(f.key, ("yes", "no"))
    return value == "yes" if value else None


def _text(r: _Reader, f: Field, ctx: _Context) -> Any:
    value = r.text(f.key)
    if not value or len(value) > MAX_TEXT:
        r.errors[f.key] = _("Enter a short answer.")
        return None
    return value


def _chips_by_seat(r: _Reader, f: Field, ctx: _Context) -> Any:
    """Chips per seat (``<key>_<seat>``); empty and zero inputs receive nothing. An empty form is
    asked again unless the field allows none (chips returned: often nobody's)."""
    out = {}
    for seat in ctx.seats:
        value = r.amount(f"{f.key}_{seat}", required=False)
        if value:
            out[str(seat)] = value
    if not out and not f.none_allowed and not any(n.startswith(f"{f.key}_") for n in r.errors):
        r.errors[f.key] = _("Enter the chips at least one player receives.")
    return out


def _pots(r: _Reader, f: Field, ctx: _Context) -> Any:
    pots = []
    for i in pot_rows(ctx.seats):
        amount_name, seats_name = f"{f.key}_amount_{i}", f"{f.key}_eligible_{i}"
        if r.text(amount_name) == "" and not r.values(seats_name):
            continue
        pots.append({"amount": r.amount(amount_name), "eligible": r.seat_set(seats_name)})
    if not pots:
        r.errors[f"{f.key}_amount_0"] = _("Enter at least the main pot.")
    return pots


def _award_pots(r: _Reader, f: Field, ctx: _Context) -> Any:
    """The pots as awarded: per row the amount, the seats eligible, the winners of each side the
    game has (``<key>_<side>_<row>``) and the chips each seat receives (``<key>_awards_<row>_<seat>``)."""
    pots = []
    for i in pot_rows(ctx.seats):
        amount_name, seats_name = f"{f.key}_amount_{i}", f"{f.key}_eligible_{i}"
        if r.text(amount_name) == "" and not r.values(seats_name):
            continue
        pot: dict[str, Any] = {"amount": r.amount(amount_name), "eligible": r.seat_set(seats_name)}
        for side in ctx.sides:
            # A side nobody is ticked for is left out (the game's pots do not have it).
            winners = r.seat_set(f"{f.key}_{side}_{i}")
            if winners:
                pot[side] = winners
        awards = {}
        for seat in ctx.seats:
            value = r.amount(f"{f.key}_awards_{i}_{seat}", required=False)
            if value:
                awards[str(seat)] = value
        pot["awards"] = awards
        pots.append(pot)
    if not pots:
        r.errors[f"{f.key}_amount_0"] = _("Enter at least the main pot.")
    return pots


def _options(r: _Reader, f: Field, ctx: _Context, answer: dict[str, Any]) -> Any:
    """The options of the player to act; with nobody to act there are none."""
    if answer.get("seat") is None:
        return None
    checked = set(r.values("option"))
    options: dict[str, Any] = {"fold": "fold" in checked, "check": "check" in checked}
    for option, name in OPTION_INPUTS.items():
        if name in STUD_OPTIONS and not ctx.stud:
            continue
        if name in ("bet_to", "raise_to"):
            options[name] = r.amounts(name) if option in checked else None
            if option in checked and options[name] is None and name not in r.errors:
                r.errors[name] = _("Enter the amount or amounts.")
        else:
            options[name] = r.amount(name, required=True) if option in checked else None
    return options


def _hands(r: _Reader, f: Field, ctx: _Context) -> Any:
    """Each seat's best hand(s) as cards typed ``As Kd ...`` (``<key>_<seat>_<side>``)."""
    out: dict[str, Any] = {}
    for seat in ctx.ranked:
        hand: dict[str, Any] = {}
        for side in ("high", "low"):
            name = f"{f.key}_{seat}_{side}"
            cards = r.text(name).replace(",", " ").split()
            if not cards:
                continue
            if len(cards) > 5 or any(len(c) != 2 or c[0].upper() not in "23456789TJQKA" for c in cards):
                r.errors[name] = _("Enter up to five cards, separated by spaces.")
                continue
            hand[side] = {"cards": cards}
        if hand:
            out[str(seat)] = hand
    return out


_PARSERS: dict[str, Callable[[_Reader, Field, _Context], Any]] = {
    fields.SEAT: _seat,
    fields.AMOUNT: _amount,
    fields.AMOUNTS: _amounts,
    fields.SEATS: _seats,
    fields.ORDER: _order,
    fields.RANKING: _ranking,
    fields.CHOICE: _choice,
    fields.YES_NO: _yes_no,
    fields.TEXT: _text,
    fields.CHIPS_BY_SEAT: _chips_by_seat,
    fields.POTS: _pots,
    fields.AWARD_POTS: _award_pots,
    fields.HANDS: _hands,
}


class _Context:
    """What the inputs of a question depend on besides its fields: the seats and the game."""

    def __init__(
        self, game_code: str, asked: Sequence[Field], seats: Sequence[int], ranked: Sequence[int]
    ) -> None:
        self.stud = game(game_code).is_stud
        self.seats = list(seats)
        self.ranked = list(ranked or seats)
        self.rankings = [f.key for f in asked if f.type == fields.RANKING]
        # The sides a pot is won on: high and low in the stud games (razz: low only; stud high:
        # high only; the pot's own sides are judged), winners elsewhere.
        self.sides = ("high", "low") if self.stud else ("winners",)


def parse(
    game_code: str,
    kind_name: str,
    asked: Sequence[str],
    data: Mapping[str, Any],
    *,
    seats: Sequence[int],
    ranked: Sequence[int] = (),
) -> dict[str, Any]:
    """The engine's answer object for the asked fields of ``kind_name`` from form ``data``;
    raises :class:`AnswerError` with a message per input."""
    question_kind = kind(game_code, kind_name)
    wanted = asked_fields(game_code, kind_name, asked)
    ctx = _Context(game_code, wanted, seats, ranked)
    r = _Reader(data, seats)
    answer: dict[str, Any] = {}
    for f in wanted:
        if f.type == fields.OPTIONS:
            answer[f.key] = _options(r, f, ctx, answer)
        else:
            answer[f.key] = _PARSERS[f.type](r, f, ctx)
    _complete(question_kind, answer)
    if r.errors:
        raise AnswerError(r.errors)
    return answer


def _complete(question_kind: QuestionKind, answer: dict[str, Any]) -> None:
    """An answer naming nobody to act says the betting round is complete, as the engine's does."""
    if "round_complete" in question_kind.unjudged and "seat" in answer and answer["seat"] is None:
        answer["round_complete"] = True


# --- building the form ------------------------------------------------------------------------


def build(
    game_code: str,
    kind_name: str,
    asked: Sequence[str],
    *,
    seats: Sequence[int],
    ranked: Sequence[int] = (),
    given: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The inputs of the form, one per asked field: the field type's template and what it shows
    (``given`` and ``errors`` are those of a refused answer, shown again)."""
    given = given or {}
    errors = errors or {}
    wanted = asked_fields(game_code, kind_name, asked)
    ctx = _Context(game_code, wanted, seats, ranked)
    inputs = []
    for f in wanted:
        item: dict[str, Any] = {
            "key": f.key,
            "type": f.type,
            "template": f"drills/fields/{f.type}.html",
            "label": field_label(f),
            "name": f.key,
            "none_allowed": f.none_allowed,
            "seats": ctx.seats,
            "error": errors.get(f.key, ""),
            "value": str(given.get(f.key, "") or "") if not isinstance(given.get(f.key), list) else "",
        }
        if f.type == fields.CHOICE:
            item["choices"] = [(code, choice_label(f, code)) for code in f.choices]
            item["given"] = str(given.get(f.key, "") or "")
        elif f.type == fields.SEATS:
            checked = set(given_values(given, f.key))
            item["options"] = [{"seat": s, "checked": str(s) in checked} for s in ctx.seats]
        elif f.type == fields.RANKING:
            item["rows"] = [_row(f"{f.key}_{seat}", given, errors, seat=seat) for seat in ctx.ranked]
            item["optional"] = ctx.rankings.index(f.key) > 0
        elif f.type == fields.CHIPS_BY_SEAT:
            item["rows"] = [_row(f"{f.key}_{seat}", given, errors, seat=seat) for seat in ctx.seats]
        elif f.type in (fields.POTS, fields.AWARD_POTS):
            item["rows"] = pot_row_fields(f.key, ctx, given, errors, awarded=f.type == fields.AWARD_POTS)
        elif f.type == fields.OPTIONS:
            item["stud"] = ctx.stud
        elif f.type == fields.HANDS:
            item["rows"] = [
                {
                    "seat": seat,
                    "high": _row(f"{f.key}_{seat}_high", given, errors),
                    "low": _row(f"{f.key}_{seat}_low", given, errors),
                }
                for seat in ctx.ranked
            ]
        inputs.append(item)
    return inputs


def _row(name: str, given: Mapping[str, Any], errors: Mapping[str, str], **extra: Any) -> dict[str, Any]:
    return {"name": name, "value": str(given.get(name, "") or ""), "error": errors.get(name, ""), **extra}


def pot_row_fields(
    key: str,
    ctx: _Context,
    given: Mapping[str, Any],
    errors: Mapping[str, str],
    *,
    awarded: bool = False,
) -> list[dict[str, Any]]:
    """The rows of a pots input with what a refused answer held. A row past the first two is
    ``extra`` (hidden until asked for) unless it or a later row holds a value, so nothing typed
    is ever hidden."""
    rows = []
    for i in pot_rows(ctx.seats):
        amount_name, seats_name = f"{key}_amount_{i}", f"{key}_eligible_{i}"
        checked = set(given_values(given, seats_name))
        row: dict[str, Any] = {
            "index": i,
            "name": _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i},
            "amount_name": amount_name,
            "seats_name": seats_name,
            "amount": str(given.get(amount_name, "") or ""),
            "seats": [{"seat": seat, "checked": str(seat) in checked} for seat in ctx.seats],
            "filled": bool(str(given.get(amount_name, "") or "").strip() or checked),
            "error": errors.get(amount_name) or errors.get(seats_name) or "",
        }
        if awarded:
            row["sides"] = [
                {"name": f"{key}_{side}_{i}", "side": side, "label": _side_label(side)} for side in ctx.sides
            ]
            row["awards"] = [_row(f"{key}_awards_{i}_{seat}", given, errors, seat=seat) for seat in ctx.seats]
        rows.append(row)
    last = max((row["index"] for row in rows if row["filled"]), default=-1)
    for row in rows:
        row["extra"] = row["index"] >= SHOWN_POT_ROWS and row["index"] > last
    return rows


def _side_label(side: str) -> str:
    return {"high": _("High"), "low": _("Low")}.get(side, _("Winners"))


# --- the seats an answer names ----------------------------------------------------------------


def marked_seats(
    game_code: str, kind_name: str, answer: Mapping[str, Any], asked: Sequence[str]
) -> list[int]:
    """Seats the answer names in the asked fields, to mark on the table after answering: the
    seats of seat fields, those receiving chips, the best of a ranking or an order."""
    marked: list[int] = []
    for f in asked_fields(game_code, kind_name, asked):
        value = answer.get(f.key)
        if f.type == fields.SEAT and isinstance(value, int):
            marked.append(value)
        elif f.type == fields.SEATS and not f.none_allowed:
            marked += [int(s) for s in value or []]
        elif f.type == fields.CHIPS_BY_SEAT and not f.none_allowed:
            marked += [int(s) for s in value or {}]
        elif f.type == fields.RANKING and value:
            marked += [int(s) for s in value[0]]
        elif f.type == fields.ORDER and value:
            marked.append(int(value[0]))
    return sorted(set(marked))
