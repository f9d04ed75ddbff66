"""Parse a trainee's answer form into the engine's answer shape (``games.questions.judge`` judges it).

The form fields follow the answer of each question kind (scenario format section 3): seats are
seat numbers, amounts whole chips. Only the fields the question asks are read. A value that is
not a number, or a seat that is not at the table, is a form error, not a wrong answer: the
trainee is asked again and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.stud.events import RULING_CODES
from games.stud.state import STUB_PROCEDURES

MAX_AMOUNT = 10**9
PROCEDURES = STUB_PROCEDURES  # the engine's RP-10 H procedure codes
RULINGS = RULING_CODES  # the engine's ruling codes (scenario format section 5)


class AnswerError(ValueError):
    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(errors.values()))
        self.errors = errors


class _Reader:
    def __init__(self, data: Any, seats: Sequence[int]) -> None:
        self.data = data
        self.seats = tuple(seats)
        self.errors: dict[str, str] = {}

    def text(self, name: str) -> str:
        value = self.data.get(name, "")
        return value.strip() if isinstance(value, str) else ""

    def values(self, name: str) -> list[str]:
        getter = getattr(self.data, "getlist", None)
        raw = getter(name) if getter else self.data.get(name, [])
        return [str(v).strip() for v in (raw if isinstance(raw, list | tuple) else [raw]) if str(v).strip()]

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

    def awards(self) -> dict[str, int]:
        """Chips received per seat (``award_<seat>``); empty and zero fields receive nothing."""
        out = {}
        for seat in self.seats:
            value = self.amount(f"award_{seat}", required=False)
            if value:
                out[str(seat)] = value
        return out

    def choice(self, name: str, allowed: Iterable[str]) -> str | None:
        raw = self.text(name)
        if raw in allowed:
            return raw
        self.errors[name] = _("Choose one.")
        return None


def require_awards(reader: _Reader, awards: Mapping[str, int]) -> None:
    """An award form with no chips given to anyone is a blank form, not an answer: asked again."""
    if not awards and not any(name.startswith("award_") for name in reader.errors):
        reader.errors["awards"] = _("Enter the chips at least one player receives.")


def _ranking(reader: _Reader, prefix: str, seats: Sequence[int], *, optional: bool) -> list[list[int]] | None:
    """Places typed per seat (1 = best; equal places tie; blank = no hand, where allowed)."""
    places: dict[int, list[int]] = {}
    for seat in seats:
        raw = reader.text(f"{prefix}_{seat}")
        if raw == "" and optional:
            continue
        if not raw.isdigit() or not 1 <= int(raw) <= 8:
            reader.errors[f"{prefix}_{seat}"] = _("Give a place from 1 (best).")
            continue
        places.setdefault(int(raw), []).append(seat)
    return [sorted(places[p]) for p in sorted(places)]


def pot_rows(seats: Sequence[int]) -> range:
    """One pot row per seat dealt in: a hand cannot split into more pots than it has players."""
    return range(max(2, len(seats)))


def award_fields(seats: Sequence[int]) -> list[dict[str, Any]]:
    """The award inputs of the form, one per seat, named as :meth:`_Reader.awards` reads them."""
    return [{"seat": seat, "name": f"award_{seat}"} for seat in seats]


def parse_answer(
    kind: str, fields: Sequence[str], data: Mapping[str, Any], *, seats: Sequence[int], ranked: Sequence[int]
) -> dict[str, Any]:
    """The answer object for ``kind`` from form ``data``; raises :class:`AnswerError`."""
    r = _Reader(data, seats)
    answer: dict[str, Any] = {}
    wants = set(fields)
    if kind == "pots":
        pots = []
        for i in pot_rows(seats):
            if r.text(f"pot_amount_{i}") == "" and not r.values(f"pot_eligible_{i}"):
                continue
            pots.append({"amount": r.amount(f"pot_amount_{i}"), "eligible": r.seat_set(f"pot_eligible_{i}")})
        if not pots:
            r.errors["pot_amount_0"] = _("Enter at least the main pot.")
        answer["pots"] = pots
    elif kind in ("bring_in", "showdown_first", "next_action"):
        if "seat" in wants:
            answer["seat"] = r.seat("seat", allow_none=kind == "next_action")
        if kind == "next_action" and answer.get("seat", 0) is None:
            answer["round_complete"] = True
        if "amount" in wants:
            answer["amount"] = r.amount("amount")
        if "first_to_act" in wants:
            # Heads-up against a low card all-in on the ante nobody acts (TDA 2024 RP-10 E).
            answer["first_to_act"] = r.seat("first_to_act", allow_none=True)
        if "options" in wants:
            if answer.get("seat") is None:
                answer["options"] = None
            else:
                checked = set(r.values("option"))
                answer["options"] = {
                    "fold": "fold" in checked,
                    "check": "check" in checked,
                    "call": r.amount("call", required=True) if "call" in checked else None,
                    "bring_in": r.amount("bring_in", required=True) if "bring_in" in checked else None,
                    "complete_to": r.amount("complete_to", required=True) if "complete" in checked else None,
                    "bet_to": r.amounts("bet_to") if "bet" in checked else None,
                    "raise_to": r.amounts("raise_to") if "raise" in checked else None,
                }
                for option, name in (("bet", "bet_to"), ("raise", "raise_to")):
                    if option in checked and answer["options"][name] is None and name not in r.errors:
                        r.errors[name] = _("Enter the amount or amounts.")
    elif kind == "stub":
        answer["stub"] = r.amount("stub")
        answer["required"] = r.amount("required")
        answer["procedure"] = r.choice("procedure", PROCEDURES)
        community = r.choice("community_card", ("yes", "no"))
        answer["community_card"] = community == "yes" if community else None
        if "first_to_act_7th" in wants:  # a hand walk asks it at its own step
            answer["first_to_act_7th"] = r.seat("first_to_act_7th")
    elif kind == "stub_count":
        answer["stub"] = r.amount("stub")
        answer["needed"] = r.amount("needed")
    elif kind == "best_hands":
        if "high_ranking" in wants:
            answer["high_ranking"] = _ranking(r, "high", ranked, optional=False)
        if "low_ranking" in wants:
            answer["low_ranking"] = _ranking(r, "low", ranked, optional="high_ranking" in wants)
    elif kind == "award":
        answer["awards"] = r.awards()
        require_awards(r, answer["awards"])
    elif kind == "ruling":
        answer["ruling"] = r.choice("ruling", RULINGS)
    else:
        raise AnswerError({"__all__": _("This question cannot be answered here.")})
    if r.errors:
        raise AnswerError(r.errors)
    return answer
