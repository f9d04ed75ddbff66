"""What a dealer standing at the table sees at the decision point (for the web app).

The view never contains the answer to the scenario's own question: no player to act, no
options, no bring-in marker, no stub count for a ``stub`` question, no pot amounts for a
``pots`` question (and no layered pots for ``award``), the table as it was just before the
irregularity for a ``ruling`` question. Downcards are counted, and shown only on request or
for the showdown questions (``best_hands``, ``award``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.errors import EngineError
from games.other_common import OtherScenario
from games.scenario import Scenario, load_scenario
from games.state import StudState

__all__ = ["legal_actions", "table_view"]

SHOWDOWN_KINDS = ("best_hands", "award")


def _history(state: StudState) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    street = 3
    for street, records in sorted(state.street_actions.items()):
        for record in records:
            if record.kind == "deal_hole":
                assert record.player is not None
                entry: dict[str, Any] = {
                    "street": street,
                    "seat": state.seat_of(record.player),
                    "action": "deal",
                }
                if street == 3:
                    entry["downcards"] = 2
                    entry["upcards"] = [str(record.cards[2])]
                elif street == 7:
                    entry["downcards"] = 1
                else:
                    entry["upcards"] = [str(c) for c in record.cards]
                out.append(entry)
            elif record.kind == "deal_community":
                out.append(
                    {"street": street, "seat": None, "action": "community", "card": str(record.cards[0])}
                )
            elif record.kind in ("show", "muck"):
                assert record.player is not None
                out.append({"street": street, "seat": state.seat_of(record.player), "action": record.kind})
            else:
                assert record.player is not None
                out.append(
                    {
                        "street": street,
                        "seat": state.seat_of(record.player),
                        "action": record.kind,
                        "amount": record.amount,
                        "all_in": record.all_in,
                    }
                )
    return out


def other_table_view(scenario: OtherScenario) -> dict[str, Any]:
    """The table view of a hold'em, Flush Code Hack or ten-card stud scenario."""
    if scenario.variant_code == "NT":
        from games.holdem_answers import holdem_table_view
        from games.holdem_doc import HoldemScenario

        assert isinstance(scenario, HoldemScenario)
        return holdem_table_view(scenario)
    if scenario.variant_code == "FCH":
        from games.draw_answers import draw_table_view
        from games.draw_doc import DrawScenario

        assert isinstance(scenario, DrawScenario)
        return draw_table_view(scenario)
    from games.tenstud_answers import tenstud_table_view
    from games.tenstud_doc import TenStudScenario

    assert isinstance(scenario, TenStudScenario)
    return tenstud_table_view(scenario)


def table_view(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
    *,
    reveal_downcards: bool | None = None,
) -> dict[str, Any]:
    """A JSON-able picture of the table at the scenario's decision point.

    Seats come in dealing order (the first seat to the dealer's left first). Each shows its
    upcards, the number of downcards, the stack behind, the chips bet this street and the
    folded / all-in / absent flags. ``reveal_downcards`` defaults to true for the showdown
    questions. Hold'em, Flush Code Hack and ten-card stud have views of their own
    (docs/scenario-format-extensions.md); ``reveal_downcards`` does not apply to them.
    """
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    if isinstance(scenario, OtherScenario):
        return other_table_view(scenario)
    kind = scenario.kind
    event_view = None
    if kind == "ruling" and scenario.events:
        last = len(scenario.events) - 1
        state = scenario.replay(stop_before_event=last).state
        event = scenario.events[last]
        event_view = {k: v for k, v in event.to_dict().items() if k != "after"}
    else:
        state = scenario.replay().state
    reveal = kind in SHOWDOWN_KINDS if reveal_downcards is None else reveal_downcards
    betting = state.phase == "bet"
    seats = []
    for i in range(state.count):
        seat: dict[str, Any] = {
            "seat": state.seat_of(i),
            "player": f"p{i + 1}",
            "upcards": [str(c) for c in state.ups[i]],
            "downcards": len(state.downs[i]),
            "stack": state.stacks[i],
            "bet": state.bets[i] if betting else 0,
            "folded": state.folded[i],
            "all_in": state.is_all_in(i),
            "absent": state.absent[i],
        }
        if reveal:
            seat["downcards_shown"] = [str(c) for c in state.downs[i]]
        seats.append(seat)
    structure = state.structure
    view: dict[str, Any] = {
        "kind": kind,
        "variant": state.variant.value,
        "street": state.street,
        "phase": "showdown" if state.phase in ("showdown", "over", "settled") else state.phase,
        "seats": seats,
        "seat_count": state.seat_count,
        "structure": {
            "antes": list(state.antes),
            "bring_in": structure.bring_in,
            "small_bet": structure.small_bet,
            "big_bet": structure.big_bet,
            "max_bets": structure.max_bets,
            "min_chip": structure.min_chip,
        },
        "rules": {"ruleset": state.ruleset.name, **state.ruleset.flags()},
        "community_card": str(state.community) if state.community is not None else None,
        "history": _history(state),
    }
    if kind not in ("pots", "award"):
        view["pot"] = {
            "total": state.total_pot(),
            "pots": [
                {"amount": p.amount, "eligible": [state.seat_of(i) for i in p.eligible]} for p in state.pots()
            ],
        }
    elif kind == "award":
        view["pot"] = {"total": state.total_pot()}
    if kind != "stub":
        view["stub"] = state.stub
    if event_view is not None:
        view["event"] = event_view
    if kind == "best_hands" and scenario.question and "seats" in scenario.question:
        view["asked_seats"] = list(scenario.question["seats"])
    return view


def legal_actions(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes,
) -> list[dict[str, Any]]:
    """The actions an editor may append next to the scenario's hand.

    Each entry: ``kind``, ``seat``, ``player`` (``"p3"``), ``amount``, ``count`` (cards a
    deal needs) and ``phh`` (the action string; a deal gives its prefix, ``"d dh p3"``, to
    which the editor adds the cards). Events are not included: they are irregularities.
    """
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    if isinstance(scenario, OtherScenario):
        raise EngineError(
            "unknown_variant",
            f"the action editor works on stud scenarios only (F7S, FR or F7S/8), not {scenario.variant_code}",
            params={"variant": scenario.variant_code},
            path="variant",
        )
    state = scenario.replay().state
    out = []
    for action in state.legal_actions():
        entry = action.to_dict()
        entry["seat"] = state.seat_of(action.player) if action.player is not None else None
        entry["player"] = f"p{action.player + 1}" if action.player is not None else None
        out.append(entry)
    return out
