"""Scenario.rules_pinned: new scenarios follow the house rules; existing ones are pinned.

Every scenario saved before this field was solved with the rules in its own document, so the
existing rows get True and their trainees' answers stay as they were; the default for scenarios
made from now on is False (they follow the organisation's house rules).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scenarios", "0006_import_job_counts"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenario",
            name="rules_pinned",
            field=models.BooleanField(default=True, verbose_name="rules pinned by the author"),
        ),
        migrations.AlterField(
            model_name="scenario",
            name="rules_pinned",
            field=models.BooleanField(default=False, verbose_name="rules pinned by the author"),
        ),
    ]
