"""No-limit Texas hold'em betting and pots, as seed document 002 lays them down.

One :class:`HoldemHand` is one hand, driven by PHH actions (``d dh p1 AsKs``,
``d db 2c3d4h``, ``p3 cbr 300``, ``p1 cc``, ``p2 f``, ``p1 sm AsKs``) or by the matching
methods, each with ``verify_*`` (raises :class:`EngineError`), ``can_*`` and the action
itself. :class:`games.holdem.game.HoldemGame` carries stacks and the button from hand to hand,
and :func:`games.holdem.game.hand_from_phh` reads PHH fields.

Players are numbered as in PHH: p1 is the first seat to the button's left and pN the
button, so with three or more players p1 posts the small blind and p2 the big blind.
Heads-up the button posts the small blind, and PHH (as pokerkit reads it) lists the two
players as p1 = big blind, p2 = button, with ``blinds_or_straddles`` read reversed.

>>> hand = HoldemHand(table=NoLimitHoldem(starting_stacks=(1000, 1000, 1000), blinds_or_straddles=(5, 10)))
>>> for action in ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 30", "p1 cc"]:
...     _ = hand.act(action)
>>> hand.next_action()["player"], hand.min_raise_to()
(2, 50)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from games.core.cards import Card, Deck, format_cards, parse_cards
from games.core.errors import EngineError
from games.core.hands import best_high, high_strength
from games.holdem.structure import HoldemAction, NoLimitHoldem, Pot

__all__ = [
    "STREETS",
    "HoldemAction",
    "HoldemHand",
    "NoLimitHoldem",
    "Pot",
]

Phase = Literal["deal_hole", "betting", "deal_board", "showdown", "over"]
STREETS = ("preflop", "flop", "turn", "river")
_BOARD_SIZES = (0, 3, 4, 5)


class HoldemHand:
    """One no-limit hold'em hand: blinds, four betting rounds, showdown and awards."""

    def __init__(self, *, table: NoLimitHoldem, rng: random.Random | None = None) -> None:
        self.table = table
        n = table.player_count
        self._rng = rng
        self.stacks = list(table.starting_stacks)  # chips behind
        self.bets = [0] * n  # in front of each player this street
        self.committed = [0] * n  # put in this hand: antes, blinds, bets
        self.folded = [False] * n
        self.hole: list[tuple[Card, ...] | None] = [None] * n
        self.board: list[Card] = []
        self.street = 0
        self.acted = [False] * n  # acted voluntarily this street (posting a blind does not count)
        self.faced = [0] * n  # the street total a player had matched or set when they last acted
        self.level = 0  # the amount to match this street
        self.increment = table.big_blind  # the last full bet or raise (002 section 4)
        self.showed: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.history: list[HoldemAction] = []
        self.last_full: tuple[int, int] | None = None  # (from, to) of the last full bet or raise
        self._last = -1  # index of the last player to act (0-based)
        # 002 section 2: antes (PHH) then the blinds are forced bets.
        for i in range(n):
            self._put(i, min(table.posted(table.antes, i), self.stacks[i]), street_bet=False)
        for i in range(n):
            self._put(i, min(table.posted(table.blinds_or_straddles, i), self.stacks[i]), street_bet=True)
        self.level = max(self.bets)
        nominal = [table.posted(table.blinds_or_straddles, i) for i in range(n)]
        # Preflop a raise must add at least the largest blind or straddle.
        self.increment = max(table.big_blind, max(nominal))
        # 002 section 3.1: the first actor is left of the big blind (the largest blind; straddles count).
        self._last = max(range(n), key=lambda i: (nominal[i], i))

    # --- basic facts ------------------------------------------------------------

    @property
    def player_count(self) -> int:
        return self.table.player_count

    def _put(self, i: int, chips: int, *, street_bet: bool) -> None:
        self.stacks[i] -= chips
        self.committed[i] += chips
        if street_bet:
            self.bets[i] += chips

    def contenders(self) -> list[int]:
        """Players (0-based) still in the hand."""
        return [i for i in range(self.player_count) if not self.folded[i]]

    def _can_bet(self, i: int) -> bool:
        return not self.folded[i] and self.stacks[i] > 0

    def _needs_to_act(self, i: int) -> bool:
        return self._can_bet(i) and (not self.acted[i] or self.bets[i] < self.level)

    @property
    def phase(self) -> Phase:
        if any(h is None for h in self.hole):
            return "deal_hole"
        live = self.contenders()
        if len(live) == 1:
            return "over"
        if not self.betting_complete():
            return "betting"
        if len(self.board) < 5:
            return "deal_board"
        undecided = [i for i in live if i not in self.showed and i not in self.mucked]
        return "showdown" if undecided else "over"

    def runout(self) -> bool:
        """Betting is over for the rest of the hand but board cards are still to come.

        At most one player still in the hand has chips, so nobody bets again: the hands
        are tabled now, before the remaining board (TDA 2024 Rule 16), as pokerkit expects.
        """
        if self.phase != "deal_board":
            return False
        return sum(1 for i in self.contenders() if self.stacks[i] > 0) <= 1

    def betting_complete(self) -> bool:
        """002 section 5: everyone still able to bet has acted and matched the amount to call.

        A player who is all-in is left out; when at most one player can still bet and
        owes nothing, there is no betting (002 "edge cases": all but one all-in).
        """
        live = self.contenders()
        if len(live) <= 1:
            return True
        able = [i for i in live if self.stacks[i] > 0]
        if len(able) == 0:
            return True
        if len(able) == 1 and self.bets[able[0]] >= self.level:
            return True
        return not any(self._needs_to_act(i) for i in able)

    def round_in_progress(self) -> bool:
        """A betting round is open and someone has acted in it, so the chips in front are not
        final: a bet may still be called, raised or left uncalled (002 section 5). Before
        anyone acts (the blinds only, or a new street) the pots are settled."""
        return self.phase == "betting" and any(self.acted)

    def pending(self) -> list[int]:
        """Players (0-based) who still have to act this round: not folded, with chips, and
        either not yet acted voluntarily or short of the amount to match (002 section 5)."""
        if self.phase != "betting":
            return []
        return [i for i in range(self.player_count) if self._needs_to_act(i)]

    def raise_allowed(self, i: int) -> bool:
        """Whether player ``i`` (0-based) may bet or raise now, if it were their turn."""
        return self._raise_allowed(i)

    def actor(self) -> int | None:
        """The player (0-based) to act now, or None when nobody is to bet."""
        if self.phase != "betting":
            return None
        n = self.player_count
        for step in range(1, n + 1):
            i = (self._last + step) % n
            if self._needs_to_act(i):
                return i
        return None  # pragma: no cover - betting_complete() said someone must act

    # --- questions as plain dicts ---------------------------------------------------

    def next_action(self) -> dict[str, Any]:
        """Who acts next and what they may do; ``player`` None with ``round_complete`` when nobody."""
        i = self.actor()
        if i is None:
            return {"player": None, "round_complete": self.betting_complete(), "street": self.street_name}
        owe = self.level - self.bets[i]
        can_raise = self._raise_allowed(i)
        top = self.bets[i] + self.stacks[i]
        return {
            "player": i + 1,
            "street": self.street_name,
            "round_complete": False,
            "options": {
                "fold": True,
                "check": owe == 0,
                "call": min(owe, self.stacks[i]) if owe > 0 else None,
                "raise_to": [min(self.level + self.increment, top), top] if can_raise else None,
            },
        }

    def min_raise_to(self) -> int | None:
        """The smallest legal bet or raise total for the player to act (all-in if short), or None."""
        i = self.actor()
        if i is None or not self._raise_allowed(i):
            return None
        return min(self.level + self.increment, self.bets[i] + self.stacks[i])

    def round_status(self) -> dict[str, Any]:
        return {"street": self.street_name, "round_complete": self.betting_complete(), "phase": self.phase}

    @property
    def street_name(self) -> str:
        return STREETS[self.street]

    def pots(self) -> list[Pot]:
        """Main pot first, then side pots (002 section 8), layered by what each player put in.

        A layer that only one player paid into and that nobody else can still match (the
        others folded or are all-in for less) is not a pot: it goes back to that player.
        """
        n = self.player_count
        levels = sorted({c for c in self.committed if c > 0})
        pots: list[Pot] = []
        previous = 0
        for top in levels:
            amount = sum(min(c, top) - min(c, previous) for c in self.committed)
            eligible = tuple(
                i + 1
                for i in range(n)
                if not self.folded[i] and (self.committed[i] >= top or self.stacks[i] > 0)
            )
            payers = [i for i in range(n) if self.committed[i] > previous]
            if len(payers) == 1 and eligible == (payers[0] + 1,):
                pass  # nobody else can match it: returned (see uncalled())
            elif pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
            previous = top
        return pots

    def uncalled(self) -> dict[int, int]:
        """Chips that go back to a player because nobody matched them, by player (1-based)."""
        in_pots = sum(p.amount for p in self.pots())
        extra = sum(self.committed) - in_pots
        if not extra:
            return {}
        top = max(range(self.player_count), key=lambda i: self.committed[i])
        return {top + 1: extra}

    # --- the actions ---------------------------------------------------------------

    def act(self, phh: str) -> HoldemAction:
        """Apply one PHH action string (``# comments`` are ignored)."""
        words = phh.split("#", 1)[0].split()
        match words:
            case ["d", "dh", player, cards]:
                return self.deal_hole(self._player(player), None if "?" in cards else parse_cards(cards))
            case ["d", "db", cards]:
                return self.deal_board(parse_cards(cards))
            case [player, "f"]:
                return self.fold(self._player(player))
            case [player, "cc"]:
                return self.check_or_call(self._player(player))
            case [player, "cbr", amount] if amount.isdigit():
                return self.bet_or_raise_to(self._player(player), int(amount))
            case [player, "sm"]:
                return self.muck(self._player(player))
            case [player, "sm", "-"]:
                return self.show(self._player(player), None)
            case [player, "sm", cards]:
                return self.show(self._player(player), parse_cards(cards))
        raise EngineError("bad_action", f"not a no-limit hold'em action: {phh!r}", params={"action": phh})

    def _player(self, text: str) -> int:
        if not (text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= self.player_count):
            raise EngineError("bad_player", f"no such player: {text!r}", params={"player": text})
        return int(text[1:])

    def _dealt(self) -> set[Card]:
        cards = set(self.board)
        for hole in self.hole:
            cards.update(hole or ())
        return cards

    def _check_new_cards(self, cards: Sequence[Card]) -> None:
        if len(set(cards)) != len(cards) or self._dealt() & set(cards):
            raise EngineError(
                "card_dealt_twice", "a card cannot be dealt twice", params={"cards": format_cards(cards)}
            )

    def _draw(self, count: int) -> tuple[Card, ...]:
        if self._rng is None:
            raise EngineError("no_cards", "give the cards, or create the hand with an rng to deal at random")
        deck = Deck(rng=self._rng, exclude=sorted(self._dealt()))
        return deck.draw(count)

    def verify_deal_hole(self, player: int, cards: Sequence[Card] | None) -> None:
        if self.hole[player - 1] is not None:
            raise EngineError("already_dealt", f"p{player} already has hole cards", params={"player": player})
        if cards is not None:
            if len(cards) != 2:
                raise EngineError("bad_card_count", "hold'em deals two hole cards (002 section 2)")
            self._check_new_cards(cards)

    def can_deal_hole(self, player: int, cards: Sequence[Card] | None = None) -> bool:
        return _ok(self.verify_deal_hole, player, cards)

    def deal_hole(self, player: int, cards: Sequence[Card] | None = None) -> HoldemAction:
        """Deal two hole cards; ``None`` deals unknown cards (PHH ``????``) or, with an rng, random ones."""
        self.verify_deal_hole(player, cards)
        if cards is None and self._rng is not None:
            cards = self._draw(2)
        self.hole[player - 1] = tuple(cards) if cards is not None else ()
        text = format_cards(cards) if cards is not None else "????"
        return self._record(
            HoldemAction(f"d dh p{player} {text}", None, "deal_hole", cards=tuple(cards or ()))
        )

    def verify_deal_board(self, cards: Sequence[Card] | None) -> None:
        if self.phase != "deal_board":
            raise EngineError("not_time_to_deal", "the board is dealt only when a betting round is complete")
        want = _BOARD_SIZES[self.street + 1] - len(self.board)
        if cards is not None:
            if len(cards) != want:
                raise EngineError("bad_card_count", f"the {STREETS[self.street + 1]} is {want} card(s)")
            self._check_new_cards(cards)

    def can_deal_board(self, cards: Sequence[Card] | None = None) -> bool:
        return _ok(self.verify_deal_board, cards)

    def deal_board(self, cards: Sequence[Card] | None = None) -> HoldemAction:
        """Deal the flop (3), turn or river (1); 002 section 6. A new betting round starts."""
        self.verify_deal_board(cards)
        if cards is None:
            cards = self._draw(_BOARD_SIZES[self.street + 1] - len(self.board))
        self.board.extend(cards)
        self.street += 1
        n = self.player_count
        self.bets = [0] * n
        self.acted = [False] * n
        self.faced = [0] * n
        self.level = 0
        self.increment = self.table.big_blind
        self.last_full = None
        # 002 section 3.2: after the flop the first live player left of the button acts first.
        self._last = n - 1
        return self._record(
            HoldemAction(f"d db {format_cards(cards)}", None, "deal_board", cards=tuple(cards))
        )

    def _verify_turn(self, player: int) -> int:
        i = player - 1
        if self.phase != "betting":
            raise EngineError("not_betting", "no betting round is open", params={"phase": self.phase})
        if self.actor() != i:
            raise EngineError("out_of_turn", f"it is not p{player}'s turn", params={"player": player})
        return i

    def verify_fold(self, player: int) -> None:
        # 002 section 4: a fold is possible at any time it is the player's turn.
        self._verify_turn(player)

    def can_fold(self, player: int) -> bool:
        return _ok(self.verify_fold, player)

    def fold(self, player: int) -> HoldemAction:
        self.verify_fold(player)
        i = player - 1
        self.folded[i] = True
        self._acted(i)
        return self._record(HoldemAction(f"p{player} f", player, "fold"))

    def verify_check_or_call(self, player: int) -> None:
        self._verify_turn(player)

    def can_check_or_call(self, player: int) -> bool:
        return _ok(self.verify_check_or_call, player)

    def check_or_call(self, player: int) -> HoldemAction:
        """Check, or call the amount owed; short of chips, call all-in (002 section 4)."""
        self.verify_check_or_call(player)
        i = player - 1
        owe = min(self.level - self.bets[i], self.stacks[i])
        self._put(i, owe, street_bet=True)
        self._acted(i)
        kind: Literal["check", "call"] = "call" if owe else "check"
        return self._record(HoldemAction(f"p{player} cc", player, kind, owe, self.stacks[i] == 0))

    def _raise_allowed(self, i: int) -> bool:
        if self.bets[i] + self.stacks[i] <= self.level:
            return False  # all the player has is a call
        if not any(self.bets[j] + self.stacks[j] > self.level for j in self.contenders() if j != i):
            return False  # nobody else could put in a chip more: a raise would only come back
        # An all-in for less than a full raise does not reopen the betting to a player who
        # has acted and now faces less than a full raise in total (TDA 2024 Rule 47-A).
        return not self.acted[i] or self.level - self.faced[i] >= self.increment

    def verify_bet_or_raise_to(self, player: int, amount: int) -> None:
        i = self._verify_turn(player)
        top = self.bets[i] + self.stacks[i]
        if not self._raise_allowed(i):
            raise EngineError(
                "raise_not_allowed",
                "this player may only call or fold (betting not reopened, or nobody can call)",
                params={"player": player},
            )
        minimum = self.level + self.increment
        if amount > top:
            raise EngineError(
                "over_stack", f"p{player} has only {top}", params={"player": player, "max": top}
            )
        if amount < minimum and amount != top:
            raise EngineError(
                "below_min_raise",
                f"the minimum is {minimum} (002 section 4), or all-in for {top}",
                params={"player": player, "min": min(minimum, top)},
            )

    def can_bet_or_raise_to(self, player: int, amount: int) -> bool:
        return _ok(self.verify_bet_or_raise_to, player, amount)

    def bet_or_raise_to(self, player: int, amount: int) -> HoldemAction:
        """Bet or raise to a street total of ``amount`` (PHH ``cbr``)."""
        self.verify_bet_or_raise_to(player, amount)
        i = player - 1
        kind: Literal["bet", "raise"] = "raise" if self.level else "bet"
        if amount - self.level >= self.increment:
            self.increment = amount - self.level  # a full bet or raise sets the next minimum
            self.last_full = (self.level, amount)
        self.level = amount
        self._put(i, amount - self.bets[i], street_bet=True)
        self._acted(i)
        return self._record(
            HoldemAction(f"p{player} cbr {amount}", player, kind, amount, self.stacks[i] == 0)
        )

    def _acted(self, i: int) -> None:
        self.acted[i] = True
        self.faced[i] = self.bets[i]
        self._last = i

    def verify_show(self, player: int, cards: Sequence[Card] | None) -> None:
        i = player - 1
        if self.phase != "showdown" and not self.runout():
            raise EngineError("not_showdown", "cards are shown at the showdown (002 section 7)")
        if self.folded[i] or i in self.showed or i in self.mucked:
            raise EngineError("not_in_showdown", f"p{player} has nothing to show", params={"player": player})
        known = self.hole[i]
        if cards is None:
            if not known:
                raise EngineError("unknown_cards", f"p{player}'s hole cards are unknown: name them")
        elif known and set(cards) != set(known):
            raise EngineError(
                "wrong_cards", f"p{player} holds {format_cards(known)}", params={"player": player}
            )
        elif not known:
            if len(cards) != 2:
                raise EngineError("bad_card_count", "a hold'em hand shows two hole cards")
            self._check_new_cards(cards)

    def can_show(self, player: int, cards: Sequence[Card] | None = None) -> bool:
        return _ok(self.verify_show, player, cards)

    def show(self, player: int, cards: Sequence[Card] | None = None) -> HoldemAction:
        self.verify_show(player, cards)
        shown = tuple(cards) if cards is not None else tuple(self.hole[player - 1] or ())
        self.hole[player - 1] = shown
        self.showed[player - 1] = shown
        return self._record(HoldemAction(f"p{player} sm {format_cards(shown)}", player, "show", cards=shown))

    def verify_muck(self, player: int) -> None:
        i = player - 1
        if self.phase != "showdown" and not self.runout():
            raise EngineError("not_showdown", "cards are mucked at the showdown (002 section 7)")
        if self.folded[i] or i in self.showed or i in self.mucked:
            raise EngineError("not_in_showdown", f"p{player} has nothing to muck", params={"player": player})
        for pot in self.pots():
            if player in pot.eligible and not [
                p for p in pot.eligible if p != player and p - 1 not in self.mucked
            ]:
                raise EngineError(
                    "last_hand_must_show",
                    "the last hand still claiming a pot cannot be mucked",
                    params={"player": player},
                )

    def can_muck(self, player: int) -> bool:
        return _ok(self.verify_muck, player)

    def muck(self, player: int) -> HoldemAction:
        self.verify_muck(player)
        self.mucked.add(player - 1)
        return self._record(HoldemAction(f"p{player} sm", player, "muck"))

    def _record(self, action: HoldemAction) -> HoldemAction:
        self.history.append(action)
        return action

    # --- the end of the hand -----------------------------------------------------------

    def awards(self, *, min_chip: int = 1) -> dict[str, Any]:
        """Who wins each pot and the chips each player receives (002 sections 7 and 8).

        Tied hands split a pot; chips that do not divide evenly go one each to the tied
        winners in order from the button's left (p1 first), as TDA 2024 Rule 20 A has it
        for flop games. Uncalled chips are returned first. ``min_chip`` is the smallest
        chip in play: a pot is split in whole chips of that size (the pots must be
        multiples of it).
        """
        if self.phase != "over":
            raise EngineError(
                "hand_not_over", "awards are known once the hand is over", params={"phase": self.phase}
            )
        total: dict[int, int] = dict(self.uncalled())
        pots_out: list[dict[str, Any]] = []
        strengths = {i + 1: high_strength([*cards, *self.board]) for i, cards in self.showed.items()}
        for pot in self.pots():
            live = [p for p in pot.eligible if p - 1 not in self.mucked]
            if len(live) == 1:
                winners = live
            else:
                best = max(strengths[p] for p in live)
                winners = [p for p in live if strengths[p] == best]
            share, odd = divmod(pot.amount // min_chip, len(winners))
            given = {p: (share + (1 if k < odd else 0)) * min_chip for k, p in enumerate(sorted(winners))}
            for p, chips in given.items():
                total[p] = total.get(p, 0) + chips
            pots_out.append(
                {**pot.to_dict(), "winners": sorted(winners), "awards": {str(p): given[p] for p in given}}
            )
        return {"pots": pots_out, "awards": {str(p): total[p] for p in sorted(total)}}

    def final_stacks(self) -> tuple[int, ...]:
        """Stacks after the awards (the hand must be over)."""
        won = self.awards()["awards"]
        return tuple(self.stacks[i] + won.get(str(i + 1), 0) for i in range(self.player_count))

    def best_hands(self) -> dict[int, str]:
        """The shown hands' names (English), for explanations and displays."""
        return {i + 1: best_high([*c, *self.board]).name("en") for i, c in self.showed.items()}

    # --- random play (for generators and property tests) --------------------------------

    def legal_actions(self) -> list[str]:
        """A few legal PHH actions for the current phase (dealer actions deal at random)."""
        phase = self.phase
        if phase == "deal_hole":
            player = self.hole.index(None) + 1
            return [f"d dh p{player} ????"] if self._rng is None else ["deal_hole"]
        if phase == "deal_board":
            return ["deal_board"]
        if phase == "showdown":
            undecided = [i for i in self.contenders() if i not in self.showed and i not in self.mucked]
            out = [f"p{i + 1} sm -" for i in undecided if self.hole[i]]
            out += [f"p{i + 1} sm" for i in undecided if self.can_muck(i + 1)]
            return out
        i = self.actor()
        if i is None:
            return []
        out = [f"p{i + 1} cc", f"p{i + 1} f"]
        low = self.min_raise_to()
        if low is not None:
            top = self.bets[i] + self.stacks[i]
            out += sorted({f"p{i + 1} cbr {low}", f"p{i + 1} cbr {top}", f"p{i + 1} cbr {(low + top) // 2}"})
        return out

    def play(self, action: str) -> HoldemAction:
        """Like :meth:`act`, also taking ``deal_hole`` and ``deal_board`` (random cards from the rng)."""
        if action == "deal_hole":
            return self.deal_hole(self.hole.index(None) + 1, None)
        if action == "deal_board":
            return self.deal_board(None)
        return self.act(action)


def _ok(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except EngineError:
        return False
    return True
