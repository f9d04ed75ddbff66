"""People, organisations (card rooms, schools), their memberships and invites."""

from datetime import datetime
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .house_rules import ROBERT_CASH, TDA_2024, validate_rule_overrides


def normalize_email(email: str) -> str:
    """Emails are stored and compared in lower case, so login ignores letter case."""
    return email.strip().lower()


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def get_by_natural_key(self, username: str | None) -> "User":
        return self.get(email=normalize_email(username or ""))

    def create_user(self, email: str, password: str | None = None, **extra: object) -> "User":
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=normalize_email(email), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **extra: object) -> "User":
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self.create_user(email, password, **extra)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(_("email address"), unique=True)
    name = models.CharField(_("name"), max_length=150, blank=True)
    is_active = models.BooleanField(_("active"), default=True)
    is_staff = models.BooleanField(
        _("staff status"), default=False, help_text=_("Can log in to the administration site.")
    )
    date_joined = models.DateTimeField(_("date joined"), default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.email

    def clean(self) -> None:
        super().clean()
        self.email = normalize_email(self.email)

    @property
    def display_name(self) -> str:
        return self.name or self.email


class Ruleset(models.TextChoices):
    TDA_2024 = TDA_2024, _("TDA 2024 (tournament)")
    ROBERT_CASH = ROBERT_CASH, _("Robert's Rules style (cash game)")


class Organisation(models.Model):
    """A card room or a dealer school, with its house rules and default betting structure."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("address name"), max_length=60, unique=True)
    ruleset = models.CharField(
        _("rule set"), max_length=20, choices=Ruleset.choices, default=Ruleset.TDA_2024
    )
    rule_overrides = models.JSONField(
        _("house rule overrides"), default=dict, blank=True, validators=[validate_rule_overrides]
    )
    ante = models.PositiveIntegerField(_("ante"), default=100)
    bring_in = models.PositiveIntegerField(_("bring-in"), default=200)
    small_bet = models.PositiveIntegerField(_("small bet"), default=500)
    big_bet = models.PositiveIntegerField(_("big bet"), default=1000)
    max_bets = models.PositiveSmallIntegerField(
        _("bets per street"), default=5, help_text=_("Including the completion.")
    )
    min_chip = models.PositiveIntegerField(_("smallest chip"), default=100)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("organisation")
        verbose_name_plural = _("organisations")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(bring_in__gt=0),
                name="org_bring_in_positive",
                violation_error_message=_("The bring-in must be at least 1."),
            ),
            models.CheckConstraint(
                condition=Q(bring_in__lte=F("small_bet")),
                name="org_bring_in_within_small_bet",
                violation_error_message=_("The bring-in cannot be larger than the small bet."),
            ),
            models.CheckConstraint(
                condition=Q(small_bet__lte=F("big_bet")),
                name="org_small_bet_within_big_bet",
                violation_error_message=_("The big bet cannot be smaller than the small bet."),
            ),
            models.CheckConstraint(
                condition=Q(max_bets__gte=2),
                name="org_max_bets_at_least_two",
                violation_error_message=_("Choose between 2 and 10 bets per street."),
            ),
            models.CheckConstraint(
                condition=Q(min_chip__gt=0),
                name="org_min_chip_positive",
                violation_error_message=_("The smallest chip must be at least 1."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    INSTRUCTOR = "instructor", _("Instructor")
    TRAINEE = "trainee", _("Trainee")


class MembershipQuerySet(models.QuerySet["Membership"]):
    def current(self) -> "MembershipQuerySet":
        """Memberships that still give access: not removed by an owner."""
        return self.filter(removed_at__isnull=True)


class Membership(models.Model):
    """A user's place in an organisation. Removing a member keeps the row (``removed_at``): their
    attempts, sessions and certificates stay in the reports under their name, but the membership
    no longer opens any page of the organisation."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("user")
    )
    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("organisation")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(_("joined"), auto_now_add=True)
    removed_at = models.DateTimeField(_("removed"), null=True, blank=True)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "organisation"], name="one_membership_per_user_and_org"),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.organisation} ({self.role})"

    @property
    def is_removed(self) -> bool:
        return self.removed_at is not None


class Invite(models.Model):
    """A single-use code that lets one person join an organisation with a given role."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="invites", verbose_name=_("organisation")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    code = models.CharField(_("code"), max_length=16, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("used by"),
    )
    used_at = models.DateTimeField(_("used"), null=True, blank=True)

    class Meta:
        verbose_name = _("invite")
        verbose_name_plural = _("invites")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.code_display} → {self.organisation} ({self.role})"

    @property
    def code_display(self) -> str:
        """The code in groups of four, easier to read out and type."""
        return "-".join(self.code[i : i + 4] for i in range(0, len(self.code), 4))

    @property
    def is_used(self) -> bool:
        return self.used_at is not None

    def is_expired(self, now: datetime | None = None) -> bool:
        return self.expires_at <= (now or timezone.now())


class Cohort(models.Model):
    """A named group of trainees in one organisation: a class, a shift, a new-hire intake."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="cohorts", verbose_name=_("organisation")
    )
    name = models.CharField(_("name"), max_length=120)
    members = models.ManyToManyField(
        Membership, related_name="cohorts", blank=True, verbose_name=_("members")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("cohort")
        verbose_name_plural = _("cohorts")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["organisation", "name"], name="cohort_name_unique_in_org"),
        ]

    def __str__(self) -> str:
        return self.name


class PasswordResetRequest(models.Model):
    """One password-reset request that was let through, counted for the hourly limits.

    Holds a digest of the email address rather than the address, whether or not an account uses it.
    """

    email_digest = models.CharField(max_length=64)
    ip_address = models.CharField(max_length=45, blank=True)
    requested_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["email_digest", "requested_at"], name="reset_request_email_time"),
            models.Index(fields=["ip_address", "requested_at"], name="reset_request_ip_time"),
        ]

    def __str__(self) -> str:
        return f"{self.ip_address} {self.requested_at:%Y-%m-%d %H:%M}"
