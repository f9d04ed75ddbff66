"""A refused save, side by side: the version someone else saved and the draft that was not saved.

Both sides are read the same way (the engine replays each hand), so the instructor compares the
same facts: title, notes, stacks, the hand in words, the question and the engine's answer.
"""

from typing import Any

from .editor import Draft, draft_from_document
from .labels import QUESTION_KINDS
from .models import Scenario
from .present import action_rows, answer_context


def _side(draft: Draft) -> dict[str, Any]:
    checked = draft.checked
    setup = draft.setup
    seats: list[int] = list(setup.cleaned_data.get("seats") or []) if setup.is_valid() else []
    kind = str(draft.question["kind"].value() or "")
    return {
        "title": str(draft.meta["title"].value() or ""),
        "notes": str(draft.meta["notes"].value() or ""),
        "stacks": [(seat, setup.cleaned_data.get(f"stack_{seat}")) for seat in seats],
        "actions": [row["text"] for row in action_rows(draft.actions, checked)],
        "question": QUESTION_KINDS.get(kind, kind),
        "answer": answer_context(checked.solution if checked else None),
    }


def conflict_sides(*, scenario: Scenario, draft: Draft) -> dict[str, Any]:
    """Theirs (the scenario as saved now) and yours (the draft), with the revision to save over."""
    version = scenario.current_version
    theirs = draft_from_document(
        organisation=scenario.organisation,
        document=version.document if version else None,
        meta={
            "title": scenario.title,
            "notes": scenario.notes,
            "tags": scenario.tags,
            "skill": scenario.skill,
            "difficulty": scenario.difficulty,
        },
    )
    theirs.run()
    return {
        "revision": scenario.revision,
        "saved_at": scenario.updated_at,
        "theirs": _side(theirs),
        "yours": _side(draft),
    }
