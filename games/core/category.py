"""The categories of a five-card high hand (shared by the evaluator and the hand names)."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Category"]


class Category(IntEnum):
    """High-hand categories, weakest first (also used for paired low hands)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
