"""The table editor's state between round trips, and the steps an instructor takes.

The draft travels in the editor's form: the setup fields, one hidden ``action`` per PHH action
so far, one hidden ``event`` (JSON) per irregularity, the cards picked for the deal in
progress (``pending``) and the document fields the editor does not show (``carry``). Nothing of
it is trusted: every round trip rebuilds the scenario document from the posted fields and the
engine replays it from the first action. A step is taken only when the engine offers it: a
betting action must be one of ``games.table.legal_actions``; a deal is the engine's deal prefix
plus cards nobody holds yet.
"""

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from dealer_training import json_input
from games.core.cards import FULL_DECK, Card

from .engine import DROPPED_ON_EDIT, META_KEYS, Checked, check, message_for
from .forms import MAX_SEATS, EventForm, MetaForm, QuestionForm, ScenarioSetupForm
from .labels import raw_cards
from .rules_policy import Rules, rules_of, with_rules

MAX_EVENTS = 20
MAX_ACTIONS = 400
# A betting round closes within one action per player once nobody raises (8 players at most).
MAX_SEATS_IN_A_ROUND = 10
# Document keys the editor builds itself; anything else in a stored document is carried along.
BUILT_KEYS = {
    "variant",
    "ante_trimming_status",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "seats",
    "seat_count",
    "actions",
    "_ruleset",
    "_rules",
    "_max_bets",
    "_min_chip",
    "_events",
    "_question",
    *META_KEYS,
    *DROPPED_ON_EDIT,
}
# Individual antes per player cannot be set in the editor; a stored hand that has them keeps them.
CARRIED_BUILT_KEYS = {"antes"}


@dataclass
class Draft:
    """A scenario being edited: the forms, the hand so far and the engine's verdict."""

    setup: ScenarioSetupForm
    question: QuestionForm
    meta: MetaForm
    event_form: EventForm
    actions: list[str]
    events: list[dict[str, Any]]
    pending: list[str]
    carry: dict[str, Any]
    checked: Checked | None = None
    step_error: str | None = None  # a refused step, shown where the step was taken
    notice: str | None = None
    problems: list[str] = field(default_factory=list)  # posted state that could not be read
    house: Rules | None = None  # the organisation's house rules, for a scenario not pinned
    # What "Remove every action" took away, until the hand is changed again: it can be brought back.
    cleared: dict[str, Any] | None = None

    @property
    def pinned(self) -> bool:
        """Whether the author pins the rules chosen here (otherwise the house rules apply)."""
        return bool(self.setup.is_valid() and self.setup.cleaned_data.get("rules_pinned"))

    def rules(self) -> Rules | None:
        """The rules the scenario is solved with: the house's unless pinned."""
        if not self.pinned and self.house is not None:
            return self.house
        document = self.document()
        return rules_of(document) if document is not None else None

    # --- reading ---------------------------------------------------------------------------

    def document(self) -> dict[str, Any] | None:
        """The scenario document of the current fields, or None while the setup is invalid."""
        if not self.setup.is_valid() or not self.question.is_valid():
            return None
        data = self.setup.cleaned_data
        seats: list[int] = data["seats"]
        count = len(seats)
        antes = self.carry.get("antes")
        if not (isinstance(antes, list) and len(antes) == count):
            antes = [data["ante"]] * count
        doc: dict[str, Any] = {
            "variant": data["variant"],
            "ante_trimming_status": True,
            "antes": antes,
            "bring_in": data["bring_in"],
            "small_bet": data["small_bet"],
            "big_bet": data["big_bet"],
            "starting_stacks": [data[f"stack_{seat}"] for seat in seats],
            "seats": seats,
            "seat_count": data["seat_count"],
            "actions": list(self.actions),
            "_ruleset": data["ruleset"],
        }
        rules = self.setup.rules()
        if rules:
            doc["_rules"] = rules
        doc["_max_bets"] = data["max_bets"]
        doc["_min_chip"] = data["min_chip"]
        if self.events:
            doc["_events"] = [dict(event) for event in self.events]
        doc["_question"] = self.question.question()
        for key, value in self.carry.items():
            if key not in BUILT_KEYS:
                doc[key] = value
        if not self.pinned and self.house is not None:
            # Not pinned: the preview is the house rules' answer, as trainees are asked it.
            doc = with_rules(doc, self.house)
        return doc

    def run(self) -> Checked | None:
        document = self.document()
        self.checked = check(document) if document is not None else None
        return self.checked

    @property
    def used_cards(self) -> set[str]:
        used: set[str] = set()
        for action in self.actions:
            words = action.split()
            if words[:2] == ["d", "dh"] and len(words) == 4:
                used.update(raw_cards(words[3]))
            elif words[:2] == ["d", "db"] and len(words) == 3:
                used.update(raw_cards(words[2]))
        return used

    def deal_due(self) -> dict[str, Any] | None:
        """The deal the engine expects next (its legal action), if the next step is a deal."""
        if self.checked is None or self.checked.error is not None:
            return None
        for action in self.checked.legal:
            if action["kind"] in ("deal_hole", "deal_community"):
                return action
        return None

    def betting_choices(self) -> list[dict[str, Any]]:
        if self.checked is None or self.checked.error is not None:
            return []
        return [a for a in self.checked.legal if a["kind"] not in ("deal_hole", "deal_community")]

    # --- steps -----------------------------------------------------------------------------

    def take(self, op: str) -> bool:
        """Apply one editor step; False (with ``step_error``) when it is refused."""
        if op not in ("refresh", "clear", "restore_cleared"):
            self.cleared = None  # the hand changes: what was removed can no longer come back
        if op.startswith("pick:"):
            return self._pick(op[5:])
        if op == "unpick":
            self.pending = []
            return True
        if op == "random_deal":
            return self._random_deals(street_only=False, one=True)
        if op == "random_street":
            return self._random_deals(street_only=True, one=False)
        if op == "random_downs":
            return self._random_downs()
        if op == "check_around":
            return self._check_around()
        if op == "play_street":
            return self._play_street()
        if op.startswith("act:"):
            return self._act(op[4:])
        if op == "undo":
            return self._undo()
        if op == "clear":
            if not self.actions and not self.events:
                return self._refuse(_("There is no action to remove."))
            self.cleared = {"actions": self.actions, "events": self.events}
            self.actions, self.events, self.pending = [], [], []
            self.notice = _("Every action and irregularity was removed. You can bring them back.")
            return True
        if op == "restore_cleared":
            if not self.cleared:
                return self._refuse(_("There are no removed actions to bring back."))
            self.actions, self.events = self.cleared["actions"], self.cleared["events"]
            self.pending, self.cleared = [], None
            self.notice = _("The removed actions and irregularities are back.")
            return True
        if op == "add_event":
            return self._add_event()
        if op.startswith("remove_event:"):
            return self._remove_event(op[13:])
        return True

    def _refuse(self, message: str) -> bool:
        self.step_error = message
        return False

    def _pick(self, code: str) -> bool:
        deal = self.deal_due()
        if deal is None:
            return self._refuse(_("No card is due now: the next step is not a deal."))
        try:
            card = str(Card.parse(code))
        except ValueError:
            return self._refuse(_("This is not a card."))
        if card in self.used_cards or card in self.pending:
            return self._refuse(
                _("%(card)s is already in play: a card cannot be dealt twice.") % {"card": card}
            )
        self.pending.append(card)
        if len(self.pending) >= deal["count"]:
            return self._deal(deal, self.pending[: deal["count"]])
        return True

    def _deal(self, deal: Mapping[str, Any], cards: Sequence[str]) -> bool:
        action = f"{deal['phh']} {''.join(cards)}"
        self.pending = []
        return self._append(action)

    def _append(self, action: str) -> bool:
        if len(self.actions) >= MAX_ACTIONS:
            return self._refuse(_("A scenario has at most %(count)s actions.") % {"count": MAX_ACTIONS})
        self.actions.append(action)
        return self._keep_if_accepted(lambda: self.actions.pop())

    def _keep_if_accepted(self, undo: Callable[[], object]) -> bool:
        """Replay with the step just taken; if the engine refuses it, take it back and say why."""
        checked = self.run()
        if checked is not None and checked.error is not None:
            error = message_for(checked.error, checked.seats)
            undo()
            self.run()
            return self._refuse(error)
        return True

    def _random_deals(self, *, street_only: bool, one: bool) -> bool:
        rng = random.SystemRandom()
        street = None
        dealt = 0
        while True:
            deal = self.deal_due()
            if deal is None or (street_only and street is not None and self._street() != street):
                break
            street = self._street()
            free = [str(c) for c in FULL_DECK if str(c) not in self.used_cards and str(c) not in self.pending]
            need = deal["count"] - len(self.pending)
            if need > len(free):
                return self._refuse(_("There are not enough cards left in the deck."))
            if not self._deal(deal, [*self.pending, *rng.sample(free, need)]):
                return False
            dealt += 1
            if one or dealt > 16:
                break
        if dealt == 0:
            return self._refuse(_("No card is due now: the next step is not a deal."))
        return True

    def _random_downs(self) -> bool:
        """3rd street: two random downcards for the seat being dealt; the door card is picked."""
        deal = self.deal_due()
        if deal is None or deal["count"] != 3 or self.pending:
            return self._refuse(
                _("Random downcards are dealt on 3rd street, before any card of the seat is picked.")
            )
        free = [str(c) for c in FULL_DECK if str(c) not in self.used_cards]
        self.pending = random.SystemRandom().sample(free, 2)
        return True

    def _street(self) -> int | None:
        if self.checked is None:
            return None
        return self.checked.street

    def _act(self, phh: str) -> bool:
        choices = self.betting_choices()
        offered = {a["phh"] for a in choices}
        if phh not in offered:
            tabling = [a for a in choices if a["kind"] in ("show", "muck")]
            if tabling and phh.split()[1:2] == ["sm"]:
                return self._refuse(
                    _(
                        "Seat %(seat)s must table first: the last player to bet or raise on the final "
                        "round, or the first to act when nobody did (TDA 2024 Rule 17-A)."
                    )
                    % {"seat": tabling[0]["seat"]}
                )
            return self._refuse(_("That action is not allowed at this point of the hand."))
        return self._append(phh)

    def _check_around(self) -> bool:
        """Everyone still to act on this street checks, in turn; only while checking is legal."""
        if not any(a["kind"] == "check" for a in self.betting_choices()):
            return self._refuse(_("Nobody can check now: there is a bet to call, or no betting is pending."))
        return self._play_out(("check",))

    def _play_street(self) -> bool:
        """The players still to act post the bring-in if it is due, then call or check in turn,
        until the betting round closes (nobody folds, bets or raises)."""
        if not self.betting_choices():
            return self._refuse(_("No betting is pending now: cards are due or the hand is over."))
        return self._play_out(("post_bring_in", "check", "call"))

    def _play_out(self, kinds: tuple[str, ...]) -> bool:
        """Take, for each player in turn, the first legal action of ``kinds`` the engine offers,
        until the street's betting is over; stops at the first player who has none of them."""
        street = self._street()
        taken = 0
        for _step in range(MAX_SEATS_IN_A_ROUND):
            choices = self.betting_choices()
            if not choices or self._street() != street:
                break
            action = next((a for kind in kinds for a in choices if a["kind"] == kind), None)
            if action is None:
                break
            if not self._append(action["phh"]):
                return False
            taken += 1
        return taken > 0 or self._refuse(_("That action is not allowed at this point of the hand."))

    def _undo(self) -> bool:
        if not self.actions:
            return self._refuse(_("There is no action to undo."))
        self.actions.pop()
        self.pending = []
        last = len(self.actions) - 1
        kept = [e for e in self.events if isinstance(e.get("after"), int) and e["after"] <= last]
        if len(kept) < len(self.events):
            self.notice = _("The irregularity placed after that action was removed too.")
        self.events = kept
        return True

    def _add_event(self) -> bool:
        if not self.event_form.is_valid():
            return self._refuse(_("Check the irregularity's fields."))
        if len(self.events) >= MAX_EVENTS:
            return self._refuse(_("A scenario has at most %(count)s irregularities.") % {"count": MAX_EVENTS})
        event = self.event_form.event(after=len(self.actions) - 1)
        if event is None:
            return self._refuse(_("Choose the kind of irregularity."))
        self.events.append(event)
        if not self._keep_if_accepted(lambda: self.events.pop()):
            return False
        self.event_form = EventForm()
        return True

    def _remove_event(self, index_text: str) -> bool:
        if not index_text.isdigit() or int(index_text) >= len(self.events):
            return self._refuse(_("There is no such irregularity."))
        self.events.pop(int(index_text))
        return True


# --- building a draft ----------------------------------------------------------------------------


def _json_list(values: Sequence[str], problems: list[str]) -> list[dict[str, Any]]:
    out = []
    for text in values[:MAX_EVENTS]:
        try:
            value = json_input.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            out.append(value)
        else:
            problems.append(_("An irregularity could not be read and was left out."))
    return out


def _with_default_stacks(data: QueryDict) -> QueryDict:
    """A seat just taken gets a stack of ten big bets, so the instructor need not type one."""
    data = data.copy()
    big_bet = data.get("big_bet", "")
    default = int(big_bet) * 10 if big_bet.isdigit() and 0 < int(big_bet) <= 10**8 else 10_000
    for seat in data.getlist("seats")[:10]:
        if seat.isdigit() and not data.get(f"stack_{seat}"):
            data[f"stack_{seat}"] = str(default)
    return data


def _with_house_rules(data: QueryDict, house: Rules | None) -> QueryDict:
    """A scenario that follows the house rules posts no rule fields: they start from the house
    rules, so that pinning starts from the rules the scenario is asked under now."""
    if house is None or data.get("ruleset"):
        return data
    data = data.copy()
    variant = data.get("variant", "")
    for key, value in ScenarioSetupForm.rules_initial(house.ruleset, house.overrides, variant).items():
        data[key] = str(value)
    return data


def draft_from_post(data: QueryDict, *, house: Rules | None = None) -> Draft:
    problems: list[str] = []
    data = _with_house_rules(_with_default_stacks(data), house)
    actions = [a for a in data.getlist("action")[:MAX_ACTIONS] if isinstance(a, str) and len(a) <= 200]
    events = _json_list(data.getlist("event"), problems)
    pending = [c for c in raw_cards(data.get("pending", "")[:12])][:3]
    try:
        carry = json_input.loads(data.get("carry") or "{}")
    except ValueError:
        carry = {}
    if not isinstance(carry, dict) or len(json.dumps(carry)) > 20_000:
        carry = {}
    draft = Draft(
        setup=ScenarioSetupForm(data),
        question=QuestionForm(data),
        meta=MetaForm(data),
        event_form=EventForm(data),
        actions=actions,
        events=events,
        pending=pending,
        carry={k: v for k, v in carry.items() if k not in BUILT_KEYS or k in CARRIED_BUILT_KEYS},
        problems=problems,
        house=house,
        cleared=_cleared(data.get("cleared", "")),
    )
    return draft


def _cleared(text: str) -> dict[str, Any] | None:
    """The actions and irregularities "Remove every action" took, posted back so that they can be
    brought back; None when absent or unreadable."""
    if not text or len(text) > 60_000:
        return None
    try:
        value = json_input.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    actions, events = value.get("actions"), value.get("events")
    if not isinstance(actions, list) or not isinstance(events, list):
        return None
    if len(actions) > MAX_ACTIONS or len(events) > MAX_EVENTS:
        return None
    if not all(isinstance(a, str) and len(a) <= 200 for a in actions):
        return None
    if not all(isinstance(e, dict) for e in events):
        return None
    return {"actions": actions, "events": events}


def draft_from_document(
    *,
    organisation: Any,
    document: Mapping[str, Any] | None,
    meta: Mapping[str, Any] | None = None,
    house: Rules | None = None,
    pinned: bool = False,
) -> Draft:
    """A draft for the editor's first page: a new hand, or a stored version's document. A
    scenario that is not ``pinned`` shows the ``house`` rules it is asked under."""
    shown = document if pinned or house is None or document is None else with_rules(document, house)
    setup_initial = ScenarioSetupForm.initial_for(organisation=organisation, document=shown)
    setup_initial["rules_pinned"] = pinned
    # Every seat's stack field is on the page (shown while the seat is taken): an empty seat
    # offers ten big bets, as a seat taken later would get.
    default_stack = int(setup_initial.get("big_bet") or 1_000) * 10
    for seat in range(1, MAX_SEATS + 1):
        setup_initial.setdefault(f"stack_{seat}", default_stack)
    question: dict[str, Any] = dict((document or {}).get("_question") or {"kind": "bring_in"})
    question_initial = {"kind": question.get("kind", "bring_in"), "asked_seats": question.get("seats", [])}
    meta = dict(meta or {})
    meta_initial = {
        "title": meta.get("title", ""),
        "notes": meta.get("notes", ""),
        "tags": ", ".join(meta.get("tags") or []),
        "skill": meta.get("skill", ""),
        "difficulty": meta.get("difficulty", 2),
    }
    draft = Draft(
        setup=_bound(ScenarioSetupForm, setup_initial),
        question=_bound(QuestionForm, question_initial),
        meta=_bound(MetaForm, meta_initial),
        event_form=EventForm(),
        actions=list((document or {}).get("actions") or []),
        events=[dict(e) for e in (document or {}).get("_events") or []],
        pending=[],
        carry={k: v for k, v in (document or {}).items() if k not in BUILT_KEYS},
        house=house,
    )
    antes = (document or {}).get("antes")
    if isinstance(antes, list) and len(set(antes)) > 1:
        draft.carry["antes"] = antes
    return draft


def _bound(form_class: type, initial: Mapping[str, Any]) -> Any:
    """A bound form from initial values, so the first page runs the engine like any other."""
    data = QueryDict(mutable=True)
    for key, value in initial.items():
        if isinstance(value, list):
            data.setlist(key, [str(v) for v in value])
        elif value is not None:
            data[key] = str(value)
    return form_class(data)
