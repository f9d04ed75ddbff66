"""Compare a trainee's answer with the engine's, field by field (for the web app).

>>> expected = {"kind": "bring_in", "answer": {"seat": 3, "amount": 200, "first_to_act": 3}}
>>> verdict = judge(expected, {"seat": 3, "amount": 200, "first_to_act": 4})
>>> verdict["correct"], verdict["score"], [f["field"] for f in verdict["fields"] if not f["correct"]]
(False, 0.6667, ['first_to_act'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.errors import EngineError

__all__ = ["RULING_OUTCOMES", "answer_fields", "judge", "same_ruling"]

# Ruling codes that name one outcome at the table (scenario format section 5): the hand is out
# and what it put in stays in the pot, whether the rulebook says the hand is dead (TDA 2024
# Rules 35-D, 66) or killed (Rule 30, RP-10 C). The code says which circumstance led there; a
# drill asks for the outcome, so either word is right wherever the answer is one of them.
# Every other code is its own outcome: a binding fold (Rule 58) is a fold the player chose, which
# a penalty may follow; a misdeal replays the whole hand (35-C); live_hand, becomes_upcard,
# replace_card, card_plays and reshuffle_no_burn keep the hand in play in different ways.
RULING_OUTCOMES: dict[str, str] = {"dead_hand": "hand_out", "kill_hand": "hand_out"}


def same_ruling(expected: Any, given: Any) -> bool:
    """Whether two ruling codes name the same outcome (``dead_hand`` = ``kill_hand``)."""
    if not isinstance(expected, str) or not isinstance(given, str):
        return bool(expected == given)
    return RULING_OUTCOMES.get(expected, expected) == RULING_OUTCOMES.get(given, given)


_OPTION_KEYS = ("fold", "check", "call", "bring_in", "complete_to", "bet_to", "raise_to")


def _int(value: Any) -> Any:
    """Seats and amounts typed in a form may arrive as strings."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return value


def _seats(value: Any) -> Any:
    if isinstance(value, list | tuple):
        # Numbers in order; anything else typed in a form after them (never a TypeError).
        return sorted(
            (_int(v) for v in value), key=lambda v: (0, v, "") if isinstance(v, int) else (1, 0, repr(v))
        )
    return value


def _ranking(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_seats(group) if isinstance(group, list | tuple) else [_int(group)] for group in value]
    return value


def _cards(value: Any) -> Any:
    if isinstance(value, Mapping):
        value = value.get("cards")
    if isinstance(value, list | tuple):
        return sorted(str(c)[:1].upper() + str(c)[1:].lower() for c in value)
    return value


def _bool(value: Any) -> Any:
    """Yes/no answers from a form may arrive as strings."""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return value


def _order(value: Any) -> Any:
    """A list whose order matters (best first)."""
    if isinstance(value, list | tuple):
        return [_int(v) for v in value]
    return value


def _keyed(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {str(_int(k)): v for k, v in value.items()}


def answer_fields(kind: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Flatten an answer of ``kind`` into judged fields with normalised values.

    Seats inside a list are compared as sets (sorted); the order of ranking groups matters,
    the order inside a tie group does not; ``bet_to``/``raise_to`` are sets of totals.
    """
    out: dict[str, Any] = {}
    get = answer.get
    if kind in ("bring_in", "showdown_first", "ruling", "stub"):
        keys = {
            "bring_in": ("seat", "amount", "first_to_act"),
            "showdown_first": ("seat",),
            "ruling": ("ruling", "seat"),
            "stub": ("stub", "required", "procedure", "community_card", "first_to_act_7th"),
        }[kind]
        for key in keys:
            out[key] = _int(get(key))
    elif kind == "next_action":
        out["seat"] = _int(get("seat"))
        raw_options = get("options")
        options: Mapping[str, Any] = raw_options if isinstance(raw_options, Mapping) else {}
        if out["seat"] is not None:  # with nobody to act only the seat (null) is judged
            for key in _OPTION_KEYS:
                value = options.get(key)
                if key in ("bet_to", "raise_to"):
                    value = _seats(value)
                elif key in ("fold", "check"):
                    value = bool(value)
                else:
                    value = _int(value)
                out[f"options.{key}"] = value
    elif kind in ("pots", "award"):
        raw_pots = get("pots")
        pots: list[Any] = raw_pots if isinstance(raw_pots, list) else []
        out["pots.count"] = len(pots)
        for i, pot in enumerate(pots):
            pot = pot if isinstance(pot, Mapping) else {}
            out[f"pots[{i}].amount"] = _int(pot.get("amount"))
            out[f"pots[{i}].eligible"] = _seats(pot.get("eligible"))
            if kind == "award":
                for side in ("high", "low", "winners"):
                    if side in pot:
                        out[f"pots[{i}].{side}"] = _seats(pot.get(side))
                for seat, amount in _keyed(pot.get("awards")).items():
                    out[f"pots[{i}].awards.{seat}"] = _int(amount)
        if kind == "award":
            for seat, amount in _keyed(get("awards")).items():
                out[f"awards.{seat}"] = _int(amount)
        for seat, amount in _keyed(get("returned")).items():  # hold'em: uncalled bets going back
            out[f"returned.{seat}"] = _int(amount)
    elif kind == "best_hands":
        for seat, hand in _keyed(get("hands")).items():
            hand = hand if isinstance(hand, Mapping) else {}
            for side in ("high", "low"):
                if side in hand:
                    out[f"hands.{seat}.{side}"] = _cards(hand.get(side))
        for key in ("high_ranking", "low_ranking"):
            if key in answer:
                out[key] = _ranking(get(key))
    elif kind in _OTHER_FIELDS:
        for key, how in _OTHER_FIELDS[kind]:
            if how == "keyed":
                for seat, amount in _keyed(get(key)).items():
                    out[f"{key}.{seat}"] = _int(amount)
            else:
                out[key] = _NORMALISE[how](get(key))
    else:
        raise EngineError("unknown_question_kind", f"unknown question kind {kind!r}", params={"kind": kind})
    return out


# The judged fields of the hold'em, Flush Code Hack and ten-card stud kinds
# (docs/scenario-format-extensions.md): each a key and how it is compared.
_OTHER_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "min_raise": (("seat", "int"), ("min_raise_to", "int"), ("increment", "int")),
    "round_over": (("complete", "bool"), ("pending", "set")),
    "showdown_winner": (("winner", "int"), ("order", "order"), ("decided_by", "text")),
    "round_result": (("winner", "int"), ("pot", "int"), ("points", "keyed"), ("eliminated", "set")),
    "phase_end": (("complete", "bool"), ("next", "int")),
    "next_reveal": (("seats", "set"),),
    "final_ranking": (("ranking", "ranking"),),
    "split": (("winners", "set"), ("awards", "keyed")),
}


def _text(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


_NORMALISE: dict[str, Callable[[Any], Any]] = {
    "int": _int,
    "bool": _bool,
    "set": _seats,
    "order": _order,
    "ranking": _ranking,
    "text": _text,
}


def _under(name: str, field: str) -> bool:
    return name == field or name.startswith(field + ".") or name.startswith(field + "[")


def judge(
    expected: Mapping[str, Any],
    given: Mapping[str, Any],
    *,
    kind: str | None = None,
    fields: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Judge ``given`` against ``expected`` (a ``solve`` result, or an answer with ``kind=``).

    Every field of the engine's answer is judged (a missing one is wrong) unless ``fields``
    names the ones the drill asked for. Amounts and seats must be exact. Partial credit is
    the share of correct fields.
    """
    if "answer" in expected and "kind" in expected:
        kind = str(expected["kind"])
        expected = expected["answer"]
    if kind is None:
        raise EngineError("missing_field", "judge needs the question kind", path="kind")
    if not isinstance(given, Mapping):
        raise EngineError("bad_type", "the given answer must be an object", path=None)
    want = answer_fields(kind, expected)
    got = answer_fields(kind, given)
    if fields is not None:
        want = {k: v for k, v in want.items() if any(_under(k, f) for f in fields)}
    results = []
    for name, value in want.items():
        present = name in got
        if kind == "ruling" and name == "ruling":
            right = present and same_ruling(value, got[name])
        else:
            right = present and got[name] == value
        results.append(
            {
                "field": name,
                "correct": right,
                "expected": value,
                "given": got.get(name),
                "missing": not present,
            }
        )
    # A field given but not expected is wrong too (an award to a seat that wins nothing); with
    # ``fields``, only the extras under the fields the drill asked for count.
    extra = sorted(
        name for name in set(got) - set(want) if fields is None or any(_under(name, f) for f in fields)
    )
    correct = sum(1 for r in results if r["correct"])
    total = len(results) + len(extra)
    return {
        "kind": kind,
        "correct": total > 0 and correct == total,
        "score": round(correct / total, 4) if total else 0.0,
        "fields": results,
        "unexpected": extra,
    }
