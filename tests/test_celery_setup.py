"""Celery plumbing: every task has a time limit, and workers log through Django's LOGGING."""

import logging

import pytest
from celery.app.log import Logging
from django.conf import settings

from dealer_training.celery import app as celery_app
from dealer_training.progress import tasks as progress_tasks
from dealer_training.scenarios import tasks as scenario_tasks

PROBE = "dealer_training.tests.logging_probe"


def _project_tasks():
    celery_app.loader.import_default_modules()  # autodiscovered tasks.py modules
    return [task for name, task in celery_app.tasks.items() if name.startswith("dealer_training.")]


def test_every_task_has_a_soft_time_limit_below_its_hard_one():
    conf = celery_app.conf
    assert conf.task_soft_time_limit == settings.CELERY_TASK_SOFT_TIME_LIMIT
    assert conf.task_time_limit == settings.CELERY_TASK_TIME_LIMIT
    tasks = _project_tasks()
    assert len(tasks) >= 10
    for task in tasks:
        soft = task.soft_time_limit or conf.task_soft_time_limit
        hard = task.time_limit or conf.task_time_limit
        assert soft, task.name
        assert hard, task.name
        assert soft < hard, task.name


def test_imports_and_exports_may_run_longer_than_other_tasks():
    for task in (scenario_tasks.import_run, progress_tasks.export_run):
        assert task.soft_time_limit == settings.JOBS_SOFT_TIME_LIMIT
        assert task.time_limit == settings.JOBS_TIME_LIMIT
        assert settings.CELERY_TASK_SOFT_TIME_LIMIT < task.soft_time_limit < task.time_limit


def test_workers_keep_the_root_logger_django_configured():
    assert celery_app.conf.worker_hijack_root_logger is False


@pytest.fixture
def fresh_celery_logging(monkeypatch):
    """Let Celery set its logging up once more in this process, as a starting worker does."""
    monkeypatch.setattr(Logging, "_setup", False)
    yield
    logging.getLogger(PROBE).setLevel(logging.NOTSET)


def test_a_starting_worker_configures_logging_from_django_settings(settings, fresh_celery_logging):
    root = logging.getLogger()
    settings.LOGGING = {
        **settings.LOGGING,
        "loggers": {PROBE: {"level": "ERROR"}},
    }
    celery_app.log.setup_logging_subsystem(loglevel="DEBUG")
    assert logging.getLogger(PROBE).level == logging.ERROR  # Django's LOGGING was applied
    assert root.level == logging.getLevelName(settings.LOGGING["root"]["level"])  # not Celery's DEBUG
    assert any(isinstance(h, logging.StreamHandler) for h in root.handlers)
