"""Fixed-limit betting rounds of a stud hand (mixed into :class:`games.stud.state.StudState`).

Model of a round: ``high`` is the largest bet of the street, ``floor`` the full bring-in
that callers must reach on 3rd street, ``base`` the last full bet level (a raise goes to
``base + unit``), ``bet_count`` the number of bet levels (the completion is bet 1, the
bring-in never counts: RRoP 7CS-3, RULES.md 3). ``acted_base[i]`` is the level at which
player ``i`` last acted: a player may raise again only once the level has moved since
(TDA 2024 Rule 47-B: a short all-in does not reopen the betting for players who acted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.errors import EngineError
from games.core.records import ActionRecord, LegalAction

if TYPE_CHECKING:
    from games.core.cards import Card
    from games.stud.rules import Ruleset, Structure, Variant

__all__ = ["BettingMixin"]


class BettingMixin:
    """Betting actions: ``verify_x`` / ``can_x`` / ``x`` for each of them."""

    # Provided by StudState.
    count: int
    variant: Variant
    ruleset: Ruleset
    structure: Structure
    stacks: list[int]
    bets: list[int]
    committed: list[int]
    folded: list[bool]
    live_count: int
    dead: list[bool]
    absent: list[bool]
    shown: list[bool]
    mucked: list[bool]
    downs: list[list[Card]]
    ups: list[list[Card]]
    street: int
    phase: str
    to_deal: list[int]
    rounds_held: list[int]
    first_actor: dict[int, int]
    last_aggressor: dict[int, int]
    bring_in_index: int | None
    voluntary_actions: int
    chip_actions: int

    if TYPE_CHECKING:

        def live_players(self) -> list[int]: ...
        def bring_in_player(self) -> int: ...
        def first_to_act(self) -> int | None: ...
        def next_with_chips(self, player: int, *, include_self: bool = False) -> int | None: ...
        def _record(self, record: ActionRecord) -> ActionRecord: ...
        def _end_round(self) -> None: ...
        def _end_hand_if_one_left(self) -> bool: ...
        def cards_of(self, player: int) -> list[Card]: ...
        def _community_due(self) -> bool: ...
        @property
        def betting_possible(self) -> bool: ...

    def _init_betting(self) -> None:
        self.queue: list[int] = []
        self.high = 0
        self.floor = 0
        self.base = 0
        self.bet_count = 0
        self.units: tuple[int, ...] = (self.structure.small_bet,)
        self.acted_base: list[int] = [-1] * self.count
        self.forced: str | None = None  # "bring_in" (forced post) or "open" (TDA 2024 RP-10 E)
        self.round_actions = 0
        # This street's all-ins below a full bet or raise: (player, total, level they were made at).
        self.short_all_ins: list[tuple[int, int, int]] = []
        # This street's all-ins of at least half a bet, full levels (player, total, level before).
        self.full_all_ins: list[tuple[int, int, int]] = []

    # --- starting a round ------------------------------------------------------

    def _clockwise_from(self, first: int) -> list[int]:
        """Live players with chips, clockwise starting at ``first``."""
        n = self.count
        order = []
        for step in range(n):
            i = (first + step) % n
            if not self.folded[i] and self.stacks[i] > 0:
                order.append(i)
        return order

    def _open_pair_showing(self) -> bool:
        for i in range(self.count):
            if not self.folded[i] and len(self.ups[i]) >= 2 and self.ups[i][0].rank == self.ups[i][1].rank:
                return True
        return False

    def _begin_round(self) -> None:
        street = self.street
        self.phase = "bet"
        self.bets = [0] * self.count
        self.high = self.floor = self.base = self.bet_count = 0
        self.acted_base = [-1] * self.count
        self.forced = None
        self.round_actions = 0
        self.short_all_ins = []
        self.full_all_ins = []
        self.queue = []
        unit = self.structure.bet_for_street(street)
        self.units = (unit,)
        if street == 4 and self.ruleset.double_on_open_pair(self.variant) and self._open_pair_showing():
            # RRoP 7CS-4: with an open pair on 4th, any player may bet the lower or upper limit.
            self.units = (self.structure.small_bet, self.structure.big_bet)
        if street == 3:
            self._begin_third_street()
            if self.phase != "bet":
                return
        elif self.betting_possible:
            first = self.first_to_act()
            assert first is not None
            self.queue = self._clockwise_from(first)
        if not self.queue:
            self._end_round()
            return
        self.rounds_held.append(street)
        self.first_actor[street] = self.queue[0]

    def _begin_third_street(self) -> None:
        for i in range(self.count):
            if self.absent[i] and not self.folded[i]:
                # TDA 2024 Rule 30: an absent player's cards are killed after the deal.
                self._mark_folded(i)
                self.dead[i] = True
        if self._end_hand_if_one_left():
            return
        holder = self.bring_in_player()
        self.bring_in_index = holder
        if self.stacks[holder] > 0 and (self.folded[holder] or self.betting_possible):
            # The low card must post; a killed hand dealt the bring-in card posts it too
            # (TDA 2024 Rule 30).
            self.forced = "bring_in"
            self.queue = [holder, *(i for i in self._clockwise_from(holder) if i != holder)]
            if self.folded[holder] and not self.queue[1:]:
                self.queue = []
                self.forced = None
        elif self.betting_possible:
            # TDA 2024 RP-10 E: the low card is all-in on the ante; betting starts to its
            # left and players with chips must bet at least the bring-in or fold.
            first = self.next_with_chips(holder)
            assert first is not None
            self.forced = "open"
            self.queue = self._clockwise_from(first)

    def _restart_round_if_untouched(self) -> None:
        """Redo the start of the round after an event changed the cards or the players
        before anyone acted on this street (RP-10 A, Rule 30)."""
        if self.phase == "bet" and self.round_actions == 0:
            if self.rounds_held and self.rounds_held[-1] == self.street:
                self.rounds_held.pop()
                self.first_actor.pop(self.street, None)
            self._begin_round()

    # --- the player to act and their options ------------------------------------

    @property
    def actor(self) -> int | None:
        """The player to act in the betting round, or ``None``."""
        if self.phase != "bet" or not self.queue:
            return None
        return self.queue[0]

    @property
    def target(self) -> int:
        """The total a player must reach this street to stay in (short bring-in: the full one)."""
        return self.high if self.high > self.floor else self.floor

    def to_call(self, player: int) -> int:
        need = self.target - self.bets[player]
        if need <= 0:
            return 0
        return need if need < self.stacks[player] else self.stacks[player]

    def cap_reached(self) -> bool:
        if self.bet_count < self.structure.max_bets:
            return False
        # TDA 2024 Rule 48 keeps the cap heads-up; cash rooms may lift it (RULES.md 3).
        return not (self.ruleset.cap_lifted_heads_up and len(self.live_players()) == 2)

    def _raise_possible(self, player: int) -> bool:
        stacks, bets = self.stacks, self.bets
        forced = self.forced
        if forced is not None and (
            stacks[player] <= self.structure.bring_in or (forced == "bring_in" and self.folded[player])
        ):
            return False  # a short stack posts the bring-in all-in; a dead hand only posts it
        if self.bet_count >= self.structure.max_bets and self.cap_reached():
            return False
        acted = self.acted_base[player]
        if acted >= 0 and acted == self.base:
            return False  # TDA 2024 Rule 47-B: not reopened for a player who already acted
        high, floor = self.high, self.floor
        target = high if high > floor else floor
        if stacks[player] <= target - bets[player]:
            return False
        folded = self.folded
        # Someone else must be able to put in more than the target, or a raise is pointless.
        for j in range(self.count):  # noqa: SIM110 - a plain loop: this is the hot path of play
            if j != player and not folded[j] and stacks[j] + bets[j] > target:
                return True
        return False

    def raise_blocked_by(self, player: int) -> str | None:
        """Why ``player`` may not complete, bet or raise now (``None``: they may), in the order
        :meth:`_raise_possible` tests it: ``dead_hand`` (a killed hand only has its bring-in
        posted, TDA 2024 Rule 30), ``short_bring_in`` (too short to do more than post the
        bring-in), ``cap`` (Rule 48), ``not_reopened`` (acted at this level and faces only a
        short all-in since, Rule 47-B), ``call_is_all_in``, ``nobody_can_call``."""
        stacks, forced = self.stacks, self.forced
        if forced == "bring_in" and self.folded[player]:
            return "dead_hand"
        if forced is not None and stacks[player] <= self.structure.bring_in:
            return "short_bring_in"
        if self.bet_count >= self.structure.max_bets and self.cap_reached():
            return "cap"
        if 0 <= self.acted_base[player] == self.base:
            return "not_reopened"
        target = self.target
        if stacks[player] <= target - self.bets[player]:
            return "call_is_all_in"
        others = [j for j in range(self.count) if j != player and not self.folded[j]]
        if all(stacks[j] + self.bets[j] <= target for j in others):
            return "nobody_can_call"
        return None

    def raise_totals(self, player: int | None = None) -> list[int]:
        """Every legal 'to' total for a completion, bet or raise of the player to act."""
        actor = self.actor
        player = actor if player is None else player
        if player is None or player != actor:
            return []
        return self._raise_totals(player)

    def _raise_totals(self, player: int) -> list[int]:
        if not self._raise_possible(player):
            return []
        most = self.stacks[player] + self.bets[player]
        high, floor = self.high, self.floor
        target = high if high > floor else floor
        totals: list[int] = []
        for unit in self.units:
            total = self.base + unit
            if total > most:
                total = most  # all-in for less than a full bet or raise
            if total > target and total not in totals:
                totals.append(total)
        return totals

    def raise_kind(self) -> str:
        """``complete`` (3rd street, no full bet yet), ``bet`` (nothing to call) or ``raise``."""
        if self.street == 3 and self.bet_count == 0:
            return "complete"
        return "bet" if self.target == 0 else "raise"

    def betting_choices(self) -> list[tuple[str, int | None]]:
        """The betting actions of the player to act as ``(kind, amount)`` pairs (fast path).

        Kinds: ``post_bring_in``, ``fold``, ``check``, ``call`` (amount added), and
        ``complete``/``bet``/``raise`` with each legal total.
        """
        player = self.actor
        if player is None:
            return []
        out: list[tuple[str, int | None]] = []
        stack = self.stacks[player]
        if self.forced is not None:
            bring_in = self.structure.bring_in
            out.append(("post_bring_in", stack if stack < bring_in else bring_in))
            if self.forced == "open":
                out.append(("fold", None))
        else:
            need = self.target - self.bets[player]
            if need > 0:
                out.append(("fold", None))
                out.append(("call", need if need < stack else stack))
            else:
                out.append(("check", 0))
        totals = self._raise_totals(player)
        if totals:
            kind = self.raise_kind()
            out.extend((kind, total) for total in totals)
        return out

    def options(self) -> dict[str, Any]:
        """The ``next_action`` options of the format (section 3 and 7 conventions)."""
        out: dict[str, Any] = {
            "fold": False,
            "check": False,
            "call": None,
            "bring_in": None,
            "complete_to": None,
            "bet_to": None,
            "raise_to": None,
        }
        for kind, amount in self.betting_choices():
            if kind in ("fold", "check"):
                out[kind] = True
            elif kind in ("call", "bring_in"):
                out[kind] = amount
            elif kind == "post_bring_in":
                out["bring_in"] = amount
            elif kind == "complete":
                out["complete_to"] = amount
            else:
                key = f"{kind}_to"
                out[key] = [*(out[key] or []), amount]
        return out

    def legal_actions(self) -> list[LegalAction]:
        """Every action the state accepts now (deals carry a card count, not cards)."""
        if self.phase == "deal":
            if self.street == 7 and self._community_due():
                return [LegalAction("deal_community", None, deal_count=1)]
            if not self.to_deal:
                return []
            return [LegalAction("deal_hole", self.to_deal[0], deal_count=3 if self.street == 3 else 1)]
        if self.phase == "showdown":
            actions = []
            for p in self.live_players():
                if not self.shown[p] and not self.mucked[p]:
                    actions.append(LegalAction("show", p, cards=tuple(self.downs[p])))
                    actions.append(LegalAction("muck", p))
            return actions
        player = self.actor
        return [LegalAction(kind, player, amount) for kind, amount in self.betting_choices()]

    def phh_legal_actions(self) -> list[str]:
        return [action.phh for action in self.legal_actions()]

    # --- actions ----------------------------------------------------------------

    def _verify_turn(self) -> int:
        if self.phase == "misdeal":
            raise EngineError("hand_misdealt", "the hand was declared a misdeal")
        player = self.actor
        if player is None:
            raise EngineError(
                "no_action_pending",
                "no betting action is pending now (cards are due or the hand is over)",
                params={"street": self.street, "phase": self.phase},
            )
        return player

    def _verify_actor(self, player: int | None) -> int:
        actor = self._verify_turn()
        if player is not None and player != actor:
            raise EngineError(
                "out_of_turn",
                f"it is p{actor + 1}'s turn to act, not p{player + 1}'s",
                params={"expected": actor + 1, "player": player + 1},
            )
        return actor

    def _put(self, player: int, amount: int) -> None:
        self.stacks[player] -= amount
        self.bets[player] += amount
        self.committed[player] += amount
        if self.bets[player] > self.high:
            self.high = self.bets[player]

    def _mark_folded(self, player: int) -> None:
        if not self.folded[player]:
            self.folded[player] = True
            self.live_count -= 1

    def _after_action(self) -> None:
        # Only the actor's chips changed; the queue holds live players with chips.
        self.round_actions += 1
        if self._end_hand_if_one_left():
            return
        if not self.queue or self._nobody_left_to_bet():
            self._end_round()

    def _nobody_left_to_bet(self) -> bool:
        """At most one live player has chips and none of those still to act owes anything:
        a bet nobody could call is not asked for, so the round is over (format section 3;
        TDA 2024 RP-10 E once folds leave one player with chips against the all-in low card)."""
        if self.forced == "bring_in" or self.betting_possible:
            return False
        return all(self.target <= self.bets[i] for i in self.queue)

    def verify_post_bring_in(self, player: int | None = None) -> None:
        """The bring-in is posted by the low card (or, RP-10 E, opened by the first player)."""
        self._verify_actor(player)
        if self.forced is None:
            raise EngineError("no_bring_in_due", "no bring-in is due now", params={"street": self.street})

    def can_post_bring_in(self, player: int | None = None) -> bool:
        try:
            self.verify_post_bring_in(player)
        except EngineError:
            return False
        return True

    def post_bring_in(self, player: int | None = None) -> ActionRecord:
        """Post the bring-in (all-in for less when short: RULES.md 2)."""
        self.verify_post_bring_in(player)
        p = self.queue.pop(0)
        amount = min(self.stacks[p], self.structure.bring_in)
        voluntary = self.forced == "open"
        self._put(p, amount)
        # Others must enter for at least the full bring-in (RULES.md 2, short bring-in).
        self.floor = self.structure.bring_in
        self.acted_base[p] = self.base  # the bring-in player counts as having acted (RULES.md 14)
        self.forced = None
        if voluntary:
            self.voluntary_actions += 1
            self.chip_actions += 1
        record = self._record(ActionRecord("post_bring_in", p, amount, (), self.stacks[p] == 0))
        self._after_action()
        return record

    def verify_check_or_call(self, player: int | None = None) -> None:
        actor = self._verify_actor(player)
        if self.forced == "bring_in":
            raise EngineError(
                "bring_in_required",
                f"p{actor + 1} has the low card and must post the bring-in or complete",
                params={"player": actor + 1},
            )
        if self.forced == "open":
            raise EngineError(
                "bring_in_required",
                "the low card is all-in on the ante: bet at least the bring-in or fold (TDA 2024 RP-10 E)",
                params={"player": actor + 1},
            )

    def can_check_or_call(self, player: int | None = None) -> bool:
        try:
            self.verify_check_or_call(player)
        except EngineError:
            return False
        return True

    def check_or_call(self, player: int | None = None) -> ActionRecord:
        """Check, or call (facing a short bring-in the caller puts in the full bring-in)."""
        queue = self.queue
        if self.phase != "bet" or not queue or self.forced is not None or player not in (None, queue[0]):
            self.verify_check_or_call(player)  # raises the precise error
        p = queue.pop(0)
        stacks, bets = self.stacks, self.bets
        high, floor = self.high, self.floor
        amount = (high if high > floor else floor) - bets[p]
        if amount < 0:
            amount = 0
        elif amount > stacks[p]:
            amount = stacks[p]
        self.acted_base[p] = self.base
        self.voluntary_actions += 1
        if amount:
            self._put(p, amount)
            self.chip_actions += 1
        record = self._record(ActionRecord("call" if amount else "check", p, amount, (), stacks[p] == 0))
        self.round_actions += 1
        if self.live_count < 2:
            self._end_hand_if_one_left()
        elif not queue or (amount and self._nobody_left_to_bet()):
            self._end_round()
        return record

    def verify_fold(self, player: int | None = None) -> None:
        actor = self._verify_actor(player)
        if self.forced == "bring_in":
            raise EngineError(
                "bring_in_required",
                f"p{actor + 1} must post the bring-in: it is a forced bet",
                params={"player": actor + 1},
            )
        if self.forced is None and self.target <= self.bets[actor]:
            raise EngineError(
                "fold_not_facing_bet",
                f"p{actor + 1} faces no bet and can check; a fold here is an irregularity "
                "(use the folds_not_facing_bet event, TDA 2024 Rule 58)",
                params={"player": actor + 1},
            )

    def can_fold(self, player: int | None = None) -> bool:
        try:
            self.verify_fold(player)
        except EngineError:
            return False
        return True

    def fold(self, player: int | None = None) -> ActionRecord:
        self.verify_fold(player)
        p = self.queue.pop(0)
        self._mark_folded(p)
        self.voluntary_actions += 1
        record = self._record(ActionRecord("fold", p))
        self._after_action()
        return record

    def verify_complete_bet_or_raise_to(self, amount: int, player: int | None = None) -> None:
        actor = self._verify_actor(player)
        totals = self.raise_totals(actor)
        if amount in totals:
            return
        if not totals:
            reason = (
                "the raise cap is reached" if self.cap_reached() else "no completion, bet or raise is open"
            )
            raise EngineError(
                "raise_not_allowed",
                f"p{actor + 1} cannot complete, bet or raise: {reason}",
                params={"player": actor + 1, "amount": amount, "cap_reached": self.cap_reached()},
            )
        raise EngineError(
            "illegal_amount",
            f"p{actor + 1} can only go to {' or '.join(map(str, totals))}, not {amount}",
            params={"player": actor + 1, "amount": amount, "legal": totals},
        )

    def can_complete_bet_or_raise_to(self, amount: int, player: int | None = None) -> bool:
        try:
            self.verify_complete_bet_or_raise_to(amount, player)
        except EngineError:
            return False
        return True

    def _reopens(self, total: int) -> bool:
        """TDA 2024 Rule 47-B: an all-in of at least half a full bet or raise reopens."""
        smallest = min(self.units)
        if (
            self.ruleset.short_all_in_reopen_base == "completion_increment"
            and self.street == 3
            and self.bet_count == 0
            and self.floor
        ):
            # Compare with the completion increment over the bring-in (RULES.md 4, grey zone).
            bring_in = self.structure.bring_in
            return 2 * (total - bring_in) >= smallest - bring_in
        return 2 * (total - self.base) >= smallest

    def complete_bet_or_raise_to(self, amount: int, player: int | None = None) -> ActionRecord:
        """Complete, bet or raise to ``amount`` (the player's total for the street)."""
        self.verify_complete_bet_or_raise_to(amount, player)
        kind = self.raise_kind()
        p = self.queue.pop(0)
        self._put(p, amount - self.bets[p])
        increment = amount - self.base
        if increment in self.units:
            if len(self.units) > 1 and increment == max(self.units):
                # RRoP 7CS-4: once the upper limit is bet, further raises are upper-limit.
                self.units = (increment,)
            self.base = amount
            self.bet_count += 1
        elif self._reopens(amount):
            # An all-in of half a bet or more is treated as a full bet (RRoP B&R 5).
            self.full_all_ins.append((p, amount, self.base))
            self.base = amount
            self.bet_count += 1
        else:
            self.short_all_ins.append((p, amount, self.base))
        self.acted_base[p] = self.base
        self.forced = None
        self.last_aggressor[self.street] = p
        self.voluntary_actions += 1
        self.chip_actions += 1
        self.queue = [i for i in self._clockwise_from(p) if i != p]
        record = self._record(ActionRecord(kind, p, amount, (), self.stacks[p] == 0))
        self._after_action()
        return record

    # --- hands killed out of the normal flow (events) ----------------------------

    def kill_hand(self, player: int) -> None:
        """Take a hand out (dead hand, binding fold, absent player): its chips stay in."""
        self._mark_folded(player)
        self.dead[player] = True
        if player in self.to_deal:
            self.to_deal.remove(player)
        if self.phase == "bet":
            if not (self.forced == "bring_in" and self.queue and self.queue[0] == player):
                self.queue = [i for i in self.queue if i != player]
            if self._end_hand_if_one_left():
                return
            if not self.queue or self._nobody_left_to_bet():
                self._end_round()
        elif self.phase == "deal":
            if self._end_hand_if_one_left():
                return
            if not self.to_deal and not self._community_due():
                self._begin_round()
