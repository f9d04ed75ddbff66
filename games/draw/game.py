"""Flush Code Hack five-card draw, as seed document 001 lays it down.

Four players start with 20,000 points. Each round every player pays a 200-point entry
fee (a player who cannot pay leaves the game with 0 points), is dealt five cards, and
the round runs: bet, draw 0-5, bet, draw, showdown. Ties between equal hands are broken
by rank and then by suit (spades > hearts > diamonds > clubs), so a showdown always has
exactly one winner, who takes the whole pot. The game ends after 100 rounds or when one
player is left.

:class:`DrawGame` is the one state object for a whole game; each action has
``verify_*`` (raises :class:`EngineError`), ``can_*`` and the action itself.

>>> import random
>>> game = DrawGame(names=("A", "B", "C", "D"), rng=random.Random(1))
>>> game.start_round().pot
800
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from games.core.cards import Card, Suit, format_cards
from games.core.documents import cards_text
from games.core.errors import EngineError
from games.core.hands import Category, HandValue, best_high, showdown_key
from games.core.names import card_label

__all__ = [
    "ENTRY_FEE",
    "MAX_ROUNDS",
    "STARTING_POINTS",
    "DrawGame",
    "RoundResult",
    "RoundStart",
    "explain_betting",
    "explain_round",
    "explain_showdown",
    "showdown_key",
    "showdown_order",
]

STARTING_POINTS = 20_000
ENTRY_FEE = 200
MAX_ROUNDS = 100
Phase = Literal["between_rounds", "bet1", "draw1", "bet2", "draw2", "game_over"]


def showdown_order(hands: dict[int, Sequence[Card]]) -> list[int]:
    """Players from the best hand to the worst by :func:`showdown_key`."""
    return sorted(hands, key=lambda p: showdown_key(hands[p]), reverse=True)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What the start of a round did: fees, who left the game, the pot, the first player."""

    round: int
    eliminated: tuple[int, ...]
    paid: tuple[int, ...]
    pot: int
    first: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The end of a round: the winner, the pot, every shown hand and the points after."""

    round: int
    winner: int
    pot: int
    shown: dict[int, tuple[Card, ...]]
    order: tuple[int, ...]  # shown hands, best first
    points: tuple[int, ...]
    cannot_pay_next: tuple[int, ...]  # will leave at the next entry fee

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "winner": self.winner,
            "pot": self.pot,
            "shown": {str(p): format_cards(c) for p, c in self.shown.items()},
            "order": list(self.order),
            "points": list(self.points),
            "cannot_pay_next": list(self.cannot_pay_next),
        }


class DrawGame:
    """A whole Flush Code Hack game: players are seats 0..3 in clockwise order.

    001 "ゲームの開始": the seating and the first player are drawn at random, so the
    ``names`` are seated in an order drawn from ``rng`` and ``first`` is drawn too.
    """

    def __init__(self, *, names: Sequence[str], rng: random.Random, points: int = STARTING_POINTS) -> None:
        if len(names) != 4:
            raise EngineError("player_count", "Flush Code Hack is played by four players (001 用語解説集)")
        seating = list(names)
        rng.shuffle(seating)
        self.names = tuple(seating)
        self.rng = rng
        self.points = [points] * 4
        self.out = [False] * 4
        self.first = rng.randrange(4)
        self.round = 0
        self.phase: Phase = "between_rounds"
        self.hands: dict[int, list[Card]] = {}
        self.deck: list[Card] = []
        self.discards: list[Card] = []
        self.dead: list[Card] = []  # hands of dropped players: not shuffled back
        self.pot = 0
        self.bets = [0] * 4
        self.acted = [False] * 4
        self.dropped = [False] * 4
        self.level = 0
        self._turn: int | None = None
        self.drawn: set[int] = set()
        self.reshuffles = 0
        self.forfeited = 0  # points of players who left the game (they become 0)
        self.results: list[RoundResult] = []

    # --- facts ----------------------------------------------------------------------

    def seated(self) -> list[int]:
        return [p for p in range(4) if not self.out[p]]

    def in_round(self) -> list[int]:
        """Players still in the round (not out of the game, not dropped), from the first player."""
        return [p for p in self._clockwise() if p in self.hands and not self.dropped[p]]

    def _clockwise(self) -> list[int]:
        return [(self.first + k) % 4 for k in range(4)]

    def _can_bet(self, p: int) -> bool:
        return p in self.in_round() and self.points[p] > 0

    def _needs_to_act(self, p: int) -> bool:
        return self._can_bet(p) and (not self.acted[p] or self.bets[p] < self.level)

    def betting_complete(self) -> bool:
        """001 ラウンドの進行: the phase ends when a lap passes after the last raise with no raise.

        Read as: every player still in who has points has acted since the last raise
        and matched it; players all-in are left out. One player left ends it at once.
        """
        live = self.in_round()
        if len(live) <= 1:
            return True
        able = [p for p in live if self.points[p] > 0]
        if len(able) == 1 and self.bets[able[0]] >= self.level:
            return True
        return not any(self._needs_to_act(p) for p in able)

    def actor(self) -> int | None:
        """Who acts now in a betting phase, or draws in a draw phase; None otherwise."""
        if self.phase in ("bet1", "bet2"):
            if self.betting_complete() or self._turn is None:
                return None
            for k in range(1, 5):
                p = (self._turn + k) % 4
                if self._needs_to_act(p):
                    return p
            return None  # pragma: no cover
        if self.phase in ("draw1", "draw2"):
            return next((p for p in self.in_round() if p not in self.drawn), None)
        return None

    def betting_status(self) -> dict[str, Any]:
        """The drill answer for "is the betting phase over?"."""
        return {
            "phase": self.phase,
            "complete": self.phase in ("bet1", "bet2") and self.betting_complete(),
            "actor": self.actor(),
            "to_match": self.level,
            "pot": self.pot,
        }

    # --- a round -----------------------------------------------------------------------

    def verify_start_round(self) -> None:
        if self.phase != "between_rounds":
            raise EngineError(
                "round_in_progress", "the current round is not over", params={"phase": self.phase}
            )

    def start_round(self) -> RoundStart:
        """001 ラウンドの進行: fees (a player who cannot pay is out with 0 points), shuffle, deal five."""
        self.verify_start_round()
        if self.round > 0:
            self.first = self._next_seated(self.first)  # the first player moves clockwise
        eliminated = []
        for p in self.seated():
            if self.points[p] < ENTRY_FEE:
                self.out[p] = True
                self.forfeited += self.points[p]
                self.points[p] = 0  # 001 ゲームからの退場: the points are lost
                eliminated.append(p)
        if self.out[self.first]:
            self.first = self._next_seated(self.first)
        paid = self.seated()
        if len(paid) < 2:
            self.phase = "game_over"
            return RoundStart(self.round + 1, tuple(eliminated), (), 0, self.first)
        self.round += 1
        self.pot = 0
        for p in paid:
            self.points[p] -= ENTRY_FEE
            self.pot += ENTRY_FEE
        self.deck = [Card.from_index(i) for i in range(52)]
        self.rng.shuffle(self.deck)
        self.discards, self.dead = [], []
        self.hands = {p: [] for p in paid}
        self.dropped = [False] * 4
        for _ in range(5):
            for p in self.in_round():
                self.hands[p].append(self.deck.pop())
        self._begin_betting("bet1")
        return RoundStart(self.round, tuple(eliminated), tuple(paid), self.pot, self.first)

    def _next_seated(self, p: int) -> int:
        return next((p + k) % 4 for k in range(1, 5) if not self.out[(p + k) % 4])

    def _begin_betting(self, phase: Phase) -> None:
        self.phase = phase
        self.bets = [0] * 4
        self.acted = [False] * 4
        self.level = 0
        self._turn = (self.first - 1) % 4  # so that the first player acts first
        self._after_action()

    def _verify_turn(self, p: int) -> None:
        if self.phase not in ("bet1", "bet2"):
            raise EngineError("not_betting", "no betting phase is open", params={"phase": self.phase})
        if self.actor() != p:
            raise EngineError("out_of_turn", f"it is not seat {p}'s turn", params={"seat": p})

    def _put(self, p: int, chips: int) -> None:
        self.points[p] -= chips
        self.bets[p] += chips
        self.pot += chips
        self.acted[p] = True
        self._turn = p

    def verify_check(self, p: int) -> None:
        self._verify_turn(p)
        if self.bets[p] != self.level:
            raise EngineError("cannot_check", "a check is possible only when there is nothing to call (001)")

    def can_check(self, p: int) -> bool:
        return _ok(self.verify_check, p)

    def check(self, p: int) -> dict[str, Any]:
        self.verify_check(p)
        self._put(p, 0)
        return self._after_action({"seat": p, "action": "check"})

    def verify_call(self, p: int) -> None:
        self._verify_turn(p)
        if self.bets[p] >= self.level:
            raise EngineError("nothing_to_call", "there is no bet to call (001)")

    def can_call(self, p: int) -> bool:
        return _ok(self.verify_call, p)

    def call(self, p: int) -> dict[str, Any]:
        """Match the bet; a player short of points calls all-in for what they have."""
        self.verify_call(p)
        chips = min(self.level - self.bets[p], self.points[p])
        self._put(p, chips)
        return self._after_action(
            {"seat": p, "action": "call", "amount": chips, "all_in": self.points[p] == 0}
        )

    def verify_bet_to(self, p: int, total: int) -> None:
        """A bet or raise to ``total`` points this phase: at least 1 point more than the bet to match."""
        self._verify_turn(p)
        if total <= self.level:
            raise EngineError(
                "raise_too_small",
                f"a bet or raise must go above {self.level} by at least 1 point (001 レイズ)",
                params={"min": self.level + 1},
            )
        if total - self.bets[p] > self.points[p]:
            raise EngineError("over_points", f"seat {p} has only {self.points[p]} points", params={"seat": p})

    def can_bet_to(self, p: int, total: int) -> bool:
        return _ok(self.verify_bet_to, p, total)

    def bet_to(self, p: int, total: int) -> dict[str, Any]:
        self.verify_bet_to(p, total)
        kind = "raise" if self.level else "bet"
        self.level = total
        self._put(p, total - self.bets[p])
        return self._after_action({"seat": p, "action": kind, "to": total, "all_in": self.points[p] == 0})

    def all_in(self, p: int) -> dict[str, Any]:
        """001 オールイン: all the player's points; a raise if it goes above the bet, else a call."""
        self._verify_turn(p)
        total = self.bets[p] + self.points[p]
        if total > self.level:
            return self.bet_to(p, total)
        return self.call(p)

    def verify_drop(self, p: int) -> None:
        self._verify_turn(p)  # an all-in player never has the turn, so cannot drop (001 オールイン)

    def can_drop(self, p: int) -> bool:
        return _ok(self.verify_drop, p)

    def drop(self, p: int) -> dict[str, Any]:
        self.verify_drop(p)
        self.dropped[p] = True
        self.acted[p] = True
        self._turn = p
        self.dead.extend(self.hands[p])
        return self._after_action({"seat": p, "action": "drop"})

    def _after_action(self, record: dict[str, Any] | None = None) -> dict[str, Any]:
        """Move on when a phase is over; a round left with one player ends there."""
        record = dict(record or {})
        if self.phase in ("bet1", "bet2") and self.betting_complete():
            record["phase_over"] = self.phase
            if len(self.in_round()) == 1:
                record["result"] = self._finish()
            else:
                self.phase = "draw1" if self.phase == "bet1" else "draw2"
                self.drawn = set()
        return record

    # --- the draw -------------------------------------------------------------------------

    def verify_draw(self, p: int, discards: Sequence[Card]) -> None:
        if self.phase not in ("draw1", "draw2"):
            raise EngineError("not_drawing", "no draw phase is open", params={"phase": self.phase})
        if self.actor() != p:
            raise EngineError("out_of_turn", f"it is not seat {p}'s turn to draw", params={"seat": p})
        if len(set(discards)) != len(discards) or not set(discards) <= set(self.hands[p]):
            raise EngineError("not_in_hand", "only cards in the hand can be discarded, each once")

    def can_draw(self, p: int, discards: Sequence[Card]) -> bool:
        return _ok(self.verify_draw, p, discards)

    def draw(self, p: int, discards: Sequence[Card]) -> dict[str, Any]:
        """001 ドロー: discard 0-5 cards and take as many from the deck.

        When the deck runs out, the cards discarded so far by earlier draws are shuffled
        into a new deck (001 山札); the cards this player has just thrown are not among
        them, so nobody draws back their own discards.
        """
        self.verify_draw(p, discards)
        hand = [c for c in self.hands[p] if c not in discards]
        new: list[Card] = []
        reshuffled = False
        for _ in discards:
            if not self.deck:
                self.deck = self.discards
                self.discards = []
                self.rng.shuffle(self.deck)
                self.reshuffles += 1
                reshuffled = True
            new.append(self.deck.pop())
        self.discards.extend(discards)
        self.hands[p] = hand + new
        self.drawn.add(p)
        record: dict[str, Any] = {
            "seat": p,
            "action": "draw",
            "count": len(discards),
            "reshuffled": reshuffled,
        }
        if self.actor() is None:
            if self.phase == "draw1":
                self._begin_betting("bet2")
            else:
                record["result"] = self._finish()
        return record

    # --- showdown and the end of the game ---------------------------------------------------

    def _finish(self) -> RoundResult:
        live = self.in_round()
        shown = {p: tuple(self.hands[p]) for p in live} if len(live) > 1 else {}
        order = tuple(showdown_order(dict(shown))) if shown else tuple(live)
        winner = order[0]
        self.points[winner] += self.pot  # 001: the winner takes the whole pot, all-in or not
        result = RoundResult(
            round=self.round,
            winner=winner,
            pot=self.pot,
            shown=shown,
            order=order,
            points=tuple(self.points),
            cannot_pay_next=tuple(p for p in self.seated() if self.points[p] < ENTRY_FEE),
        )
        self.pot = 0
        self.results.append(result)
        self.hands = {}
        self.phase = "between_rounds"
        if self.round >= MAX_ROUNDS:
            self.phase = "game_over"  # 001 ゲームの終了: 100 rounds
        elif len(self.seated()) - len(result.cannot_pay_next) < 2:
            # Only one player could pay the next fee: the others leave, one player is left.
            for p in result.cannot_pay_next:
                self.out[p] = True
                self.forfeited += self.points[p]
                self.points[p] = 0
            self.phase = "game_over"
        return result

    def standings(self) -> list[dict[str, Any]]:
        """001 ゲームの終了: most points first (equal points share a place)."""
        order = sorted(range(4), key=lambda p: -self.points[p])
        return [
            {
                "seat": p,
                "name": self.names[p],
                "points": self.points[p],
                "place": 1 + sum(1 for q in range(4) if self.points[q] > self.points[p]),
            }
            for p in order
        ]

    # --- random play ---------------------------------------------------------------------

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """One random legal action (or the start of the next round)."""
        if self.phase == "between_rounds":
            return {"start": self.start_round()}
        p = self.actor()
        assert p is not None
        if self.phase in ("draw1", "draw2"):
            return self.draw(p, rng.sample(self.hands[p], rng.randint(0, 5)))
        options = ["drop", "all_in"]
        options.append("check" if self.can_check(p) else "call")
        if self.points[p] + self.bets[p] > self.level + 1:
            options += ["bet", "bet"]
        choice = rng.choice(options)
        if choice == "bet":
            top = self.bets[p] + self.points[p]
            return self.bet_to(p, rng.randint(self.level + 1, min(top, self.level + 1 + top // 4)))
        return dict(getattr(self, choice)(p))


def _ok(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except EngineError:
        return False
    return True


_SUIT_JA = {Suit.SPADES: "スペード", Suit.HEARTS: "ハート", Suit.DIAMONDS: "ダイヤ", Suit.CLUBS: "クラブ"}


def explain_showdown(result: RoundResult, names: Sequence[str]) -> dict[str, str]:
    """Why the winner won, naming the deciding rank or suit (001 カードの強さとスートの順位)."""
    if not result.shown:
        name = names[result.winner]
        return {
            "en": f"Everyone else dropped, so {name} wins the pot of {result.pot} without a showdown.",
            "ja": f"他の全員がドロップしたので、{name}がショーダウンなしでポット{result.pot}を獲得します。",
        }
    first, second = result.order[0], result.order[1]
    a, b = best_high(result.shown[first]), best_high(result.shown[second])
    wn, rn = names[first], names[second]
    en = f"{wn} wins the pot of {result.pot} with {_label(a, 'en')} ({cards_text(a.cards)})"
    ja = f"{wn}が{_label(a, 'ja')}（{cards_text(a.cards)}）でポット{result.pot}を獲得します"
    if a.strength != b.strength:
        en += f", better than {rn}'s {_label(b, 'en')}."
        ja += f"。{rn}の{_label(b, 'ja')}より強い役です。"
    else:
        k = next(i for i in range(5) if a.cards[i].suit != b.cards[i].suit)
        ca, cb = a.cards[k], b.cards[k]
        en += (
            f": {rn} has the same hand and ranks, so the suits decide, card by card: "
            f"{card_label(ca)} beats {card_label(cb)} (spades > hearts > diamonds > clubs)."
        )
        ja += (
            f"。{rn}と役も数字も同じなので、強い札から順にスートで比べます。"
            f"{card_label(ca)}（{_SUIT_JA[ca.suit]}）が{card_label(cb)}（{_SUIT_JA[cb.suit]}）に勝ちます"
            "（スペード＞ハート＞ダイヤ＞クラブ）。"
        )
    return {"en": en, "ja": ja}


def _label(value: HandValue, lang: Literal["en", "ja"]) -> str:
    if value.category == Category.STRAIGHT_FLUSH and value.ranks[0] == 14:
        return "a royal flush" if lang == "en" else "ロイヤルストレートフラッシュ"
    name = value.name(lang)
    return name[0].lower() + name[1:] if lang == "en" else name


def explain_round(result: RoundResult, names: Sequence[str]) -> dict[str, str]:
    """The pot, the winner and who cannot pay the next entry fee (001 ゲームからの退場)."""
    wn, now = names[result.winner], result.points[result.winner]
    en = f"Round {result.round}: {wn} takes the pot of {result.pot} and now has {now}."
    ja = f"第{result.round}ラウンドは{wn}がポット{result.pot}を獲得し、持ち点は{now}になります。"
    if result.cannot_pay_next:
        who_en = ", ".join(f"{names[p]} ({result.points[p]})" for p in result.cannot_pay_next)
        who_ja = "、".join(f"{names[p]}（{result.points[p]}点）" for p in result.cannot_pay_next)
        en += f" {who_en} cannot pay the {ENTRY_FEE}-point entry fee and leaves the game with 0 points."
        ja += f"{who_ja}は参加フィー{ENTRY_FEE}ポイントを払えないため、持ち点0で退場します。"
    return {"en": en, "ja": ja}


def explain_betting(game: DrawGame) -> dict[str, str]:
    """Whether the betting phase is over, and if not, who must still act."""
    status = game.betting_status()
    phase_en = {"bet1": "first", "bet2": "second"}.get(game.phase, "")
    phase_ja = {"bet1": "1回目", "bet2": "2回目"}.get(game.phase, "")
    if status["complete"] or status["actor"] is None:
        return {
            "en": f"The {phase_en} betting phase is over: since the last raise, everyone still in has "
            f"called, dropped or is all-in, and nobody re-raised within the lap.",
            "ja": f"{phase_ja}のベットフェーズは終了です。最後のレイズから1周する間に誰もレイズせず、"
            "残った全員がコール・ドロップ・オールインのいずれかをしました。",
        }
    p = status["actor"]
    owe = game.level - game.bets[p]
    name = game.names[p]
    if owe:
        return {
            "en": f"The {phase_en} betting phase is not over: {name} still has {owe} to call.",
            "ja": f"{phase_ja}のベットフェーズはまだ続きます。{name}がまだ{owe}をコールしていません。",
        }
    return {
        "en": f"The {phase_en} betting phase is not over: {name} has not acted yet.",
        "ja": f"{phase_ja}のベットフェーズはまだ続きます。{name}がまだアクションしていません。",
    }
