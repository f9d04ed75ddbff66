from typing import Any

from django.http import HttpRequest

from . import nav
from .selectors import memberships_for_user


def navigation(request: HttpRequest) -> dict[str, Any]:
    """The current organisation, its menu for this member, and whether there is another to switch to."""
    membership = getattr(request, "membership", None)
    user = request.user
    if membership is None or not user.is_authenticated:  # an org_view's request: its user is logged in
        return {}
    return {
        "current_org": membership.organisation,
        "current_membership": membership,
        "nav_links": nav.links_for(membership=membership, request=request),
        "can_switch_org": _membership_count(membership, user) > 1,
    }


def _membership_count(membership: Any, user: Any) -> int:
    """How many organisations the user belongs to: read with the membership by ``org_view``."""
    count = getattr(membership, "membership_count", None)
    return int(count) if count is not None else memberships_for_user(user=user).count()
