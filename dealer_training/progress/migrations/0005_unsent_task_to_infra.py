"""The unsent-task table moves to the infrastructure app (which imports no app, so queueing a task
no longer reaches progress): its rows are copied to infra's table, in order, then it is dropped."""

from django.db import migrations


def _copy(apps, schema_editor, source, target):
    old = apps.get_model(*source)._meta.db_table
    new = apps.get_model(*target)._meta.db_table
    q = schema_editor.quote_name
    columns = ", ".join(q(name) for name in ("task", "kwargs", "created_at"))
    # Plain SQL keeps created_at as it is (a model save would stamp it with now).
    schema_editor.execute(
        f"INSERT INTO {q(new)} ({columns}) SELECT {columns} FROM {q(old)} ORDER BY {q('id')}"
    )


def copy_to_infra(apps, schema_editor):
    _copy(apps, schema_editor, ("progress", "UnsentTask"), ("infra", "UnsentTask"))


def copy_back(apps, schema_editor):
    _copy(apps, schema_editor, ("infra", "UnsentTask"), ("progress", "UnsentTask"))
    apps.get_model("infra", "UnsentTask").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("progress", "0004_export_job_heartbeat"),
        ("infra", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(copy_to_infra, copy_back),
        migrations.DeleteModel(name="UnsentTask"),
    ]
