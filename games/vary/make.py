"""Variations of one scenario: the same situation with other suits, stacks or seats.

An instructor who has built one good item asks for more like it. Each variation changes
the surface of the hand and keeps its shape:

- ``suits``: one permutation of the four suits applied to every card (deals, shown cards,
  events). Flushes stay flushes and suit ties stay suit ties; who wins a suit tie may change,
  which the engine works out again.
- ``stacks``: players with deep stacks (more behind than a street's worth of capped betting)
  get other deep stacks; short and all-in stacks keep their size, so a question about an
  all-in stays one.
- ``seats``: the players move to other seat numbers at the same table, keeping their
  dealing order (p1 stays the first to the dealer's left).

Every variation is replayed and solved by the engine; a candidate the engine refuses (a suit
permutation that would change who acted first on an earlier street, say) is dropped, and so
is a candidate whose tied boards become ambiguous (RULES.md 5). A variation must differ from
the original, and from every other variation, in what decides its answer (its signature,
:func:`games.vary.compare.signature`): a deep stack or a hidden card that cannot change
the answer does not make a new item. The same arguments always give the same variations.

>>> doc = {"variant": "FR", "antes": [100, 100, 100], "bring_in": 200, "small_bet": 500,
...        "big_bet": 1000, "starting_stacks": [10000, 10000, 10000],
...        "actions": ["d dh p1 4c5dKc", "d dh p2 2s3hKs", "d dh p3 7h8h5s"],
...        "_question": {"kind": "bring_in"}}
>>> found = vary(doc, count=3, seed=1)
>>> len(found), all(v.solution["kind"] == "bring_in" for v in found)
(3, True)
>>> found == vary(doc, count=3, seed=1)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.cards import Card, Rank, Suit
from games.core.errors import EngineError
from games.stud.events import Event
from games.stud.order import tie_is_ambiguous
from games.stud.scenario import Scenario, load_stud_scenario, scenario_to_dict
from games.stud.solve import solve_stud
from games.stud.state import StudState
from games.vary.compare import deep_threshold, signature

__all__ = ["CHANGES", "MAX_COUNT", "Variation", "vary"]

CHANGES = ("suits", "stacks", "seats")
MAX_COUNT = 50
TRIES_PER_VARIATION = 25
# Candidates in a row that bring nothing new before the search stops: by then every distinct
# variation the allowed changes give has almost surely been found (23 suit permutations, say).
MAX_IN_A_ROW = 150
DEFAULT_TABLE = 8
STACK_FACTORS = (0.5, 0.75, 1.25, 1.5, 2.0, 3.0)


@dataclass(frozen=True)
class Variation:
    """One checked variation: its document, what changed, and the engine's solution."""

    document: dict[str, Any]
    changes: tuple[str, ...]
    suit_map: dict[str, str] | None = None
    seats: tuple[int, ...] | None = None
    stacks: tuple[int, ...] | None = None
    solution: dict[str, Any] = field(default_factory=dict)
    signature: str = ""


# --- suits ----------------------------------------------------------------------------


def _permute_card(card: Card, mapping: Mapping[Suit, Suit]) -> Card:
    return Card(Rank(card.rank), mapping[card.suit])


def _permute_text(text: str, mapping: Mapping[Suit, Suit]) -> str:
    """Map the suits of the cards in one PHH action string; other words are unchanged."""
    from games.core.cards import parse_cards

    words = text.split()
    dealt_down = len(words) == 4 and words[:2] == ["d", "dh"]
    community = len(words) == 3 and words[:2] == ["d", "db"]
    shown = len(words) == 3 and words[1] == "sm" and words[2] != "-"
    if not (dealt_down or community or shown):
        return text
    index = 3 if dealt_down else 2
    cards = parse_cards(words[index])
    words[index] = "".join(str(_permute_card(c, mapping)) for c in cards)
    return " ".join(words)


def _with_suits(scenario: Scenario, mapping: Mapping[Suit, Suit]) -> Scenario:
    actions = tuple(_permute_text(a, mapping) for a in scenario.actions)
    events = tuple(
        e if e.card is None else _event_with(e, card=_permute_card(e.card, mapping)) for e in scenario.events
    )
    return scenario.with_changes(actions=actions, events=events)


def _event_with(event: Event, **changes: Any) -> Event:
    from dataclasses import replace

    return replace(event, **changes)


def _random_suit_map(rng: random.Random) -> dict[Suit, Suit]:
    suits = list(Suit)
    while True:
        shuffled = suits[:]
        rng.shuffle(shuffled)
        if shuffled != suits:
            return dict(zip(suits, shuffled, strict=True))


# --- seats ----------------------------------------------------------------------------


def _table_size(scenario: Scenario) -> int:
    if scenario.seat_count is not None:
        return scenario.seat_count
    return max(DEFAULT_TABLE, max(scenario.player_seats))


def _with_seats(scenario: Scenario, seats: tuple[int, ...]) -> Scenario:
    old = scenario.player_seats
    moved = dict(zip(old, seats, strict=True))
    events = tuple(e if e.seat is None else _event_with(e, seat=moved[e.seat]) for e in scenario.events)
    question = dict(scenario.question) if scenario.question is not None else None
    if question is not None and isinstance(question.get("seats"), list):
        question["seats"] = [moved.get(s, s) for s in question["seats"]]
    seat_count = scenario.seat_count
    if seat_count is None and max(seats) > len(seats):
        seat_count = _table_size(scenario)
    return scenario.with_changes(seats=seats, seat_count=seat_count, events=events, question=question)


def _random_seats(rng: random.Random, scenario: Scenario) -> tuple[int, ...] | None:
    size = _table_size(scenario)
    count = len(scenario.starting_stacks)
    if size <= count and scenario.player_seats == tuple(range(1, count + 1)):
        return None  # every seat of the table is taken: nowhere to move
    for _ in range(10):
        seats = tuple(sorted(rng.sample(range(1, size + 1), count)))
        if seats != scenario.player_seats:
            return seats
    return None


# --- stacks ---------------------------------------------------------------------------


def _random_stacks(rng: random.Random, scenario: Scenario, state: StudState) -> tuple[int, ...] | None:
    chip = scenario.structure.min_chip
    threshold = deep_threshold(scenario)
    stacks = list(scenario.starting_stacks)
    changed = False
    for player, start in enumerate(scenario.starting_stacks):
        behind = state.stacks[player]
        if state.is_all_in(player) or behind < threshold:
            continue  # short stacks keep their size: the question may be about them
        factor = rng.choice(STACK_FACTORS)
        new_behind = max(threshold, int(behind * factor) // chip * chip)
        if new_behind != behind:
            stacks[player] = start - behind + new_behind
            changed = True
    return tuple(stacks) if changed else None


# --- checking -------------------------------------------------------------------------


def _ambiguous(state: StudState) -> bool:
    """Tied best boards that 'top card of the pair' and 'highest card' read differently."""
    if state.street < 4:
        return False
    boards: list[Sequence[Card] | None] = [
        None if state.folded[i] else state.ups[i][:4] for i in range(state.count)
    ]
    return tie_is_ambiguous(state.variant, boards)


def _key(document: Mapping[str, Any]) -> str:
    return json.dumps(document, sort_keys=True)


def _check(candidate: Scenario) -> tuple[dict[str, Any], StudState] | None:
    try:
        solution = solve_stud(candidate).to_dict()
        state = candidate.replay().state
    except EngineError:
        return None
    return solution, state


def vary(
    source: Scenario | Mapping[str, Any] | str | bytes,
    *,
    count: int,
    seed: int | str,
    changes: Sequence[str] = CHANGES,
    avoid: Iterable[Mapping[str, Any]] = (),
) -> list[Variation]:
    """Up to ``count`` distinct variations of a scenario, each replayed and solved.

    ``changes`` chooses among ``"suits"``, ``"stacks"`` and ``"seats"``; each variation
    applies a non-empty random subset of them. Fewer than ``count`` come back when the
    scenario has fewer distinct variations that the engine accepts. The scenario itself must
    solve (its EngineError is raised otherwise). ``_expected`` is dropped from variations:
    it belongs to the original answer. ``avoid`` are documents of variations made before (of
    the same original): a variation with the signature of one of them is refused too.
    """
    scenario = source if isinstance(source, Scenario) else load_stud_scenario(source)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise EngineError("bad_amount", f"count must be between 1 and {MAX_COUNT}", params={"max": MAX_COUNT})
    wanted = tuple(dict.fromkeys(changes))
    unknown = [c for c in wanted if c not in CHANGES]
    if unknown or not wanted:
        raise EngineError(
            "bad_field",
            f"changes must be some of {', '.join(CHANGES)}",
            params={"allowed": list(CHANGES)},
        )
    solve_stud(scenario)  # the original must be sound before it is varied
    original_state = scenario.replay().state
    original_ambiguous = _ambiguous(original_state)
    base = scenario.with_changes(expected=None)
    rng = random.Random(f"vary:{seed}")
    seen = {_key(scenario_to_dict(base))}
    signatures = {signature(scenario)}
    for document in avoid:
        try:
            signatures.add(signature(load_stud_scenario(document)))
        except EngineError:
            continue  # an earlier variation the engine no longer reads cannot be repeated
    found: list[Variation] = []
    in_a_row = 0
    for _ in range(count * TRIES_PER_VARIATION):
        if len(found) >= count or in_a_row >= MAX_IN_A_ROW:
            break
        in_a_row += 1
        chosen = tuple(c for c in wanted if rng.random() < 0.5) or (rng.choice(wanted),)
        candidate = base
        applied: list[str] = []
        suit_map: dict[str, str] | None = None
        seats: tuple[int, ...] | None = None
        stacks: tuple[int, ...] | None = None
        if "suits" in chosen:
            mapping = _random_suit_map(rng)
            candidate = _with_suits(candidate, mapping)
            suit_map = {a.char: b.char for a, b in mapping.items()}
            applied.append("suits")
        if "stacks" in chosen:
            stacks = _random_stacks(rng, scenario, original_state)
            if stacks is not None:
                candidate = candidate.with_changes(starting_stacks=stacks)
                applied.append("stacks")
        if "seats" in chosen:
            seats = _random_seats(rng, scenario)
            if seats is not None:
                candidate = _with_seats(candidate, seats)
                applied.append("seats")
        if applied == ["stacks"] or not applied:
            continue  # deep stacks alone never change an answer: the original's question again
        document = scenario_to_dict(candidate)
        key = _key(document)
        if key in seen:
            continue
        seen.add(key)
        checked = _check(candidate)
        if checked is None:
            continue
        solution, state = checked
        if _ambiguous(state) and not original_ambiguous:
            continue
        answer_signature = signature(candidate, solution)
        if answer_signature in signatures:
            continue  # the same question as the original or as another variation
        signatures.add(answer_signature)
        found.append(
            Variation(
                document=document,
                changes=tuple(applied),
                suit_map=suit_map,
                seats=seats,
                stacks=stacks,
                solution=solution,
                signature=answer_signature,
            )
        )
        in_a_row = 0
    return found
