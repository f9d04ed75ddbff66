"""The read side: rollups that report pages read instead of raw attempts, and CSV exports.

Rollups are rebuilt from attempts (never incremented), so a task that is retried or runs twice
cannot double count, and a task killed half-way leaves the previous rows (its transaction rolls
back).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.choices import Skill, Variant

from .mastery import Bars, Standing, standing


class DailyRollup(models.Model):
    """Per trainee, skill, game and day."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="+", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("trainee")
    )
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices)
    day = models.DateField(_("day"))
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    time_ms_total = models.PositiveBigIntegerField(_("total time (ms)"), default=0)
    time_ms_median = models.PositiveIntegerField(_("median time (ms)"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("daily rollup")
        verbose_name_plural = _("daily rollups")
        indexes = [models.Index(fields=["organisation", "day"])]
        constraints = [
            models.UniqueConstraint(
                fields=["organisation", "trainee", "skill", "variant", "day"], name="one_rollup_per_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.trainee} {self.skill} {self.variant} {self.day}"


class SkillProgress(models.Model):
    """Per trainee, skill and game: totals and the most recent results, for mastery at a glance."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="+", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("trainee")
    )
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    recent = models.JSONField(
        _("recent results"), default=list, blank=True, help_text=_("Newest last: [correct, time in ms].")
    )
    # The organisation's mastery window summed up when the row was built, so that reports read
    # three numbers instead of decoding ``recent``.
    window_answers = models.PositiveSmallIntegerField(_("answers in the mastery window"), default=0)
    window_correct = models.PositiveSmallIntegerField(_("correct in the mastery window"), default=0)
    window_median_ms = models.PositiveIntegerField(
        _("median time in the mastery window (ms)"), null=True, blank=True
    )
    mastered_at = models.DateTimeField(_("mastered since"), null=True, blank=True)
    attempts_to_mastery = models.PositiveIntegerField(
        _("answers to mastery"), null=True, blank=True, help_text=_("Answers given when mastery was reached.")
    )
    first_attempt_at = models.DateTimeField(_("first attempt"), null=True, blank=True)
    last_attempt_at = models.DateTimeField(_("last attempt"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("skill progress")
        verbose_name_plural = _("skill progress")
        constraints = [
            models.UniqueConstraint(
                fields=["organisation", "trainee", "skill", "variant"], name="one_progress_per_skill"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.trainee} {self.skill} {self.variant}"

    def standing(self, bars: Bars) -> Standing:
        return standing(
            skill=self.skill,
            attempts=self.attempts,
            window_answers=self.window_answers,
            window_correct=self.window_correct,
            window_median_ms=self.window_median_ms,
            mastered_at=self.mastered_at,
            bars=bars,
        )


class ExportJob(models.Model):
    """A CSV export run by a Celery task; the page polls its progress and links the file at the end."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="export_jobs", verbose_name=_("organisation")
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    kind = models.CharField(_("export"), max_length=20)
    params = models.JSONField(_("filters"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(_("rows to write"), default=0)
    done = models.PositiveIntegerField(_("rows written"), default=0)
    # exports/<organisation id>/<random>/<slug>-<kind>-<first day>-<last day>.csv
    file = models.FileField(_("file"), upload_to="exports/", blank=True, max_length=255)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Written with every progress update; a job whose heartbeat stops is run again or failed
    # (dealer_training.jobs).
    heartbeat_at = models.DateTimeField(_("last progress"), null=True, blank=True)
    runs = models.PositiveSmallIntegerField(_("runs started"), default=0)

    class Meta:
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.created_at:%Y-%m-%d %H:%M}"
