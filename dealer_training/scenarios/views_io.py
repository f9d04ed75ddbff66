"""Import and export pages: uploads become import jobs run by Celery; exports are downloads."""

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.pagination import paginate

from . import exports
from .forms import ExportForm, ImportForm
from .import_files import MAX_UPLOAD_BYTES
from .import_jobs import import_job_create
from .import_messages import problem_message, problem_place, unanswerable_rows
from .models import ImportJob
from .selectors import export_scenarios, import_jobs_for_organisation

INVALID = 422
TOO_LARGE = 413


def _job_rows(job: ImportJob) -> list[dict[str, Any]]:
    rows = []
    for result in job.results or []:
        if not isinstance(result, dict):
            continue
        row: dict[str, Any] = {
            "file": result.get("file", ""),
            "ok": bool(result.get("ok")),
            "skipped": bool(result.get("skipped")),
            "count": len(result.get("scenarios") or []),
            "hand_walk": bool(result.get("hand_walk")),
            "drill_set": result.get("drill_set"),
            "drill_set_title": result.get("title"),
            "items": result.get("items"),
            "items_skipped": result.get("items_skipped") or 0,
            "exam_rules_ignored": bool(result.get("exam_rules_ignored")),
            "unanswerable": unanswerable_rows(result),
            "published": bool((job.options or {}).get("publish")),
        }
        if result.get("error"):
            row["message"] = problem_message(result["error"])
            row["place"] = problem_place(result["error"])
        rows.append(row)
    return rows


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def import_upload(request: OrgHttpRequest) -> HttpResponse:
    status = 200
    form = ImportForm()
    refused = None
    if request.method == "POST":
        length = request.META.get("CONTENT_LENGTH") or "0"
        if length.isdigit() and int(length) > MAX_UPLOAD_BYTES + 100_000:
            # Refused from its announced size, before the body is read.
            refused = _("The upload is larger than %(limit)s MB. Split it into smaller zip files.") % {
                "limit": MAX_UPLOAD_BYTES // 1_000_000
            }
            status = TOO_LARGE
        else:
            form = ImportForm(request.POST, request.FILES)
            if form.is_valid():
                upload = form.cleaned_data["file"]
                job = import_job_create(
                    organisation=request.org,
                    user=request.user,
                    filename=upload.name or "upload",
                    payload=upload.read(),
                    options={
                        "publish": form.cleaned_data["publish"],
                        "skill": form.cleaned_data["skill"],
                        "points": form.cleaned_data["points"],
                        "hand_walk": form.cleaned_data["hand_walk"],
                        "language": get_language() or "ja",
                    },
                )
                return redirect("scenarios:import_job", org_slug=request.org.slug, pk=job.pk)
            status = INVALID
    page = paginate(request, import_jobs_for_organisation(organisation=request.org, limit=None))
    context = {"form": form, "refused": refused, "jobs": page.object_list, "page": page}
    return render(request, "scenarios/import.html", context, status=status)


@org_view(roles=STAFF_ROLES)
@require_GET
def import_job(request: OrgHttpRequest, pk: int) -> HttpResponse:
    job = ImportJob.objects.filter(organisation=request.org, pk=pk).defer("payload").first()
    if job is None:
        raise Http404("No such import.")
    rows = _job_rows(job)
    context = {
        "job": job,
        "rows": rows,
        "finished": job.status in (ImportJob.Status.DONE, ImportJob.Status.FAILED),
        "kept": sum(r["count"] for r in rows if r["ok"]),
        "failed": sum(1 for r in rows if not r["ok"] and not r["skipped"]),
        "percent": int(100 * job.processed / job.total) if job.total else 0,
    }
    template = "scenarios/import_job.html#progress" if request.htmx else "scenarios/import_job.html"
    return render(request, template, context)


@org_view(roles=STAFF_ROLES)
@require_GET
def export(request: OrgHttpRequest) -> HttpResponse:
    form = ExportForm(request.GET if "scope" in request.GET else None, organisation=request.org)
    if not form.is_bound:
        return render(request, "scenarios/export.html", {"form": form})
    if not form.is_valid():
        return render(request, "scenarios/export.html", {"form": form}, status=INVALID)
    scope, encoding = form.cleaned_data["scope"], form.cleaned_data["encoding"]
    drill_set = form.cleaned_data.get("drill_set") if scope == "drill_set" else None
    scenarios = export_scenarios(organisation=request.org, scope=scope, drill_set=drill_set)
    if not scenarios and drill_set is None:
        form.add_error(None, _("There is no scenario to export."))
        return render(request, "scenarios/export.html", {"form": form}, status=INVALID)
    content = exports.export_zip(scenarios, encoding=encoding, drill_set=drill_set)
    response = HttpResponse(content, content_type="application/zip")
    response["Content-Disposition"] = exports.zip_attachment(
        drill_set=drill_set, organisation_slug=request.org.slug, encoding=encoding
    )
    return response
