"""When a trainee's answer is wrong, find what it would have been right for.

The scenario is solved again under the other variants, the other ruleset, each flag set
the other way, and a list of common misreadings (ace low in stud, suits reversed, the
bring-in counted as a bet, an uncalled bet left in the pot, the first bettor instead of
the last aggressor, ...). Each match is reported as a code with params and a sentence in
English and Japanese, e.g. "That is the bring-in under stud high, not razz".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from games.core.documents import OtherScenario
from games.core.errors import EngineError
from games.questions.judge import judge
from games.registry import kind as declared_kind
from games.solve import solve_scenario
from games.stud.rules import FLAG_NAMES, PRESETS, Variant, flag_specs
from games.stud.scenario import Scenario, load_scenario
from games.stud.state import StudState

__all__ = ["diagnose"]

Candidate = tuple[str, dict[str, Any], dict[str, Any]]  # code, params, answer

GAME_EN = {"F7S": "stud high", "FR": "razz", "F7S/8": "stud/8"}
GAME_JA = {"F7S": "スタッドハイ", "FR": "ラズ", "F7S/8": "スタッドハイロー"}


def _matches(kind: str, alt: Mapping[str, Any], right: Mapping[str, Any], given: Mapping[str, Any]) -> bool:
    fields = [k for k in given if k in alt or k in right]
    if not fields:
        return False
    mine = judge(alt, given, kind=kind, fields=fields)
    if not mine["correct"]:
        return False
    return not judge(right, given, kind=kind, fields=fields)["correct"]


def _variants(scenario: Scenario) -> Iterator[Candidate]:
    for variant in Variant:
        if variant is scenario.variant:
            continue
        try:
            answer = solve_scenario(scenario, variant=variant).answer
        except EngineError:
            continue
        yield "other_variant", {"variant": variant.value, "actual": scenario.variant.value}, answer


def _rulesets(scenario: Scenario) -> Iterator[Candidate]:
    current = scenario.ruleset
    for name in PRESETS:
        if name == current.name:
            continue
        try:
            ruleset = PRESETS[name].with_flags(dict(scenario.rules or {}))
            answer = solve_scenario(scenario, ruleset=ruleset).answer
        except EngineError:
            continue
        yield "other_ruleset", {"ruleset": name, "actual": current.name}, answer
    specs = {spec["name"]: spec for spec in flag_specs()}
    for name in FLAG_NAMES:
        now = current.flags()[name]
        if name == "tie_break_later_streets":
            now = now[scenario.variant.value]
        for value in specs[name]["allowed"]:
            if value == now:
                continue
            try:
                ruleset = current.with_flags({name: value})
                answer = solve_scenario(scenario, ruleset=ruleset).answer
            except EngineError:
                continue
            yield "other_flag", {"flag": name, "value": value, "actual": now}, answer


# --- misreadings, per kind ------------------------------------------------------------------


def _bring_in_misreadings(scenario: Scenario, state: StudState, right: dict[str, Any]) -> Iterator[Candidate]:
    doors = [state.door(i) for i in range(state.count)]
    seat = state.seat_of

    def holder(key: Callable[[Any], tuple[int, int]]) -> int:
        return min((i for i in range(state.count) if doors[i] is not None), key=lambda i: key(doors[i]))

    if state.variant is Variant.RAZZ:
        misread = {
            "ace_high_in_razz": holder(lambda c: (-int(c.rank), -int(c.suit))),
            "suits_reversed": holder(lambda c: (-c.rank.low_value, int(c.suit))),
        }
    else:
        misread = {
            "ace_low_in_stud": holder(lambda c: (c.rank.low_value, int(c.suit))),
            "suits_reversed": holder(lambda c: (int(c.rank), -int(c.suit))),
        }
    for code, alt in misread.items():
        if seat(alt) != right["seat"]:  # the same low card read another way is no misreading
            yield code, {}, {**right, "seat": seat(alt), "first_to_act": seat(alt)}
    if right["amount"] == 0:
        yield (
            "all_in_ante_ignored",
            {},
            {**right, "first_to_act": right["seat"], "amount": state.structure.bring_in},
        )
    elif right["amount"] < state.structure.bring_in:
        yield (
            "short_bring_in_ignored",
            {"amount": right["amount"]},
            {**right, "amount": state.structure.bring_in, "first_to_act": right["seat"]},
        )
    low = state.player_of_seat(right["seat"])
    if right["amount"] > 0 and not state.folded[low] and right["first_to_act"] != right["seat"]:
        # The post takes the low card's last chips (WSOP 2024 Stud: short bring-in).
        yield "post_is_no_decision", {}, {**right, "first_to_act": right["seat"]}
    if any(e.type == "downcard_exposed_by_dealer" for e in scenario.events):
        try:
            without = scenario.with_changes(events=tuple(e for e in scenario.events if e.street != 3))
            yield "exposed_card_ignored", {}, solve_scenario(without).answer
        except EngineError:
            pass


def _next_action_misreadings(
    scenario: Scenario, state: StudState, right: dict[str, Any]
) -> Iterator[Candidate]:
    options = right["options"]
    actor = state.actor
    if actor is None:
        return
    structure = state.structure
    if state.street == 3 and state.floor and structure.max_bets > 1:
        try:
            fewer = scenario.with_changes(max_bets=structure.max_bets - 1)
            yield "bring_in_counted_as_bet", {"max_bets": structure.max_bets}, solve_scenario(fewer).answer
        except EngineError:
            pass
    other = structure.big_bet if state.street <= 4 else structure.small_bet
    if options["bet_to"] and other != structure.bet_for_street(state.street):
        yield (
            "wrong_bet_size",
            {"street": state.street, "bet": other},
            {**right, "options": {**options, "bet_to": [other]}},
        )
    if options["raise_to"] is None and options["call"] and state.raise_blocked_by(actor) == "not_reopened":
        alt = {**options, "raise_to": [state.high + min(state.units)]}
        yield "short_all_in_reopens", {}, {**right, "options": alt}


def _pots_misreadings(scenario: Scenario, state: StudState, right: dict[str, Any]) -> Iterator[Candidate]:
    from games.core.pots import layer_pots

    live = [not f for f in state.folded]
    all_in = [state.is_all_in(i) for i in range(state.count)]
    seat = state.seat_of
    committed = [c + r for c, r in zip(state.committed, state.returned, strict=True)]
    raw = layer_pots(committed, live, all_in)
    as_json = [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in raw]
    yield "excess_not_returned", {}, {"pots": as_json}
    total = sum(p["amount"] for p in right["pots"])
    yield (
        "no_side_pots",
        {},
        {"pots": [{"amount": total, "eligible": [seat(i) for i in state.live_players()]}]},
    )
    kept = [c if live[i] else 0 for i, c in enumerate(state.committed)]
    folded_out = layer_pots(kept, live, all_in) if any(kept) else []
    yield (
        "folded_chips_left_out",
        {},
        {"pots": [{"amount": p.amount, "eligible": [seat(i) for i in p.eligible]} for p in folded_out]},
    )


def _showdown_misreadings(scenario: Scenario, state: StudState, right: dict[str, Any]) -> Iterator[Candidate]:
    from games.stud.showdown import showdown_first

    result = showdown_first(state)
    bettors = [r.player for r in state.street_actions.get(7, []) if r.kind in ("bet", "raise")]
    if result.reason == "last_aggressor":
        first_bettor = next((p for p in bettors if p in state.live_players()), None)
        if first_bettor is not None:
            yield "first_bettor_not_last_aggressor", {}, {"seat": state.seat_of(first_bettor)}
        yield "first_to_act_not_last_aggressor", {}, {"seat": state.seat_of(state.best_board_player())}
    if result.not_at_risk:
        # RP-10 B: the players at risk table after the others (an all-in bettor, the best board).
        for player in dict.fromkeys([*reversed(bettors), state.best_board_player()]):
            if player is not None and player in result.all_in_players:
                yield "all_in_player_not_first", {}, {"seat": state.seat_of(player)}


def _stub_misreadings(scenario: Scenario, state: StudState, right: dict[str, Any]) -> Iterator[Candidate]:
    yield "burns_not_counted", {"burns": 3}, {**right, "stub": right["stub"] + 3}
    yield "required_without_burn", {}, {**right, "required": right["required"] - 1}


def _award_misreadings(scenario: Scenario, state: StudState, right: dict[str, Any]) -> Iterator[Candidate]:
    if state.variant is not Variant.STUD8:
        return
    totals: dict[str, int] = {}
    for pot in right["pots"]:
        winners = pot.get("high") or []
        if not winners:
            continue
        share, odd = divmod(pot["amount"], len(winners))
        for k, s in enumerate(sorted(winners)):
            totals[str(s)] = totals.get(str(s), 0) + share + (1 if k < odd else 0)
    yield "high_takes_whole_pot", {}, {"pots": right["pots"], "awards": totals}


_CONFUSIONS = {
    ("picks_up_upcards", "dead_hand"): "facing_action_misread",
    ("picks_up_upcards", "binding_fold"): "facing_action_misread",
    ("exposes_own_downcard", "dead_hand"): "exposure_is_not_dead",
    ("wrong_card_count", "misdeal"): "substantial_action_misread",
    ("wrong_card_count", "dead_hand"): "substantial_action_misread",
    ("downcard_exposed_by_dealer", "replace_card"): "betting_action_misread",
    ("downcard_exposed_by_dealer", "card_plays"): "betting_action_misread",
    ("downcard_exposed_by_dealer", "misdeal"): "exposed_card_is_not_misdeal",
    ("boxed_cards", "misdeal"): "boxed_count_misread",
    ("boxed_cards", "replace_card"): "boxed_count_misread",
    ("premature_card", "misdeal"): "premature_is_not_misdeal",
}


def _ruling_misreadings(
    scenario: Scenario, given: Mapping[str, Any], right: dict[str, Any]
) -> Iterator[Candidate]:
    code = given.get("ruling")
    event = scenario.events[-1]
    key = _CONFUSIONS.get((event.type, str(code)))
    if key is not None and code != right["ruling"]:
        yield key, {"given": code, "ruling": right["ruling"], "event": event.type}, {**right, "ruling": code}


_MISREADINGS = {
    "bring_in": _bring_in_misreadings,
    "next_action": _next_action_misreadings,
    "pots": _pots_misreadings,
    "showdown_first": _showdown_misreadings,
    "stub": _stub_misreadings,
    "award": _award_misreadings,
}


def diagnose(
    scenario: Scenario | OtherScenario | Mapping[str, Any] | str | bytes, given: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Findings that explain a wrong answer: ``[{"code", "params", "en", "ja"}]`` (empty when
    the answer is right or nothing known explains it)."""
    loaded = scenario if isinstance(scenario, Scenario | OtherScenario) else load_scenario(scenario)
    if not isinstance(given, Mapping):
        raise EngineError("bad_type", "the given answer must be an object", path=None)
    if isinstance(loaded, OtherScenario):
        return _diagnose_other(loaded, given)
    return _diagnose_stud(loaded, given)


def _diagnose_other(scenario: OtherScenario, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The misreadings of hold'em, Flush Code Hack and ten-card stud (their own modules)."""
    solution = solve_scenario(scenario)
    kind, right = solution.kind, solution.answer
    if judge(right, given, kind=kind)["correct"]:
        return []
    candidates: Iterator[Candidate]
    texts: Mapping[str, tuple[str, str]]
    if scenario.variant_code == "NT":
        from games.holdem.answers import MISREAD_TEXT as texts
        from games.holdem.answers import holdem_misreadings
        from games.holdem.document import HoldemScenario

        assert isinstance(scenario, HoldemScenario)
        candidates = holdem_misreadings(scenario, kind, right)
    elif scenario.variant_code == "FCH":
        from games.draw.answers import MISREAD_TEXT as texts
        from games.draw.answers import draw_misreadings
        from games.draw.document import DrawScenario

        assert isinstance(scenario, DrawScenario)
        candidates = draw_misreadings(scenario, kind, right)
    else:
        from games.tenstud.answers import MISREAD_TEXT as texts
        from games.tenstud.answers import tenstud_misreadings
        from games.tenstud.document import TenStudScenario

        assert isinstance(scenario, TenStudScenario)
        candidates = tenstud_misreadings(scenario, kind, right)
    findings: list[dict[str, Any]] = []
    seen: set[str] = set()
    for code, params, alt in candidates:
        if code in seen or not _matches(kind, alt, right, given):
            continue
        seen.add(code)
        en, ja = texts[code]
        findings.append(
            {"code": code, "params": params, "en": en.format(**params), "ja": ja.format(**params)}
        )
    return findings


def _diagnose_stud(scenario: Scenario, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    solution = solve_scenario(scenario)
    kind, right = solution.kind, solution.answer
    if judge(right, given, kind=kind)["correct"]:
        return []
    candidates: list[Candidate] = []
    if kind == "ruling":
        candidates += list(_ruling_misreadings(scenario, given, right))
    else:
        candidates += list(_variants(scenario))
        candidates += list(_rulesets(scenario))
        misread = _MISREADINGS.get(kind)
        if misread is not None:
            state = scenario.replay().state
            candidates += list(misread(scenario, state, right))
        for declared in declared_kind("stud", kind).misreadings.values():  # a kind's own
            candidates += [(code, params, dict(alt)) for code, params, alt in declared(scenario, right)]
    findings: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for code, params, alt in candidates:
        if kind != "ruling" and not _matches(kind, alt, right, given):
            continue
        key = (code, repr(sorted(params.items())))
        if key in seen:
            continue
        seen.add(key)
        en, ja = _sentence(kind, code, params, scenario)
        findings.append({"code": code, "params": params, "en": en, "ja": ja})
    return findings


# --- sentences --------------------------------------------------------------------------------

_KIND_EN = {
    "bring_in": "bring-in",
    "next_action": "next action",
    "pots": "pots",
    "stub": "stub count",
    "showdown_first": "showdown order",
    "best_hands": "ranking",
    "award": "award",
}
_KIND_JA = {
    "bring_in": "ブリングイン",
    "next_action": "次のアクション",
    "pots": "ポット",
    "stub": "スタブの数",
    "showdown_first": "ショーダウンの順番",
    "best_hands": "ハンドの順位",
    "award": "ポットの配分",
}
_FLAG_EN = {
    (
        "tie_break_later_streets",
        "position",
    ): "That breaks tied boards by position; under these rules the high card by suit acts first (TDA 2024 RP-10 D).",
    (
        "tie_break_later_streets",
        "suit",
    ): "That breaks tied boards by the high card by suit; under these rules the player nearest the dealer's left acts first (position).",
    (
        "fourth_street_double_on_open_pair",
        True,
    ): "That allows the big bet on 4th street with an open pair; these rules do not (TDA 2024 RP-10 F).",
    (
        "fourth_street_double_on_open_pair",
        False,
    ): "That ignores the open-pair option: under these rules the big bet is allowed on 4th street with an open pair (RRoP 7CS-4).",
    (
        "cap_lifted_heads_up",
        True,
    ): "That would be right if the cap were lifted heads-up; under these rules the cap stays (TDA 2024 Rule 48).",
    (
        "cap_lifted_heads_up",
        False,
    ): "That keeps the cap heads-up; under these rules the cap is lifted when only two players are left.",
    (
        "odd_chip",
        "rrop",
    ): "That gives the odd chip by the RRoP rule (all cards count); these rules use the high card by suit in the five-card hand (TDA 2024 Rule 20).",
    (
        "odd_chip",
        "high_card_by_suit_in_five",
    ): "That gives the odd chip by the high card in the five-card hand (TDA); these rules use RRoP (all cards; the lowest card for low).",
    (
        "short_all_in_reopen_base",
        "completion_increment",
    ): "That measures the short all-in completion against the completion increment; these rules compare it with the full bet.",
    (
        "short_all_in_reopen_base",
        "full_bet",
    ): "That compares the short all-in completion with the full bet; these rules measure it against the completion increment.",
}
_FLAG_JA = {
    (
        "tie_break_later_streets",
        "position",
    ): "それは同じボードをポジションで決めています。このルールではスートを含めたハイカードのプレイヤーが先です（TDA 2024 RP-10 D）。",
    (
        "tie_break_later_streets",
        "suit",
    ): "それは同じボードをスートのハイカードで決めています。このルールではディーラーの左に近いプレイヤーが先です。",
    (
        "fourth_street_double_on_open_pair",
        True,
    ): "それは4thストリートのオープンペアでビッグベットを認めています。このルールでは認めません（TDA 2024 RP-10 F）。",
    (
        "fourth_street_double_on_open_pair",
        False,
    ): "このルールでは4thストリートでオープンペアが見えているときビッグベットも選べます（RRoP 7CS-4）。",
    (
        "cap_lifted_heads_up",
        True,
    ): "それはヘッズアップでキャップがなくなる場合の答えです。このルールではキャップは残ります（TDA 2024 ルール48）。",
    (
        "cap_lifted_heads_up",
        False,
    ): "それはヘッズアップでもキャップが残る場合の答えです。このルールでは2人になるとキャップがなくなります。",
    (
        "odd_chip",
        "rrop",
    ): "それはRRoP式（全カードで比べる）の端数チップです。このルールでは勝ちハンド5枚の中のハイカードで決めます（TDA 2024 ルール20）。",
    (
        "odd_chip",
        "high_card_by_suit_in_five",
    ): "それはTDA式（5枚の中のハイカード）の端数チップです。このルールではRRoP式（全カード、ローは一番低いカード）です。",
    (
        "short_all_in_reopen_base",
        "completion_increment",
    ): "それはオールインのコンプリートをブリングインからの増額分で比べています。このルールではフルベットと比べます。",
    (
        "short_all_in_reopen_base",
        "full_bet",
    ): "それはオールインのコンプリートをフルベットと比べています。このルールではブリングインからの増額分で比べます。",
}
_MISREAD = {
    "ace_low_in_stud": (
        "That counts the ace low; for the stud bring-in the ace is high.",
        "それはAをローとして数えています。スタッドのブリングインではAはハイです。",
    ),
    "ace_high_in_razz": (
        "That counts the ace high; in razz the ace is low, so an ace never brings in unless every door is an ace.",
        "それはAをハイとして数えています。ラズではAはローなので、全員のドアがAでない限りAはブリングインになりません。",
    ),
    "suits_reversed": (
        "That reverses the suits: clubs are the lowest and spades the highest (c < d < h < s).",
        "それはスートの順番が逆です。クラブが一番低く、スペードが一番高い（♣＜♦＜♥＜♠）です。",
    ),
    "all_in_ante_ignored": (
        "The low card is all-in on the ante: it posts nothing and the player on its left acts first (TDA 2024 RP-10 E).",
        "ブリングインのプレイヤーはアンティでオールインなので何も出さず、左隣のプレイヤーから始めます（TDA 2024 RP-10 E）。",
    ),
    "short_bring_in_ignored": (
        "The low card has less than the bring-in behind, so it posts only {amount} all-in.",
        "ブリングインのプレイヤーはブリングイン額に足りないので、{amount}でオールインです。",
    ),
    "post_is_no_decision": (
        "The bring-in takes the low card's last chips: it is posted all-in, the player may not complete, so the first decision is the next player's.",
        "ブリングインを出すとそのプレイヤーはオールインになり、コンプリートもできないので、最初に判断するのは次のプレイヤーです。",
    ),
    "exposed_card_ignored": (
        "The card the dealer exposed is now the upcard (TDA 2024 RP-10 A): the bring-in is decided on it.",
        "ディーラーが表にしたカードがアップカードになります（TDA 2024 RP-10 A）。ブリングインはそのカードで決めます。",
    ),
    "bring_in_counted_as_bet": (
        "That counts the bring-in as a bet; the completion is bet 1 and the cap is {max_bets} bets after it.",
        "それはブリングインを1ベットと数えています。コンプリートが1ベット目で、キャップは{max_bets}ベットです。",
    ),
    "wrong_bet_size": (
        "That is the wrong bet size: on {street_en} street the bet is not {bet}.",
        "ベット額が違います。{street_ja}のベットは{bet}ではありません。",
    ),
    "short_all_in_reopens": (
        "The all-in was less than half a bet more, so it does not reopen the betting for a player who already acted (TDA 2024 Rule 47-B).",
        "オールインの増額はベットの半分未満なので、すでにアクションしたプレイヤーにはリオープンしません（TDA 2024 ルール47-B）。",
    ),
    "excess_not_returned": (
        "That leaves in the pot a bet nobody could call; the uncalled part goes back to its owner.",
        "それは誰もコールできなかったベットをポットに入れています。コールされていない分は本人に返します。",
    ),
    "no_side_pots": (
        "That makes a single pot; an all-in player can win only up to the amount they put in, so side pots are needed (TDA 2024 Rule 21).",
        "それはポットを1つにしています。オールインのプレイヤーは自分が入れた額までしか勝てないので、サイドポットが必要です（TDA 2024 ルール21）。",
    ),
    "folded_chips_left_out": (
        "That leaves out the chips of folded players; they stay in the pots they reached.",
        "それはフォールドしたプレイヤーのチップを抜いています。そのチップも届いているポットに残ります。",
    ),
    "first_bettor_not_last_aggressor": (
        "That is the first bettor on 7th street; the last aggressive player shows first (TDA 2024 Rule 17-A).",
        "それは7thストリートで最初にベットしたプレイヤーです。最後にアグレッシブなアクションをしたプレイヤーから見せます（TDA 2024 ルール17-A）。",
    ),
    "first_to_act_not_last_aggressor": (
        "That is the player who acted first; when there was a bet on 7th, the last aggressor shows first (TDA 2024 Rule 17-A).",
        "それは最初にアクションしたプレイヤーです。7thストリートでベットがあったときは最後にアグレッシブなアクションをしたプレイヤーから見せます（TDA 2024 ルール17-A）。",
    ),
    "all_in_player_not_first": (
        "With an all-in, the players not at risk expose first (TDA 2024 RP-10 B).",
        "オールインがあるときは、敗退の危険がないプレイヤーから先に開きます（TDA 2024 RP-10 B）。",
    ),
    "burns_not_counted": (
        "That forgets the three burns of 4th to 6th street; they are out of the stub.",
        "それは4thストリートから6thストリートまでのバーンカード3枚を数えていません。バーンしたカードはスタブにありません。",
    ),
    "required_without_burn": (
        "The required number includes the burn card: remaining players + burn + last card.",
        "必要な枚数にはバーンカードも入ります：残りのプレイヤー数＋バーン1枚＋最後の1枚です。",
    ),
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
        "Before 7th street the required number of TDA 2024 RP-10 H counts the undealt last card too: remaining players + burn + last card.",
        "7thストリートの前は、TDA 2024 RP-10 H の必要枚数に最後の1枚も入ります：残りのプレイヤー数＋バーン1枚＋最後の1枚です。",
    ),
    "high_takes_whole_pot": (
        "That gives the whole pot to the high hand; a qualifying low takes half.",
        "それはポット全部をハイに渡しています。8以下のローがあれば半分はローのものです。",
    ),
    "facing_action_misread": (
        "Whether the hand is dead depends on a bet pending: dead when facing action (TDA 2024 Rule 66), otherwise a binding fold (TDA 2024 Rule 58).",
        "デッドハンドになるかはベットを受けているかで決まります。受けていればデッドハンド（TDA 2024 ルール66）、そうでなければ取り消せないフォールド（TDA 2024 ルール58）です。",
    ),
    "exposure_is_not_dead": (
        "Exposing a card with action pending may bring a penalty but does not kill the hand (TDA 2024 Rule 68).",
        "アクションが残っている間にカードを見せてもペナルティの可能性があるだけで、ハンドはデッドになりません（TDA 2024 ルール68）。",
    ),
    "substantial_action_misread": (
        "It depends on substantial action (TDA 2024 Rule 36): before it a misdeal, after it the hand is dead (TDA 2024 Rule 35-D).",
        "実質的なアクション（TDA 2024 ルール36）の前ならミスディール、後ならそのハンドがデッドです（TDA 2024 ルール35-D）。",
    ),
    "betting_action_misread": (
        "An exposed 7th-street card is replaced only while betting action remains (TDA 2024 RP-10 B).",
        "表になった7枚目は、ベットアクションが残っているときだけ交換します（TDA 2024 RP-10 B）。",
    ),
    "exposed_card_is_not_misdeal": (
        "In stud an exposed downcard is not a misdeal (TDA 2024 RP-10 A, B).",
        "スタッドではダウンカードが表になってもミスディールにはなりません（TDA 2024 RP-10 A・B）。",
    ),
    "boxed_count_misread": (
        "Only two or more boxed cards on the initial deal make a misdeal (TDA 2024 Rule 35-A).",
        "ミスディールになるのは最初のディールでボックスカードが2枚以上のときだけです（TDA 2024 ルール35-A）。",
    ),
    "premature_is_not_misdeal": (
        "A premature card is not a misdeal: it is reshuffled into the stub (TDA 2024 RP-5 D).",
        "早く配られたカードはミスディールではなく、スタブに戻してリシャッフルします（TDA 2024 RP-5 D）。",
    ),
}


def _sentence(kind: str, code: str, params: dict[str, Any], scenario: Scenario) -> tuple[str, str]:
    if code == "other_variant":
        v, actual = params["variant"], params["actual"]
        return (
            f"That is the {_KIND_EN.get(kind, kind)} under {GAME_EN[v]}, not {GAME_EN[actual]}.",
            f"それは{GAME_JA[actual]}ではなく、{GAME_JA[v]}の場合の{_KIND_JA.get(kind, kind)}です。",
        )
    if code == "other_ruleset":
        other_en, other_ja = _RULESET_NAMES[params["ruleset"]]
        actual_en, actual_ja = _RULESET_NAMES[params["actual"]]
        return (
            f"That would be the {_KIND_EN.get(kind, kind)} under {other_en}; this table uses {actual_en}.",
            f"それは{other_ja}での{_KIND_JA.get(kind, kind)}です。このテーブルは{actual_ja}です。",
        )
    if code == "other_flag":
        key = (params["flag"], params["value"])
        return _FLAG_EN[key], _FLAG_JA[key]
    en, ja = _MISREAD[code]
    return en.format(**_display(params, "en")), ja.format(**_display(params, "ja"))


# The rulesets by the names people know them by (never our ids).
_RULESET_NAMES = {
    "tda-2024": ("the TDA 2024 tournament rules", "TDA 2024 トーナメントルール"),
    "robert-cash": ("Robert's Rules cash-game rules", "ロバーツ・ルールのキャッシュゲームルール"),
}


def _display(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as a sentence shows them: amounts with separators, streets as dealers say them."""
    from games.stud.explain import STREET_EN, amount, street_ja

    out = dict(params)
    for key in ("amount", "bet"):
        if isinstance(out.get(key), int):
            out[key] = amount(out[key])
    if isinstance(out.get("street"), int):
        out["street_en"] = STREET_EN[out["street"]]
        out["street_ja"] = street_ja(out["street"])
    return out
