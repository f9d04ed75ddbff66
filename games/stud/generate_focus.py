"""Focused generators: scenarios of one question kind narrowed to one topic of a skill.

``games.stud.generate.generate(kind=..., focus=...)`` calls these; each kind declares its
focuses (``games/stud/kinds``). Each generator deals a hand with the engine, arranging cards and
stacks for its topic, and returns only hands that satisfy it:

- ``pots`` / ``antes``: 3rd-street cards dealt, no action; often one or two players short
  of the ante.
- ``pots`` / ``side_pots``: several all-ins at different amounts, folded chips in the
  pots, now and then an uncalled bet returned; two pots or more.
- ``next_action`` / ``first_to_act``: the cards of 4th to 7th street just dealt, nobody has
  acted; often boards tied on rank.
- ``next_action`` / ``options``: a player facing an interesting choice
  (:data:`OPTION_CASES`).
- ``next_action`` / ``razz_boards``: razz, a street just dealt, low boards with pairs,
  aces and ties.
- ``best_hands`` / ``razz``: razz, a showdown with a low made with a pair, a low with an
  ace, sometimes tied lows.
- ``award`` / ``odd_chips``: a showdown where some pot does not split evenly in whole
  chips.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

from games.core.cards import Card
from games.core.errors import EngineError
from games.stud.dealing import (
    LIVELY,
    PASSIVE,
    Made,
    _best_of,
    _Hand,
    _NoCards,
    _plan_doors,
    _Planner,
    _players,
    _stacks,
)
from games.stud.order import tie_is_ambiguous
from games.stud.play import Policy
from games.stud.rules import Ruleset, Structure, Variant
from games.stud.state import StudState

__all__ = ["OPTION_CASES", "odd_chip_structure"]

# The choices a ``next_action`` / ``options`` scenario puts before the player to act.
OPTION_CASES = (
    "facing_bring_in",  # call the bring-in or complete
    "after_completion",  # call, raise or fold facing a completion
    "cap",  # the last raise allowed has been made
    "cap_heads_up",  # the cap with two players (lifted under cap_lifted_heads_up)
    "short_all_in",  # after an all-in below a full bet or raise (TDA 2024 Rule 47-B)
    "open_pair",  # 4th street with an open pair showing (stud high)
    "short_bring_in",  # the low card posted less than the bring-in, all-in
)

STAY = Policy(fold=0.4, check=8, call=8, bet=1.5, raise_=0.4, complete=1)  # most players stay in
NO_FOLD = Policy(fold=0, check=8, call=8, bet=1, raise_=0.4, complete=1)
CALLS = Policy(fold=2, check=4, call=6, bet=0, raise_=0, complete=0)
COMPLETE_ONCE = Policy(fold=2, check=4, call=5, bet=0, raise_=0, complete=4)
RAISER = Policy(fold=0, check=1, call=1, bet=10, raise_=10, complete=10, post_bring_in=1)
ALL_IN_HUNTER = Policy(fold=0.5, check=2, call=4, bet=5, raise_=5, complete=5)
LOWS = (14, 2, 3, 4, 5, 6, 7, 8)  # the ace counts low


def _round_start(street: int) -> Callable[[StudState], bool]:
    """Stop when the cards of ``street`` are out and its betting round starts (or later)."""
    return lambda st: st.street > street or (st.street == street and st.phase == "bet")


# --- pots -------------------------------------------------------------------------------------


def pots_antes(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    n = _players(rng, 2, 8)
    stacks = _stacks(rng, n, s, 0.0)
    tags = []
    chip = s.min_chip
    shorts = sorted({(s.ante * k // 4 // chip) * chip for k in (1, 2, 3)} - {0, s.ante})
    if shorts and rng.random() < 0.6:
        # at least two full antes: the short ones make a layered pot (heads-up, the part of
        # the full ante nobody matched goes back instead)
        count = min(rng.choice([1, 1, 2]), max(1, n - 2))
        for player in rng.sample(range(n), count):
            stacks[player] = rng.choice(shorts)
        tags.append("short_ante")
    hand = _Hand(rng, v, rs, s, stacks)
    if rng.random() < 0.3:
        _plan_doors(hand, v)
    hand.run(PASSIVE, _round_start(3), table=False)
    return hand, tags


def _short_ladder(s: Structure) -> list[int]:
    """Stacks that run out at different points of a hand."""
    values = [
        s.ante + s.bring_in,
        s.ante + s.small_bet // 2,
        s.ante + s.small_bet,
        s.ante + s.small_bet + s.small_bet // 2,
        s.ante + s.small_bet * 2,
        s.ante + s.small_bet * 2 + s.big_bet,
        s.ante + s.small_bet * 2 + s.big_bet * 2,
        s.ante + s.small_bet * 3 + s.big_bet * 3,
    ]
    chip = s.min_chip
    return sorted({(value // chip) * chip for value in values if value >= chip})


def pots_side_pots(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    ladder = _short_ladder(s)
    want_excess = rng.random() < 0.35

    def make(sub: random.Random) -> Made | None:
        n = _players(sub, 3, 8)
        stacks = _stacks(sub, n, s, 0.0)
        shorts = sub.randint(2, min(4, n - 1))
        for player, value in zip(sub.sample(range(n), shorts), sub.sample(ladder, shorts), strict=True):
            stacks[player] = value
        hand = _Hand(sub, v, rs, s, stacks)
        street = sub.choice([4, 5, 6, 7, 7])
        policy = sub.choice([LIVELY, ALL_IN_HUNTER])
        hand.run(policy, lambda st: st.street > street, table=False)
        if len(hand.state.pots()) < 2:
            return None
        return hand, ["side_pots"]

    def score(h: _Hand) -> float:
        st = h.state
        folded_in = sum(1 for i in range(st.count) if st.folded[i] and st.committed[i] > st.posted_antes[i])
        all_in_streets = {
            street
            for street, records in st.street_actions.items()
            for r in records
            if r.all_in and r.kind not in ("deal_hole", "deal_community")
        }
        value = len(st.pots()) * 2 + min(folded_in, 2) + len(all_in_streets)
        if any(st.returned):
            value += 4 if want_excess else 1
        return value

    return _best_of(rng, make, score, want=4)


# --- next action: first to act and razz boards ---------------------------------------------------


def _tied_boards(p: _Planner, v: Variant, a: int, b: int, ups: int) -> None:
    """Boards of ``a`` and ``b`` equal in rank (different suits) through ``ups`` upcards."""
    rng = p.rng
    ranks = rng.sample(LOWS, ups) if v is Variant.RAZZ else rng.sample(range(9, 15), ups)
    first = [p.card(r) for r in ranks]
    second = [p.card(r, {int(c.suit)}) for r, c in zip(ranks, first, strict=True)]
    order = list(range(ups))
    rng.shuffle(order)
    p.board(a, first)
    p.board(b, [second[i] for i in order])


def _razz_boards(p: _Planner, players: list[int], ups: int) -> None:
    """Razz traps: a low board with a pair showing, and a board led by an ace."""
    rng = p.rng
    if players and ups >= 2:
        rank = rng.choice(LOWS[:5])
        others = rng.sample([r for r in LOWS if r != rank], ups - 2)
        cards = [p.card(rank), p.card(rank), *(p.card(r) for r in others)]
        rng.shuffle(cards)
        p.board(players[0], cards)
    if len(players) > 1:
        ranks = [14, *rng.sample([r for r in range(2, 14)], ups - 1)]
        cards = [p.card(r) for r in ranks]
        rng.shuffle(cards)
        p.board(players[1], cards)


def _board_score(h: _Hand) -> float:
    from games.stud.answering import board_report

    st = h.state
    report = board_report(st)
    value = 3.0 if report["tied"] else 0.0
    value += 2.0 if report["all_in_best"] else 0.0
    live = st.live_players()
    value += 0.3 * len(live)
    if st.variant is Variant.RAZZ:
        for i in live:
            ranks = [c.rank for c in st.ups[i][:4]]
            value += 0.7 * (len(set(ranks)) < len(ranks)) + 0.5 * any(int(r) == 14 for r in ranks)
    return value


def _street_start(rng: random.Random, v: Variant, rs: Ruleset, s: Structure, *, razz: bool) -> Made:
    def make(sub: random.Random) -> Made | None:
        n = _players(sub, 2, 8)
        hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.15))
        target = sub.choice([4, 5, 6, 7])
        ups = min(target - 2, 4)
        planner = _Planner(hand)
        players = list(range(n))
        sub.shuffle(players)
        tags = []
        if razz or sub.random() < 0.6:
            _tied_boards(planner, v, players[0], players[1], ups)
            tags.append("tied_boards")
        if v is Variant.RAZZ and (razz or sub.random() < 0.6):
            _razz_boards(planner, players[2:4], ups)
            tags.append("razz_boards")
        hand.run(STAY, _round_start(target), table=False)
        st = hand.state
        if not (st.street == target and st.phase == "bet" and st.round_actions == 0 and st.actor is not None):
            return None
        if tie_is_ambiguous(v, [None if st.folded[i] else st.ups[i][:4] for i in range(st.count)]):
            return None
        return hand, tags

    return _best_of(rng, make, _board_score, want=4)


def next_action_first_to_act(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    return _street_start(rng, v, rs, s, razz=False)


def next_action_razz_boards(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    return _street_start(rng, v, rs, s, razz=True)


# --- next action: options ------------------------------------------------------------------------


def _after_actions(depth: int) -> Callable[[StudState], bool]:
    """Stop once ``depth`` actions were taken on 3rd street (or the street is over)."""
    return lambda st: st.street > 3 or (st.phase == "bet" and st.round_actions >= depth)


def _facing(st: StudState) -> bool:
    actor = st.actor
    return actor is not None and st.forced is None and st.to_call(actor) > 0


def _facing_bring_in(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made | None:
    n = _players(sub, 2, 8)
    hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))
    if sub.random() < 0.5:
        _plan_doors(hand, v)
    depth = sub.randint(1, min(3, n - 1))
    hand.run(CALLS, _after_actions(depth), table=False)
    st = hand.state
    if st.street != 3 or st.bet_count != 0 or not _facing(st):
        return None
    return hand, ["facing_bring_in"]


def _after_completion(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made | None:
    n = _players(sub, 2, 8)
    hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))
    depth = sub.randint(1, 4)
    hand.run(
        COMPLETE_ONCE,
        lambda st: st.street > 3 or (st.phase == "bet" and st.bet_count == 1 and st.round_actions >= depth),
        table=False,
    )
    st = hand.state
    if st.street != 3 or st.bet_count != 1 or not _facing(st):
        return None
    return hand, ["after_completion"]


def _cap(sub: random.Random, v: Variant, rs: Ruleset, s: Structure, *, heads_up: bool) -> Made | None:
    n = 2 if heads_up else sub.randint(3, 5)
    stacks = [s.big_bet * 40] * n
    hand = _Hand(sub, v, rs, s, stacks)
    target = sub.choice([3, 3, 4, 5, 6, 7])
    hand.run(NO_FOLD, _round_start(target), table=False)
    st = hand.state
    if st.street != target or st.phase != "bet":
        return None
    hand.run(
        RAISER,
        lambda x: x.street != target or (x.bet_count >= s.max_bets and _facing(x)),
        table=False,
    )
    if st.street != target or st.bet_count < s.max_bets or not _facing(st):
        return None
    return hand, ["cap_heads_up" if len(st.live_players()) == 2 else "cap"]


def _short_all_in(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made | None:
    n = _players(sub, 3, 7)
    stacks = _stacks(sub, n, s, 0.0)
    ladder = _short_ladder(s)
    for player in sub.sample(range(n), sub.randint(1, 2)):
        # a stack that ends part of the way through a bet
        half = (s.small_bet // 2 // s.min_chip) * s.min_chip
        stacks[player] = sub.choice(ladder) + half * sub.randint(0, 1)
    hand = _Hand(sub, v, rs, s, stacks)
    watch = _ShortAllInWatch()
    hand.run(ALL_IN_HUNTER, watch, table=False)
    if not (hand.state.phase == "bet" and watch(hand.state)):
        return None
    return hand, ["short_all_in"]


class _ShortAllInWatch:
    """Called before every action: true once an all-in completion, bet or raise below a
    full bet has been made on this street and the player to act faces it."""

    def __init__(self) -> None:
        self.length = 0
        self.base = 0
        self.street = 3
        self.short = False

    def __call__(self, st: StudState) -> bool:
        history = st.history
        if len(history) != self.length:
            record = history[-1]
            if st.street != self.street:
                self.short = False
            elif record.all_in and record.kind in ("complete", "bet", "raise"):
                self.short = record.amount - self.base not in st.units
            self.length, self.base, self.street = len(history), st.base, st.street
        return self.short and _facing(st)


def _open_pair(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made | None:
    n = _players(sub, 2, 7)
    hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))
    planner = _Planner(hand)
    rank = sub.randint(2, 14)
    pair = [planner.card(rank), planner.card(rank)]
    planner.board(sub.randrange(n), pair)
    depth = sub.choice([0, 0, 1])
    hand.run(
        STAY,
        lambda st: st.street > 4 or (st.street == 4 and st.phase == "bet" and st.round_actions >= depth),
        table=False,
    )
    st = hand.state
    if st.street != 4 or st.phase != "bet" or st.actor is None or not st._open_pair_showing():
        return None
    return hand, ["open_pair"]


def _short_bring_in(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made | None:
    chip = s.min_chip
    partial = list(range(chip, s.bring_in, chip))
    if not partial:
        return None
    n = _players(sub, 2, 8)
    stacks = _stacks(sub, n, s, 0.0)
    hand = _Hand(sub, v, rs, s, stacks)
    _plan_doors(hand, v)
    from games.stud.order import door_key

    doors = {p: cards[2] for (p, street), cards in hand.plan.items() if street == 3}
    holder = min(doors, key=lambda p: door_key(v, doors[p]))
    stacks[holder] = s.ante + sub.choice(partial)
    hand.state = StudState(variant=v, ruleset=rs, structure=s, starting_stacks=stacks)
    depth = sub.randint(1, min(2, n - 1))
    hand.run(CALLS, _after_actions(depth), table=False)
    st = hand.state
    posts = [r for r in st.street_actions.get(3, []) if r.kind == "post_bring_in"]
    if st.street != 3 or not posts or not posts[0].all_in or not _facing(st):
        return None
    return hand, ["short_bring_in"]


def next_action_options(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    makers: dict[str, Callable[[random.Random, Variant, Ruleset, Structure], Made | None]] = {
        "facing_bring_in": _facing_bring_in,
        "after_completion": _after_completion,
        "cap": lambda sub, v, rs, s: _cap(sub, v, rs, s, heads_up=False),
        "cap_heads_up": lambda sub, v, rs, s: _cap(sub, v, rs, s, heads_up=True),
        "short_all_in": _short_all_in,
        "open_pair": _open_pair,
        "short_bring_in": _short_bring_in,
    }
    cases = [c for c in OPTION_CASES if c != "open_pair" or v is Variant.STUD]
    case = rng.choice(cases)
    for name in (case, "facing_bring_in"):
        for _ in range(60):
            sub = random.Random(rng.getrandbits(64))
            try:
                made = makers[name](sub, v, rs, s)
            except _NoCards:
                made = None
            if made is not None:
                return made
    raise EngineError("generation_failed", "no options scenario could be generated", path=None)


# --- best hands in razz ----------------------------------------------------------------------------


def _razz_hand(p: _Planner, style: str) -> list[Card]:
    rng = p.rng
    if style == "pair":  # four different ranks only: the best low holds a pair
        ranks = rng.sample(LOWS, 4)
        cards = [p.card(r) for r in ranks] + [p.card(rng.choice(ranks)) for _ in range(3)]
    else:  # an ace and four other low cards
        ranks = [14, *rng.sample(range(2, 10), 4)]
        cards = [p.card(r) for r in ranks] + [p.any(), p.any()]
    rng.shuffle(cards)
    return cards


def _razz_tie(p: _Planner, count: int) -> list[list[Card]]:
    """``count`` hands whose best lows have the same ranks."""
    rng = p.rng
    ranks = rng.sample(LOWS, 5)
    hands = []
    for _ in range(count):
        cards = [p.card(r) for r in ranks] + [p.any(lambda c: 9 <= int(c.rank) <= 13) for _ in range(2)]
        rng.shuffle(cards)
        hands.append(cards)
    return hands


def best_hands_razz(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    def make(sub: random.Random) -> Made | None:
        n = _players(sub, 2, 6)
        hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))
        planner = _Planner(hand)
        players = list(range(n))
        sub.shuffle(players)
        planned = [_razz_hand(planner, "pair"), _razz_hand(planner, "ace")]
        tags = ["low_with_pair", "ace_low"]
        if n >= 4 and sub.random() < 0.5:
            planned += _razz_tie(planner, 2)
            tags.append("tied_lows")
        for player, cards in zip(players, planned, strict=False):
            planner.seven(player, cards)
        hand.run(NO_FOLD)
        if hand.state.phase != "showdown":
            return None
        return hand, tags

    return _best_of(rng, make, lambda h: 0.0, want=1, limit=20)


# --- award with odd chips --------------------------------------------------------------------------


def odd_chip_structure(s: Structure) -> Structure:
    """With a smallest chip of 1 every split of these amounts is even: use the largest chip
    that pays every amount of the structure instead (100 for 100/200/500/1000)."""
    if s.min_chip != 1:
        return s
    chip = math.gcd(s.ante, s.bring_in, s.small_bet, s.big_bet)
    return replace(s, min_chip=chip)


def _straight(p: _Planner, top: int, avoid: set[int]) -> list[Card]:
    """Five cards of a straight to ``top`` (not all of one suit) and two low cards that do
    not improve it."""
    ranks = list(range(top - 4, top + 1))
    cards = [p.card(r) for r in ranks]
    junk_ranks = [r for r in range(2, top - 5) if r not in avoid]
    cards += [p.card(p.rng.choice(junk_ranks)) for _ in range(2)]
    p.rng.shuffle(cards)
    return cards


def _lows(p: _Planner) -> list[int]:
    """Five different ranks eight or lower that do not make a straight."""
    while True:
        ranks = p.rng.sample(LOWS, 5)
        values = sorted(1 if r == 14 else r for r in ranks)
        if values[-1] - values[0] != 4:
            return ranks


def _low_hand(p: _Planner, ranks: list[int]) -> list[Card]:
    cards = [p.card(r) for r in ranks] + [p.any(lambda c: 9 <= int(c.rank) <= 13) for _ in range(2)]
    p.rng.shuffle(cards)
    return cards


def _high_hand(p: _Planner) -> list[Card]:
    """Two pair or better from high cards and no low."""
    rng = p.rng
    first, second = rng.sample(range(9, 14), 2)
    cards = [p.card(first), p.card(first), p.card(second), p.card(second)]
    cards += [p.any(lambda c: 9 <= int(c.rank) <= 13) for _ in range(3)]
    rng.shuffle(cards)
    return cards


def _plan_odd_chips(p: _Planner, v: Variant, players: list[int]) -> list[str]:
    rng = p.rng
    hands: list[list[Card]]
    if v is Variant.STUD:
        top = rng.choice([12, 13, 14])
        count = 3 if len(players) >= 4 and rng.random() < 0.3 else 2
        hands = [_straight(p, top, set()) for _ in range(count)]
        tags = ["tied_high"]
    elif v is Variant.RAZZ:
        count = 3 if len(players) >= 4 and rng.random() < 0.3 else 2
        ranks = rng.sample(LOWS, 5)
        hands = [_low_hand(p, ranks) for _ in range(count)]
        tags = ["tied_low"]
    else:
        style = rng.choice(["quarter", "quarter", "halves", "no_low"]) if len(players) >= 3 else "no_low"
        if style == "quarter":
            ranks = _lows(p)
            hands = [_high_hand(p), _low_hand(p, ranks), _low_hand(p, ranks)]
        elif style == "halves":
            hands = [_high_hand(p), _low_hand(p, _lows(p))]
        else:
            hands = [_straight(p, 14, {9}) for _ in range(2)]
        tags = [style]
    for player, cards in zip(players, hands, strict=False):
        p.seven(player, cards)
    return tags


def _odd_pots(h: _Hand) -> int:
    return sum(1 for pot in h.state.award().pots if pot.odd_chips or pot.odd_chip_to_high)


def award_odd_chips(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> Made:
    """``s`` comes through :func:`structure_for` (a smallest chip above 1)."""

    def make(sub: random.Random) -> Made | None:
        n = _players(sub, 2, 6)
        if v is Variant.STUD8 and sub.random() < 0.25:
            n = 2  # both players high, nobody low: the tied high hands scoop
        hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.3))
        players = list(range(n))
        sub.shuffle(players)
        tags = _plan_odd_chips(_Planner(hand), v, players)
        hand.run(NO_FOLD)
        if hand.state.phase != "showdown" or not _odd_pots(hand):
            return None
        return hand, tags

    def score(h: _Hand) -> float:
        result = h.state.award()
        value = 2.0 * _odd_pots(h) + 0.5 * len(result.pots)
        for pot in result.pots:
            if pot.low == ():
                value += 1.5  # no qualifying low: the high hand scoops
            if pot.low and pot.high and len(pot.low) > 1 and set(pot.low) != set(pot.high):
                value += 2  # quartered
        return value

    return _best_of(rng, make, score, want=3)


MAKERS: dict[tuple[str, str], Callable[[random.Random, Variant, Ruleset, Structure], Made]] = {
    ("pots", "antes"): pots_antes,
    ("pots", "side_pots"): pots_side_pots,
    ("next_action", "first_to_act"): next_action_first_to_act,
    ("next_action", "options"): next_action_options,
    ("next_action", "razz_boards"): next_action_razz_boards,
    ("best_hands", "razz"): best_hands_razz,
    ("award", "odd_chips"): award_odd_chips,
}


def structure_for(kind: str, focus: str, s: Structure) -> Structure:
    """The structure a focused scenario is dealt with (odd chips need a real smallest chip)."""
    if (kind, focus) == ("award", "odd_chips"):
        return odd_chip_structure(s)
    return s
