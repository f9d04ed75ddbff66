"""Engine errors: one exception type with a stable code.

The engine reports facts and codes; the web layer maps ``code`` (and ``params``) to a
translated sentence. ``path`` points at the place in a scenario document that caused the
error (``"actions[4]"``, ``"starting_stacks"``) when there is one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["EngineError"]


class EngineError(ValueError):
    """A malformed input or an impossible poker situation.

    >>> err = EngineError("bad_card", "not a card: 'Xx'", params={"text": "Xx"})
    >>> err.code, str(err)
    ('bad_card', "not a card: 'Xx'")
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        params: Mapping[str, Any] | None = None,
        path: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})
        self.path = path

    def with_path(self, path: str) -> EngineError:
        """The same error located at ``path`` (keeps an inner, more precise path)."""
        if self.path is None:
            self.path = path
        return self

    def to_dict(self) -> dict[str, Any]:
        """The error object of the scenario format: ``{"error": {code, message, path}}``."""
        body: dict[str, Any] = {"code": self.code, "message": self.message, "path": self.path}
        if self.params:
            body["params"] = self.params
        return {"error": body}
