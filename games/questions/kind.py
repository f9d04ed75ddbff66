"""What a question kind is: one declaration per kind, in one module per kind.

A kind module (``games/<game>/kinds/<kind>.py``) defines ``KIND``, a :class:`QuestionKind`:
its name, the game family it belongs to, its labels, its typed answer fields
(:mod:`games.questions.fields`), the function that answers it from a scenario, and what
the rest of the engine needs to know about it: what the table must show or hide for the
question to be answerable, the generator's focus values, the misreadings the diagnosis
tries, and a rule for fields whose values are equal in more than one way. The registry
(:mod:`games.registry`) collects the kinds of every game; ``solve``, ``judge``, ``diagnose``,
the table view and the generators dispatch through it.

The solver's signature is the same for every kind: ``solve(case) -> Solution``, one argument,
what the kind's game family answers from. A stud kind gets a :class:`games.stud.answering.Case`:
the scenario with its hand replayed once by :func:`games.solve.solve_scenario`, under the
scenario's own game and rules or under others (the diagnosis re-solves a hand as another game
or under other rules that way, ``solve_scenario(scenario, variant=..., ruleset=...)``). The
kinds of hold'em, Flush Code Hack and ten-card stud get their scenario object.

A misreading function gets the same argument as the solver, the right answer and the trainee's
answer, and yields ``(code, params, wrong answer)``; the kind's ``misreadings`` give the
sentence of each code (English and Japanese templates, formatted with the params).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.questions.fields import Field

if TYPE_CHECKING:
    from games.questions.solution import Solution

__all__ = ["Applies", "Candidate", "Finder", "Misread", "Moment", "QuestionKind", "tried_in_order"]

# One misreading found: its code, the params of its sentence and the answer it gives.
Candidate = tuple[str, dict[str, Any], Mapping[str, Any]]

# Misreadings: given what the solver gets, the right answer and the trainee's answer, yields
# ``(code, params, wrong answer)`` for each mistaken reading that applies (the diagnosis keeps
# those whose answer matches the trainee's, unless the kind's ``misread_given`` is set).
Misread = Callable[[Any, Mapping[str, Any], Mapping[str, Any]], Iterator[Candidate]]
# One misreading that needs only what the solver gets and the right answer (see tried_in_order).
Finder = Callable[[Any, Mapping[str, Any]], Iterator[Candidate]]
# Problems with the moment a question is asked, whatever the table shows: given what the solver
# gets, ``(code, params)`` for each (its answer is already in the history, or not settled yet;
# :func:`games.stud.answerable.moment_problems`).
Moment = Callable[[Any], tuple[tuple[str, dict[str, Any]], ...]]
# Whether the question makes sense where the hand stops: given what the solver gets, why it
# does not (an English sentence), or None when it does. The solver refuses a question that
# does not apply (``question_not_applicable``), so a scenario asking it cannot be saved.
Applies = Callable[[Any], str | None]


@dataclass(frozen=True)
class QuestionKind:
    """One kind of question of one game family."""

    name: str
    family: str  # "stud", "holdem", "draw" or "tenstud"
    label: tuple[str, str]  # English, Japanese
    fields: tuple[Field, ...]
    solve: Callable[[Any], Solution]
    # Writes the explanation from the solution's facts, sentence by sentence (``explain(facts,
    # text)``, :mod:`games.stud.explain`); kinds whose solver writes it themselves have none.
    explain: Callable[[dict[str, Any], Any], None] | None = None
    # Keys of the engine's answer that are told with it but never asked or judged.
    unjudged: tuple[str, ...] = ()
    # Answerability: what the table view must show for the answer to be worked out from it, and
    # what it must not show. For the stud kinds (:func:`games.table.table_view`): shows
    # ``downcards`` (the live hands tabled as at the showdown), ``asked_seats`` (the seats a
    # question names), ``round_open`` (the betting round drawn as still open: uncalled chips in
    # front of their owners, the pots from the chips committed, never the showdown phase),
    # ``before_event`` (the table just before the irregularity asked about); hides ``stub`` (no
    # stub count), ``pot`` (no pots at all), ``pot.pots`` (the pot's total only),
    # ``event.type`` (the irregularity's facts without its name).
    shows: tuple[str, ...] = ()
    hides: tuple[str, ...] = ()
    # The moment of the question: what makes it unanswerable whatever the table shows.
    moment: Moment | None = None
    # Where the question can be asked at all (checked before ``solve``; stud kinds).
    applies: Applies | None = None
    # The generator's focus values for this kind (what a generated item concentrates on); the
    # games a focus applies to when not all of the family's (focus -> variant codes); the answer
    # fields a drill of a focus asks when not all (focus -> keys).
    focus: tuple[str, ...] = ()
    focus_games: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    focus_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # How a sentence names the kind's answer ("That is the bring-in under razz"), English and
    # Japanese; the label in lower case when not given.
    noun: tuple[str, str] | None = None
    # The misreadings the diagnosis tries, and the sentence of each code they yield.
    misread: Misread | None = None
    misreadings: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # The misreadings read the trainee's answer themselves (a ruling: which confusion of rulings
    # it shows): the diagnosis keeps each one and tries no other game or rules.
    misread_given: bool = False
    # Fields whose values are equal in more than one way: key -> equality (expected, given).
    same: Mapping[str, Callable[[Any, Any], bool]] = field(default_factory=dict)
    # Answerability of the other games (hold'em, draw, ten-card stud): a scenario document of the
    # same game built from the table view alone, hidden cards drawn from the random source, and
    # why the question cannot be asked at the scenario's moment whatever the table shows
    # (``(code, params)``, or None when it can; ``games.answerable``).
    rebuild: Callable[[Mapping[str, Any], random.Random], dict[str, Any]] | None = None
    premise: Callable[[Any], tuple[str, dict[str, Any]] | None] | None = None
    # A kind that generates its own hands declares it: ``generate(rng, variant, ruleset,
    # structure)`` returns ``(hand, tags)`` as the stud generators do (games.stud.generate).
    generate: Callable[..., tuple[Any, list[str]]] | None = None
    # What of the table view (``games.table.table_view``) decides the answer besides the answer
    # itself, to tell variations of a scenario apart (``games.vary.compare.signature``): the
    # doors for a bring-in, the chips put in for the pots. None compares the whole view.
    situation: Callable[[Mapping[str, Any]], Any] | None = None
    # The cards that decide the answer, named in a variation's fresh title: ``deciding(view,
    # answer) -> card codes`` (``games.vary.title``); None names no card.
    deciding: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None = None
    # The steps that decide the answer, to replay on the table after it (``games.show``): given
    # what the solver gets and the solution, ``[{"upto", "seats", "code", "params"}]``: the
    # actions replayed up to the step, the seats it points at, and what it shows as a code
    # with facts (the app words it, unless the step carries its own ``en``/``ja`` sentence and
    # ``tag``). None: the kind has no replay.
    show: Callable[[Any, Any], list[dict[str, Any]]] | None = None

    def phrase(self, lang: str) -> str:
        """The kind's answer as a sentence names it."""
        en, ja = self.noun or (self.label[0].lower(), self.label[1])
        return ja if lang.startswith("ja") else en

    @property
    def keys(self) -> tuple[str, ...]:
        """The answer keys, in the order the fields are asked."""
        return tuple(f.key for f in self.fields)

    def field(self, key: str) -> Field:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(key)

    def flatten(self, answer: Mapping[str, Any]) -> dict[str, Any]:
        """The judged entries of an answer of this kind (path -> normalised value)."""
        out: dict[str, Any] = {}
        for f in self.fields:
            out.update(f.flatten(answer))
        return out

    def equal(self, path: str, expected: Any, given: Any) -> bool:
        rule = self.same.get(path)
        return rule(expected, given) if rule else bool(expected == given)


def tried_in_order(found: Mapping[str, Finder]) -> Misread:
    """One ``misread`` out of one function per code, each given what the solver gets and the
    right answer (the trainee's answer is not needed to find these readings), tried in order."""

    def misread(arg: Any, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
        for find in found.values():
            yield from find(arg, right)

    return misread
