"""The stud table view, version 2: what a dealer at the table sees and knows."""

from __future__ import annotations

import random

import pytest

from games.api import kind_names
from games.core.cards import Deck
from games.questions.answerable import check_answerable, rebuild_from_view
from games.stud.generate import generate
from games.stud.play import apply_legal, deal_next, random_action
from games.stud.scenario import apply_phh_action, load_scenario, scenario_to_dict
from games.table import table_view
from tests.games.answerable_cases import VARIANTS, examples, generated, walk_steps
from tests.games.helpers import deal, doc, street

BETS = ("post_bring_in", "complete", "bet", "raise", "call", "check", "fold")


def _seat(view, number):  # type: ignore[no-untyped-def]
    return next(s for s in view["seats"] if s["seat"] == number)


def _views():  # type: ignore[no-untyped-def]
    """Views of generated documents of every kind and game, examples and hand-walk steps."""
    for kind in kind_names("F7S"):
        for game in VARIANTS:
            for case in generated(kind, game, count=3):
                yield case.label, case.document, None
    for case in examples():
        yield case.label, case.document, None
    for game in VARIANTS:
        for case, step in walk_steps(game, count=7):
            yield case.label, case.document, step


def test_a_short_ante_is_posted_on_its_seat_and_marked_short():
    view = table_view(next(c.document for c in examples() if c.label.endswith("basic-pots-short-ante.json")))
    short = _seat(view, 2)
    assert (short["ante"], short["short_ante"], short["committed"], short["stack"]) == (50, True, 50, 0)
    assert short["all_in"] is True
    full = _seat(view, 1)
    assert (full["ante"], full["short_ante"], full["committed"]) == (100, False, 100)
    assert view["structure"]["antes"] == [100, 100, 100, 100]


def test_every_seat_has_its_starting_stack_in_stack_and_chips_committed():
    for label, document, _step in _views():
        view = table_view(document)
        starting = document["starting_stacks"]
        for i, seat in enumerate(view["seats"]):
            assert seat["stack"] + seat["committed"] == starting[i], (label, seat)
            assert seat["committed"] >= seat["bet"] >= 0, (label, seat)
        assert view["pot"]["collected"] if "pot" in view else True
        if "pot" in view:
            assert view["pot"]["collected"] == view["pot"]["total"] - sum(s["bet"] for s in view["seats"])


def test_the_history_holds_every_street_with_the_street_total_and_the_chips_added():
    actions = [
        *deal("AsKs9h", "QdQc2d", "7h7c5s"),
        "p2 pb",
        "p3 cbr 500",
        "p1 cc",
        "p2 cc",
        *street(["Ah", "3c", "8d"]),
        "p1 cbr 500",
        "p2 cbr 1000",
        "p3 f",
        "p1 cc",
    ]
    view = table_view(doc(actions, kind="pots"))
    history = view["history"]
    assert [e["street"] for e in history] == [3] * 7 + [4] * 7
    assert history[0] == {"street": 3, "seat": 1, "action": "deal", "downcards": 2, "upcards": ["9h"]}
    bets = [
        (e["seat"], e["action"], e["amount"], e["to"], e["added"]) for e in history if e["action"] in BETS
    ]
    assert bets == [
        (2, "post_bring_in", 200, 200, 200),
        (3, "complete", 500, 500, 500),
        (1, "call", 500, 500, 500),
        (2, "call", 300, 500, 300),
        (1, "bet", 500, 500, 500),
        (2, "raise", 1000, 1000, 1000),
        (3, "fold", 0, 0, 0),
        (1, "call", 500, 1000, 500),
    ]
    assert [(s["bet"], s["committed"]) for s in view["seats"]] == [(1000, 1600), (1000, 1600), (0, 600)]
    assert view["street"] == 4


def test_the_history_of_a_view_puts_each_irregularity_where_it_happened():
    for seed in range(40):
        document = generate(kind="bring_in", variant="FR", seed=seed)
        if not document.get("_events"):
            continue
        view = table_view(document)
        entries = [e for e in view["history"] if e["action"] == "event"]
        assert [e["event"]["type"] for e in entries] == [e["type"] for e in document["_events"]]
        for entry, event in zip(entries, document["_events"], strict=True):
            before = [e for e in view["history"][: view["history"].index(entry)] if e["action"] != "event"]
            assert len(before) == event["after"] + 1


def test_a_folded_or_mucked_hand_is_never_face_up():
    for label, document, _step in _views():
        for reveal in (None, True):
            view = table_view(document, reveal_downcards=reveal)
            for seat in view["seats"]:
                if seat["folded"] or seat["mucked"]:
                    assert "downcards_shown" not in seat, (label, seat)


def test_hands_tabled_at_a_showdown_are_face_up():
    for case in generated("award", "F7S/8", count=8):
        view = table_view(case.document)
        live = [s for s in view["seats"] if not s["folded"] and not s["mucked"]]
        if len(live) > 1:
            assert all(len(s["downcards_shown"]) == s["downcards"] for s in live), case.label


def test_the_street_is_the_street_of_the_last_cards_dealt():
    for label, document, step in _views():
        view = table_view(document)
        deals = [e["street"] for e in view["history"] if e["action"] in ("deal", "community")]
        assert view["street"] == (deals[-1] if deals else 3), label
        if 4 <= view["street"] <= 6:
            live = [s for s in view["seats"] if not s["folded"]]
            assert max(len(s["upcards"]) for s in live) == view["street"] - 2, label
        if document["_question"]["kind"] == "bring_in":
            assert view["street"] == 3, label
        if step is not None:
            # a walk's "round over?" step is labelled with the street whose round just ended;
            # the stub is counted after 6th-street betting, before any 7th-street card
            assert view["street"] == (6 if step.stage == "stub" else step.street), label


def test_a_bring_in_with_nobody_able_to_bet_is_still_third_street():
    # Heads-up, one player all-in on the ante: no 3rd-street round, the engine moves on to 4th.
    document = doc(deal("AsKs9h", "QdQc2d"), kind="bring_in", stacks=[100, 5000])
    assert load_scenario(document).replay().state.street == 4
    view = table_view(document)
    assert view["street"] == 3
    assert check_answerable(document).answerable


def test_a_next_action_view_never_says_the_round_is_over():
    for game in VARIANTS:
        for case, step in walk_steps(game, count=6):
            if step.kind != "next_action":
                continue
            view = table_view(case.document)
            assert view["phase"] == "bet", case.label
            assert not any(k in view for k in ("round_complete", "actor"))


def test_chips_going_back_at_the_end_of_the_round_are_still_in_front_for_a_next_action_question():
    actions = [
        *deal("AsKs9h", "QdQc2d", "7h7c5s"),
        "p2 pb",
        "p3 cc",
        "p1 cc",
        *street(["Ah", "3c", "8d"]),
        "p1 cbr 500",
        "p2 cc",  # all-in for 300
        "p3 f",
    ]
    stacks = [10000, 600, 10000]
    asked = table_view(doc(actions, stacks=stacks, kind="next_action"))
    seat1 = _seat(asked, 1)
    assert (seat1["bet"], seat1["returned"], seat1["stack"], seat1["committed"]) == (500, 0, 9200, 800)
    assert asked["phase"] == "bet"
    assert asked["street"] == 4
    pots = table_view(doc(actions, stacks=stacks, kind="pots"))
    seat1 = _seat(pots, 1)
    assert (seat1["bet"], seat1["returned"], seat1["stack"], seat1["committed"]) == (300, 200, 9400, 600)


def _rulings(event_type: str, variant: str):  # type: ignore[no-untyped-def]
    """(event, view, seat of the event) of generated rulings about ``event_type``."""
    for seed in range(120):
        document = generate(kind="ruling", variant=variant, seed=seed)
        event = document["_events"][-1]
        if event["type"] == event_type:
            view = table_view(document)
            yield event, view, _seat(view, event["seat"])


def test_a_ruling_about_an_exposed_downcard_shows_that_card_face_up_on_its_seat():
    found = set()
    for event, _view, seat in _rulings("downcard_exposed_by_dealer", "F7S"):
        assert seat["exposed"] == [event["card"]]
        assert event["card"] not in seat["upcards"]  # the table as it was: the card still a downcard
        assert seat["downcards"] == (1 if event["street"] == 3 else 2)
        found.add(event["street"])
    assert found == {3, 7}


def test_a_downcard_that_became_the_upcard_is_marked_exposed():
    seen = 0
    for seed in range(60):
        document = generate(kind="bring_in", variant="F7S", seed=seed)
        for event in document.get("_events", []):
            if event["type"] == "downcard_exposed_by_dealer":
                seat = _seat(table_view(document), event["seat"])
                assert seat["upcards"] == [event["card"]]
                assert seat["exposed"] == [event["card"]]
                assert seat["downcards"] == 2
                seen += 1
    assert seen


def test_a_wrong_card_count_draws_the_cards_the_seat_really_holds():
    seen = set()
    for event, view, seat in _rulings("wrong_card_count", "FR"):
        assert len(seat["upcards"]) + seat["downcards"] == event["count"]
        (dealt,) = [e for e in view["history"] if e["action"] == "deal" and e["seat"] == event["seat"]]
        assert dealt["downcards"] + len(dealt["upcards"]) == event["count"]
        seen.add(event["count"])
    assert seen == {2, 4}


def test_boxed_cards_lie_face_up_on_their_seat():
    actions = [*deal("AsKs9h", "QdQc2d", "7h7c5s")]
    document = doc(
        actions, kind="ruling", _events=[{"after": 2, "type": "boxed_cards", "seat": 2, "count": 1}]
    )
    view = table_view(document)
    seat = _seat(view, 2)
    assert seat["exposed"] == ["Qc"]
    assert seat["downcards"] == 1
    assert check_answerable(document).answerable


def test_an_absent_players_hand_is_marked_dead():
    for seed in range(60):
        document = generate(kind="bring_in", variant="F7S/8", seed=seed)
        events = [e for e in document.get("_events", []) if e["type"] == "absent_at_deal"]
        if events:
            seat = _seat(table_view(document), events[0]["seat"])
            assert seat["absent"]
            assert seat["dead"]
            assert seat["folded"]
            return
    pytest.fail("no absent player in 60 seeds")


def _play_to_showdown(document: dict, rng: random.Random) -> dict:  # type: ignore[type-arg]
    """Play a hand on from its decision point with random actions; hands are tabled once all
    betting is complete (Rule 16)."""
    scenario = load_scenario(document)
    state = scenario.replay().state
    deck = Deck(rng=rng, exclude=sorted(state.used, key=lambda c: c.index))
    actions = list(document["actions"])
    tabled = False

    def table() -> None:
        for player in state.live_players():
            apply_phh_action(state, f"p{player + 1} sm -")
            actions.append(state.history[-1].phh)

    while state.phase in ("deal", "bet"):
        if (
            state.phase == "deal"
            and not tabled
            and not state.betting_possible
            and len(state.live_players()) > 1
        ):
            table()
            tabled = True
        elif state.phase == "deal":
            deal_next(state, deck)
            actions.append(state.history[-1].phh)
        else:
            apply_legal(state, random_action(state, rng))
            actions.append(state.history[-1].phh)
    if state.phase == "showdown" and not tabled:
        table()
    return {**scenario_to_dict(scenario), "actions": actions, "_question": {"kind": "award"}}


@pytest.mark.parametrize(("kind", "street"), [("ruling", 7), ("bring_in", 3)])
def test_an_award_after_an_exposed_downcard_is_drawn_and_answerable(kind, street):
    # RP-10 B (7th street: replaced, or the card plays) and RP-10 A (3rd street: the upcard),
    # then the hand goes on to a showdown where the hands are tabled.
    rng = random.Random(13)
    checked = 0
    for seed in range(150):
        document = generate(kind=kind, variant="F7S/8", seed=seed)
        events = [e for e in document.get("_events", []) if e["type"] == "downcard_exposed_by_dealer"]
        if not events or events[-1]["street"] != street:
            continue
        award = _play_to_showdown(document, rng)
        view = table_view(award)
        seat = _seat(view, events[-1]["seat"])
        assert events[-1]["card"] in seat["exposed"]
        assert table_view(rebuild_from_view(view, rng)) == view
        assert check_answerable(award).answerable
        checked += 1
    assert checked >= 3


RP10A_RAZZ = doc(
    deal("6h7dJh", "As5c9s", "Kd6c4c", "Ah6dQc"),
    variant="FR",
    kind="bring_in",
    _events=[{"after": 3, "type": "downcard_exposed_by_dealer", "seat": 3, "card": "Kd", "street": 3}],
)
RP10A_STUD8 = doc(
    deal("3dTs4c", "8sTcJd", "4d5cQs", "6sKc7c", "Js9dAh"),
    variant="F7S/8",
    kind="bring_in",
    _events=[{"after": 4, "type": "downcard_exposed_by_dealer", "seat": 4, "card": "Kc", "street": 3}],
)


def _assert_rp10a_drawn(document, label):  # type: ignore[no-untyped-def]
    """TDA 2024 RP-10 A: the exposed card is the seat's one upcard, the third card was dealt face
    down; the seat and its deal entry in the history agree, and no face-down card shows."""
    (event,) = [e for e in document["_events"] if e["type"] == "downcard_exposed_by_dealer"]
    view = table_view(document)
    seat = _seat(view, event["seat"])
    assert seat["upcards"] == [event["card"]], label
    assert seat["downcards"] == 2, label
    assert seat["exposed"] == [event["card"]], label
    (dealt,) = [
        e
        for e in view["history"]
        if e["action"] == "deal" and e["seat"] == event["seat"] and e["street"] == 3
    ]
    assert (dealt["upcards"], dealt["downcards"]) == ([event["card"]], 2), label
    state = load_scenario(document).replay().state
    hidden = {str(c) for c in state.downs[state.player_of_seat(event["seat"])]}
    shown = set(seat.get("downcards_shown", []))
    text = repr(view)
    assert not [c for c in hidden - shown if repr(c) in text], (label, hidden)
    rebuilt = rebuild_from_view(view, random.Random(label))
    assert table_view(rebuilt) == view, label
    assert check_answerable(document).answerable, label


@pytest.mark.parametrize("document", [RP10A_RAZZ, RP10A_STUD8], ids=["razz", "stud8"])
def test_a_downcard_exposed_on_the_initial_deal_is_the_door_in_the_history_as_on_the_seat(document):
    _assert_rp10a_drawn(document, document["variant"])


def test_every_generated_exposure_on_the_initial_deal_is_drawn_as_the_door_for_the_questions_after_it():
    # Generated rulings about a 3rd-street downcard exposed by the dealer, asked instead as the
    # bring-in and the first decision once the ruling is made (the event then in the history).
    checked = 0
    for variant in VARIANTS:
        for seed in range(150):
            document = generate(kind="ruling", variant=variant, seed=seed)
            event = document["_events"][-1]
            if event["type"] != "downcard_exposed_by_dealer" or event["street"] != 3:
                continue
            for kind in ("bring_in", "next_action"):
                _assert_rp10a_drawn({**document, "_question": {"kind": kind}}, f"{variant}/{seed}/{kind}")
                checked += 1
    assert checked >= 20


def test_a_ruling_about_an_absent_player_marks_that_seat_absent():
    # The table just before the ruling, with the irregularity drawn: the seat is empty at the
    # end of the deal; whether the hand is killed is the answer, so it is not marked dead yet.
    found = 0
    for variant in VARIANTS:
        for event, view, seat in _rulings("absent_at_deal", variant):
            assert seat["absent"] is True
            assert (seat["dead"], seat["folded"]) == (False, False)
            others = [s for s in view["seats"] if s["seat"] != event["seat"]]
            assert not any(s["absent"] for s in others)
            found += 1
    assert found
