"""The table views of hold'em, Flush Code Hack and ten-card stud hold what a dealer at the table
sees and knows (docs/scenario-format-extensions.md section 4), and never the answer."""

from __future__ import annotations

import json
import re

from games.generate_other import FOCUSES, generate_other
from games.solve import solve
from games.table import table_view

DEALS = ["d dh p1 AsKs", "d dh p2 7c7d", "d dh p3 QhJh", "d dh p4 2c2d"]


def nt(
    actions, *, kind="next_action", stacks=(10000, 10000, 10000, 10000), blinds=(50, 100), antes=(), **extra
):
    n = len(stacks)
    return {
        "variant": "NT",
        "antes": list(antes) or [0] * n,
        "blinds_or_straddles": list(blinds) + [0] * (n - len(blinds)),
        "min_bet": max(blinds),
        "starting_stacks": list(stacks),
        "actions": DEALS[:n] + list(actions),
        "_question": {"kind": kind},
        **extra,
    }


def test_a_hold_em_table_shows_the_blinds_and_antes_each_seat_posted_and_what_it_put_in():
    view = table_view(nt(["p3 cbr 300", "p4 cc"], kind="min_raise", antes=(10, 10, 10, 10)))
    seats = view["seats"]
    assert [s["blind"] for s in seats] == [50, 100, 0, 0]
    assert [s["ante"] for s in seats] == [10, 10, 10, 10]
    assert [s["bet"] for s in seats] == [50, 100, 300, 300]
    assert [s["committed"] for s in seats] == [60, 110, 310, 310]
    assert all(s["stack"] + s["committed"] == 10000 for s in seats)
    assert view["structure"]["blinds_or_straddles"] == [50, 100, 0, 0]
    assert view["pot"] == {"total": 790, "collected": 40}
    posts = [(e["seat"], e["action"], e["amount"]) for e in view["history"][:6]]
    assert posts == [
        (1, "post_ante", 10), (2, "post_ante", 10), (3, "post_ante", 10), (4, "post_ante", 10),
        (1, "post_blind", 50), (2, "post_blind", 100),
    ]  # fmt: skip


def test_a_short_stack_posts_what_it_has_and_is_marked_short():
    view = table_view(nt([], stacks=(10000, 60, 10000, 10000)))
    big = view["seats"][1]
    assert (big["blind"], big["short_blind"], big["all_in"], big["stack"]) == (60, True, True, 0)
    post = view["history"][1]
    assert (post["seat"], post["action"], post["amount"], post["to"], post["added"]) == (
        2,
        "post_blind",
        60,
        60,
        60,
    )
    assert post["all_in"] is True


def test_the_hold_em_history_keeps_every_street_with_the_total_reached_and_the_chips_added():
    actions = ["p3 cbr 300", "p4 cc", "p1 cc", "p2 cc", "d db 8h9hTd", "p1 cbr 200", "p2 cbr 800"]
    view = table_view(nt(actions, kind="min_raise"))
    betting = [
        (e["street"], e["seat"], e["action"], e.get("to"), e.get("added")) for e in view["history"][2:]
    ]
    assert betting == [
        ("preflop", 3, "raise", 300, 300),
        ("preflop", 4, "call", 300, 300),
        ("preflop", 1, "call", 300, 250),
        ("preflop", 2, "call", 300, 200),
        ("flop", None, "board", None, None),
        ("flop", 1, "bet", 200, 200),
        ("flop", 2, "raise", 800, 800),
    ]
    assert view["street"] == "flop"
    assert [s["committed"] for s in view["seats"]] == [500, 1100, 300, 300]


def test_a_hold_em_view_never_says_whether_the_betting_round_is_over():
    # The flop round is complete and the turn not dealt: the engine's phase is "deal_board",
    # which would answer a round_over or next_action question by itself.
    actions = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 8h9hTd", "p1 cc", "p2 cc", "p3 cc", "p4 cc"]
    for kind in ("round_over", "next_action"):
        document = nt(actions, kind=kind)
        assert solve(document)["answer"].get("complete", True) is True
        view = table_view(document)
        assert view["phase"] == "betting"
        assert view["street"] == "flop"


# --- Flush Code Hack ------------------------------------------------------------------------------

HANDS = ["d dh p1 9s9hKd7c2s", "d dh p2 9d9cKs7h2c", "d dh p3 AsQcJd5h4d", "d dh p4 3c3d8h6s4s"]


def fch(actions, *, kind="phase_end", points=(20000, 20000, 20000, 20000), **extra):
    return {
        "variant": "FCH",
        "entry_fee": 200,
        "starting_stacks": list(points),
        "actions": HANDS + list(actions),
        "_question": {"kind": kind},
        **extra,
    }


def test_a_phase_end_view_after_the_phase_ends_keeps_its_name_and_its_bets():
    # Everyone has matched 500: betting phase 1 is over and nobody has drawn yet. The view still
    # says "bet1" (the question is whether it is over) and draws the bets that were made.
    document = fch(["p1 cbr 500", "p2 cc", "p3 cc", "p4 cc"], seats=[3, 4, 1, 2])
    assert solve(document)["answer"]["complete"] is True
    view = table_view(document)
    assert view["phase"] == "bet1"
    assert [s["bet"] for s in view["seats"]] == [500, 500, 500, 500]
    assert [s["committed"] for s in view["seats"]] == [700, 700, 700, 700]
    assert view["first"] == 3
    assert [(e["seat"], e["action"], e.get("to")) for e in view["history"] if e["phase"] == "bet1"] == [
        (3, "bet", 500), (4, "call", 500), (1, "call", 500), (2, "call", 500),
    ]  # fmt: skip
    assert [e["seat"] for e in view["history"] if e["phase"] == "fee"] == [3, 4, 1, 2]


ROUND = {
    "variant": "FCH",
    "entry_fee": 200,
    "starting_stacks": [18400, 200, 18400, 20000],
    "actions": [
        "d dh p1 6c4sTd2dJd", "d dh p2 KdKsQc8d5c", "d dh p3 3hTc7s2h8s", "d dh p4 4c5dQhKc9c",
        "p1 cbr 18200", "p3 cc", "p4 cbr 18400",
        "p1 sd 2d6cTd", "d dh p1 7h6h3d", "p2 sd 8dQc5c", "d dh p2 AdAcJh", "p3 sd 2h", "d dh p3 4h",
        "p4 sd 9c", "d dh p4 5s",
        "p1 sd 4s", "d dh p1 2c", "p2 sd Ac", "d dh p2 3s", "p3 sd Tc4h", "d dh p3 QdTs",
        "p4 sd 5d4c5s", "d dh p4 Kh5hQs",
    ],
    "_question": {"kind": "round_result"},
}  # fmt: skip


def test_a_round_result_table_shows_the_points_left_before_the_pot_is_pushed():
    # Seats 1 and 3 went all-in with 18,400 and lost: they are out. The table used to carry only
    # the points before the round (18,400 drawn as their points), which contradicted the answer;
    # it is drawn now as the round ends, before the winner is paid.
    answer = solve(ROUND)["answer"]
    assert answer["winner"] == 4
    assert answer["eliminated"] == [1, 2, 3]
    view = table_view(ROUND)
    points = {s["seat"]: s["points"] for s in view["seats"]}
    assert points == {1: 0, 2: 0, 3: 0, 4: 1400}
    committed = {s["seat"]: s["committed"] for s in view["seats"]}
    assert committed == {1: 18400, 2: 200, 3: 18400, 4: 18600}
    assert sum(committed.values()) == answer["pot"]
    assert "pot" not in view
    for seat in answer["eliminated"]:
        assert points[seat] < view["entry_fee"]
    assert answer["points"]["4"] == 57000
    assert "57000" not in json.dumps(view)


def test_a_round_that_ended_when_everyone_else_dropped_is_not_called_a_showdown():
    view = table_view(fch(["p1 cbr 500", "p2 f", "p3 f", "p4 f"], kind="round_result"))
    assert view["phase"] == "over"
    assert [s["dropped"] for s in view["seats"]] == [False, True, True, True]
    assert all("hand" not in s for s in view["seats"])


# --- ten-card stud --------------------------------------------------------------------------------


def test_the_ten_card_table_marks_the_seat_dealt_first_and_the_smallest_chip():
    document = generate_other(kind="split", variant="T10S", seed=1, focus="odd_chip")
    document = {**document, "seats": [4, 5, 1, 2, 3]}
    view = table_view(document)
    assert view["first"] == 4
    assert view["structure"] == {"min_chip": 1}
    assert [s["seat"] for s in view["seats"]] == [4, 5, 1, 2, 3]


# --- the words around the table ---------------------------------------------------------------


def test_japanese_explanations_have_no_card_codes_no_english_street_names_and_separate_thousands():
    card_code = re.compile(r"(?<![A-Za-z])[2-9TJQKA][shdc](?![a-z])")
    for variant, kinds in FOCUSES.items():
        for kind, focuses in kinds.items():
            for focus in (*focuses, None):
                for seed in range(3):
                    result = solve(generate_other(kind=kind, variant=variant, seed=seed, focus=focus))
                    ja, en = result["explanation"]["ja"], result["explanation"]["en"]
                    assert not card_code.search(ja), ja
                    assert not card_code.search(en), en
                    assert not re.search(r"(?i)\b(preflop|flop|turn|river)\b", ja), ja
                    assert not re.search(r"(?<!TDA )(?<![\d,])\d{4,}", ja), ja
                    assert not re.search(r"(?<!TDA )(?<![\d,])\d{4,}", en), en
                    assert "シート" not in ja
                    assert not re.search(r"(?<![\d,])00[012](?![\d,])|Seed|RULES", ja + en), ja + en


def test_japanese_names_all_in_and_ten_card_stud_with_one_word_each():
    # オールイン (not オール・イン) and the source document's own 10カードスタッド (not 10枚スタッド),
    # in the explanations, the misreading notes and the rules reference texts.
    from games.core.citation_texts import BOOK_TEXTS, TEXTS
    from games.draw.answers import MISREAD_TEXT as DRAW_NOTES
    from games.holdem.answers import MISREAD_TEXT as HOLDEM_NOTES
    from games.tenstud.answers import MISREAD_TEXT as TENSTUD_NOTES

    texts = [ja for notes in (DRAW_NOTES, HOLDEM_NOTES, TENSTUD_NOTES) for _, ja in notes.values()]
    texts += [t.ja for t in (*TEXTS.values(), *BOOK_TEXTS.values())]
    for variant, kinds in FOCUSES.items():
        for kind, focuses in kinds.items():
            for focus in (*focuses, None):
                for seed in range(4):
                    texts.append(
                        solve(generate_other(kind=kind, variant=variant, seed=seed, focus=focus))[
                            "explanation"
                        ]["ja"]
                    )
    for text in texts:
        assert "オール・イン" not in text, text
        assert "10枚スタッド" not in text, text
    assert any("オールイン" in text for text in texts)
    assert any("10カードスタッド" in text for text in texts)
