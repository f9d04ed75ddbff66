"""Seeded generators of random, legal, interesting scenarios, one per question kind.

``generate(kind=..., variant=..., seed=...)`` returns a scenario document (format v1); the
same arguments always give the same scenario. Hands are played by the engine itself with
random legal actions, with the deck arranged now and then for the cases dealers get wrong:
door cards tied on rank (suits decide), razz aces, boards tied on later streets, short
stacks and several all-ins, 7- and 8-handed tables that run short of cards, and
irregularities for ``ruling`` questions.

>>> a = generate(kind="bring_in", variant="FR", seed=11)
>>> a == generate(kind="bring_in", variant="FR", seed=11)
True
>>> from games.solve import solve
>>> solve(a)["kind"]
'bring_in'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from games import registry
from games.core.cards import Card
from games.core.errors import EngineError
from games.questions.kind import QuestionKind
from games.stud.dealing import (
    FOLDY,
    LIVELY,
    PASSIVE,
    _Hand,
    _plan_doors,
    _plan_tied_boards,
    _players,
    _short_count,
    _stacks,
    _table_stacks,
)
from games.stud.events import Event, apply_event
from games.stud.order import tie_is_ambiguous
from games.stud.play import Policy
from games.stud.rules import Ruleset, Structure, Variant, ruleset_from, structure_from
from games.stud.state import STUB_PROCEDURES, StudState

__all__ = ["focus_fields", "focuses", "generate", "structure_of"]


def _bring_in(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    n = _players(rng)
    stacks = _stacks(rng, n, s, 0.0)
    hand = _Hand(rng, v, rs, s, stacks)
    _plan_doors(hand, v)
    tags = ["tie_by_suit"]
    doors = {p: cards[2] for (p, street), cards in hand.plan.items() if street == 3}
    holder = min(doors, key=lambda p: _door_order(v, doors[p]))
    roll = rng.random()
    if roll < 0.15 and n > 2:
        # all-in on the ante: TDA RP-10 E (heads-up nobody could act, so 3rd street has no
        # first decision to ask about)
        stacks[holder] = s.ante if s.ante else s.min_chip
        tags.append("all_in_on_ante")
    elif roll < 0.3:
        stacks[holder] = s.ante + max(s.min_chip, (s.bring_in // 2 // s.min_chip) * s.min_chip)
        tags.append("short_bring_in")
    hand.state = StudState(variant=v, ruleset=rs, structure=s, starting_stacks=stacks)
    hand.run(PASSIVE, stop=lambda st: st.phase == "bet" or st.street > 3, table=False)
    after = len(hand.state.history) - 1
    roll = rng.random()
    if roll < 0.2 and hand.state.street == 3:
        player = rng.randrange(n)
        card = rng.choice(hand.state.downs[player])
        event = Event(after=after, type="downcard_exposed_by_dealer", seat=player + 1, card=card, street=3)
        if _try_event(hand, event):
            tags.append("exposed_downcard")
    elif (
        roll < 0.3
        and n > 2
        and hand.state.street == 3
        and _try_event(hand, Event(after=after, type="absent_at_deal", seat=holder + 1))
    ):
        tags.append("absent_player")
    return hand, tags


def _try_event(hand: _Hand, event: Event) -> bool:
    try:
        apply_event(hand.state, event)
    except EngineError:
        return False
    hand.events.append(event)
    return True


def _door_order(v: Variant, card: Card) -> tuple[int, int]:
    from games.stud.order import door_key

    return door_key(v, card)


def _score_next_action(state: StudState) -> float:
    score = 0.0
    records = state.street_actions.get(state.street, [])
    if any(r.all_in and r.kind in ("complete", "bet", "raise") for r in records):
        score += 3
    if state.bet_count >= state.structure.max_bets - 1:
        score += 2
    if state.forced == "open":
        score += 3
    if state.street > 3 and not records:
        score += 1
    if len(state.units) > 1:
        score += 2
    return score


def _candidates(
    rng: random.Random,
    make: Callable[[random.Random], tuple[_Hand, list[str]] | None],
    score: Callable[[_Hand], float],
    tries: int = 10,
) -> tuple[_Hand, list[str]]:
    best: tuple[float, _Hand, list[str]] | None = None
    for _ in range(tries):
        sub = random.Random(rng.getrandbits(64))
        made = make(sub)
        if made is None:
            continue
        value = score(made[0]) + sub.random() * 0.5
        if best is None or value > best[0]:
            best = (value, made[0], made[1])
    if best is None:
        raise EngineError("generation_failed", "no scenario could be generated", path=None)
    return best[1], best[2]


def _next_action(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    shorts = _short_count(rng, 7)

    def make(sub: random.Random) -> tuple[_Hand, list[str]] | None:
        n = _players(sub, 2, 7)
        hand = _Hand(sub, v, rs, s, _table_stacks(sub, n, s, min(shorts, n - 1)))
        tags = []
        if sub.random() < 0.4:
            _plan_tied_boards(hand, v)
            tags.append("tied_boards")
        target_street = sub.choice([3, 3, 4, 4, 5, 6, 7])
        depth = sub.randint(0, 4)

        def stop(st: StudState) -> bool:
            if st.phase != "bet" or st.street < target_street:
                return False
            return st.round_actions >= depth or st.street > target_street

        hand.run(sub.choice([LIVELY, PASSIVE, FOLDY]), stop)
        st = hand.state
        if st.phase not in ("bet", "deal"):
            return None
        if "tied_boards" in tags and st.street >= 4:
            boards = [None if st.folded[i] else st.ups[i][:4] for i in range(st.count)]
            if tie_is_ambiguous(v, boards):
                return None
        return hand, tags

    return _candidates(rng, make, lambda h: _score_next_action(h.state))


def _pots(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    shorts = _short_count(rng, 8)

    def make(sub: random.Random) -> tuple[_Hand, list[str]] | None:
        n = _players(sub, 3, 8)
        hand = _Hand(sub, v, rs, s, _table_stacks(sub, n, s, shorts))
        street = sub.choice([3, 4, 5, 6, 7])
        hand.run(sub.choice([LIVELY, FOLDY]), lambda st: st.street > street)
        return hand, ["several_all_ins"] if shorts > 1 else ["short_stack"] if shorts else []

    def score(h: _Hand) -> float:
        # The table's short stacks are chosen above; among hands dealt with them, prefer the
        # ones where they matter (their all-ins make pots) and folded chips stay in.
        st = h.state
        pots = st.pots()
        folded_in = sum(1 for i in range(st.count) if st.folded[i] and st.committed[i] > st.posted_antes[i])
        return len(pots) * 2 + min(folded_in, 2) + (1 if any(st.returned) else 0)

    return _candidates(rng, make, score)


def _stub(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    def make(sub: random.Random) -> tuple[_Hand, list[str]] | None:
        n = sub.choice([6, 7, 7, 8, 8, 8])
        hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))
        policy = sub.choice(
            [PASSIVE, FOLDY, Policy(fold=0.6, check=6, call=6, bet=2, raise_=0.5, complete=1)]
        )
        hand.run(policy, lambda st: st.street == 7 and st.phase == "deal")
        st = hand.state
        if not (st.street == 7 and st.phase == "deal"):
            return None
        return hand, ["short_stub"] if st.seventh_procedure != "none" else []

    return _candidates(rng, make, lambda h: 2.0 if h.state.seventh_procedure in STUB_PROCEDURES[1:] else 0.0)


def _to_showdown(
    policy: Policy, players: tuple[int, int], shorts: int | float, *, table: bool = True
) -> Callable[..., tuple[_Hand, list[str]] | None]:
    """Hands played to a showdown; ``shorts``: a number of short stacks, or a share of them."""

    def make(sub: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]] | None:
        n = _players(sub, *players)
        if isinstance(shorts, int):
            stacks = _table_stacks(sub, n, s, min(shorts, n - 1))
        else:
            stacks = _stacks(sub, n, s, shorts)
        hand = _Hand(sub, v, rs, s, stacks)
        hand.run(policy, table=table)
        if hand.state.phase != "showdown":
            return None
        return hand, []

    return make


def _showdown_first(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    # Most tables have no all-in: the plain Rule 17-A cases (the last 7th-street aggressor, or
    # the first to act when checked around); some have one all-in (RP-10 B), few several.
    shorts = _short_count(rng, 6)
    checked = rng.random() < 0.3  # 7th street checked around: the first to act tables first
    policy = PASSIVE if checked else LIVELY
    make = _to_showdown(policy, (2, 6), shorts, table=False)  # the question is who tables first

    def score(h: _Hand) -> float:
        st = h.state
        seventh = st.street_actions.get(7, [])
        bets = [r.player for r in seventh if r.kind in ("bet", "raise")]
        all_in = sum(1 for i in st.live_players() if st.stacks[i] == 0)
        if checked:
            street = 1.0 if seventh and not bets else 0.0
        else:  # a bet, better a raise by another player, on 7th street
            street = 1.5 if len(set(bets)) > 1 else 1.0 if bets else 0.0
        return street + 2 * min(all_in, shorts)

    return _candidates(rng, lambda sub: make(sub, v, rs, s), score, tries=14)


def _best_hands(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    make = _to_showdown(PASSIVE, (2, 8), 0.0)

    def score(h: _Hand) -> float:
        from games.stud.showdown import evaluate, rank_groups

        st = h.state
        reports = {p: evaluate(v, p, st.cards_of(p)) for p in st.live_players()}
        value = 0.0
        for side in ("high", "low"):
            groups = rank_groups(
                {p: getattr(r, side).strength for p, r in reports.items() if getattr(r, side)}
            )
            value += sum(2 for g in groups if len(g) > 1)
        return value + len(reports) * 0.2

    return _candidates(rng, lambda sub: make(sub, v, rs, s), score, tries=12)


def _award(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    make = _to_showdown(PASSIVE, (2, 8), _short_count(rng, 8))

    def score(h: _Hand) -> float:
        result = h.state.award()
        value = len(result.pots) * 1.5
        value += sum(2 for pot in result.pots if pot.odd_chips)
        value += sum(2 for pot in result.pots if pot.low == ())
        value += sum(1 for pot in result.pots if pot.high and len(pot.high) > 1)
        return value

    return _candidates(rng, lambda sub: make(sub, v, rs, s), score, tries=12)


def _ruling(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[_Hand, list[str]]:
    kinds = [
        "picks_up_upcards", "exposes_own_downcard", "folds_not_facing_bet", "downcard_exposed_by_dealer",
        "downcard_exposed_by_dealer", "premature_card", "absent_at_deal", "wrong_card_count", "boxed_cards",
    ]  # fmt: skip
    for _ in range(40):
        kind = rng.choice(kinds)
        n = _players(rng, 3, 7)
        hand = _Hand(rng, v, rs, s, _stacks(rng, n, s, 0.1))
        made = _place_event(hand, kind)
        if made is not None:
            return hand, [kind]
    raise EngineError("generation_failed", "no ruling scenario could be generated", path=None)


def _place_event(hand: _Hand, kind: str) -> Event | None:
    rng, st = hand.rng, hand.state
    if kind in ("absent_at_deal", "boxed_cards") or (
        kind == "downcard_exposed_by_dealer" and rng.random() < 0.5
    ):
        hand.run(PASSIVE, lambda x: x.phase == "bet", table=False)
        player = rng.randrange(st.count)
        if kind == "absent_at_deal":
            event = Event(len(st.history) - 1, kind, seat=player + 1)
        elif kind == "boxed_cards":
            # the seat whose cards held the boxed card (format section 5: every event has a seat)
            event = Event(len(st.history) - 1, kind, seat=player + 1, count=rng.choice([1, 2, 2, 3]))
        else:
            event = Event(
                len(st.history) - 1, kind, seat=player + 1, card=rng.choice(st.downs[player]), street=3
            )
    elif kind == "downcard_exposed_by_dealer":
        hand.run(
            rng.choice([PASSIVE, LIVELY]),
            lambda x: x.street == 7 and x.phase == "deal" and x.street_dealt,
            table=False,
        )
        if not (st.street == 7 and st.phase == "deal" and st.street_dealt) or st.community is not None:
            return None
        dealt = st.history[-1].player
        if dealt is None:
            return None
        event = Event(len(st.history) - 1, kind, seat=dealt + 1, card=st.downs[dealt][-1], street=7)
    elif kind == "wrong_card_count":
        depth = rng.choice([0, 1, 3])
        hand.run(
            PASSIVE, lambda x: (x.phase == "bet" and x.round_actions >= depth) or x.street > 3, table=False
        )
        if st.phase != "bet" or st.street != 3:
            return None
        player = rng.choice(st.live_players())
        event = Event(len(st.history) - 1, kind, seat=player + 1, count=rng.choice([2, 4]))
    else:
        street = rng.choice([3, 4, 5, 6])
        depth = rng.randint(0, 3)
        hand.run(
            rng.choice([LIVELY, PASSIVE]),
            lambda x: x.phase == "bet" and x.street >= street and x.round_actions >= depth,
            table=False,
        )
        if st.phase != "bet" or st.round_actions == 0:
            return None
        live = st.live_players()
        if kind == "premature_card":
            if st.street == 7:
                return None
            # the premature card lands in front of the first live player, who is dealt first
            event = Event(len(st.history) - 1, kind, seat=live[0] + 1, street=st.street + 1)
        elif kind == "folds_not_facing_bet":
            calm = [
                p
                for p in live
                if st.stacks[p] > 0
                and (
                    (st.bets[p] >= st.target and p != st.actor)
                    or (p == st.actor and st.to_call(p) == 0 and not st.forced)
                )
            ]
            if not calm:
                return None
            event = Event(len(st.history) - 1, kind, seat=rng.choice(calm) + 1)
        else:
            event = Event(len(st.history) - 1, kind, seat=rng.choice(live) + 1)
    if event.after < 0 or not _try_event(hand, event):
        return None
    return event


_MAKERS = {
    "bring_in": _bring_in,
    "next_action": _next_action,
    "pots": _pots,
    "stub": _stub,
    "showdown_first": _showdown_first,
    "best_hands": _best_hands,
    "award": _award,
    "ruling": _ruling,
}


def _declared_generator(kind: str) -> Callable[..., tuple[_Hand, list[str]]]:
    """The generator a kind declares in its own module (games.questions.kind)."""
    maker = registry.kind("stud", kind).generate
    assert maker is not None, kind
    return maker


def structure_of(structure: Structure | Mapping[str, Any] | None) -> Structure:
    """The structure to generate with: the default 100/200/500/1000, a :class:`Structure`,
    or a mapping for :func:`~games.stud.rules.structure_from` (validated)."""
    if structure is None:
        return structure_from(ante=100, bring_in=200, small_bet=500, big_bet=1000)
    if isinstance(structure, Structure):
        return structure
    if not isinstance(structure, Mapping):
        raise EngineError("bad_type", "the structure must be an object", path="structure")
    return structure_from(**{str(k): v for k, v in structure.items()})


def focuses(kind: str, variant: str | Variant | None = None) -> tuple[str, ...]:
    """The focuses :func:`generate` accepts for ``kind`` (empty: the kind has none).

    With ``variant``, only those that apply to it (``razz_boards`` and ``razz`` are razz
    only). Each kind declares its focuses (``games/stud/kinds``).

    >>> focuses("pots"), focuses("next_action", "F7S")
    (('antes', 'side_pots'), ('first_to_act', 'options'))
    """
    declared = _stud_kind(kind)
    if variant is None:
        return declared.focus
    v = variant if isinstance(variant, Variant) else Variant.parse(variant)
    return tuple(f for f in declared.focus if v.value in declared.focus_games.get(f, (v.value,)))


def _stud_kind(kind: str) -> QuestionKind:
    if kind not in registry.kind_names("stud"):
        raise EngineError("unknown_question_kind", f"unknown question kind {kind!r}", path="kind")
    return registry.kind("stud", kind)


def focus_fields(kind: str, focus: str | None) -> tuple[str, ...] | None:
    """The answer fields a focused drill asks, for ``judge(..., fields=...)``; ``None``: all.

    ``first_to_act`` and ``razz_boards`` ask only the seat of the best board.

    >>> focus_fields("next_action", "first_to_act"), focus_fields("next_action", "options")
    (('seat',), None)
    """
    if focus is None:
        return None
    return registry.kind("stud", kind).focus_fields.get(focus)


def generate(
    *,
    kind: str,
    variant: str | Variant,
    seed: int | str,
    ruleset: str = "tda-2024",
    rules: Mapping[str, Any] | None = None,
    structure: Structure | Mapping[str, Any] | None = None,
    focus: str | None = None,
) -> dict[str, Any]:
    """A random, legal scenario document asking ``kind`` about a hand of ``variant``.

    ``structure`` may be a :class:`Structure` or a mapping with ``ante``, ``bring_in``,
    ``small_bet``, ``big_bet`` and optionally ``max_bets`` and ``min_chip``. ``focus``
    narrows the scenario to one topic of the kind (:func:`focuses`; ``None``: any topic);
    an unknown focus, or one that does not apply to the variant, is an ``EngineError``
    with code ``unknown_focus``.
    """
    _stud_kind(kind)
    v = variant if isinstance(variant, Variant) else Variant.parse(variant)
    if focus is not None and focus not in focuses(kind, v):
        allowed = focuses(kind, v)
        raise EngineError(
            "unknown_focus",
            f"{kind} has no focus {str(focus)[:40]!r} for {v.value}"
            + (f": use {', '.join(allowed)}" if allowed else ": it takes no focus"),
            params={"kind": kind, "focus": str(focus)[:40], "variant": v.value, "allowed": list(allowed)},
            path="focus",
        )
    rs = ruleset_from(ruleset, rules)
    s = structure_of(structure)
    rules_key = f"{sorted((rules or {}).items())!r}"
    if focus is None:
        rng = random.Random(f"{kind}|{v.value}|{seed}|{rs.name}|{rules_key}|{s!r}")
        hand, tags = (_MAKERS.get(kind) or _declared_generator(kind))(rng, v, rs, s)
    else:
        from games.stud.generate_focus import MAKERS, structure_for

        s = structure_for(kind, focus, s)
        rng = random.Random(f"{kind}|{focus}|{v.value}|{seed}|{rs.name}|{rules_key}|{s!r}")
        hand, tags = MAKERS[(kind, focus)](rng, v, rs, s)
        tags = [f"focus:{focus}", *tags]
    st = hand.state
    doc: dict[str, Any] = {
        "variant": v.value,
        "ante_trimming_status": True,
        "antes": list(st.antes),
        "bring_in": s.bring_in,
        "small_bet": s.small_bet,
        "big_bet": s.big_bet,
        "starting_stacks": list(st.starting_stacks),
        "actions": hand.actions(),
        "_ruleset": rs.name,
    }
    if rules:
        doc["_rules"] = dict(rules)
    if s.max_bets != 5:
        doc["_max_bets"] = s.max_bets
    if s.min_chip != 1:
        doc["_min_chip"] = s.min_chip
    if hand.events:
        doc["_events"] = [e.to_dict() for e in hand.events]
    doc["_question"] = {"kind": kind}
    doc["_title"] = f"Generated {kind.replace('_', ' ')} drill ({v.value})"
    if focus is not None:
        doc["_title"] = f"Generated {kind.replace('_', ' ')} drill, {focus.replace('_', ' ')} ({v.value})"
    doc["_tags"] = ["generated", kind, *tags]
    return doc
