"""How far a trainee is with an assignment: not started, in progress (n of m) or finished with a score.

The sittings that answer it live in the drills app, which depends on this one; the drills app
registers the reader at start-up (``register``), as apps register their home panels.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from .models import Assignment

NOT_STARTED = "not_started"
IN_PROGRESS = "in_progress"
FINISHED = "finished"


@dataclass(frozen=True)
class AssignmentProgress:
    """One trainee's progress on one assignment; ``session_id`` is the sitting to continue or review."""

    state: str = NOT_STARTED
    answered: int = 0
    total: int = 0
    correct: int = 0
    finished_at: datetime | None = None
    session_id: int | None = None

    @property
    def finished(self) -> bool:
        return self.state == FINISHED

    @property
    def in_progress(self) -> bool:
        return self.state == IN_PROGRESS

    @property
    def score_percent(self) -> int | None:
        if self.state != FINISHED or not self.total:
            return None
        return round(100 * self.correct / self.total)


# (assignment, trainee id) pairs in; their progress out, keyed by (assignment id, trainee id).
Pair = tuple[Assignment, int]
Reader = Callable[[Iterable[Pair]], Mapping[tuple[int, int], AssignmentProgress]]

_readers: list[Reader] = []


def register(reader: Reader) -> None:
    if reader not in _readers:
        _readers.append(reader)


def progress_for(pairs: Iterable[Pair]) -> dict[tuple[int, int], AssignmentProgress]:
    """Progress of each pair; a pair no reader knows is not started."""
    pairs = list(pairs)
    found: dict[tuple[int, int], AssignmentProgress] = {}
    for reader in _readers:
        found.update(reader(pairs))
    return {(a.pk, user_id): found.get((a.pk, user_id), AssignmentProgress()) for a, user_id in pairs}
