"""The editor's legal actions at the showdown: only the player who must table first is offered
a show or a muck until a hand is tabled (TDA 2024 Rule 17-A)."""

from __future__ import annotations

import json
from pathlib import Path

from games.table import legal_actions

FIXTURES = Path(__file__).resolve().parents[2] / "dealer_training" / "scenarios" / "fixtures" / "demo"


def _last_aggressor_hand() -> dict:  # type: ignore[type-arg]
    path = next(
        p for p in sorted(FIXTURES.glob("*.json")) if p.stem.endswith("showdown-first-razz-last-aggressor")
    )
    document = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in document.items() if k not in ("_status", "_expected")}


def test_only_the_last_aggressor_is_offered_the_first_show():
    # Seat 3 raised last on 7th street: it tables first.
    offered = legal_actions(_last_aggressor_hand())
    assert {a["seat"] for a in offered} == {3}
    assert {a["kind"] for a in offered} == {"show", "muck"}


def test_once_the_first_hand_is_tabled_the_others_may_follow():
    document = _last_aggressor_hand()
    document["actions"] = [*document["actions"], "p3 sm 3sAs3d"]
    offered = legal_actions(document)
    assert {a["seat"] for a in offered} == {1, 2}


def test_a_hand_without_an_aggressor_tables_from_the_first_to_act():
    document = _last_aggressor_hand()
    actions = document["actions"]
    document["actions"] = [*actions[: actions.index("p2 cbr 1000")], "p2 cc", "p3 cc"]
    offered = legal_actions(document)
    assert len({a["seat"] for a in offered}) == 1
