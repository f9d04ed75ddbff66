"""The rules reference, mounted at /o/<org_slug>/rules/ (its links are ``rules:reference#anchor``)."""

from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.rules_reference, name="reference"),
]
