"""The unsent-task table moved from progress to infra: rows kept while the broker was down survive."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("progress", "0004_export_job_heartbeat"), ("infra", "0001_initial")]
AFTER = [("progress", "0005_unsent_task_to_infra")]
KEPT_AT = datetime(2026, 11, 1, 9, 30, tzinfo=UTC)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before_the_move(transactional_db):
    """The database as it was before the move; migrated forward to the latest state afterwards."""
    yield _migrate(BEFORE)
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_unsent_tasks_kept_in_progress_are_moved_to_infra_in_order_with_their_dates(before_the_move):
    old = before_the_move.get_model("progress", "UnsentTask")
    old.objects.create(task="dealer_training.accounts.tasks.email_send", kwargs={"to": ["a@example.com"]})
    old.objects.create(task="dealer_training.scenarios.tasks.import_run", kwargs={"job_id": 7})
    old.objects.update(created_at=KEPT_AT)

    apps = _migrate(AFTER)

    new = apps.get_model("infra", "UnsentTask")
    rows = list(new.objects.order_by("pk").values_list("task", "kwargs", "created_at"))
    assert rows == [
        ("dealer_training.accounts.tasks.email_send", {"to": ["a@example.com"]}, KEPT_AT),
        ("dealer_training.scenarios.tasks.import_run", {"job_id": 7}, KEPT_AT),
    ]
    assert "progress_unsenttask" not in connection.introspection.table_names()


def test_going_back_puts_the_unsent_tasks_in_progress_again(before_the_move):
    apps = _migrate(AFTER)
    apps.get_model("infra", "UnsentTask").objects.create(task="t", kwargs={"job_id": 1})

    apps = _migrate(BEFORE)

    assert list(apps.get_model("progress", "UnsentTask").objects.values_list("task", "kwargs")) == [
        ("t", {"job_id": 1})
    ]
    assert not apps.get_model("infra", "UnsentTask").objects.exists()
