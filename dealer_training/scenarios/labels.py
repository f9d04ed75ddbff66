"""Words for the engine's codes: question kinds, rulings, irregularities, actions and cards.

The engine speaks in codes and PHH strings; these are the sentences an instructor reads.
Card notation stays as the engine writes it, drawn with suit symbols (games.core.names).
"""

import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from games.api import kinds
from games.core.cards import Card, parse_cards
from games.core.names import card_label, suit_name
from games.core.records import ActionRecord

QUESTION_KINDS: dict[str, Promise] = {
    "pots": gettext_lazy("Pots: how much is in each pot, and who can win it"),
    "bring_in": gettext_lazy("Bring-in: who brings in, how much, who acts first"),
    "next_action": gettext_lazy("Next action: who acts and what they may do"),
    "stub": gettext_lazy("Stub: cards left before 7th street and the procedure"),
    "stub_count": gettext_lazy("Stub count: cards left in the stub and what the next street needs"),
    "showdown_first": gettext_lazy("Showdown: who must show first"),
    "best_hands": gettext_lazy("Best hands: each player's hand and the ranking"),
    "award": gettext_lazy("Award: who wins each pot and how much"),
    "ruling": gettext_lazy("Ruling: the floor's decision on an irregularity"),
    "dealer_error": gettext_lazy("Dealer error: what went wrong and the remedy"),
}


def page_language() -> str:
    """The engine's language for the page's: "ja" on a Japanese page, else "en" (the engine writes
    its texts in both)."""
    return "ja" if (get_language() or "").startswith("ja") else "en"


class KindLabels(Mapping[str, str]):
    """Question kinds by their short name in the page's language: the engine's own labels
    (``games.api.kinds``), so that no web table repeats them."""

    def __init__(self, *families: str) -> None:
        self.families = families

    def _labels(self) -> dict[str, tuple[str, str]]:
        labels: dict[str, tuple[str, str]] = {}
        for family in self.families:
            for question_kind in kinds(family):
                labels.setdefault(question_kind.name, question_kind.label)
        return labels

    def __getitem__(self, name: str) -> str:
        english, japanese = self._labels()[name]
        return japanese if page_language() == "ja" else english

    def __iter__(self) -> Iterator[str]:
        return iter(self._labels())

    def __len__(self) -> int:
        return len(self._labels())


# The stud kinds (the scenario library's), and every game's (a drill's questions).
QUESTION_SHORT = KindLabels("stud")
KIND_LABELS = KindLabels("stud", "holdem", "draw", "tenstud")

EVENT_TYPES: dict[str, Promise] = {
    "picks_up_upcards": gettext_lazy("A player picks up their upcards"),
    "exposes_own_downcard": gettext_lazy("A player exposes their own downcard"),
    "folds_not_facing_bet": gettext_lazy("A player folds when not facing a bet"),
    "downcard_exposed_by_dealer": gettext_lazy("The dealer exposes a downcard"),
    "premature_card": gettext_lazy("The dealer deals a card too early"),
    "absent_at_deal": gettext_lazy("A player is absent at the deal"),
    "wrong_card_count": gettext_lazy("A player has the wrong number of cards"),
    "boxed_cards": gettext_lazy("Boxed cards in the deck"),
    "card_to_wrong_seat": gettext_lazy("The dealer deals a card to the wrong seat"),
    "seat_skipped": gettext_lazy("The dealer skips a seat on the deal"),
    "card_to_folded_hand": gettext_lazy("The dealer deals a card to a folded hand"),
    "action_out_of_turn": gettext_lazy("A player acts out of turn"),
    "wrong_bring_in_called": gettext_lazy("The dealer calls the wrong seat for the bring-in"),
    "wrong_pot_pushed": gettext_lazy("The dealer pushes a pot to the wrong player"),
}

OUT_OF_TURN_ACTIONS: dict[str, Promise] = {
    "check": pgettext_lazy("poker action", "Check"),
    "call": pgettext_lazy("poker action", "Call"),
    "bet": pgettext_lazy("poker action", "Bet"),
    "raise": pgettext_lazy("poker action", "Raise"),
    "fold": pgettext_lazy("poker action", "Fold"),
}

RULINGS: dict[str, Promise] = {
    "dead_hand": gettext_lazy("Dead hand"),
    "binding_fold": gettext_lazy("Binding fold"),
    "live_hand": gettext_lazy("The hand stays live"),
    "becomes_upcard": gettext_lazy("The card becomes the upcard; 3rd street is dealt down"),
    "replace_card": gettext_lazy("The card is replaced"),
    "card_plays": gettext_lazy("The card plays"),
    "reshuffle_no_burn": gettext_lazy("Reshuffle the stub, deal without a burn"),
    "kill_hand": gettext_lazy("The hand is killed"),
    "misdeal": gettext_lazy("Misdeal"),
    "correct_deal": gettext_lazy("Put the cards in their proper seats and deal on in order"),
    "back_up_action": gettext_lazy(
        "Back up the action; the out-of-turn action binds unless the action changes"
    ),
    "back_up_no_raise": gettext_lazy("Back up the action; that player may not bet or raise on the next turn"),
    "correct_bring_in": gettext_lazy("Correct the call: the right seat brings in"),
    "retrieve_pot": gettext_lazy("Take the pot back and push it to the right player"),
}

PROCEDURES: dict[str, Promise] = {
    "none": gettext_lazy("No shortage: deal 7th street as usual"),
    "A": gettext_lazy("Case A: add the three burns to the stub, then deal"),
    "B": gettext_lazy("Case B: burn and deal one community card"),
    "C": gettext_lazy("Case C: stub and burns together, then one community card"),
}

STREETS: dict[int, Promise] = {
    3: gettext_lazy("3rd street"),
    4: gettext_lazy("4th street"),
    5: gettext_lazy("5th street"),
    6: gettext_lazy("6th street"),
    7: gettext_lazy("7th street"),
}

SUIT_CLASSES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {"T": "10"}


def chips(amount: int | None) -> str:
    return "—" if amount is None else f"{amount:,}"


def card_text(card: Card | str) -> str:
    """``K♠``: rank and suit symbol (the same in both languages)."""
    return card_label(card if isinstance(card, Card) else Card.parse(card))


def card_name(card: Card | str) -> str:
    """A card for screen readers: ``K of spades`` / ``スペードのK``."""
    card = card if isinstance(card, Card) else Card.parse(card)
    rank = card_label(card)[:-1]
    if page_language() == "ja":
        return f"{suit_name(card.suit, 'ja')}の{rank}"
    return f"{rank} of {suit_name(card.suit, 'en')}"


def card_info(card: Card | str) -> dict[str, str]:
    """What a template needs to draw a card: code, text, accessible name and suit class."""
    return dict(_card_info(str(card), get_language()))


# Tables draw dozens of cards: each card's words are made once per card and language.
@functools.lru_cache(maxsize=512)
def _card_info(card: str, language: str | None) -> dict[str, str]:
    # ``language`` is the active one (card_name reads it): an argument only to key the cache.
    parsed = Card.parse(card)
    code = str(parsed)
    return {"code": code, "text": card_text(parsed), "name": card_name(parsed), "suit": SUIT_CLASSES[code[1]]}


def cards_info(cards: Sequence[Card | str]) -> list[dict[str, str]]:
    return [card_info(c) for c in cards]


def seat_text(seat: int | None) -> str:
    if seat is None:
        return "—"
    return _("Seat %(seat)s") % {"seat": seat}


def list_items(parts: Sequence[str]) -> str:
    """Items of one value side by side: "a, b" / 「a、b」."""
    return pgettext("list separator", ", ").join(parts)


def seat_list(seats: Sequence[int] | None) -> str:
    """Seats named as seats: "seat 6", "seats 4 and 5", "seats 1, 4 and 5" / 「6番席」,
    「4番席、5番席」 (never bare numbers, which read like ranks)."""
    if not seats:
        return _("none")
    numbers = [str(s) for s in seats]
    if page_language() == "ja":
        return list_items([seat_text(s) for s in seats])
    joined = numbers[0]
    if len(numbers) > 1:
        joined = _("%(seats)s and %(last)s") % {"seats": ", ".join(numbers[:-1]), "last": numbers[-1]}
    return ngettext("seat %(seats)s", "seats %(seats)s", len(numbers)) % {"seats": joined}


def describe_record(record: ActionRecord, seat: int | None, street: int) -> str:
    """One applied action as a sentence, from the engine's record of it."""
    who = seat_text(seat)
    kind = record.kind
    amount = chips(record.amount)
    all_in = _(" (all-in)") if record.all_in else ""
    if kind == "deal_hole":
        cards = " ".join(card_text(c) for c in record.cards)
        if street == 3 and len(record.cards) == 3:
            down = " ".join(card_text(c) for c in record.cards[:2])
            return _("%(who)s is dealt %(down)s down and %(door)s up") % {
                "who": who,
                "down": down,
                "door": card_text(record.cards[2]),
            }
        if street == 7:
            return _("%(who)s is dealt %(cards)s down") % {"who": who, "cards": cards}
        return _("%(who)s is dealt %(cards)s up") % {"who": who, "cards": cards}
    if kind == "deal_community":
        return _("Community card %(card)s") % {"card": card_text(record.cards[0])}
    if kind == "post_bring_in":
        return _("%(who)s posts the bring-in %(amount)s%(all_in)s") % {
            "who": who,
            "amount": amount,
            "all_in": all_in,
        }
    if kind == "check":
        return _("%(who)s checks") % {"who": who}
    if kind == "call":
        return _("%(who)s calls %(amount)s%(all_in)s") % {"who": who, "amount": amount, "all_in": all_in}
    if kind == "fold":
        return _("%(who)s folds") % {"who": who}
    if kind == "complete":
        return _("%(who)s completes to %(amount)s%(all_in)s") % {
            "who": who,
            "amount": amount,
            "all_in": all_in,
        }
    if kind == "bet":
        return _("%(who)s bets %(amount)s%(all_in)s") % {"who": who, "amount": amount, "all_in": all_in}
    if kind == "raise":
        return _("%(who)s raises to %(amount)s%(all_in)s") % {"who": who, "amount": amount, "all_in": all_in}
    if kind == "show":
        return _("%(who)s shows %(cards)s") % {
            "who": who,
            "cards": " ".join(card_text(c) for c in record.cards),
        }
    if kind == "muck":
        return _("%(who)s mucks") % {"who": who}
    return record.phh


def describe_phh(text: str, seats: Sequence[int]) -> str:
    """An action the engine did not replay (it follows a refused one), in words from its PHH
    alone: what it says, without what the hand would make of it (a check or a call)."""
    words = text.split()

    def who(tag: str) -> str:
        number = int(tag[1:]) if tag[:1] == "p" and tag[1:].isdigit() else 0
        return seat_text(seats[number - 1] if 0 < number <= len(seats) else number or None)

    def cards(code: str) -> str:
        found = raw_cards(code)
        return " ".join(card_text(c) for c in found) if found else code

    if words[:2] == ["d", "dh"] and len(words) == 4:
        return _("%(who)s is dealt %(cards)s") % {"who": who(words[2]), "cards": cards(words[3])}
    if words[:2] == ["d", "db"] and len(words) == 3:
        return _("Community card %(card)s") % {"card": cards(words[2])}
    if len(words) >= 2 and words[0][:1] == "p":
        kind, rest = words[1], words[2:]
        if kind == "pb" and not rest:
            return _("%(who)s posts the bring-in") % {"who": who(words[0])}
        if kind == "cc" and not rest:
            return _("%(who)s checks or calls") % {"who": who(words[0])}
        if kind == "f" and not rest:
            return _("%(who)s folds") % {"who": who(words[0])}
        if kind == "cbr" and len(rest) == 1 and rest[0].isdigit():
            return _("%(who)s completes, bets or raises to %(amount)s") % {
                "who": who(words[0]),
                "amount": chips(int(rest[0])),
            }
        if kind == "sm" and len(rest) == 1:
            return _("%(who)s shows %(cards)s") % {"who": who(words[0]), "cards": cards(rest[0])}
        if kind == "sm" and not rest:
            return _("%(who)s mucks") % {"who": who(words[0])}
    return text


def describe_legal(action: Mapping[str, Any]) -> str:
    """A button label for one legal next action (``games.table.legal_actions``)."""
    who = seat_text(action.get("seat"))
    kind = action["kind"]
    amount = chips(action.get("amount"))
    if kind == "deal_hole":
        return _("Deal to %(who)s") % {"who": who}
    if kind == "deal_community":
        return _("Deal the community card")
    if kind == "post_bring_in":
        return _("%(who)s: bring-in %(amount)s") % {"who": who, "amount": amount}
    if kind == "fold":
        return _("%(who)s: fold") % {"who": who}
    if kind == "check":
        return _("%(who)s: check") % {"who": who}
    if kind == "call":
        return _("%(who)s: call %(amount)s") % {"who": who, "amount": amount}
    if kind == "complete":
        return _("%(who)s: complete to %(amount)s") % {"who": who, "amount": amount}
    if kind == "bet":
        return _("%(who)s: bet %(amount)s") % {"who": who, "amount": amount}
    if kind == "raise":
        return _("%(who)s: raise to %(amount)s") % {"who": who, "amount": amount}
    if kind == "show":
        return _("%(who)s: show the hand") % {"who": who}
    if kind == "muck":
        return _("%(who)s: muck") % {"who": who}
    return str(action.get("phh", kind))


def describe_event(event: Mapping[str, Any]) -> str:
    """An irregularity in words; one drawn without its name (a dealer error the trainee must
    name) is told by its facts alone."""
    if event.get("type") is None:
        label = str(_("The hand is stopped"))
    else:
        label = str(EVENT_TYPES.get(str(event.get("type")), event.get("type")))
    parts = [label]
    if event.get("seat") is not None:
        parts.append(seat_text(event["seat"]))
    if event.get("card"):
        try:
            parts.append(card_text(str(event["card"])))
        except ValueError:
            parts.append(str(event["card"]))
    if event.get("street"):
        parts.append(str(STREETS.get(event["street"], event["street"])))
    if event.get("count") is not None:
        parts.append(_("%(count)s cards") % {"count": event["count"]})
    if event.get("held") is not None:
        held = int(event["held"])
        parts.append(
            ngettext(
                "%(count)s card of that street in front of the seat",
                "%(count)s cards of that street in front of the seat",
                held,
            )
            % {"count": held}
        )
    if event.get("action"):
        parts.append(str(OUT_OF_TURN_ACTIONS.get(str(event["action"]), event["action"])))
    return " · ".join(parts)


def raw_cards(text: str) -> list[str]:
    """The card codes in a PHH card string, or [] when it is not one."""
    try:
        return [str(c) for c in parse_cards(text)]
    except ValueError:
        return []
