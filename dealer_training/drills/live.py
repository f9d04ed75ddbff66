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

from dealer_training.scenarios.labels import OUT_OF_TURN_ACTIONS, card_info, card_text, seat_text
from dealer_training.scenarios.stud_table import action_text, street_label
from games.api import EngineError, game, table_view

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
    """The rule that decides this kind of decision and the seats to look at, never the answer.

    Hints are written per walk stage and game from the rulebooks, not from the expected answer:
    the same stage of the same game always gives the same rule, whatever the right answer is (a
    step that asks who acts next reads the same whether the round is over or not).
    """
    variant = game_code(question)
    razz = variant == "FR"
    stage = question.walk_stage
    seats = list(view["seats"])
    live = [s["seat"] for s in seats if not (s["folded"] or s["mucked"] or s["dead"])]
    texts: list[str]
    rules: list[str]
    if stage == "antes":
        texts = [
            _(
                "Add up the antes the seats posted (each seat's Ante); a short ante adds only what it "
                "posted. No bet has been made yet."
            )
        ]
        rules, look = ["TDA 2024 Rule 21"], [s["seat"] for s in seats]
    elif stage == "bring_in":
        if razz:
            texts = [
                _(
                    "The highest upcard brings in, the ace counting low (a king is the highest); between "
                    "equal ranks the suit decides: spades highest, then hearts, diamonds, clubs."
                )
            ]
            rules = ["BARGE Razz"]
        else:
            texts = [
                _(
                    "The lowest upcard brings in, the ace counting high; between equal ranks the suit "
                    "decides: clubs lowest, then diamonds, hearts, spades."
                )
            ]
            rules = ["RRoP 7CS-1", "BARGE Seven-Card Stud"]
        texts.append(
            _("The bring-in may post the bring-in or complete to the small bet; the next seat acts after it.")
        )
        look = [s["seat"] for s in seats]
    elif stage in ("action", "round_over"):
        # One text for both: which of the two a step is would give the answer away.
        texts = [
            _(
                "Go clockwise from the last seat that acted to the next one still in the hand and not "
                "all-in. The round is over when every player still in has acted and matched the last "
                "full bet, or is all-in."
            ),
            _("The options follow the limit and the number of bets made on this street."),
        ]
        rules = ["BARGE Limit", "RRoP 7CS-3"]
        look = [s["seat"] for s in seats if s["seat"] in live and not s["all_in"]]
    elif stage == "first_to_act":
        texts, rules = _first_to_act(view, variant, razz)
        look = live
    elif stage == "stub":
        texts = [
            _(
                "Count the stub: 52 cards, less three to each seat dealt in, less a burn and a card to "
                "each player still in on 4th, 5th and 6th street. 7th street needs a card for each player "
                "still in, a burn and the last card, which is never dealt; when that is short, the house "
                "rule says how to go on."
            )
        ]
        rules, look = ["TDA 2024 RP-10 H"], live
    elif stage == "showdown_first":
        texts = [
            _(
                "The last player to bet or raise on the final street shows first; when nobody bet on "
                "it, the player who would have acted first on it."
            )
        ]
        rules, look = ["TDA 2024 Rule 17-A"], live
    elif stage == "award":
        texts, rules = _award(variant, razz)
        look = live
    else:
        texts = [
            _(
                "Compare what just happened with what the rules allow: the cards each seat got, who "
                "acted and when, the amounts. When something went wrong, stop the hand and say how the "
                "house rules put it right."
            )
        ]
        rules, look = [], live
    return {
        "texts": texts,
        "rules": rules,
        "seats": look,
        "seats_text": pgettext("list separator", ", ").join(seat_text(s) for s in look),
    }


def _first_to_act(view: Mapping[str, Any], variant: str, razz: bool) -> tuple[list[str], list[str]]:
    if razz:
        texts = [
            _(
                "From 4th street the lowest hand showing acts first: the ace counts low and any board "
                "without a pair is lower than a paired one."
            )
        ]
        rules = ["BARGE Razz"]
    else:
        texts = [
            _(
                "From 4th street the best hand showing acts first: pairs beat high cards, and four "
                "cards to a straight or a flush are no hand."
            )
        ]
        rules = ["RRoP 7CS-1"]
    tie = ((view.get("rules") or {}).get("tie_break_later_streets") or {}).get(variant, "suit")
    if tie == "suit":
        texts.append(
            _("Identical boards: the one with the highest card by suit (spades highest) acts first.")
        )
        rules.append("TDA 2024 RP-10 D")
    else:
        texts.append(_("Identical boards: the first of them clockwise from the dealer acts first."))
        if "RRoP 7CS-1" not in rules:
            rules.append("RRoP 7CS-1")
    if view.get("community_card"):
        texts.append(_("With a community card, the player who acted first on 6th street acts first."))
        rules.append("TDA 2024 RP-10 H")
    return texts, rules


def _award(variant: str, razz: bool) -> tuple[list[str], list[str]]:
    if razz:
        texts = [_("The lowest five cards win: the ace is low, straights and flushes do not count.")]
        rules = ["TDA 2024 Rule 21", "BARGE Lowball Scales"]
    elif variant == "F7S/8":
        texts = [
            _(
                "Half to the best high hand, half to the best low of five different cards eight or "
                "lower; with no such low the high hand takes it all."
            )
        ]
        rules = ["TDA 2024 Rule 21", "TDA 2024 Rule 20", "BARGE Stud Hi-Lo"]
    else:
        texts = [_("The best five cards of each hand tabled decide; suits never split a tie.")]
        rules = ["TDA 2024 Rule 21", "Practice: hand rankings"]
    texts.append(
        _("A side pot goes to the best hand among the seats in it; an odd chip goes by the house rule.")
    )
    return texts, rules
