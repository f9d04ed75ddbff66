"""An answer before it is written out, as every question kind's solver returns it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Solution"]


@dataclass(frozen=True)
class Solution:
    """An answer before it is written out: the facts feed the explanation."""

    kind: str
    answer: dict[str, Any]
    rules: tuple[str, ...]
    facts: dict[str, Any]
    explanation: dict[str, str] | None = None  # already written (the other games); else from the facts
    # Writes the explanation from the facts when it is written out (the stud kinds' solutions,
    # given by the dispatcher, :func:`games.solve.solve_scenario`): ``writer(kind, facts)``.
    writer: Callable[[str, dict[str, Any]], dict[str, str]] | None = None

    def to_dict(self) -> dict[str, Any]:
        explanation = self.explanation
        if explanation is None:
            if self.writer is None:
                raise ValueError(f"the {self.kind} solution has neither an explanation nor a writer")
            explanation = self.writer(self.kind, self.facts)
        return {
            "kind": self.kind,
            "answer": self.answer,
            "explanation": explanation,
            "rules": list(dict.fromkeys(self.rules)),
        }
