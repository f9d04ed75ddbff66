from django.contrib import admin

from .models import Assignment, DrillSet, DrillSetItem, ImportJob, Scenario, ScenarioVersion


class ScenarioVersionInline(admin.TabularInline[ScenarioVersion, Scenario]):
    model = ScenarioVersion
    extra = 0
    fields = readonly_fields = ("number", "kind", "created_by", "created_at")
    can_delete = False
    show_change_link = True


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin[Scenario]):
    list_display = ["title", "organisation", "variant", "skill", "status", "updated_at"]
    list_filter = ["organisation", "status", "variant", "skill"]
    search_fields = ["title", "notes"]
    raw_id_fields = ["current_version", "varied_from", "created_by"]
    inlines = [ScenarioVersionInline]


@admin.register(ScenarioVersion)
class ScenarioVersionAdmin(admin.ModelAdmin[ScenarioVersion]):
    list_display = ["scenario", "number", "kind", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["scenario", "created_by"]


class DrillSetItemInline(admin.TabularInline[DrillSetItem, DrillSet]):
    model = DrillSetItem
    extra = 0
    raw_id_fields = ["scenario"]


@admin.register(DrillSet)
class DrillSetAdmin(admin.ModelAdmin[DrillSet]):
    list_display = ["title", "organisation", "is_exam", "updated_at"]
    list_filter = ["organisation", "is_exam"]
    search_fields = ["title"]
    inlines = [DrillSetItemInline]


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin[Assignment]):
    list_display = ["drill_set", "trainee", "cohort", "due_at", "organisation"]
    list_filter = ["organisation"]
    raw_id_fields = ["drill_set", "trainee", "cohort", "assigned_by"]


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin[ImportJob]):
    list_display = ["filename", "organisation", "status", "processed", "total", "created_at"]
    list_filter = ["status", "organisation"]
    exclude = ["payload"]
    readonly_fields = ["results"]
