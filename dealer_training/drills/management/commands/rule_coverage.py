"""manage.py rule_coverage: find which drills exercise each cited rule and keep it in the shared
cache for the rules reference (run once per release; the page otherwise works it out on its
first visit, which takes a few seconds)."""

import time
from typing import Any

from django.core.management.base import BaseCommand

from dealer_training.drills.rule_coverage import rule_coverage
from games.core.citations import CITATIONS


class Command(BaseCommand):
    help = "Work out which drills exercise each rule the answers cite, for the rules reference page."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        coverage = rule_coverage()
        seconds = time.perf_counter() - started
        uncited = [key for key in CITATIONS if key not in coverage]
        cited = len(CITATIONS) - len(uncited)
        self.stdout.write(f"{cited} of {len(CITATIONS)} rules are cited by drills ({seconds:.1f} s).")
        for key in uncited:
            self.stdout.write(f"not cited by any drill: {key}")
