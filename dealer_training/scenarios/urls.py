from django.urls import path

from . import views, views_io, views_other, views_rules, views_sets, views_trash

app_name = "scenarios"

urlpatterns = [
    path("", views.scenario_list, name="list"),
    path("new/", views.scenario_create, name="create"),
    path("house-rules-check/", views_rules.house_rules_check, name="house_rules_check"),
    path("new/<str:game>/", views_other.other_create, name="other_create"),
    path("<int:pk>/game/", views_other.other_edit, name="other_edit"),
    path("answerability/", views.scenario_answerability, name="answerability"),
    path("<int:pk>/", views.scenario_edit, name="edit"),
    path("<int:pk>/status/", views.scenario_status, name="status"),
    path("<int:pk>/delete/", views_trash.scenario_delete, name="delete"),
    path("<int:pk>/vary/", views.scenario_vary, name="vary"),
    path("<int:pk>/export/", views.scenario_export, name="export_one"),
    path("import/", views_io.import_upload, name="import"),
    path("import/<int:pk>/", views_io.import_job, name="import_job"),
    path("export/", views_io.export, name="export"),
    path("sets/", views_sets.drill_sets, name="drill_sets"),
    path("sets/<int:pk>/", views_sets.drill_set_detail, name="drill_set"),
    path("sets/<int:pk>/items/", views_sets.drill_set_item_add, name="drill_set_item_add"),
    path(
        "sets/<int:pk>/items/<int:item_pk>/move/", views_sets.drill_set_item_move, name="drill_set_item_move"
    ),
    path(
        "sets/<int:pk>/items/<int:item_pk>/remove/",
        views_sets.drill_set_item_remove,
        name="drill_set_item_remove",
    ),
    path("sets/<int:pk>/delete/", views_trash.drill_set_delete, name="drill_set_delete"),
    path("assignments/", views_sets.assignments, name="assignments"),
    path("assignments/<int:pk>/delete/", views_trash.assignment_delete, name="assignment_delete"),
    path("trash/", views_trash.trash, name="trash"),
    path("trash/<str:kind>/<int:pk>/restore/", views_trash.trash_restore, name="trash_restore"),
]
