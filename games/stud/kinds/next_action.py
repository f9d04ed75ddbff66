"""The next action question of seven-card stud (the three stud games)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games.core.errors import EngineError
from games.questions.fields import OPTIONS, SEAT, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import (
    Case,
    betting_steps,
    board_report,
    bring_in_rules,
    unique,
)
from games.stud.explain_action import next_action_text
from games.stud.rules import Variant
from games.stud.state import StudState


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
    return Solution("next_action", answer, unique(rules), facts)


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


def solve(case: Case) -> Solution:
    """Answer the question from the replayed hand."""
    return next_action_answer(case.dealt())


# --- misreadings --------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The answers the common misreadings of this question give."""
    scenario, state = case.scenario, case.replay.state
    options = right["options"]
    actor = state.actor
    if actor is None:
        return
    structure = state.structure
    if state.street == 3 and state.floor and structure.max_bets > 1:
        try:
            fewer = scenario.with_changes(max_bets=structure.max_bets - 1)
            yield (
                "bring_in_counted_as_bet",
                {"max_bets": structure.max_bets},
                solve(Case(fewer, fewer.replay())).answer,
            )
        except EngineError:
            pass
    other = structure.big_bet if state.street <= 4 else structure.small_bet
    if options["bet_to"] and other != structure.bet_for_street(state.street):
        yield (
            "wrong_bet_size",
            {"street": state.street, "bet": other},
            {**right, "options": {**options, "bet_to": [other]}},
        )
    if options["raise_to"] is None and options["call"] and state.raise_blocked_by(actor) == "not_reopened":
        alt = {**options, "raise_to": [state.high + min(state.units)]}
        yield "short_all_in_reopens", {}, {**right, "options": alt}
    yield from _skipped(case, right)
    yield from _past_cap(case, right)
    yield from _complete_or_raise(case, right)


def _skipped(case: Case, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """A later seat named while a player before it has still to act: the hand re-solved as if the
    players passed over had checked or called (and, the options aside, the seat alone)."""
    scenario, state = case.scenario, case.replay.state
    # Before anyone acts on a later street the first to act comes from the boards, not the turn.
    if state.round_actions == 0 and state.forced != "bring_in":
        return
    queue = list(state.queue)
    for k in range(1, len(queue)):
        later = state.seat_of(queue[k])
        skipped = [state.seat_of(p) for p in queue[:k]]
        params = {"seat": later, "skipped": skipped[0], "count": len(skipped)}
        yield "skipped_player", params, {**right, "seat": later}
        passive = tuple(
            f"p{p + 1} {'pb' if j == 0 and state.forced == 'bring_in' else 'cc'}"
            for j, p in enumerate(queue[:k])
        )
        try:
            passed = scenario.with_changes(actions=(*scenario.actions, *passive))
            alt = solve(Case(passed, passed.replay())).answer
        except EngineError:
            continue
        if alt["seat"] == later:
            yield "skipped_player", params, alt


def _past_cap(case: Case, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """The bets are capped (TDA 2024 Rule 48) and the answer still offers a raise: the hand
    re-solved with one bet more allowed. Heads-up the house flag says whether the cap is lifted
    (its own diagnosis)."""
    scenario, state = case.scenario, case.replay.state
    actor = state.actor
    if actor is None or state.raise_blocked_by(actor) != "cap" or len(state.live_players()) == 2:
        return
    structure = state.structure
    try:
        more = scenario.with_changes(max_bets=structure.max_bets + 1)
        alt = solve(Case(more, more.replay())).answer
    except EngineError:
        return
    params = {"max_bets": structure.max_bets, "amount": state.high, "street": state.street}
    yield "raise_past_cap", params, alt
    # Any raise offered past the cap is the same misreading, whatever total it names.
    if alt["options"]["raise_to"]:
        capped = right["options"]
        for totals in ([state.high + unit] for unit in state.units):
            yield "raise_past_cap", params, {**right, "options": {**capped, "raise_to": totals}}


def _complete_or_raise(case: Case, right: Mapping[str, Any]) -> Iterator[Candidate]:
    """On 3rd street: a completion named a raise, a completion added on top of the bring-in,
    or a raise after the completion named a completion (RRoP 7CS-3)."""
    state = case.replay.state
    options = right["options"]
    if state.street != 3:
        return
    structure = state.structure
    complete = options["complete_to"]
    if complete is not None:
        over = structure.bring_in + structure.small_bet
        params = {"amount": complete, "bet": over}
        yield (
            "completion_called_raise",
            params,
            {
                **right,
                "options": {**options, "complete_to": None, "raise_to": [complete]},
            },
        )
        if over != complete:
            yield "completion_over_bring_in", params, {**right, "options": {**options, "complete_to": over}}
            yield (
                "completion_over_bring_in",
                params,
                {
                    **right,
                    "options": {**options, "complete_to": None, "raise_to": [over]},
                },
            )
    elif options["raise_to"] and state.bet_count >= 1:
        raise_to = min(options["raise_to"])
        params = {"amount": raise_to}
        yield (
            "raise_called_completion",
            params,
            {
                **right,
                "options": {**options, "complete_to": raise_to, "raise_to": None},
            },
        )


# --- show me --------------------------------------------------------------------------------------


def show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """The street's betting replayed: who opened it and why, each action (the last full bet or
    raise marked), then the player to act and the seats still to act after them."""
    state = case.replay.state
    seat = state.seat_of
    # A round just over: the street it was played on (the next one is not dealt yet).
    street = state.street if state.phase == "bet" or state.street_dealt else max(3, state.street - 1)
    steps = betting_steps(state, street)
    actor = state.actor
    pending = [seat(p) for p in state.queue[1:]] if actor is not None else []
    steps.append(
        {
            "upto": len(state.history),
            "seats": [seat(actor)] if actor is not None else [],
            "code": "to_act" if actor is not None else "round_over",
            "params": {"seat": solution.answer["seat"], "pending": pending, "street": street},
        }
    )
    return steps


MISREADINGS = {
    "skipped_player": (
        "That skips Seat {skipped}: the action goes clockwise one player at a time, and Seat {skipped} has still to act before Seat {seat}.",
        "それは{skipped}番席を飛ばしています。アクションは時計回りに1人ずつ進み、{seat}番席の前に{skipped}番席がまだアクションしていません。",
    ),
    "raise_past_cap": (
        "That raises past the cap: the bets on this street are capped at {max_bets} ({amount}), so the player may only call or fold (TDA 2024 Rule 48).",
        "それはキャップを超えてレイズしています。このストリートは{max_bets}ベット（{amount}）でキャップなので、コールかフォールドしかできません（TDA 2024 ルール48）。",
    ),
    "completion_called_raise": (
        "Raising the bring-in to {amount} is a completion, not a raise: the options are fold, call or complete to {amount} (RRoP 7CS-3).",
        "ブリングインを{amount}まで上げるのはレイズではなくコンプリートです。選べるのはフォールド、コール、{amount}へのコンプリートです（RRoP 7CS-3）。",
    ),
    "completion_over_bring_in": (
        "That adds a full bet on top of the bring-in ({bet}); the bring-in is not a bet, so the completion is to the small bet, {amount} in total (RRoP 7CS-3).",
        "それはブリングインの上にフルベットを足しています（{bet}）。ブリングインはベットではないので、コンプリートはスモールベットの合計{amount}までです（RRoP 7CS-3）。",
    ),
    "raise_called_completion": (
        "The bring-in is already completed: the next full bet, to {amount}, is a raise, not a completion (RRoP 7CS-3).",
        "ブリングインはすでにコンプリートされています。次の{amount}までのフルベットはコンプリートではなくレイズです（RRoP 7CS-3）。",
    ),
    "bring_in_counted_as_bet": (
        "That counts the bring-in as a bet; the completion is bet 1 and the cap is {max_bets} bets after it.",
        "それはブリングインを1ベットと数えています。コンプリートが1ベット目で、キャップは{max_bets}ベットです。",
    ),
    "wrong_bet_size": (
        "That is the wrong bet size: on {street_en} street the bet is not {bet}.",
        "ベット額が違います。{street_ja}のベットは{bet}ではありません。",
    ),
    "short_all_in_reopens": (
        "The all-in was less than half a bet more, so it does not reopen the betting for a player who already acted (TDA 2024 Rule 47-B).",
        "オールインの増額はベットの半分未満なので、すでにアクションしたプレイヤーにはリオープンしません（TDA 2024 ルール47-B）。",
    ),
}


KIND = QuestionKind(
    name="next_action",
    family="stud",
    label=("Next action", "次のアクション"),
    fields=(
        Field("seat", SEAT, ("Next to act", "次にアクションする席"), none_allowed=True),
        Field("options", OPTIONS, ("Options", "選べるアクション")),
    ),
    solve=solve,
    shows=("round_open",),
    explain=next_action_text,
    focus=("first_to_act", "options", "razz_boards"),
    focus_games={"razz_boards": ("FR",)},
    focus_fields={"first_to_act": ("seat",), "razz_boards": ("seat",)},
    misread=misread,
    misreadings=MISREADINGS,
    unjudged=("street", "round_complete"),
    show=show,
)
