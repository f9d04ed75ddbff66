"""Which authored scenario a session asks next.

- An exam's authored items are held back: practice, speed and review sessions never draw them and
  their review cards are not shown, unless an owner lets that exam's items be practised
  (``DrillSet.exam_items_in_practice``). A practice drill set skips them as it skips drafts.
- Within one session no scenario is asked twice while the pool still has one it has not asked.
- From the room's published pool, the trainee's never-answered scenarios come first (one of them
  chosen by the session's seed), then the one they answered longest ago.

Each choice is one query, whatever the size of the pool or of the trainee's history.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists, F, Max, OuterRef, Q, QuerySet, Subquery

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.models import Scenario
from dealer_training.scenarios.selectors import held_for_exams, published_scenarios

from .models import Attempt, DrillSession, Question, ReviewCard


@dataclass(frozen=True)
class PlanEntry:
    """One question of a drill set: an authored scenario, or a generated item of a skill (the
    plan itself is read by ``selectors.drill_set_plan``)."""

    scenario: Scenario | None
    skill: str
    variant: str


# The practice pool is ranked in the database and at most this many candidates are read.
POOL_LIMIT = 200


def practice_scenarios(
    *, organisation: Organisation, skill: str = "", variant: str = ""
) -> QuerySet[Scenario]:
    """Published scenarios that practice, speed and review sessions may ask."""
    return published_scenarios(organisation=organisation, skill=skill, variant=variant).exclude(
        pk__in=held_for_exams(organisation_id=organisation.pk)
    )


def visible_review_cards(cards: QuerySet[ReviewCard], *, organisation_id: int) -> QuerySet[ReviewCard]:
    """Review cards a trainee may be shown: skills, and published scenarios no exam holds back."""
    return cards.filter(
        Q(scenario__isnull=True)
        | (
            Q(scenario__status=Scenario.Status.PUBLISHED)
            & ~Q(scenario_id__in=held_for_exams(organisation_id=organisation_id))
        )
    )


def asked_in_session(session: DrillSession) -> QuerySet[Question, Mapping[str, object]]:
    """Ids of the scenarios (``scenario_id`` values) this session has asked."""
    return Question.objects.filter(session_id=session.pk, scenario_version__isnull=False).values(
        scenario_id=F("scenario_version__scenario_id")
    )


# Whether a room has published scenarios of a skill and game (learnt from the pool's query) is kept
# in the shared cache, dropped whenever one of the room's scenarios is saved or deleted (and after
# the commit), at most this long in any case: a room without one skips the query.
POOL_CACHE_SECONDS = 60


def _pool_key(organisation_id: int, skill: str, variant: str) -> str:
    return f"drills:pool:{organisation_id}:{skill}:{variant}"


def forget_pool(sender: Any, *, instance: Scenario, **kwargs: Any) -> None:
    """A scenario saved or deleted: the room's cached answers for its skill and game go."""
    keys = [
        _pool_key(instance.organisation_id, skill, variant)
        for skill in ("", instance.skill)
        for variant in ("", instance.variant)
    ]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


def next_pool_scenario(
    *, session: DrillSession, rng: random.Random, skill: str, variant: str
) -> Scenario | None:
    """The practice pool's next scenario for this session, or None when it has asked them all.

    One query, none when the room is known to have no published scenario of the skill and game:
    the room's published scenarios ranked by whether an exam holds them back, whether this
    session has asked them and when the trainee last answered them (never first).
    """
    key = _pool_key(session.organisation_id, skill, variant)
    known = cache.get(key)
    if known is False:
        return None
    last_answered = (
        Attempt.objects.filter(
            organisation_id=session.organisation_id,
            trainee_id=session.trainee_id,
            scenario_version__scenario_id=OuterRef("pk"),
        )
        .order_by()
        .values("scenario_version__scenario_id")
        .annotate(at=Max("created_at"))
        .values("at")
    )
    held = held_for_exams(organisation_id=session.organisation_id).filter(scenario_id=OuterRef("pk"))
    asked = Question.objects.filter(session_id=session.pk, scenario_version__scenario_id=OuterRef("pk"))
    ranked = list(
        published_scenarios(organisation=session.organisation, skill=skill, variant=variant)
        .annotate(held=Exists(held), asked=Exists(asked), last_answered=Subquery(last_answered))
        .order_by("held", "asked", F("last_answered").asc(nulls_first=True), "pk")[:POOL_LIMIT]
    )
    if known is None or known != bool(ranked):
        cache.set(key, bool(ranked), POOL_CACHE_SECONDS)
    pool = [scenario for scenario in ranked if not scenario.held and not scenario.asked]
    fresh = [scenario for scenario in pool if scenario.last_answered is None]
    if fresh:
        return rng.choice(fresh)
    return pool[0] if pool else None


def drill_set_entry(*, session: DrillSession, plan: Sequence[PlanEntry], position: int) -> PlanEntry:
    """The plan's entry for ``position``; an authored entry this session already asked gives way to
    the first of the plan's scenarios it has not asked (or, when it has asked them all, the one
    asked longest ago)."""
    entry = plan[position % len(plan)]
    if entry.scenario is None:
        return entry
    last_asked = dict(
        Question.objects.filter(session_id=session.pk, scenario_version__isnull=False)
        .values("scenario_version__scenario_id")
        .annotate(position=Max("position"))
        .values_list("scenario_version__scenario_id", "position")
        .order_by()
    )
    if entry.scenario.pk not in last_asked:
        return entry
    authored = [other for other in plan if other.scenario is not None]
    for other in authored:
        assert other.scenario is not None
        if other.scenario.pk not in last_asked:
            return other
    # Every entry of authored has a scenario.
    return min(authored, key=lambda other: last_asked[other.scenario.pk])  # type: ignore[union-attr]
