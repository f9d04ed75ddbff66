"""Item analysis pages, mounted at o/<org_slug>/items/ (namespace ``items``)."""

from django.urls import path

from . import item_views

app_name = "items"

urlpatterns = [
    path("", item_views.item_list, name="list"),
    path("<int:pk>/", item_views.item_detail, name="detail"),
    path("exams/<int:pk>/", item_views.exam_items, name="exam"),
]
