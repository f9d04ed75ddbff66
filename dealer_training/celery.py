"""Celery application: configuration comes from Django settings prefixed with CELERY_."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_training.settings.dev")

app = Celery("dealer_training")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds tasks.py in every installed app. With Django present Celery's task class is
# DjangoTask, which adds delay_on_commit(): tasks are queued only once the transaction commits.
app.autodiscover_tasks()
