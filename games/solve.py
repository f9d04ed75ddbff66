"""Answer the question of a scenario (scenario-format section 3, conventions of section 7).

``solve(scenario)`` returns ``{"kind", "answer", "explanation": {"en", "ja"}, "rules"}``.
The answer is computed from the replayed hand; the explanation is written from the facts
the computation used (see :mod:`games.stud.explain`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.questions.solution import Solution
from games.stud.rules import Variant
from games.stud.scenario import Scenario, load_scenario
from games.stud.state import StudState

__all__ = ["Solution", "solve", "solve_document", "solve_other", "solve_scenario"]


def _not_applicable(kind: str, message: str, **params: Any) -> EngineError:
    return EngineError(
        "question_not_applicable", message, params={"kind": kind, **params}, path="_question.kind"
    )


def _unique(rules: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rules))


def bring_in_rules(variant: Variant) -> list[str]:
    """Who brings in: the lowest door card by suit, or in razz the highest (ace low)."""
    if variant is Variant.RAZZ:
        return ["BARGE Razz"]
    return ["RRoP 7CS-1", "BARGE Seven-Card Stud"]


def ranking_rules(variant: Variant) -> tuple[str, ...]:
    """How hands rank at the showdown in each game."""
    if variant is Variant.RAZZ:
        return ("BARGE Lowball Scales",)
    if variant is Variant.STUD8:
        return ("Practice: hand rankings", "BARGE Stud Hi-Lo")
    return ("Practice: hand rankings",)


# --- pots ------------------------------------------------------------------------------


def pots_answer(state: StudState) -> Solution:
    seat = state.seat_of
    pots = state.pots()
    answer = {"pots": [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in pots]}
    live = [not f for f in state.folded]
    can_add = [live[i] and state.stacks[i] > 0 for i in range(state.count)]
    from games.core.pots import uncalled_excess

    excess_player, excess = uncalled_excess(state.committed, live, can_add)
    short_antes = [seat(i) for i in range(state.count) if state.posted_antes[i] < state.antes[i]]
    rules = ["TDA 2024 Rule 21"]
    if short_antes:
        rules.append("Practice: all-in for the ante")
    layers = []
    for k, pot in enumerate(pots):
        nxt = set(pots[k + 1].eligible) if k + 1 < len(pots) else set()
        capped = [i for i in pot.eligible if state.is_all_in(i) and i not in nxt]
        layers.append(
            {
                "amount": pot.amount,
                "eligible": [seat(i) for i in pot.eligible],
                "capped_by": [seat(i) for i in capped],
                "level": state.committed[capped[0]] if capped else None,
            }
        )
    facts = {
        "pots": answer["pots"],
        "layers": layers,
        "committed": {seat(i): state.committed[i] for i in range(state.count)},
        "folded": [seat(i) for i in range(state.count) if state.folded[i]],
        "all_in": [seat(i) for i in range(state.count) if state.is_all_in(i)],
        "short_antes": short_antes,
        "excess": {"seat": seat(excess_player), "amount": excess} if excess else None,
        "returned": {seat(i): a for i, a in enumerate(state.returned) if a},
        "street": state.street,
    }
    return Solution("pots", answer, _unique(rules), facts)


# --- bring-in ---------------------------------------------------------------------------


def bring_in_answer(state: StudState, rulings: tuple[Any, ...]) -> Solution:
    if any(len(state.ups[i]) == 0 for i in range(state.count)):
        raise _not_applicable("bring_in", "the bring-in is decided once every player has a door card")
    seat = state.seat_of
    holder = state.bring_in_player()
    # What the low card must post: the bring-in, less if short, nothing if all-in on the ante.
    behind = state.starting_stacks[holder] - state.posted_antes[holder]
    amount = min(behind, state.structure.bring_in)
    all_in_ante = amount == 0
    # Everyone else in the hand is all-in on the ante: no bet can be called, nothing is posted
    # and the cards are dealt out (format section 3: with at most one player with chips who
    # owes nothing the round is over; as TDA 2024 RP-10 E ends it for the low card's side).
    no_caller = (
        not all_in_ante
        and not state.folded[holder]
        and not any(
            state.starting_stacks[i] > state.posted_antes[i]
            for i in range(state.count)
            if i != holder and not state.folded[i]
        )
    )
    if no_caller:
        amount = 0
    first = None if no_caller else first_decision(state, holder, all_in_ante)
    doors = {seat(i): state.door(i) for i in range(state.count)}
    rivals = [
        seat(i)
        for i in range(state.count)
        if i != holder
        and (d := state.door(i)) is not None
        and (h := state.door(holder)) is not None
        and d.rank == h.rank
    ]
    rules = bring_in_rules(state.variant)
    if all_in_ante or no_caller:
        rules.append("TDA 2024 RP-10 E")
    elif amount < state.structure.bring_in:
        rules.append("WSOP 2024 Stud: short bring-in")
    events = [r for r in rulings if r.code in ("becomes_upcard", "kill_hand")]
    for ruling in events:
        rules.extend(ruling.rules)
    answer = {
        "seat": seat(holder),
        "amount": amount,
        "first_to_act": seat(first) if first is not None else None,
    }
    facts = {
        "variant": state.variant,
        "holder": seat(holder),
        "door": state.door(holder),
        "doors": doors,
        "same_rank": rivals,
        "amount": amount,
        "bring_in": state.structure.bring_in,
        "complete": state.structure.small_bet,
        "all_in_ante": all_in_ante,
        "no_caller": no_caller,
        "first": answer["first_to_act"],
        "exposed": [{"seat": r.seat, "card": r.facts["card"]} for r in events if r.code == "becomes_upcard"],
        "absent": [r.seat for r in events if r.code == "kill_hand"],
        "holder_dead": state.folded[holder],
        "post_only": not no_caller and not state.folded[holder] and forced_post_only(state, holder),
        "can_complete": _completion_possible(state, holder),
    }
    return Solution("bring_in", answer, _unique(rules), facts)


def _completion_possible(state: StudState, holder: int) -> bool:
    """Whether a player other than the low card could complete after a bring-in that took the
    low card's last chips: one to complete and another to call it must each have more than the
    bring-in behind."""
    deep = [
        i
        for i in range(state.count)
        if i != holder
        and not state.folded[i]
        and state.starting_stacks[i] - state.posted_antes[i] > state.structure.bring_in
    ]
    return len(deep) >= 2


def first_decision(state: StudState, holder: int, all_in_ante: bool) -> int | None:
    """Who makes the first decision on 3rd street (``None``: nobody can bet).

    A live low card with more than the bring-in behind decides first (post or complete, RRoP
    7CS-2). A low card with no more than the bring-in posts it all-in and may not complete
    (WSOP 2024 Stud: short bring-in), a killed hand dealt the bring-in card only has it posted
    for it (TDA 2024 Rule 30), and a low card all-in on the ante posts nothing (TDA 2024
    RP-10 E): the first decision is then the next live player's with chips, provided (RP-10 E)
    someone else could call a bet.
    """
    if not all_in_ante and not state.folded[holder] and not forced_post_only(state, holder):
        return holder
    first = state.next_with_chips(holder)
    if first is None:
        return None
    callers = [i for i in range(state.count) if i != first and not state.folded[i] and state.stacks[i] > 0]
    if not callers and all_in_ante:
        return None  # RP-10 E heads-up against the all-in low card: no bet can be called
    return first


def forced_post_only(state: StudState, holder: int) -> bool:
    """The live low card's bring-in takes all its chips: the post is all it can do."""
    behind = state.starting_stacks[holder] - state.posted_antes[holder]
    return 0 < behind <= state.structure.bring_in


# --- next action ------------------------------------------------------------------------


def _last_actions(state: StudState) -> list[dict[str, Any]]:
    records = state.street_actions.get(state.street, [])
    return [
        {"seat": state.seat_of(r.player), "kind": r.kind, "amount": r.amount, "all_in": r.all_in}
        for r in records
        if r.player is not None and r.kind not in ("deal_hole", "show", "muck")
    ]


def next_action_answer(state: StudState) -> Solution:
    if state.phase == "misdeal":
        raise EngineError("hand_misdealt", "the hand was declared a misdeal", path="_question.kind")
    actor = state.actor
    seat = state.seat_of
    options = state.options()
    answer: dict[str, Any] = {
        "seat": seat(actor) if actor is not None else None,
        "options": options,
        "round_complete": actor is None,
        "street": state.street,
    }
    rules: list[str] = []
    street = state.street
    reason = "in_turn"
    board_facts: dict[str, Any] = {}
    actions = _last_actions(state) if state.phase == "bet" else []
    blocked: str | None = None
    short_since: list[dict[str, int]] = []
    short_bring_in: dict[str, int] | None = None
    full_all_in: dict[str, Any] | None = None
    if actor is not None:
        if state.forced == "bring_in":
            reason = "bring_in"
            rules += [*bring_in_rules(state.variant), "RRoP 7CS-2"]
            if state.folded[actor]:
                rules.append("TDA 2024 Rule 30")
        elif state.forced == "open":
            reason = "rp10e"
            rules += ["TDA 2024 RP-10 E"]
        elif not actions and street > 3:
            reason = "best_board"
            board_facts = board_report(state)
            if state.variant is Variant.RAZZ:
                rules.append("BARGE Razz")  # not Rule 17-A: that is the showdown order
            else:
                rules.append("RRoP 7CS-1")
            if board_facts["tied"]:
                rules.append("TDA 2024 RP-10 D" if state.tie_break == "suit" else "RRoP 7CS-1")
            if board_facts["all_in_best"]:
                rules.append("WSOP 2024 Stud: all-in high hand")
        else:
            rules.append("BARGE Limit")
        if street == 3:
            rules.append("RRoP 7CS-3")
        raising = options["raise_to"] or options["bet_to"] or options["complete_to"] is not None
        if not raising:
            blocked = state.raise_blocked_by(actor)
        # 47-B: the all-ins below a full bet or raise made at the level the actor now faces.
        short_since = [
            {"seat": seat(p), "total": total}
            for p, total, level in state.short_all_ins
            if level == state.base and p != actor
        ]
        if blocked == "cap":
            rules.append("TDA 2024 Rule 48")
        elif state.bet_count >= state.structure.max_bets and raising:
            rules.append("RRoP Betting and Raising")  # cap lifted heads-up
        full_all_in = _full_all_in(state, options)
        if full_all_in is not None:
            rules.append("TDA 2024 Rule 47-B")
        if short_since and blocked in (None, "not_reopened"):
            rules.append("TDA 2024 Rule 47-B")
            if blocked == "not_reopened" and _acted_by_bring_in(state, actor):
                rules.append("Practice: the bring-in has acted")
        posts = [r for r in state.street_actions.get(3, []) if r.kind == "post_bring_in"]
        if street == 3 and state.bet_count == 0 and state.forced is None and posts:
            post = posts[0]
            if post.all_in and post.amount < state.structure.bring_in and post.player is not None:
                short_bring_in = {"seat": seat(post.player), "amount": post.amount}
                rules.append("WSOP 2024 Stud: short bring-in")
        if blocked == "short_bring_in" and state.stacks[actor] < state.structure.bring_in:
            rules.append("WSOP 2024 Stud: short bring-in")
        if len(state.units) > 1:
            rules.append("RRoP 7CS-4")
        elif street == 4 and state.variant is Variant.STUD and state._open_pair_showing():
            rules.append("TDA 2024 RP-10 F")
    elif _rp10e_ended(state):
        reason = "rp10e_over"
        rules.append("TDA 2024 RP-10 E")
    else:
        rules.append("BARGE Limit")
    holder = state.bring_in_index
    facts = {
        "street": street,
        "seat": answer["seat"],
        "reason": reason,
        "options": options,
        "actions": actions,
        "board": board_facts,
        "bet_unit": state.structure.bet_for_street(street),
        "bring_in": state.structure.bring_in,
        "complete": state.structure.small_bet,
        "bet_count": state.bet_count,
        "max_bets": state.structure.max_bets,
        "cap_reached": actor is not None and state.cap_reached(),
        "cap_lifted": state.bet_count >= state.structure.max_bets and not state.cap_reached(),
        "heads_up": len(state.live_players()) == 2,
        "variant": state.variant,
        "phase": state.phase,
        "dealing_started": state.street_dealt,
        "bring_in_holder": seat(holder) if holder is not None else None,
        "actor_dead": actor is not None and state.folded[actor],
        "units": state.units,
        "blocked": blocked,
        "short_since": short_since,
        "short_bring_in": short_bring_in,
        "full_all_in": full_all_in,
        "stack": state.stacks[actor] if actor is not None else 0,
        "target": state.target,
        "acted_by_bring_in": actor is not None and _acted_by_bring_in(state, actor),
        "rounds_held": list(state.rounds_held),
        "betting_possible": state.betting_possible,
        "live": len(state.live_players()),
    }
    if not rules:
        rules.append("BARGE Limit")
    return Solution("next_action", answer, _unique(rules), facts)


def _full_all_in(state: StudState, options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The all-in of at least half a bet that set the level the actor faces, when the actor may
    raise over it (TDA 2024 Rule 47-B: it counts as a full bet or raise)."""
    if not options["raise_to"]:
        return None
    made = [
        (p, total, before)
        for p, total, before in state.full_all_ins
        if total == state.base and total - before < min(state.units)  # not a full bet of either size
    ]
    if not made:
        return None
    player, total, before = made[-1]
    record = next(
        r
        for r in reversed(state.street_actions.get(state.street, []))
        if r.player == player and r.kind in ("complete", "bet", "raise") and r.amount == total
    )
    return {
        "seat": state.seat_of(player),
        "kind": record.kind,
        "total": total,
        "before": before,
        "raise_to": list(options["raise_to"]),
    }


def _acted_by_bring_in(state: StudState, actor: int) -> bool:
    """The actor's only action at this level was posting the bring-in (RULES.md 14)."""
    mine = [
        r.kind
        for r in state.street_actions.get(state.street, [])
        if r.player == actor and r.kind not in ("deal_hole", "show", "muck")
    ]
    return bool(mine) and all(kind == "post_bring_in" for kind in mine)


def _rp10e_ended(state: StudState) -> bool:
    """3rd street ended without a bet because the low card was all-in on the ante and folds
    left at most one player with chips (TDA 2024 RP-10 E)."""
    holder = state.bring_in_index
    if holder is None or state.street != 4 or state.street_dealt or state.stacks[holder] != 0:
        return False
    third = state.street_actions.get(3, [])
    return not any(r.kind in ("post_bring_in", "complete") for r in third) and not state.betting_possible


def board_report(state: StudState) -> dict[str, Any]:
    """Facts about the boards that decide who acts first on 4th to 7th street."""
    from games.stud.order import board_strength, high_card_of_board

    seat = state.seat_of
    boards = {i: state.ups[i][:4] for i in state.live_players()}
    strengths = {i: board_strength(state.variant, b) for i, b in boards.items()}
    best_strength = max(strengths.values())
    tied = sorted(i for i, s in strengths.items() if s == best_strength)
    best = state.best_board_player()
    first = state.first_to_act()
    return {
        "boards": {seat(i): list(b) for i, b in boards.items()},
        "best": seat(best),
        "best_board": list(boards[best]),
        "tied": [seat(i) for i in tied] if len(tied) > 1 else [],
        "tie_break": state.tie_break,
        "high_cards": {seat(i): high_card_of_board(state.variant, boards[i]) for i in tied},
        "all_in_best": first != best,
        "first": seat(first) if first is not None else None,
    }


# --- stub -------------------------------------------------------------------------------


def stub_answer(state: StudState) -> Solution:
    if not (state.street == 7 and state.phase == "deal" and not state.street_dealt):
        raise _not_applicable(
            "stub", "the stub question is asked when 6th-street betting is complete and 7th is not dealt"
        )
    seat = state.seat_of
    stub = state.stub_before_seventh
    assert stub is not None
    assert state.seventh_procedure is not None
    live = state.live_players()
    required = len(live) + 2
    procedure = state.seventh_procedure
    first = state.first_to_act() if state.betting_possible else None
    answer = {
        "stub": stub,
        "required": required,
        "procedure": procedure,
        "community_card": procedure in ("B", "C"),
        "first_to_act_7th": seat(first) if first is not None else None,
    }
    dealt = state.count
    facts = {
        "stub": stub,
        "required": required,
        "procedure": procedure,
        "players": len(live),
        "dealt_in": dealt,
        "receivers": {s: sum(1 for i in range(state.count) if len(state.ups[i]) >= s - 2) for s in (4, 5, 6)},
        "burns": 3,
        "first": answer["first_to_act_7th"],
        "board": board_report(state) if first is not None else {},
    }
    return Solution("stub", answer, ("TDA 2024 RP-10 H",), facts)


# --- showdown ---------------------------------------------------------------------------


def showdown_first_answer(state: StudState) -> Solution:
    from games.stud.showdown import showdown_first

    ended = state.phase in ("showdown",) or (state.phase in ("deal", "bet") and not state.betting_possible)
    if state.phase == "bet" and state.actor is not None:
        ended = False
    if not ended or len(state.live_players()) < 2:
        raise _not_applicable(
            "showdown_first", "the showdown order is asked once the last betting round is over"
        )
    result = showdown_first(state)
    seat = state.seat_of
    rules = ["TDA 2024 Rule 17-A"]
    if result.all_in_players:
        rules += ["TDA 2024 Rule 16", "TDA 2024 RP-10 B"]
    seventh = state.street_actions.get(7, [])
    at_risk = set(result.all_in_players) if result.not_at_risk else set()
    bettors = [r.player for r in seventh if r.kind in ("bet", "raise") and r.player is not None]
    facts = {
        "seat": seat(result.player),
        "reason": result.reason,
        "not_at_risk": result.not_at_risk,
        "all_in": [seat(p) for p in result.all_in_players],
        "aggressor": seat(result.aggressor) if result.aggressor is not None else None,
        "bettors": list(dict.fromkeys(seat(p) for p in bettors)),
        "at_risk_bettors": list(dict.fromkeys(seat(p) for p in bettors if p in at_risk)),
        "variant": state.variant,
        "board": board_report(state),
        "final_round": 7 in state.rounds_held,
    }
    return Solution("showdown_first", {"seat": seat(result.player)}, _unique(rules), facts)


def _hand_json(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"cards": [str(c) for c in value.cards], "name": value.name("en"), "name_ja": value.name("ja")}


def best_hands_answer(state: StudState, question: Mapping[str, Any]) -> Solution:
    from games.stud.showdown import evaluate, rank_groups

    seat = state.seat_of
    if "seats" in question:
        players = [state.player_of_seat(s) for s in question["seats"]]
    else:
        players = state.live_players()
    for p in players:
        if len(state.cards_of(p)) < 7:
            raise _not_applicable("best_hands", f"seat {seat(p)} does not have seven cards yet", seat=seat(p))
    reports = {p: evaluate(state.variant, p, state.cards_of(p)) for p in players}
    hands = {str(seat(p)): {"high": _hand_json(r.high), "low": _hand_json(r.low)} for p, r in reports.items()}
    high_rank = None
    if state.variant.has_high:
        high_rank = [
            [seat(p) for p in g]
            for g in rank_groups({p: r.high.strength for p, r in reports.items() if r.high})
        ]
    low_rank = None
    if state.variant.has_low:
        low_rank = [
            [seat(p) for p in g]
            for g in rank_groups({p: r.low.strength for p, r in reports.items() if r.low})
        ]
    answer = {"hands": hands, "high_ranking": high_rank, "low_ranking": low_rank}
    facts = {
        "variant": state.variant,
        "reports": {seat(p): r for p, r in reports.items()},
        "high": high_rank,
        "low": low_rank,
    }
    return Solution("best_hands", answer, ranking_rules(state.variant), facts)


def award_answer(state: StudState) -> Solution:
    if state.phase not in ("showdown", "over"):
        raise _not_applicable("award", "the pots are awarded at the showdown", phase=state.phase)
    result = state.award()
    seat = state.seat_of
    pots = []
    for pot in result.pots:
        entry: dict[str, Any] = {"amount": pot.amount, "eligible": [seat(p) for p in pot.eligible]}
        if pot.high is not None:
            entry["high"] = [seat(p) for p in pot.high]
        if pot.low is not None:
            entry["low"] = [seat(p) for p in pot.low]
        entry["awards"] = {
            str(seat(p)): a for p, a in sorted(pot.awards.items(), key=lambda kv: seat(kv[0])) if a > 0
        }
        pots.append(entry)
    totals = {str(seat(p)): a for p, a in sorted(result.totals.items(), key=lambda kv: seat(kv[0])) if a > 0}
    rules = ["TDA 2024 Rule 21"]
    if any(pot.odd_chips for pot in result.pots):
        rules.append("TDA 2024 Rule 20" if state.ruleset.odd_chip != "rrop" else "RRoP Ties")
    if state.variant is Variant.STUD8:
        rules.append("TDA 2024 Rule 20")
    if any(pot.split_evenly for pot in result.pots):
        rules.append("RRoP Ties")
    if not result.uncontested:
        rules += ranking_rules(state.variant)
    facts = {
        "variant": state.variant,
        "result": result,
        "seat_of": {p: seat(p) for p in range(state.count)},
        "odd_chip_rule": state.ruleset.odd_chip,
        "min_chip": state.structure.min_chip,
    }
    return Solution("award", {"pots": pots, "awards": totals}, _unique(rules), facts)


def ruling_answer(scenario: Scenario, rulings: tuple[Any, ...]) -> Solution:
    if not scenario.events:
        raise _not_applicable("ruling", "a ruling question needs an event in _events")
    last = len(scenario.events) - 1
    ruling = next((r for r in rulings if r.event is scenario.events[last]), None)
    if ruling is None:
        ruling = rulings[-1]
    answer = {"ruling": ruling.code, "seat": ruling.seat}
    facts = {"ruling": ruling, "event": ruling.event}
    return Solution("ruling", answer, ruling.rules, facts)


# --- entry points -------------------------------------------------------------------------


def solve_other(scenario: OtherScenario) -> Solution:
    """Answer a hold'em, Flush Code Hack or ten-card stud scenario (their own modules)."""
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    if scenario.variant_code == "NT":
        from games.holdem.answers import solve_holdem
        from games.holdem.document import HoldemScenario

        assert isinstance(scenario, HoldemScenario)
        return solve_holdem(scenario)
    if scenario.variant_code == "FCH":
        from games.draw.answers import solve_draw
        from games.draw.document import DrawScenario

        assert isinstance(scenario, DrawScenario)
        return solve_draw(scenario)
    from games.tenstud.answers import solve_tenstud
    from games.tenstud.document import TenStudScenario

    assert isinstance(scenario, TenStudScenario)
    return solve_tenstud(scenario)


def solve_scenario(
    scenario: Scenario | OtherScenario, *, variant: Variant | None = None, ruleset: Any = None
) -> Solution:
    """Replay the scenario and answer its question.

    ``variant`` and ``ruleset`` replay a stud hand under another game or rules (for
    :mod:`games.questions.diagnose`); they do not apply to the other games.
    """
    if isinstance(scenario, OtherScenario):
        if variant is not None or ruleset is not None:
            raise EngineError("bad_field", "variant and ruleset overrides apply to stud scenarios only")
        return solve_other(scenario)
    if scenario.question is None:
        raise EngineError("missing_field", "the scenario has no _question", path="_question")
    kind = scenario.kind
    replay = scenario.replay(variant=variant, ruleset=ruleset)
    state = replay.state
    if kind == "ruling":
        return ruling_answer(scenario, replay.rulings)
    if state.phase == "misdeal":
        raise EngineError("hand_misdealt", "the hand was declared a misdeal", path="_question.kind")
    if kind == "pots":
        return pots_answer(state)
    if kind == "bring_in":
        return bring_in_answer(state, replay.rulings)
    if kind == "next_action":
        return next_action_answer(state)
    if kind == "stub":
        return stub_answer(state)
    if kind == "stub_count":  # its solver lives with its kind
        from games.stud.kinds.stub_count import stub_count_answer

        return stub_count_answer(state)
    if kind == "showdown_first":
        return showdown_first_answer(state)
    if kind == "best_hands":
        return best_hands_answer(state, scenario.question)
    if kind == "award":
        return award_answer(state)
    raise EngineError("unknown_question_kind", f"unknown question kind {kind!r}", path="_question.kind")


def solve(scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """Solve a scenario of any game given as a scenario object, a decoded document or JSON text."""
    if not isinstance(scenario, Scenario | OtherScenario):
        scenario = load_scenario(scenario)
    return solve_scenario(scenario).to_dict()


def solve_document(source: str | bytes) -> dict[str, Any]:
    """The CLI's entry: the answer object, or the error object for bad input."""
    try:
        return solve(source)
    except EngineError as err:
        return err.to_dict()
