"""The scenarios app's bridge to the engine: check a document, and say what went wrong.

Every poker fact shown while authoring comes from ``games``: the replayed hand, the table a
trainee would see, the legal next actions and the solved answer. This module runs those calls
without letting an ``EngineError`` escape, and turns an error's ``code`` and ``params`` into a
translated sentence and its ``path`` into the place in the editor (or in a file) it concerns.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.core.errors import EngineError
from games.core.records import ActionRecord
from games.solve import solve_scenario
from games.stud.scenario import Scenario, load_scenario, load_stud_scenario, scenario_to_dict
from games.stud.state import StudState
from games.table import legal_actions, table_view

from .choices import OTHER_GAME_SKILLS, Skill, Variant

# Document keys that hold the scenario row's own fields (title, notes, ...) rather than the hand.
# They are stored on the Scenario, not in its versions, and written back on export.
META_KEYS = ("_title", "_notes", "_tags", "_skill", "_difficulty", "_rules_pinned")
# The answer to the original hand; it would be wrong once the hand is edited.
DROPPED_ON_EDIT = ("_expected",)


@dataclass(frozen=True)
class ShortStack:
    """A refused action that needs more chips than the seat started with."""

    player: int  # index in the document's player order
    stack: int  # the starting stack
    needed: int  # what the seat would have put in, antes included, with this action
    step: int  # the action's number in the hand log (1 for the first)
    all_in: bool  # the seat is already all-in before this action


@dataclass
class Checked:
    """What the engine says about a document."""

    document: dict[str, Any]
    scenario: Scenario | None = None
    error: EngineError | None = None  # the document or its hand is refused
    solution: dict[str, Any] | None = None
    solve_error: EngineError | None = None  # the hand is fine, the question cannot be asked here
    view: dict[str, Any] | None = None
    street: int | None = None  # the street being dealt or bet (the engine's, not the view's label)
    legal: list[dict[str, Any]] = field(default_factory=list)
    history: list[ActionRecord] = field(default_factory=list)
    streets: list[int] = field(default_factory=list)  # the street of each history record
    seats: tuple[int, ...] = ()
    # When an action is refused: the table and answer as they stand before it (the last point
    # the engine accepts), the number of actions that replay, and the chips the refused action
    # needs when the seat's stack cannot cover them (see ShortStack).
    preview_view: dict[str, Any] | None = None
    preview_solution: dict[str, Any] | None = None
    preview_upto: int | None = None
    short_stack: ShortStack | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.solution is not None


def _records(state: StudState) -> tuple[list[ActionRecord], list[int]]:
    street_of = {id(r): street for street, records in state.street_actions.items() for r in records}
    return list(state.history), [street_of.get(id(r), 3) for r in state.history]


def _short_stack(scenario: Scenario, state: StudState, failed: int) -> ShortStack | None:
    """Whether ``actions[failed]`` is refused because the seat's stack is too small for it."""
    match = re.match(r"^p(\d+) (cbr (\d+)|cc|f|pb)$", scenario.actions[failed])
    if match is None:
        return None
    player = int(match[1]) - 1
    if not 0 <= player < state.count or state.folded[player]:
        return None
    stack = state.starting_stacks[player]
    if state.stacks[player] == 0:
        return ShortStack(player, stack, state.committed[player], failed + 1, all_in=True)
    if match[3] is None:
        return None
    needed = state.committed[player] + int(match[3]) - state.bets[player]
    if needed <= stack:
        return None
    return ShortStack(player, stack, needed, failed + 1, all_in=False)


def _before_failure(scenario: Scenario, failed: int, result: Checked) -> None:
    """What replays before ``actions[failed]`` is refused: the records, the table and the
    answer at that point, and whether the seat's stack is what refuses the action."""
    events = tuple(e for e in scenario.events if e.after < failed)
    try:
        prefix = scenario.with_changes(actions=scenario.actions[:failed], events=events)
        state = prefix.replay().state
    except EngineError:
        return
    result.history, result.streets = _records(state)
    result.preview_upto = failed
    result.short_stack = _short_stack(scenario, state, failed)
    try:
        result.preview_view = table_view(prefix)
        if prefix.question is not None:
            result.preview_solution = solve_scenario(prefix).to_dict()
    except EngineError:
        pass


def check(document: Mapping[str, Any]) -> Checked:
    """Load, replay and solve a document; each failure is kept, none is raised."""
    result = Checked(document=dict(document))
    try:
        scenario = load_stud_scenario(dict(document))
    except EngineError as err:
        result.error = err
        return result
    result.scenario = scenario
    result.seats = scenario.player_seats
    try:
        state = scenario.replay().state
    except EngineError as err:
        result.error = err
        index = action_index(err.path)
        if index is not None and index < len(scenario.actions):
            _before_failure(scenario, index, result)
        return result
    result.history, result.streets = _records(state)
    result.street = state.street
    result.view = table_view(scenario)
    result.legal = legal_actions(scenario)
    if scenario.question is not None:
        try:
            result.solution = solve_scenario(scenario).to_dict()
        except EngineError as err:
            result.solve_error = err
    return result


def normalized(document: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's own writing of a valid document of any game (raises EngineError on a bad one)."""
    scenario = load_scenario(dict(document))
    if isinstance(scenario, Scenario):
        return scenario_to_dict(scenario)
    return scenario.to_dict()


def same_hand(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two normalized documents say the same thing (defaults written out or left out)."""
    return _canonical(a) == _canonical(b)


def _canonical(document: Mapping[str, Any]) -> dict[str, Any]:
    doc = {k: v for k, v in document.items() if k not in DROPPED_ON_EDIT}
    defaults = {"_max_bets": 5, "_min_chip": 1, "_rules": {}, "_events": [], "ante_trimming_status": True}
    for key, value in defaults.items():
        if doc.get(key, value) == value:
            doc.pop(key, None)
    count = len(doc.get("starting_stacks") or [])
    seats = doc.get("seats") or list(range(1, count + 1))
    if doc.get("seat_count") == max([count, *seats]):
        doc.pop("seat_count")  # the smallest table that seats everybody, said or not
    if seats == list(range(1, count + 1)):
        doc.pop("seats", None)
    return doc


def split_meta(document: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the hand and its question, the scenario row's fields found in the document)."""
    hand = {k: v for k, v in document.items() if k not in META_KEYS}
    meta = {k: document[k] for k in META_KEYS if k in document}
    return hand, meta


# --- where an error is ---------------------------------------------------------------------

_INDEXED = re.compile(r"^(?P<name>[A-Za-z_]+)\[(?P<index>\d+)\]")


def action_index(path: str | None) -> int | None:
    match = _INDEXED.match(path or "")
    if match and match["name"] == "actions":
        return int(match["index"])
    return None


@dataclass(frozen=True)
class Place:
    """Where an engine error belongs in the editor: a section and, for lists, an index."""

    section: str  # variant, ruleset, rule, structure, seats, stack, action, event, question, document
    index: int | None = None
    name: str | None = None  # a structure field or a rule flag


STRUCTURE_PATHS = {
    "antes": "ante",
    "bring_in": "bring_in",
    "small_bet": "small_bet",
    "big_bet": "big_bet",
    "_max_bets": "max_bets",
    "_min_chip": "min_chip",
}


def place_of(path: str | None) -> Place:
    if not path:
        return Place("document")
    match = _INDEXED.match(path)
    head = path.split(".", 1)[0].split("[", 1)[0]
    if head == "actions" and match:
        return Place("action", int(match["index"]))
    if head == "_events" and match:
        return Place("event", int(match["index"]))
    if head == "starting_stacks":
        return Place("stack", int(match["index"]) if match else None)
    if head in STRUCTURE_PATHS:
        return Place("structure", name=STRUCTURE_PATHS[head])
    if head in ("seats", "seat_count"):
        return Place("seats")
    if head == "_rules":
        flag = path.split(".")[1] if "." in path else None
        return Place("rule", name=flag)
    if head == "_ruleset":
        return Place("ruleset")
    if head == "variant":
        return Place("variant")
    if head == "_question":
        return Place("question")
    return Place("document")


# --- what an error says ---------------------------------------------------------------------

MESSAGES: dict[str, Promise] = {
    "bad_json": gettext_lazy("This is not valid JSON."),
    "bad_phh": gettext_lazy("This is not a valid PHH (TOML) hand history."),
    "too_deep": gettext_lazy("The document is nested too deeply."),
    "input_too_large": gettext_lazy("This part of the document is too large."),
    "bad_type": gettext_lazy("This field has the wrong type of value."),
    "missing_field": gettext_lazy("A required field is missing."),
    "unknown_field": gettext_lazy("This field is not part of a scenario (extensions start with “_”)."),
    "unknown_variant": gettext_lazy(
        "Unknown game: use F7S (stud high), FR (razz), F7S/8 (stud hi-lo), NT (no-limit hold'em), "
        "FCH (Flush Code Hack) or T10S (ten-card stud)."
    ),
    "unknown_ruleset": gettext_lazy("Unknown rule set: use tda-2024 or robert-cash."),
    "unknown_rule": gettext_lazy("Unknown house rule."),
    "bad_rule_value": gettext_lazy("This house rule does not allow that value."),
    "bad_structure": gettext_lazy("The structure needs bring-in < small bet ≤ big bet."),
    "bad_amount": gettext_lazy("This amount is not allowed here."),
    "number_too_large": gettext_lazy("This number is too large."),
    "not_whole_chips": gettext_lazy("%(amount)s is not a multiple of the smallest chip (%(min_chip)s)."),
    "bad_player_count": gettext_lazy("A stud table has 2 to 8 players."),
    "length_mismatch": gettext_lazy("There must be one entry per player."),
    "duplicate_seat": gettext_lazy("A seat number appears twice."),
    "bad_seat_count": gettext_lazy("The table has fewer seats than the seat numbers used."),
    "unknown_seat": gettext_lazy("There is no player in seat %(seat)s."),
    "unknown_player": gettext_lazy("This player is not at the table."),
    "bad_action": gettext_lazy("This is not an action of the PHH notation."),
    "bad_card": gettext_lazy("This is not a card (write cards like As, Td, 9c)."),
    "duplicate_card": gettext_lazy("%(card)s has already been dealt: a card cannot be dealt twice."),
    "card_dealt_twice": gettext_lazy("%(card)s has already been dealt: a card cannot be dealt twice."),
    "bad_deal_count": gettext_lazy("Deal %(expected)s card(s) to each player on this street, not %(given)s."),
    "deal_out_of_order": gettext_lazy("The next card goes to seat %(expected_seat)s, not seat %(seat)s."),
    "dealt_to_dead_hand": gettext_lazy("Seat %(seat)s is out of the hand and gets no more cards."),
    "not_dealing_time": gettext_lazy("Cards cannot be dealt now: the betting round is not complete."),
    "community_card_due": gettext_lazy("The stub is short on 7th street: the next card is a community card."),
    "community_card_not_allowed": gettext_lazy("No community card is due here."),
    "stub_empty": gettext_lazy("There are not enough cards left in the stub."),
    "hand_misdealt": gettext_lazy("The hand was declared a misdeal: nothing can follow."),
    "no_action_pending": gettext_lazy("No betting action is pending now: cards are due or the hand is over."),
    "out_of_turn": gettext_lazy("It is seat %(expected_seat)s's turn to act, not seat %(seat)s's."),
    "no_bring_in_due": gettext_lazy("No bring-in is due now."),
    "bring_in_required": gettext_lazy("Seat %(seat)s must post the bring-in (or complete) first."),
    "fold_not_facing_bet": gettext_lazy(
        "Seat %(seat)s faces no bet and can check; a fold here is an irregularity: add it as an event."
    ),
    "raise_not_allowed": gettext_lazy("Seat %(seat)s cannot complete, bet or raise here."),
    "illegal_amount": gettext_lazy("Seat %(seat)s cannot go to %(amount)s; the legal totals are %(legal)s."),
    "not_showdown": gettext_lazy("Hands are shown only at the showdown."),
    "not_in_hand": gettext_lazy("This player is not in the hand."),
    "already_shown": gettext_lazy("This player has already shown or mucked."),
    "not_players_card": gettext_lazy("These are not this player's cards."),
    "unknown_event": gettext_lazy("Unknown kind of irregularity."),
    "event_player_not_in_hand": gettext_lazy("Seat %(seat)s is not in the hand any more."),
    "event_player_faces_bet": gettext_lazy(
        "Seat %(seat)s faces a bet: a fold in turn is a fold action, not an irregularity."
    ),
    "event_card_not_downcard": gettext_lazy(
        "%(card)s is not one of seat %(seat)s's downcards at this point of the hand."
    ),
    "bad_field": gettext_lazy("This field has a value the engine does not accept."),
    "bad_event": gettext_lazy("This irregularity cannot happen on that street."),
    "bad_event_index": gettext_lazy("The irregularity is placed after an action that does not exist."),
    "event_out_of_place": gettext_lazy("This irregularity cannot happen at this point of the hand."),
    "event_not_an_error": gettext_lazy("This is no error: that seat does bring in, or wins every pot."),
    "unknown_question_kind": gettext_lazy("Unknown question kind."),
    "question_not_applicable": gettext_lazy("This question cannot be asked at this point of the hand."),
}

# Why a question kind does not fit the hand yet, said the way an instructor would fix it.
NOT_APPLICABLE: dict[str, Promise] = {
    "bring_in": gettext_lazy("The bring-in is asked once every player has a door card, before any action."),
    "stub": gettext_lazy("The stub is asked when 6th-street betting is complete and 7th is not dealt."),
    "stub_count": gettext_lazy(
        "The stub count is asked during or after the betting of 3rd to 6th street, "
        "before the next street is dealt."
    ),
    "showdown_first": gettext_lazy("Who shows first is asked once the last betting round is over."),
    "best_hands": gettext_lazy("Best hands are asked when the players have all seven cards."),
    "award": gettext_lazy("The pots are awarded at the showdown: play the hand to the end."),
    "ruling": gettext_lazy("A ruling question needs an irregularity: add one after the last action."),
    "dealer_error": gettext_lazy(
        "A dealer-error question needs a dealer error or an action out of turn as the last irregularity."
    ),
}


def _seat_for(player: Any, seats: Sequence[int]) -> Any:
    if isinstance(player, int) and 1 <= player <= len(seats):
        return seats[player - 1]
    return player


def message_for(error: EngineError, seats: Sequence[int] = ()) -> str:
    """The error as a sentence in the active language (player numbers become seat numbers)."""
    params: dict[str, Any] = dict(error.params)
    seats = tuple(seats)
    if "player" in params:
        params["seat"] = _seat_for(params["player"], seats)
    if "expected" in params:
        params["expected_seat"] = _seat_for(params["expected"], seats)
    if isinstance(params.get("legal"), list):
        params["legal"] = " / ".join(f"{v:,}" for v in params["legal"])
    for key in ("amount", "min_chip"):
        if isinstance(params.get(key), int):
            params[key] = f"{params[key]:,}"
    if error.code == "question_not_applicable":
        kind = params.get("kind")
        if kind in NOT_APPLICABLE:
            return str(NOT_APPLICABLE[kind])
    template = MESSAGES.get(error.code)
    if template is not None:
        try:
            return str(template) % params if "%(" in str(template) else str(template)
        except (KeyError, TypeError, ValueError):
            pass
    if (get_language() or "").startswith("en"):
        return _("The engine refused this: %(message)s") % {"message": error.message}
    # The engine's own sentence is English: never put it inside a page in another language.
    return _("The engine refused this step.")


def stack_message(short: ShortStack, seats: Sequence[int] = ()) -> str:
    """Why a seat's stack cannot cover an action recorded for it, said at the stack field."""
    params = {
        "seat": _seat_for(short.player + 1, tuple(seats)),
        "stack": f"{short.stack:,}",
        "needed": f"{short.needed:,}",
        "step": short.step,
    }
    if short.all_in:
        return (
            _(
                "Seat %(seat)s's stack of %(stack)s is all in the pot before step %(step)s, "
                "so it cannot act at step %(step)s."
            )
            % params
        )
    return (
        _(
            "Seat %(seat)s's stack of %(stack)s is smaller than the %(needed)s it puts in by step "
            "%(step)s (antes included)."
        )
        % params
    )


# --- suggestions ----------------------------------------------------------------------------


def suggested_skill(
    kind: str,
    variant: str,
    solution: Mapping[str, Any] | None = None,
    document: Mapping[str, Any] | None = None,
) -> str:
    """The drill topic a question of this kind usually trains (the instructor may choose another).

    A pots question trains side pots when the engine's answer has more than one pot or anyone at
    the table is all-in (``document``, read through the table view), the antes otherwise.
    """
    if variant in OTHER_GAME_SKILLS:  # another game is drilled as one skill: the game
        return OTHER_GAME_SKILLS[variant]
    razz = variant == Variant.RAZZ
    answer = (solution or {}).get("answer") or {}
    if kind == "pots":
        several = len(answer.get("pots") or []) > 1
        return Skill.SIDE_POTS if several or _anyone_all_in(document) else Skill.ANTES
    if kind == "bring_in":
        return Skill.BRING_IN
    if kind == "next_action":
        street = answer.get("street") or 3
        return (Skill.RAZZ_ORDER if razz else Skill.FIRST_TO_ACT) if street > 3 else Skill.BETTING
    if kind == "stub":
        return Skill.STUB
    if kind == "stub_count":
        return Skill.STUB_COUNT
    if kind == "ruling":
        return Skill.RULINGS
    if kind == "dealer_error":
        return Skill.DEALER_ERRORS
    if kind == "best_hands" and razz:
        return Skill.RAZZ_ORDER
    if kind == "award" and len(answer.get("pots") or []) > 1:
        return Skill.SIDE_POTS
    return Skill.SHOWDOWN


def _anyone_all_in(document: Mapping[str, Any] | None) -> bool:
    if document is None:
        return False
    try:
        seats = table_view(document)["seats"]
    except EngineError:
        return False
    return any(seat.get("all_in") for seat in seats)
