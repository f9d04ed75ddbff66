"""Flush Code Hack draw scenarios (``variant "FCH"``): one round of seed document 001 written
in PHH style (docs/scenario-format-extensions.md section 2).

A document gives the four players' points before the round (``starting_stacks``; 0 means
the player has already left the game), the entry fee, the round number when it is known
(round 1 starts everyone at 20,000 points, 001 ゲームルール 1) and the actions: the deal
(``d dh pK`` five cards), the bets (``pK cbr N``, ``pK cc``, ``pK f``) and the draws
(``pK sd DISCARDS`` then ``d dh pK NEWCARDS``; ``pK sd`` alone stands pat). p1 is the
round's first player: dealt, asked to bet and to draw first; p2..p4 follow clockwise. The
first player is always a player in the game (001 ゲームルール 2: the turn of the first player
passes clockwise): when p1 has left the game, or leaves at this round's fee, the marker is
on the next player clockwise who paid it (:attr:`DrawRound.first`), as in
:class:`games.draw.game.DrawGame`. The showdown needs no action: 001 says every hand is opened.

:class:`DrawRound` is the state of one round, with the same reading of 001 as
:class:`games.draw.game.DrawGame` (which plays whole games with a shuffled deck).

>>> r = DrawRound(points=(20000, 20000, 150, 0))
>>> r.pot, r.eliminated_now, r.in_game
(400, (3,), (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from games import registry
from games.core.cards import FULL_DECK, Card, format_cards, parse_cards
from games.core.documents import (
    OtherScenario,
    check_depth,
    check_keys,
    read_actions,
    read_extensions,
    read_int,
    read_int_list,
    read_seats,
    whole_chips,
)
from games.core.errors import EngineError
from games.draw.game import ENTRY_FEE, MAX_ROUNDS, STARTING_POINTS, showdown_order

__all__ = ["DrawRecord", "DrawRound", "DrawScenario", "draw_scenario_from_dict", "read_scenario"]

PLAYERS = 4
Phase = Literal["deal", "bet1", "draw1", "bet2", "draw2", "over", "no_round"]
FIELDS = ("variant", "starting_stacks", "actions")
OPTIONAL = ("entry_fee", "round", "seats", "seat_count")


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """One applied action: the player (1-based, None for the dealer), what it was and in which phase."""

    phase: str
    player: int | None
    kind: str  # deal, check, call, bet, raise, drop, discard, replace
    amount: int = 0  # chips added (call) or the phase total (bet, raise)
    all_in: bool = False
    cards: tuple[Card, ...] = ()


class DrawRound:
    """One round of Flush Code Hack, players 1..4 clockwise from the round's first player.

    At creation every player with at least the entry fee pays it into the pot; a player
    with less leaves the game with 0 points (001 ゲームからの退場); 0 points means the
    player left in an earlier round.
    """

    def __init__(
        self, *, points: Sequence[int], entry_fee: int = ENTRY_FEE, round_number: int | None = 1
    ) -> None:
        if len(points) != PLAYERS:
            raise EngineError("player_count", "Flush Code Hack is played by four players (001 用語解説集)")
        self.entry_fee = entry_fee
        self.round_number = round_number
        self.before = tuple(points)
        paying = tuple(i + 1 for i, p in enumerate(points) if p >= entry_fee and p > 0)
        self.eliminated_now = tuple(i + 1 for i, p in enumerate(points) if 0 < p < entry_fee)
        self.out_before = tuple(i + 1 for i, p in enumerate(points) if p == 0)
        self.forfeited = sum(points[p - 1] for p in self.eliminated_now)
        self.in_game = paying
        # 001 ゲームルール 2: the first player's turn passes clockwise among the players in the
        # game, so a player out of it never holds the marker.
        self.first = paying[0] if paying else 1
        self.points = [p - entry_fee if (i + 1) in paying else 0 for i, p in enumerate(points)]
        self.pot = entry_fee * len(paying)
        self.fees = self.pot
        self.hands: dict[int, list[Card]] = {}
        self.dropped: set[int] = set()
        self.bets = [0] * (PLAYERS + 1)  # index 0 unused
        self.acted = [False] * (PLAYERS + 1)
        self.level = 0
        self._turn = 0
        self.phase: Phase = "deal" if len(paying) >= 2 else "no_round"
        self.drawn: set[int] = set()
        self.pending_replace: tuple[int, int] | None = None  # (player, number of cards owed)
        self.unseen: set[Card] = set(FULL_DECK)
        self.pile: list[Card] = []  # cards discarded in draws, shuffled back when the deck runs out
        self._last_discards: tuple[Card, ...] = ()
        self.dead: list[Card] = []  # hands of dropped players: never shuffled back
        self.reshuffles = 0
        self.history: list[DrawRecord] = []
        self.winner: int | None = None
        self.order: tuple[int, ...] = ()
        self.last_bet_phase: str | None = None

    # --- facts ------------------------------------------------------------------------

    def in_round(self) -> list[int]:
        """Players still in the round, from the first player (p1)."""
        return [p for p in self.in_game if p in self.hands and p not in self.dropped]

    def _needs_to_act(self, p: int) -> bool:
        return (
            p in self.in_round()
            and self.points[p - 1] > 0
            and (not self.acted[p] or self.bets[p] < self.level)
        )

    def betting_complete(self) -> bool:
        """001 ラウンドの進行: a lap after the last raise with no raise ends the phase.

        Every player still in who has points has acted since the last raise and matched
        it; all-in players are left out; one player left ends it at once.
        """
        live = self.in_round()
        if len(live) <= 1:
            return True
        able = [p for p in live if self.points[p - 1] > 0]
        if len(able) == 1 and self.bets[able[0]] >= self.level:
            return True
        return not any(self._needs_to_act(p) for p in able)

    def actor(self) -> int | None:
        """Who bets now (betting phase) or draws now (draw phase); None otherwise."""
        if self.phase in ("bet1", "bet2"):
            if self.betting_complete():
                return None
            for k in range(1, PLAYERS + 1):
                p = (self._turn + k - 1) % PLAYERS + 1
                if self._needs_to_act(p):
                    return p
            return None  # pragma: no cover
        if self.phase in ("draw1", "draw2"):
            if self.pending_replace is not None:
                return None
            return next((p for p in self.in_round() if p not in self.drawn), None)
        return None

    def next_dealee(self) -> int | None:
        if self.phase == "deal":
            return next(p for p in self.in_game if p not in self.hands)
        if self.pending_replace is not None:
            return self.pending_replace[0]
        return None

    def options(self) -> dict[str, Any]:
        p = self.actor()
        if p is None or self.phase not in ("bet1", "bet2"):
            return {}
        owe = self.level - self.bets[p]
        top = self.bets[p] + self.points[p - 1]
        return {
            "drop": True,
            "check": owe == 0,
            "call": min(owe, self.points[p - 1]) if owe > 0 else None,
            "bet_to": [self.level + 1, top] if top > self.level and self.level == 0 else None,
            "raise_to": [self.level + 1, top] if top > self.level and self.level > 0 else None,
        }

    # --- actions -------------------------------------------------------------------------

    def act(self, text: str) -> DrawRecord:
        words = text.split("#", 1)[0].split()
        match words:
            case ["d", "dh", player, cards]:
                return self.deal(self._player(player), parse_cards(cards))
            case [player, "sd"]:
                return self.discard(self._player(player), ())
            case [player, "sd", cards]:
                return self.discard(self._player(player), parse_cards(cards))
            case [player, "f"]:
                return self.drop(self._player(player))
            case [player, "cc"]:
                return self.check_or_call(self._player(player))
            case [player, "cbr", amount] if amount.isdigit() and len(amount) <= 13:
                return self.bet_to(self._player(player), int(amount))
        raise EngineError(
            "bad_action", f"not a Flush Code Hack action: {text[:40]!r}", params={"action": text[:40]}
        )

    def _player(self, text: str) -> int:
        if not (
            text.startswith("p") and text[1:].isdigit() and len(text) <= 3 and 1 <= int(text[1:]) <= PLAYERS
        ):
            raise EngineError(
                "unknown_player", f"no such player: {text[:10]!r}", params={"player": text[:10]}
            )
        return int(text[1:])

    def _record(self, record: DrawRecord) -> DrawRecord:
        self.history.append(record)
        return record

    def deal(self, p: int, cards: Sequence[Card]) -> DrawRecord:
        if self.phase in ("over", "no_round"):
            raise EngineError("round_over", "the round is over")
        if len(set(cards)) != len(cards):
            raise EngineError(
                "card_dealt_twice", "a card cannot be dealt twice", params={"cards": format_cards(cards)}
            )
        if self.phase == "deal":
            expected = self.next_dealee()
            if p != expected:
                raise EngineError(
                    "out_of_turn",
                    f"the deal goes to p{expected} next (from the first player, clockwise)",
                    params={"player": p, "expected": expected},
                )
            if len(cards) != 5:
                raise EngineError("bad_card_count", "each player is dealt five cards (001 ラウンドの進行)")
            if not set(cards) <= self.unseen:
                raise EngineError(
                    "card_dealt_twice", "a card cannot be dealt twice", params={"cards": format_cards(cards)}
                )
            self.unseen -= set(cards)
            self.hands[p] = list(cards)
            record = self._record(DrawRecord("deal", None, "deal", cards=tuple(cards)))
            if len(self.hands) == len(self.in_game):
                self._begin_betting("bet1")
            return record
        if self.pending_replace is None or self.pending_replace[0] != p:
            raise EngineError("not_time_to_deal", "cards are dealt now only to replace a player's discards")
        owed = self.pending_replace[1]
        if len(cards) != owed:
            raise EngineError(
                "bad_card_count",
                f"p{p} discarded {owed} and draws {owed}",
                params={"player": p, "count": owed},
            )
        self._take_from_deck(p, cards)
        self.hands[p].extend(cards)
        self.pending_replace = None
        record = self._record(DrawRecord(self.phase, None, "replace", cards=tuple(cards)))
        self._after_draw()
        return record

    def _take_from_deck(self, p: int, cards: Sequence[Card]) -> None:
        """001 山札: draws come from the deck; when it runs out, the cards discarded in earlier
        draws are shuffled into a new one (never the drawing player's own new discards)."""
        fresh = [c for c in cards if c in self.unseen]
        rest = [c for c in cards if c not in self.unseen]
        if rest:
            if self.unseen - set(fresh):
                raise EngineError(
                    "card_not_in_deck",
                    "discards are shuffled back only when the deck has run out (001 山札)",
                    params={"cards": format_cards(rest)},
                )
            just_thrown = set(self._last_discards)
            pool = [c for c in self.pile if c not in just_thrown]
            if not set(rest) <= set(pool):
                raise EngineError(
                    "card_not_in_deck",
                    "that card is in a hand, dead, or has just been thrown by this player",
                    params={"cards": format_cards(rest)},
                )
        self.unseen -= set(fresh)
        if rest:
            just_thrown = set(self._last_discards)
            self.unseen = {c for c in self.pile if c not in just_thrown} - set(rest)
            self.pile = [c for c in self.pile if c in just_thrown]
            self.reshuffles += 1

    def discard(self, p: int, cards: Sequence[Card]) -> DrawRecord:
        if self.phase not in ("draw1", "draw2"):
            raise EngineError("not_drawing", "no draw phase is open", params={"phase": self.phase})
        if self.actor() != p:
            raise EngineError("out_of_turn", f"it is not p{p}'s turn to draw", params={"player": p})
        if len(set(cards)) != len(cards) or not set(cards) <= set(self.hands[p]):
            raise EngineError("not_in_hand", "only cards in the hand can be discarded, each once")
        self.hands[p] = [c for c in self.hands[p] if c not in cards]
        self._last_discards = tuple(cards)
        self.pile.extend(cards)
        self.drawn.add(p)
        record = self._record(DrawRecord(self.phase, p, "discard", amount=len(cards), cards=tuple(cards)))
        if cards:
            self.pending_replace = (p, len(cards))
        else:
            self._after_draw()
        return record

    def _after_draw(self) -> None:
        if self.actor() is None and self.pending_replace is None:
            if self.phase == "draw1":
                self._begin_betting("bet2")
            else:
                self._finish()

    def _begin_betting(self, phase: Phase) -> None:
        self.phase = phase
        self.last_bet_phase = phase
        self.bets = [0] * (PLAYERS + 1)
        self.acted = [False] * (PLAYERS + 1)
        self.level = 0
        self._turn = 0  # so that p1 (or the next player in the round) acts first
        self._after_bet()

    def _verify_turn(self, p: int) -> None:
        if self.phase not in ("bet1", "bet2"):
            raise EngineError("not_betting", "no betting phase is open", params={"phase": self.phase})
        if self.actor() != p:
            raise EngineError("out_of_turn", f"it is not p{p}'s turn", params={"player": p})

    def _put(self, p: int, chips: int) -> None:
        self.points[p - 1] -= chips
        self.bets[p] += chips
        self.pot += chips
        self.acted[p] = True
        self._turn = p

    def check_or_call(self, p: int) -> DrawRecord:
        """Check, or call the bet; short of points, call all-in for what is left."""
        self._verify_turn(p)
        chips = min(self.level - self.bets[p], self.points[p - 1])
        phase = self.phase
        self._put(p, chips)
        record = self._record(
            DrawRecord(phase, p, "call" if chips else "check", chips, chips > 0 and self.points[p - 1] == 0)
        )
        self._after_bet()
        return record

    def bet_to(self, p: int, total: int) -> DrawRecord:
        """Bet or raise to ``total`` this phase: at least 1 point above the bet to match (001 レイズ)."""
        self._verify_turn(p)
        if total <= self.level:
            raise EngineError(
                "raise_too_small",
                f"a bet or raise must go above {self.level} by at least 1 point (001 レイズ)",
                params={"min": self.level + 1},
            )
        if total - self.bets[p] > self.points[p - 1]:
            raise EngineError(
                "over_points",
                f"p{p} has only {self.points[p - 1] + self.bets[p]} in all",
                params={"player": p, "max": self.points[p - 1] + self.bets[p]},
            )
        kind = "raise" if self.level else "bet"
        phase = self.phase
        self.level = total
        self._put(p, total - self.bets[p])
        record = self._record(DrawRecord(phase, p, kind, total, self.points[p - 1] == 0))
        self._after_bet()
        return record

    def drop(self, p: int) -> DrawRecord:
        """001 ドロップ: out of the round; the points bet stay in the pot. An all-in player
        never has the turn, so cannot drop (001 オールイン)."""
        self._verify_turn(p)
        phase = self.phase
        self.dropped.add(p)
        self.acted[p] = True
        self._turn = p
        self.dead.extend(self.hands[p])
        record = self._record(DrawRecord(phase, p, "drop"))
        self._after_bet()
        return record

    def _after_bet(self) -> None:
        if self.phase in ("bet1", "bet2") and self.betting_complete():
            if len(self.in_round()) == 1:
                self._finish()
            else:
                self.phase = "draw1" if self.phase == "bet1" else "draw2"
                self.drawn = set()

    def _finish(self) -> None:
        live = self.in_round()
        self.order = tuple(showdown_order({p: self.hands[p] for p in live})) if len(live) > 1 else tuple(live)
        self.winner = self.order[0]
        self.points[self.winner - 1] += self.pot  # 001: the winner takes the whole pot
        self.phase = "over"

    # --- the end ----------------------------------------------------------------------------

    @property
    def showdown(self) -> bool:
        """The round ended with two or more hands opened."""
        return self.phase == "over" and len(self.order) > 1

    def cannot_pay_next(self) -> tuple[int, ...]:
        """Players still in the game who could not pay the next entry fee."""
        return tuple(p for p in self.in_game if self.points[p - 1] < self.entry_fee)

    def game_over(self) -> bool:
        """001 ゲームの終了: 100 rounds, or fewer than two players able to pay the next fee."""
        if self.phase == "no_round":
            return True
        if self.phase != "over":
            return False
        last = self.round_number is not None and self.round_number >= MAX_ROUNDS
        return last or len(self.in_game) - len(self.cannot_pay_next()) < 2


@dataclass(frozen=True, kw_only=True)
class DrawScenario(OtherScenario):
    """One Flush Code Hack round frozen at a decision point, plus the question asked there."""

    VARIANT = "FCH"

    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    entry_fee: int = ENTRY_FEE
    round: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None

    @property
    def player_seats(self) -> tuple[int, ...]:
        return self.seats if self.seats is not None else tuple(range(1, PLAYERS + 1))

    def seat(self, player: int) -> int:
        return self.player_seats[player - 1]

    def new_round(self) -> DrawRound:
        return DrawRound(points=self.starting_stacks, entry_fee=self.entry_fee, round_number=self.round)

    def replay(self, *, upto: int | None = None) -> DrawRound:
        state = self.new_round()
        if state.phase == "no_round" and self.actions:
            raise EngineError(
                "no_round",
                "fewer than two players can pay the entry fee: the game is over",
                path="actions[0]",
            )
        chip = self.chip
        for i, text in enumerate(self.actions[:upto]):
            words = text.split()
            if len(words) == 3 and words[1] == "cbr" and words[2].isdigit() and int(words[2][:14]) % chip:
                raise EngineError(
                    "not_whole_chips",
                    f"{words[2]} is not a multiple of the smallest chip {chip}",
                    path=f"actions[{i}]",
                )
            try:
                state.act(text)
            except EngineError as err:
                raise err.with_path(f"actions[{i}]") from None
        return state

    def hand_fields(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"variant": "FCH", "entry_fee": self.entry_fee}
        if self.round is not None:
            doc["round"] = self.round
        doc["starting_stacks"] = list(self.starting_stacks)
        if self.seats is not None:
            doc["seats"] = list(self.seats)
        if self.seat_count is not None:
            doc["seat_count"] = self.seat_count
        doc["actions"] = list(self.actions)
        return doc


def draw_scenario_from_dict(doc: Any) -> DrawScenario:
    """Validate a decoded ``"FCH"`` document (the round itself is checked by replaying it)."""
    if not isinstance(doc, dict):
        raise EngineError("bad_type", "a scenario is a JSON object", path=None)
    check_depth(doc)
    check_keys(doc, FIELDS + OPTIONAL, FIELDS, "FCH")
    if doc["variant"] != "FCH":
        raise EngineError("unknown_variant", 'a Flush Code Hack scenario has variant "FCH"', path="variant")
    stacks = read_int_list(doc["starting_stacks"], "starting_stacks")
    if len(stacks) != PLAYERS:
        raise EngineError(
            "bad_player_count",
            "Flush Code Hack has four players (001 用語解説集); 0 points marks a player already out",
            path="starting_stacks",
        )
    fee = read_int(doc["entry_fee"], "entry_fee", minimum=1) if "entry_fee" in doc else ENTRY_FEE
    number = read_int(doc["round"], "round", minimum=1, maximum=MAX_ROUNDS) if "round" in doc else None
    if number == 1 and any(points != STARTING_POINTS for points in stacks):
        raise EngineError(
            "round_one_points",
            f"round 1 starts with every player at {STARTING_POINTS:,} points (001 ゲームルール 1)",
            params={"points": STARTING_POINTS},
            path="starting_stacks",
        )
    extensions = read_extensions(doc, "FCH", registry.kind_names("FCH"))
    chip = extensions.get("min_chip") or 1
    whole_chips(stacks, "starting_stacks", chip)
    whole_chips((fee,), "entry_fee", chip)
    seats, seat_count = read_seats(doc, PLAYERS)
    return DrawScenario(
        starting_stacks=stacks,
        actions=read_actions(doc),
        entry_fee=fee,
        round=number,
        seats=seats,
        seat_count=seat_count,
        **extensions,
    )


# How the registry reads a document of this game (``games.registry.read_document``).
read_scenario = draw_scenario_from_dict
