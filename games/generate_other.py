"""Seeded scenario generators for no-limit hold'em, Flush Code Hack draw and ten-card stud.

``generate_other(kind=, variant=, seed=, focus=None) -> dict`` returns a scenario document
(docs/scenario-format-extensions.md) with its ``_question``, a ``_title`` and ``_tags``;
the same arguments always give the same document, and every document solves. Randomness
comes only from a ``random.Random`` seeded with the arguments.

Each kind declares its focuses (``focus`` on the kind; ``FOCUSES`` collects them) that aim
at the situations worth drilling: several all-ins for side pots, a short all-in that does
not reopen the betting, the big blind's option and heads-up play in hold'em; ties decided by
suit and a player who cannot pay the entry fee in the draw; ties for the weakest and split
pots in ten-card stud. Without a
focus one is drawn from the seed. A focus is a preference: when a seed cannot reach it in a
bounded number of tries, the document still answers its kind and its ``_tags`` say which
focus was met. Each game writes its documents in its own package (``games.holdem.generate``,
``games.draw.generate``, ``games.tenstud.generate``), found through the registry.

>>> from games.solve import solve
>>> doc = generate_other(kind="min_raise", variant="NT", seed=7)
>>> solve(doc)["kind"]
'min_raise'
"""

from __future__ import annotations

import random
from typing import Any

from games import registry
from games.core.errors import EngineError

__all__ = ["FOCUSES", "generate_other"]


def _other_games() -> tuple[registry.Game, ...]:
    return tuple(g for g in registry.games() if not g.is_stud)


FOCUSES: dict[str, dict[str, tuple[str, ...]]] = {
    g.code: {k.name: k.focus for k in registry.kinds(g.code)} for g in _other_games()
}


def generate_other(
    *, kind: str, variant: str, seed: int | str, focus: str | None = None, title: bool = True
) -> dict[str, Any]:
    """A scenario document of ``variant`` asking ``kind`` (see the module docstring)."""
    others = {g.code: g for g in _other_games()}
    if variant not in others:
        codes = list(others)
        listed = f"{', '.join(codes[:-1])} and {codes[-1]}"
        raise EngineError(
            "unknown_variant",
            f"generate_other makes {listed} scenarios, not {str(variant)[:20]!r}",
            params={"variant": str(variant)[:20]},
            path="variant",
        )
    names = registry.kind_names(variant)
    if kind not in names:
        raise EngineError(
            "unknown_question_kind",
            f"{str(kind)[:40]!r} is not a question of {variant}",
            params={"allowed": list(names)},
            path="kind",
        )
    allowed = registry.kind(variant, kind).focus
    if focus is not None and focus not in allowed:
        raise EngineError(
            "unknown_focus",
            f"{str(focus)[:40]!r} is not a focus of {kind}",
            params={"allowed": list(allowed)},
        )
    rng = random.Random(f"generate_other:{variant}:{kind}:{seed}:{focus}")
    chosen = focus or rng.choice(allowed)
    family = registry.part(variant, "generate")
    made: tuple[dict[str, Any], bool] = family.generate_question(kind, chosen, rng)
    doc, met = made
    doc["_question"] = {"kind": kind}
    if title:
        doc["_title"] = family.TITLES[kind]
    doc["_tags"] = ["generated", variant, kind] + ([chosen] if met else [])
    return doc
