from django.contrib import admin

from .models import DailyRollup, ExportJob, SkillProgress


@admin.register(DailyRollup)
class DailyRollupAdmin(admin.ModelAdmin[DailyRollup]):
    list_display = ["trainee", "organisation", "skill", "variant", "day", "attempts", "correct"]
    list_filter = ["organisation", "skill", "variant"]
    date_hierarchy = "day"


@admin.register(SkillProgress)
class SkillProgressAdmin(admin.ModelAdmin[SkillProgress]):
    list_display = ["trainee", "organisation", "skill", "variant", "attempts", "correct", "mastered_at"]
    list_filter = ["organisation", "skill", "variant"]


@admin.register(ExportJob)
class ExportJobAdmin(admin.ModelAdmin[ExportJob]):
    list_display = ["kind", "organisation", "status", "done", "total", "created_at"]
    list_filter = ["status", "organisation"]
