"""manage.py org_backup --org SLUG --output FILE: one organisation's data as a JSON backup."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dealer_training.progress.backup import BackupError, organisation_backup


class Command(BaseCommand):
    help = "Write one organisation's data (people, scenarios, drills, attempts, certificates) to a JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--org", required=True, help="the organisation's address (slug)")
        parser.add_argument("--output", required=True, help="the file to write ('-': standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = organisation_backup(slug=options["org"])
        except BackupError as err:
            raise CommandError(str(err)) from None
        text = json.dumps(document, ensure_ascii=False, indent=1)
        if options["output"] == "-":
            self.stdout.write(text)
            return
        with open(options["output"], "w", encoding="utf-8") as handle:
            handle.write(text)
        rows = sum(document["counts"].values())
        self.stderr.write(f"{options['org']}: {rows} rows written to {options['output']}")
