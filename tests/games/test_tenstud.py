"""Ten-card stud, weakest reveals first (seed document 000): tests named after its sections."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.cards import parse_cards
from games.core.errors import EngineError
from games.core.hands import high_strength
from games.tenstud.game import TenStudDeal, explain_next_reveal, explain_result


def _deal(doors, holes, pot=0):
    return TenStudDeal(doors=[parse_cards(d) for d in doors], holes=[parse_cards(h) for h in holes], pot=pot)


# Door cards: seat 1 has a pair of aces, seat 2 king high, seat 3 two pair, seat 4 queen high,
# seat 5 trips. Hole cards are chosen per test.
DOORS = ["AcAd9h7s2c", "Kc9c7h5d3s", "QcQd8h8s4c", "Qh9d7c5s2d", "JcJdJh6s3c"]
HOLES = ["2h3h4h5h6c", "Ah2s3d4s6d", "Tc9s7d6h5c", "KdTd8c4dQs", "AsKhTh8dJs"]


# --- section 1 and 3: the deal ------------------------------------------------------------------


def test_seed000_section_1_five_players_ten_cards_each_two_cards_unused():
    deal = TenStudDeal.shuffled(rng=random.Random(1))
    cards = [c for p in range(5) for c in deal.up[p] + deal.down[p]]
    assert len(cards) == len(set(cards)) == 50
    assert all(len(deal.up[p]) == 5 and len(deal.down[p]) == 5 for p in range(5))


def test_seed000_section_1_exactly_five_players_and_no_card_twice():
    with pytest.raises(EngineError) as info:
        TenStudDeal(doors=[parse_cards("AcAd9h7s2c")] * 4, holes=[parse_cards("2h3h4h5h6c")] * 4)
    assert info.value.code == "player_count"
    with pytest.raises(EngineError) as info:
        _deal(DOORS, [*HOLES[:4], "AcKhTh8d7s"])
    assert info.value.code == "card_dealt_twice"


def test_seed000_section_3_same_seed_same_deal():
    a = TenStudDeal.shuffled(rng=random.Random(42))
    b = TenStudDeal.shuffled(rng=random.Random(42))
    assert a.up == b.up
    assert a.down == b.down


# --- section 4: the loop --------------------------------------------------------------------------


def test_seed000_section_4_1_current_strength_is_the_five_door_cards():
    deal = _deal(DOORS, HOLES)
    assert deal.current_strengths()[3] == high_strength(parse_cards(DOORS[2]))


def test_seed000_section_4_2_the_weakest_face_up_hand_reveals_one_hole_card():
    deal = _deal(DOORS, HOLES)
    assert deal.next_reveal()["players"] == [4]  # queen high is weaker than king high
    step = deal.reveal()
    assert step.players == (4,)
    assert [str(c) for c in step.cards] == ["Kd"]  # the first hole card dealt
    assert len(deal.up[3]) == 6


def test_seed000_section_4_2_six_or_more_face_up_cards_use_the_best_five():
    deal = _deal(DOORS, HOLES)
    deal.reveal()  # seat 4 turns Kd: K-Q-9-7-5 now beats seat 2's K-9-7-5-3
    assert deal.next_reveal()["players"] == [2]
    assert deal.next_reveal()["hand"]["2"] == "Kc9c7h5d3s"


def test_seed000_section_4_3_tied_weakest_players_reveal_together():
    doors = ["Kc9c7h5d3s", "Kd9d7c5h3h", "AcAd9h7s2c", "QcQd8h8s4c", "JcJdJh6s3c"]
    holes = ["2h3d4h5c6c", "Ah2dQs4s6d", "Tc9s7d6h5s", "KhTd8c4d2s", "AsQhTh8dJs"]
    deal = _deal(doors, holes)
    assert deal.next_reveal()["players"] == [1, 2]
    step = deal.reveal()
    assert step.players == (1, 2)
    assert len(step.cards) == 2
    assert "tied exactly" in explain_next_reveal(_deal(doors, holes))["en"]


def test_seed000_section_4_2_a_player_with_every_card_up_is_passed_over():
    deal = _deal(DOORS, HOLES)
    while deal.down[3]:
        deal.down[3], deal.up[3] = [], deal.up[3] + deal.down[3]
    assert 4 not in deal.next_reveal()["players"]


def test_seed000_section_4_2_the_loop_ends_when_every_card_is_face_up():
    deal = _deal(DOORS, HOLES, pot=500)
    steps = deal.play_out()
    assert deal.finished
    assert sum(len(s.players) for s in steps) == 25  # every hole card, once
    assert not deal.can_reveal()
    with pytest.raises(EngineError) as info:
        deal.reveal()
    assert info.value.code == "all_revealed"


# --- section 5 and 6: the result ----------------------------------------------------------------


def test_seed000_section_5_best_five_of_ten_wins():
    deal = _deal(DOORS, HOLES, pot=500)
    with pytest.raises(EngineError):
        deal.final_ranking()
    deal.play_out()
    ranking = deal.final_ranking()
    best = max(range(1, 6), key=lambda p: high_strength(deal.up[p - 1]))
    assert ranking[0]["seat"] == best
    assert deal.awards() == {best: 500}
    assert "wins the pot of 500" in explain_result(deal)["en"]


def test_seed000_section_5_exact_ties_split_the_pot_odd_chip_to_the_lowest_seat():
    # Seats 1 and 2 both end with an ace-high straight; the others make less.
    doors = ["AcKcQdJh2s", "AdKdQcJs2h", "3d3h5c5d9c", "4c4s5h9hJd", "2c6h7dTh8c"]
    holes = ["Tc3s4h7c8d", "Td3c4d7h8h", "6c6dJcQh9d", "6s7s8sKh2d", "Ah5s9sQsKs"]
    deal = _deal(doors, holes, pot=101)
    deal.play_out()
    assert [row["seat"] for row in deal.final_ranking() if row["place"] == 1] == [1, 2]
    assert deal.awards() == {1: 51, 2: 50}
    text = explain_result(deal)
    assert "split the pot of 101" in text["en"]
    assert "等分" in text["ja"]


def test_seed000_section_6_suits_do_not_rank_hands():
    assert high_strength(parse_cards("AcKcQdJhTs")) == high_strength(parse_cards("AsKsQhJdTc"))


def test_seed000_explanation_names_the_weakest_hand_in_both_languages():
    text = explain_next_reveal(_deal(DOORS, HOLES))
    assert text["en"].startswith("Seat 4 reveals next")
    assert "queen high" in text["en"]
    assert "4番席" in text["ja"]
    assert "Qハイ" in text["ja"]


# --- properties -------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9), pot=st.integers(min_value=0, max_value=10**6))
def test_random_deals_end_with_every_card_up_and_the_pot_paid_out(seed, pot):
    deal = TenStudDeal.shuffled(rng=random.Random(seed), pot=pot)
    before = sorted(c.index for p in range(5) for c in deal.up[p] + deal.down[p])
    steps = deal.play_out()
    after = sorted(c.index for p in range(5) for c in deal.up[p])
    assert before == after  # no card lost, none added, each once
    assert 5 <= len(steps) <= 25
    assert sum(deal.awards().values()) == pot
    # Each step's players were the weakest among those with a hole card left.
    replay = TenStudDeal.shuffled(rng=random.Random(seed), pot=pot)
    for step in steps:
        strengths = replay.current_strengths()
        waiting = [p for p in strengths if replay.down[p - 1]]
        assert all(strengths[p] >= step.strength for p in waiting)
        assert replay.reveal() == step
