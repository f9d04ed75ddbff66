"""The variations of a scenario as the "vary this" page lists them: cards, answer, what changed."""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language

from games.api import EngineError, table_view
from games.vary.compare import changes

from .labels import cards_info
from .models import Scenario
from .present import answer_context


def _up_cards(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's up cards, in dealing order, as the table shows them."""
    view = table_view(document)
    return [
        {"seat": seat["seat"], "cards": cards_info(seat["upcards"]), "folded": seat["folded"]}
        for seat in view["seats"]
    ]


def variation_rows(original: Scenario, variations: Iterable[Scenario]) -> list[dict[str, Any]]:
    """One row per variation: its up cards per seat, the engine's answer in words and what it
    changed compared with ``original``, in the page's language."""
    lang = get_language() or "en"
    assert original.current_version is not None
    before = original.current_version.document
    before_answer = original.current_version.answer
    rows = []
    for item in variations:
        version = item.current_version
        row: dict[str, Any] = {"scenario": item, "seats": [], "answer": None, "changes": []}
        if version is not None:
            try:
                row["seats"] = _up_cards(version.document)
                row["changes"] = [
                    c.text(lang)
                    for c in changes(
                        before,
                        version.document,
                        original_solution=before_answer,
                        variation_solution=version.answer,
                    )
                ]
            except EngineError:
                pass  # a variation edited into another game: its title still links to it
            row["answer"] = answer_context(version.answer)
        rows.append(row)
    return rows
