"""The editor of the other games' scenarios: no-limit hold'em, Flush Code Hack and ten-card stud.

An instructor picks the question kind, has the engine deal a starting hand (``games.api.generate``
with a seed and a focus), then edits the fields of the game's scenario document that matter to the
question: the players' stacks, seats, blinds or fees, and the hand's actions in PHH notation (the
hole cards, the board and every bet are actions). The engine reads, replays and solves the
document on every change; its errors are put on the field they concern, in the page's language.
Which fields a game has comes from its document module (``games.<family>.document``, through the
registry), so nothing here branches on a game beyond the words for its fields.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrPromise

from games import registry
from games.api import EngineError, generate, solve, table_view

from . import other_table
from .answerability import answerability_problems, problem_messages
from .choices import OtherGame
from .engine import message_for, normalized
from .labels import page_language
from .present import answer_lines

MAX_ACTIONS = 400
THOUSANDS = re.compile(r"^\d{1,3}(,\d{3})+$")
MAX_SEED = 2**31 - 1
# Fields of a game's document the form does not show: the game is fixed by the page, and PHH's
# short-ante flag is carried as it was.
NOT_EDITED = ("variant", "ante_trimming_status")

LIST_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks", "seats")
LABELS: dict[str, StrPromise] = {
    "starting_stacks": gettext_lazy("Starting stacks"),
    "seats": gettext_lazy("Seat numbers"),
    "seat_count": gettext_lazy("Seats at the table"),
    "antes": gettext_lazy("Antes"),
    "blinds_or_straddles": gettext_lazy("Blinds and straddles"),
    "min_bet": gettext_lazy("Minimum bet"),
    "entry_fee": gettext_lazy("Entry fee"),
    "round": gettext_lazy("Round"),
    "pot": gettext_lazy("Pot"),
    "actions": gettext_lazy("Actions"),
}
HELP: dict[str, StrPromise] = {
    "starting_stacks": gettext_lazy("One amount per player, p1 first, separated by commas."),
    "seats": gettext_lazy("The seat of each player, p1 first. Empty: seats 1, 2, 3 …"),
    "seat_count": gettext_lazy("Empty: the smallest table that seats everybody."),
    "antes": gettext_lazy("One per player, p1 first; 0 or empty for none."),
    "blinds_or_straddles": gettext_lazy(
        "One per player, p1 first: p1 is the small blind, p2 the big blind (heads-up as PHH reads it)."
    ),
    "actions": gettext_lazy(
        "One PHH action per line: d dh p1 AsKs (hole cards), d db 7c8d9h (board), p3 cbr 300 "
        "(bet or raise to), p3 cc (check or call), p3 f (fold), p1 sd 2c (discard), p1 sm 7d (reveal)."
    ),
}
FOCUS_LABELS: dict[str, StrPromise] = {
    "any": gettext_lazy("Any situation"),
    "preflop_first": gettext_lazy("First to act preflop"),
    "big_blind_option": gettext_lazy("The big blind's option"),
    "short_all_in": gettext_lazy("An all-in short of a full raise"),
    "heads_up": gettext_lazy("Heads-up"),
    "postflop": gettext_lazy("After the flop"),
    "after_raise": gettext_lazy("After a raise"),
    "postflop_bet": gettext_lazy("A bet after the flop"),
    "complete": gettext_lazy("The round is complete"),
    "pending": gettext_lazy("Action is still pending"),
    "all_in": gettext_lazy("Players all-in"),
    "side_pots": gettext_lazy("Side pots"),
    "uncalled": gettext_lazy("An uncalled bet"),
    "split": gettext_lazy("A split pot"),
    "uncontested": gettext_lazy("An uncontested pot"),
    "suit_tie": gettext_lazy("A tie broken by suit"),
    "rank_tie": gettext_lazy("A tie broken by rank"),
    "cannot_pay": gettext_lazy("A player cannot pay the entry fee"),
    "all_in_winner": gettext_lazy("An all-in player wins"),
    "last_round": gettext_lazy("The last round"),
    "tied_weakest": gettext_lazy("Tied for the weakest hand"),
    "step_in_progress": gettext_lazy("A reveal in progress"),
    "late": gettext_lazy("Late in the deal"),
    "tie": gettext_lazy("A tie"),
    "odd_chip": gettext_lazy("An odd chip"),
    "single": gettext_lazy("A single winner"),
}
# The other games' engine errors, said the way an instructor fixes them. Codes not listed here
# are worded by the stud editor's table (``engine.message_for``).
MESSAGES: dict[str, Promise] = {
    "bad_field": gettext_lazy("This value is not allowed here."),
    "bad_player_count": gettext_lazy("This game is not played with that many players."),
    "player_count": gettext_lazy("This game is not played with that many players."),
    "too_few_players": gettext_lazy("Too few players are left to play."),
    "length_mismatch": gettext_lazy("There must be one entry per player, and no more."),
    "bad_card_count": gettext_lazy("Wrong number of cards for this deal."),
    "card_dealt_twice": gettext_lazy("A card cannot be dealt twice."),
    "out_of_turn": gettext_lazy("This player is not the one to act now."),
    "not_betting": gettext_lazy("No betting is possible now."),
    "not_time_to_deal": gettext_lazy("Cards cannot be dealt now: the betting is not complete."),
    "already_dealt": gettext_lazy("These cards have already been dealt."),
    "not_dealt": gettext_lazy("This player has not been dealt cards yet."),
    "not_drawing": gettext_lazy("No draw is due now."),
    "not_showdown": gettext_lazy("Hands are shown only at the showdown."),
    "not_in_showdown": gettext_lazy("This player is not in the showdown."),
    "not_in_hand": gettext_lazy("These cards are not in this player's hand."),
    "cannot_check": gettext_lazy("A check is possible only when there is nothing to call."),
    "nothing_to_call": gettext_lazy("There is no bet to call."),
    "over_points": gettext_lazy("The player does not have that many points."),
    "all_revealed": gettext_lazy("Every card of this player is already face up."),
    "round_over": gettext_lazy("The round is over: nothing can follow."),
    "game_over": gettext_lazy("The game is over: nothing can follow."),
    "no_cards": gettext_lazy("No cards are dealt in this hand."),
    "unknown_cards": gettext_lazy("Unknown cards (??) cannot be used here."),
    "bad_player": gettext_lazy("This player is not at the table."),
    "bad_action": gettext_lazy("This is not an action of the PHH notation."),
    "bad_amount": gettext_lazy("This amount is not allowed here."),
    "over_stack": gettext_lazy("The player does not have that many chips."),
    "deck_empty": gettext_lazy("There are no cards left in the deck."),
    "hand_not_over": gettext_lazy("The hand is not over yet."),
    "round_in_progress": gettext_lazy("The round is still in progress."),
    "wrong_cards": gettext_lazy("These are not the cards this player holds."),
    "not_finished": gettext_lazy("The deal is not finished yet."),
    "no_end": gettext_lazy("The hand never reaches its end."),
    "bad_variant": gettext_lazy("This is not a game of this editor."),
    "question_not_applicable": gettext_lazy(
        "This question cannot be asked at this point of the hand: change the actions or the question."
    ),
}


def games() -> list[tuple[str, Any]]:
    return list(OtherGame.choices)


def game_label(code: str) -> str:
    return str(OtherGame(code).label)


def kind_choices(game: str) -> list[tuple[str, str]]:
    return [(k.name, k.label[1] if page_language() == "ja" else k.label[0]) for k in registry.kinds(game)]


def hand_keys(game: str) -> tuple[tuple[str, bool], ...]:
    """The document fields the form edits, each with whether the game requires it."""
    module = registry.part(game, "document")
    required = tuple(k for k in module.FIELDS if k not in NOT_EDITED)
    optional = tuple(k for k in module.OPTIONAL if k not in NOT_EDITED)
    order = (*LIST_FIELDS, "seat_count", "min_bet", "entry_fee", "round", "pot", "actions")
    keys = [k for k in order if k in required or k in optional]
    return tuple((k, k in required) for k in keys)


# --- the form -------------------------------------------------------------------------------------


class NumberListField(forms.Field):
    """Whole numbers separated by a comma and a space, or spaces; "10,000" is one amount."""

    widget = forms.TextInput

    def to_python(self, value: Any) -> list[int] | None:
        text = str(value or "").strip()
        if not text:
            return None
        if len(text) > 400:
            raise forms.ValidationError(_("At most 16 entries."))
        numbers = []
        for token in (t for t in re.split(r"\s*[、;]\s*|,\s+|\s+", text) if t):
            parts = [token] if THOUSANDS.match(token) else [p for p in token.split(",") if p]
            for part in parts:
                digits = part.replace(",", "")
                if not digits.isdigit() or len(digits) > 13:
                    raise forms.ValidationError(_("Write whole numbers separated by commas."))
                numbers.append(int(digits))
        if len(numbers) > 16:
            raise forms.ValidationError(_("At most 16 entries."))
        return numbers


class OtherScenarioForm(forms.Form):
    """The question, the game's hand fields and the scenario's own fields."""

    kind = forms.ChoiceField(label=gettext_lazy("Question"))
    title = forms.CharField(label=gettext_lazy("Title"), max_length=200, required=False)
    notes = forms.CharField(
        label=gettext_lazy("Notes"), widget=forms.Textarea(attrs={"rows": 2}), required=False
    )
    tags = forms.CharField(
        label=gettext_lazy("Tags"),
        max_length=400,
        required=False,
        help_text=gettext_lazy("Separated by commas."),
    )
    difficulty = forms.TypedChoiceField(
        label=gettext_lazy("Difficulty"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, 6)],
        initial=2,
    )
    min_chip = forms.IntegerField(
        label=gettext_lazy("Smallest chip"), min_value=1, max_value=10**9, required=False
    )
    ante_trimming_status = forms.CharField(required=False, widget=forms.HiddenInput, max_length=5)

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = kind_choices(game)
        self.hand_fields: list[str] = []
        for key, required in hand_keys(game):
            self.fields[key] = self._field(key, required)
            self.hand_fields.append(key)

    @staticmethod
    def _field(key: str, required: bool) -> forms.Field:
        label: StrPromise | str = LABELS.get(key, key)
        help_text: StrPromise | str = HELP.get(key, "")
        if key == "actions":
            return forms.CharField(
                label=label,
                help_text=help_text,
                required=required,
                max_length=MAX_ACTIONS * 60,
                widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "class": "mono"}),
            )
        if key in LIST_FIELDS:
            return NumberListField(label=label, help_text=help_text, required=required)
        return forms.IntegerField(
            label=label, help_text=help_text, required=required, min_value=0, max_value=10**12
        )

    def clean_actions(self) -> list[str]:
        lines = [line.strip() for line in str(self.cleaned_data.get("actions") or "").splitlines()]
        actions = [line for line in lines if line]
        if len(actions) > MAX_ACTIONS:
            raise forms.ValidationError(_("At most %(count)s actions.") % {"count": MAX_ACTIONS})
        return actions

    def tag_list(self) -> list[str]:
        text = str(self.cleaned_data.get("tags") or "")
        return [t.strip()[:40] for t in text.split(",") if t.strip()][:20]

    def hand_field_list(self) -> list[forms.BoundField]:
        return [self[name] for name in self.hand_fields]


class GenerateForm(forms.Form):
    """What the engine deals a starting hand from: the question kind, a focus and a seed."""

    kind = forms.ChoiceField(label=gettext_lazy("Deal a hand for the question"))
    focus = forms.ChoiceField(label=gettext_lazy("Situation"), required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=gettext_lazy("The same seed deals the same hand. Empty: a new hand each time."),
    )

    prefix = "gen"

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        kind = self.fields["kind"]
        focus = self.fields["focus"]
        assert isinstance(kind, forms.ChoiceField)
        assert isinstance(focus, forms.ChoiceField)
        kind.choices = kind_choices(game)
        seen: dict[str, Any] = {}
        for k in registry.kinds(game):
            for code in k.focus:
                seen.setdefault(code, FOCUS_LABELS.get(code, code))
        focus.choices = [("", _("Any situation")), *((c, label) for c, label in seen.items() if c != "any")]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind, focus = data.get("kind"), data.get("focus")
        if kind and focus and focus not in registry.kind(self.game, kind).focus:
            self.add_error("focus", _("This situation is not one this question is dealt for."))
        return data


def generated(game: str, *, kind: str, focus: str | None, seed: int | None) -> tuple[dict[str, Any], int]:
    """A starting hand the engine deals for ``kind`` (and ``focus``), and the seed it used."""
    seed = secrets.randbelow(MAX_SEED) if seed is None else seed
    return generate(game=game, kind=kind, seed=seed, focus=focus or None), seed


# --- documents and forms --------------------------------------------------------------------------


def _numbers(values: Any) -> str:
    return ", ".join(str(v) for v in values or [])


def initial_from(
    game: str, document: Mapping[str, Any], meta: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The form's starting values from a document (and the scenario's own fields)."""
    question = document.get("_question") or {}
    initial: dict[str, Any] = {
        "kind": question.get("kind") if isinstance(question, Mapping) else None,
        "min_chip": document.get("_min_chip"),
        "ante_trimming_status": ""
        if document.get("ante_trimming_status") is None
        else str(bool(document["ante_trimming_status"])).lower(),
        "title": document.get("_title") or "",
        "notes": document.get("_notes") or "",
        "tags": ", ".join(str(t) for t in document.get("_tags") or [] if t != "generated"),
        "difficulty": 2,
    }
    for key, _required in hand_keys(game):
        value = document.get(key)
        if key == "actions":
            initial[key] = "\n".join(value or [])
        elif key in LIST_FIELDS:
            initial[key] = _numbers(value) if value is not None else ""
        else:
            initial[key] = value
    if meta:
        initial.update({k: v for k, v in meta.items() if k in ("title", "notes", "difficulty")})
        if "tags" in meta:
            initial["tags"] = ", ".join(meta["tags"] or [])
    return initial


def document_from(form: OtherScenarioForm) -> dict[str, Any]:
    """The scenario document the (valid) form describes; the engine checks it."""
    data = form.cleaned_data
    document: dict[str, Any] = {"variant": form.game}
    trimming = data.get("ante_trimming_status")
    if trimming in ("true", "false"):
        document["ante_trimming_status"] = trimming == "true"
    for key in form.hand_fields:
        value = data.get(key)
        if value is None or value == "" or (key in ("seats", "antes") and value == []):
            continue
        document[key] = value
    if data.get("min_chip"):
        document["_min_chip"] = data["min_chip"]
    document["_question"] = {"kind": data["kind"]}
    return document


@dataclass
class OtherDraft:
    """A form, and what the engine says about the document it describes."""

    game: str
    form: OtherScenarioForm
    document: dict[str, Any] | None = None
    solution: dict[str, Any] | None = None
    error: str = ""  # a refusal that concerns no one field
    table: dict[str, Any] | None = None
    answerability: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.document is not None and self.solution is not None and not self.form.errors


def error_message(error: EngineError, seats: tuple[int, ...] = ()) -> str:
    """The error in the page's language; one about an action names its line."""
    template = MESSAGES.get(error.code)
    text = message_for(error, seats) if template is None else str(template)
    match = re.match(r"actions\[(\d+)\]", error.path or "")
    if match:
        text = _("Line %(line)s: %(message)s") % {"line": int(match[1]) + 1, "message": text}
    return text


def _field_of(path: str | None, form: OtherScenarioForm) -> str | None:
    head = re.split(r"[.\[]", path or "", maxsplit=1)[0]
    if head == "_question":
        return "kind"
    if head == "_min_chip":
        return "min_chip"
    return head if head in form.fields else None


def check(draft: OtherDraft) -> OtherDraft:
    """Read, replay and solve the form's document; put each engine error on its field."""
    form = draft.form
    if not form.is_valid():
        return draft
    document = document_from(form)
    seats = tuple(document.get("seats") or range(1, len(document.get("starting_stacks") or []) + 1))
    try:
        document = normalized(document)
        solution = solve(document)
        view = table_view(document)
    except EngineError as err:
        text = error_message(err, seats)
        name = _field_of(err.path, form)
        if name is None:
            draft.error = text
        else:
            form.add_error(name, text)
        return draft
    draft.document, draft.solution = document, solution
    draft.table = other_table.table_for(view, game_label=game_label(draft.game))
    try:
        draft.answerability = problem_messages(answerability_problems(document))
    except EngineError:
        draft.answerability = []
    return draft


def answer_context(game: str, solution: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The engine's answer in words (``templates/scenarios/_answer.html``)."""
    if not solution:
        return None
    labels = dict(kind_choices(game))
    return {
        "kind": labels.get(solution["kind"], solution["kind"]),
        "lines": [
            {"label": label, "value": value, "is_hand": isinstance(value, dict)}
            for label, value in answer_lines(game, solution["kind"], solution["answer"])
        ],
        "explanation_en": solution["explanation"]["en"],
        "explanation_ja": solution["explanation"]["ja"],
        "rules": solution.get("rules") or [],
    }
