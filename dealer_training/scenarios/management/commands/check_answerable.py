"""manage.py check_answerable [--org SLUG] [--language ja]: list the authored scenarios whose answer
trainees cannot work out from the table they are shown, with the reason."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.answerability import unanswerable_scenarios
from dealer_training.scenarios.selectors import scenarios_to_check


class Command(BaseCommand):
    help = (
        "List the published and draft scenarios whose answer cannot be worked out from the table "
        "trainees are shown, with what the table does not show."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--org", help="only this organisation (its address, the slug)")
        parser.add_argument("--language", choices=["en", "ja"], default="en", help="language of the reasons")
        parser.add_argument(
            "--fail", action="store_true", help="exit with status 1 when any scenario fails (for scripts)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        organisation = None
        if options["org"]:
            organisation = Organisation.objects.filter(slug=options["org"]).first()
            if organisation is None:
                raise CommandError(f"No organisation with the address {options['org']!r}.")
        scenarios = list(scenarios_to_check(organisation=organisation))
        failing = unanswerable_scenarios(scenarios)
        with translation.override(options["language"]):
            for row in failing:
                scenario = row.scenario
                reasons = " ".join(row.messages(options["language"]))
                where = f"{scenario.organisation.slug} #{scenario.pk} {scenario.title!r} ({scenario.status})"
                self.stdout.write(f"{where}: {reasons}")
        total = f"{len(failing)} of {len(scenarios)} scenarios"
        self.stdout.write(f"{total} cannot be worked out from the table.")
        if failing and options["fail"]:
            raise SystemExit(1)
