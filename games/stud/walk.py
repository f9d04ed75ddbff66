"""Hand walks: a whole hand dealt to computer players, stopped at every dealer decision.

``walk(variant=..., seed=...)`` deals one hand with a computer player in every seat
(:mod:`games.strategy`: Stud High Lv2, the razz and stud/8 players) and returns the
decisions a dealer makes during it, in order, each as a :class:`WalkStep` holding a
scenario document frozen at that point and the question kind to ask there:

1. ``antes``: the pot after the antes (``pots``), 3rd-street cards dealt, no action yet;
2. ``bring_in``: who brings in, for how much, who acts first (``bring_in``);
3. ``action``: before every betting action, who acts and with which options
   (``next_action``); ``round_over`` right after the last action of each betting round
   (``next_action`` answering ``seat: null, round_complete: true``);
4. ``first_to_act``: once the cards of 4th, 5th, 6th and 7th street are dealt, who acts
   first (``next_action``, the seat only), followed by the ``action`` step of that player;
5. ``stub``: the stub count and the 7th-street procedure before any 7th-street card;
6. ``showdown_first``: who tables first, when there is a showdown;
7. ``award``: every pot to its winners, or the pot to the last player when the others
   folded.

With ``error_rate`` above zero, a ``dealer_error`` step (the question ``dealer_error``: stop
the hand, name what went wrong, give the remedy) comes now and then before a step of the
deal of 3rd street, the bring-in, a betting action, the deal of a later street or the award,
with one error injected there (:func:`games.stud.dealer_errors.inject_error`). Only errors
whose remedy leaves the hand as it was are injected (a card put back in its seat, an action
backed up, the bring-in called again, a pot pushed again, a premature card reshuffled, an
exposed 7th-street card replaced): the remedy is applied by the engine, and the walk goes on
from that corrected state, which is the hand as dealt. ``error_rate`` 0 gives the walk
without errors, unchanged.

Streets on which nobody can bet (everybody but one is all-in) have no betting steps.

The same arguments always give the same walk. Computer players fold most hands on 3rd
street, so a walk is biased toward a real hand (:func:`walk` explains how) while staying
a legal hand played by the strategies.

>>> steps = walk(variant="F7S", seed=1)
>>> [s.stage for s in steps[:3]], steps[-1].stage
(['antes', 'bring_in', 'action'], 'award')
>>> from games.solve import solve
>>> solve(steps[1].document)["kind"]
'bring_in'
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.core.cards import FULL_DECK, Card
from games.core.errors import EngineError
from games.core.records import ActionRecord
from games.stud.cpu import cpu_decision
from games.stud.phh import hand_document
from games.stud.rules import Ruleset, Structure, Variant, ruleset_from
from games.stud.state import MAX_PLAYERS, StudState

__all__ = ["ATTEMPTS", "STAGES", "WalkStep", "action_after_record", "walk"]

STAGES = (
    "antes",
    "bring_in",
    "action",
    "round_over",
    "first_to_act",
    "stub",
    "showdown_first",
    "award",
    "dealer_error",
)

# The deals tried for one walk before the best of them is taken.
ATTEMPTS = 40
# One walk in FOLD_OUT_SHARE may end with everybody else folding (the pot to the last player).
FOLD_OUT_SHARE = 0.2

# The question kind each stage asks, and the answer fields it asks when not all the kind's.
_ASKS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "antes": ("pots", None),
    "bring_in": ("bring_in", None),
    "action": ("next_action", ("seat", "options")),
    "round_over": ("next_action", ("seat",)),
    "first_to_act": ("next_action", ("seat",)),
    "stub": ("stub", ("stub", "required", "procedure", "community_card")),
    "showdown_first": ("showdown_first", None),
    "award": ("award", None),
    "dealer_error": ("dealer_error", None),
}


def _asks(stage: str) -> tuple[str, tuple[str, ...]]:
    from games.registry import kind

    name, fields = _ASKS[stage]
    return name, fields if fields is not None else kind("stud", name).keys


@dataclass(frozen=True)
class WalkStep:
    """One dealer decision of a hand walk.

    ``document`` is a complete scenario (format v1) frozen at the decision, with
    ``_question`` ``{"kind": kind}``; ``fields`` are the answer fields the step asks (pass
    them to ``games.judge.judge(..., fields=step.fields)``); ``action_after`` is the PHH
    action the computer player takes once the question is answered (``action`` steps
    only), for showing it before the next step.
    """

    index: int
    stage: str
    street: int
    kind: str
    fields: tuple[str, ...]
    document: dict[str, Any]
    action_after: str | None


def action_after_record(step_document: Mapping[str, Any], action: str) -> tuple[ActionRecord, int, int]:
    """A step's ``action_after`` as the engine records it: the record, the seat and the street.

    Raises :class:`EngineError` when the action does not apply at the step's decision point.
    """
    from games.stud.scenario import apply_phh_action, load_stud_scenario

    state = load_stud_scenario(step_document).replay().state
    street = state.street
    apply_phh_action(state, action)
    record = state.history[-1]
    if record.player is None:
        raise EngineError(
            "bad_action", "the action after a step is a player's action", params={"action": action}
        )
    return record, state.seat_of(record.player), street


def walk(
    *,
    variant: str | Variant,
    seed: int | str,
    players: int = 6,
    ruleset: str = "tda-2024",
    rules: Mapping[str, Any] | None = None,
    structure: Structure | Mapping[str, Any] | None = None,
    error_rate: float = 0.0,
) -> list[WalkStep]:
    """The dealer decisions of one hand played by computer players, in order.

    ``error_rate`` (0 to 1) is the chance that a step where an error can happen is preceded
    by a ``dealer_error`` step (see the module's description); the errors come from their own
    random source derived from the seed, so the hand is the same at every rate.

    The stacks and the walk's character come from the seed. Up to :data:`ATTEMPTS` deals
    derived from the seed are played in turn; in each, a few players (up to four, all of
    them at a short table) get a starting hand their strategy plays (a pair of sevens or
    better or three big suited cards in stud high, three different cards eight or lower in
    razz, either in stud/8), the others a random one. The first deal in which
    ``min(3, players)`` players see 5th street and the hand reaches a showdown is taken; in
    one walk out of five (chosen by the seed) the showdown is not required, so that some
    walks end with the pot pushed to the last player. When no deal qualifies, the deal with
    the most players on the latest street (a showdown first) is taken.
    """
    from games.stud.generate import structure_of

    v = variant if isinstance(variant, Variant) else Variant.parse(variant)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise EngineError(
            "bad_player_count",
            f"a stud table has 2 to {MAX_PLAYERS} players, not {players!r}",
            params={"count": str(players)[:20]},
            path="players",
        )
    rs = ruleset_from(ruleset, rules)
    s = structure_of(structure)
    key = f"walk|{v.value}|{seed}|{players}|{rs.name}|{sorted((rules or {}).items())!r}|{s!r}"
    master = random.Random(key)
    stacks = _stacks(master, players, s)
    need_showdown = master.random() >= FOLD_OUT_SHARE
    wanted = min(3, players)
    best: tuple[tuple[int, ...], StudState] | None = None
    for attempt in range(ATTEMPTS):
        state = _play(random.Random(f"{key}|{attempt}"), v, rs, s, stacks)
        on_fifth = sum(1 for i in range(state.count) if len(state.ups[i]) >= 3)
        showdown = state.phase == "showdown"
        if on_fifth >= wanted and (showdown or not need_showdown):
            best = ((), state)
            break
        reached = max(len(state.ups[i]) for i in range(state.count))
        score = (int(showdown), min(on_fifth, wanted), reached)
        if best is None or score > best[0]:
            best = (score, state)
    assert best is not None
    if isinstance(error_rate, bool) or not isinstance(error_rate, int | float) or not 0 <= error_rate <= 1:
        raise EngineError(
            "bad_error_rate",
            f"the error rate is a number from 0 to 1, not {str(error_rate)[:20]!r}",
            params={"rate": str(error_rate)[:20]},
            path="error_rate",
        )
    steps = _steps(best[1])
    if error_rate > 0:
        steps = _with_errors(steps, random.Random(f"{key}|errors"), float(error_rate))
    return steps


def _with_errors(steps: list[WalkStep], rng: random.Random, rate: float) -> list[WalkStep]:
    """The steps with a ``dealer_error`` step before some of those where an error can happen."""
    from games.stud.dealer_errors import STAGE_ERRORS, inject_error

    kind, fields = _asks("dealer_error")
    out: list[WalkStep] = []
    for step in steps:
        if step.stage in STAGE_ERRORS and rng.random() < rate:
            document = inject_error(step.document, rng, stage=step.stage, goes_on=True)
            if document is not None:
                error = document["_events"][-1]["type"]
                document["_tags"] = ["walk", "dealer_error", error]
                out.append(WalkStep(0, "dealer_error", step.street, kind, fields, document, None))
        out.append(step)
    numbered = []
    for index, step in enumerate(out):
        document = step.document
        title = str(document.get("_title", ""))
        if title.startswith("Hand walk ("):
            document["_title"] = f"{title.rsplit(', step ', 1)[0]}, step {index + 1}"
        numbered.append(replace(step, index=index))
    return numbered


# --- the deal -------------------------------------------------------------------------------


def _stacks(rng: random.Random, players: int, s: Structure) -> list[int]:
    """Deep stacks; now and then (three players or more) one short of the ante or one
    short enough to be all-in during the hand."""
    chip = s.min_chip
    stacks = [max(chip, (s.big_bet * rng.randint(15, 40) // chip) * chip) for _ in range(players)]
    if players >= 3:
        roll = rng.random()
        short: list[int] = []
        if roll < 0.15:
            short = [s.ante // 2, s.ante - chip]
        elif roll < 0.35:
            short = [
                s.ante + s.bring_in + s.small_bet,
                s.ante + s.small_bet * 2 + s.big_bet,
                s.ante + s.small_bet + s.big_bet * 2,
            ]
        short = [(value // chip) * chip for value in short]
        short = [value for value in short if value > 0]
        if short:
            stacks[rng.randrange(players)] = rng.choice(short)
    return stacks


def _with_ranks(rng: random.Random, deck: list[Card], ranks: list[int]) -> list[Card] | None:
    cards: list[Card] = []
    for rank in ranks:
        pool = [c for c in deck if int(c.rank) == rank and c not in cards]
        if not pool:
            return None
        cards.append(rng.choice(pool))
    return cards


def _low_start(rng: random.Random, deck: list[Card]) -> list[Card] | None:
    """Three different cards eight or lower, the ace low."""
    return _with_ranks(rng, deck, rng.sample([14, 2, 3, 4, 5, 6, 7, 8], 3))


def _high_start(rng: random.Random, deck: list[Card]) -> list[Card] | None:
    """A pair of sevens or better (hidden or split), or three suited cards nine or higher."""
    if rng.random() < 0.65:
        rank = rng.randint(7, 14)
        cards = _with_ranks(rng, deck, [rank, rank, rng.choice([r for r in range(2, 15) if r != rank])])
        if cards is not None:
            rng.shuffle(cards)
        return cards
    suit = rng.randrange(4)
    pool = [c for c in deck if int(c.suit) == suit and int(c.rank) >= 9]
    if len(pool) < 3:
        return None
    return rng.sample(pool, 3)


def _start(rng: random.Random, variant: Variant, deck: list[Card]) -> list[Card] | None:
    if variant is Variant.RAZZ or (variant is Variant.STUD8 and rng.random() < 0.6):
        return _low_start(rng, deck)
    return _high_start(rng, deck)


def _play(rng: random.Random, v: Variant, rs: Ruleset, s: Structure, stacks: list[int]) -> StudState:
    """One hand from the deal to the end, computer players in every seat."""
    state = StudState(variant=v, ruleset=rs, structure=s, starting_stacks=stacks)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    planned: dict[int, list[Card]] = {}
    for player in rng.sample(range(state.count), min(4, state.count)):
        cards = _start(rng, v, deck)
        if cards is None:
            continue
        for card in cards:
            deck.remove(card)
        planned[player] = cards
    while state.phase in ("deal", "bet"):
        if state.phase == "bet":
            kind, amount = cpu_decision(state)
            _apply_choice(state, kind, amount)
            continue
        dealee = state.next_dealee
        if dealee is None:
            state.deal_community(deck.pop())
        elif state.street == 3:
            cards = planned.pop(dealee, None) or [deck.pop(), deck.pop(), deck.pop()]
            state.deal_hole(dealee, cards)
        else:
            state.deal_hole(dealee, [deck.pop()])
    return state


def _apply_choice(state: StudState, kind: str, amount: int | None) -> None:
    if kind == "post_bring_in":
        state.post_bring_in()
    elif kind in ("check", "call"):
        state.check_or_call()
    elif kind == "fold":
        state.fold()
    else:
        assert amount is not None
        state.complete_bet_or_raise_to(amount)


def _apply_record(state: StudState, record: ActionRecord) -> None:
    if record.kind == "deal_hole":
        assert record.player is not None
        state.deal_hole(record.player, record.cards)
    elif record.kind == "deal_community":
        state.deal_community(record.cards[0])
    else:
        _apply_choice(state, record.kind, record.amount)


# --- the steps ------------------------------------------------------------------------------


def _steps(final: StudState) -> list[WalkStep]:
    """Replay the chosen hand and stop at every dealer decision."""
    base = hand_document(final)
    base.pop("actions")
    v = final.variant
    state = StudState(
        variant=v, ruleset=final.ruleset, structure=final.structure, starting_stacks=final.starting_stacks
    )
    done: list[str] = []
    steps: list[WalkStep] = []

    def add(
        stage: str, street: int, action_after: str | None = None, document: dict[str, Any] | None = None
    ) -> None:
        kind, fields = _asks(stage)
        if document is None:
            document = {**copy.deepcopy(base), "actions": list(done)}
        document["_question"] = {"kind": kind}
        document["_title"] = f"Hand walk ({v.value}), step {len(steps) + 1}"
        document["_tags"] = ["walk", stage]
        steps.append(WalkStep(len(steps), stage, street, kind, fields, document, action_after))

    history = final.history
    position = 0
    while position < len(history):
        record = history[position]
        street = state.street
        if record.kind in ("deal_hole", "deal_community"):
            if street == 7 and not state.street_dealt:
                add("stub", 7)
            _apply_record(state, record)
            done.append(record.phh)
            position += 1
            if state.phase == "bet":  # the street's cards are out and a betting round starts
                if street == 3:
                    add("antes", 3)
                    add("bring_in", 3)
                else:
                    add("first_to_act", street)
            elif street == 3 and state.street > 3:  # nobody can bet on 3rd street
                add("antes", 3)
                add("bring_in", 3)
            continue
        add("action", street, record.phh)
        _apply_record(state, record)
        done.append(record.phh)
        position += 1
        if state.phase != "bet" or state.street != street:
            add("round_over", street)
    if state.phase == "showdown":
        add("showdown_first", state.street)
        add("award", state.street, document=hand_document(final, showdown=True))
    else:
        add("award", state.street)
    return steps
