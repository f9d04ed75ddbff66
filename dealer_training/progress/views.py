"""Progress pages: a trainee's own progress, the cohort report, one trainee in detail,
certification, exports and the public certificate check."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.paginator import InvalidPage, Paginator
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view, public_view
from dealer_training.accounts.models import Role
from dealer_training.drills.grades import GradeBars, grade_history, grade_report
from dealer_training.drills.labels import skill_label
from dealer_training.drills.models import Certificate
from dealer_training.drills.selectors import grade_answers
from dealer_training.jobs import time_limit_minutes

from . import charts, exports, selectors
from .attempt_rows import attempt_rows
from .attempt_views import subject_or_404
from .forms import CohortReportFilterForm, ExportForm, HistoryFilterForm, period_start
from .models import ExportJob
from .services import CertificateError, certificate_revoke, certificate_sign_off, export_job_create

INVALID = 422
PER_PAGE = 25
SITTINGS_SHOWN = 20


def exam_title() -> str:
    return _("Exam")


def optional_url(name: str, **kwargs: Any) -> str | None:
    """The URL of another app's page, or None while that page does not exist."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None


# --- one trainee: shared by "my progress" and the staff's trainee detail ------------------------


def _history(request: OrgHttpRequest, trainee_id: int, form: HistoryFilterForm) -> dict[str, Any]:
    skill = variant = ""
    if form.is_valid():
        skill, variant = form.cleaned_data["skill"], form.cleaned_data["variant"]
    weeks = selectors.history_weeks(
        organisation=request.org, trainee_id=trainee_id, skill=skill, variant=variant
    )
    labels = [f"{week.start.month}/{week.start.day}" for week in weeks]
    bars = selectors.bars_for(request.org)
    accuracy = charts.line_chart(
        labels=labels,
        values=[week.accuracy for week in weeks],
        fixed_max=100,
        target=float(bars.accuracy),
        unit="%",
        label_every=2,
    )
    seconds = charts.line_chart(
        labels=labels,
        values=[week.average_seconds for week in weeks],
        target=bars.target_seconds(skill) if skill else None,
        unit="s",
        decimals=1,
        label_every=2,
    )
    return {
        "history_form": form,
        "weeks": weeks,
        "accuracy_chart": accuracy,
        "seconds_chart": seconds,
        "history_skill": skill,
        "history_any": any(week.attempts for week in weeks),
    }


GRADE_DAYS = 14


def _grades(request: OrgHttpRequest, trainee_id: int) -> dict[str, Any]:
    """The dealer grade now (overall and per skill) and at the end of each recent practice day."""
    training = selectors.training_settings_for(request.org)
    bars = GradeBars.from_settings(training)
    answers = grade_answers(organisation_id=request.org.pk, trainee_id=trainee_id, training=training)
    report = grade_report(answers, bars=bars)
    days = grade_history(answers, bars=bars, days=GRADE_DAYS)
    chart = charts.line_chart(
        labels=[f"{day.day.month}/{day.day.day}" for day in days],
        values=[day.overall.score if day.overall.graded else None for day in days],
        fixed_max=100,
        label_every=2,
    )
    return {
        "grade_bars": bars,
        "overall_grade": report.overall,
        "skill_grades": [(skill_label(skill), grade) for skill, grade in report.skills.items()],
        "grade_days": list(reversed(days)),
        "grade_chart": chart,
    }


def _trainee_context(request: OrgHttpRequest, trainee_id: int) -> dict[str, Any]:
    org = request.org
    bars = selectors.bars_for(org)
    certificates = selectors.certificates_for_trainee(organisation=org, trainee_id=trainee_id)
    context = {
        "grid": selectors.mastery_grid(organisation=org, trainee_id=trainee_id, bars=bars),
        "streak": selectors.practice_streak(organisation=org, trainee_id=trainee_id),
        "reviews_due": selectors.reviews_due_count(organisation=org, trainee_id=trainee_id),
        "certificates": certificates,
        "certificates_in_force": selectors.certificates_in_force(certificates),
        "sittings": selectors.exam_results(
            sessions=selectors.exam_sessions(organisation=org, trainee_id=trainee_id)[:SITTINGS_SHOWN],
            training=selectors.training_settings_for(org),
            default_title=exam_title(),
        ),
        "drills_url": optional_url("drills:index", org_slug=org.slug),
    }
    context.update(_history(request, trainee_id, HistoryFilterForm(request.GET or None)))
    context.update(_grades(request, trainee_id))
    return context


def _history_status(context: dict[str, Any]) -> int:
    form = context["history_form"]
    return INVALID if form.is_bound and not form.is_valid() else 200


@org_view(roles=[Role.TRAINEE])
@require_GET
def me(request: OrgHttpRequest) -> HttpResponse:
    context = _trainee_context(request, request.user.pk)
    context["history_url"] = reverse("progress:me", kwargs={"org_slug": request.org.slug})
    context["weak_skills_url"] = optional_url("drills:weak_skills", org_slug=request.org.slug)
    template = "progress/me.html#history" if request.htmx else "progress/me.html"
    return render(request, template, context, status=_history_status(context))


@org_view(roles=STAFF_ROLES)
@require_GET
def trainee_detail(request: OrgHttpRequest, trainee_id: int) -> HttpResponse:
    membership = subject_or_404(request, trainee_id)
    try:
        page = selectors.trainee_attempts_page(
            organisation=request.org,
            trainee_id=trainee_id,
            page=request.GET.get("page", 1),
            per_page=PER_PAGE,
        )
    except InvalidPage as error:
        raise Http404(_("There is no such page of attempts.")) from error
    rows = attempt_rows(page.object_list, org_slug=request.org.slug)
    if request.htmx and request.GET.get("part") == "attempts":
        return render(
            request,
            "progress/trainee_detail.html#attempts",
            {"page": page, "rows": rows, "subject": membership},
        )
    context = _trainee_context(request, trainee_id)
    context.update(
        subject=membership,
        page=page,
        rows=rows,
        history_url=reverse(
            "progress:trainee_detail", kwargs={"org_slug": request.org.slug, "trainee_id": trainee_id}
        ),
    )
    template = "progress/trainee_detail.html#history" if request.htmx else "progress/trainee_detail.html"
    return render(request, template, context, status=_history_status(context))


# --- cohort report --------------------------------------------------------------------------------


@org_view(roles=STAFF_ROLES)
@require_GET
def cohort_report(request: OrgHttpRequest) -> HttpResponse:
    form = CohortReportFilterForm(request.GET or None, organisation=request.org)
    context: dict[str, Any] = {"form": form}
    status = 200
    if not form.is_bound or form.is_valid():
        data = form.cleaned_data if form.is_bound else {}
        period = data.get("period") or "28"
        context["report"] = selectors.cohort_report(
            organisation=request.org,
            cohort=data.get("cohort"),
            variant=data.get("variant") or "",
            start=period_start(period),
            exam_title=exam_title(),
        )
        context["period"] = period
    else:
        status = INVALID
    template = "progress/cohort_report.html#report" if request.htmx else "progress/cohort_report.html"
    return render(request, template, context, status=status)


# --- certification ---------------------------------------------------------------------------------

CERTIFICATE_ERRORS = {
    "no_exam": lambda: _("That exam was not found or is not finished."),
    "not_passed": lambda: _("This exam did not meet the pass marks, so it cannot be signed off."),
    "already_signed": lambda: _("This certificate has already been signed off."),
    "revoked": lambda: _("This certificate has been revoked."),
    "no_certificate": lambda: _("That certificate was not found."),
    "reason_needed": lambda: _("Give the reason for revoking, in at most 500 characters."),
    "already_revoked": lambda: _("This certificate has already been revoked."),
}


def _certificates_context(request: OrgHttpRequest) -> dict[str, Any]:
    org = request.org
    sessions = selectors.exam_sessions(organisation=org)
    try:
        page = Paginator(sessions, PER_PAGE).page(request.GET.get("page", 1))
    except InvalidPage as error:
        raise Http404(_("There is no such page of exams.")) from error
    training = selectors.training_settings_for(org)
    certificates = (
        Certificate.objects.filter(organisation=org)
        .select_related("trainee", "signed_off_by", "revoked_by")
        .order_by("-issued_at")
    )
    return {
        "page": page,
        "results": selectors.exam_results(
            sessions=page.object_list, training=training, default_title=exam_title()
        ),
        "training": training,
        "certificates": certificates[:200],
        "can_sign": request.membership.role == Role.OWNER,
    }


@org_view(roles=STAFF_ROLES)
@require_GET
def certificates(request: OrgHttpRequest) -> HttpResponse:
    return render(request, "progress/certificates.html", _certificates_context(request))


@org_view(roles=[Role.OWNER])
@require_POST
def certificate_sign(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    try:
        certificate = certificate_sign_off(
            organisation=request.org, session_id=session_id, by=request.user, default_title=exam_title()
        )
    except CertificateError as error:
        if error.code == "no_exam":
            raise Http404(CERTIFICATE_ERRORS["no_exam"]()) from error
        messages.error(request, CERTIFICATE_ERRORS[error.code]())
        return render(request, "progress/certificates.html", _certificates_context(request), status=409)
    messages.success(
        request,
        _("Certificate for %(name)s signed off.") % {"name": certificate.trainee.display_name},
    )
    url = reverse("progress:certificates", kwargs={"org_slug": request.org.slug})
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@org_view(roles=[Role.OWNER])
@require_POST
def certificate_revoke_view(request: OrgHttpRequest, pk: int) -> HttpResponse:
    try:
        certificate = certificate_revoke(
            organisation=request.org,
            certificate_id=pk,
            by=request.user,
            reason=request.POST.get("reason", ""),
        )
    except CertificateError as error:
        if error.code == "no_certificate":
            raise Http404(CERTIFICATE_ERRORS["no_certificate"]()) from error
        messages.error(request, CERTIFICATE_ERRORS[error.code]())
        status = INVALID if error.code == "reason_needed" else 409
        return render(request, "progress/certificates.html", _certificates_context(request), status=status)
    messages.success(
        request, _("Certificate for %(name)s revoked.") % {"name": certificate.trainee.display_name}
    )
    return redirect(reverse("progress:certificates", kwargs={"org_slug": request.org.slug}))


def certificate_exam_date(certificate: Certificate) -> datetime:
    """A certificate is dated by its exam: when the sitting finished (when it started for a
    certificate whose sitting kept no end), never by the sign-off, which may come days later."""
    session = certificate.session
    return session.finished_at or certificate.taken_at or session.started_at


@public_view
@require_GET
def certificate_verify(request: HttpRequest, code: str) -> HttpResponse:
    certificate = (
        Certificate.objects.select_related("trainee", "organisation", "signed_off_by", "drill_set", "session")
        .filter(code=code)
        .first()
    )
    if certificate is None:
        return render(request, "progress/certificate_verify.html", {"certificate": None}, status=404)
    context = {"certificate": certificate, "exam_date": certificate_exam_date(certificate)}
    return render(request, "progress/certificate_verify.html", context)


# --- exports ----------------------------------------------------------------------------------------

EXPORT_ERRORS = {
    exports.ERROR_FILE: lambda: _(
        "The file could not be written. Please try again or ask your administrator."
    ),
    exports.ERROR_DATABASE: lambda: _(
        "The database could not be reached. Please try again in a few minutes."
    ),
    exports.ERROR_STALLED: lambda: _(
        "The file was started several times but never finished (the background worker stopped). "
        "Please try again; if it happens again, ask your administrator."
    ),
    exports.ERROR_TIME_LIMIT: lambda: (
        _(
            "The file took longer than its time limit (%(minutes)s min) and was stopped. Please export "
            "a shorter period."
        )
        % {"minutes": time_limit_minutes()}
    ),
}


def _jobs(request: OrgHttpRequest) -> list[ExportJob]:
    jobs = list(ExportJob.objects.filter(organisation=request.org).select_related("requested_by")[:10])
    for job in jobs:
        job.error_text = (  # type: ignore[attr-defined]  # read by the template
            EXPORT_ERRORS.get(job.error, EXPORT_ERRORS[exports.ERROR_FILE])() if job.error else ""
        )
    return jobs


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def exports_page(request: OrgHttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = ExportForm(request.POST, organisation=request.org)
        if form.is_valid():
            job = export_job_create(
                organisation=request.org, requested_by=request.user, filters=form.filters()
            )
            messages.success(request, _("Your file is being prepared. It appears below when it is ready."))
            if request.htmx:
                return render(
                    request,
                    "progress/exports.html#panel",
                    {"form": ExportForm(organisation=request.org), "jobs": _jobs(request), "new_job": job.pk},
                )
            return redirect("progress:exports", org_slug=request.org.slug)
        template = "progress/exports.html#panel" if request.htmx else "progress/exports.html"
        return render(request, template, {"form": form, "jobs": _jobs(request)}, status=INVALID)
    return render(
        request,
        "progress/exports.html",
        {"form": ExportForm(organisation=request.org), "jobs": _jobs(request)},
    )


@org_view(roles=STAFF_ROLES)
@require_GET
def export_stream(request: OrgHttpRequest) -> HttpResponseBase:
    """The CSV streamed straight to the browser, row by row (constant memory)."""
    form = ExportForm(request.GET, organisation=request.org)
    if not form.is_valid():
        return render(
            request, "progress/exports.html", {"form": form, "jobs": _jobs(request)}, status=INVALID
        )
    filters = form.filters()
    rows = exports.count(request.org, filters)
    if rows > settings.EXPORT_STREAM_MAX_ROWS:
        # A download that long would hold a web thread for minutes: the background job writes it.
        form.add_error(
            None,
            _(
                "This export has %(rows)s rows, more than the %(limit)s that can be downloaded "
                "directly. Use “Prepare the file”: it is written in the background and linked below."
            )
            % {"rows": f"{rows:,}", "limit": f"{settings.EXPORT_STREAM_MAX_ROWS:,}"},
        )
        return render(
            request, "progress/exports.html", {"form": form, "jobs": _jobs(request)}, status=INVALID
        )
    response = StreamingHttpResponse(
        exports.csv_lines(exports.columns(filters.kind), exports.rows(request.org, filters)),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filters.filename(request.org)}"'
    return response


@org_view(roles=STAFF_ROLES)
@require_GET
def export_status(request: OrgHttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(ExportJob.objects.select_related("requested_by"), organisation=request.org, pk=pk)
    # Read by the template.
    job.error_text = EXPORT_ERRORS.get(job.error, EXPORT_ERRORS[exports.ERROR_FILE])() if job.error else ""  # type: ignore[attr-defined]
    template = "progress/exports.html#job" if request.htmx else "progress/export_status.html"
    return render(request, template, {"job": job})


@org_view(roles=STAFF_ROLES)
@require_GET
def export_download(request: OrgHttpRequest, pk: int) -> HttpResponseBase:
    job = get_object_or_404(ExportJob, organisation=request.org, pk=pk)
    path = exports.export_job_path(job)
    if path is None:
        raise Http404(_("This export is not ready, or its file is no longer kept."))
    assert job.file.name is not None  # export_job_path found the file
    filename = job.file.name.rsplit("/", 1)[-1]
    return FileResponse(open(path, "rb"), as_attachment=True, filename=filename, content_type="text/csv")
