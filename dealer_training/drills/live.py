"""The live table of a hand walk: what happened since the last decision, the banner, the hint.

A hand walk stops at every dealer decision. Between two decisions the hand goes on: cards are
pitched, players bet, call and fold. The page draws the table as it stands at the decision (the
end state, as every question does) and hands ``static/js/live.js`` the moves that led there, so it
can play them on the drawn table. The moves come from the engine's table view
(``games.table.table_view``), which never holds the answer to the question asked: only the part of
its history that is new since the previous step is passed on, and nothing once the step is
answered but the pot pushed to the winners of an award (the feedback names them then anyway).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from dealer_training.scenarios.labels import (
    OUT_OF_TURN_ACTIONS,
    card_info,
    card_text,
    page_language,
    seat_text,
)
from dealer_training.scenarios.stud_table import action_text, street_label
from games.api import EngineError, game, hint, table_view

from .models import DrillSession, Mode, Question
from .present import game_code, marked_seats
from .walk_levels import HINT_ALWAYS, HINT_ON_REQUEST, level_of

# The history entries that move chips from a seat toward the pot.
CHIP_ACTIONS = ("post_bring_in", "complete", "bet", "raise", "call")
# The walk stage whose question is an irregularity to stop the hand for.
STOP_STAGE = "dealer_error"


def is_live(session: DrillSession, question: Question) -> bool:
    """A hand-walk step of a stud game (the walks are dealt in the stud games only)."""
    return session.mode == Mode.WALK and bool(question.walk_stage) and game(game_code(question)).is_stud


def live_context(
    *, session: DrillSession, question: Question, answered: bool, feedback: bool, correct: bool, last: bool
) -> dict[str, Any] | None:
    """What the live table's templates and script need, or None outside a hand walk."""
    if not is_live(session, question):
        return None
    spec = level_of(session.walk_level)
    try:
        view = table_view(question.document)
    except EngineError:
        return None
    data: dict[str, Any] = {"level": spec.code, "pace": spec.pace_ms, "events": [], "push": []}
    stop = question.walk_stage == STOP_STAGE
    facts = stop_facts(view) if stop else None
    if facts is not None:
        data["stop"] = {k: v for k, v in facts.items() if k != "card_info"}
    if not answered:
        data["events"] = moves_since_previous(session, question, view)
    elif feedback and _is_award(question):
        data["push"] = list(marked_seats(question))
    hint_shown = not answered and (
        spec.hints == HINT_ALWAYS or (spec.hints == HINT_ON_REQUEST and question.hint_shown_at is not None)
    )
    return {
        "level": spec,
        "data": data,
        "stop": stop,
        "stop_facts": facts,
        # The same data on the live table's element: a page part swapped in after the answer
        # loses its scripts, the data kept on the element stays.
        "data_json": json.dumps(data, ensure_ascii=False),
        "street": street_label(int(view["street"])),
        "hint": hint_for(question, view) if hint_shown else None,
        "hint_offered": not answered and spec.hints == HINT_ON_REQUEST and question.hint_shown_at is None,
        "aided": question.aided,
        # A right answer at table pace goes on by itself after a few seconds (the trainee may stop it).
        "auto_advance": spec.auto_advance if answered and feedback and correct and not last else None,
    }


def _is_award(question: Question) -> bool:
    return question.walk_stage == "award"


# --- a dealer error drawn on the table -------------------------------------------------------------


def stop_facts(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the table shows of the irregularity a ``dealer_error`` step stops on: its facts as the
    engine's table view gives them (``games.stud.dealer_errors.error_facts``: the seat, card, street,
    action and cards held, never the error's name) and a caption saying what the dealer or the
    player just did. The live table draws them: a card too many or missing at a seat, a down card
    face up, a card pitched early, the chips of an action, the pot pushed to a seat."""
    event = view.get("event")
    if not isinstance(event, Mapping):
        return None
    facts: dict[str, Any] = {
        key: event[key] for key in ("seat", "street", "card", "action", "held") if event.get(key) is not None
    }
    seat = facts.get("seat")
    street = facts.get("street")
    where = seat_text(seat) if seat is not None else ""
    on = street_label(int(street)) if street is not None else ""
    if "action" in facts:
        action = str(OUT_OF_TURN_ACTIONS.get(str(facts["action"]), facts["action"]))
        say = _("%(seat)s: %(action)s") % {"seat": where, "action": action}
    elif "card" in facts:
        # Translators: a down card turned face up ("Seat 2: the 7th street card dealt face up, 3♦").
        say = _("%(seat)s: the %(street)s card dealt face up, %(card)s") % {
            "seat": where,
            "street": on,
            "card": card_text(str(facts["card"])),
        }
        facts["card_info"] = card_info(str(facts["card"]))
    elif "held" in facts:
        held = int(facts["held"])
        if held == 0:
            say = _("%(seat)s: no card of %(street)s") % {"seat": where, "street": on}
        else:
            say = ngettext(
                "%(seat)s: %(count)s card of %(street)s",
                "%(seat)s: %(count)s cards of %(street)s",
                held,
            ) % {"seat": where, "count": held, "street": on}
    elif street is not None:
        say = _("The dealer pitches a %(street)s card") % {"street": on}
    elif seat is not None and view.get("phase") in ("showdown", "over"):
        say = _("The dealer pushes the pot to %(seat)s") % {"seat": where}
        facts["push"] = True
    elif seat is not None:
        say = _("The dealer calls %(seat)s to bring in") % {"seat": where}
    else:
        return None
    facts["say"] = say
    return facts


# --- the moves since the previous decision ---------------------------------------------------------


def moves_since_previous(
    session: DrillSession, question: Question, view: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The moves between the previous step's table and this one, in the order they happened.

    The first step starts from an empty table: the antes go in and the cards are pitched. When the
    previous step's history is not the start of this one (an irregularity rewrote the table), the
    table is shown as it stands, without moves.
    """
    history = list(view.get("history") or [])
    if question.position == 0:
        antes = [s["seat"] for s in view["seats"] if s.get("ante")]
        return [{"t": "antes", "seats": antes}, *_moves(history)]
    previous = (
        Question.objects.filter(session=session, position=question.position - 1).only("document").first()
    )
    if previous is None:
        return []
    try:
        before = list(table_view(previous.document).get("history") or [])
    except EngineError:
        return []
    if history[: len(before)] != before:
        return []
    return _moves(history[len(before) :])


def _moves(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = []
    for entry in entries:
        action = entry["action"]
        seat = entry.get("seat")
        if action == "deal":
            moves.append(
                {
                    "t": "deal",
                    "seat": seat,
                    "down": entry.get("downcards") or 0,
                    "up": len(entry.get("upcards") or []),
                }
            )
        elif action in CHIP_ACTIONS:
            moves.append({"t": "chips", "seat": seat, "say": _say(entry)})
        elif action in ("fold", "muck"):
            moves.append({"t": "fold", "seat": seat, "say": _say(entry)})
        elif action == "check":
            moves.append({"t": "check", "seat": seat, "say": _say(entry)})
        elif action == "show":
            moves.append({"t": "show", "seat": seat})
        elif action == "community":
            moves.append({"t": "community"})
        else:  # an irregularity: the table flashes, the history below says what it was
            moves.append({"t": "event"})
    return moves


def _say(entry: Mapping[str, Any]) -> str:
    # Translators: the caption of one action on the live table ("Seat 3: calls 500").
    return _("%(seat)s: %(action)s") % {"seat": seat_text(entry.get("seat")), "action": action_text(entry)}


# --- hints ---------------------------------------------------------------------------------------------


def hint_for(question: Question, view: Mapping[str, Any]) -> dict[str, Any]:
    """The rule that decides this kind of decision and the seats to look at, never the answer:
    the engine's hint for the step's walk stage and game (``games.stud.hints``), in the page's
    language."""
    tip = hint(view, stage=question.walk_stage, game=game_code(question))
    return {
        "texts": tip.texts(page_language()),
        "rules": list(tip.rules),
        "seats": list(tip.seats),
        "seats_text": pgettext("list separator", ", ").join(seat_text(s) for s in tip.seats),
    }
