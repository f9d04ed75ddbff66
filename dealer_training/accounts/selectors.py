"""Reads for views, forms and tasks."""

from django.db.models import Case, Count, IntegerField, OuterRef, QuerySet, Subquery, Value, When
from django.utils import timezone

from dealer_training.prepared import Prepared

from .models import Invite, Membership, Organisation, Role, User


def normalize_invite_code(code: str) -> str:
    """Codes are shown as XXXX-XXXX-XXXX; people may type them with spaces, dashes or in lower case."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _membership_with_count(user_id: int, slug: str) -> QuerySet[Membership]:
    memberships = (
        Membership.objects.current()
        .filter(user=OuterRef("user"))
        .order_by()
        .values("user")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return (
        Membership.objects.current()
        .select_related("organisation")
        .annotate(membership_count=Subquery(memberships))
        .filter(user_id=user_id, organisation__slug=slug)[:1]
    )


# Read by every page of an organisation, with its user (dealer_training.accounts.access):
# compiled once (dealer_training.prepared).
_MEMBERSHIP = Prepared(
    lambda user_id, slug: _membership_with_count(user_id, slug).select_related("user"), user_id=int, slug=str
)


def membership_and_user(*, user_id: int, slug: str) -> Membership | None:
    """The current membership of user ``user_id`` of the organisation ``slug``, with its user,
    its organisation and how many organisations the user belongs to (``membership_count``, for
    the menu), in one query."""
    return _MEMBERSHIP.first(user_id=user_id, slug=slug)


def memberships_for_user(*, user: User) -> QuerySet[Membership]:
    return (
        Membership.objects.current()
        .select_related("organisation")
        .filter(user=user)
        .order_by("organisation__name")
    )


def members_for_organisation(*, organisation: Organisation) -> QuerySet[Membership]:
    role_order = Case(
        *(When(role=role, then=Value(rank)) for rank, role in enumerate(Role.values)),
        output_field=IntegerField(),
    )
    return (
        Membership.objects.current()
        .select_related("user")
        .filter(organisation=organisation)
        .order_by(role_order, "user__email")
    )


def former_members_for_organisation(*, organisation: Organisation) -> QuerySet[Membership]:
    """Members an owner removed: they no longer have access, their history stays in the reports."""
    return (
        Membership.objects.select_related("user")
        .filter(organisation=organisation, removed_at__isnull=False)
        .order_by("-removed_at", "user__email")
    )


def member_in_organisation(*, organisation: Organisation, pk: int) -> Membership | None:
    return (
        Membership.objects.current().select_related("user").filter(organisation=organisation, pk=pk).first()
    )


def member_counts_for_organisation(*, organisation: Organisation) -> dict[str, int]:
    counts = {role: 0 for role in Role.values}
    rows = (
        Membership.objects.current().filter(organisation=organisation).values("role").annotate(n=Count("id"))
    )
    for row in rows:
        counts[row["role"]] = row["n"]
    return counts


def invites_open_for_organisation(*, organisation: Organisation) -> QuerySet[Invite]:
    return (
        Invite.objects.select_related("created_by")
        .filter(organisation=organisation, used_at__isnull=True, expires_at__gt=timezone.now())
        .order_by("-created_at")
    )


def invites_open_for_member(*, membership: Membership) -> QuerySet[Invite]:
    """The open invites this member may see. An instructor sees trainee invites only: an owner or
    instructor code in their hands would let them sign up a second account with more rights."""
    invites = invites_open_for_organisation(organisation=membership.organisation)
    if membership.role != Role.OWNER:
        invites = invites.filter(role=Role.TRAINEE)
    return invites


def invite_by_code(*, code: str) -> Invite | None:
    normalized = normalize_invite_code(code)
    if not normalized:
        return None
    return Invite.objects.select_related("organisation").filter(code=normalized).first()
