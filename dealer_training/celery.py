"""Celery application: configuration comes from Django settings prefixed with CELERY_."""

import os
from logging.config import dictConfig
from typing import Any

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_training.settings.dev")

app = Celery("dealer_training")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds tasks.py in every installed app. With Django present Celery's task class is
# DjangoTask, which adds delay_on_commit(): tasks are queued only once the transaction commits.
app.autodiscover_tasks()


@setup_logging.connect
def configure_logging(**kwargs: Any) -> None:
    """Workers and beat log as the web does: with this receiver connected Celery leaves logging
    alone, and Django's LOGGING setting configures it."""
    from django.conf import settings

    dictConfig(settings.LOGGING)
