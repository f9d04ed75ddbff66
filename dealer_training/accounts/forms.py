"""Forms: parse input into values for services; every error is a sentence the person can act on."""

import logging
from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.http import HttpRequest
from django.template import loader
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from dealer_training.queueing import send_on_commit

from .house_rules import FLAGS, VARIANTS
from .models import Organisation, Role, User, normalize_email
from .selectors import normalize_invite_code
from .services import InviteError, invitable_roles, invite_check
from .tasks import email_send
from .throttle import client_ip, lockout_minutes, password_reset_allowed

logger = logging.getLogger(__name__)

INVITE_ERRORS = {
    "unknown": _("There is no invite with this code. Check the code and try again."),
    "expired": _("This invite has expired. Ask for a new one."),
    "used": _("This invite has already been used. Ask for a new one."),
    "already_member": _("You are already a member of this organisation."),
    "email_taken": _("An account with this email address already exists. Log in first, then use the invite."),
    "role_not_allowed": _("You cannot invite people with this role."),
    "revoke_not_allowed": _("You cannot revoke this invite."),
}


class LoginForm(AuthenticationForm):
    """Email and password. Repeated failures lock the account and the client address (django-axes,
    see dealer_training.accounts.throttle); the form then says so instead of "not correct"."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("The email address or password is not correct."),
        "locked": _(
            "Too many failed login attempts for this email address or from your network. For your "
            "security, logging in is paused for %(minutes)s minutes. You can reset your password "
            "meanwhile."
        ),
    }

    locked = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget = forms.EmailInput(
            attrs={
                "autofocus": True,
                "autocomplete": "email",
                "autocapitalize": "none",
                "spellcheck": "false",
            }
        )

    def clean(self) -> dict[str, Any]:
        try:
            return super().clean()
        except forms.ValidationError:
            # Axes marks the request when this failure reached the limit, or a lock was in force.
            if getattr(self.request, "axes_locked_out", False):
                self.locked = True
                raise forms.ValidationError(
                    self.error_messages["locked"], code="locked", params={"minutes": lockout_minutes()}
                ) from None
            raise


class QueuedPasswordResetForm(PasswordResetForm):
    """Sends the reset mail through a Celery task, queued once the request's transaction commits.

    Requests beyond the hourly limits per account and per client address send nothing; the person
    sees the same page either way, so the form never tells whether an account exists.
    """

    def save(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        email = self.cleaned_data["email"]
        ip = client_ip(request) if request is not None else ""
        if not password_reset_allowed(email=email, ip=ip):
            logger.warning("password reset: limit reached, no mail sent (client %s)", ip)
            return
        kwargs["request"] = request
        super().save(*args, **kwargs)

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        send_on_commit(email_send, subject=subject, body=body, to=[to_email], from_email=from_email)


class InviteCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Invite code"),
        max_length=40,
        help_text=_("For example ABCD-EFGH-JKMN. Letter case and dashes do not matter."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> str:
        code = normalize_invite_code(self.cleaned_data["code"])
        try:
            invite_check(code=code)
        except InviteError as error:
            raise forms.ValidationError(INVITE_ERRORS[error.code], code=error.code) from None
        return code


class SignupForm(forms.Form):
    """A newcomer's account, created together with the use of an invite."""

    name = forms.CharField(
        label=_("Your name"), max_length=150, widget=forms.TextInput(attrs={"autocomplete": "name"})
    )
    email = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_email(self) -> str:
        email = normalize_email(self.cleaned_data["email"])
        if User.objects.filter(email=email).exists():
            raise forms.ValidationError(INVITE_ERRORS["email_taken"], code="email_taken")
        return email

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        password1, password2 = cleaned.get("password1"), cleaned.get("password2")
        if password1 and password2 and password1 != password2:
            self.add_error("password2", _("The two passwords do not match."))
        elif password1:
            candidate = User(email=cleaned.get("email", ""), name=cleaned.get("name", ""))
            try:
                password_validation.validate_password(password1, candidate)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class InviteRoleField(forms.ChoiceField):
    """Offers the roles the inviter may invite; a real role beyond them is refused as such
    (``role_not_allowed``, which the view answers with 403), anything else is an invalid choice."""

    def validate(self, value: Any) -> None:
        if value in Role.values and not self.valid_value(value):
            raise forms.ValidationError(INVITE_ERRORS["role_not_allowed"], code="role_not_allowed")
        super().validate(value)


class InviteCreateForm(forms.Form):
    role = InviteRoleField(label=_("Role"))

    def __init__(self, *args: Any, inviter_role: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        allowed = invitable_roles(inviter_role)
        role = self.fields["role"]
        assert isinstance(role, InviteRoleField)
        role.choices = [(value, label) for value, label in Role.choices if value in allowed]
        role.initial = Role.TRAINEE


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


MEMBERSHIP_ERRORS = {
    "not_allowed": _("Only owners can change roles or remove members."),
    "unknown": _("This person is not a member of this organisation."),
    "unknown_role": _("Choose one of the roles."),
    "last_owner": _(
        "An organisation needs at least one owner. Make someone else an owner first, then change this one."
    ),
}


# --- House rules -------------------------------------------------------------------------------

PRESET = ""  # choice meaning "no override: use the rule set's value"


def _flag_choices(flag_name: str) -> list[tuple[str, StrPromise]]:
    return [(PRESET, _("As the rule set says"))] + [
        (_encode(value), label) for value, label in FLAGS[flag_name].values.items()
    ]


def _encode(value: Any) -> str:
    # Choice fields carry strings; booleans travel as "true"/"false".
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decode(flag_name: str, text: str) -> Any:
    for value in FLAGS[flag_name].values:
        if _encode(value) == text:
            return value
    raise KeyError(text)


MAX_CHIPS = 10_000_000

# Flags with a single possible value are shown on the page but offer no choice.
EDITABLE_FLAGS = [name for name, flag in FLAGS.items() if len(flag.values) > 1 and not flag.per_variant]
TIE_BREAK = "tie_break_later_streets"


def _tie_break_field_name(variant: str) -> str:
    return "tie_break_" + variant.lower().replace("/", "_")


class HouseRulesForm(forms.ModelForm[Organisation]):
    """The rule set, the flags a room may change, and the default betting structure."""

    class Meta:
        model = Organisation
        fields = ["ruleset", "ante", "bring_in", "small_bet", "big_bet", "max_bets", "min_chip"]
        widgets = {
            "ruleset": forms.RadioSelect,
            **{
                name: forms.NumberInput(attrs={"inputmode": "numeric", "min": 0})
                for name in ["ante", "bring_in", "small_bet", "big_bet", "max_bets", "min_chip"]
            },
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        overrides = self.instance.rule_overrides or {}
        tie_break = overrides.get(TIE_BREAK)
        for variant, variant_label in VARIANTS.items():
            name = _tie_break_field_name(variant)
            self.fields[name] = forms.ChoiceField(
                label=variant_label,  # the fieldset's legend names the rule
                choices=_flag_choices(TIE_BREAK),
                required=False,
            )
            if isinstance(tie_break, dict):
                self.initial[name] = _encode(tie_break[variant]) if variant in tie_break else PRESET
            elif tie_break is not None:
                self.initial[name] = _encode(tie_break)
        for flag_name in EDITABLE_FLAGS:
            self.fields[flag_name] = forms.ChoiceField(
                label=FLAGS[flag_name].label, choices=_flag_choices(flag_name), required=False
            )
            self.initial[flag_name] = _encode(overrides[flag_name]) if flag_name in overrides else PRESET

    def tie_break_fields(self) -> list[forms.BoundField]:
        return [self[_tie_break_field_name(variant)] for variant in VARIANTS]

    def flag_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in EDITABLE_FLAGS]

    def structure_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ["ante", "bring_in", "small_bet", "big_bet", "max_bets", "min_chip"]]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        for name in ["ante", "bring_in", "small_bet", "big_bet", "min_chip"]:
            if (cleaned.get(name) or 0) > MAX_CHIPS:
                self.add_error(name, _("Enter at most %(max)s chips.") % {"max": f"{MAX_CHIPS:,}"})
                cleaned.pop(name, None)
        min_chip = cleaned.get("min_chip")
        if min_chip:
            for name in ["ante", "bring_in", "small_bet", "big_bet"]:
                amount = cleaned.get(name)
                if amount is not None and amount % min_chip:
                    self.add_error(
                        name, _("Must be a multiple of the smallest chip (%(chip)s).") % {"chip": min_chip}
                    )
        ante, bring_in, small_bet, big_bet = (
            cleaned.get(n) for n in ["ante", "bring_in", "small_bet", "big_bet"]
        )
        if bring_in is not None and bring_in < 1:
            self.add_error("bring_in", _("The bring-in must be at least 1."))
        if bring_in and small_bet and bring_in > small_bet:
            self.add_error("bring_in", _("The bring-in cannot be larger than the small bet."))
        if small_bet and big_bet and small_bet > big_bet:
            self.add_error("big_bet", _("The big bet cannot be smaller than the small bet."))
        if ante and bring_in and ante > bring_in:
            self.add_error("ante", _("The ante cannot be larger than the bring-in."))
        max_bets = cleaned.get("max_bets")
        if max_bets is not None and not 2 <= max_bets <= 10:
            self.add_error("max_bets", _("Choose between 2 and 10 bets per street."))
        if cleaned.get("min_chip") == 0:
            self.add_error("min_chip", _("The smallest chip must be at least 1."))
        cleaned["rule_overrides"] = self._overrides(cleaned)
        return cleaned

    def _overrides(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        overrides: dict[str, Any] = {}
        per_variant = {
            variant: _decode(TIE_BREAK, cleaned[_tie_break_field_name(variant)])
            for variant in VARIANTS
            if cleaned.get(_tie_break_field_name(variant))
        }
        if per_variant:
            values = set(per_variant.values())
            if len(per_variant) == len(VARIANTS) and len(values) == 1:
                overrides[TIE_BREAK] = values.pop()
            else:
                overrides[TIE_BREAK] = per_variant
        for flag_name in EDITABLE_FLAGS:
            if cleaned.get(flag_name):
                overrides[flag_name] = _decode(flag_name, cleaned[flag_name])
        return overrides
