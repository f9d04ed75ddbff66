"""Cohorts: named groups of trainees (a class, a shift) that drill sets are assigned to.

Forms, services and views of the cohort pages live together here: they are few and small.
"""

from typing import Any

from django import forms
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import Count, QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from dealer_training.pagination import paginate

from .access import STAFF_ROLES, OrgHttpRequest, org_view
from .models import Cohort, Membership, Organisation, Role

INVALID = 422


class CohortNameError(ValueError):
    """Another cohort of the organisation already has this name."""


class CohortForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(gettext_lazy("Enter a name."))
        return name


class CohortMemberForm(forms.Form):
    membership = forms.ModelChoiceField(label=gettext_lazy("Trainee"), queryset=Membership.objects.none())

    def __init__(self, *args: Any, cohort: Cohort, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["membership"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = (
            Membership.objects.current()
            .filter(organisation_id=cohort.organisation_id, role=Role.TRAINEE)
            .exclude(cohorts=cohort)
            .select_related("user")
            .order_by("user__name", "user__email")
        )
        field.label_from_instance = lambda m: f"{m.user.display_name} ({m.user.email})"  # type: ignore[method-assign,assignment]


# --- services and selectors --------------------------------------------------------------------


def cohorts_for_organisation(*, organisation: Organisation) -> QuerySet[Cohort]:
    return (
        Cohort.objects.filter(organisation=organisation)
        .annotate(member_count=Count("members"))
        .order_by("name")
    )


@transaction.atomic
def cohort_save(*, organisation: Organisation, name: str, cohort: Cohort | None = None) -> Cohort:
    if (
        Cohort.objects.filter(organisation=organisation, name=name)
        .exclude(pk__in=[cohort.pk] if cohort else [])
        .exists()
    ):
        raise CohortNameError(name)
    cohort = cohort or Cohort(organisation=organisation)
    cohort.name = name
    try:
        with transaction.atomic():
            cohort.save()
    except IntegrityError as exc:  # a rename racing another with the same name
        raise CohortNameError(name) from exc
    return cohort


@transaction.atomic
def cohort_member_add(*, cohort: Cohort, membership: Membership) -> None:
    if membership.organisation_id != cohort.organisation_id or membership.role != Role.TRAINEE:
        raise ValueError("only trainees of the cohort's organisation")
    cohort.members.add(membership)


@transaction.atomic
def cohort_member_remove(*, cohort: Cohort, membership: Membership) -> None:
    cohort.members.remove(membership)


# --- views -------------------------------------------------------------------------------------


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def cohorts(request: OrgHttpRequest) -> HttpResponse:
    form = CohortForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            cohort = cohort_save(organisation=request.org, name=form.cleaned_data["name"])
        except CohortNameError:
            form.add_error("name", _("A cohort with this name already exists."))
        else:
            messages.success(
                request, _("Cohort “%(name)s” created. Add its trainees now.") % {"name": cohort.name}
            )
            return redirect("accounts:cohort", org_slug=request.org.slug, pk=cohort.pk)
    page = paginate(request, cohorts_for_organisation(organisation=request.org))
    context = {"form": form, "cohorts": page.object_list, "page": page}
    return render(request, "accounts/cohorts.html", context, status=INVALID if form.is_bound else 200)


def _cohort_context(request: OrgHttpRequest, cohort: Cohort, **forms_: Any) -> dict[str, Any]:
    page = paginate(
        request, cohort.members.select_related("user").order_by("user__name", "user__email", "pk")
    )
    return {
        "cohort": cohort,
        "members": page.object_list,
        "page": page,
        "rename_form": forms_.get("rename_form") or CohortForm(initial={"name": cohort.name}),
        "member_form": forms_.get("member_form") or CohortMemberForm(cohort=cohort),
    }


def _render_cohort(request: OrgHttpRequest, cohort: Cohort, status: int = 200, **forms_: Any) -> HttpResponse:
    template = "accounts/cohorts_detail.html#members" if request.htmx else "accounts/cohorts_detail.html"
    return render(request, template, _cohort_context(request, cohort, **forms_), status=status)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def cohort_detail(request: OrgHttpRequest, pk: int) -> HttpResponse:
    cohort = get_object_or_404(Cohort, organisation=request.org, pk=pk)
    if request.method == "GET":
        return render(request, "accounts/cohorts_detail.html", _cohort_context(request, cohort))
    form = CohortForm(request.POST)
    if form.is_valid():
        try:
            cohort_save(organisation=request.org, name=form.cleaned_data["name"], cohort=cohort)
        except CohortNameError:
            form.add_error("name", _("A cohort with this name already exists."))
        else:
            messages.success(request, _("Cohort renamed."))
            return redirect("accounts:cohort", org_slug=request.org.slug, pk=cohort.pk)
    cohort.refresh_from_db()
    return render(
        request,
        "accounts/cohorts_detail.html",
        _cohort_context(request, cohort, rename_form=form),
        status=INVALID,
    )


@org_view(roles=STAFF_ROLES)
@require_POST
def cohort_member_add_view(request: OrgHttpRequest, pk: int) -> HttpResponse:
    cohort = get_object_or_404(Cohort, organisation=request.org, pk=pk)
    form = CohortMemberForm(request.POST, cohort=cohort)
    if not form.is_valid():
        return _render_cohort(request, cohort, INVALID, member_form=form)
    cohort_member_add(cohort=cohort, membership=form.cleaned_data["membership"])
    if request.htmx:
        return _render_cohort(request, cohort)
    return redirect("accounts:cohort", org_slug=request.org.slug, pk=cohort.pk)


@org_view(roles=STAFF_ROLES)
@require_POST
def cohort_member_remove_view(request: OrgHttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    cohort = get_object_or_404(Cohort, organisation=request.org, pk=pk)
    membership = get_object_or_404(cohort.members, pk=membership_pk)
    cohort_member_remove(cohort=cohort, membership=membership)
    if request.htmx:
        return _render_cohort(request, cohort)
    return redirect("accounts:cohort", org_slug=request.org.slug, pk=cohort.pk)


@org_view(roles=STAFF_ROLES)
@require_POST
def cohort_delete(request: OrgHttpRequest, pk: int) -> HttpResponse:
    cohort = get_object_or_404(Cohort, organisation=request.org, pk=pk)
    name = cohort.name
    cohort.delete()
    messages.success(request, _("Cohort “%(name)s” deleted.") % {"name": name})
    return redirect("accounts:cohorts", org_slug=request.org.slug)
