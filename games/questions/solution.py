"""An answer before it is written out, as every question kind's solver returns it."""

from __future__ import annotations

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

    def to_dict(self) -> dict[str, Any]:
        from games.stud.explain import explain  # the stud kinds explain from their facts

        return {
            "kind": self.kind,
            "answer": self.answer,
            "explanation": self.explanation
            if self.explanation is not None
            else explain(self.kind, self.facts),
            "rules": list(dict.fromkeys(self.rules)),
        }
