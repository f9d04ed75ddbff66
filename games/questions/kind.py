"""What a question kind is: one declaration per kind, in one module per kind.

A kind module (``games/<game>/kinds/<kind>.py``) defines ``KIND``, a :class:`QuestionKind`:
its name, the game family it belongs to, its labels, its typed answer fields
(:mod:`games.questions.fields`), the function that answers it from a scenario, and what
the rest of the engine needs to know about it: what the table must show or hide for the
question to be answerable, the generator's focus values, the misreadings the diagnosis
tries, and a rule for fields whose values are equal in more than one way. The registry
(:mod:`games.registry`) collects the kinds of every game; ``solve``, ``judge``, ``diagnose``,
the table view and the generators dispatch through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.questions.fields import Field

if TYPE_CHECKING:
    from games.questions.solution import Solution

__all__ = ["Misread", "QuestionKind"]

# A misreading: given the scenario and the right answer, yields ``(code, params, wrong answer)``
# for each mistaken reading that applies (the diagnosis keeps those matching the trainee's answer).
Misread = Callable[[Any, Mapping[str, Any]], Iterator[tuple[str, dict[str, Any], Mapping[str, Any]]]]


@dataclass(frozen=True)
class QuestionKind:
    """One kind of question of one game family."""

    name: str
    family: str  # "stud", "holdem", "draw" or "tenstud"
    label: tuple[str, str]  # English, Japanese
    fields: tuple[Field, ...]
    solve: Callable[[Any], Solution]
    # Keys of the engine's answer that are told with it but never asked or judged.
    unjudged: tuple[str, ...] = ()
    # Answerability: what the table view must show for the answer to be worked out from it, and
    # what it must not show (keys of the table view; docs/engine.md, "Answerable from the table").
    shows: tuple[str, ...] = ()
    hides: tuple[str, ...] = ()
    # The generator's focus values for this kind (what a generated item concentrates on).
    focus: tuple[str, ...] = ()
    # The misreadings the diagnosis tries, by code.
    misreadings: Mapping[str, Misread] = field(default_factory=dict)
    # Fields whose values are equal in more than one way: key -> equality (expected, given).
    same: Mapping[str, Callable[[Any, Any], bool]] = field(default_factory=dict)
    # A kind that writes its own explanation and generates its own hands declares them here:
    # ``explain(facts, text)`` says its sentences; ``generate(rng, variant, ruleset, structure)``
    # returns ``(hand, tags)`` as the stud generators do (games.stud.generate).
    explain: Callable[[Any, Any], None] | None = None
    generate: Callable[..., tuple[Any, list[str]]] | None = None

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
