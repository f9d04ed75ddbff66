"""The trainee's home panel: reviews due now and the skills they keep missing."""

from collections.abc import Mapping
from typing import Any

from dealer_training.accounts.access import OrgHttpRequest

from .selectors import review_summary


def due_reviews_panel(request: OrgHttpRequest) -> Mapping[str, Any] | None:
    summary = review_summary(organisation=request.org, trainee=request.user)
    if not summary.due and not summary.missed and summary.next_due is None:
        return None
    return {"review": summary}
