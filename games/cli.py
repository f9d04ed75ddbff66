"""Command line: ``python -m games solve FILE|-``.

Prints the answer object as JSON and exits 0; for malformed or impossible input prints
``{"error": {"code", "message", "path"}}`` and exits 2. Nothing is ever a traceback:
everything is caught at the top, hostile JSON included. Imports stay inside the
functions so that the process starts fast.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["main"]

USAGE = "usage: python -m games solve FILE|-"


def _error(code: str, message: str, path: str | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "path": path}}


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read(2_000_001)
    with open(name, "rb") as handle:
        return handle.read(2_000_001)


def solve_command(name: str) -> tuple[dict[str, Any], int]:
    """The output object and exit code for ``solve``."""
    try:
        data = _read(name)
    except OSError as err:
        return _error("cannot_read", f"cannot read {name!r}: {err.strerror or err}", None), 2
    try:
        from games.errors import EngineError
        from games.solve import solve

        try:
            return solve(data), 0
        except EngineError as err:
            return err.to_dict(), 2
    except RecursionError:
        return _error("too_deep", "the input is nested too deeply"), 2
    except MemoryError:
        return _error("input_too_large", "the input is too large"), 2
    except Exception as err:  # the contract: an error object, never a traceback
        return _error("internal_error", f"the engine could not solve this scenario ({type(err).__name__})"), 2


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "solve":
        output, code = _error("usage", USAGE), 2
    else:
        output, code = solve_command(args[1])
    import json

    try:
        text = json.dumps(output, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = json.dumps(_error("internal_error", "the answer could not be written"))
        code = 2
    sys.stdout.buffer.write(text.encode("utf-8") + b"\n")
    sys.stdout.flush()
    return code
