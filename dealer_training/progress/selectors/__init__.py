"""Reads for the progress pages and panels, one module per concern (``common``, ``trainee``,
``exams``, ``cohort``, ``staff``); every name is importable from ``progress.selectors`` as well.

Report pages read the rollups (``DailyRollup``, ``SkillProgress``), never scan attempts: every
function here runs a fixed number of queries, whatever the number of trainees or attempts.
The exceptions are exam results (aggregated from the exam's own attempts, looked up by session
id) and the paginated attempt list of one trainee.
"""

from .cohort import (
    CohortReport,
    DueAssignment,
    HeatCell,
    MasteryTime,
    SlippingItem,
    TraineeLine,
    accuracy_band,
    cohort_report,
    trainee_memberships,
)
from .common import (
    APPLICABLE_VARIANTS,
    ASSIGNMENT_LOOKAHEAD,
    ASSIGNMENT_LOOKBACK,
    HISTORY_WEEKS,
    LIST_LIMIT,
    applies,
    bars_for,
    training_settings_for,
)
from .exams import (
    ExamResult,
    exam_results,
    exam_sessions,
)
from .staff import (
    staff_attention,
)
from .trainee import (
    HistoryPoint,
    MasteryCell,
    MasteryGrid,
    MasteryRow,
    Streak,
    certificates_for_trainee,
    certificates_in_force,
    history_weeks,
    mastery_grid,
    practice_streak,
    reviews_due_count,
    trainee_attempt,
    trainee_attempts_page,
    week_start,
)

__all__ = [
    "APPLICABLE_VARIANTS",
    "ASSIGNMENT_LOOKAHEAD",
    "ASSIGNMENT_LOOKBACK",
    "HISTORY_WEEKS",
    "LIST_LIMIT",
    "CohortReport",
    "DueAssignment",
    "ExamResult",
    "HeatCell",
    "HistoryPoint",
    "MasteryCell",
    "MasteryGrid",
    "MasteryRow",
    "MasteryTime",
    "SlippingItem",
    "Streak",
    "TraineeLine",
    "accuracy_band",
    "applies",
    "bars_for",
    "certificates_for_trainee",
    "certificates_in_force",
    "cohort_report",
    "exam_results",
    "exam_sessions",
    "history_weeks",
    "mastery_grid",
    "practice_streak",
    "reviews_due_count",
    "staff_attention",
    "trainee_attempt",
    "trainee_attempts_page",
    "trainee_memberships",
    "training_settings_for",
    "week_start",
]
