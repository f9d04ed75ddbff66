"""The trainee's home-page panel: the drill sets assigned to them, soonest due first."""

from collections.abc import Mapping
from typing import Any

from dealer_training.accounts.access import OrgHttpRequest

from .selectors import assignments_for_trainee


def assignments_panel(request: OrgHttpRequest) -> Mapping[str, Any] | None:
    assignments = assignments_for_trainee(organisation=request.org, user=request.user)
    if not assignments:
        return None
    return {"assignments": assignments}
