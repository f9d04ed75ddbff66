"""The hand a generator deals (:mod:`games.stud.generate`, :mod:`games.stud.generate_focus`): the
state, a shuffled deck with cards planned for given deals, the betting policies, and the
stacks and door cards arranged for the cases dealers get wrong."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.core.cards import FULL_DECK, Card, Rank, Suit
from games.core.errors import EngineError
from games.stud.events import Event
from games.stud.play import Policy, apply_legal, pick, random_action
from games.stud.rules import Ruleset, Structure, Variant
from games.stud.state import StudState

__all__ = ["FOLDY", "LIVELY", "PASSIVE"]

PASSIVE = Policy(fold=0.3, check=8, call=8, bet=1, raise_=0.5, complete=1)
LIVELY = Policy(fold=1, check=4, call=5, bet=3, raise_=3, complete=3)
FOLDY = Policy(fold=4, check=4, call=4, bet=3, raise_=1, complete=2)


class _Hand:
    """A hand being generated: the state, a deck and cards planned for given deals."""

    def __init__(
        self, rng: random.Random, variant: Variant, ruleset: Ruleset, structure: Structure, stacks: list[int]
    ):
        self.rng = rng
        self.state = StudState(variant=variant, ruleset=ruleset, structure=structure, starting_stacks=stacks)
        self.plan: dict[tuple[int, int], list[Card]] = {}
        self.events: list[Event] = []
        cards = list(FULL_DECK)
        rng.shuffle(cards)
        self.deck = cards

    def reserve(self, player: int, street: int, cards: list[Card]) -> None:
        self.plan[(player, street)] = cards
        for card in cards:
            self.deck.remove(card)

    def _draw(self, count: int) -> list[Card]:
        if len(self.deck) < count:
            # Cards planned for players who folded (or for streets gone by) were never dealt.
            state = self.state
            for key in [k for k in self.plan if state.folded[k[0]] or k[1] < state.street]:
                self.deck[:0] = self.plan.pop(key)
        out = self.deck[-count:]
        del self.deck[-count:]
        return out

    def deal_next(self) -> None:
        state = self.state
        player = state.next_dealee
        if player is None:
            state.deal_community(self._draw(1)[0])
            return
        need = 3 if state.street == 3 else 1
        cards = self.plan.pop((player, state.street), None) or self._draw(need)
        state.deal_hole(player, cards)

    def run(
        self, policy: Policy, stop: Callable[[StudState], bool] | None = None, *, table: bool = True
    ) -> None:
        """Play on; with ``table`` the hands are shown as soon as all betting is complete
        (TDA 2024 Rule 16), which is also where PHH readers expect the showdown."""
        state = self.state
        while state.phase in ("deal", "bet"):
            if (
                table
                and state.phase == "deal"
                and state.street > 3
                and not state.betting_possible
                and len(state.live_players()) > 1
            ):
                # TDA 2024 Rule 16: all betting is complete, so the hands are tabled; never
                # before the 3rd-street cards are out (there is nothing to table yet).
                self.table_hands()
            if stop is not None and stop(state):
                return
            if state.phase == "deal":
                self.deal_next()
            else:
                apply_legal(state, random_action(state, self.rng, policy))
        if table and state.phase == "showdown":
            self.table_hands()

    def table_hands(self) -> None:
        state = self.state
        for player in state.live_players():
            if not state.shown[player] and not state.mucked[player]:
                dealt = [
                    c for r in state.history if r.player == player and r.kind == "deal_hole" for c in r.cards
                ]
                held = set(state.cards_of(player))
                shown = [c for c in dealt if c in held]
                if shown:
                    state.show_or_muck(player, shown)

    def actions(self) -> list[str]:
        return [record.phh for record in self.state.history]


def _stacks(rng: random.Random, players: int, s: Structure, short: float) -> list[int]:
    chip = s.min_chip
    deep = [s.big_bet * k for k in (12, 15, 20, 30)]
    shallow = [s.ante // 2, s.ante, s.ante + s.bring_in // 2, s.ante + s.bring_in + s.small_bet // 2]
    shallow += [
        s.ante + s.small_bet,
        s.ante + s.small_bet + s.big_bet,
        s.ante + s.small_bet * 2 + s.big_bet * 2,
    ]
    out = []
    for _ in range(players):
        value = rng.choice(shallow) if rng.random() < short else rng.choice(deep)
        value = max(chip, (value // chip) * chip)
        out.append(value)
    return out


# How many players at an unfocused table are short enough to go all-in during the hand: most
# tables none, some one, few several (a card room's table, not a tournament's final one).
SHORT_COUNTS = ((0, 0.6), (1, 0.27), (2, 0.09), (3, 0.04))


def _short_count(rng: random.Random, players: int) -> int:
    counts = [count for count, _ in SHORT_COUNTS]
    return min(pick(rng, counts, [weight for _, weight in SHORT_COUNTS]), players - 1)


def _table_stacks(rng: random.Random, players: int, s: Structure, shorts: int) -> list[int]:
    """Deep stacks, except ``shorts`` players with a stack that runs out during the hand."""
    stacks = _stacks(rng, players, s, 0.0)
    for player in rng.sample(range(players), min(shorts, players)):
        stacks[player] = _stacks(rng, 1, s, 1.0)[0]
    return stacks


def _rank_card(rng: random.Random, rank: int, taken: set[Card], suits: list[int] | None = None) -> Card:
    pool = [Card(Rank(rank), Suit(s)) for s in (suits or [0, 1, 2, 3])]
    pool = [c for c in pool if c not in taken]
    card = rng.choice(pool)
    taken.add(card)
    return card


def _free_rank(rng: random.Random, rank: int, ranks: Sequence[int], taken: set[Card]) -> int:
    """``rank``, or another of ``ranks`` when all four cards of ``rank`` are already dealt."""
    free = [r for r in ranks if any(Card(Rank(r), Suit(s)) not in taken for s in range(4))]
    return rank if rank in free else rng.choice(free)


def _plan_doors(hand: _Hand, variant: Variant) -> None:
    """Arrange door cards tied on the bring-in rank (suits decide); in razz sometimes aces."""
    rng, n = hand.rng, hand.state.count
    taken: set[Card] = set()
    players = list(range(n))
    rng.shuffle(players)
    if variant is Variant.RAZZ and n <= 4 and rng.random() < 0.25:
        doors = {p: _rank_card(rng, 14, taken) for p in players}  # every door an ace: A♠ brings in
    elif variant is Variant.RAZZ:
        top = rng.randint(9, 13)
        doors = {players[0]: _rank_card(rng, top, taken), players[1]: _rank_card(rng, top, taken)}
        lower = [14, *range(2, top)]
        for p in players[2:]:
            doors[p] = _rank_card(rng, _free_rank(rng, rng.choice(lower), lower, taken), taken)
    else:
        low = rng.randint(2, 6)
        doors = {players[0]: _rank_card(rng, low, taken), players[1]: _rank_card(rng, low, taken)}
        higher = range(low + 1, 15)
        for p in players[2:]:
            doors[p] = _rank_card(rng, _free_rank(rng, rng.randint(low + 1, 14), higher, taken), taken)
    rest = [c for c in hand.deck if c not in taken]
    for p, door in doors.items():
        downs = [rest.pop(), rest.pop()]
        hand.reserve(p, 3, [*downs, door])


def _plan_tied_boards(hand: _Hand, variant: Variant) -> None:
    """Two players get boards equal in rank on 4th street (RP-10 D decides by suit)."""
    rng, n = hand.rng, hand.state.count
    a, b = rng.sample(range(n), 2)
    taken: set[Card] = set()
    if variant is Variant.RAZZ:
        r1, r2 = rng.sample([14, 2, 3, 4, 5, 6], 2)
    else:
        r1, r2 = rng.sample(range(10, 15), 2)
    doors = [_rank_card(rng, r1, taken), _rank_card(rng, r1, taken)]
    fourth = [_rank_card(rng, r2, taken), _rank_card(rng, r2, taken)]
    rest = [c for c in hand.deck if c not in taken]
    for player, door, up in ((a, doors[0], fourth[0]), (b, doors[1], fourth[1])):
        hand.reserve(player, 3, [rest.pop(), rest.pop(), door])
        hand.reserve(player, 4, [up])


# --- one generator per kind ---------------------------------------------------------------


def _players(rng: random.Random, low: int = 2, high: int = 8) -> int:
    return rng.randint(low, high)


# --- planned hands (games.stud.generate_focus) --------------------------------------------------

# A generated hand and its tags.
Made = tuple[_Hand, list[str]]


class _Planner:
    """Picks cards still in the hand's deck and reserves them for given deals."""

    def __init__(self, hand: _Hand) -> None:
        self.hand = hand
        self.rng = hand.rng
        self.free = list(hand.deck)

    def card(self, rank: int, avoid_suits: set[int] | None = None) -> Card:
        pool = [c for c in self.free if int(c.rank) == rank and int(c.suit) not in (avoid_suits or ())]
        if not pool:
            pool = [c for c in self.free if int(c.rank) == rank]
        if not pool:
            raise _NoCards
        card = self.rng.choice(pool)
        self.free.remove(card)
        return card

    def any(self, keep: Callable[[Card], bool] = lambda c: True) -> Card:
        pool = [c for c in self.free if keep(c)]
        if not pool:
            raise _NoCards
        card = self.rng.choice(pool)
        self.free.remove(card)
        return card

    def board(self, player: int, ups: list[Card]) -> None:
        """``ups``: the door and the upcards of 4th to 6th street (as many as given)."""
        downs = [self.any(), self.any()]
        self.hand.reserve(player, 3, [*downs, ups[0]])
        for street, card in zip((4, 5, 6), ups[1:], strict=False):
            self.hand.reserve(player, street, [card])

    def seven(self, player: int, cards: list[Card]) -> None:
        """Seven cards for a player, dealt in the order given: down, down, up, up x3, down."""
        self.hand.reserve(player, 3, cards[:3])
        for street, card in zip((4, 5, 6, 7), cards[3:], strict=True):
            self.hand.reserve(player, street, [card])


class _NoCards(Exception):
    """The planned cards are no longer in the deck (another plan took them)."""


def _best_of(
    rng: random.Random,
    make: Callable[[random.Random], Made | None],
    score: Callable[[_Hand], float],
    *,
    want: int = 4,
    limit: int = 60,
) -> Made:
    """The best-scoring of the first ``want`` hands ``make`` accepts (at most ``limit`` tries)."""
    best: tuple[float, Made] | None = None
    found = 0
    for _ in range(limit):
        sub = random.Random(rng.getrandbits(64))
        try:
            made = make(sub)
        except _NoCards:
            made = None
        if made is None:
            continue
        value = score(made[0]) + sub.random() * 0.5
        if best is None or value > best[0]:
            best = (value, made)
        found += 1
        if found >= want:
            break
    if best is None:
        raise EngineError("generation_failed", "no scenario could be generated for this focus", path=None)
    return best[1]
