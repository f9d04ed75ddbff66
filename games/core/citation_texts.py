"""What each cited rule says, in our own words, for the in-app rules reference.

``games.core.citations`` names every rule an answer can cite; this module adds, for each of them, a
short summary in English and Japanese (what the rule means for a dealer), how a citation reads to
a person in either language (``label``: "TDA 2024 Rule 47-B: Re-opening in limit: half a bet"),
and a few words about each rulebook. Entries of the "practice" book say so: no rulebook text
decides them; they are card-room practice or our reading where the rulebooks are silent.
The summaries paraphrase; facts come from the rulebooks and the house games' source documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.core.citations import BOOKS, citation

__all__ = ["BOOK_TEXTS", "TEXTS", "CitationText", "designation", "label", "summary"]


@dataclass(frozen=True)
class CitationText:
    en: str
    ja: str

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


# How each rulebook is named before a rule of it that has no number of its own.
_SHORT: dict[str, tuple[str, str]] = {
    "rrop": ("RRoP", "RRoP"),
    "barge": ("BARGE", "BARGE"),
    "wsop-2024": ("WSOP 2024", "WSOP 2024"),
    "practice": ("Card-room practice", "カードルームの慣行"),
}


def designation(key: str, lang: str) -> str:
    """The rule as a rulebook numbers it: "TDA 2024 Rule 47-B" / "TDA 2024 ルール47-B",
    "RRoP 7CS-1", the source document's title and section ("... §3.1")."""
    entry = citation(key)
    ja = lang == "ja"
    if entry.book == "tda-2024":
        return key.replace("Rule ", "ルール") if ja else key
    if re.fullmatch(r"RRoP \d+CS-\d+", key):
        return key
    section = re.search(r"§[\d.]+$", key)
    if section:
        book = BOOKS[entry.book]
        return f"{book.title_ja if ja else book.title_en} {section.group()}"
    if entry.book in _SHORT:
        en, ja_name = _SHORT[entry.book]
        return ja_name if ja else en
    book = BOOKS[entry.book]
    return book.title_ja if ja else book.title_en


def label(key: str, lang: str) -> str:
    """How a citation reads on a page: its designation and its title."""
    separator = "：" if lang == "ja" else ": "
    return f"{designation(key, lang)}{separator}{citation(key).title(lang)}"


def summary(key: str, lang: str) -> str:
    return TEXTS[key].text(lang)


BOOK_TEXTS: dict[str, CitationText] = {
    "tda-2024": CitationText(
        "The Poker Tournament Directors Association's rules, 2024 edition: the rules most tournaments follow and this app's default rule set. Rules are numbered (Rule 47-B); the recommended procedures, among them the stud procedures of RP-10, are numbered RP-1 to RP-22.",
        "ポーカー・トーナメント・ディレクターズ協会（TDA）のルール2024年版です。多くのトーナメントが採用しており、このアプリの標準のルールセットです。ルールには番号（ルール47-B）があり、スタッドの手順を定めたRP-10などの推奨手順はRP-1〜RP-22です。",
    ),
    "rrop": CitationText(
        "Robert's Rules of Poker by Bob Ciaffone, the basis of many card rooms' house rules for cash games. The app's \"Robert's Rules (cash)\" rule set follows it where it differs from TDA: tied boards by position, the open-pair option on 4th street, no raise cap heads-up, and its odd-chip rule.",
        "ボブ・チャッフォーネによるロバーツ・ルール・オブ・ポーカー（RRoP）です。多くのカードルームがキャッシュゲームのハウスルールの元にしています。このアプリの「ロバーツ・ルール（キャッシュ）」は、TDAと違う点でこれに従います：同じボードはポジションで決める、4thストリートのオープンペアでビッグベットを選べる、ヘッズアップではレイズのキャップがない、端数チップの渡し方。",
    ),
    "barge": CitationText(
        "The BARGE Rulebook, a tournament rulebook written for mixed games. We cite it for how each stud game is dealt, who brings in and how hands rank in razz and stud hi-lo.",
        "ミックスゲーム向けに書かれたトーナメントのルールブック（BARGE）です。スタッド各ゲームの配り方、ブリングインの決め方、ラズとスタッド・ハイローの役の強さの根拠にしています。",
    ),
    "wsop-2024": CitationText(
        "The World Series of Poker's 2024 tournament rules. We cite them for two stud situations the TDA rules do not spell out.",
        "ワールドシリーズ・オブ・ポーカー（WSOP）の2024年トーナメントルールです。TDAのルールがはっきり書いていないスタッドの2つの場面の根拠にしています。",
    ),
    "practice": CitationText(
        "Not a rulebook. These entries are what card rooms commonly do, or how we read the rules where the rulebooks are silent. They say so, and a house may decide otherwise.",
        "ルールブックではありません。カードルームで一般に行われていること、またはルールブックに書かれていない点についての私たちの解釈です。各項目にそう書いてあり、ハウスが別の決め方をすることもあります。",
    ),
    "holdem": CitationText(
        "The source document of the house's no-limit Texas hold'em game. Its sections are numbered; where it is silent, the TDA rules for no-limit apply.",
        "ハウスのノーリミット・テキサスホールデムの元になった仕様書です。節に番号があります。書かれていない点はTDAのノーリミットのルールに従います。",
    ),
    "fch": CitationText(
        "The rulebook of Flush Code Hack, the house's five-card draw game for four players who start with 20,000 points each.",
        "ハウスのファイブカードドロー「Flush Code Hack」のルールブックです。4人のプレイヤーが20,000ポイントずつ持って始めます。",
    ),
    "t10s": CitationText(
        "The source document of ten-card stud, the house game for five players in which the weakest showing hand turns up a card until all ten are face up.",
        "ハウスのゲーム「10カードスタッド」の元になったルール文書です。5人で遊び、見えている役が一番弱いプレイヤーから、10枚すべてが表になるまでカードを1枚ずつ公開します。",
    ),
}


def _t(en: str, ja: str) -> CitationText:
    return CitationText(en, ja)


TEXTS: dict[str, CitationText] = {
    # --- Poker TDA Rules 2024 ---------------------------------------------------------------
    "TDA 2024 Rule 16": _t(
        "Once a player is all-in and every other player has finished betting, all hands still in are turned face up at once; nobody waits for the usual showdown order.",
        "プレイヤーがオールインし、ほかのプレイヤーのベットがすべて終わったら、残っているハンドはすぐに全部表向きにします。通常のショーダウンの順番は待ちません。",
    ),
    "TDA 2024 Rule 17-A": _t(
        "At a showdown without all-ins, the last player to bet or raise on the final betting round shows first. If nobody bet on that round, the player who would act first shows first: in stud the best board, in razz the lowest board.",
        "オールインのないショーダウンでは、最終ベッティングラウンドで最後にベットまたはレイズしたプレイヤーが最初にハンドを見せます。そのラウンドでベットがなければ、最初にアクションするプレイヤーから見せます。スタッドでは一番強いボード、ラズでは一番低いボードです。",
    ),
    "TDA 2024 Rule 20": _t(
        "A pot that does not split evenly is first broken into the smallest chip in play. In stud and razz the odd chip goes to the player with the highest card by suit in their five-card winning hand; in stud hi-lo the odd chip of the whole pot goes to the high half.",
        "均等に分けられないポットは、まず使っている一番小さいチップに崩します。スタッドとラズでは、勝ちハンド5枚の中でスートを含めて一番高いカードを持つプレイヤーが端数チップを受け取ります。スタッド・ハイローでは、ポット全体の端数チップはハイ側に入ります。",
    ),
    "TDA 2024 Rule 21": _t(
        "The main pot and every side pot are awarded and split one at a time, each among the players who can win it; pots are never added together first.",
        "メインポットとサイドポットは1つずつ、そのポットを獲得できるプレイヤーの間で配ったり分けたりします。先に合算することはしません。",
    ),
    "TDA 2024 Rule 22": _t(
        "The reading of a tabled hand may be disputed until the next hand begins; an error in counting or awarding a pot may be disputed until substantial action on the next hand. A pot pushed to the wrong player is taken back and pushed again within that time.",
        "公開されたハンドの読み間違いには、次のハンドが始まるまで異議を申し立てられます。ポットの計算や配り間違いには、次のハンドで実質的なアクションがあるまで異議を申し立てられます。その間なら、違うプレイヤーに押し出したポットは戻して配り直します。",
    ),
    "TDA 2024 Rule 30": _t(
        "A player must be in their seat when the last card of the initial deal is dealt. Otherwise the hand is killed and the posted ante stays in the pot; an absent player who was dealt the bring-in card still posts the bring-in.",
        "最初のディールの最後のカードが配られるとき、プレイヤーは席にいなければなりません。いなければハンドはキルされ、出したアンティはポットに残ります。ブリングインのカードを配られた不在のプレイヤーは、それでもブリングインを出します。",
    ),
    "TDA 2024 Rule 35-A": _t(
        "Lists what makes a misdeal, among them two or more boxed cards on the initial deal, the first card dealt to the wrong seat, a seat dealt in or left out by mistake, and a player with the wrong number of cards. After a misdeal the hand is dealt again.",
        "ミスディールになる場合を挙げています。最初のディールで表向きのカード（ボックスカード）が2枚以上ある、最初のカードを違う席に配った、配るべきでない席に配った・配るべき席を飛ばした、カードの枚数が違うプレイヤーがいる、などです。ミスディールの後はハンドを配り直します。",
    ),
    "TDA 2024 Rule 35-D": _t(
        "Once substantial action has taken place, the hand can no longer be declared a misdeal. A player with the wrong number of cards then has a dead hand, and the deal goes on for the others.",
        "実質的なアクションが行われた後は、ミスディールにはできません。カードの枚数が違うプレイヤーのハンドはデッドになり、ほかのプレイヤーでハンドを続けます。",
    ),
    "TDA 2024 Rule 36": _t(
        "Substantial action means either two actions in turn of which at least one puts chips in, or any three actions in turn (checks and folds count).",
        "実質的なアクションとは、順番どおりの2つのアクションで少なくとも1つがチップを出すもの、または順番どおりのアクションが3つ（チェックやフォールドも数えます）あったことです。",
    ),
    "TDA 2024 Rule 38": _t(
        "The burn is always one card per street, never more: none before the initial deal, one before each of 4th to 7th street in stud.",
        "バーンは1ストリートに必ず1枚で、それ以上はしません。スタッドでは最初のディールの前にはバーンせず、4thストリートから7thストリートの前に1枚ずつバーンします。",
    ),
    "TDA 2024 Rule 39-D": _t(
        "When the stub has to be reshuffled, the cards are scrambled face down, so nobody sees them.",
        "スタブをシャッフルし直すときは、誰にも見えないようにカードを裏向きのまま混ぜます。",
    ),
    "TDA 2024 Rule 43": _t(
        "In no-limit, a raise must add at least as much as the largest bet or raise made so far in the betting round.",
        "ノーリミットでは、レイズの上乗せ額はそのベッティングラウンドでそれまでの一番大きいベットまたはレイズの額以上でなければなりません。",
    ),
    "TDA 2024 Rule 47-A": _t(
        "In no-limit, an all-in that is less than a full raise does not reopen the betting for a player who has already acted and, when the action comes back, faces less than a full raise: that player may only call or fold.",
        "ノーリミットでは、フルレイズに満たないオールインは、すでにアクションしていて、番が戻ったときにフルレイズ未満の増額にしか直面していないプレイヤーにはベットを再開しません。そのプレイヤーはコールかフォールドだけです。",
    ),
    "TDA 2024 Rule 47-B": _t(
        "In limit, an all-in reopens the betting for players who have already acted only when it is at least half of a full bet or raise. A smaller all-in lets them call or fold; a player who has not yet acted may still complete it to a full bet.",
        "リミットでは、すでにアクションしたプレイヤーに対してベットが再開されるのは、オールインの額がフルベットまたはフルレイズの半分以上のときだけです。それより少なければコールかフォールドだけです。まだアクションしていないプレイヤーは、フルベットまでコンプリートできます。",
    ),
    "TDA 2024 Rule 48": _t(
        "Limit betting has a cap on the number of raises, even when only two players are left, until the tournament itself is down to two players. The house sets the number: here, the bets per street of the house rules.",
        "リミットのベットにはレイズ回数のキャップがあり、大会が残り2人になるまではハンドが2人だけになってもキャップは残ります。回数はハウスが決めます。このアプリではハウスルールの「ストリートごとのベット数」です。",
    ),
    "TDA 2024 Rule 53": _t(
        "An action out of turn is backed up to the player whose turn it is. The out-of-turn action binds if the action to that player does not change (a check, call or fold before it does not change it); if it changes, the chips go back and the player has every option. A fold out of turn is binding.",
        "順番外のアクションは、本来の番のプレイヤーまで戻します。そのプレイヤーまでのアクションが変わらなければ（間のチェック、コール、フォールドでは変わりません）先に宣言したアクションが有効で、変わればチップは戻り、すべての選択肢があります。順番外のフォールドは有効です。",
    ),
    "TDA 2024 Rule 58": _t(
        "A fold is binding when a player folds in turn while they could have checked, or folds out of turn; the hand is out (a penalty may apply).",
        "チェックできるのに自分の番でフォールドした場合や、順番を待たずにフォールドした場合、そのフォールドは有効でハンドは終わりです（ペナルティになることもあります）。",
    ),
    "TDA 2024 Rule 66": _t(
        "In stud, a player who picks up their upcards while facing action has a dead hand. The proper stud muck is turning all upcards down and pushing the cards forward face down.",
        "スタッドでは、ベットを受けている状態でアップカードを取り上げたプレイヤーのハンドはデッドです。正しいマックの仕方は、アップカードをすべて伏せ、裏向きのまま前に押し出すことです。",
    ),
    "TDA 2024 Rule 68": _t(
        "A player who exposes their own cards while action is pending may be penalised, but the hand stays live.",
        "アクションが残っている間に自分のカードを見せたプレイヤーはペナルティの対象になり得ますが、ハンドはライブのままです。",
    ),
    "TDA 2024 RP-5 D": _t(
        "In stud, a card dealt before the betting on the previous street has finished goes back to the stub; the stub is reshuffled and the street is dealt from it without another burn card.",
        "スタッドで、前のストリートのベットが終わる前にカードを配ってしまったら、そのカードをスタブに戻してシャッフルし直し、バーンカードを増やさずにそのストリートを配ります。",
    ),
    "TDA 2024 RP-10 A": _t(
        "A downcard dealt face up on the initial deal becomes that player's upcard, and their third card is dealt face down. The player may be the bring-in.",
        "最初のディールでダウンカードが表向きに配られたら、それをそのプレイヤーのアップカードとし、3枚目は伏せて配ります。そのプレイヤーがブリングインになることもあります。",
    ),
    "TDA 2024 RP-10 B": _t(
        "7th street is dealt face down even when no betting can follow. A 7th-street card the dealer exposes is replaced if betting action remains on the hand. In all-in situations the players not at risk show their hands first.",
        "7thストリートは、その後ベットがなくても伏せて配ります。ディーラーが表にしてしまった7枚目は、まだベットアクションが残っていれば交換します。オールインの場面では、負けるリスクのないプレイヤー（オールインしていないプレイヤー）から先にハンドを見せます。",
    ),
    "TDA 2024 RP-10 C": _t(
        "A hand that is no longer live, such as one killed at the deal, gets no card on 4th street or later.",
        "ディールでキルされたハンドなど、ライブでなくなったハンドには4thストリート以降のカードを配りません。",
    ),
    "TDA 2024 RP-10 D": _t(
        "When two or more boards tie for the best showing hand on 4th to 7th street (high in stud and stud hi-lo, low in razz), the board with the highest card by suit acts first; spades rank highest.",
        "4th〜7thストリートで一番強い（ラズでは一番低い）ボードが複数並んだときは、スートを含めて一番高いカードのボードが先にアクションします。スートはスペードが一番上です。",
    ),
    "TDA 2024 RP-10 E": _t(
        "If the low card is all-in for the ante, it posts no bring-in; the action starts with the player on its left, and players with chips must bet at least the bring-in or fold. Nobody may check.",
        "ロウカードのプレイヤーがアンティでオールインしているときは、ブリングインを出しません。アクションは左隣から始まり、チップを持つプレイヤーは少なくともブリングイン額をベットするか、フォールドします。チェックはできません。",
    ),
    "TDA 2024 RP-10 F": _t(
        "An open pair on 4th street does not allow the big bet: 4th street is bet at the small bet.",
        "4thストリートでオープンペアが見えていても、ビッグベットにはなりません。4thストリートはスモールベットです。",
    ),
    "TDA 2024 RP-10 H": _t(
        "Before dealing 7th street, the dealer compares the cards in the stub with the number required (players left, a burn and one card left over). A: if the three earlier burns make it enough, they are shuffled into the stub. B: if not, but the stub holds at least three cards, burn and deal one community card. C: with fewer than three, shuffle the stub with the burns, burn and deal one community card. With a community card, the first to act on 6th street acts first on 7th.",
        "7thストリートを配る前に、スタブの枚数と必要枚数（残っているプレイヤー数＋バーン1枚＋最後に残す1枚）を比べます。A：それまでのバーン3枚を足せば足りるなら、スタブに混ぜて配ります。B：足りないがスタブが3枚以上あれば、バーンしてコミュニティカードを1枚配ります。C：3枚未満なら、スタブとバーンを混ぜてからバーンし、コミュニティカードを1枚配ります。コミュニティカードを使うときは、6thストリートで最初にアクションしたプレイヤーが7thでも最初です。",
    ),
    # --- Robert's Rules of Poker -------------------------------------------------------------
    "RRoP 7CS-1": _t(
        "The lowest upcard brings in, ties broken by suit (clubs lowest, then diamonds, hearts, spades). From 4th street on, the best board acts first; under Robert's Rules, tied boards are broken by position, the tied player nearest the dealer's left first.",
        "一番低いアップカードのプレイヤーがブリングインを出します。同じランクならスートで決めます（クラブが一番低く、ダイヤ、ハート、スペードの順）。4thストリートからは一番強いボードが先にアクションします。ロバーツ・ルールでは、同じボードはポジションで決め、ディーラーの左から近いプレイヤーが先です。",
    ),
    "RRoP 7CS-2": _t(
        "The player with the bring-in may post the bring-in or open for a full bet instead (complete).",
        "ブリングインのプレイヤーは、ブリングインを出すか、最初からフルベットにする（コンプリートする）かを選べます。",
    ),
    "RRoP 7CS-3": _t(
        "Raising the bring-in to a full bet is a completion, not a raise: the raises the cap allows all still follow it.",
        "ブリングインをフルベットまで上げるのはコンプリートであって、レイズではありません。キャップで認められるレイズは、その後にすべて残っています。",
    ),
    "RRoP 7CS-4": _t(
        "In stud high under Robert's Rules, when an open pair shows on 4th street any player may bet the small or the big bet; once the big bet is made, raises are in big bets. TDA does not allow this, and razz and stud hi-lo never do.",
        "ロバーツ・ルールのスタッド・ハイでは、4thストリートでオープンペアが見えているとき、どのプレイヤーもスモールベットかビッグベットを選んでベットできます。ビッグベットが出たら、レイズもビッグベット単位です。TDAでは認められず、ラズとスタッド・ハイローでは使いません。",
    ),
    "RRoP Betting and Raising": _t(
        "In cash games under Robert's Rules there is no cap on raises once only two players are left in the hand.",
        "ロバーツ・ルールのキャッシュゲームでは、ハンドに残っているプレイヤーが2人になると、レイズ回数のキャップはなくなります。",
    ),
    "RRoP Betting and Raising 11": _t(
        "Acting out of turn is not allowed. A player who checks out of turn may not bet or raise on the next turn to act, and one who called out of turn may not change the call to a raise. An out-of-turn action binds unless the action to that player is changed by a bet or raise.",
        "順番外のアクションは認められません。順番外にチェックしたプレイヤーは次の番でベットもレイズもできず、順番外にコールしたプレイヤーはレイズに変えられません。順番外のアクションは、そのプレイヤーまでにベットやレイズでアクションが変わらない限り有効です。",
    ),
    "RRoP Ties": _t(
        "Every pot is split on its own. In stud the odd chip goes to the highest card by suit for a high hand and to the lowest card by suit for a low hand, counting all of the player's cards, not only the five played; no player gets more than one odd chip, and identical hands split the pot as evenly as possible.",
        "ポットは1つずつ分けます。スタッドでは、ハイはスートを含めて一番高いカード、ローは一番低いカードのプレイヤーが端数チップを受け取り、使う5枚だけでなくそのプレイヤーの全カードで比べます。1人が受け取る端数チップは1枚までで、まったく同じハンド同士はポットをできるだけ均等に分けます。",
    ),
    # --- BARGE Rulebook ----------------------------------------------------------------------
    "BARGE Seven-Card Stud": _t(
        "Each player gets two cards down and one up, dealt one at a time from the dealer's left. The lowest upcard brings in; between equal ranks the suit decides, from clubs (lowest) to spades.",
        "ディーラーの左から1枚ずつ、各プレイヤーに2枚を伏せて、1枚を表向きに配ります。一番低いアップカードがブリングインで、同じランクならスートで決めます（クラブが一番低く、スペードが一番高い）。",
    ),
    "BARGE Razz": _t(
        "Razz is played for low with the ace low. The highest upcard brings in (a king is the worst; between equal ranks the spade is highest), and from 4th street on the lowest board acts first.",
        "ラズはエースを一番低く数えるローのゲームです。一番高いアップカードがブリングインを出し（キングが一番悪く、同じランクならスペードが一番高い）、4thストリートからは一番低いボードが先にアクションします。",
    ),
    "BARGE Stud Hi-Lo": _t(
        "The pot is split between the best high hand and the best low hand of eight or better (five cards of different ranks, eight or lower). With no qualifying low, the best high hand wins the whole pot.",
        "ポットは一番強いハイハンドと、8以下のローの一番良いハンド（ランクの違う8以下のカード5枚）で分けます。条件を満たすローがなければ、一番強いハイハンドがポット全体を獲得します。",
    ),
    "BARGE Lowball Scales": _t(
        "Ace-to-five low: the ace is low and straights and flushes do not count. Hands are compared from their highest card down; any hand without a pair beats any paired hand, and the best hand is 5-4-3-2-A.",
        "エース・トゥ・ファイブのローです。エースは一番低く、ストレートとフラッシュは数えません。一番高いカードから順に比べ、ペアのないハンドはペアのあるハンドより必ず強く、最高のハンドは5-4-3-2-Aです。",
    ),
    "BARGE Limit": _t(
        "Limit betting: the small bet on 3rd and 4th street, the big bet on 5th to 7th, and every bet and raise is one unit of that size. An all-in for less than half a bet may be called or completed; half a bet or more counts as a full bet.",
        "リミットのベットでは、3rdと4thストリートはスモールベット、5th〜7thはビッグベットで、ベットもレイズもその単位で行います。ベットの半分に満たないオールインはコールかコンプリートができ、半分以上ならフルベットとして扱います。",
    ),
    # --- WSOP 2024 ---------------------------------------------------------------------------
    "WSOP 2024 Stud: short bring-in": _t(
        "If the low card is all-in for only part of the bring-in, that bet stands, and every other player must still come in for at least the full bring-in or complete.",
        "ロウカードのプレイヤーがブリングインの一部しか出せずにオールインしても、そのベットは有効です。ほかのプレイヤーは少なくとも満額のブリングインで参加するか、コンプリートします。",
    ),
    "WSOP 2024 Stud: all-in high hand": _t(
        "When the board that would act first belongs to a player who is already all-in, the action goes on as if that player had checked: the next player with chips acts.",
        "最初にアクションするはずのボードのプレイヤーがすでにオールインしているときは、そのプレイヤーがチェックしたものとして進め、次のチップを持つプレイヤーがアクションします。",
    ),
    # --- Card-room practice ------------------------------------------------------------------
    "Practice: all-in for the ante": _t(
        "Card-room practice: a player who cannot post the whole ante is all-in for what they have. Every player's ante up to that amount makes the main pot; the rest of the antes and all later bets go to a side pot the all-in player cannot win. The rulebooks take this from how side pots are built rather than stating it.",
        "カードルームの慣行です。アンティを全額出せないプレイヤーは、持っている分でオールインです。各プレイヤーのアンティのうちその額までがメインポットになり、残りのアンティとその後のベットはオールインのプレイヤーが獲得できないサイドポットに入ります。ルールブックは、これをサイドポットの作り方から導いており、個別には書いていません。",
    ),
    "Practice: hand rankings": _t(
        "Card-room practice, the same in every rulebook: the standard high poker hands from the straight flush down to high card, made with the best five of the seven cards. Suits never break a tie for the pot.",
        "どのルールブックでも同じカードルームの慣行です。ストレートフラッシュからハイカードまでの通常のポーカーの役で、7枚から一番強い5枚を使います。ポットの勝ち負けをスートで決めることはありません。",
    ),
    "Practice: the bring-in has acted": _t(
        "Our reading where the rulebooks are silent: the bring-in counts as having acted, since it could have completed. So an all-in raise of less than half a bet does not let the bring-in raise again.",
        "ルールブックに書かれていない点についての私たちの解釈です。ブリングインはコンプリートもできたので、アクション済みとみなします。そのため、ベットの半分に満たないオールインのレイズでは、ブリングインのプレイヤーは再びレイズできません。",
    ),
    "Practice: exposed 7th card with no action left": _t(
        "Our reading where TDA RP-10 B is silent: it replaces an exposed 7th-street card only while betting remains, so when no betting is left the exposed card stays and plays.",
        "TDAのRP-10 Bが書いていない点についての私たちの解釈です。RP-10 Bが表になった7枚目を交換するのはベットが残っている場合だけなので、もうベットが残っていなければ、そのカードはそのまま使います。",
    ),
    "Practice: cards put back in their seats": _t(
        "Card-room practice where the rulebooks name only the initial deal (TDA 2024 Rule 35-A makes that a misdeal): on 4th to 7th street a card pitched to the wrong seat, or past a skipped seat, is moved to the seat it belongs to and the deal goes on in order, without another burn.",
        "ルールブックが最初のディールについてだけ定めている点（TDA 2024 ルール35-Aではミスディール）についてのカードルームの慣行です。4th〜7thストリートで違う席に配ったカードや、席を飛ばして配ったカードは本来の席に置き直し、バーンを増やさずに順番どおり配り続けます。",
    ),
    "Practice: a wrongly called bring-in is corrected": _t(
        "Card-room practice: when the dealer calls the wrong seat for the bring-in, the call is corrected before the action goes on; any chips the wrong seat put in go back and the lowest door card (the highest in razz) brings in.",
        "カードルームの慣行です。ディーラーがブリングインの席を呼び間違えたら、アクションが進む前に訂正します。間違って呼ばれた席が出したチップは戻し、一番低いドアカード（ラズでは一番高いドアカード）がブリングインをします。",
    ),
    # --- Texas hold'em source document -------------------------------------------------------
    "Hold'em rules §3.1": _t(
        "Before the flop the player to the left of the big blind acts first and the action goes clockwise. The big blind acts last and may still check or raise when nobody has raised.",
        "プリフロップはビッグブラインドの左隣のプレイヤーから時計回りにアクションします。ビッグブラインドが最後で、誰もレイズしていなくてもチェックかレイズを選べます。",
    ),
    "Hold'em rules §3.2": _t(
        "On the flop, turn and river the small blind acts first, or the next player still in to its left, and the action goes clockwise.",
        "フロップ、ターン、リバーでは、スモールブラインド（降りていれば左隣の残っているプレイヤー）から時計回りにアクションします。",
    ),
    "Hold'em rules §4": _t(
        "The actions: fold at any time; check only when nothing more is owed; call the current bet (all-in when short); bet at least the big blind; raise by at least the previous raise; go all-in with every chip left.",
        "アクションは次のとおりです。フォールドはいつでもでき、チェックは追加で出す額がないときだけです。コールは現在のベット額に合わせ（足りなければオールイン）、ベットはビッグブラインド以上、レイズは直前のレイズ額以上の上乗せです。オールインは残りのチップ全部です。",
    ),
    "Hold'em rules §5": _t(
        "A betting round is over when every player still in has acted at least once, the bets of all players who are not all-in are equal, and everyone has answered the last bet or raise. Before the flop the big blind has the last option.",
        "ベッティングラウンドが終わるのは、残っている全員が少なくとも1回アクションし、オールインしていないプレイヤーのベット額がそろい、最後のベットまたはレイズに全員が対応したときです。プリフロップではビッグブラインドが最後にアクションします。",
    ),
    "Hold'em rules §7": _t(
        "After the river betting, the players still in show their hands; the best hand wins and equal hands split.",
        "リバーのベットが終わったら残っているプレイヤーがハンドを見せ、一番強い役が勝ちます。同じ強さなら分けます。",
    ),
    "Hold'em rules §8": _t(
        "When a player is all-in, the chips others bet beyond that player's amount form a side pot that only the players who put into it can win; each pot goes to the best hand among its players.",
        "オールインのプレイヤーがいるときは、その額を超えてベットされたチップがサイドポットになり、そこに出したプレイヤーだけが獲得できます。各ポットは、獲得資格のあるプレイヤーの中で一番強い役が受け取ります。",
    ),
    # --- Flush Code Hack rulebook ------------------------------------------------------------
    "Flush Code Hack: card and suit order": _t(
        "Cards rank from the ace (highest) down to the two, and suits from spades, hearts and diamonds down to clubs. Equal hands are decided by the ranks of the cards, then by their suits.",
        "カードの強さはエース（一番強い）から2（一番弱い）まで、スートはスペード、ハート、ダイヤ、クラブの順です。同じ役ならカードの数字の強さで、それでも同じならスートで勝敗を決めます。",
    ),
    "Flush Code Hack: hand rankings": _t(
        "Ten hands from the royal flush down to high card; in this game a tie on the hand is broken by ranks and then by suits, so nobody splits.",
        "ロイヤルストレートフラッシュからハイカードまでの10の役があります。このゲームでは同じ役なら数字、次にスートで決めるので、引き分けはありません。",
    ),
    "Flush Code Hack: game rules 2": _t(
        "Each round every player pays a 200-point entry fee and gets five cards: a betting phase, a draw, a second betting phase and a second draw, then everyone shows and the best hand takes the whole pot, all-in or not. A betting phase ends when the action goes once around after a raise without another raise; the first player moves one seat clockwise each round.",
        "各ラウンドで全員が参加フィー200ポイントを払い、5枚ずつ配られます。ベットフェーズ、ドロー、2回目のベットフェーズ、2回目のドローの後、全員が手札を見せ、一番強い役がオールインかどうかに関係なくポットを全て受け取ります。ベットフェーズは、レイズの後に誰もレイズせずに1周すると終わります。一番最初のプレイヤーはラウンドごとに時計回りに1つずれます。",
    ),
    "Flush Code Hack: game rules 3": _t(
        "The game ends after 100 rounds or when only one player is left; the player with the most points wins.",
        "100ラウンドが終わるか、残りのプレイヤーが1人になるとゲームは終わり、ポイントが一番多いプレイヤーが勝ちます。",
    ),
    "Flush Code Hack: leaving the game": _t(
        "A player who cannot pay the 200-point entry fee leaves the game with their points set to zero, and the others play on.",
        "参加フィー200ポイントを払えないプレイヤーは、ポイントを0にしてゲームから退場し、残りのプレイヤーで続けます。",
    ),
    # --- Ten-card stud source document -------------------------------------------------------
    "Ten-card stud rules §4.2": _t(
        "Each player starts with five cards up and five down. At every step the player whose face-up cards make the weakest hand turns up one hidden card, until all ten cards of every player are face up.",
        "各プレイヤーは表5枚、裏5枚で始めます。毎回、表のカードで作る役が一番弱いプレイヤーが伏せたカードを1枚表にし、全員の10枚がすべて表になるまで続けます。",
    ),
    "Ten-card stud rules §4.3": _t(
        "When two or more players tie for the weakest showing hand, each of them turns up one card at the same time.",
        "見えている役が一番弱いプレイヤーが複数いるときは、その全員が同時に1枚ずつ表にします。",
    ),
    "Ten-card stud rules §5": _t(
        "When all cards are face up, each player plays the best five of their ten; the strongest hand wins, and exactly equal hands split the pot equally. The rules do not say who gets an odd chip: by our reading the tied winners get one each from the first dealt.",
        "全部のカードが表になったら、各プレイヤーは10枚から一番強い5枚を使います。一番強い役が勝ち、まったく同じ強さならポットを等分します。端数のチップの扱いはルールに書かれていないので、このアプリの解釈では配る順が早い勝者から1枚ずつ渡します。",
    ),
    "Ten-card stud rules §6": _t(
        "The usual five-card poker hands; the ace plays high, A-2-3-4-5 is the lowest straight, and suits have no rank.",
        "通常の5枚のポーカーの役です。エースはハイで、A-2-3-4-5は一番弱いストレートです。スートに強弱はありません。",
    ),
}
