"""'Show me' steps worded in the engine, English and Japanese, for the stud kinds whose replay is
about more than the betting (:mod:`games.show`): the stub (the cards dealt street by street, the
players still in, the stub against what the next street needs, the case of TDA 2024 RP-10 H),
the award (each pot, its best hands, its split and odd chips) and the irregularities (the hand
up to the irregularity, the irregularity, the state that decides the remedy, the remedy).

Each step is built from the kind's own solution and carries ``en`` and ``ja`` (its sentence)
and ``tag`` (the short label of the seats it points at, in both languages), besides the
``upto``, ``seats``, ``code`` and ``params`` every step has. A step with ``before_event`` is
drawn without the question's last irregularity; one with ``reveal`` turns up the live hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.names import card_label
from games.questions.solution import Solution
from games.stud.answering import Case
from games.stud.explain import STREET_EN, amount, seat_ja, seats_en, seats_ja, street_ja
from games.stud.rules import Variant
from games.stud.state import StudState

__all__ = ["award_show", "irregularity_show", "stub_count_show", "stub_show"]


def _step(
    upto: int,
    seats: Sequence[int],
    code: str,
    params: dict[str, Any],
    text: tuple[str, str],
    tag: tuple[str, str],
    **extra: Any,
) -> dict[str, Any]:
    return {
        "upto": upto,
        "seats": sorted(seats),
        "code": code,
        "params": params,
        "en": text[0],
        "ja": text[1],
        "tag": {"en": tag[0], "ja": tag[1]},
        **extra,
    }


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- the stub ------------------------------------------------------------------------------------


def _dealt_steps(state: StudState, last: int) -> tuple[list[dict[str, Any]], int]:
    """The cards dealt on each street from 3rd to ``last`` (with the burns before 4th on), the
    running count of cards out of the deck; and that count."""
    place = {id(r): i for i, r in enumerate(state.history)}
    seat = state.seat_of
    steps: list[dict[str, Any]] = []
    out = 0
    for street in range(3, last + 1):
        deals = [
            r for r in state.street_actions.get(street, []) if r.kind == "deal_hole" and r.player is not None
        ]
        if not deals:
            continue
        cards = sum(len(r.cards) for r in deals)
        players = len({r.player for r in deals})
        burn = 1 if street > 3 else 0
        out += cards + burn
        seats = [seat(r.player) for r in deals if r.player is not None]
        each = cards // players if players else 0
        if burn:
            text = (
                f"{STREET_EN[street]} street: 1 burn + {each} card to each of {players} players = "
                f"{cards + burn} cards. Out of the deck so far: {out}.",
                f"{street_ja(street)}：バーン1枚＋{players}人に{each}枚ずつで{cards + burn}枚です。"
                f"ここまでにデッキから出たのは{out}枚です。",
            )
        else:
            text = (
                f"3rd street: {each} cards to each of {players} players = {cards} cards, no burn before "
                f"3rd street. Out of the deck so far: {out}.",
                f"{street_ja(3)}：{players}人に{each}枚ずつで{cards}枚です。{street_ja(3)}の前はバーンしません。"
                f"ここまでにデッキから出たのは{out}枚です。",
            )
        params = {"street": street, "cards": cards, "players": players, "burn": burn, "out": out}
        steps.append(
            _step(place[id(deals[-1])] + 1, seats, "stub_dealt", params, text, ("Dealt", "配った席"))
        )
    return steps, out


def _players_step(state: StudState) -> dict[str, Any]:
    seat = state.seat_of
    live = [seat(p) for p in state.live_players()]
    folded = [seat(p) for p in range(state.count) if state.folded[p]]
    en = f"Still in the hand: {seats_en(live)} ({len(live)} players)."
    ja = f"ハンドに残っているのは{seats_ja(live)}の{len(live)}人です。"
    if folded:
        en += f" Folded hands ({seats_en(folded)}) get no more cards (TDA 2024 RP-10 C)."
        ja += f"フォールドした{seats_ja(folded)}にはもう配りません（TDA 2024 RP-10 C）。"
    params = {"live": live, "folded": folded}
    return _step(len(state.history), live, "stub_players", params, (en, ja), ("In the hand", "残っている席"))


def _count_step(state: StudState, stub: int, need: int, street: int, out: int) -> dict[str, Any]:
    live = [state.seat_of(p) for p in state.live_players()]
    players = len(live)
    burns = state.burns
    dealt = 52 - stub - burns
    head_en = f"The stub: 52 − {dealt} cards dealt − {burns} burns = {stub}."
    head_ja = f"スタブは 52 − 配った{dealt}枚 − バーン{burns}枚 ＝ {stub}枚です。"
    if street == 7:
        en = f"{head_en} 7th street needs {players} players + burn + last card = {need} (TDA 2024 RP-10 H)."
        ja = (
            f"{head_ja}{street_ja(7)}に必要なのは残り{players}人＋バーン1枚＋最後の1枚で{need}枚です"
            "（TDA 2024 RP-10 H）。"
        )
    else:
        en = f"{head_en} {STREET_EN[street]} street needs 1 burn + 1 card for each of {players} players = {need}."
        ja = f"{head_ja}{street_ja(street)}にはバーン1枚＋{players}人に1枚ずつで{need}枚必要です。"
    if street < 7 or stub >= need:
        en += f" {stub} is enough." if stub >= need else f" {stub} is short of {need}."
        ja += f"{stub}枚で足ります。" if stub >= need else f"{stub}枚では{need}枚に足りません。"
    params = {"stub": stub, "needed": need, "street": street, "out": out, "burns": burns}
    return _step(len(state.history), live, "stub_count", params, (en, ja), ("Needs a card", "配る席"))


def _case_step(state: StudState, stub: int, need: int, procedure: str) -> dict[str, Any]:
    live = [state.seat_of(p) for p in state.live_players()]
    with_burns = stub + 3
    rule = "TDA 2024 RP-10 H"
    if procedure == "none":
        text = (
            f"{stub} cards reach the required {need}: no short-stub case applies; burn and deal 7th street "
            f"to every player as usual ({rule}).",
            f"{stub}枚で必要な{need}枚に届くので、スタブ不足の手順は要りません。いつも通りバーンして全員に7枚目を"
            f"配ります（{rule}）。",
        )
    elif procedure == "A":
        text = (
            f"Case A: {stub} is short of {need}, but with the 3 earlier burns {stub} + 3 = {with_burns} is "
            f"enough, so the burns are scrambled into the stub, cut, one is burnt and each player gets a card, "
            f"no community card ({rule}).",
            f"Aです。{stub}枚では{need}枚に足りませんが、これまでのバーン3枚を足すと{stub}＋3＝{with_burns}枚で"
            f"足りるので、スタブとスクランブルしてカットし、1枚バーンして全員に1枚ずつ配ります。"
            f"コミュニティカードは使いません（{rule}）。",
        )
    elif procedure == "B":
        text = (
            f"Case B: even with the 3 earlier burns, {stub} + 3 = {with_burns} is short of {need}, and the "
            f"stub has at least 3 cards ({stub}): burn the top card and deal the next as a community card "
            f"({rule}).",
            f"Bです。これまでのバーン3枚を足しても{stub}＋3＝{with_burns}枚で{need}枚に足りず、スタブは3枚以上"
            f"（{stub}枚）あるので、1枚バーンして次のカードをコミュニティカードにします（{rule}）。",
        )
    else:
        text = (
            f"Case C: even with the 3 earlier burns, {stub} + 3 = {with_burns} is short of {need}, and the "
            f"stub has fewer than 3 cards ({stub}): scramble it with the 3 burns, cut, burn one and deal a "
            f"community card ({rule}).",
            f"Cです。これまでのバーン3枚を足しても{stub}＋3＝{with_burns}枚で{need}枚に足りず、スタブは3枚未満"
            f"（{stub}枚）なので、バーン3枚と合わせてスクランブルしてカットし、1枚バーンしてコミュニティカードを"
            f"配ります（{rule}）。",
        )
    tag = ("7th street", "7thストリート")
    params = {"procedure": procedure, "stub": stub, "required": need, "with_burns": with_burns}
    return _step(len(state.history), live, "stub_case", params, text, tag)


def stub_show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """Before 7th street: the cards dealt, the players in, the stub against the required number,
    then the case of TDA 2024 RP-10 H that applies and why."""
    state = case.replay.state
    answer = solution.answer
    steps, out = _dealt_steps(state, 6)
    steps.append(_players_step(state))
    steps.append(_count_step(state, answer["stub"], answer["required"], 7, out))
    steps.append(_case_step(state, answer["stub"], answer["required"], answer["procedure"]))
    return steps


def stub_count_show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """The cards dealt street by street, the players in, then the stub against what the next
    street needs (and before 7th street, the case of TDA 2024 RP-10 H when the stub is short)."""
    state = case.replay.state
    facts = solution.facts
    street = facts["next_street"]
    steps, out = _dealt_steps(state, street - 1)
    steps.append(_players_step(state))
    steps.append(_count_step(state, solution.answer["stub"], solution.answer["needed"], street, out))
    procedure = facts.get("procedure")
    if street == 7 and procedure not in (None, "none"):
        steps.append(_case_step(state, facts["stub"], facts["needed"], procedure))
    return steps


# --- the award -----------------------------------------------------------------------------------


def _pot_name(index: int) -> tuple[str, str]:
    return ("The main pot", "メインポット") if index == 0 else (f"Side pot {index}", f"サイドポット{index}")


def _hand(report: Any, high: bool) -> tuple[str, str]:
    value = report.high if high else report.low
    name_en = value.name("en")
    return (name_en.lower() if high else name_en, f"「{value.name('ja')}」")


def award_show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """Each pot in turn: the seats that can win it, the best hand(s) (and in stud/8 the
    qualifying low), the split with any odd chip and the rule that places it; then the total."""
    state = case.replay.state
    f = solution.facts
    v: Variant = f["variant"]
    result = f["result"]
    seat_of = f["seat_of"]
    upto = len(state.history)
    chip = amount(f["min_chip"])
    totals = {str(seat_of[p]): a for p, a in result.totals.items() if a}
    winners = sorted(int(s) for s in totals)
    if result.uncontested:
        (seat,) = winners
        total = sum(result.totals.values())
        text = (
            f"Everyone else folded: seat {seat} wins {amount(total)} without a showdown (TDA 2024 Rule 21).",
            f"ほかのプレイヤーが全員フォールドしたので、{seat_ja(seat)}がショーダウンなしで{amount(total)}を"
            "獲得します（TDA 2024 ルール21）。",
        )
        return [_step(upto, [seat], "award_total", {"awards": totals}, text, ("Wins", "獲得"))]
    steps: list[dict[str, Any]] = []
    reports = result.reports
    for k, pot in enumerate(result.pots):
        name_en, name_ja = _pot_name(k)
        eligible = [seat_of[p] for p in pot.eligible]
        steps.append(
            _step(
                upto,
                eligible,
                "award_pot",
                {"index": k, "amount": pot.amount, "eligible": eligible},
                (
                    f"{name_en}, {amount(pot.amount)}: {seats_en(eligible)} can win it.",
                    f"{name_ja}（{amount(pot.amount)}）を取れるのは{seats_ja(eligible)}です。",
                ),
                ("Can win it", "権利あり"),
                reveal=True,
            )
        )
        high = [seat_of[p] for p in pot.high or ()]
        low = [seat_of[p] for p in pot.low or ()]
        if v is Variant.RAZZ:
            hand_en, hand_ja = _hand(reports[pot.low[0]], high=False)
            text = (
                f"Best razz hand: {seats_en(low)} with {hand_en}.",
                f"一番強いローは{seats_ja(low)}の{hand_ja}です。",
            )
        elif v is Variant.STUD or not low:
            hand_en, hand_ja = _hand(reports[pot.high[0]], high=True)
            text = (
                f"Best hand: {seats_en(high)} with {hand_en}.",
                f"一番強いハンドは{seats_ja(high)}の{hand_ja}です。",
            )
            if v is Variant.STUD8:
                text = (
                    f"{text[0]} No hand that can win this pot has an eight-or-better low: the high hand scoops.",
                    f"{text[1]}このポットの権利があるハンドに8以下のローはないので、ハイがスクープします。",
                )
        else:
            high_en, high_ja = _hand(reports[pot.high[0]], high=True)
            low_en, low_ja = _hand(reports[pot.low[0]], high=False)
            text = (
                f"High: {seats_en(high)} with {high_en}. Low (eight or better): {seats_en(low)} with {low_en}.",
                f"ハイは{seats_ja(high)}の{high_ja}、ロー（8以下）は{seats_ja(low)}の{low_ja}です。",
            )
        best = sorted({*high, *low})
        if len(result.pots) > 3:
            # Many pots: each pot's seats and best hands in one step, for the replay to fit.
            pot_step = steps[-1]
            pot_step["params"].update(high=high, low=low)
            pot_step["en"] += " " + text[0]
            pot_step["ja"] += text[1]
        else:
            steps.append(
                _step(
                    upto,
                    best,
                    "award_best",
                    {"index": k, "high": high, "low": low},
                    text,
                    ("Best hand", "勝ち"),
                    reveal=True,
                )
            )
        paid = sorted((seat_of[p], a) for p, a in pot.awards.items() if a)
        en = f"{name_en} is paid: " + ", ".join(f"{amount(a)} to seat {s}" for s, a in paid) + "."
        ja = f"{name_ja}は" + "、".join(f"{seat_ja(s)}に{amount(a)}" for s, a in paid) + "を配ります。"
        if pot.split_evenly:
            en += " The same hands win high and low, so the pot is split as evenly as possible (RRoP Ties)."
            ja += "ハイもローも同じハンドが勝っているので、できるだけ均等に分けます（RRoP）。"
        if pot.odd_chip_to_high:
            en += f" The halves are not even: the odd chip of {chip} goes to the high half (TDA 2024 Rule 20-C)."
            ja += f"半分に割り切れないので、端数チップ{chip}はハイ側に付けます（TDA 2024 ルール20-C）。"
        for p, card in pot.odd_chips.items():
            label = card_label(card)
            if f["odd_chip_rule"] == "rrop":
                en += f" The odd chip of {chip} goes to seat {seat_of[p]}: {label} decides it (RRoP: all cards count)."
                ja += f"端数チップ{chip}は{seat_ja(seat_of[p])}へ。RRoPでは全カードで比べて{label}で決まります。"
            else:
                en += (
                    f" The odd chip of {chip} goes to seat {seat_of[p]}: {label} is the high card by suit "
                    "in the winning five cards (TDA 2024 Rule 20)."
                )
                ja += (
                    f"端数チップ{chip}は{seat_ja(seat_of[p])}へ。勝ちハンド5枚の中でスートを含めて一番強い"
                    f"カードが{label}です（TDA 2024 ルール20）。"
                )
        params = {
            "index": k,
            "awards": {str(s): a for s, a in paid},
            "odd_chips": [seat_of[p] for p in pot.odd_chips],
        }
        steps.append(
            _step(
                upto,
                [s for s, _a in paid],
                "award_split",
                params,
                (en, ja),
                ("Paid", "受け取り"),
                reveal=True,
            )
        )
    pairs = sorted((int(s), a) for s, a in totals.items())
    each_en = "Each pot is split on its own (TDA 2024 Rule 21). " if len(result.pots) > 1 else ""
    each_ja = "ポットはそれぞれ別々に分けます（TDA 2024 ルール21）。" if len(result.pots) > 1 else ""
    text = (
        f"{each_en}In all: " + ", ".join(f"{amount(a)} to seat {s}" for s, a in pairs) + ".",
        f"{each_ja}合計は" + "、".join(f"{seat_ja(s)}が{amount(a)}" for s, a in pairs) + "です。",
    )
    steps.append(_step(upto, winners, "award_total", {"awards": totals}, text, ("Wins", "獲得"), reveal=True))
    return steps


# --- irregularities ------------------------------------------------------------------------------

_ACTION = {
    "check": ("checked", "チェック"),
    "call": ("called", "コール"),
    "bet": ("bet", "ベット"),
    "raise": ("raised", "レイズ"),
    "fold": ("folded", "フォールド"),
}


def _what(event: Any, facts: dict[str, Any]) -> tuple[str, str]:
    """The irregularity as it happened: who, and which card or action."""
    kind, seat = event.type, event.seat
    s_en = f"seat {seat}" if seat is not None else "a seat"
    s_ja = seat_ja(seat) if seat is not None else "ある席"
    street = event.street or facts.get("street")
    on_en = f" on {STREET_EN[street]} street" if street in STREET_EN else ""
    on_ja = f"{street_ja(street)}で" if street in STREET_EN else ""
    card = card_label(event.card) if event.card is not None else ""
    texts = {
        "picks_up_upcards": (
            f"{_cap(s_en)} picked up its upcards.",
            f"{s_ja}がアップカードを取り上げました。",
        ),
        "exposes_own_downcard": (
            f"{_cap(s_en)} exposed one of its downcards.",
            f"{s_ja}が自分のダウンカードを見せました。",
        ),
        "folds_not_facing_bet": (f"{_cap(s_en)} folded.", f"{s_ja}がフォールドしました。"),
        "downcard_exposed_by_dealer": (
            f"The dealer exposed {s_en}'s downcard {card}{on_en}.",
            f"ディーラーが{on_ja}{s_ja}のダウンカード{card}を表にしてしまいました。",
        ),
        "premature_card": (
            f"The dealer dealt {s_en + ' ' if seat is not None else ''}a card{on_en} before the betting was over.",
            f"ディーラーがベットの終わる前に{on_ja}{s_ja + 'に' if seat is not None else ''}カードを配ってしまいました。",
        ),
        "absent_at_deal": (
            f"{_cap(s_en)} was not at the table when the cards were dealt.",
            f"カードを配ったとき{s_ja}は席にいませんでした。",
        ),
        "wrong_card_count": (
            f"{_cap(s_en)} holds {event.count} cards, not the number it should.",
            f"{s_ja}のカードが{event.count}枚で、正しい枚数ではありません。",
        ),
        "boxed_cards": (
            f"{event.count} boxed cards turned up in the deal.",
            f"ディール中にボックスカードが{event.count}枚出ました。",
        ),
        "card_to_wrong_seat": (
            f"The dealer pitched {s_en} a card meant for another seat{on_en}.",
            f"ディーラーが{on_ja}ほかの席に配るはずのカードを{s_ja}に配ってしまいました。",
        ),
        "seat_skipped": (
            f"The dealer skipped {s_en}{on_en}.",
            f"ディーラーが{on_ja}{s_ja}を飛ばして配ってしまいました。",
        ),
        "card_to_folded_hand": (
            f"The dealer pitched a card to {s_en}, which has folded{on_en}.",
            f"ディーラーが{on_ja}フォールドした{s_ja}にカードを配ってしまいました。",
        ),
        "action_out_of_turn": (
            f"{_cap(s_en)} {_ACTION.get(str(event.action), (str(event.action), ''))[0]} out of turn.",
            f"{s_ja}が順番を待たずに{_ACTION.get(str(event.action), ('', str(event.action)))[1]}しました。",
        ),
        "wrong_bring_in_called": (
            f"The dealer called seat {facts.get('named', seat)} for the bring-in.",
            f"ディーラーが{seat_ja(facts.get('named', seat))}をブリングインと呼びました。",
        ),
        "wrong_pot_pushed": (
            f"The dealer pushed a pot to {s_en}.",
            f"ディーラーがポットを{s_ja}に押し出しました。",
        ),
    }
    return texts.get(kind, (f"An irregularity at {s_en}.", f"{s_ja}でイレギュラーが起きました。"))


def _deciding(state: StudState, event: Any, ruling: Any) -> tuple[Any, ...] | None:
    """The state of the hand that decides the remedy, in the rule's own terms (English,
    Japanese, and the seats it points at when not the irregularity's)."""
    from games.stud.events import substantial_action

    kind = event.type
    player = state.player_of_seat(event.seat) if event.seat is not None else None
    street = event.street or ruling.facts.get("street") or state.street
    if kind in ("card_to_wrong_seat", "seat_skipped", "boxed_cards"):
        if street == 3:
            return (
                "It happened on the initial deal (3rd street), where TDA 2024 Rule 35-A applies.",
                f"最初のディール（{street_ja(3)}）で起きたので、TDA 2024 ルール35-Aが当てはまります。",
            )
        return (
            f"It happened on {STREET_EN[street]} street, after the initial deal.",
            f"最初のディールの後、{street_ja(street)}で起きました。",
        )
    if kind in ("wrong_card_count", "absent_at_deal"):
        if substantial_action(state):
            return (
                "Substantial action has been reached (TDA 2024 Rule 36: 2 actions in turn with chips, or 3 actions).",
                "実質的なアクション（TDA 2024 ルール36：チップを伴う2アクション、または3アクション）に達しています。",
            )
        return (
            "Substantial action has not been reached yet (TDA 2024 Rule 36: 2 actions in turn with chips, or 3 actions).",
            "実質的なアクション（TDA 2024 ルール36：チップを伴う2アクション、または3アクション）にはまだ達していません。",
        )
    if kind in ("picks_up_upcards", "folds_not_facing_bet", "exposes_own_downcard") and player is not None:
        facing = state.phase == "bet" and state.target > state.bets[player] and player in state.queue
        who_en, who_ja = f"Seat {event.seat}", seat_ja(event.seat)
        if facing:
            return (f"{who_en} was facing a bet.", f"{who_ja}はベットを受けていました。")
        return (f"{who_en} was not facing a bet.", f"{who_ja}はベットを受けていませんでした。")
    if kind == "downcard_exposed_by_dealer":
        if street == 3:
            return (
                "It is a 3rd-street downcard, before the betting.",
                f"{street_ja(3)}のベット前のダウンカードです。",
            )
        if state.betting_possible:
            return (
                "Betting action remains on the hand.",
                "このハンドにはまだベットアクションが残っています。",
            )
        return (
            "No betting action remains on the hand.",
            "このハンドにはもうベットアクションが残っていません。",
        )
    if kind == "action_out_of_turn":
        first = ruling.facts.get("first")
        if first is not None:
            return (f"It was seat {first}'s turn.", f"本来の番は{seat_ja(first)}でした。", [first])
        return None
    if kind == "wrong_bring_in_called":
        holder = ruling.facts.get("holder")
        door = ruling.facts.get("door")
        if holder is not None and door is not None:
            return (
                f"The bring-in is seat {holder}'s door card {card_label(door)}.",
                f"ブリングインは{seat_ja(holder)}のドアカード{card_label(door)}です。",
                [holder],
            )
        return None
    if kind == "wrong_pot_pushed":
        winners = list(ruling.facts.get("winners", ()))
        if winners:
            return (
                f"The pot belongs to {seats_en(winners)}.",
                f"そのポットは{seats_ja(winners)}のものです。",
                winners,
            )
        return None
    if kind == "card_to_folded_hand":
        return (
            f"Seat {event.seat} has folded: its hand is not live.",
            f"{seat_ja(event.seat)}はフォールドしていて、ライブのハンドではありません。",
        )
    if kind == "premature_card":
        return (
            "The betting round was not over when the card was dealt.",
            "カードを配ったとき、ベットラウンドはまだ終わっていませんでした。",
        )
    return None


def irregularity_show(case: Case, solution: Solution) -> list[dict[str, Any]]:
    """The hand up to the irregularity, the irregularity (which seat, which card or action), the
    state of the hand that decides the remedy, then the remedy and its rule."""
    from games.stud.explain import explain_sentences

    ruling, event = solution.facts["ruling"], solution.facts["event"]
    scenario = case.scenario
    index = scenario.events.index(event)
    upto = event.after + 1
    before = scenario.replay(stop_before_event=index).state
    street = before.street
    live = [before.seat_of(p) for p in before.live_players()]
    steps = [
        _step(
            upto,
            live,
            "irregular_before",
            {"street": street},
            (
                f"The hand up to the irregularity: {STREET_EN[street]} street, {seats_en(live)} in the hand.",
                f"イレギュラーまでのハンドです。{street_ja(street)}で、残っているのは{seats_ja(live)}です。",
            ),
            ("In the hand", "残っている席"),
            before_event=True,
        )
    ]
    seats = [event.seat] if event.seat is not None else []
    what = _what(event, ruling.facts)
    steps.append(
        _step(
            upto,
            seats,
            "irregularity",
            {"type": event.type, "seat": event.seat},
            what,
            ("Irregularity", "イレギュラー"),
            before_event=True,
        )
    )
    deciding = _deciding(before, event, ruling)
    if deciding is not None:
        text, pointed = (deciding[0], deciding[1]), (deciding[2] if len(deciding) > 2 else seats)
        steps.append(
            _step(
                upto,
                pointed,
                "irregular_state",
                {"type": event.type},
                text,
                ("Decides", "判断材料"),
                before_event=True,
            )
        )
    sentences = explain_sentences(solution.kind, solution.facts)
    rules = ", ".join(ruling.rules)
    en = " ".join(s.en for s in sentences) or f"Remedy: {ruling.code} ({rules})."
    ja = "".join(s.ja for s in sentences) or f"対処は{ruling.code}です（{rules}）。"
    remedy_seats = [ruling.seat] if ruling.seat is not None else seats
    steps.append(
        _step(
            len(case.replay.state.history),
            remedy_seats,
            "remedy",
            {"remedy": ruling.code, "seat": ruling.seat, "rules": list(ruling.rules)},
            (en, ja),
            ("Remedy", "対処"),
        )
    )
    return steps
