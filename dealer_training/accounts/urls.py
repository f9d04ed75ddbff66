from django.urls import include, path

from . import cohorts, views

app_name = "accounts"

# Pages of one organisation, under /o/<org_slug>/ (other apps mount theirs the same way).
org_urlpatterns = [
    path("", views.org_home, name="org_home"),
    path("members/", views.members, name="members"),
    path("members/<int:pk>/role/", views.member_role, name="member_role"),
    path("members/<int:pk>/remove/", views.member_remove, name="member_remove"),
    path("members/<int:pk>/restore/", views.member_restore, name="member_restore"),
    path("members/invites/", views.invite_create, name="invite_create"),
    path("members/invites/<int:pk>/revoke/", views.invite_revoke, name="invite_revoke"),
    path("house-rules/", views.house_rules, name="house_rules"),
    path("cohorts/", cohorts.cohorts, name="cohorts"),
    path("cohorts/<int:pk>/", cohorts.cohort_detail, name="cohort"),
    path("cohorts/<int:pk>/members/", cohorts.cohort_member_add_view, name="cohort_member_add"),
    path(
        "cohorts/<int:pk>/members/<int:membership_pk>/remove/",
        cohorts.cohort_member_remove_view,
        name="cohort_member_remove",
    ),
    path("cohorts/<int:pk>/delete/", cohorts.cohort_delete, name="cohort_delete"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", views.login, name="login"),
    path("accounts/logout/", views.logout, name="logout"),
    path("accounts/password/change/", views.password_change, name="password_change"),
    path("accounts/password/change/done/", views.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", views.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", views.password_reset_done, name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("accounts/password/reset/complete/", views.password_reset_complete, name="password_reset_complete"),
    path("orgs/", views.choose_org, name="choose_org"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join_code, name="join_code"),
    path("o/<slug:org_slug>/", include(org_urlpatterns)),
]
