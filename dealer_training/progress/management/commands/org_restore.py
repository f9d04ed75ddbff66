"""manage.py org_restore FILE: load an organisation backup (all of it or nothing)."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dealer_training.progress.backup import BackupError, organisation_restore
from dealer_training.progress.rollups import rollups_rebuild_trainee


class Command(BaseCommand):
    help = "Restore an organisation from a file written by org_backup, then rebuild its progress rollups."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise CommandError(f"The backup cannot be read: {err}") from None
        try:
            restored = organisation_restore(document)
        except BackupError as err:
            raise CommandError(str(err)) from None
        org = restored.organisation
        for trainee_id in set(org.memberships.values_list("user_id", flat=True)):
            rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee_id)
        rows = sum(restored.counts.values())
        self.stdout.write(f"{org.slug}: {rows} rows restored ({restored.people_kept} existing accounts kept)")
