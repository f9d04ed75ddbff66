"""The other games of the source documents as drills: no-limit hold'em (NT), the Flush Code Hack
five-card draw (FCH) and ten-card stud, weakest reveals first (T10S).

The engine generates, solves, judges and explains them (``games.api``); this module names the
games' drill topics and arranges the table for the page. Their answers are read and shown like
every question's, from the kinds' fields (``answer_form``).
Their attempts are stored like the stud drills' (the skill is the game's ``skill``) and count in the
progress reports, each game as one skill.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dealer_training.scenarios import other_table
from games.api import generate


@dataclass(frozen=True)
class Topic:
    kind: str
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
            Topic("next_action", gettext_lazy("Who acts next, and the options")),
            Topic("min_raise", gettext_lazy("The minimum raise")),
            Topic("round_over", gettext_lazy("Is the betting round over?")),
            Topic("pots", gettext_lazy("Main and side pots")),
            Topic("award", gettext_lazy("Who wins each pot")),
        ),
    ),
    "FCH": Game(
        "FCH",
        "draw",
        gettext_lazy("Flush Code Hack (five-card draw)"),
        (
            Topic("showdown_winner", gettext_lazy("The showdown winner, with the suit tie-break")),
            Topic("round_result", gettext_lazy("The pot and eliminations")),
            # The dealer is asked whether the phase is over and who acts next at the table: the
            # next to bet, or once the phase is over the first to draw (001 ゲームルール 2).
            Topic(
                "phase_end",
                gettext_lazy("Is the betting phase over, and who acts next?"),
            ),
        ),
    ),
    "T10S": Game(
        "T10S",
        "tenstud",
        gettext_lazy("Ten-card stud, weakest reveals first"),
        (
            Topic("next_reveal", gettext_lazy("Who reveals next")),
            Topic("final_ranking", gettext_lazy("The final ranking")),
            Topic("split", gettext_lazy("Sharing the pot")),
        ),
    ),
}
OTHER_GAMES = tuple(GAMES)
GAME_LABELS = {code: game.label for code, game in GAMES.items()}


def make_document(game: str, kind: str, rng: random.Random, seed: str) -> tuple[str, dict[str, Any]]:
    """A generated scenario of ``game`` (of ``kind``, or a kind drawn by ``rng``)."""
    topics = GAMES[game].topics
    topic = GAMES[game].topic(kind) or rng.choice(topics)
    return topic.kind, generate(game=game, kind=topic.kind, seed=seed)


def prompt(game: str, kind: str, table: Mapping[str, Any]) -> Any:
    """The question as the form asks it: a minimum raise with nothing bet this street is the
    minimum bet (Hold'em rules §4: the minimum bet is the big blind)."""
    if kind == "min_raise" and table.get("nothing_bet"):
        return _("Who acts now, and what is the minimum bet?")
    topic = GAMES[game].topic(kind)
    assert topic is not None
    return topic.label


# --- the table --------------------------------------------------------------------------------


def table_for(view: Mapping[str, Any], *, mark: Sequence[int] = ()) -> dict[str, Any]:
    """The game's table view (``games.table.table_view``) arranged for the page."""
    return other_table.table_for(view, game_label=GAME_LABELS[view["variant"]], mark=mark)
