"""Home page panels of progress: a trainee's standing at a glance, and what staff should look at."""

from collections.abc import Mapping
from typing import Any

from dealer_training.accounts.access import OrgHttpRequest

from . import selectors


def trainee_panel(request: OrgHttpRequest) -> Mapping[str, Any]:
    """Mastery counts, skills slipping, the practice run, reviews due, certificates. Five queries."""
    org = request.org
    trainee_id = request.user.pk
    grid = selectors.mastery_grid(organisation=org, trainee_id=trainee_id, bars=selectors.bars_for(org))
    certificates = selectors.certificates_for_trainee(organisation=org, trainee_id=trainee_id)
    return {
        "grid": grid,
        "streak": selectors.practice_streak(organisation=org, trainee_id=trainee_id),
        "reviews_due": selectors.reviews_due_count(organisation=org, trainee_id=trainee_id),
        "certificates": certificates,
        "certificates_in_force": selectors.certificates_in_force(certificates),
    }


def staff_panel(request: OrgHttpRequest) -> Mapping[str, Any]:
    return selectors.staff_attention(organisation=request.org)
