"""Flush Code Hack five-card draw (seed document 001): tests named after the part they check."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.cards import FULL_DECK, parse_cards
from games.core.errors import EngineError
from games.draw.game import (
    ENTRY_FEE,
    MAX_ROUNDS,
    DrawGame,
    explain_betting,
    explain_round,
    explain_showdown,
    showdown_key,
    showdown_order,
)


def _game(seed=1):
    game = DrawGame(names=("A", "B", "C", "D"), rng=random.Random(seed))
    game.start_round()
    return game


def _order(game):
    return [(game.first + k) % 4 for k in range(4)]


def _all_cards(game):
    cards = list(game.deck) + list(game.discards) + list(game.dead)
    for p, hand in game.hands.items():
        if not game.dropped[p]:
            cards += hand
    return cards


# --- ゲームルール 1: the start --------------------------------------------------------------


def test_seed001_rules_1_four_players_start_with_20000_points_seated_by_the_rng():
    a, b = DrawGame(names="ABCD", rng=random.Random(7)), DrawGame(names="ABCD", rng=random.Random(7))
    assert a.points == [20_000] * 4
    assert (a.names, a.first) == (b.names, b.first)
    seatings = {DrawGame(names="ABCD", rng=random.Random(s)).names for s in range(30)}
    assert len(seatings) > 1


def test_seed001_glossary_the_game_has_exactly_four_players():
    with pytest.raises(EngineError) as info:
        DrawGame(names="ABC", rng=random.Random(1))
    assert info.value.code == "player_count"


# --- ゲームルール 2: a round --------------------------------------------------------------------


def test_seed001_rules_2_every_player_pays_the_200_entry_fee_into_the_pot():
    game = DrawGame(names="ABCD", rng=random.Random(1))
    start = game.start_round()
    assert start.pot == 4 * ENTRY_FEE
    assert game.points == [20_000 - ENTRY_FEE] * 4


def test_seed001_rules_2_five_cards_each_from_one_shuffled_deck():
    game = _game()
    assert all(len(hand) == 5 for hand in game.hands.values())
    assert len(set(_all_cards(game))) == 52


def test_seed001_rules_2_the_first_player_bets_first_and_the_turn_goes_clockwise():
    game = _game()
    order = _order(game)
    assert game.actor() == order[0]
    game.check(order[0])
    assert game.actor() == order[1]
    with pytest.raises(EngineError) as info:
        game.check(order[3])
    assert info.value.code == "out_of_turn"


def test_seed001_rules_2_a_lap_of_checks_ends_the_betting_phase():
    game = _game()
    for p in _order(game)[:3]:
        game.check(p)
        assert game.phase == "bet1"
    record = game.check(_order(game)[3])
    assert record["phase_over"] == "bet1"
    assert game.phase == "draw1"


def test_seed001_rules_2_the_phase_ends_a_lap_after_the_last_raise():
    game = _game()
    p0, p1, p2, p3 = _order(game)
    game.bet_to(p0, 100)
    game.call(p1)
    game.bet_to(p2, 300)  # a raise: the lap starts again from here
    game.call(p3)
    game.call(p0)
    assert game.betting_status()["complete"] is False
    assert game.actor() == p1
    game.call(p1)
    assert game.phase == "draw1"
    assert game.pot == 4 * ENTRY_FEE + 4 * 300


def test_seed001_glossary_a_raise_adds_at_least_one_point_and_raises_are_unlimited():
    game = _game()
    p0, p1, _p2, _p3 = _order(game)
    game.bet_to(p0, 1)
    assert not game.can_bet_to(p1, 1)
    game.bet_to(p1, 2)
    for total in range(3, 40):
        player = game.actor()
        game.bet_to(player, total)
    assert game.level == 39


def test_seed001_glossary_check_only_when_nobody_has_bet():
    game = _game()
    p0, p1, *_ = _order(game)
    game.bet_to(p0, 50)
    assert not game.can_check(p1)
    assert game.can_call(p1)


def test_seed001_glossary_an_all_in_player_is_skipped_and_cannot_drop():
    game = _game()
    p0, p1, p2, p3 = _order(game)
    record = game.all_in(p0)
    assert record["all_in"] is True
    assert game.points[p0] == 0
    assert not game.can_drop(p0)
    for p in (p1, p2, p3):
        game.call(p)
    assert game.phase == "draw1"  # nobody owes anything; the all-in player is not asked again


def test_seed001_glossary_a_player_short_of_points_calls_all_in():
    game = _game()
    p0, p1, *_ = _order(game)
    game.points[p1] = 500
    game.bet_to(p0, 2_000)
    record = game.call(p1)
    assert (record["amount"], record["all_in"]) == (500, True)


def test_seed001_glossary_drop_gives_up_the_points_bet():
    game = _game()
    p0, p1, p2, p3 = _order(game)
    game.bet_to(p0, 500)
    for p in (p1, p2, p3):
        game.drop(p)
    result = game.results[-1]
    assert result.winner == p0
    assert result.pot == 4 * ENTRY_FEE + 500
    assert game.points[p0] == 20_000 + 3 * ENTRY_FEE  # its own fee and bet come back too
    assert game.phase == "between_rounds"


def test_seed001_glossary_a_draw_changes_zero_to_five_cards():
    game = _game()
    for p in _order(game):
        game.check(p)
    p0, p1, *_ = _order(game)
    kept = list(game.hands[p0])
    game.draw(p0, [])
    assert game.hands[p0] == kept
    old = list(game.hands[p1])
    game.draw(p1, old)
    assert not set(old) & set(game.hands[p1])
    assert len(game.hands[p1]) == 5
    p2 = _order(game)[2]
    stranger = next(c for c in FULL_DECK if c not in game.hands[p2])
    with pytest.raises(EngineError) as info:
        game.draw(p2, [stranger])
    assert info.value.code == "not_in_hand"
    assert not game.can_draw(p2, [game.hands[p2][0], game.hands[p2][0]])


def test_seed001_glossary_the_deck_is_rebuilt_from_discards_when_it_runs_out():
    game = _game(3)
    reshuffled = False
    for _ in range(2):
        while game.phase in ("bet1", "bet2"):
            game.check(game.actor())
        while game.phase in ("draw1", "draw2"):
            p = game.actor()
            record = game.draw(p, list(game.hands[p]))  # five new cards every time: 40 > 32
            reshuffled |= record["reshuffled"]
            assert len(set(_all_cards(game))) == len(_all_cards(game))
    assert reshuffled
    assert game.reshuffles == 1
    assert len(game.results) == 1


def test_seed001_rules_2_the_winner_takes_the_whole_pot_even_when_all_in_for_less():
    game = _game(5)
    p0, p1, p2, p3 = _order(game)
    game.points[p0] = 100  # all-in for 100 against bets of 5,000
    game.all_in(p0)
    game.bet_to(p1, 5_000)
    game.call(p2)
    game.drop(p3)
    # Give p0 the best hand for the showdown.
    game.hands[p0] = list(parse_cards("AsKsQsJsTs"))
    for card in game.hands[p0]:
        for q in (p1, p2):
            if card in game.hands[q]:
                game.hands[q].remove(card)
                game.hands[q].append(next(c for c in game.deck if c not in game.hands[p0]))
    for _ in range(2):
        while game.phase in ("draw1", "draw2"):
            game.draw(game.actor(), [])
        while game.phase in ("bet1", "bet2"):
            game.check(game.actor())
    result = game.results[-1]
    assert result.winner == p0
    assert result.pot == 4 * ENTRY_FEE + 100 + 5_000 + 5_000
    assert game.points[p0] == result.pot


def test_seed001_rules_2_the_first_player_moves_clockwise_each_round():
    game = _game()
    first = game.first
    game.bet_to(game.actor(), 10)
    while game.phase == "bet1":
        game.drop(game.actor())
    game.start_round()
    assert game.first == (first + 1) % 4


# --- ゲームからの退場 and ゲームの終了 ----------------------------------------------------------------


def test_seed001_exit_a_player_who_cannot_pay_the_fee_leaves_with_zero_points():
    game = DrawGame(names="ABCD", rng=random.Random(2))
    game.points[1] = 150
    start = game.start_round()
    assert start.eliminated == (1,)
    assert game.out[1]
    assert game.points[1] == 0
    assert game.forfeited == 150
    assert start.pot == 3 * ENTRY_FEE
    assert 1 not in game.hands


def test_seed001_exit_exactly_200_points_can_still_pay_and_plays_all_in():
    game = DrawGame(names="ABCD", rng=random.Random(2))
    game.points[2] = ENTRY_FEE
    game.start_round()
    assert not game.out[2]
    assert game.points[2] == 0
    assert game.actor() != 2 or game.betting_complete()


def test_seed001_rules_3_the_game_ends_after_100_rounds():
    game = DrawGame(names="ABCD", rng=random.Random(4))
    while game.phase != "game_over":
        if game.phase == "between_rounds":
            game.start_round()
        elif game.phase in ("bet1", "bet2"):
            game.check(game.actor())
        else:
            game.draw(game.actor(), [])
    assert game.round == MAX_ROUNDS
    assert sum(game.points) == 80_000
    assert game.standings()[0]["place"] == 1


def test_seed001_rules_3_the_game_ends_when_one_player_is_left():
    game = DrawGame(names="ABCD", rng=random.Random(4))
    game.points = [20_000, 300, 300, 300]
    game.start_round()
    game.bet_to(game.actor(), 1) if game.actor() == 0 else None
    while game.phase == "bet1":
        p = game.actor()
        game.bet_to(p, 1) if p == 0 else game.drop(p)
    # Seat 0 wins; the others keep 100 points, too few for the next fee: they leave.
    assert game.phase == "game_over"
    assert game.out == [False, True, True, True]
    assert game.points[1:] == [0, 0, 0]
    assert game.forfeited == 300
    assert game.standings()[0]["seat"] == 0


# --- カードの強さとスートの順位, ポーカーの役 ------------------------------------------------------------


def test_seed001_card_strength_the_suit_order_is_spades_hearts_diamonds_clubs():
    # The document writes diamonds with the spade symbol (ダイアモンド(♠)): read as ♦.
    hands = {
        0: parse_cards("As9c7d5h3c"),
        1: parse_cards("Ah9d7c5s3d"),
        2: parse_cards("Ad9h7s5c3h"),
        3: parse_cards("Ac9s7h5d3s"),
    }
    assert showdown_order(hands) == [0, 1, 2, 3]


def test_seed001_card_strength_rank_decides_before_suit():
    assert showdown_key(parse_cards("Ac9c7d5h4c")) > showdown_key(parse_cards("As9s7h5d3s"))
    assert showdown_key(parse_cards("2c2d3h4s5c")) > showdown_key(parse_cards("AsKsQhJd9s"))


def test_seed001_card_strength_same_pair_and_kickers_the_highest_suit_of_the_pair_wins():
    hands = {0: parse_cards("7h7dKcQc2c"), 1: parse_cards("7s7cKdQd2d")}
    assert showdown_order(hands) == [1, 0]  # 7s beats 7h


def test_seed001_hands_royal_flush_is_the_top_hand_and_beats_any_straight_flush():
    royal = parse_cards("AhKhQhJhTh")
    assert showdown_key(royal) > showdown_key(parse_cards("KsQsJsTs9s"))
    assert showdown_order({0: parse_cards("AcKcQcJcTc"), 1: royal}) == [1, 0]
    result = _finished_with({0: royal, 1: parse_cards("AcKcQcJcTc")})
    assert "royal flush" in explain_showdown(result, "ABCD")["en"]
    assert "ロイヤルストレートフラッシュ" in explain_showdown(result, "ABCD")["ja"]


def test_seed001_hands_a_to_5_is_the_lowest_straight():
    assert showdown_key(parse_cards("2s3s4h5dAc")) < showdown_key(parse_cards("2c3c4d5h6s"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=20, max_size=20, unique=True))
def test_seed001_card_strength_a_showdown_always_has_exactly_one_winner(cards):
    keys = {showdown_key(cards[5 * k : 5 * k + 5]) for k in range(4)}
    assert len(keys) == 4


def _finished_with(hands):
    game = _game(9)
    for p in range(4):
        game.hands[p] = list(hands.get(p, game.hands[p]))
    for p in range(4):
        if p not in hands:
            game.dropped[p] = True
    while game.phase != "between_rounds":
        if game.phase in ("bet1", "bet2"):
            game.check(game.actor())
        else:
            game.draw(game.actor(), [])
    return game.results[-1]


def test_seed001_explanations_name_the_deciding_suit_and_the_eliminations():
    result = _finished_with({0: parse_cards("7h7dKcQc2c"), 1: parse_cards("7s7cKdQd2d")})
    text = explain_showdown(result, ("A", "B", "C", "D"))
    assert "7♠ beats 7♥" in text["en"]
    assert "スペード" in text["ja"]
    assert "7s" not in text["ja"]
    assert text["ja"].startswith("B")
    game = _game(10)
    game.points[_order(game)[1]] = 100
    p0 = _order(game)[0]
    game.bet_to(p0, 100)
    status = explain_betting(game)
    assert "100 to call" in status["en"]
    while game.phase == "bet1":
        game.drop(game.actor())
    round_text = explain_round(game.results[-1], game.names)
    assert "cannot pay" in round_text["en"]
    assert "退場" in round_text["ja"]


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_games_conserve_points_keep_cards_unique_and_end(seed):
    rng = random.Random(seed)
    game = DrawGame(names="ABCD", rng=random.Random(seed))
    for _ in range(20_000):
        if game.phase == "game_over":
            break
        game.random_action(rng)
        assert sum(game.points) + game.pot + game.forfeited == 80_000
        assert all(points >= 0 for points in game.points)
        if game.hands:
            cards = _all_cards(game)
            assert len(cards) == len(set(cards)) == 52
    assert game.phase == "game_over"
    assert len([p for p in range(4) if not game.out[p]]) >= 1
