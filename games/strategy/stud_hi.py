"""The Stud High computer player "Lv2" of seed 003: the street rules of section 7.

:func:`plan_stud_hi_lv2` picks the wanted action by the rule of the street and falls back
to a legal one (section 8); :func:`decide_stud_hi_lv2` returns only the action. Nothing is
random (section 10): the same context always gives the same action.

Rule names in :attr:`Decision.rule` follow the document: ``"3rd-1"`` to ``"3rd-5"``,
``"4th-1"``, ``"4th-2"``, ``"5th-1"``, ``"5th-2"``, ``"6th-2"``, ``"7th-1"``, ``"7th-2"``,
with a word on the branch taken.

>>> from games.core.cards import parse_cards
>>> from games.strategy.context import Action, Facing, Opponent, VisibleContext
>>> ctx = VisibleContext(
...     variant="F7S", street=3, seat=1, down=parse_cards("7h2c"), up=parse_cards("Ks"),
...     opponents=(Opponent(seat=2, up=parse_cards("9d"), yet_to_act=True),
...                Opponent(seat=3, up=parse_cards("3c"), yet_to_act=True)),
...     facing=Facing.BRING_IN, bets=0, aggressors=(3,),
...     allowed=frozenset({Action.FOLD, Action.CALL, Action.COMPLETE}),
... )
>>> plan_stud_hi_lv2(ctx).rule, decide_stud_hi_lv2(ctx)
('3rd-3 steal', <Action.COMPLETE: 'complete'>)
"""

from __future__ import annotations

from games.core.hands import Category, high_board_strength
from games.strategy.context import Action, Decision, Facing, Opponent, VisibleContext, decision
from games.strategy.shapes import best_suit, rank_counts, run_length, three_straight
from games.strategy.stud_hi_eval import (
    HIGH_THREAT,
    LOW_THREAT,
    DrawIntent,
    HandRead,
    Live,
    Pattern,
    StreetCategory,
    ThirdStreetRead,
    Tier,
    read_3rd,
    read_hand,
    score_live,
    score_threat,
)

__all__ = [
    "bluff_catch_conditions",
    "completion_signal",
    "decide_stud_hi_lv2",
    "max_threat",
    "plan_stud_hi_lv2",
    "read_third",
    "steal_allowed",
    "thin_value_spot",
]

JACK, KING, ACE = 11, 13, 14


def decide_stud_hi_lv2(ctx: VisibleContext) -> Action:
    """The Lv2 action for the seat to act (always a member of ``ctx.allowed``)."""
    return plan_stud_hi_lv2(ctx).action


def plan_stud_hi_lv2(ctx: VisibleContext) -> Decision:
    """The Lv2 decision with the rule that made it (section 1.2: street, primary, fallback)."""
    if ctx.street == 3:
        return _third(ctx)
    read = read_hand(
        ctx.cards, street=ctx.street, opponents_up=[o.up for o in ctx.live_opponents], dead=ctx.dead
    )
    if ctx.street == 4:
        return _fourth(ctx, read)
    if ctx.street == 5:
        return _fifth(ctx, read)
    if ctx.street == 6:
        return _sixth(ctx, read)
    return _seventh(ctx, read)


def max_threat(ctx: VisibleContext) -> int:
    """Section 5.1: the threat of the most dangerous opponent still in the hand."""
    return max(score_threat(opp.up) for opp in ctx.live_opponents)


def _facing_bet(ctx: VisibleContext) -> bool:
    return ctx.facing not in (Facing.NOTHING, Facing.BRING_IN)


def _bettor(ctx: VisibleContext) -> Opponent:
    """The opponent who bet or raised last on this street; failing that, the one whose board
    looks strongest."""
    opp = ctx.opponent(ctx.aggressor)
    if opp is not None and opp.live:
        return opp
    return max(ctx.live_opponents, key=lambda o: (score_threat(o.up), high_board_strength(o.up), -o.seat))


# --- 3rd street: section 7.1 ----------------------------------------------------------------


def read_third(ctx: VisibleContext) -> ThirdStreetRead:
    doors = [opp.door for opp in ctx.live_opponents if opp.door is not None]
    return read_3rd(ctx.down, ctx.up, opponent_doors=doors, dead=ctx.dead, heads_up=ctx.heads_up)


def steal_allowed(ctx: VisibleContext) -> bool:
    """Section 7.1 3rd-3 with its brakes and appendix A.

    The door must outrank the door of every live opponent still to act on this street; no
    steal with a door of J or lower, with an ace door still to act, against two or more ace
    doors, or when the suit of my two or three suited cards shows twice or more among the
    dead cards (the optional brake).
    """
    door = int(ctx.door.rank)
    if door <= JACK:
        return False
    behind = [opp.door for opp in ctx.live_opponents if opp.yet_to_act and opp.door is not None]
    if any(int(card.rank) >= door or card.rank == ACE for card in behind):
        return False
    if sum(1 for opp in ctx.live_opponents if opp.door is not None and opp.door.rank == ACE) >= 2:
        return False
    suit, suited = best_suit(ctx.cards)
    return not (suited >= 2 and sum(1 for card in ctx.dead if card.suit is suit) >= 2)


def _third(ctx: VisibleContext) -> Decision:
    read = read_third(ctx)
    tier = read.tier
    if ctx.must_bring_in:
        if tier >= Tier.B:
            return decision(ctx, Action.COMPLETE, f"3rd-1 bring-in, tier {tier.name} completes")
        return decision(ctx, Action.BRING_IN, f"3rd-1 bring-in, tier {tier.name} posts the bring-in")
    if ctx.facing in (Facing.NOTHING, Facing.BRING_IN):
        if tier >= Tier.A:
            return decision(ctx, Action.COMPLETE, f"3rd-2 tier {tier.name} completes")
        if tier is Tier.B:
            if read.live is Live.BAD:
                return decision(ctx, Action.FOLD, "3rd-2 tier B, live BAD folds")
            return decision(ctx, Action.COMPLETE, f"3rd-2 tier B, live {read.live.name} completes")
        if tier is Tier.C and steal_allowed(ctx):
            return decision(ctx, Action.COMPLETE, "3rd-3 steal")
        return decision(ctx, Action.FOLD, f"3rd-2 tier {tier.name} folds")
    if ctx.facing is Facing.COMPLETION and ctx.bets == 1:
        return _third_facing_completion(ctx, read)
    if tier is Tier.S:
        return decision(ctx, Action.CALL, "3rd-5 tier S calls the raise")
    return decision(ctx, Action.FOLD, f"3rd-5 tier {tier.name} folds to the raise")


def _third_facing_completion(ctx: VisibleContext, read: ThirdStreetRead) -> Decision:
    tier = read.tier
    if tier is Tier.S:
        return decision(ctx, Action.RAISE, "3rd-4 tier S raises")
    if tier is Tier.A:
        completer = _bettor(ctx)
        weaker = completer.door is not None and completer.door.rank < ctx.door.rank
        if weaker and max_threat(ctx) <= LOW_THREAT:
            return decision(ctx, Action.RAISE, "3rd-4 tier A over a weaker door raises")
        return decision(ctx, Action.CALL, "3rd-4 tier A calls")
    if tier is Tier.B:
        if read.live is Live.BAD:
            return decision(ctx, Action.FOLD, "3rd-4 tier B, live BAD folds")
        if read.hidden_pair and read.pattern is Pattern.LOW_PAIR and ctx.door.rank < JACK:
            # Section 3.1: no thin call to set-mine with a weak hidden pair.
            return decision(ctx, Action.FOLD, "3rd-4 tier B hidden low pair does not set-mine")
        return decision(ctx, Action.CALL, f"3rd-4 tier B, live {read.live.name} calls")
    return decision(ctx, Action.FOLD, f"3rd-4 tier {tier.name} folds")


# --- 4th street: section 7.2 ----------------------------------------------------------------


def _made_on_fourth(ctx: VisibleContext, read: HandRead) -> bool:
    """ "Made (open pair or better)": two pair or better, a pair showing on my board, or a
    pair above every upcard of every live opponent."""
    if read.made >= Category.TWO_PAIR:
        return True
    if max(rank_counts(ctx.up).values()) >= 2:
        return True
    top = max(int(card.rank) for opp in ctx.live_opponents for card in opp.up)
    return read.pair_rank is not None and read.pair_rank > top


def _fourth(ctx: VisibleContext, read: HandRead) -> Decision:
    threat = max_threat(ctx)
    made = _made_on_fourth(ctx, read)
    semi_bluff = read.strong_draw and threat < HIGH_THREAT
    if not _facing_bet(ctx):
        if made:
            return decision(ctx, Action.BET, "4th-1 made hand bets")
        if semi_bluff:
            return decision(ctx, Action.BET, "4th-1 strong draw semi-bluffs")
        return decision(ctx, Action.CHECK, "4th-1 checks")
    if ctx.bets == 1 and (made or semi_bluff):
        return decision(ctx, Action.RAISE, "4th-2 raises")
    thin = read.live is None or read.live is Live.BAD
    if read.made is Category.HIGH_CARD and thin and threat >= HIGH_THREAT:
        return decision(ctx, Action.FOLD, "4th-2 nothing, thin draw, high threat folds")
    return decision(ctx, Action.CALL, "4th-2 calls")


# --- 5th street: section 7.3 ----------------------------------------------------------------


def _advantage(ctx: VisibleContext) -> bool:
    """ "優位": my board beats the bettor's board and the threat is low."""
    bettor = _bettor(ctx)
    mine = high_board_strength(ctx.up) > high_board_strength(bettor.up)
    return mine and max_threat(ctx) <= LOW_THREAT


def _fifth(ctx: VisibleContext, read: HandRead) -> Decision:
    category = read.category
    if not _facing_bet(ctx):
        if category is StreetCategory.MADE:
            return decision(ctx, Action.BET, "5th-1 M bets")
        if category is StreetCategory.DRAW and max_threat(ctx) < HIGH_THREAT:
            return decision(ctx, Action.BET, "5th-1 D semi-bluffs")
        return decision(ctx, Action.CHECK, f"5th-1 {category.value} checks")
    if category is StreetCategory.MADE:
        if ctx.bets == 1 and _advantage(ctx):
            return decision(ctx, Action.RAISE, "5th-2 M with the advantage raises")
        return decision(ctx, Action.CALL, "5th-2 M calls")
    if category is StreetCategory.DRAW:
        if read.live is Live.BAD:
            return decision(ctx, Action.FOLD, "5th-2 D, live BAD folds")
        return decision(ctx, Action.CALL, "5th-2 D calls")
    return decision(ctx, Action.FOLD, "5th-2 N folds")


# --- 6th street: section 7.4 ----------------------------------------------------------------


def completion_signal(ctx: VisibleContext, opp: Opponent) -> bool:
    """Section 7.4 6th-1: the opponent's board looks complete.

    An open pair with a ten or higher as the newest upcard, four to a flush or to a
    straight showing, or the last aggressor on both 5th and 6th street.
    """
    up = opp.up
    if up and max(rank_counts(up).values()) >= 2 and up[-1].rank >= 10:
        return True
    if best_suit(up)[1] >= 4 or run_length(up) >= 4:
        return True
    return len(ctx.aggressors) >= 4 and ctx.aggressors[2] == opp.seat == ctx.aggressors[3]


def _sixth(ctx: VisibleContext, read: HandRead) -> Decision:
    threat = max_threat(ctx)
    if not _facing_bet(ctx):
        if read.made >= Category.TWO_PAIR:
            return decision(ctx, Action.BET, "6th two pair or better bets")
        if read.made is Category.PAIR and threat < HIGH_THREAT:
            return decision(ctx, Action.BET, "6th one pair bets")
        return decision(ctx, Action.CHECK, "6th checks")
    bettor = _bettor(ctx)
    if read.made >= Category.TWO_PAIR:
        if ctx.bets == 1 and _advantage(ctx):
            return decision(ctx, Action.RAISE, "6th-2 two pair or better with the advantage raises")
        return decision(ctx, Action.CALL, "6th-2 two pair or better calls")
    if read.made is Category.PAIR:
        assert read.pair_rank is not None
        weak = read.pair_rank <= max(int(card.rank) for card in bettor.up)
        dead_pair = score_live(DrawIntent.pair(read.pair_rank), ctx.dead) is Live.BAD
        if threat >= HIGH_THREAT and (weak or dead_pair):
            return decision(ctx, Action.FOLD, "6th-2 weak one pair against a high threat folds")
        return decision(ctx, Action.CALL, "6th-2 one pair calls")
    if read.category is StreetCategory.DRAW:
        if read.live is Live.BAD:
            return decision(ctx, Action.FOLD, "6th-2 draw, live BAD folds")
        if completion_signal(ctx, bettor):
            return decision(ctx, Action.FOLD, "6th-2 draw against a completion signal folds")
        return decision(ctx, Action.CALL, "6th-2 draw calls")
    return decision(ctx, Action.FOLD, "6th-2 nothing folds")


# --- 7th street: section 7.5 ----------------------------------------------------------------


def thin_value_spot(ctx: VisibleContext, read: HandRead) -> bool:
    """7th-1: one pair bets when the opponents' boards are weak (no pair showing, nothing above
    my pair) and at least one of them shows a draw that may have missed (three of a suit or
    three to a straight)."""
    if read.pair_rank is None:
        return False
    boards = [opp.up for opp in ctx.live_opponents]
    if any(max(rank_counts(up).values()) >= 2 for up in boards):
        return False
    if any(int(card.rank) >= read.pair_rank for up in boards for card in up):
        return False
    return any(best_suit(up)[1] >= 3 or three_straight(up) is not None for up in boards)


def bluff_catch_conditions(ctx: VisibleContext, read: HandRead) -> list[str]:
    """7th-2: which of the three bluff-catching conditions hold against the bettor."""
    bettor = _bettor(ctx)
    up = bettor.up
    met = []
    if max(rank_counts(up).values()) < 2 and best_suit(up)[1] <= 3 and run_length(up) <= 3:
        met.append("board not made")
    attacked = len(ctx.aggressors) >= 4 and ctx.aggressors[2] == bettor.seat == ctx.aggressors[3]
    if attacked and score_threat(up) == score_threat(up[:2]):
        met.append("empty gun")
    if read.pair_rank is not None and read.pair_rank >= KING:
        met.append("top pair")
    return met


def _seventh(ctx: VisibleContext, read: HandRead) -> Decision:
    if not _facing_bet(ctx):
        if read.made >= Category.TWO_PAIR:
            return decision(ctx, Action.BET, "7th-1 two pair or better bets for value")
        if read.made is Category.PAIR and thin_value_spot(ctx, read):
            return decision(ctx, Action.BET, "7th-1 one pair bets thin")
        return decision(ctx, Action.CHECK, "7th-1 checks")
    if read.made >= Category.FULL_HOUSE and ctx.bets == 1:
        return decision(ctx, Action.RAISE, "7th-2 full house or better raises")
    if read.made >= Category.TWO_PAIR:
        return decision(ctx, Action.CALL, "7th-2 two pair or better calls")
    if read.made is Category.PAIR and ctx.bets == 1:
        met = bluff_catch_conditions(ctx, read)
        needed = 1 if ctx.heads_up else 2
        if len(met) >= needed:
            return decision(ctx, Action.CALL, "7th-2 bluff-catches: " + ", ".join(met))
        return decision(ctx, Action.FOLD, f"7th-2 one pair folds ({len(met)} of {needed} conditions)")
    return decision(ctx, Action.FOLD, "7th-2 folds")
