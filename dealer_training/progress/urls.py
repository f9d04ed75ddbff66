"""Progress URLs. Mounted at the site root: organisation pages live under /o/<org_slug>/progress/,
and the public certificate check, which belongs to no organisation session, at /certificates/."""

from django.urls import path

from . import attempt_views, views

app_name = "progress"

ORG = "o/<slug:org_slug>/progress/"

urlpatterns = [
    path(f"{ORG}me/", views.me, name="me"),
    path(f"{ORG}cohort/", views.cohort_report, name="cohort_report"),
    path(f"{ORG}trainees/<int:trainee_id>/", views.trainee_detail, name="trainee_detail"),
    path(
        f"{ORG}trainees/<int:trainee_id>/answers/<int:attempt_id>/",
        attempt_views.trainee_attempt,
        name="trainee_attempt",
    ),
    path(f"{ORG}certificates/", views.certificates, name="certificates"),
    path(
        f"{ORG}certificates/exams/<int:session_id>/sign-off/", views.certificate_sign, name="certificate_sign"
    ),
    path(f"{ORG}certificates/<int:pk>/revoke/", views.certificate_revoke_view, name="certificate_revoke"),
    path(f"{ORG}exports/", views.exports_page, name="exports"),
    path(f"{ORG}exports/csv/", views.export_stream, name="export_stream"),
    path(f"{ORG}exports/<int:pk>/", views.export_status, name="export_status"),
    path(f"{ORG}exports/<int:pk>/download/", views.export_download, name="export_download"),
    path("certificates/<str:code>/", views.certificate_verify, name="certificate_verify"),
]
