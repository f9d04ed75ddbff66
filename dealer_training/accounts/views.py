"""Login, organisation choice, joining with an invite, and the organisation's own pages."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import SetPasswordForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.generic import FormView

from dealer_training.pagination import paginate

from . import home as home_panels
from .access import (
    ALL_ROLES,
    CURRENT_ORG_SESSION_KEY,
    STAFF_ROLES,
    AuthenticatedHttpRequest,
    OrgHttpRequest,
    authenticated_view,
    org_view,
    public_view,
)
from .backends import BACKEND_PATH
from .forms import (
    INVITE_ERRORS,
    MEMBERSHIP_ERRORS,
    HouseRulesForm,
    InviteCodeForm,
    InviteCreateForm,
    LoginForm,
    MemberRoleForm,
    QueuedPasswordResetForm,
    SignupForm,
)
from .house_rules import describe_rules
from .models import Invite, Membership, Organisation, Role, User
from .selectors import (
    former_members_for_organisation,
    invites_open_for_member,
    member_counts_for_organisation,
    member_in_organisation,
    members_for_organisation,
    membership_and_user,
    memberships_for_user,
)
from .services import (
    InviteError,
    MembershipError,
    invite_accept,
    invite_accept_with_signup,
    invite_check,
    membership_remove,
    membership_restore,
    membership_role_change,
)
from .services import invite_create as invite_create_service
from .services import invite_revoke as invite_revoke_service
from .throttle import login_failures_clear

# Forms that fail validation answer 422, so scripts and tests can tell them from a success.
INVALID = 422


@public_view
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect("accounts:login")
    slug = request.session.get(CURRENT_ORG_SESSION_KEY)
    if slug and membership_and_user(user_id=request.user.pk, slug=slug):
        return redirect("accounts:org_home", org_slug=slug)
    return redirect("accounts:choose_org")


def _next_url(request: HttpRequest) -> str:
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return resolve_url(settings.LOGIN_REDIRECT_URL)


@public_view
@require_http_methods(["GET", "POST"])
@sensitive_post_parameters()
@csrf_protect
@never_cache
def login(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated and request.method == "GET":
        return redirect(_next_url(request))
    form = LoginForm(request, data=request.POST if request.method == "POST" else None)
    if form.is_valid():
        auth_login(request, form.get_user())
        return redirect(_next_url(request))
    status = 429 if form.locked else INVALID if form.is_bound else 200
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    response = render(request, "accounts/login.html", {"form": form, "next": next_url}, status=status)
    # The page explains the lock itself; the axes middleware keeps it (throttle.lockout_response).
    response.login_locked = form.locked  # type: ignore[attr-defined]
    return response


class _InvalidIs422(FormView[Any]):
    """For Django's auth views: a form with errors answers 422 like our own views."""

    def form_invalid(self, form: Any) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=INVALID)


class PasswordChangeView(_InvalidIs422, auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")


class PasswordResetView(_InvalidIs422, auth_views.PasswordResetView):
    template_name = "accounts/password_reset.html"
    form_class = QueuedPasswordResetForm
    email_template_name = "accounts/email/password_reset.txt"
    subject_template_name = "accounts/email/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")


class PasswordResetConfirmView(_InvalidIs422, auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")

    def form_valid(self, form: "SetPasswordForm[User]") -> HttpResponse:
        # The locked-out message offers a reset: once done, the account's lock ends with it.
        response = super().form_valid(form)
        login_failures_clear(email=form.user.email)
        return response


logout = public_view(auth_views.LogoutView.as_view())
password_change = authenticated_view(PasswordChangeView.as_view())
password_change_done = authenticated_view(
    auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html")
)
password_reset = public_view(PasswordResetView.as_view())
password_reset_done = public_view(
    auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html")
)
password_reset_confirm = public_view(PasswordResetConfirmView.as_view())
password_reset_complete = public_view(
    auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html")
)


@authenticated_view
@require_http_methods(["GET", "POST"])
def choose_org(request: AuthenticatedHttpRequest) -> HttpResponse:
    memberships = list(memberships_for_user(user=request.user))
    if request.method == "POST":
        chosen = next((m for m in memberships if m.organisation.slug == request.POST.get("org")), None)
        if chosen is None:
            return render(
                request,
                "accounts/choose_org.html",
                {"memberships": memberships, "error": _("Choose one of your organisations.")},
                status=400,
            )
        request.session[CURRENT_ORG_SESSION_KEY] = chosen.organisation.slug
        return redirect("accounts:org_home", org_slug=chosen.organisation.slug)
    if len(memberships) == 1:
        only = memberships[0].organisation.slug
        request.session[CURRENT_ORG_SESSION_KEY] = only
        return redirect("accounts:org_home", org_slug=only)
    return render(request, "accounts/choose_org.html", {"memberships": memberships})


@public_view
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    form = InviteCodeForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        return redirect("accounts:join_code", code=form.cleaned_data["code"])
    return render(request, "accounts/join.html", {"form": form}, status=INVALID if form.is_bound else 200)


@public_view
@require_http_methods(["GET", "POST"])
@sensitive_post_parameters("password1", "password2")
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    try:
        invite = invite_check(code=code)
    except InviteError as error:
        status = 404 if error.code == "unknown" else 410
        return render(
            request, "accounts/join_invalid.html", {"message": INVITE_ERRORS[error.code]}, status=status
        )
    context: dict[str, object] = {"invite": invite, "role_label": Role(invite.role).label}
    if not request.user.is_authenticated:
        return _join_with_signup(request, invite, context)
    if request.method == "POST":
        try:
            membership = invite_accept(code=invite.code, user=request.user)
        except InviteError as error:
            context["error"] = INVITE_ERRORS[error.code]
            return render(request, "accounts/join_code.html", context, status=409)
        return _joined(request, membership.organisation)
    if membership_and_user(user_id=request.user.pk, slug=invite.organisation.slug):
        context["error"] = INVITE_ERRORS["already_member"]
    return render(request, "accounts/join_code.html", context)


def _join_with_signup(request: HttpRequest, invite: Invite, context: dict[str, object]) -> HttpResponse:
    """A newcomer opening an invite: create the account and use the invite in one step."""
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            membership = invite_accept_with_signup(
                code=invite.code,
                email=form.cleaned_data["email"],
                name=form.cleaned_data["name"],
                password=form.cleaned_data["password1"],
            )
        except InviteError as error:
            form.add_error(None, INVITE_ERRORS[error.code])
        else:
            auth_login(request, membership.user, backend=BACKEND_PATH)
            return _joined(request, membership.organisation)
    context["form"] = form
    return render(request, "accounts/join_code.html", context, status=INVALID if form.is_bound else 200)


def _joined(request: HttpRequest, organisation: Organisation) -> HttpResponse:
    request.session[CURRENT_ORG_SESSION_KEY] = organisation.slug
    messages.success(request, _("Welcome to %(org)s.") % {"org": organisation.name})
    return redirect("accounts:org_home", org_slug=organisation.slug)


# --- Organisation pages ------------------------------------------------------------------------


@org_view(roles=ALL_ROLES)
@require_GET
def org_home(request: OrgHttpRequest) -> HttpResponse:
    org = request.org
    context = {
        "rules": describe_rules(ruleset=org.ruleset, overrides=org.rule_overrides, structure=_structure(org)),
        "counts": member_counts_for_organisation(organisation=org)
        if request.membership.role in STAFF_ROLES
        else None,
        "panels": home_panels.panels_for(request),
    }
    return render(request, "accounts/org_home.html", context)


def _members_context(request: OrgHttpRequest, form: InviteCreateForm | None = None) -> dict[str, object]:
    org, membership = request.org, request.membership
    invites = list(invites_open_for_member(membership=membership))
    page = paginate(request, members_for_organisation(organisation=org))
    for invite in invites:
        # Read by the template.
        invite.link = request.build_absolute_uri(reverse("accounts:join_code", kwargs={"code": invite.code}))  # type: ignore[attr-defined]
        invite.can_revoke = membership.role == Role.OWNER or invite.created_by_id == membership.user_id  # type: ignore[attr-defined]
    is_owner = membership.role == Role.OWNER
    return {
        "members": page.object_list,
        "page": page,
        "former_members": former_members_for_organisation(organisation=org) if is_owner else (),
        "can_manage": is_owner,
        "roles": Role.choices,
        "invites": invites,
        "form": form or InviteCreateForm(inviter_role=membership.role),
    }


@org_view(roles=STAFF_ROLES)
@require_GET
def members(request: OrgHttpRequest) -> HttpResponse:
    return render(request, "accounts/members.html", _members_context(request))


@org_view(roles=STAFF_ROLES)
@require_POST
def invite_create(request: OrgHttpRequest) -> HttpResponse:
    membership = request.membership
    form = InviteCreateForm(request.POST, inviter_role=membership.role)
    shown: InviteCreateForm | None = form
    status = 200
    if form.is_valid():
        invite = invite_create_service(inviter=membership, role=form.cleaned_data["role"])
        messages.success(
            request,
            _("Invite %(code)s created for a new %(role)s.")
            % {"code": invite.code_display, "role": Role(invite.role).label},
        )
        if not request.htmx:
            return redirect("accounts:members", org_slug=request.org.slug)
        shown = None
    else:
        status = 403 if form.has_error("role", code="role_not_allowed") else INVALID
    template = "accounts/members.html#invites" if request.htmx else "accounts/members.html"
    return render(request, template, _members_context(request, shown), status=status)


@org_view(roles=STAFF_ROLES)
@require_POST
def invite_revoke(request: OrgHttpRequest, pk: int) -> HttpResponse:
    invite = get_object_or_404(Invite, organisation=request.org, pk=pk)
    try:
        invite_revoke_service(invite=invite, by=request.membership)
    except InviteError as error:
        messages.error(request, INVITE_ERRORS[error.code])
        status = 403 if error.code == "revoke_not_allowed" else 409
        template = "accounts/members.html#invites" if request.htmx else "accounts/members.html"
        return render(request, template, _members_context(request), status=status)
    messages.success(request, _("Invite %(code)s revoked.") % {"code": invite.code_display})
    if request.htmx:
        return render(request, "accounts/members.html#invites", _members_context(request))
    return redirect("accounts:members", org_slug=request.org.slug)


def _member_or_404(request: OrgHttpRequest, pk: int) -> Membership:
    member = member_in_organisation(organisation=request.org, pk=pk)
    if member is None:
        raise Http404(MEMBERSHIP_ERRORS["unknown"])
    return member


def _member_refused(request: OrgHttpRequest, error: MembershipError) -> HttpResponse:
    messages.error(request, MEMBERSHIP_ERRORS[error.code])
    status = {"not_allowed": 403, "unknown": 404, "unknown_role": INVALID}.get(error.code, 409)
    return render(request, "accounts/members.html", _members_context(request), status=status)


def _after_member_change(request: OrgHttpRequest, member: Membership) -> HttpResponse:
    """Back to the members page; an owner who changed their own place goes where they still may."""
    if member.user_id != request.user.pk:
        return redirect("accounts:members", org_slug=request.org.slug)
    if member.is_removed:
        request.session.pop(CURRENT_ORG_SESSION_KEY, None)
        return redirect("accounts:choose_org")
    return redirect("accounts:org_home", org_slug=request.org.slug)


@org_view(roles=[Role.OWNER])
@require_POST
def member_role(request: OrgHttpRequest, pk: int) -> HttpResponse:
    member = _member_or_404(request, pk)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        return _member_refused(request, MembershipError("unknown_role"))
    try:
        member = membership_role_change(
            membership=member, role=form.cleaned_data["role"], by=request.membership
        )
    except MembershipError as error:
        return _member_refused(request, error)
    messages.success(
        request,
        _("%(name)s is now: %(role)s.")
        % {"name": member.user.display_name, "role": member.get_role_display()},
    )
    return _after_member_change(request, member)


@org_view(roles=[Role.OWNER])
@require_http_methods(["GET", "POST"])
def member_remove(request: OrgHttpRequest, pk: int) -> HttpResponse:
    """GET asks for confirmation; only the POST of that page removes."""
    member = _member_or_404(request, pk)
    if request.method == "POST":
        try:
            member = membership_remove(membership=member, by=request.membership)
        except MembershipError as error:
            return _member_refused(request, error)
        messages.success(
            request,
            _(
                "%(name)s was removed from %(org)s. Their attempts and certificates stay in the "
                "reports; “Restore” under Removed members brings them back."
            )
            % {"name": member.user.display_name, "org": request.org.name},
        )
        return _after_member_change(request, member)
    last_owner = (
        member.role == Role.OWNER
        and member_counts_for_organisation(organisation=request.org)[Role.OWNER] == 1
    )
    context = {
        "member": member,
        "last_owner": last_owner,
        "last_owner_message": MEMBERSHIP_ERRORS["last_owner"],
    }
    return render(request, "accounts/member_remove.html", context)


@org_view(roles=[Role.OWNER])
@require_POST
def member_restore(request: OrgHttpRequest, pk: int) -> HttpResponse:
    """Undo a removal: the former member gets their place (and role) back."""
    former = get_object_or_404(Membership, organisation=request.org, pk=pk, removed_at__isnull=False)
    try:
        member = membership_restore(membership=former, by=request.membership)
    except MembershipError as error:
        return _member_refused(request, error)
    messages.success(
        request,
        _("%(name)s is a member again, as %(role)s. Add them back to their cohorts if they had any.")
        % {"name": member.user.display_name, "role": member.get_role_display()},
    )
    return redirect("accounts:members", org_slug=request.org.slug)


def _structure(org: Organisation) -> dict[str, int]:
    """The room's default amounts that the house rules are told with."""
    return {"bring_in": org.bring_in, "small_bet": org.small_bet}


@org_view(roles=[Role.OWNER])
@require_GET
def house_rules(request: OrgHttpRequest) -> HttpResponse:
    """The house rules and their form. The form posts to ``scenarios:house_rules_check``, which
    lists the authored scenarios whose answer a change changes before it saves the change."""
    org = request.org
    context = {
        "form": HouseRulesForm(instance=org),
        "rules": describe_rules(ruleset=org.ruleset, overrides=org.rule_overrides, structure=_structure(org)),
    }
    return render(request, "accounts/house_rules.html", context)
