"""The stud table as the page draws it, from the engine's table view (``games.table.table_view``).

The view already holds what a dealer at the table sees and knows at the decision point and never
the answer; this module only arranges it: seats into places around the oval, amounts into text
with thousands separators, tags for the seat's state, the hand's action grouped by street. It
computes no poker fact of its own (no pot, no stack, no street): every number comes from the view.
Drill questions, hand-walk steps and the editor's preview draw the same context with
``templates/scenarios/_stud_table.html``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from .card_svg import backs_svg, face_svg, faces_svg
from .labels import STREETS, card_info, cards_info, chips, describe_event, seat_list, seat_text


def _escaped(value: Any) -> str:
    """``value`` as HTML: kept when already HTML (built by format_html, a SafeString), escaped
    otherwise. As django.utils.html.conditional_escape, without its check for lazy text on every
    call (the table is drawn on every question page and answer, a few hundred values each)."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


# History entries that are not a player's betting action.
UNSEATED = ("deal", "community", "event", "show")


def street_label(street: int) -> str:
    return str(STREETS.get(street, street))


def _tag(text: str, tone: str = "") -> dict[str, str]:
    return {"text": text, "tone": tone}


def _seat_tags(seat: Mapping[str, Any]) -> list[dict[str, str]]:
    """The seat's state in words, the most important first (drawn as tags)."""
    tags = []
    if seat["dead"]:
        tags.append(_tag(_("Dead hand"), "alert"))
    if seat["absent"]:
        tags.append(_tag(_("Absent"), "alert"))
    if seat["folded"]:
        tags.append(_tag(_("Folded")))
    if seat["mucked"]:
        tags.append(_tag(_("Mucked")))
    if seat["all_in"]:
        tags.append(_tag(_("All-in"), "house"))
    if seat["short_ante"]:
        tags.append(_tag(_("Short ante %(amount)s") % {"amount": chips(seat["ante"])}, "house"))
    for card in seat["exposed"]:
        tags.append(_tag(_("Exposed %(card)s") % {"card": card_info(card)["text"]}, "alert"))
    return tags


def _marked(cards: Sequence[str], exposed: Sequence[str]) -> list[dict[str, Any]]:
    return [{**card_info(c), "exposed": c in exposed} for c in cards]


def seat_cards_html(
    *,
    shown: Sequence[Mapping[str, Any]],
    downcards: int,
    upcards: Sequence[Mapping[str, Any]],
    exposed: Sequence[Mapping[str, Any]],
) -> SafeString:
    """A seat's cards as drawn, in order: the downcards tabled at the showdown, the backs of the
    downcards, the upcards, the cards exposed beside the hand. A card an irregularity exposed is
    marked (``sseat__exposed``) and titled. Built here, once per seat, rather than card by card
    in the template."""
    title = _escaped(_("Exposed card"))
    groups = (
        "".join(
            f'<span class="sseat__shown{" sseat__exposed" if c["exposed"] else ""}">{face_svg(c)}</span>'
            for c in shown
        ),
        backs_svg(downcards),
        "".join(
            f'<span class="sseat__exposed" title="{title}">{face_svg(c)}</span>'
            if c["exposed"]
            else face_svg(c)
            for c in upcards
        ),
        "".join(
            f'<span class="sseat__exposed sseat__beside" title="{title}">{face_svg(c)}</span>'
            for c in exposed
        ),
    )
    return mark_safe("\n".join(groups))  # the cards are drawn SVG, the title escaped


def seat_context(seat: Mapping[str, Any]) -> dict[str, Any]:
    """One occupied seat of the view: cards, amounts and tags.

    Face-down cards are drawn as backs (the view counts them without the exposed ones); a card
    an irregularity exposed is drawn face up and marked, as the upcard it became or beside the
    hand; the downcards of a hand tabled at the showdown are drawn face up.
    A folded or mucked hand is never drawn face up, whatever the view holds: its cards are
    drawn face down.
    """
    exposed = list(seat["exposed"])
    if seat["folded"] or seat["mucked"]:
        # Out of the hand: the cards it held, face down (its upcards are in the history).
        cards: dict[str, Any] = {
            "upcards": [],
            "downcards": range(seat["downcards"] + len(seat["upcards"])),
            "downcards_shown": [],
            "exposed": [],
        }
    else:
        shown = list(seat.get("downcards_shown") or [])
        cards = {
            # An exposed card that now plays as an upcard (TDA 2024 RP-10 A) is marked where it lies.
            "upcards": _marked(seat["upcards"], exposed),
            "downcards": range(0 if shown else seat["downcards"]),
            "downcards_shown": _marked(shown, exposed),
            "exposed": cards_info([c for c in exposed if c not in seat["upcards"] and c not in shown]),
        }
    cards["cards_html"] = seat_cards_html(
        shown=cards["downcards_shown"],
        downcards=len(cards["downcards"]),
        upcards=cards["upcards"],
        exposed=cards["exposed"],
    )
    return {**_seat_amounts(seat), **cards}


def _seat_amounts(seat: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "seat": seat["seat"],
        # The seat's number and name as the page writes them (text: drawn as they are).
        "number": str(seat["seat"]),
        "name": seat_text(seat["seat"]),
        "stack": chips(seat["stack"]),
        "bet": chips(seat["bet"]) if seat["bet"] else "",
        "committed": chips(seat["committed"]),
        "ante": chips(seat["ante"]),
        "returned": chips(seat["returned"]) if seat["returned"] else "",
        "folded": seat["folded"],
        "all_in": seat["all_in"],
        "absent": seat["absent"],
        "dead": seat["dead"],
        "mucked": seat["mucked"],
        "short_ante": seat["short_ante"],
        "tags": _seat_tags(seat),
    }


def place_of(seat: int, places: int) -> dict[str, Any]:
    """Where a seat sits around the oval: the first half down the dealer's left (the right of the
    picture), the rest back up the other side, the last seat beside the dealer."""
    rows = (places + 1) // 2
    if seat <= rows:
        return {"side": "right", "row": seat}
    return {"side": "left", "row": places - seat + 1}


def seat_classes(
    place: Mapping[str, Any],
    *,
    seat: Mapping[str, Any] | None = None,
    empty: bool = False,
    marked: bool = False,
) -> str:
    """A seat's classes: its place around the oval, and whether it is empty, out of the hand
    (folded, mucked or dead), all-in, or named by the correct answer (``marked``)."""
    classes = ["sseat", f"sseat--{place['side']}", f"sseat--row{place['row']}"]
    if empty:
        classes.append("sseat--empty")
    if seat is not None:
        if seat["folded"] or seat["mucked"] or seat["dead"]:
            classes.append("sseat--out")
        if seat["all_in"]:
            classes.append("sseat--all-in")
    if marked:
        classes.append("tseat--marked")
    return " ".join(classes)


# The betting actions in words (each translated only when a line needs it).
ACTION_WORDS: dict[str, Promise] = {
    "post_bring_in": gettext_lazy("brings in %(amount)s"),
    "complete": gettext_lazy("completes to %(amount)s"),
    "bet": gettext_lazy("bets %(amount)s"),
    "raise": gettext_lazy("raises to %(amount)s"),
    "call": gettext_lazy("calls %(amount)s"),
    "check": gettext_lazy("checks"),
    "fold": gettext_lazy("folds"),
    "muck": gettext_lazy("mucks"),
}


def action_text(entry: Mapping[str, Any]) -> str:
    """One betting action of the history, without the seat: ``calls 500 (all-in)``."""
    action = entry["action"]
    if action not in ACTION_WORDS:
        return str(action)
    words = str(ACTION_WORDS[action])
    text = words % {"amount": chips(entry.get("amount"))} if "%(amount)s" in words else words
    if entry.get("all_in"):
        text += " " + _("(all-in)")
    return text


# The lines of the history as the page draws them (``_stud_table.html`` puts each block's lines
# in a list of cards dealt, a list of actions, or on their own): one string per line, built once
# here rather than field by field in the template.
HISTORY_LINES = {
    "deals": (
        '<li data-h="deal"><span class="stud-history__seat" aria-hidden="true">{seat}</span>'
        '<span class="visually-hidden">{seat_text}</span>{cards}</li>'
    ),
    "actions": (
        '<li data-h="action"><span class="stud-history__seat" aria-hidden="true">{seat}</span>'
        '<span class="visually-hidden">{seat_text}:</span> {text}</li>'
    ),
    "event": (
        '<p class="stud-history__event" data-h="event"><span class="tag tag--house">{irregularity}</span>'
        " {text}</p>"
    ),
    "community": '<p class="stud-history__line" data-h="community">{community} {card}</p>',
    "show": (
        '<p class="stud-history__line" data-h="show"><span class="stud-history__seat" aria-hidden="true">'
        '{seat}</span><span class="visually-hidden">{seat_text}:</span> {shows} {cards}</p>'
    ),
}


def _blocks(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A street's history as blocks in order: the cards dealt together, betting actions together,
    each irregularity, the community card and each hand shown on its own. Each item carries its
    drawn ``line``, and each block its ``lines`` together."""
    blocks: list[dict[str, Any]] = []

    def add(kind: str, item: dict[str, Any], **fields: Any) -> None:
        # ``fields``: what the line shows (HISTORY_LINES[kind]); ``item``: the entry's facts.
        if not blocks or blocks[-1]["kind"] != kind or kind not in ("deals", "actions"):
            blocks.append({"kind": kind, "items": []})
        item["line"] = HISTORY_LINES[kind].format(**{k: _escaped(v) for k, v in fields.items()})
        blocks[-1]["items"].append(item)

    for entry in entries:
        action = entry["action"]
        seat = entry.get("seat")
        if action == "deal":
            upcards = cards_info(entry.get("upcards") or [])
            backs = entry.get("downcards") or 0
            named = seat_text(seat)
            add(
                "deals",
                {"seat": seat, "seat_text": named, "backs": range(backs), "upcards": upcards},
                seat=seat,
                seat_text=named,
                cards=backs_svg(backs) + faces_svg(upcards),
            )
        elif action == "community":
            card = card_info(entry["card"])
            add("community", {"card": card}, community=_("Community card"), card=face_svg(card))
        elif action == "event":
            text = describe_event(entry["event"])
            add("event", {"text": text}, irregularity=_("Irregularity"), text=text)
        elif action == "show":
            shown = cards_info(entry.get("cards") or [])
            named = seat_text(seat)
            add(
                "show",
                {"seat": seat, "seat_text": named, "cards": shown},
                seat=seat,
                seat_text=named,
                shows=_("shows"),
                cards=faces_svg(shown),
            )
        else:
            named, text = seat_text(seat), action_text(entry)
            add(
                "actions",
                {"seat": seat, "seat_text": named, "text": text, "all_in": bool(entry.get("all_in"))},
                seat=seat,
                seat_text=named,
                text=text,
            )
    for each in blocks:
        # Each line is built from escaped values.
        each["lines"] = mark_safe("".join(item["line"] for item in each["items"]))
    return blocks


def history_context(history: Sequence[Mapping[str, Any]], street: int) -> list[dict[str, Any]]:
    """The whole hand's action grouped by street, the current street last and open."""
    streets = sorted({int(e["street"]) for e in history} | {street})
    return [
        {
            "street": s,
            "label": street_label(s),
            "current": s == street,
            "blocks": _blocks(e for e in history if int(e["street"]) == s),
        }
        for s in streets
    ]


def _last_actions(history: Sequence[Mapping[str, Any]], street: int) -> dict[int, str]:
    last: dict[int, str] = {}
    for entry in history:
        seat = entry.get("seat")
        if entry["street"] == street and seat is not None and entry["action"] not in UNSEATED:
            last[seat] = action_text(entry)
    return last


def _pots(pot: Mapping[str, Any]) -> list[dict[str, str]]:
    """The pots as the view layers them, when there is more than the one main pot: each named
    ("Side pot 1:") with its amount and the seats that can win it ("(seats 2 and 5)")."""
    layers = pot.get("pots") or []
    if len(layers) < 2:
        return []
    pots = []
    for i, layer in enumerate(layers):
        label = _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i}
        eligible = seat_list(layer["eligible"])
        pots.append(
            {
                "label": label,
                "amount": chips(layer["amount"]),
                "eligible": eligible,
                "name": _("%(name)s:") % {"name": label},
                "seats": _("(%(seats)s)") % {"seats": eligible},
            }
        )
    return pots


def _any_bet(view: Mapping[str, Any]) -> bool:
    """Whether any seat has a bet on this street: the seats' amounts then show a bet row."""
    return any(seat["bet"] for seat in view["seats"])


def _places(view: Mapping[str, Any]) -> int:
    seat_count: int = max([view.get("seat_count") or 0, *(s["seat"] for s in view["seats"])])
    return max(seat_count, 2)


def _occupied(
    seat: Mapping[str, Any], *, places: int, mark: Sequence[int], last: Mapping[int, str]
) -> dict[str, Any]:
    """An occupied seat as drawn: its cards, amounts and tags, where it sits, its last action on
    the street, and whether the correct answer names it (``mark``)."""
    number = seat["seat"]
    place = place_of(number, places)
    drawn = seat_context(seat)
    return {
        **drawn,
        "empty": False,
        "place": place,
        "classes": seat_classes(place, seat=drawn, marked=number in mark),
        "last_action": last.get(number, ""),
        "marked": number in mark,
        # The seat a show-me step is about (drills.feedback sets it).
        "focus": False,
    }


def table_context(view: Mapping[str, Any], *, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The stud table of ``view`` as ``_stud_table.html`` draws it; ``mark`` names the seats the
    correct answer points at (after the answer)."""
    places = _places(view)
    history = view.get("history") or []
    street = int(view["street"])
    last = _last_actions(history, street)
    occupied = {s["seat"]: s for s in view["seats"]}
    seats = []
    for number in range(1, places + 1):
        if number not in occupied:
            place = place_of(number, places)
            seats.append(
                {
                    "seat": number,
                    "number": str(number),
                    "empty": True,
                    "place": place,
                    "classes": seat_classes(place, empty=True),
                }
            )
            continue
        seats.append(_occupied(occupied[number], places=places, mark=mark, last=last))
    community = card_info(view["community_card"]) if view.get("community_card") else None
    pot = view.get("pot")
    total = pot.get("total") if pot else None
    collected = pot.get("collected") if pot else None
    return {
        "seats": seats,
        "places": places,
        "rows": (places + 1) // 2,
        "street": street_label(street),
        "street_number": street,
        # A pots question draws no pot: the trainee builds it from the seats' amounts.
        "pot_asked": pot is None,
        "pot_total": chips(total) if total is not None else None,
        "pot_collected": chips(collected) if collected is not None and collected != total else None,
        "pots": _pots(pot) if pot else [],
        "any_bet": _any_bet(view),
        "stub": view.get("stub"),
        "community": community,
        "community_html": face_svg(community) if community else "",
        "event": describe_event(view["event"]) if view.get("event") else None,
        "history": history_context(history, street),
        "asked_seats": view.get("asked_seats"),
    }


def marked_seats_context(view: Mapping[str, Any], *, mark: Sequence[int]) -> dict[str, Any]:
    """Only the seats ``mark`` names, drawn as ``table_context(view, mark=mark)`` draws them
    (``_stud_table.html#marked_seats``): after an answer that reveals no card they are all that
    changes on the table, so the answer swaps them alone into the table already on the page."""
    places = _places(view)
    last = _last_actions(view.get("history") or [], int(view["street"]))
    return {
        "seats": [
            _occupied(seat, places=places, mark=mark, last=last)
            for seat in view["seats"]
            if seat["seat"] in mark
        ],
        "any_bet": _any_bet(view),  # as on the whole table
    }


def seat_html(
    seat: Mapping[str, Any], *, any_bet: bool, replay: bool = False, oob: bool = False
) -> SafeString:
    """One seat of :func:`table_context` (or :func:`marked_seats_context`) as the table draws it:
    an empty place, or the seat's number, cards, tags, amounts and last action. ``replay``: a
    show-me step's table (no ids: the page holds the live table too); ``oob``: swapped into the
    table by its id (htmx out of band). Built here, once per seat, rather than field by field in
    the template: the seat is drawn on every question page and answer."""
    number = _escaped(seat["number"])
    if seat["empty"]:
        classes = _escaped(seat["classes"])
        return mark_safe(
            f'<div class="{classes}" aria-hidden="true"><span class="sseat__num">{number}</span></div>'
        )
    attributes = "" if replay else f' id="table-seat-{number}"'
    classes = _escaped(seat["classes"]) + (" sseat--focus" if seat.get("focus") else "")
    flags = (" data-folded" if seat["folded"] else "") + (" data-all-in" if seat["all_in"] else "")
    if oob:
        flags += ' hx-swap-oob="true"'
    parts = [
        f'<div{attributes} class="{classes}" data-seat="{number}"{flags}>',
        f'<p class="sseat__num"><span aria-hidden="true">{number}</span>'
        f'<span class="visually-hidden">{_escaped(seat["name"])}</span></p>',
        f'<p class="sseat__cards">{seat["cards_html"]}</p>',
    ]
    if seat["marked"] or seat["tags"]:
        tags = []
        if seat["marked"]:
            answer = _escaped(pgettext("the seat the correct answer names", "Answer"))
            tags.append(f'<span class="tag tag--ok">✓ {answer}</span>')
        for tag in seat["tags"]:
            tone = f" tag--{_escaped(tag['tone'])}" if tag["tone"] else ""
            tags.append(f'<span class="tag{tone}">{_escaped(tag["text"])}</span>')
        parts.append(f'<p class="sseat__tags">{"".join(tags)}</p>')
    amounts = [("stack", _("Stack"), seat["stack"])]
    if any_bet:
        amounts.append(("bet", _("Bet"), seat["bet"] or "–"))
    amounts += [("committed", _("In pot"), seat["committed"]), ("ante", _("Ante"), seat["ante"])]
    parts.append(
        '<dl class="sseat__chips">'
        + "".join(
            f'<div data-field="{field}"><dt>{_escaped(label)}</dt>'
            f'<dd class="amount">{_escaped(amount)}</dd></div>'
            for field, label, amount in amounts
        )
        + "</dl>"
    )
    if seat["last_action"] or seat["returned"]:
        note = f"<span>{_escaped(seat['last_action'])}</span>" if seat["last_action"] else ""
        if seat["returned"]:
            returned = _("%(amount)s returned") % {"amount": seat["returned"]}
            note += f'<span data-field="returned">{_escaped(returned)}</span>'
        parts.append(f'<p class="sseat__note">{note}</p>')
    parts.append("</div>")
    return mark_safe("\n".join(parts))  # every value above is escaped
