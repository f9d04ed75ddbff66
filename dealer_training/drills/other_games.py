"""The other games of the source documents as drills: no-limit hold'em (NT), the Flush Code Hack
five-card draw (FCH) and ten-card stud, weakest reveals first (T10S).

The engine generates, solves, judges and explains them (``games.generate_other``,
``games.solve``, ``games.questions.judge``); this module says which answer fields each question kind asks,
reads the answer form into the engine's answer shape, and arranges the table for the page.
Their attempts are stored like the stud drills' but stay out of the stud progress reports
(those rollups count the stud games only).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from dealer_training.scenarios.labels import cards_info, chips
from dealer_training.scenarios.present import seat_amounts
from games.generate_other import generate_other

from . import other_table
from .answers import AnswerError, _ranking, _Reader, parse_answer, require_awards


@dataclass(frozen=True)
class Topic:
    kind: str
    fields: tuple[str, ...]
    label: Promise


@dataclass(frozen=True)
class Game:
    code: str
    skill: str  # the skill code stored on the game's questions and attempts
    label: Promise
    topics: tuple[Topic, ...]

    def topic(self, kind: str) -> Topic | None:
        return next((t for t in self.topics if t.kind == kind), None)


GAMES: dict[str, Game] = {
    "NT": Game(
        "NT",
        "holdem",
        gettext_lazy("Texas hold'em (no limit)"),
        (
            Topic("next_action", ("seat", "options"), gettext_lazy("Who acts next, and the options")),
            Topic("min_raise", ("seat", "min_raise_to"), gettext_lazy("The minimum raise")),
            Topic("round_over", ("complete", "pending"), gettext_lazy("Is the betting round over?")),
            Topic("pots", ("pots",), gettext_lazy("Main and side pots")),
            # The uncalled chips go back before the pots are pushed: the drill asks for both
            # (the pot drawn on the table includes them).
            Topic("award", ("awards", "returned"), gettext_lazy("Who wins each pot")),
        ),
    ),
    "FCH": Game(
        "FCH",
        "draw",
        gettext_lazy("Flush Code Hack (five-card draw)"),
        (
            Topic(
                "showdown_winner", ("winner",), gettext_lazy("The showdown winner, with the suit tie-break")
            ),
            Topic("round_result", ("winner", "pot", "eliminated"), gettext_lazy("The pot and eliminations")),
            # The dealer is asked whether the phase is over and who acts next at the table: the
            # next to bet, or once the phase is over the first to draw (001 ゲームルール 2).
            Topic(
                "phase_end",
                ("complete", "next"),
                gettext_lazy("Is the betting phase over, and who acts next?"),
            ),
        ),
    ),
    "T10S": Game(
        "T10S",
        "tenstud",
        gettext_lazy("Ten-card stud, weakest reveals first"),
        (
            Topic("next_reveal", ("seats",), gettext_lazy("Who reveals next")),
            Topic("final_ranking", ("ranking",), gettext_lazy("The final ranking")),
            Topic("split", ("winners", "awards"), gettext_lazy("Sharing the pot")),
        ),
    ),
}
OTHER_GAMES = tuple(GAMES)
GAME_LABELS = {code: game.label for code, game in GAMES.items()}


def is_other(variant: str) -> bool:
    return variant in GAMES


def make_document(game: str, kind: str, rng: random.Random, seed: str) -> tuple[str, dict[str, Any]]:
    """A generated scenario of ``game`` (of ``kind``, or a kind drawn by ``rng``)."""
    topics = GAMES[game].topics
    topic = GAMES[game].topic(kind) or rng.choice(topics)
    return topic.kind, generate_other(kind=topic.kind, variant=game, seed=seed)


def prompt(game: str, kind: str, table: Mapping[str, Any]) -> Any:
    """The question as the form asks it: a minimum raise with nothing bet this street is the
    minimum bet (Hold'em rules §4: the minimum bet is the big blind)."""
    if kind == "min_raise" and table.get("nothing_bet"):
        return _("Who acts now, and what is the minimum bet?")
    topic = GAMES[game].topic(kind)
    assert topic is not None
    return topic.label


def fields_of(game: str, kind: str) -> tuple[str, ...]:
    topic = GAMES[game].topic(kind)
    assert topic is not None
    return topic.fields


# --- the table --------------------------------------------------------------------------------


def table_for(view: Mapping[str, Any], *, reveal: bool = False, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The game's table view (``games.table.table_view``) arranged for the page."""
    return other_table.table_for(view, game_label=GAME_LABELS[view["variant"]], mark=mark)


# --- the answer -------------------------------------------------------------------------------


def parse(
    kind: str, fields: Sequence[str], data: Mapping[str, Any], *, seats: Sequence[int]
) -> dict[str, Any]:
    """The engine's answer shape for a hold'em, draw or ten-card stud question."""
    if kind in ("next_action", "pots"):
        answer = parse_answer(kind, fields, data, seats=seats, ranked=seats)
        if kind == "next_action" and answer.get("options"):
            answer["options"].pop("bring_in", None)
            answer["options"].pop("complete_to", None)
        return answer
    r = _Reader(data, seats)
    answer = {}
    if kind == "award":
        answer["awards"] = r.awards()
        require_awards(r, answer["awards"])
        if "returned" in fields:
            answer["returned"] = _returned(r)
    elif kind == "min_raise":
        answer["seat"] = r.seat("seat")
        # Blank: the player cannot raise (only call or fold).
        answer["min_raise_to"] = r.amount("min_raise_to", required=False)
    elif kind in ("round_over", "phase_end"):
        complete = r.choice("complete", ("yes", "no"))
        answer["complete"] = complete == "yes" if complete else None
        if kind == "round_over":
            answer["pending"] = r.seat_set("pending")
        else:
            answer["next"] = r.seat("next", allow_none=True)
    elif kind in ("showdown_winner", "round_result"):
        answer["winner"] = r.seat("winner")
        if kind == "round_result":
            answer["pot"] = r.amount("pot")
            answer["eliminated"] = r.seat_set("eliminated")
    elif kind == "next_reveal":
        answer["seats"] = r.seat_set("reveal")
        if not answer["seats"]:
            r.errors["reveal"] = _("Choose seats at the table.")
    elif kind == "final_ranking":
        answer["ranking"] = _ranking(r, "rank", seats, optional=False)
    elif kind == "split":
        answer["winners"] = r.seat_set("winners")
        if not answer["winners"] and "winners" not in r.errors:
            r.errors["winners"] = _("Choose who wins.")
        answer["awards"] = r.awards()
        require_awards(r, answer["awards"])
    else:
        raise AnswerError({"__all__": _("This question cannot be answered here.")})
    if r.errors:
        raise AnswerError(r.errors)
    return answer


def _returned(r: _Reader) -> dict[str, int]:
    """The uncalled chips going back (``returned_seat`` and ``returned_amount``): only the
    player who bet most can have chips nobody matched, so one seat at most."""
    seat = r.text("returned_seat")
    amount = r.amount("returned_amount", required=bool(seat))
    if not seat:
        if amount:
            r.errors["returned_seat"] = _("Choose the seat the chips go back to.")
        return {}
    chosen = r.seat("returned_seat")
    return {str(chosen): amount} if chosen is not None and amount else {}


# --- the feedback -----------------------------------------------------------------------------


def _seat_list(seats: Sequence[int] | None) -> str:
    return ", ".join(_("Seat %(seat)s") % {"seat": s} for s in seats or []) or _("none")


def _hand(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not value:
        return None
    from django.utils.translation import get_language

    ja = (get_language() or "").startswith("ja")
    return {
        "cards": cards_info(value.get("cards") or []),
        "name": value.get("name_ja") if ja else value.get("name"),
    }


def answer_lines(kind: str, answer: Mapping[str, Any], fields: Sequence[str]) -> list[tuple[str, Any]]:
    """The correct answer as (label, value) lines: the fields the question asked, and the hands."""
    lines: list[tuple[str, Any]] = []
    if kind == "next_action":
        if answer.get("seat") is None:
            lines.append((_("To act"), _("Nobody: the betting round is complete")))
        else:
            lines.append((_("To act"), _("Seat %(seat)s") % {"seat": answer["seat"]}))
            options = answer.get("options") or {}
            words = [str(_("Fold"))] if options.get("fold") else []
            if options.get("check"):
                words.append(pgettext("poker action", "Check"))
            if options.get("call") is not None:
                words.append(_("Call %(amount)s") % {"amount": chips(options["call"])})
            if options.get("bet_to"):
                words.append(
                    _("Bet %(amounts)s") % {"amounts": " / ".join(chips(a) for a in options["bet_to"])}
                )
            if options.get("raise_to"):
                words.append(
                    _("Raise to %(amounts)s") % {"amounts": " / ".join(chips(a) for a in options["raise_to"])}
                )
            lines.append((_("Options"), " · ".join(str(w) for w in words)))
    elif kind == "min_raise":
        lines.append((_("To act"), _("Seat %(seat)s") % {"seat": answer["seat"]}))
        least = answer["min_raise_to"]
        if answer.get("to_match") == 0:
            lines.append((_("Minimum bet"), chips(least)))
        else:
            lines.append((_("Minimum raise to"), _("May not raise") if least is None else chips(least)))
            lines.append((_("Last raise increment"), chips(answer.get("increment"))))
    elif kind == "round_over":
        lines.append((_("Round over"), _("Yes") if answer.get("complete") else _("No")))
        lines.append((_("Still to act"), _seat_list(answer.get("pending"))))
    elif kind == "phase_end":
        lines.append((_("Betting phase over"), _("Yes") if answer.get("complete") else _("No")))
        lines.append(_phase_next(answer))
    elif kind in ("pots", "award"):
        for i, pot in enumerate(answer.get("pots") or []):
            label = _("Main pot") if i == 0 else _("Side pot %(number)s") % {"number": i}
            lines.append((label, f"{chips(pot['amount'])} · {_seat_list(pot['eligible'])}"))
        if kind == "award":
            lines.append(
                (
                    _("Each player receives"),
                    seat_amounts(answer["awards"]),
                )
            )
        for seat, amount in (answer.get("returned") or {}).items():
            lines.append((_("Returned to seat %(seat)s") % {"seat": seat}, chips(amount)))
        if kind == "award" and not answer.get("returned"):
            lines.append((_("Chips returned"), _("none")))
    elif kind in ("showdown_winner", "round_result"):
        lines.append((_("Winner"), _("Seat %(seat)s") % {"seat": answer["winner"]}))
        if kind == "round_result":
            lines.append((_("Pot"), chips(answer["pot"])))
            lines.append((_("Out of the game"), _seat_list(answer.get("eliminated"))))
        for seat, hand in (answer.get("hands") or {}).items():
            value = _hand(hand)
            if value:
                lines.append((_("Seat %(seat)s") % {"seat": seat}, value))
    elif kind == "next_reveal":
        lines.append((_("Reveals next"), _seat_list(answer["seats"])))
    elif kind in ("final_ranking", "split"):
        if kind == "final_ranking":
            lines.append((_("Ranking"), " > ".join(_seat_list(g) for g in answer["ranking"])))
        else:
            lines.append((_("Winners"), _seat_list(answer["winners"])))
            lines.append(
                (
                    _("Each player receives"),
                    seat_amounts(answer["awards"]),
                )
            )
        for seat, hand in (answer.get("hands") or {}).items():
            value = _hand(hand)
            if value:
                lines.append((_("Seat %(seat)s") % {"seat": seat}, value))
    return lines


def _phase_next(answer: Mapping[str, Any]) -> tuple[str, Any]:
    """Who acts next after a Flush Code Hack betting question, named as the form asks it: the
    next to bet while the phase goes on, the first to draw once it is over, nobody when
    everyone else dropped."""
    seat = answer.get("next")
    if seat is None:
        return _("To act"), _("Nobody: everyone else dropped, the round is over")
    label = _("First to draw") if answer.get("complete") else _("Next to bet")
    return label, _("Seat %(seat)s") % {"seat": seat}


def marked_seats(kind: str, answer: Mapping[str, Any]) -> list[int]:
    """Seats the correct answer names, to mark on the table after answering."""
    marked: list[int] = []
    for key in ("seat", "winner", "next"):
        if isinstance(answer.get(key), int):
            marked.append(answer[key])
    for key in ("seats", "winners"):
        marked += [int(s) for s in answer.get(key) or []]
    if kind == "award":
        marked += [int(s) for s in answer.get("awards") or {}]
    if kind == "final_ranking" and answer.get("ranking"):
        marked += answer["ranking"][0]
    return sorted(set(marked))
