from django.urls import path

from . import views

app_name = "drills"

urlpatterns = [
    path("", views.index, name="index"),
    path("start/", views.start, name="start"),
    path("deck/", views.deck, name="deck"),
    path("ten-card-stud/", views.tenstud_deal, name="tenstud_deal"),
    path("s/<int:session_id>/", views.play, name="play"),
    path("s/<int:session_id>/result/", views.result, name="result"),
    path("s/<int:session_id>/abandon/", views.abandon, name="abandon"),
    path("s/<int:session_id>/end/", views.end, name="end"),
    path("s/<int:session_id>/retry-misses/", views.retry_misses, name="retry_misses"),
    path("weak-skills/", views.weak_skills, name="weak_skills"),
    path("q/<int:question_id>/", views.question_detail, name="question"),
    path("q/<int:question_id>/answer/", views.answer, name="answer"),
    path("q/<int:question_id>/hint/", views.hint, name="hint"),
]
