from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.utils.translation import gettext_lazy as _

from .models import Cohort, Invite, Membership, Organisation, User


class UserCreationAdminForm(AdminUserCreationForm[User]):
    class Meta:
        model = User
        fields = ("email",)


class UserChangeAdminForm(UserChangeForm[User]):
    class Meta:
        model = User
        fields = "__all__"


class MembershipInline(admin.TabularInline[Membership, User]):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(User)
class UserAdmin(BaseUserAdmin[User]):
    form = UserChangeAdminForm
    add_form = UserCreationAdminForm
    ordering = ["email"]
    list_display = ["email", "name", "is_staff", "is_active", "date_joined"]
    list_filter = ["is_staff", "is_superuser", "is_active"]
    search_fields = ["email", "name"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Personal info"), {"fields": ("name",)}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {"classes": ("wide",), "fields": ("email", "name", "usable_password", "password1", "password2")},
        ),
    )


@admin.register(Organisation)
class OrganisationAdmin(admin.ModelAdmin[Organisation]):
    list_display = ["name", "slug", "ruleset", "ante", "bring_in", "small_bet", "big_bet", "max_bets"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["user", "organisation", "role", "created_at", "removed_at"]
    list_filter = ["role", "organisation"]
    search_fields = ["user__email", "organisation__name"]
    autocomplete_fields = ["user", "organisation"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin[Invite]):
    list_display = ["code", "organisation", "role", "created_by", "expires_at", "used_by", "used_at"]
    list_filter = ["role", "organisation"]
    search_fields = ["code", "organisation__name"]
    raw_id_fields = ["created_by", "used_by"]


@admin.register(Cohort)
class CohortAdmin(admin.ModelAdmin[Cohort]):
    list_display = ["name", "organisation", "created_at"]
    list_filter = ["organisation"]
    search_fields = ["name"]
    filter_horizontal = ["members"]
