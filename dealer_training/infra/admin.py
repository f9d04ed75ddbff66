from django.contrib import admin

from .models import UnsentTask


@admin.register(UnsentTask)
class UnsentTaskAdmin(admin.ModelAdmin[UnsentTask]):
    list_display = ["task", "created_at"]
    readonly_fields = ["task", "kwargs", "created_at"]
