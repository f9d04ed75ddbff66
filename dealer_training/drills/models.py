"""Practice: sessions, issued questions, attempts, review scheduling and certificates.

Attempts are the record of what a trainee did. They are written once, by the answer service,
and never edited or deleted by users (the admin shows them read-only).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q, Value
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from dealer_training.accounts.models import Organisation
from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.models import DrillSet, Scenario, ScenarioVersion


class Mode(models.TextChoices):
    PRACTICE = "practice", _("Practice")
    SPEED = "speed", _("Speed")
    EXAM = "exam", _("Exam")
    REVIEW = "review", _("Review")
    WALK = "walk", _("Hand walk")


class WalkLevel(models.TextChoices):
    """How a hand walk is played: with hints, on request, without, or at table pace (walk_levels)."""

    LEARN = "learn", _("Learn")
    GUIDED = "guided", _("Guided")
    PRACTICE = "practice", _("Practice")
    TABLE_READY = "table_ready", _("Table-ready")


class TrainingSettings(models.Model):
    """An organisation's training bars: speed targets, mastery thresholds, exam pass marks."""

    organisation = models.OneToOneField(
        Organisation,
        on_delete=models.CASCADE,
        related_name="training_settings",
        verbose_name=_("organisation"),
    )
    speed_targets = models.JSONField(
        _("target seconds per skill"), default=dict, blank=True, help_text=_("Skill code → seconds.")
    )
    mastery_min_answers = models.PositiveSmallIntegerField(_("answers needed for mastery"), default=30)
    mastery_window = models.PositiveSmallIntegerField(_("recent answers counted for mastery"), default=30)
    mastery_accuracy = models.PositiveSmallIntegerField(_("mastery accuracy (percent)"), default=90)
    exam_pass_accuracy = models.PositiveSmallIntegerField(_("exam pass mark (percent correct)"), default=80)
    exam_pass_seconds = models.FloatField(
        _("exam pass mark (average seconds per item)"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("training settings")
        verbose_name_plural = _("training settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(mastery_accuracy__lte=100) & Q(exam_pass_accuracy__lte=100),
                name="training_settings_percentages",
            ),
            models.CheckConstraint(
                condition=Q(mastery_window__gte=1) & Q(mastery_window__lte=100),
                name="training_settings_window_1_to_100",
            ),
        ]

    def __str__(self) -> str:
        return str(self.organisation)


class Outcome(models.TextChoices):
    """How a session ended. An exam sitting may end early: abandoned, or past its time limit."""

    FINISHED = "finished", pgettext_lazy("sitting", "Finished")
    ABANDONED = "abandoned", _("Abandoned")
    EXPIRED = "expired", _("Expired")


RUNNING = "running"


class DrillSession(models.Model):
    """One sitting of one trainee in one mode."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="drill_sessions", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="drill_sessions",
        verbose_name=_("trainee"),
    )
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices, blank=True)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices, blank=True)
    drill_set = models.ForeignKey(
        DrillSet,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sessions",
        verbose_name=_("drill set"),
    )
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    topic = models.CharField(
        _("question kind"),
        max_length=20,
        blank=True,
        default="",
        db_default="",
        help_text=_("The other games' drills: one question kind, or empty for all of the game's kinds."),
    )
    planned_count = models.PositiveSmallIntegerField(_("questions"), default=10)
    walk_level = models.CharField(
        _("hand walk level"),
        max_length=12,
        choices=WalkLevel.choices,
        blank=True,
        default="",
        db_default="",
        help_text=_("Hand walks only: hints, pace and timing (empty: practice)."),
    )
    # "Retry my misses": a practice session that asks again, in order, the questions of this
    # earlier session that were answered wrong (services.session_retry_misses).
    retry_of = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="retries",
        verbose_name=_("retry of"),
        help_text=_("The session whose missed questions this one asks again."),
    )
    # Practice and speed: the feedback of each answer waits until the session has ended
    # (exams.items_visible); exams and hand walks have their own ways.
    explain_at_end = models.BooleanField(
        _("explanations at the end"),
        default=False,
        db_default=False,
        help_text=_("Practice and speed only: each answer's feedback shows once the session has ended."),
    )
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    outcome = models.CharField(
        _("outcome"), max_length=10, choices=Outcome.choices, blank=True, default="", db_default=""
    )
    # Exams: the sitting's time limit and the pass marks in force when it started.
    ends_at = models.DateTimeField(_("time limit"), null=True, blank=True)
    pass_accuracy = models.PositiveSmallIntegerField(_("pass mark (percent correct)"), null=True, blank=True)
    pass_seconds = models.FloatField(_("pass mark (average seconds per item)"), null=True, blank=True)

    class Meta:
        verbose_name = _("drill session")
        verbose_name_plural = _("drill sessions")
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["organisation", "trainee", "-started_at"])]

    def __str__(self) -> str:
        return f"{self.trainee} {self.mode} {self.started_at:%Y-%m-%d %H:%M}"

    @property
    def state(self) -> str:
        """``running``, or the outcome; a sitting past its time limit is expired even before it is closed."""
        if self.finished_at is not None:
            return self.outcome or Outcome.FINISHED
        if self.ends_at is not None and timezone.now() >= self.ends_at:
            return Outcome.EXPIRED
        return RUNNING

    @property
    def state_label(self) -> str:
        state = self.state
        return str(Outcome(state).label) if state in Outcome.values else str(_("In progress"))


class Question(models.Model):
    """One issued item: the document shown to the trainee and the engine's expected answer.

    ``expected`` never leaves the server before the attempt exists. ``issued_at`` starts the
    server-side clock.
    """

    session = models.ForeignKey(
        DrillSession, on_delete=models.CASCADE, related_name="questions", verbose_name=_("session")
    )
    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="+", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("trainee")
    )
    position = models.PositiveSmallIntegerField(_("position"))
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices)
    kind = models.CharField(_("question kind"), max_length=20)
    # Database defaults too, so that rows written in bulk (COPY, restores) need not name them.
    focus = models.CharField(_("focus"), max_length=20, blank=True, default="", db_default="")
    fields = models.JSONField(
        _("answer fields"),
        default=list,
        db_default=Value([], output_field=models.JSONField()),
        blank=True,
        help_text=_("The answer fields the trainee gives."),
    )
    walk_stage = models.CharField(_("hand walk stage"), max_length=20, blank=True, default="", db_default="")
    walk_action = models.CharField(
        _("action after the question"),
        max_length=60,
        blank=True,
        default="",
        db_default="",
        help_text=_("Hand walks only."),
    )
    scenario_version = models.ForeignKey(
        ScenarioVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="questions",
        verbose_name=_("scenario version"),
    )
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    document = models.JSONField(_("scenario document"))
    expected = models.JSONField(_("expected answer"))
    # The table as the trainee sees it (games.table_view, which never holds the answer), drawn
    # once when the question is issued; the page renders from it. Null for questions issued
    # before it was kept (and rows written in bulk): the page draws those from the document.
    view = models.JSONField(_("table view"), null=True, blank=True)
    ruleset = models.CharField(_("rule set"), max_length=20)
    issued_at = models.DateTimeField(_("issued"), auto_now_add=True)
    # A hint asked for before answering: the answer does not count as made without help.
    hint_shown_at = models.DateTimeField(_("hint shown"), null=True, blank=True)

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_question_per_position"),
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.position} ({self.kind})"

    @property
    def aided(self) -> bool:
        """Answered with a hint: asked for, or shown by the hand walk's level before answering."""
        return self.hint_shown_at is not None or self.session.walk_level == WalkLevel.LEARN


class Attempt(models.Model):
    """A trainee's answer to one question. One per question: a replayed submission adds nothing."""

    class Speed(models.TextChoices):
        FAST = "fast", _("Fast")
        NORMAL = "normal", _("Normal")
        SLOW = "slow", _("Slow")

    question = models.OneToOneField(
        Question, on_delete=models.PROTECT, related_name="attempt", verbose_name=_("question")
    )
    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("trainee")
    )
    session = models.ForeignKey(
        DrillSession, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("session")
    )
    scenario_version = models.ForeignKey(
        ScenarioVersion,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="attempts",
        verbose_name=_("scenario version"),
    )
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices)
    kind = models.CharField(_("question kind"), max_length=20)
    ruleset = models.CharField(_("rule set"), max_length=20)
    answer = models.JSONField(_("answer"))
    correct = models.BooleanField(_("correct"))
    score = models.FloatField(
        _("score"), default=0.0, help_text=_("Share of the answer's fields that were right.")
    )
    # The engine's verdict as judged when the answer was stored (field by field), and the version
    # of the judging rules that gave it (games.judge.JUDGE_VERSION); ``correct`` and
    # ``score`` are copied from it. Pages show the stored verdict; only ``rescore_attempts``
    # judges again.
    # Version 0: not judged yet (rows written in bulk without a verdict); re-scoring fills them.
    verdict = models.JSONField(
        _("verdict"),
        default=dict,
        db_default=Value({}, output_field=models.JSONField()),
        blank=True,
        help_text=_("The answer judged field by field when it was stored."),
    )
    judge_version = models.PositiveSmallIntegerField(
        _("judge version"),
        default=0,
        db_default=0,
        help_text=_("The version of the judging rules that gave the verdict (0: not judged yet)."),
    )
    time_ms = models.PositiveIntegerField(_("time (ms)"))
    speed = models.CharField(_("speed"), max_length=6, choices=Speed.choices, blank=True)
    # Not yet counted in the trainee's review schedule: the answer is stored at once and the
    # schedule catches up after the commit (drills.review.catch_up, on a worker, and before any
    # read of the schedule). Exam answers are never scheduled.
    review_pending = models.BooleanField(_("review pending"), default=False, db_default=False)
    created_at = models.DateTimeField(_("answered"), auto_now_add=True)

    class Meta:
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["organisation", "trainee", "created_at"]),
            models.Index(fields=["organisation", "created_at"]),
            models.Index(fields=["scenario_version", "correct"]),
            # The answers a trainee's review schedule has still to count (few at any time).
            models.Index(
                fields=["organisation", "trainee"],
                condition=Q(review_pending=True),
                name="attempt_review_pending",
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(score__gte=0) & Q(score__lte=1), name="attempt_score_0_to_1"),
        ]

    def __str__(self) -> str:
        return f"{self.question} → {'✓' if self.correct else '✗'}"


class ReviewCard(models.Model):
    """The spaced-repetition state (an ``fsrs`` card) of one trainee for one skill or scenario."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="+", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="review_cards",
        verbose_name=_("trainee"),
    )
    skill = models.CharField(_("skill"), max_length=20, choices=Skill.choices, blank=True)
    variant = models.CharField(_("game"), max_length=8, choices=Variant.choices, blank=True)
    scenario = models.ForeignKey(
        Scenario,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="review_cards",
        verbose_name=_("scenario"),
    )
    card = models.JSONField(_("scheduler state"))
    due_at = models.DateTimeField(_("due"))
    last_review_at = models.DateTimeField(_("last review"), null=True, blank=True)
    lapses = models.PositiveIntegerField(_("misses"), default=0)

    class Meta:
        verbose_name = _("review card")
        verbose_name_plural = _("review cards")
        indexes = [models.Index(fields=["organisation", "trainee", "due_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["organisation", "trainee", "skill", "variant"],
                condition=Q(scenario__isnull=True),
                name="one_review_card_per_skill",
            ),
            models.UniqueConstraint(
                fields=["trainee", "scenario"],
                condition=Q(scenario__isnull=False),
                name="one_review_card_per_scenario",
            ),
            models.CheckConstraint(
                condition=Q(scenario__isnull=False) | ~Q(skill=""), name="review_card_has_skill_or_scenario"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.trainee}: {self.scenario or self.skill}"


class Certificate(models.Model):
    """A passed exam, verifiable by its unguessable ``code``; a manager signs it off."""

    organisation = models.ForeignKey(
        Organisation, on_delete=models.CASCADE, related_name="certificates", verbose_name=_("organisation")
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="certificates",
        verbose_name=_("trainee"),
    )
    session = models.OneToOneField(
        DrillSession, on_delete=models.PROTECT, related_name="certificate", verbose_name=_("exam")
    )
    drill_set = models.ForeignKey(
        DrillSet,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="certificates",
        verbose_name=_("exam blueprint"),
    )
    title = models.CharField(_("title"), max_length=200)
    accuracy = models.FloatField(_("accuracy"))
    average_seconds = models.FloatField(_("average seconds per item"))
    items = models.PositiveSmallIntegerField(_("items"))
    code = models.CharField(_("verification code"), max_length=32, unique=True)
    issued_at = models.DateTimeField(_("issued"), auto_now_add=True)
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("signed off by"),
    )
    signed_off_at = models.DateTimeField(_("signed off"), null=True, blank=True)
    # What was sat: when, how long it took, the pass marks in force then and each item.
    taken_at = models.DateTimeField(_("sat on"), null=True, blank=True)
    total_seconds = models.FloatField(_("time taken (seconds)"), null=True, blank=True)
    pass_accuracy = models.PositiveSmallIntegerField(_("pass mark (percent correct)"), null=True, blank=True)
    pass_seconds = models.FloatField(_("pass mark (average seconds per item)"), null=True, blank=True)
    item_record = models.JSONField(
        _("items"),
        default=list,
        blank=True,
        help_text=_(
            "Each item of the sitting: position, skill, game, question kind, scenario version, right."
        ),
    )
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("revoked by"),
    )
    revoke_reason = models.TextField(_("reason for revoking"), blank=True)

    class Meta:
        verbose_name = _("certificate")
        verbose_name_plural = _("certificates")
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"{self.title}: {self.trainee}"
