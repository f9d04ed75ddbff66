"""One seven-card stud hand as one state object.

The state follows a hand from the antes to the showdown. Each action has ``verify_x()``
(raises :class:`~games.core.errors.EngineError` with a stable code), ``can_x()`` and ``x()``
(applies it and returns an :class:`ActionRecord`). It also lists the legal next actions,
both as PHH action strings and as structured options, so that an editor can build hands
from legal actions only.

>>> import random
>>> from games.stud.rules import TDA_2024, Structure, Variant
>>> state = StudState(
...     variant=Variant.STUD, ruleset=TDA_2024,
...     structure=Structure(ante=100, bring_in=200, small_bet=500, big_bet=1000),
...     starting_stacks=[10000, 10000, 10000],
... )
>>> from games.core.cards import parse_cards
>>> for player, cards in enumerate(["AsKs9h", "QdQc2d", "7h7c5s"]):
...     _ = state.deal_hole(player, parse_cards(cards))
>>> state.actor, state.phh_legal_actions()
(1, ['p2 pb', 'p2 cbr 500'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core.cards import Card
from games.core.errors import EngineError
from games.core.pots import Pot, layer_pots, uncalled_excess
from games.core.records import ActionRecord, LegalAction
from games.stud.betting import BettingMixin
from games.stud.order import bring_in_player, first_by_board
from games.stud.rules import Ruleset, Structure, Variant
from games.stud.showdown import Award, compute_award

__all__ = ["STUB_PROCEDURES", "ActionRecord", "LegalAction", "StudState"]

DECK_SIZE = 52
MAX_PLAYERS = 8


class StudState(BettingMixin):
    """A stud hand from the antes to the showdown (one object per hand).

    Players are indexes ``0..n-1`` in dealing order (p1 is index 0, the first seat to the
    dealer's left); ``seats`` maps them to seat numbers for answers. Antes are posted on
    creation: a player short of the ante is all-in for what they have (RULES.md 1).
    """

    def __init__(
        self,
        *,
        variant: Variant,
        ruleset: Ruleset,
        structure: Structure,
        starting_stacks: Sequence[int],
        antes: Sequence[int] | None = None,
        seats: Sequence[int] | None = None,
        seat_count: int | None = None,
    ) -> None:
        count = len(starting_stacks)
        if not 2 <= count <= MAX_PLAYERS:
            raise EngineError(
                "bad_player_count",
                f"a stud table has 2 to {MAX_PLAYERS} players, not {count}",
                params={"count": count},
                path="starting_stacks",
            )
        self.variant = variant
        self.ruleset = ruleset
        self.structure = structure
        self.count = count
        self.seats: tuple[int, ...] = tuple(seats) if seats is not None else tuple(range(1, count + 1))
        self.seat_count = seat_count
        self.starting_stacks: tuple[int, ...] = tuple(starting_stacks)
        ante_list = tuple(antes) if antes is not None else (structure.ante,) * count
        self.antes: tuple[int, ...] = ante_list
        self.tie_break = ruleset.tie_break(variant)
        # chips
        self.stacks: list[int] = list(starting_stacks)
        self.posted_antes: list[int] = [min(a, s) for a, s in zip(ante_list, starting_stacks, strict=True)]
        self.committed: list[int] = list(self.posted_antes)
        for i in range(count):
            self.stacks[i] -= self.posted_antes[i]
        self.bets: list[int] = [0] * count
        self.returned: list[int] = [0] * count
        self.returns: list[tuple[int, int, int]] = []  # (street, player, amount) in order
        # players
        self.folded: list[bool] = [False] * count
        self.live_count = count
        self.dead: list[bool] = [False] * count  # killed hands (TDA 30, 36, 66)
        self.absent: list[bool] = [False] * count
        self.shown: list[bool] = [False] * count
        self.mucked: list[bool] = [False] * count
        self.exposed: list[list[Card]] = [[] for _ in range(count)]
        # cards
        self.downs: list[list[Card]] = [[] for _ in range(count)]
        self.ups: list[list[Card]] = [[] for _ in range(count)]
        self.community: Card | None = None
        self.used: set[Card] = set()
        self.dead_cards: list[Card] = []
        self.stub = DECK_SIZE
        self.burns = 0
        self.seventh_procedure: str | None = None
        self.stub_before_seventh: int | None = None
        # flow
        self.street = 3
        self.phase = "deal"  # deal, bet, showdown, over, misdeal, settled
        self.to_deal: list[int] = list(range(count))
        self.street_dealt = False  # at least one card of the current street dealt (burn done)
        self.history: list[ActionRecord] = []
        self.street_actions: dict[int, list[ActionRecord]] = {}
        self.rounds_held: list[int] = []
        self.first_actor: dict[int, int] = {}
        self.last_aggressor: dict[int, int] = {}
        self.bring_in_index: int | None = None
        self.voluntary_actions = 0
        self.chip_actions = 0
        self._init_betting()

    # --- seats and players -------------------------------------------------------

    def seat_of(self, player: int) -> int:
        return self.seats[player]

    def player_of_seat(self, seat: int) -> int:
        try:
            return self.seats.index(seat)
        except ValueError:
            raise EngineError("unknown_seat", f"no player in seat {seat}", params={"seat": seat}) from None

    def live_players(self) -> list[int]:
        return [i for i in range(self.count) if not self.folded[i]]

    def is_all_in(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] == 0

    def cards_of(self, player: int) -> list[Card]:
        """Every card the player holds, down and up (and the community card if any)."""
        cards = self.downs[player] + self.ups[player]
        if self.community is not None and not self.folded[player]:
            cards.append(self.community)
        return cards

    def board(self, player: int) -> list[Card]:
        return self.ups[player]

    def door(self, player: int) -> Card | None:
        return self.ups[player][0] if self.ups[player] else None

    def _record(self, record: ActionRecord) -> ActionRecord:
        self.history.append(record)
        self.street_actions.setdefault(self.street, []).append(record)
        return record

    # --- dealing -----------------------------------------------------------------

    @property
    def next_dealee(self) -> int | None:
        """The player to be dealt next, or ``None`` (then maybe a community card is due)."""
        if self.phase != "deal" or self._community_due():
            return None
        return self.to_deal[0] if self.to_deal else None

    def _community_due(self) -> bool:
        return self.street == 7 and self.seventh_procedure in ("B", "C") and self.community is None

    def _cards_per_deal(self) -> int:
        return 3 if self.street == 3 else 1

    def verify_deal_hole(self, player: int, cards: Sequence[Card]) -> None:
        """Check a ``d dh`` deal: right time, right player in dealing order, right count."""
        if self.phase == "misdeal":
            raise EngineError("hand_misdealt", "the hand was declared a misdeal")
        if 0 <= player < self.count and self.folded[player] and self.phase in ("deal", "bet"):
            raise EngineError(
                "dealt_to_dead_hand",
                f"p{player + 1} is not live and gets no more cards (TDA 2024 RP-10 C)",
                params={"player": player + 1},
            )
        if self.phase != "deal":
            raise EngineError(
                "not_dealing_time",
                "cards cannot be dealt now: the betting round is not complete",
                params={"street": self.street},
            )
        if self._community_due():
            raise EngineError(
                "community_card_due",
                f"the stub is short on 7th street (RP-10 H case {self.seventh_procedure}): "
                "deal one community card with 'd db'",
                params={"procedure": self.seventh_procedure},
            )
        if not self.to_deal:
            raise EngineError("not_dealing_time", "every player has been dealt this street")
        if not 0 <= player < self.count:
            raise EngineError("unknown_player", f"no player p{player + 1}", params={"player": player + 1})
        if player != self.to_deal[0]:
            raise EngineError(
                "deal_out_of_order",
                f"the next card goes to p{self.to_deal[0] + 1}, not p{player + 1}",
                params={"expected": self.to_deal[0] + 1, "player": player + 1},
            )
        need = self._cards_per_deal()
        if len(cards) != need:
            raise EngineError(
                "bad_deal_count",
                f"{self.street}th street deals {need} card(s) to each player, not {len(cards)}"
                if self.street > 3
                else f"3rd street deals 3 cards to each player, not {len(cards)}",
                params={"street": self.street, "expected": need, "given": len(cards)},
            )
        self._verify_fresh(cards)
        burn = 0 if self.street == 3 or self.street_dealt else 1
        if self.stub - burn < need:
            raise EngineError("stub_empty", "there are not enough cards left in the stub")

    def _verify_fresh(self, cards: Iterable[Card]) -> None:
        seen: set[Card] = set()
        for card in cards:
            if card in self.used or card in seen:
                raise EngineError(
                    "duplicate_card", f"{card} has already been dealt", params={"card": str(card)}
                )
            seen.add(card)

    def can_deal_hole(self, player: int, cards: Sequence[Card]) -> bool:
        try:
            self.verify_deal_hole(player, cards)
        except EngineError:
            return False
        return True

    def _burn_if_first(self) -> None:
        if self.street > 3 and not self.street_dealt:
            # TDA 2024 Rule 38: one burn before each of 4th to 7th street, never more.
            self.stub -= 1
            self.burns += 1
        self.street_dealt = True

    def deal_hole(self, player: int, cards: Sequence[Card]) -> ActionRecord:
        """Deal a player their card(s) for this street: 3rd down, down, up; 4th-6th up; 7th down."""
        street, used, to_deal = self.street, self.used, self.to_deal
        need = 3 if street == 3 else 1
        if (
            self.phase != "deal"
            or not to_deal
            or to_deal[0] != player
            or len(cards) != need
            or (street == 7 and self._community_due())
            or not used.isdisjoint(cards)
            or (need == 3 and len(set(cards)) != 3)
            or self.stub - (0 if street == 3 or self.street_dealt else 1) < need
        ):
            self.verify_deal_hole(player, cards)  # raises the precise error
        if not self.street_dealt:
            self._burn_if_first()
        used.update(cards)
        self.stub -= need
        if street == 3:
            self.downs[player].extend(cards[:2])
            self.ups[player].append(cards[2])
        elif street == 7:
            self.downs[player].extend(cards)
        else:
            self.ups[player].extend(cards)
        to_deal.pop(0)
        record = ActionRecord("deal_hole", player, 0, tuple(cards))
        self.history.append(record)
        self.street_actions.setdefault(street, []).append(record)
        if not to_deal:
            self._begin_round()
        return record

    def verify_deal_community(self, card: Card) -> None:
        if self.phase != "deal" or not self._community_due():
            raise EngineError(
                "community_card_not_allowed",
                "a community card is dealt only when the stub is short on 7th street (TDA 2024 RP-10 H)",
                params={"street": self.street},
            )
        self._verify_fresh([card])

    def can_deal_community(self, card: Card) -> bool:
        try:
            self.verify_deal_community(card)
        except EngineError:
            return False
        return True

    def deal_community(self, card: Card) -> ActionRecord:
        """Deal the 7th-street community card (TDA 2024 RP-10 H cases B and C)."""
        self.verify_deal_community(card)
        self._burn_if_first()
        self.used.add(card)
        self.stub -= 1
        self.community = card
        self.to_deal.clear()
        record = self._record(ActionRecord("deal_community", None, 0, (card,)))
        self._begin_round()
        return record

    def _start_street(self, street: int) -> None:
        self.street = street
        self.phase = "deal"
        self.street_dealt = False
        self.to_deal = self.live_players()  # TDA 2024 RP-10 C: no cards to dead hands
        if street == 7:
            self.stub_before_seventh = self.stub
            self.seventh_procedure = short_stub_procedure(self.stub, len(self.to_deal))
            if self.seventh_procedure in ("A", "C"):
                # RP-10 H A and C: the three prior burns are scrambled back into the stub.
                self.stub += 3

    def stub_required(self) -> int:
        """RP-10 H 'required number': remaining players + burn card + undealt last card."""
        return len(self.live_players()) + 2

    # --- flow ----------------------------------------------------------------------

    def _end_hand_if_one_left(self) -> bool:
        if self.live_count > 1:
            return False
        self._return_excess()
        self.queue.clear()
        self.phase = "over"
        return True

    def _return_excess(self) -> None:
        can_add = [False] * self.count
        player, amount = uncalled_excess(self.committed, [not f for f in self.folded], can_add)
        if amount:
            self.committed[player] -= amount
            self.bets[player] -= amount
            self.stacks[player] += amount
            self.returned[player] += amount
            self.returns.append((self.street, player, amount))

    def _end_round(self) -> None:
        self.queue.clear()
        if self._end_hand_if_one_left():
            return
        self._return_excess()
        if self.street == 7:
            self.phase = "showdown"
        else:
            self._start_street(self.street + 1)

    @property
    def betting_possible(self) -> bool:
        """Whether at least two live players still have chips to bet."""
        return sum(1 for i in range(self.count) if not self.folded[i] and self.stacks[i] > 0) >= 2

    @property
    def hand_over(self) -> bool:
        return self.phase in ("showdown", "over", "settled")

    @property
    def all_dealt(self) -> bool:
        """All seven cards of every live player are out (or the hand ended early)."""
        return self.phase in ("showdown", "over", "settled")

    # --- pots ----------------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The pots as they stand, main pot first (chips committed so far, layered by all-ins).

        A bet that no other player can still match is left out: it goes back to its owner.
        """
        live = [not f for f in self.folded]
        can_add = [live[i] and self.stacks[i] > 0 for i in range(self.count)]
        committed = list(self.committed)
        player, amount = uncalled_excess(committed, live, can_add)
        if amount:
            committed[player] -= amount
        all_in = [live[i] and self.stacks[i] == 0 for i in range(self.count)]
        return layer_pots(committed, live, all_in)

    def total_pot(self) -> int:
        return sum(pot.amount for pot in self.pots())

    # --- first to act --------------------------------------------------------------

    def bring_in_player(self) -> int:
        """The player whose door card forces the bring-in (every dealt-in hand counts,
        even one killed after the deal: TDA 2024 Rule 30)."""
        return bring_in_player(self.variant, [self.door(i) for i in range(self.count)])

    def best_board_player(self) -> int:
        """The live player whose board acts first on 4th to 7th street, ties per the flag.

        Only upcards count (7th street is dealt down, so 7th uses the 6th-street boards).
        """
        boards = [None if self.folded[i] else self.ups[i][:4] for i in range(self.count)]
        return first_by_board(self.variant, self.tie_break, boards)

    def next_with_chips(self, player: int, *, include_self: bool = False) -> int | None:
        """The first live player with chips clockwise from ``player``."""
        start = 0 if include_self else 1
        for step in range(start, self.count + start):
            i = (player + step) % self.count
            if not self.folded[i] and self.stacks[i] > 0:
                return i
        return None

    def first_to_act(self) -> int | None:
        """Who acts first on 4th to 7th street: the best board; if that player is all-in,
        action proceeds clockwise as if they had checked (RULES.md 14)."""
        best = self.best_board_player()
        return self.next_with_chips(best, include_self=True)

    # --- showdown --------------------------------------------------------------------

    def verify_show_or_muck(self, player: int, cards: Sequence[Card] | None) -> None:
        """``pK sm CARDS`` shows (the cards must be the player's), ``pK sm`` mucks."""
        runout = self.phase == "deal" and not self.betting_possible and len(self.live_players()) > 1
        if self.phase != "showdown" and not runout:
            # TDA 2024 Rule 16: hands are tabled once all betting is complete, which with an
            # all-in may be before the last cards are dealt (they are then dealt face down).
            raise EngineError(
                "not_showdown",
                "players show or muck only once all betting is complete",
                params={"phase": self.phase},
            )
        if not 0 <= player < self.count:
            raise EngineError("unknown_player", f"no player p{player + 1}", params={"player": player + 1})
        if self.folded[player]:
            raise EngineError(
                "not_in_hand", f"p{player + 1} is not in the hand", params={"player": player + 1}
            )
        if self.shown[player] or self.mucked[player]:
            raise EngineError(
                "already_shown", f"p{player + 1} has already shown or mucked", params={"player": player + 1}
            )
        held = set(self.cards_of(player))
        for card in cards or ():
            if card not in held:
                raise EngineError(
                    "not_players_card",
                    f"p{player + 1} does not hold {card}",
                    params={"player": player + 1, "card": str(card)},
                )

    def can_show_or_muck(self, player: int, cards: Sequence[Card] | None) -> bool:
        try:
            self.verify_show_or_muck(player, cards)
        except EngineError:
            return False
        return True

    def show_or_muck(self, player: int, cards: Sequence[Card] | None) -> ActionRecord:
        """Table the hand (TDA 2024 Rule 13-A) or muck it (it then has no claim to the pot)."""
        self.verify_show_or_muck(player, cards)
        if cards:
            self.shown[player] = True
            for card in cards:
                if card not in self.exposed[player]:
                    self.exposed[player].append(card)
            record = ActionRecord("show", player, 0, tuple(cards))
        else:
            self.mucked[player] = True
            record = ActionRecord("muck", player)
        return self._record(record)

    def award(self) -> Award:
        """The award of every pot (only at the showdown or when everyone else folded)."""
        if self.phase not in ("showdown", "over"):
            raise EngineError(
                "not_showdown",
                "the pots are awarded only at the showdown or when one player is left",
                params={"phase": self.phase, "street": self.street},
            )
        return compute_award(self)

    def settle(self) -> Award:
        """Push the pots to the winners; the state is then ``settled``."""
        result = self.award()
        for player, amount in result.totals.items():
            self.stacks[player] += amount
        self.phase = "settled"
        return result


# TDA 2024 RP-10 H: no shortage, then procedures A (reshuffle the burns), B and C (a community card).
STUB_PROCEDURES = ("none", "A", "B", "C")


def short_stub_procedure(stub: int, players: int) -> str:
    """TDA 2024 RP-10 H: which procedure 7th street needs with ``stub`` cards left.

    >>> short_stub_procedure(3, 6), short_stub_procedure(1, 8), short_stub_procedure(7, 7)
    ('B', 'C', 'A')
    """
    required = players + 2  # remaining players + burn card + undealt last card
    if stub >= required:
        return "none"
    if stub + 3 >= required:
        return "A"
    if stub >= 3:
        return "B"
    return "C"
