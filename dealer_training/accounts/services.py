"""Use cases that write: organisations, memberships, invites, house rules."""

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from .models import Invite, Membership, Organisation, Role, User, normalize_email
from .selectors import invite_by_code

# No 0/O, 1/I/L, 5/S, 8/B: a code read aloud at the table or copied from paper stays unambiguous.
INVITE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY234679"
INVITE_CODE_LENGTH = 12


class InviteError(ValueError):
    """An invite cannot be created, used or revoked. ``code`` says why; forms turn it into a sentence."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def invitable_roles(role: str) -> tuple[str, ...]:
    """Owners invite any role, instructors invite trainees, trainees invite nobody."""
    if role == Role.OWNER:
        return (Role.OWNER, Role.INSTRUCTOR, Role.TRAINEE)
    if role == Role.INSTRUCTOR:
        return (Role.TRAINEE,)
    return ()


def invitable_roles_revokers() -> tuple[str, ...]:
    return (Role.OWNER, Role.INSTRUCTOR)


def user_create(*, email: str, password: str | None, name: str = "", **extra: Any) -> User:
    return User.objects.create_user(email=email, password=password, name=name, **extra)


def _unique_slug(name: str) -> str:
    # Japanese names slugify to nothing; fall back to a neutral stem.
    base = slugify(name)[:50] or "org"
    slug, n = base, 2
    while Organisation.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def organisation_create(
    *, name: str, owner: User | None = None, slug: str = "", **fields: Any
) -> Organisation:
    organisation = Organisation(name=name, slug=slug or _unique_slug(name), **fields)
    organisation.full_clean()
    organisation.save()
    if owner is not None:
        Membership.objects.create(user=owner, organisation=organisation, role=Role.OWNER)
    return organisation


@transaction.atomic
def house_rules_update(*, organisation: Organisation, **fields: Any) -> Organisation:
    """Set the rule set, flag overrides and default structure; full_clean checks every value."""
    for name, value in fields.items():
        setattr(organisation, name, value)
    organisation.full_clean()
    organisation.save()
    return organisation


def _new_invite_code() -> str:
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_CODE_LENGTH))


@transaction.atomic
def invite_create(*, inviter: Membership, role: str, now: datetime | None = None) -> Invite:
    if role not in invitable_roles(inviter.role):
        raise InviteError("role_not_allowed")
    now = now or timezone.now()
    while True:
        code = _new_invite_code()
        if not Invite.objects.filter(code=code).exists():
            break
    return Invite.objects.create(
        organisation=inviter.organisation,
        role=role,
        code=code,
        created_by=inviter.user,
        expires_at=now + timedelta(days=settings.INVITE_VALID_DAYS),
    )


@transaction.atomic
def invite_revoke(*, invite: Invite, by: Membership) -> None:
    """Delete an unused invite. Owners revoke any; instructors only the ones they created."""
    if invite.organisation_id != by.organisation_id:
        raise InviteError("unknown")
    if by.role not in invitable_roles_revokers() or (
        by.role == Role.INSTRUCTOR and invite.created_by_id != by.user_id
    ):
        raise InviteError("revoke_not_allowed")
    if invite.is_used:
        raise InviteError("used")
    invite.delete()


def invite_check(*, code: str, now: datetime | None = None) -> Invite:
    """The open invite with this code, or InviteError("unknown" / "used" / "expired")."""
    invite = invite_by_code(code=code)
    if invite is None:
        raise InviteError("unknown")
    if invite.is_used:
        raise InviteError("used")
    if invite.is_expired(now):
        raise InviteError("expired")
    return invite


@transaction.atomic
def invite_accept(*, code: str, user: User, now: datetime | None = None) -> Membership:
    """Use the invite: the user joins its organisation with its role. The invite is then spent."""
    now = now or timezone.now()
    invite = invite_check(code=code, now=now)
    former = Membership.objects.filter(user=user, organisation=invite.organisation).first()
    if former is not None and not former.is_removed:
        raise InviteError("already_member")
    # The conditional update makes the invite single-use even when two people submit it at once.
    claimed = Invite.objects.filter(pk=invite.pk, used_at__isnull=True, expires_at__gt=now).update(
        used_by=user, used_at=now
    )
    if not claimed:
        raise InviteError("used")
    if former is not None:
        # A removed member comes back with the invite's role; their history was never deleted.
        updated = Membership.objects.filter(pk=former.pk, removed_at__isnull=False).update(
            role=invite.role, removed_at=None
        )
        if not updated:
            raise InviteError("already_member")
        former.refresh_from_db()
        return former
    try:
        with transaction.atomic():
            return Membership.objects.create(user=user, organisation=invite.organisation, role=invite.role)
    except IntegrityError as exc:
        raise InviteError("already_member") from exc


@transaction.atomic
def invite_accept_with_signup(*, code: str, email: str, name: str, password: str) -> Membership:
    """A newcomer creates an account and joins with the invite, all or nothing."""
    if User.objects.filter(email=normalize_email(email)).exists():
        raise InviteError("email_taken")
    invite_check(code=code)
    user = user_create(email=email, password=password, name=name)
    return invite_accept(code=code, user=user)


# --- members: role changes and removal ---------------------------------------------------------


class MembershipError(ValueError):
    """A member's role cannot be changed or the member cannot be removed; ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _lock_owners(organisation_id: int) -> list[int]:
    """Lock the organisation's owner rows. Every role change and removal takes this lock first, so
    they run one after another (two owners demoting each other at once cannot leave none)."""
    return list(
        Membership.objects.current()
        .select_for_update()
        .filter(organisation_id=organisation_id, role=Role.OWNER)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _fresh(membership: Membership, by: Membership) -> tuple[Membership, bool]:
    """The member read again under the owners' lock, and whether they are the last owner.
    Only a current owner of the same organisation acts on a current member."""
    owners = _lock_owners(by.organisation_id)
    if by.pk not in owners:
        raise MembershipError("not_allowed")
    fresh = Membership.objects.select_related("user").filter(pk=membership.pk).first()
    if fresh is None or fresh.organisation_id != by.organisation_id or fresh.is_removed:
        raise MembershipError("unknown")
    return fresh, owners == [fresh.pk]


def _revoke_invites_beyond(membership: Membership, roles: tuple[str, ...]) -> int:
    """Open invites the member created for roles they may no longer invite stop working."""
    deleted, _ = (
        Invite.objects.filter(
            organisation_id=membership.organisation_id, created_by_id=membership.user_id, used_at__isnull=True
        )
        .exclude(role__in=roles)
        .delete()
    )
    return deleted


@transaction.atomic
def membership_role_change(*, membership: Membership, role: str, by: Membership) -> Membership:
    """An owner gives a member another role. The last owner keeps theirs."""
    if role not in Role.values:
        raise MembershipError("unknown_role")
    membership, last_owner = _fresh(membership, by)
    if role == membership.role:
        return membership
    if last_owner:
        raise MembershipError("last_owner")
    if membership.role == Role.TRAINEE:
        membership.cohorts.clear()  # cohorts group trainees only
    membership.role = role
    membership.save(update_fields=["role"])
    _revoke_invites_beyond(membership, invitable_roles(role))
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, by: Membership, now: datetime | None = None) -> Membership:
    """An owner takes a member out of the organisation. Only access ends: attempts, sessions,
    certificates and rollups belong to the user and stay in the reports under their name."""
    membership, last_owner = _fresh(membership, by)
    if last_owner:
        raise MembershipError("last_owner")
    membership.cohorts.clear()
    membership.removed_at = now or timezone.now()
    membership.save(update_fields=["removed_at"])
    _revoke_invites_beyond(membership, ())
    return membership


@transaction.atomic
def membership_restore(*, membership: Membership, by: Membership) -> Membership:
    """An owner takes back a member they removed (an undo): same role, access again at once.
    Cohort places were cleared on removal and are not brought back."""
    if by.pk not in _lock_owners(by.organisation_id):
        raise MembershipError("not_allowed")
    fresh = Membership.objects.select_related("user").filter(pk=membership.pk).first()
    if fresh is None or fresh.organisation_id != by.organisation_id or not fresh.is_removed:
        raise MembershipError("unknown")
    fresh.removed_at = None
    fresh.save(update_fields=["removed_at"])
    return fresh
