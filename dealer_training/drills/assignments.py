"""The drills' answer to "how far is this trainee with this assignment": their sittings of the set.

A sitting counts for an assignment when it is of the assignment's drill set and started after the
assignment was made. The latest finished sitting (an abandoned exam does not count) gives the score
and date; otherwise a sitting still open gives the progress, n answered of m.
"""

from collections.abc import Iterable, Mapping

from django.db.models import Count, Q

from dealer_training.scenarios.assignment_status import (
    FINISHED,
    IN_PROGRESS,
    AssignmentProgress,
    Pair,
)

from .models import DrillSession, Outcome


def assignment_progress(pairs: Iterable[Pair]) -> Mapping[tuple[int, int], AssignmentProgress]:
    pairs = list(pairs)
    if not pairs:
        return {}
    sessions = (
        DrillSession.objects.filter(
            drill_set_id__in={a.drill_set_id for a, _ in pairs},
            trainee_id__in={user_id for _, user_id in pairs},
            started_at__gte=min(a.created_at for a, _ in pairs),
        )
        .exclude(outcome=Outcome.ABANDONED)
        .annotate(
            answered=Count("attempts", distinct=True),
            right=Count("attempts", filter=Q(attempts__correct=True), distinct=True),
        )
        .order_by("started_at", "pk")
    )
    by_key: dict[tuple[int, int], list[DrillSession]] = {}
    for session in sessions:
        assert session.drill_set_id is not None
        by_key.setdefault((session.drill_set_id, session.trainee_id), []).append(session)
    out: dict[tuple[int, int], AssignmentProgress] = {}
    for assignment, user_id in pairs:
        mine = [
            s
            for s in by_key.get((assignment.drill_set_id, user_id), [])
            if s.started_at >= assignment.created_at
        ]
        finished = [s for s in mine if s.finished_at is not None]
        if finished:
            last = max(finished, key=lambda s: (s.finished_at, s.pk))
            out[(assignment.pk, user_id)] = AssignmentProgress(
                state=FINISHED,
                answered=last.answered,  # type: ignore[attr-defined]
                total=max(last.planned_count, last.answered),  # type: ignore[attr-defined]
                correct=last.right,  # type: ignore[attr-defined]
                finished_at=last.finished_at,
                session_id=last.pk,
            )
            continue
        running = [s for s in mine if s.state not in (Outcome.EXPIRED, Outcome.ABANDONED)]
        if running:
            last = running[-1]
            out[(assignment.pk, user_id)] = AssignmentProgress(
                state=IN_PROGRESS,
                answered=last.answered,  # type: ignore[attr-defined]
                total=last.planned_count,
                session_id=last.pk,
            )
    return out
