"""Command line: ``python -m games solve|generate|table``.

``solve FILE|-`` prints the answer object as JSON and exits 0; for malformed or impossible input
prints ``{"error": {"code", "message", "path"}}`` and exits 2. Nothing is ever a traceback:
everything is caught at the top, hostile JSON included. Imports stay inside the functions so
that the process starts fast.

``generate --variant V --kind K [--focus F] [--ruleset R] --seed N`` prints a generated scenario
document; ``table FILE|-`` prints the table view, what the trainee sees at the decision point
(:func:`games.table.table_view`). Both exit 0, or print one line ``error: ...`` on stderr and
exit 2 for bad arguments or a bad document.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["main"]

USAGE = (
    "usage: python -m games solve FILE|- | "
    "generate --variant V --kind K [--focus F] [--ruleset R] --seed N | table FILE|-"
)
STUD_VARIANTS = ("F7S", "FR", "F7S/8")
HELP = "\n".join(
    (
        USAGE,
        "generate: print a generated scenario document (JSON) that solve accepts.",
        "  --variant  F7S, FR, F7S/8, NT, FCH or T10S",
        "  --kind     a question kind of that game",
        "  --focus    one of the kind's focuses (optional)",
        "  --ruleset  tda-2024 (default) or robert-cash; stud only",
        "  --seed     a whole number: the same arguments give the same document",
        "table: print the table view of a scenario document (JSON): what the trainee sees.",
    )
)
GENERATE_OPTIONS = ("variant", "kind", "focus", "ruleset", "seed")
REQUIRED_OPTIONS = ("variant", "kind", "seed")


class CommandError(Exception):
    """Bad arguments or a bad document for ``generate`` or ``table``: one line for stderr."""


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
        from games.core.errors import EngineError
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


def _choices(values: tuple[str, ...] | list[str]) -> str:
    return ", ".join(values)


def parse_generate(args: list[str]) -> dict[str, str]:
    """The options of ``generate`` (``--name value`` or ``--name=value``), each given once."""
    options: dict[str, str] = {}
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("--"):
            raise CommandError(f"unexpected argument {arg[:40]!r}; {USAGE}")
        name, sep, value = arg[2:].partition("=")
        if name not in GENERATE_OPTIONS:
            raise CommandError(f"unknown option --{name[:40]}; use --{', --'.join(GENERATE_OPTIONS)}")
        if not sep:
            if not rest or rest[0].startswith("--"):
                raise CommandError(f"--{name} needs a value")
            value = rest.pop(0)
        if name in options:
            raise CommandError(f"--{name} is given twice")
        options[name] = value
    missing = [f"--{n}" for n in REQUIRED_OPTIONS if n not in options]
    if missing:
        raise CommandError(f"missing {', '.join(missing)}; {USAGE}")
    return options


def generate_document(options: dict[str, str]) -> dict[str, Any]:
    """The document ``generate`` prints for parsed options; bad options raise CommandError."""
    from games import registry
    from games.core.errors import EngineError
    from games.generate_other import generate_other
    from games.stud.generate import focuses, generate
    from games.stud.rules import PRESETS

    variant, kind, focus = options["variant"], options["kind"], options.get("focus")
    ruleset = options.get("ruleset")
    variants = STUD_VARIANTS + tuple(g.code for g in registry.games() if not g.is_stud)
    if variant not in variants:
        raise CommandError(f"unknown variant {variant[:20]!r}; use {_choices(variants)}")
    stud = variant in STUD_VARIANTS
    kinds = registry.kind_names(variant)
    if kind not in kinds:
        raise CommandError(f"{kind[:40]!r} is not a question kind of {variant}; use {_choices(kinds)}")
    allowed = focuses(kind, variant) if stud else registry.kind(variant, kind).focus
    if focus is not None and focus not in allowed:
        hint = f"use {_choices(allowed)}" if allowed else "it takes no focus"
        raise CommandError(f"{focus[:40]!r} is not a focus of {kind} in {variant}; {hint}")
    if ruleset is not None and not stud:
        raise CommandError(
            f"--ruleset applies to the stud games ({_choices(STUD_VARIANTS)}) only, not {variant}"
        )
    if ruleset is not None and ruleset not in PRESETS:
        raise CommandError(f"unknown ruleset {ruleset[:40]!r}; use {_choices(list(PRESETS))}")
    try:
        seed = int(options["seed"])
    except ValueError:
        raise CommandError(f"the seed must be a whole number, not {options['seed'][:40]!r}") from None
    try:
        if stud:
            return generate(kind=kind, variant=variant, seed=seed, ruleset=ruleset or "tda-2024", focus=focus)
        return generate_other(kind=kind, variant=variant, seed=seed, focus=focus)
    except EngineError as err:
        raise CommandError(str(err)) from None


def table_document(name: str) -> dict[str, Any]:
    """The table view ``table`` prints for a scenario file; a bad file raises CommandError."""
    try:
        data = _read(name)
    except OSError as err:
        raise CommandError(f"cannot read {name!r}: {err.strerror or err}") from None
    try:
        from games.core.errors import EngineError
        from games.table import table_view

        try:
            return table_view(data)
        except EngineError as err:
            where = f" (at {err.path})" if err.path else ""
            raise CommandError(f"{err}{where}") from None
    except RecursionError:
        raise CommandError("the input is nested too deeply") from None
    except MemoryError:
        raise CommandError("the input is too large") from None
    except CommandError:
        raise
    except Exception as err:  # never a traceback, as for solve
        raise CommandError(
            f"the engine could not draw this scenario's table ({type(err).__name__})"
        ) from None


def _print_json(output: Any, *, indent: int | None = None) -> None:
    import json

    text = json.dumps(output, ensure_ascii=False, indent=indent)
    sys.stdout.buffer.write(text.encode("utf-8") + b"\n")
    sys.stdout.flush()


def _command(args: list[str]) -> int:
    """``generate`` and ``table``: JSON on stdout and 0, or one line on stderr and 2."""
    if args[1:] in (["-h"], ["--help"]):
        sys.stdout.write(HELP + "\n")
        sys.stdout.flush()
        return 0
    try:
        if args[0] == "generate":
            output = generate_document(parse_generate(args[1:]))
        elif len(args) == 2:
            output = table_document(args[1])
        else:
            raise CommandError(f"table takes one file (or - for stdin); {USAGE}")
    except CommandError as err:
        message = " ".join(str(err).split())  # one line whatever the message holds
        sys.stderr.write(f"error: {message}\n")
        sys.stderr.flush()
        return 2
    _print_json(output, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("generate", "table"):
        return _command(args)
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
