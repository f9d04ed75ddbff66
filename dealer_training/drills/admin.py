from typing import TypeVar

from django.contrib import admin
from django.db import models
from django.http import HttpRequest

from .models import Attempt, Certificate, DrillSession, Question, ReviewCard, TrainingSettings

_M = TypeVar("_M", bound=models.Model)


class ReadOnlyAdmin(admin.ModelAdmin[_M]):
    """Records of what trainees did: visible to staff, never edited or deleted by hand."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(TrainingSettings)
class TrainingSettingsAdmin(admin.ModelAdmin[TrainingSettings]):
    list_display = ["organisation", "mastery_accuracy", "exam_pass_accuracy"]


@admin.register(DrillSession)
class DrillSessionAdmin(ReadOnlyAdmin[DrillSession]):
    list_display = [
        "trainee",
        "organisation",
        "mode",
        "skill",
        "variant",
        "started_at",
        "finished_at",
        "outcome",
    ]
    list_filter = ["organisation", "mode", "outcome"]


@admin.register(Question)
class QuestionAdmin(ReadOnlyAdmin[Question]):
    list_display = ["session", "position", "kind", "skill", "variant", "issued_at"]
    list_filter = ["kind"]


@admin.register(Attempt)
class AttemptAdmin(ReadOnlyAdmin[Attempt]):
    list_display = ["trainee", "organisation", "kind", "skill", "variant", "correct", "time_ms", "created_at"]
    list_filter = ["organisation", "mode", "correct", "skill", "judge_version"]
    date_hierarchy = "created_at"


@admin.register(ReviewCard)
class ReviewCardAdmin(ReadOnlyAdmin[ReviewCard]):
    list_display = ["trainee", "organisation", "skill", "variant", "scenario", "due_at"]


@admin.register(Certificate)
class CertificateAdmin(admin.ModelAdmin[Certificate]):
    list_display = ["title", "trainee", "organisation", "accuracy", "taken_at", "signed_off_by", "revoked_at"]
    list_filter = ["organisation"]
    # What was sat is a record; only the sign-off and the revoking are decisions.
    readonly_fields = [
        "code",
        "session",
        "drill_set",
        "accuracy",
        "average_seconds",
        "items",
        "issued_at",
        "taken_at",
        "total_seconds",
        "pass_accuracy",
        "pass_seconds",
        "item_record",
    ]
