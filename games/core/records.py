"""Records of applied actions and descriptions of legal ones (immutable values)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from games.core.cards import Card

__all__ = ["ActionRecord", "LegalAction"]


def _fmt(cards: Iterable[Card]) -> str:
    return "".join(str(c) for c in cards)


class ActionRecord(NamedTuple):
    """What one applied action did; ``phh`` is its PHH action string."""

    kind: str  # deal_hole, deal_community, post_bring_in, check, call, fold, complete, bet, raise, show, muck
    player: int | None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    all_in: bool = False

    @property
    def phh(self) -> str:
        kind, tag = self.kind, f"p{(self.player or 0) + 1}"
        if kind == "deal_hole":
            return f"d dh {tag} {_fmt(self.cards)}"
        if kind == "deal_community":
            return f"d db {_fmt(self.cards)}"
        if kind == "post_bring_in":
            return f"{tag} pb"
        if kind in ("check", "call"):
            return f"{tag} cc"
        if kind == "fold":
            return f"{tag} f"
        if kind == "show":
            return f"{tag} sm {_fmt(self.cards)}"
        if kind == "muck":
            return f"{tag} sm"
        return f"{tag} cbr {self.amount}"


class LegalAction(NamedTuple):
    """One action the state accepts now. Deals carry ``count`` instead of cards."""

    kind: str  # deal_hole, deal_community, post_bring_in, fold, check, call, complete, bet, raise, show, muck
    player: int | None
    amount: int | None = None
    deal_count: int = 0
    cards: tuple[Card, ...] = ()

    @property
    def phh(self) -> str:
        kind, tag = self.kind, f"p{(self.player or 0) + 1}"
        if kind == "deal_hole":
            return f"d dh {tag}"
        if kind == "deal_community":
            return "d db"
        if kind == "show":
            return f"{tag} sm {_fmt(self.cards)}"
        if kind == "muck":
            return f"{tag} sm"
        return ActionRecord(kind, self.player, self.amount or 0).phh

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "amount": self.amount,
            "count": self.deal_count,
            "phh": self.phh,
        }
