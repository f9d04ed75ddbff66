"""The staff home panel: who slips and how many trainees have reviews due."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from dealer_training.accounts.models import Membership, Organisation, Role
from dealer_training.drills.models import (
    ReviewCard,
)
from dealer_training.drills.selection import visible_review_cards

from ..mastery import Status, standing
from ..models import SkillProgress
from .common import bars_for


def staff_attention(*, organisation: Organisation, limit: int = 5) -> dict[str, Any]:
    """For the staff home panel: who slips, how many have reviews due. Five queries."""
    bars = bars_for(organisation)
    trainee_ids = (
        Membership.objects.current().filter(organisation=organisation, role=Role.TRAINEE).values("user_id")
    )
    slipping = []
    for pk, skill, attempts, answers, correct, median_ms, mastered_at in SkillProgress.objects.filter(
        organisation=organisation, trainee_id__in=trainee_ids, mastered_at__isnull=False
    ).values_list(
        "pk", "skill", "attempts", "window_answers", "window_correct", "window_median_ms", "mastered_at"
    ):
        now = standing(
            skill=skill,
            attempts=attempts,
            window_answers=answers,
            window_correct=correct,
            window_median_ms=median_ms,
            mastered_at=mastered_at,
            bars=bars,
        )
        if now.status == Status.SLIPPING:
            slipping.append((pk, now))
    slipping.sort(key=lambda item: (item[1].window_accuracy or 0, item[0]))
    shown = dict(slipping[:limit])
    rows = SkillProgress.objects.filter(pk__in=list(shown)).select_related("trainee").defer("recent")
    due = (
        visible_review_cards(
            ReviewCard.objects.filter(
                organisation=organisation, trainee_id__in=trainee_ids, due_at__lte=timezone.now()
            ),
            organisation_id=organisation.pk,
        )
        .values("trainee_id")
        .distinct()
        .count()
    )
    return {
        "slipping": sorted(
            ((row, shown[row.pk]) for row in rows), key=lambda item: item[1].window_accuracy or 0
        ),
        "slipping_count": len(slipping),
        "reviews_due_trainees": due,
    }
