"""manage.py rescore_attempts: judge stored answers again after a change to judging.

Attempts keep the verdict given when they were stored, with the judge's version
(``dealer_training.drills.verdicts``). After a release that bumps ``games.questions.judge.JUDGE_VERSION``,
this command judges the attempts of older versions again and stores the new verdict, right/wrong
and score; the trainees' rollups whose answers changed are rebuilt after each batch commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from dealer_training.accounts.models import Organisation
from dealer_training.drills.models import Attempt, Mode
from dealer_training.drills.signals import attempts_rescored
from dealer_training.drills.verdicts import BATCH_SIZE, JUDGE_VERSION, judged, verdict_columns

COLUMNS = ["verdict", "judge_version", "correct", "score"]


@dataclass
class Tally:
    checked: int = 0
    became_wrong: int = 0
    became_right: int = 0
    score_changed: int = 0  # right/wrong the same, the score not
    unjudgeable: int = 0

    @property
    def changed(self) -> int:
        return self.became_wrong + self.became_right + self.score_changed


class Command(BaseCommand):
    help = (
        "Judge stored answers again with the current judging rules: the attempts judged by an older "
        f"version of the judge (now version {JUDGE_VERSION}), or all with --all. Stores the new "
        "verdict, right/wrong and score, and rebuilds the rollups of trainees whose answers changed. "
        "Exam answers are skipped unless --include-exams (a running sitting's never): re-scoring a "
        "finished exam changes its mark, and certificates are NOT re-issued or revoked automatically."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all", action="store_true", help="judge every attempt again, not only those of older versions"
        )
        parser.add_argument("--organisation", metavar="SLUG", help="only this organisation's attempts")
        parser.add_argument(
            "--since", metavar="YYYY-MM-DD", help="only attempts answered on or after this day (site time)"
        )
        parser.add_argument(
            "--include-exams",
            action="store_true",
            help="re-score the answers of ended exam sittings too (certificates are not re-issued)",
        )
        parser.add_argument("--dry-run", action="store_true", help="report what would change, write nothing")
        parser.add_argument(
            "--batch-size", type=int, default=BATCH_SIZE, help="attempts written per transaction"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        batch_size = options["batch_size"]
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1.")
        attempts = self._selected(options)
        exams = attempts.filter(mode=Mode.EXAM)
        if options["include_exams"]:
            # A sitting still running is never touched: its answers are not shown or counted yet.
            skipped = exams.filter(session__finished_at__isnull=True).count()
            attempts = attempts.exclude(mode=Mode.EXAM, session__finished_at__isnull=True)
        else:
            skipped = exams.count()
            attempts = attempts.exclude(mode=Mode.EXAM)
        tally = self._rescore(attempts, batch_size=batch_size, write=not options["dry_run"])
        self._report(tally, skipped=skipped, options=options)

    def _selected(self, options: dict[str, Any]) -> QuerySet[Attempt]:
        attempts = Attempt.objects.all()
        if not options["all"]:
            attempts = attempts.filter(judge_version__lt=JUDGE_VERSION)
        slug = options["organisation"]
        if slug is not None:
            organisation = Organisation.objects.filter(slug=slug).first()
            if organisation is None:
                raise CommandError(f"There is no organisation {slug!r}.")
            attempts = attempts.filter(organisation=organisation)
        since = options["since"]
        if since is not None:
            try:
                day = date.fromisoformat(since)
            except ValueError:
                raise CommandError(f"--since {since!r} is not a date like 2026-03-31.") from None
            start = timezone.make_aware(datetime.combine(day, time.min))
            attempts = attempts.filter(created_at__gte=start)
        return attempts

    def _rescore(self, attempts: QuerySet[Attempt], *, batch_size: int, write: bool) -> Tally:
        tally = Tally()
        rows = (
            attempts.select_related("question")
            .only(
                "id",
                "organisation_id",
                "trainee_id",
                "answer",
                "correct",
                "score",
                "verdict",
                "judge_version",
                "question__expected",
                "question__fields",
            )
            .order_by("pk")
        )
        batch: list[Attempt] = []
        trainees: set[tuple[int, int]] = set()
        for attempt in rows.iterator(chunk_size=batch_size):
            tally.checked += 1
            verdict = judged(attempt.question.expected, attempt.answer, attempt.question.fields)
            if verdict is None:
                tally.unjudgeable += 1
                continue
            columns = verdict_columns(verdict)
            if columns["correct"] != attempt.correct:
                if columns["correct"]:
                    tally.became_right += 1
                else:
                    tally.became_wrong += 1
                trainees.add((attempt.organisation_id, attempt.trainee_id))
            elif round(columns["score"], 4) != round(attempt.score, 4):
                tally.score_changed += 1
            if not write:
                continue
            for name, value in columns.items():
                setattr(attempt, name, value)
            batch.append(attempt)
            if len(batch) >= batch_size:
                self._write(batch, trainees)
                batch, trainees = [], set()
        if batch:
            self._write(batch, trainees)
        return tally

    @staticmethod
    def _write(batch: list[Attempt], trainees: set[tuple[int, int]]) -> None:
        with transaction.atomic():
            Attempt.objects.bulk_update(batch, COLUMNS)
            if trainees:
                attempts_rescored.send(sender=Attempt, trainees=trainees)

    def _report(self, tally: Tally, *, skipped: int, options: dict[str, Any]) -> None:
        dry = " Dry run: nothing was written." if options["dry_run"] else ""
        self.stdout.write(f"Attempts checked: {tally.checked} (judge version {JUDGE_VERSION}).{dry}")
        self.stdout.write(
            f"Verdicts changed: {tally.changed} (right -> wrong {tally.became_wrong}, "
            f"wrong -> right {tally.became_right}, score only {tally.score_changed})."
        )
        if tally.unjudgeable:
            self.stdout.write(f"Could not be judged: {tally.unjudgeable} (left as they were).")
        if skipped and options["include_exams"]:
            self.stdout.write(f"Attempts of running exam sittings skipped: {skipped}.")
        elif skipped:
            self.stdout.write(f"Exam attempts skipped: {skipped} (--include-exams to re-score them).")
