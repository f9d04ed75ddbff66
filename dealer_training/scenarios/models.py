"""Authored scenarios, their versions, drill sets, assignments and imports."""

from typing import TypeVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.models import Cohort, Organisation

from .choices import SCENARIO_GAMES, SCENARIO_SKILLS, Skill, Variant

# Deleted scenarios, drill sets and assignments wait this long in the trash before they are purged.
TRASH_DAYS = 30


_M = TypeVar("_M", bound=models.Model)


class LiveManager(models.Manager[_M]):
    """The default manager: rows not in the trash. ``all_objects`` sees the trash too."""

    def get_queryset(self) -> models.QuerySet[_M]:
        return super().get_queryset().filter(deleted_at__isnull=True)


class AllManager(models.Manager[_M]):
    """Every row, the trash included: restoring, purging, and following a foreign key."""


class Scenario(models.Model):
    """An authored drill item of one organisation.

    The poker content is in its versions; this row holds what people edit around it. ``revision``
    is an optimistic lock: an edit made from an older revision is refused, so two instructors
    editing at once never lose an edit silently.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        ARCHIVED = "archived", _("Archived")

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="scenarios", verbose_name=_("organisation")
    )
    title = models.CharField(_("title"), max_length=200)
    notes = models.TextField(_("notes"), blank=True)
    tags = models.JSONField(_("tags"), default=list, blank=True)
    skill = models.CharField(_("skill"), max_length=20, choices=SCENARIO_SKILLS)
    variant = models.CharField(_("game"), max_length=8, choices=SCENARIO_GAMES)
    difficulty = models.PositiveSmallIntegerField(_("difficulty"), default=2)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    # Off: the scenario is asked under the organisation's house rules (scenarios.rules_policy);
    # on: under the rules of its version's document, which the author chose.
    rules_pinned = models.BooleanField(_("rules pinned by the author"), default=False)
    current_version = models.ForeignKey(
        "ScenarioVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("current version"),
    )
    varied_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="variations",
        verbose_name=_("varied from"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True, db_index=True)

    objects = LiveManager()
    all_objects = AllManager()

    class Meta:
        base_manager_name = "all_objects"
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["organisation", "status", "skill"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(difficulty__gte=1, difficulty__lte=5), name="scenario_difficulty_1_to_5"
            ),
        ]

    def __str__(self) -> str:
        return self.title


class ScenarioVersion(models.Model):
    """One frozen version of a scenario: the scenario JSON v1 document exactly as the engine reads it.

    ``answer`` caches the engine's solution (answer, explanation, rules) when the version is saved;
    it stays on the server until a trainee has answered.
    """

    scenario = models.ForeignKey(
        Scenario, on_delete=models.CASCADE, related_name="versions", verbose_name=_("scenario")
    )
    number = models.PositiveIntegerField(_("version"))
    document = models.JSONField(_("scenario document"))
    kind = models.CharField(_("question kind"), max_length=20)
    answer = models.JSONField(_("engine answer"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("scenario version")
        verbose_name_plural = _("scenario versions")
        ordering = ["scenario", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["scenario", "number"], name="one_version_number_per_scenario"),
        ]

    def __str__(self) -> str:
        return f"{self.scenario} v{self.number}"


# At most this many questions in one drill set, repeats of a generated topic counted: a session
# issues them one by one (Question.position is a small integer) and the staff page lists them.
MAX_DRILL_SET_QUESTIONS = 200

DEFAULT_EXAM_MINUTES = 30
DEFAULT_EXAM_MAX_SITTINGS = 3
DEFAULT_EXAM_COOLDOWN_HOURS = 24
MAX_EXAM_MINUTES = 600
MAX_EXAM_SITTINGS = 20
MAX_EXAM_COOLDOWN_HOURS = 24 * 90


class ExamReview(models.TextChoices):
    """What a trainee sees of an exam sitting once it has ended."""

    SCORE = "score", _("Score only")
    FULL = "full", _("Full review: each item, the answer and the explanation")


class DrillSet(models.Model):
    """An ordered set of authored scenarios and generated topics; with pass marks it is an exam."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="drill_sets", verbose_name=_("organisation")
    )
    title = models.CharField(_("title"), max_length=200)
    description = models.TextField(_("description"), blank=True)
    is_exam = models.BooleanField(_("exam blueprint"), default=False)
    pass_accuracy = models.PositiveSmallIntegerField(_("pass mark (percent correct)"), null=True, blank=True)
    pass_seconds = models.FloatField(_("pass mark (average seconds per item)"), null=True, blank=True)
    # The rules of sitting an exam, set by an owner (exams only; defaults for every existing set).
    exam_minutes = models.PositiveSmallIntegerField(
        _("time limit per sitting (minutes)"), default=DEFAULT_EXAM_MINUTES
    )
    exam_max_sittings = models.PositiveSmallIntegerField(
        _("sittings allowed per trainee"), default=DEFAULT_EXAM_MAX_SITTINGS
    )
    exam_cooldown_hours = models.PositiveSmallIntegerField(
        _("cool-down after a sitting not passed (hours)"), default=DEFAULT_EXAM_COOLDOWN_HOURS
    )
    exam_review = models.CharField(
        _("after a sitting, the trainee sees"),
        max_length=5,
        choices=ExamReview.choices,
        default=ExamReview.SCORE,
    )
    # An exam's authored items are kept out of practice, speed and review sessions (and review
    # cards) so a trainee does not meet them with the answer shown; an owner may allow it.
    exam_items_in_practice = models.BooleanField(
        _("exam items may be practised"),
        default=False,
        db_default=False,
        help_text=_("Exams only. Off: this exam's scenarios are never asked in practice or review."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True, db_index=True)

    objects = LiveManager()
    all_objects = AllManager()

    class Meta:
        base_manager_name = "all_objects"
        verbose_name = _("drill set")
        verbose_name_plural = _("drill sets")
        ordering = ["title"]
        constraints = [
            models.CheckConstraint(
                condition=Q(pass_accuracy__isnull=True) | Q(pass_accuracy__lte=100),
                name="drill_set_pass_accuracy_percent",
            ),
            models.CheckConstraint(
                condition=Q(exam_minutes__gte=1) & Q(exam_max_sittings__gte=1),
                name="drill_set_exam_rules_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.title


class DrillSetItem(models.Model):
    """One entry of a drill set: an authored scenario, or ``count`` generated items of a skill."""

    drill_set = models.ForeignKey(
        DrillSet, on_delete=models.CASCADE, related_name="items", verbose_name=_("drill set")
    )
    position = models.PositiveIntegerField(_("position"))
    scenario = models.ForeignKey(
        Scenario,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="drill_set_items",
        verbose_name=_("scenario"),
    )
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices, blank=True)
    variant = models.CharField(
        _("game"), max_length=8, choices=Variant.choices, blank=True, help_text=_("Empty: mixed games.")
    )
    count = models.PositiveSmallIntegerField(_("count"), default=1)

    class Meta:
        verbose_name = _("drill set item")
        verbose_name_plural = _("drill set items")
        ordering = ["drill_set", "position"]
        constraints = [
            models.UniqueConstraint(fields=["drill_set", "position"], name="one_item_per_position"),
            models.CheckConstraint(
                condition=(Q(scenario__isnull=False) & Q(skill=""))
                | (Q(scenario__isnull=True) & ~Q(skill="")),
                name="item_is_scenario_or_generated_topic",
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="item_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.drill_set} #{self.position}"


class Assignment(models.Model):
    """A drill set given to one trainee or to a cohort, optionally due by a date."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("organisation")
    )
    drill_set = models.ForeignKey(
        DrillSet, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("drill set")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="assignments",
        verbose_name=_("trainee"),
    )
    cohort = models.ForeignKey(
        Cohort,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="assignments",
        verbose_name=_("cohort"),
    )
    due_at = models.DateTimeField(_("due"), null=True, blank=True)
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("assigned by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True, db_index=True)

    objects = LiveManager()
    all_objects = AllManager()

    class Meta:
        base_manager_name = "all_objects"
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        ordering = ["due_at", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(trainee__isnull=False) & Q(cohort__isnull=True))
                | (Q(trainee__isnull=True) & Q(cohort__isnull=False)),
                name="assignment_to_trainee_or_cohort",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.drill_set} → {self.trainee or self.cohort}"


class ImportJob(models.Model):
    """An upload of scenario files, processed by a Celery task; one result per file.

    The upload is kept in the database (size-limited) so that a worker on another machine can
    read it; it is cleared when the job finishes.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="import_jobs", verbose_name=_("organisation")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    filename = models.CharField(_("file name"), max_length=255)
    payload = models.BinaryField(_("uploaded file"), blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(_("files"), default=0)
    processed = models.PositiveIntegerField(_("processed"), default=0)
    results = models.JSONField(_("results"), default=list, blank=True)
    # Kept with every file's result (``imports.import_counts``): scenarios saved, files skipped
    # (not scenario files) and files that failed. None on an import whose counts are not known.
    saved_count = models.PositiveIntegerField(_("scenarios saved"), null=True, blank=True, default=0)
    skipped_count = models.PositiveIntegerField(_("files skipped"), null=True, blank=True, default=0)
    failed_count = models.PositiveIntegerField(_("files failed"), null=True, blank=True, default=0)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Written with every progress update; a job whose heartbeat stops is run again or failed
    # (dealer_training.jobs).
    heartbeat_at = models.DateTimeField(_("last progress"), null=True, blank=True)
    runs = models.PositiveSmallIntegerField(_("runs started"), default=0)

    class Meta:
        verbose_name = _("import")
        verbose_name_plural = _("imports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.filename
