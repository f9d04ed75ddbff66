"""Explanations of hold'em answers in English and Japanese, with this hand's players and chips.

Each builder returns ``{"en": ..., "ja": ...}``. Players are written as in PHH (``p3``);
the Japanese follows how dealers in Japanese rooms say it (プリフロップ, サイドポット, オールイン).
"""

from __future__ import annotations

from games.core.hands import best_high
from games.holdem.hand import HoldemHand

__all__ = ["explain_awards", "explain_min_raise", "explain_next_action", "explain_pots", "explain_round"]

_STREET_JA = {"preflop": "プリフロップ", "flop": "フロップ", "turn": "ターン", "river": "リバー"}


def _players(players: list[int], sep: str) -> str:
    return sep.join(f"p{p}" for p in players)


def _position(hand: HoldemHand, player: int) -> tuple[str, str]:
    n = hand.player_count
    if n == 2:
        return ("the button and small blind", "ボタン兼SB") if player == 2 else ("the big blind", "BB")
    if player == 1:
        return "the small blind", "SB"
    if player == 2:
        return "the big blind", "BB"
    if player == n:
        return "the button", "ボタン"
    return f"seat {player - 2} after the big blind", f"BBから{player - 2}つ目の席"


def explain_next_action(hand: HoldemHand) -> dict[str, str]:
    """Who acts next and why (002 sections 3 and 5)."""
    answer = hand.next_action()
    street = hand.street_name
    player = answer["player"]
    if player is None:
        return explain_round(hand)
    i = player - 1
    voluntary = any(hand.acted)
    if not voluntary and street == "preflop":
        big = max(
            range(hand.player_count), key=lambda k: (hand.table.posted(hand.table.blinds_or_straddles, k), k)
        )
        if hand.player_count == 2:
            why_en = (
                "heads-up the button posts the small blind and acts first preflop; "
                f"the big blind, p{big + 1}, acts last"
            )
            why_ja = (
                "ヘッズアップではボタンがスモールブラインドを置き、プリフロップは最初にアクションします"
                f"（ビッグブラインドのp{big + 1}は最後）"
            )
        else:
            why_en = (
                f"p{big + 1} posted the big blind, and preflop the first to act is the player to its left"
            )
            why_ja = (
                f"p{big + 1}がビッグブラインドを置いているので、"
                "プリフロップはその左隣のプレイヤーから始まります"
            )
    elif not voluntary:
        why_en = "after the flop the first player still in the hand to the left of the button acts first"
        why_ja = f"{_STREET_JA[street]}ではボタンの左から、まだ残っているプレイヤーが最初にアクションします"
    elif hand.bets[i] < hand.level:
        why_en = f"the action moves clockwise to the next player who has not matched the bet of {hand.level}"
        why_ja = f"アクションは時計回りに、まだ{hand.level}に揃えていない次のプレイヤーへ移ります"
    else:
        why_en = "the action moves clockwise, and this player has not acted yet this round"
        if street == "preflop" and player == _big_blind(hand):
            why_en = "nobody raised, so the big blind has the option to check or raise"
            why_ja = "誰もレイズしていないので、BBにオプション（チェックかレイズ）があります"
        else:
            why_ja = "アクションは時計回りに進み、このプレイヤーはこのラウンドでまだアクションしていません"
    options = answer["options"]
    parts_en, parts_ja = ["fold"], ["フォールド"]
    if options["check"]:
        parts_en.append("check")
        parts_ja.append("チェック")
    if options["call"] is not None:
        all_in = options["call"] < hand.level - hand.bets[i]
        parts_en.append(f"call {options['call']}" + (" (all-in)" if all_in else ""))
        parts_ja.append(f"{options['call']}をコール" + ("（オールイン）" if all_in else ""))
    if options["raise_to"] is not None:
        low, top = options["raise_to"]
        verb_en, verb_ja = ("bet", "ベット") if hand.level == 0 else ("raise to", "レイズ")
        if low == top:
            parts_en.append(f"{verb_en} {top} all-in")
            parts_ja.append(f"{top}でオールインの{verb_ja}")
        else:
            parts_en.append(f"{verb_en} between {low} and {top}" if hand.level else f"bet {low} to {top}")
            parts_ja.append(f"{low}から{top}までの{verb_ja}")
    return {
        "en": f"p{player} acts next on the {street}: {why_en}. "
        f"p{player} may {', '.join(parts_en[:-1])} or {parts_en[-1]}.",
        "ja": f"{_STREET_JA[street]}の次のアクションはp{player}です。{why_ja}。"
        f"p{player}は{'、'.join(parts_ja)}ができます。",
    }


def _big_blind(hand: HoldemHand) -> int:
    table = hand.table
    return 1 + max(range(hand.player_count), key=lambda k: (table.posted(table.blinds_or_straddles, k), k))


def explain_min_raise(hand: HoldemHand) -> dict[str, str]:
    """The minimum raise and where it comes from (002 section 4)."""
    player = hand.actor()
    low = hand.min_raise_to()
    if player is None or low is None:
        who = "nobody" if player is None else f"p{player + 1}"
        return {
            "en": f"No raise is possible now ({who} to act: only calling or folding is left).",
            "ja": "今はレイズできません（"
            + ("アクションする人はいません" if player is None else who + "はコールかフォールドのみ")
            + "）。",
        }
    p = player + 1
    top = hand.bets[player] + hand.stacks[player]
    if hand.level == 0:
        en = (
            f"Nobody has bet on the {hand.street_name}, so the minimum bet is the big blind, "
            f"{hand.increment}."
        )
        ja = (
            f"{_STREET_JA[hand.street_name]}ではまだベットがないので、"
            f"最低ベット額はビッグブラインドの{hand.increment}です。"
        )
    elif hand.last_full is not None:
        start, end = hand.last_full
        en = (
            f"The last full raise went from {start} to {end}, an increase of {hand.increment}; "
            f"the bet is {hand.level}, so p{p} must raise to at least {hand.level + hand.increment}."
        )
        ja = (
            f"直前のレイズは{start}から{end}へ、{hand.increment}の上乗せでした。"
            f"現在のベットは{hand.level}なので、p{p}の最低レイズ額は{hand.level + hand.increment}です。"
        )
    else:
        en = (
            f"No full raise yet this round, so a raise must add at least the big blind ({hand.increment}): "
            f"to {hand.level + hand.increment}."
        )
        ja = (
            f"このラウンドはまだフルレイズがないので、ビッグブラインド分（{hand.increment}）"
            f"以上の上乗せが必要で、最低{hand.level + hand.increment}です。"
        )
    if low < hand.level + hand.increment:
        en += f" p{p} has only {top}, so p{p} can raise only all-in to {top}."
        ja += f"ただしp{p}の持ちチップは{top}なので、レイズするなら{top}のオールインのみです。"
    return {"en": en, "ja": ja}


def explain_round(hand: HoldemHand) -> dict[str, str]:
    """Whether the betting round is over (002 section 5)."""
    street = hand.street_name
    if hand.betting_complete():
        live = hand.contenders()
        if len(live) == 1:
            return {
                "en": f"The hand is over: everyone else folded, so p{live[0] + 1} wins without a showdown.",
                "ja": f"他の全員がフォールドしたので、ショーダウンなしでp{live[0] + 1}の勝ちです。",
            }
        able = [i for i in live if hand.stacks[i] > 0]
        if len(able) <= 1:
            return {
                "en": f"The {street} betting is over: at most one player can still bet and owes nothing, "
                "so the remaining cards are dealt without betting.",
                "ja": f"{_STREET_JA[street]}のベッティングは終了です。アクションできるのが1人以下で"
                "コールする額も残っていないため、残りのボードはベットなしで配ります。",
            }
        return {
            "en": f"The {street} betting round is complete: every player who can still bet has acted "
            f"and all bets stand at {hand.level}.",
            "ja": f"{_STREET_JA[street]}のベッティングラウンドは終了です。"
            f"アクションできる全員がアクション済みで、ベット額が{hand.level}で揃っています。",
        }
    player = hand.actor()
    assert player is not None
    owe = hand.level - hand.bets[player]
    if owe:
        return {
            "en": f"The {street} betting is not over: p{player + 1} still has {owe} to call.",
            "ja": f"{_STREET_JA[street]}のベッティングはまだ終わりません。"
            f"p{player + 1}がまだ{owe}をコールしていません。",
        }
    return {
        "en": f"The {street} betting is not over: p{player + 1} has not acted yet this round.",
        "ja": f"{_STREET_JA[street]}のベッティングはまだ終わりません。"
        f"p{player + 1}がまだアクションしていません。",
    }


def explain_pots(hand: HoldemHand) -> dict[str, str]:
    """The main pot and side pots, layer by layer (002 section 8)."""
    pots = hand.pots()
    en_parts, ja_parts = [], []
    for k, pot in enumerate(pots):
        name_en = "Main pot" if k == 0 else f"side pot {k}"
        name_ja = "メインポット" if k == 0 else f"サイドポット{k}"
        en_parts.append(f"{name_en} {pot.amount} ({_players(list(pot.eligible), ', ')})")
        ja_parts.append(f"{name_ja}は{pot.amount}（{_players(list(pot.eligible), '・')}）")
    all_in = sorted({hand.committed[i] for i in hand.contenders() if hand.stacks[i] == 0})
    why_en = why_ja = ""
    if all_in and len(pots) > 1:
        levels = ", ".join(str(a) for a in all_in)
        why_en = f" Each all-in amount ({levels}) caps what its player can win from each opponent."
        why_ja = f"オールインした額（{levels}）までの分だけが、そのプレイヤーの取れるポットになります。"
    returned = hand.uncalled()
    back_en = back_ja = ""
    for p, chips in returned.items():
        back_en = f" The {chips} that nobody can match goes back to p{p}."
        back_ja = f"誰もコールできない{chips}はp{p}に戻します。"
    return {
        "en": ("; ".join(en_parts) or "No pot yet") + "." + why_en + back_en,
        "ja": "、".join(ja_parts) + "です。" + why_ja + back_ja if ja_parts else "まだポットはありません。",
    }


def explain_awards(hand: HoldemHand) -> dict[str, str]:
    """Who wins each pot and with what (002 sections 7 and 8)."""
    result = hand.awards()
    en, ja = [], []
    for k, pot in enumerate(result["pots"]):
        name_en = "the main pot" if k == 0 else f"side pot {k}"
        name_ja = "メインポットの" if k == 0 else f"サイドポット{k}の"
        winners = pot["winners"]
        if len(hand.contenders()) == 1:
            en.append(f"p{winners[0]} wins {name_en} of {pot['amount']} uncontested")
            ja.append(f"{name_ja}{pot['amount']}はp{winners[0]}が獲得します（他は全員フォールド）")
            continue
        cards = [*hand.showed[winners[0] - 1], *hand.board]
        value = best_high(cards)
        if len(winners) == 1:
            en.append(f"p{winners[0]} wins {name_en} of {pot['amount']} with {value.name('en').lower()}")
            ja.append(f"{name_ja}{pot['amount']}はp{winners[0]}が{value.name('ja')}で獲得します")
            continue
        shares = ", ".join(f"p{p} {pot['awards'][str(p)]}" for p in winners)
        odd = pot["amount"] % len(winners)
        en_text = (
            f"{_players(winners, ' and ')} tie with {value.name('en').lower()} "
            f"and split {name_en} of {pot['amount']} ({shares})"
        )
        ja_text = (
            f"{name_ja}{pot['amount']}は{_players(winners, 'と')}が{value.name('ja')}で同点のため"
            f"分け合います（{shares}）"
        )
        if odd:
            first = winners[:odd]
            verb = "chips go" if odd > 1 else "chip goes"
            en_text += f"; the odd {verb} to {_players(first, ', ')}, first from the button's left"
            ja_text += (
                f"。割り切れない端数はボタンの左から近い順に{_players(first, '・')}へ1チップずつ渡します"
            )
        en.append(en_text)
        ja.append(ja_text)
    returned = hand.uncalled()
    for p, chips in returned.items():
        en.append(f"the uncalled {chips} goes back to p{p}")
        ja.append(f"コールされなかった{chips}はp{p}に戻ります")
    return {"en": "; ".join(en) + ".", "ja": "。".join(ja) + "。"}
