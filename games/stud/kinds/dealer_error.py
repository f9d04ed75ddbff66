"""The dealer-error question of seven-card stud: stop the hand, name the error, give the remedy.

The last event of ``_events`` is a dealer's error (or a player's action out of turn) of
:data:`games.stud.events.DEALER_ERRORS`; the answer is the error's type and the remedy the
engine rules (:mod:`games.stud.events`), with the seat the remedy concerns told beside it.
The table is drawn as it was just before the error, the event's facts without its type (the
trainee names it).

>>> from games.stud.generate import generate
>>> from games.solve import solve
>>> sorted(solve(generate(kind="dealer_error", variant="F7S", seed=1))["answer"])
['error', 'remedy', 'seat']
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from games.core.errors import EngineError
from games.questions.fields import CHOICE, Field
from games.questions.kind import Candidate, QuestionKind
from games.questions.solution import Solution
from games.stud.answering import Case, not_applicable
from games.stud.events import DEALER_ERRORS, DEALER_REMEDIES
from games.stud.explain_results import ruling_text
from games.stud.rules import Ruleset, Structure, Variant
from games.stud.show_steps import irregularity_show

__all__ = ["KIND", "MISREADINGS", "generate", "misread", "solve"]


def solve(case: Case) -> Solution:
    """The error of the last event and the engine's ruling on it."""
    events = case.scenario.events
    if not events or events[-1].type not in DEALER_ERRORS:
        raise not_applicable("dealer_error", "a dealer-error question needs a dealer error as the last event")
    event = events[-1]
    ruling = next((r for r in case.rulings if r.event is event), None)
    if ruling is None:
        raise not_applicable("dealer_error", "the hand ended before the error")
    answer = {"error": event.type, "remedy": ruling.code, "seat": ruling.seat}
    return Solution("dealer_error", answer, ruling.rules, {"ruling": ruling, "event": event})


# --- misreadings --------------------------------------------------------------------------------

_DEAL_ERRORS = ("card_to_wrong_seat", "seat_skipped")


def misread(case: Case, right: Mapping[str, Any], given: Mapping[str, Any]) -> Iterator[Candidate]:
    """The confusions the given error and remedy show, for the error of the question."""
    event = case.scenario.events[-1]
    error, remedy = str(given.get("error")), str(given.get("remedy"))
    params = {"given": remedy, "remedy": right["remedy"], "event": event.type}
    if error != right["error"] and {error, event.type} <= {*_DEAL_ERRORS, "card_to_folded_hand"}:
        yield "deal_errors_confused", {**params, "given_error": error}, {**right, "error": error}
    if remedy == right["remedy"]:
        return
    wrong = {**right, "remedy": remedy}
    code = None
    if event.type in _DEAL_ERRORS and {remedy, right["remedy"]} == {"misdeal", "correct_deal"}:
        code = "misdeal_only_initial_deal"
    elif event.type == "action_out_of_turn" and right["remedy"] == "binding_fold":
        code = "oot_fold_binding" if remedy in ("back_up_action", "back_up_no_raise") else None
    elif event.type == "action_out_of_turn" and {remedy, right["remedy"]} == {
        "back_up_action",
        "back_up_no_raise",
    }:
        code = "out_of_turn_rulebooks"
    elif remedy == "misdeal" and event.type in (
        "card_to_folded_hand",
        "premature_card",
        "downcard_exposed_by_dealer",
    ):
        code = "not_a_misdeal"
    elif event.type == "downcard_exposed_by_dealer" and {remedy, right["remedy"]} == {
        "replace_card",
        "card_plays",
    }:
        code = "betting_action_misread"
    elif event.type == "wrong_pot_pushed" and remedy != "retrieve_pot":
        code = "pot_retrievable"
    if code is not None:
        yield code, params, wrong


MISREADINGS = {
    "deal_errors_confused": (
        "Tell the deal errors apart: a card pitched to the wrong seat, a seat passed over, or a card to a hand that has folded.",
        "配り間違いを見分けましょう。違う席へのカード、席の飛ばし、フォールドしたハンドへのカードは別のエラーです。",
    ),
    "misdeal_only_initial_deal": (
        "A card to the wrong seat or a skipped seat is a misdeal only on the initial deal (TDA 2024 Rule 35-A); on 4th to 6th street the cards are put back in their seats and the deal goes on.",
        "違う席に配ったり席を飛ばしたりしてミスディールになるのは最初のディールだけです（TDA 2024 ルール35-A）。4thストリートから6thストリートでは、カードを本来の席に置き直して配り続けます。",
    ),
    "oot_fold_binding": (
        "A fold out of turn is not backed up: it is binding (TDA 2024 Rule 53).",
        "順番外のフォールドは取り消せず、有効です（TDA 2024 ルール53）。",
    ),
    "out_of_turn_rulebooks": (
        "The rulebooks differ here: TDA 2024 Rule 53 opens every option again when the action changes, while Robert's Rules (Betting and Raising 11) let a player who checked or called out of turn neither bet nor raise. The house rules decide.",
        "ここはルールブックで違います。TDA 2024 ルール53ではアクションが変わればすべての選択肢が戻りますが、ロバーツ・ルール（ベットとレイズ 11）では順番外にチェックやコールをしたプレイヤーはベットもレイズもできません。ハウスルールに従います。",
    ),
    "not_a_misdeal": (
        "This error is fixed and the hand goes on; it is not a misdeal (TDA 2024 RP-5 D, RP-10 B, RP-10 C).",
        "このエラーは直してハンドを続けます。ミスディールではありません（TDA 2024 RP-5 D・RP-10 B・RP-10 C）。",
    ),
    "betting_action_misread": (
        "An exposed 7th-street card is replaced only while betting action remains (TDA 2024 RP-10 B).",
        "表になった7枚目は、ベットアクションが残っているときだけ交換します（TDA 2024 RP-10 B）。",
    ),
    "pot_retrievable": (
        "A pot pushed to the wrong player is taken back and pushed again: an error in awarding may be corrected until substantial action on the next hand (TDA 2024 Rule 22).",
        "違うプレイヤーに押し出したポットは戻して配り直します。ポットの配り間違いは次のハンドで実質的なアクションがあるまで訂正できます（TDA 2024 ルール22）。",
    ),
}


# --- generation: a walk's hand stopped at a decision point, with an error there -------------------


def generate(rng: random.Random, v: Variant, rs: Ruleset, s: Structure) -> tuple[Any, list[str]]:
    """A hand of a hand walk, stopped at one of its dealer decisions with an error injected."""
    from games.stud.dealer_errors import STAGE_ERRORS, inject_error
    from games.stud.dealing import _Hand
    from games.stud.events import Event
    from games.stud.scenario import apply_phh_action, load_stud_scenario
    from games.stud.walk import walk

    for _ in range(20):
        steps = walk(
            variant=v,
            seed=rng.randrange(10**9),
            players=rng.randint(3, 7),
            ruleset=rs.name,
            rules=dict(rs.overrides),
            structure=s,
        )
        stage = rng.choice(sorted(STAGE_ERRORS))
        at = [step for step in steps if step.stage == stage]
        if not at:
            continue
        doc = inject_error(rng.choice(at).document, rng, stage=stage)
        if doc is None:
            continue
        scenario = load_stud_scenario(doc)
        hand = _Hand(rng, v, rs, s, list(scenario.starting_stacks))
        for action in scenario.actions:
            apply_phh_action(hand.state, action)
        hand.events = list(scenario.events)
        assert all(isinstance(e, Event) for e in hand.events)
        return hand, [doc["_events"][-1]["type"]]
    raise EngineError("generation_failed", "no dealer-error scenario could be generated", path=None)


KIND = QuestionKind(
    name="dealer_error",
    family="stud",
    label=("Dealer error", "ディーラーエラー"),
    fields=(
        Field("error", CHOICE, ("What went wrong", "何が起きたか"), choices=DEALER_ERRORS),
        Field("remedy", CHOICE, ("Remedy", "対処"), choices=DEALER_REMEDIES),
    ),
    solve=solve,
    explain=ruling_text,
    unjudged=("seat",),
    shows=("before_event",),
    hides=("event.type",),
    misread=misread,
    misreadings=MISREADINGS,
    misread_given=True,
    generate=generate,
    noun=("remedy", "対処"),
    show=irregularity_show,
)
