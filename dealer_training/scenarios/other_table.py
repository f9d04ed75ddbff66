"""The table of a hold'em, Flush Code Hack or ten-card stud question, arranged for the page.

Everything in the engine's table view (``games.table.table_view``) is drawn: the structure
above the table, each seat's cards, marks and amounts (hold'em: stack, bet this street, in the
pot over the hand, blind and ante posted; Flush Code Hack: points behind, bet this phase, in
the pot over the round, points before the round), the pot, the board, and the whole hand's
action street by street, phase by phase or step by step. Words go through gettext; cards are
drawn, never written as codes; amounts carry thousands separators.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from dealer_training.scenarios.labels import cards_info, chips, seat_text

STREET_LABELS: dict[str, Promise] = {
    "preflop": pgettext_lazy("hold'em street", "Preflop"),
    "flop": pgettext_lazy("hold'em street", "Flop"),
    "turn": pgettext_lazy("hold'em street", "Turn"),
    "river": pgettext_lazy("hold'em street", "River"),
}
PHASE_LABELS: dict[str, Promise] = {
    "fee": gettext_lazy("Entry fee"),
    "bet1": gettext_lazy("Betting phase 1"),
    "draw1": gettext_lazy("Draw 1"),
    "bet2": gettext_lazy("Betting phase 2"),
    "draw2": gettext_lazy("Draw 2"),
    "showdown": pgettext_lazy("Flush Code Hack phase", "Showdown"),
    "over": gettext_lazy("Round over"),
}
POSITION_LABELS: dict[str, Promise] = {
    "SB": pgettext_lazy("hold'em position", "SB"),
    "BB": pgettext_lazy("hold'em position", "BB"),
    "STR": pgettext_lazy("hold'em position", "Straddle"),
    "BTN": pgettext_lazy("hold'em position", "Button"),
    "BTN/SB": pgettext_lazy("hold'em position", "Button · SB"),
}
FCH_PHASES = ("fee", "bet1", "draw1", "bet2", "draw2")


def _tag(text: Any, tone: str = "") -> dict[str, Any]:
    return {"text": text, "tone": tone}


def _column(key: str, label: Any, value: int, *, dash: bool = True) -> dict[str, Any]:
    """One amount of a seat; nothing put in is a dash, a stack of 0 is 0."""
    return {"key": key, "label": label, "value": "–" if dash and not value else chips(value)}


def _action_text(entry: Mapping[str, Any]) -> str:
    """One action of the history, without the seat: ``raises to 300 (all-in)``."""
    action = entry["action"]
    amount = chips(entry.get("amount"))
    words = {
        "post_ante": _("posts the ante %(amount)s"),
        "post_blind": _("posts the blind %(amount)s"),
        "fee": _("pays the entry fee %(amount)s"),
        "bet": _("bets %(amount)s"),
        "raise": _("raises to %(amount)s"),
        "call": _("calls %(amount)s"),
        "check": _("checks"),
        "fold": _("folds"),
        "drop": _("drops"),
        "muck": _("mucks"),
        "show": _("shows"),
    }
    if action == "draw":
        count = entry["count"]
        return _("stands pat") if not count else _("draws %(count)s") % {"count": count}
    text: str = words.get(action, action)
    if "%(amount)s" in text:
        text = text % {"amount": amount}
    if action == "raise" and entry.get("added") not in (None, entry.get("amount")):
        text += " " + _("(%(added)s more)") % {"added": chips(entry["added"])}
    if entry.get("all_in"):
        text += " " + _("(all-in)")
    return text


def _history_item(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "seat": entry.get("seat"),
        "seat_text": seat_text(entry.get("seat")),
        "text": _action_text(entry),
        "cards": cards_info(entry.get("cards") or []),
    }


def _group(name: str, label: Any) -> dict[str, Any]:
    return {"name": name, "label": label, "board": [], "items": [], "current": False, "open": False}


def _grouped(
    history: Sequence[Mapping[str, Any]],
    key: str,
    order: Sequence[str],
    labels: Mapping[str, Any],
    current: str,
) -> list[dict[str, Any]]:
    """The history by street (hold'em) or phase (Flush Code Hack), in playing order; the
    street or phase of the question is open and listed even before anyone acts in it."""
    groups: dict[str, dict[str, Any]] = {}
    for entry in history:
        name = entry[key]
        group = groups.setdefault(name, _group(name, labels.get(name, name)))
        if entry["action"] == "board":
            group["board"] = cards_info(entry["cards"])
        else:
            group["items"].append(_history_item(entry))
    if current in labels and current not in groups:
        groups[current] = _group(current, labels[current])
    out = [groups[name] for name in order if name in groups]
    for group in out:
        group["current"] = group["name"] == current
    if out and not any(group["current"] for group in out):
        out[-1]["open"] = True  # the round is over: its last phase stays open
    return out


# --- the three games -------------------------------------------------------------------------


def _holdem(view: Mapping[str, Any], table: dict[str, Any]) -> None:
    structure = view["structure"]
    seats = view["seats"]
    any_ante = any(s["ante"] for s in seats) or any(structure["antes"])
    blinds = [b for b in structure["blinds_or_straddles"] if b]
    table["facts"] = [
        _("Blinds %(blinds)s") % {"blinds": " / ".join(chips(b) for b in blinds)}
        if blinds
        else _("No blinds"),
        _("Minimum bet %(amount)s") % {"amount": chips(structure["min_bet"])},
    ]
    if any_ante:
        antes = sorted({a for a in structure["antes"] if a})
        table["facts"].append(_("Ante %(amount)s") % {"amount": " / ".join(chips(a) for a in antes)})
    table["stage"] = STREET_LABELS.get(view["street"], view["street"])
    # Nothing bet this street: a "minimum raise" question asks for the minimum bet.
    table["nothing_bet"] = not any(s["bet"] for s in seats)
    table["board"] = cards_info(view.get("board") or [])
    table["board_places"] = range(5 - len(view.get("board") or []))
    table["columns"] = [_("Stack"), _("Bet"), _("In pot"), _("Blind")] + ([_("Ante")] if any_ante else [])
    for seat, row in zip(seats, table["seats"], strict=True):
        shown = seat.get("shown") or []
        row["cards"] = cards_info(shown)
        row["shown"] = bool(shown)
        row["backs"] = range(0 if shown or seat.get("folded") or seat.get("mucked") else seat["hole_cards"])
        if seat.get("position"):
            row["tags"].append(_tag(POSITION_LABELS.get(seat["position"], seat["position"])))
        if seat.get("folded"):
            row["tags"].append(_tag(_("Folded"), "out"))
        if seat.get("mucked"):
            row["tags"].append(_tag(_("Mucked"), "out"))
        if seat.get("all_in"):
            row["tags"].append(_tag(_("All-in"), "alert"))
        if seat.get("short_blind"):
            row["tags"].append(_tag(_("Short blind"), "alert"))
        if seat.get("short_ante"):
            row["tags"].append(_tag(_("Short ante"), "alert"))
        row["out"] = bool(seat.get("folded") or seat.get("mucked"))
        row["all_in"] = bool(seat.get("all_in"))
        row["columns"] = [
            _column("stack", _("Stack"), seat["stack"], dash=False),
            _column("bet", _("Bet"), seat["bet"]),
            _column("committed", _("In pot"), seat["committed"]),
            _column("blind", _("Blind"), seat["blind"]),
        ] + ([_column("ante", _("Ante"), seat["ante"])] if any_ante else [])
    table["history"] = _grouped(
        view["history"], "street", tuple(STREET_LABELS), STREET_LABELS, view["street"]
    )


def _draw(view: Mapping[str, Any], table: dict[str, Any]) -> None:
    fee = view["entry_fee"]
    table["facts"] = [_("Round %(number)s") % {"number": view["round"]}] if view.get("round") else []
    table["facts"].append(_("Entry fee %(amount)s") % {"amount": chips(fee)})
    phase = view["phase"]
    table["stage"] = PHASE_LABELS.get(phase, phase)
    table["columns"] = [_("Points"), _("Bet"), _("In pot"), _("Before")]
    for seat, row in zip(view["seats"], table["seats"], strict=True):
        hand = seat.get("hand") or []
        row["cards"] = cards_info(hand)
        row["shown"] = bool(hand)
        row["backs"] = range(0 if hand or seat.get("dropped") else seat.get("cards", 0))
        if seat["seat"] == view["first"]:
            row["tags"].append(_tag(_("First player"), "first"))
        if seat.get("left_at_fee"):
            row["tags"].append(_tag(_("Could not pay the fee: out"), "out"))
        elif not seat.get("in_game"):
            row["tags"].append(_tag(_("Out of the game"), "out"))
        if seat.get("dropped"):
            row["tags"].append(_tag(_("Dropped"), "out"))
        if seat.get("all_in"):
            row["tags"].append(_tag(_("All-in"), "alert"))
        row["out"] = not seat.get("in_game") or bool(seat.get("dropped"))
        row["all_in"] = bool(seat.get("all_in"))
        row["columns"] = [
            _column("points", _("Points"), seat["points"], dash=not seat.get("in_game")),
            _column("bet", _("Bet"), seat["bet"]),
            _column("committed", _("In pot"), seat["committed"]),
            _column("points_before", _("Before"), seat["points_before"], dash=False),
        ]
    table["history"] = _grouped(view["history"], "phase", FCH_PHASES, PHASE_LABELS, phase)


def _tenstud(view: Mapping[str, Any], table: dict[str, Any]) -> None:
    steps = view["steps"]
    table["facts"] = []
    table["stage"] = _("Step %(number)s") % {"number": steps[-1]["step"]} if steps else _("Door cards dealt")
    table["columns"] = []
    for seat, row in zip(view["seats"], table["seats"], strict=True):
        row["cards"] = cards_info(seat["door"])
        row["revealed"] = cards_info(seat.get("revealed") or [])
        row["hole"] = cards_info(seat.get("hole") or [])
        row["backs"] = range(0 if seat.get("hole") else seat.get("hidden", 0))
        if seat["seat"] == view["first"]:
            row["tags"].append(_tag(_("Dealt first"), "first"))
        row["columns"] = []
    # One block for the whole loop: who turned which card at each step, in order.
    reveals = _group("reveals", _("Cards turned so far"))
    # Open where the order matters (who turns next); the final questions need only the cards.
    reveals["current"] = view.get("kind") == "next_reveal"
    for step in steps:
        for seat, card in step["cards"].items():
            entry = {"seat": int(seat), "action": "turn", "cards": [card]}
            text = _("step %(number)s, turns") % {"number": step["step"]}
            reveals["items"].append({**_history_item(entry), "text": text})
    table["history"] = [reveals] if steps else []


def table_for(view: Mapping[str, Any], *, game_label: Any, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The view arranged for ``templates/drills/_other_table.html``, in drills and in the
    editor's preview (see the module docstring)."""
    game = view["variant"]
    pot = view.get("pot")
    table: dict[str, Any] = {
        "game": game,
        "game_label": game_label,
        "seats": [
            {"seat": seat["seat"], "marked": seat["seat"] in mark, "tags": [], "columns": []}
            for seat in view["seats"]
        ],
        "board": [],
        "board_places": range(0),
        "pot_asked": pot is None and view.get("kind") in ("pots", "round_result"),
        "pot_total": chips(pot["total"]) if pot else None,
        # In the middle: what earlier streets and the posts brought in, when it is not the
        # whole pot and not nothing.
        "pot_collected": chips(pot["collected"])
        if pot and pot.get("collected") not in (None, 0, pot["total"])
        else None,
    }
    {"NT": _holdem, "FCH": _draw, "T10S": _tenstud}[game](view, table)
    return table
