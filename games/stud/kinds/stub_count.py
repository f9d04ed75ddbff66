"""The stub count of seven-card stud (the three stud games): the card-room stub drill.

Asked at a decision point of the 3rd- to 6th-street betting, or once that betting is over and
before the next street's first card: how many cards are left in the stub now (``stub``), and
how many the next street needs (``needed``).

The stub is what the deck has left after the cards dealt so far and the burns: 52 − cards
dealt − burns. Every card dealt counts, the cards of hands that folded since too (they were
dealt); one burn is made before each of 4th to 7th street, none before 3rd (TDA 2024 Rule 38).

What the next street needs counts the burn: one burn plus one card for each player still in
the hand (a folded hand gets no card, TDA 2024 RP-10 C). For 7th street it is the "required
number" of TDA 2024 RP-10 H, as the ``stub`` question counts it: remaining players + burn
card + the undealt last card, one more than the cards 7th street deals. A stub smaller than
that is short, and RP-10 H decides how 7th street is dealt (the ``stub`` question asks which
procedure). Players are counted as they stand at the decision point: one who folds later in
the round gets no card.

>>> from games.stud.generate import generate
>>> from games.solve import solve
>>> solve(generate(kind="stub_count", variant="F7S", seed=1))["answer"]
{'stub': 28, 'needed': 9}
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from games.core.errors import EngineError
from games.questions.fields import AMOUNT, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import Case
from games.stud.dealing import FOLDY, PASSIVE, _Hand, _stacks
from games.stud.explain import STREET_EN, Text, street_ja
from games.stud.generate import _candidates
from games.stud.rules import Ruleset, Structure, Variant
from games.stud.show_steps import stub_count_show
from games.stud.state import StudState, short_stub_procedure

__all__ = ["KIND", "MISREADINGS", "explain", "generate", "misread", "next_street", "stub_count_answer"]


def next_street(state: StudState) -> int | None:
    """The street the question counts for, or ``None`` when it is not asked now.

    During the betting of 3rd to 6th street: the street after it. Once that betting is over
    and before the next street's first card (or its burn): that street.
    """
    if state.phase == "bet" and 3 <= state.street <= 6:
        return state.street + 1
    if state.phase == "deal" and 4 <= state.street <= 7 and not state.street_dealt:
        return state.street
    return None


def stub_count_answer(state: StudState) -> Solution:
    """The cards left in the stub and the cards the next street needs (see the module)."""
    street = next_street(state)
    if street is None:
        raise EngineError(
            "question_not_applicable",
            "the stub count is asked during or after the betting of 3rd to 6th street, "
            "before the next street is dealt",
            params={"kind": "stub_count"},
            path="_question.kind",
        )
    held = [len(state.downs[i]) + len(state.ups[i]) for i in range(state.count)]
    # Before 7th street the stub is as the deal left it (RP-10 H may add the burns back later).
    stub = state.stub_before_seventh if street == 7 and state.stub_before_seventh is not None else state.stub
    players = len(state.live_players())
    needed = players + (2 if street == 7 else 1)
    dealt = sum(held)
    streets = {s: sum(1 for h in held if h >= s) for s in range(3, street)}
    folded = [state.seat_of(i) for i in range(state.count) if state.folded[i] and held[i]]
    facts = {
        "stub": stub,
        "needed": needed,
        "next_street": street,
        "players": players,
        "dealt": dealt,
        "burns": state.burns,
        "streets": streets,
        "folded": folded,
        "procedure": short_stub_procedure(stub, players) if street == 7 else None,
    }
    rules = ["TDA 2024 Rule 38"]
    if folded:
        rules.append("TDA 2024 RP-10 C")
    if street == 7:
        rules.append("TDA 2024 RP-10 H")
    return Solution("stub_count", {"stub": stub, "needed": needed}, tuple(rules), facts)


# --- the explanation --------------------------------------------------------------------------


def explain(f: Mapping[str, Any], out: Text) -> None:
    streets: dict[int, int] = f["streets"]
    street, stub, needed, players, burns = f["next_street"], f["stub"], f["needed"], f["players"], f["burns"]
    parts_en = [f"{streets[3]} × 3 (3rd street)"] + [
        f"{n} ({STREET_EN[s]})" for s, n in streets.items() if s > 3
    ]
    parts_ja = [f"{streets[3]}人×3枚（{street_ja(3)}）"] + [
        f"{n}枚（{street_ja(s)}）" for s, n in streets.items() if s > 3
    ]
    dealt = f["dealt"]
    burnt_en = (
        "no burn yet (none before 3rd street)" if not burns else f"{burns} burn{'s' if burns > 1 else ''}"
    )
    burnt_ja = (
        "バーンはまだありません（3rdストリートの前はバーンしません）"
        if not burns
        else f"バーンは{burns}枚です"
    )
    out.say(
        "stub_count.stub",
        f"Cards dealt: {' + '.join(parts_en)} = {dealt}, and {burnt_en}. "
        f"Stub: 52 − {dealt} − {burns} = {stub}.",
        f"配ったカードは {' ＋ '.join(parts_ja)} ＝ {dealt}枚で、{burnt_ja}。"
        f"スタブは 52 − {dealt} − {burns} ＝ {stub}枚です。",
    )
    if f["folded"]:
        seats = f["folded"]
        out.say(
            "stub_count.folded_count",
            f"The cards of the folded hand{'s' if len(seats) > 1 else ''} count: they were dealt.",
            "フォールドしたハンドのカードも配ったカードに数えます。",
        )
    if street < 7:
        out.say(
            "stub_count.needed",
            f"{STREET_EN[street]} street needs 1 burn + 1 card for each of the {players} players "
            f"still in the hand = {needed}.",
            f"{street_ja(street)}には、バーン1枚＋ハンドに残っている{players}人に1枚ずつで{needed}枚必要です。",
        )
        out.say(
            "stub_count.enough",
            f"{stub} cards are enough for {STREET_EN[street]} street.",
            f"スタブ{stub}枚で{street_ja(street)}は足ります。",
        )
        return
    out.say(
        "stub_count.needed_seventh",
        f"7th street needs the required number of TDA 2024 RP-10 H: {players} players + burn + "
        f"last card = {needed}.",
        f"{street_ja(7)}に必要なのは TDA 2024 RP-10 H の必要枚数で、残り{players}人＋バーン1枚＋最後の1枚で"
        f"{needed}枚です。",
    )
    if stub >= needed:
        out.say(
            "stub_count.enough",
            f"{stub} cards are enough for 7th street.",
            f"スタブ{stub}枚で{street_ja(7)}は足ります。",
        )
    else:
        out.say(
            "stub_count.short",
            f"The stub is short: {stub} is less than {needed}, so the dealer follows TDA 2024 RP-10 H "
            f"(case {f['procedure']}) before dealing 7th street.",
            f"スタブ{stub}枚は{needed}枚より少ないので、{street_ja(7)}を配る前に TDA 2024 RP-10 H "
            f"（{f['procedure']}）の手順に従います。",
        )


# --- misreadings ---------------------------------------------------------------------------------


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The wrong answers of common slips, each with its code (sentences in MISREADINGS)."""
    state = case.dealt()
    facts = stub_count_answer(state).facts
    if facts["burns"]:
        yield (
            "stub_burns_not_counted",
            {"burns": facts["burns"]},
            {**right, "stub": right["stub"] + facts["burns"]},
        )
    folded_cards = sum(len(state.downs[i]) + len(state.ups[i]) for i in range(state.count) if state.folded[i])
    if folded_cards:
        yield (
            "folded_cards_not_counted",
            {"cards": folded_cards},
            {**right, "stub": right["stub"] + folded_cards},
        )
        folded = sum(1 for f in state.folded if f)
        yield "folded_hands_dealt", {"players": folded}, {**right, "needed": right["needed"] + folded}
    code = "needed_seventh_plain" if facts["next_street"] == 7 else "needed_without_burn"
    yield code, {}, {**right, "needed": right["needed"] - 1}


MISREADINGS = {
    "stub_burns_not_counted": (
        "That forgets the burns: the {burns} burn cards since 3rd street are out of the stub too.",
        "それはバーンを数えていません。3rdストリートの後にバーンした{burns}枚もスタブにはありません。",
    ),
    "folded_cards_not_counted": (
        "That leaves out the folded hands' cards: they were dealt ({cards} cards), so they are out of the stub.",
        "それはフォールドしたハンドのカードを数えていません。配られたカード（{cards}枚）なので、スタブにはありません。",
    ),
    "folded_hands_dealt": (
        "Folded hands get no more cards (TDA 2024 RP-10 C): count only the players still in the hand.",
        "フォールドしたハンドにはもう配りません（TDA 2024 RP-10 C）。ハンドに残っているプレイヤーだけを数えます。",
    ),
    "needed_without_burn": (
        "The next street needs its burn card too: one burn + one card per player in the hand.",
        "次のストリートにはバーンカードも要ります：バーン1枚＋ハンドに残っている人に1枚ずつです。",
    ),
    "needed_seventh_plain": (
        "Before 7th street the required number of TDA 2024 RP-10 H counts the undealt last card too: "
        "remaining players + burn + last card.",
        "7thストリートの前は、TDA 2024 RP-10 H の必要枚数に最後の1枚も入ります：残りのプレイヤー数＋バーン1枚＋最後の1枚です。",
    ),
}


# --- the generator ----------------------------------------------------------------------------


def generate(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[Any, list[str]]:
    """A hand stopped during or after the betting of a street from 3rd to 6th, often 7- or
    8-handed so that the stub runs short before 7th street."""
    # The street and the moment are chosen once; the candidates differ in table size and play.
    street = rng.choice([3, 4, 5, 6, 6])
    during = rng.random() < 0.6

    def make(sub: random.Random) -> tuple[_Hand, list[str]] | None:
        n = sub.choice([2, 3, 4, 5, 6, 7, 7, 8, 8, 8])
        hand = _Hand(sub, v, rs, s, _stacks(sub, n, s, 0.0))

        def stop(st: StudState) -> bool:
            if st.street > street:
                return True
            return during and st.street == street and st.phase == "bet" and sub.random() < 0.35

        hand.run(sub.choice([PASSIVE, PASSIVE, FOLDY]), stop)
        if next_street(hand.state) is None:
            return None
        facts = stub_count_answer(hand.state).facts
        tags = [f"next_street_{facts['next_street']}"]
        if facts["folded"]:
            tags.append("folded_hands")
        if facts["stub"] < facts["needed"]:
            tags.append("short_stub")
        return hand, tags

    def score(hand: _Hand) -> float:
        answer = stub_count_answer(hand.state).answer
        # 7- and 8-handed tables first: there the stub runs short before 7th street.
        return (1.0 if answer["stub"] < answer["needed"] else 0.0) + hand.state.count / 16

    return _candidates(rng, make, score, tries=8)


def situation(view: Mapping[str, Any]) -> Any:
    """What decides the stub besides the answer: the street and who is still dealt to, with
    how many cards each holds, in dealing order (the cards themselves never change the count)."""
    return [view["street"], view["community_card"]] + [
        [s["folded"], s["dead"], len(s["upcards"]), s["downcards"]] for s in view["seats"]
    ]


KIND = QuestionKind(
    name="stub_count",
    family="stud",
    label=("Stub count", "スタブの枚数"),
    fields=(
        Field("stub", AMOUNT, ("Cards left in the stub", "スタブの残り枚数")),
        Field("needed", AMOUNT, ("Cards the next street needs", "次のストリートに必要な枚数")),
    ),
    solve=lambda case: stub_count_answer(case.dealt()),
    hides=("stub",),
    explain=explain,
    misread=misread,
    misreadings=MISREADINGS,
    situation=situation,
    generate=generate,
    show=stub_count_show,
)
