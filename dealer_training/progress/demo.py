"""Demo step of progress: seven weeks of practice for the three demo trainees, then the rollups.

The history is written through the drills models (sessions, questions, attempts) with scenario
documents from the engine's generator, so every report has something true to show on the first
run: trainee 1 is strong and certified, trainee 2 improves week by week, trainee 3 mastered skills
and is now slipping on two of them. Running the step again adds nothing (the history is found by
its session seeds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from dealer_training.accounts.models import Cohort, Membership, Role
from dealer_training.demo import DemoContext
from dealer_training.drills.exams import exam_record
from dealer_training.drills.models import (
    Attempt,
    Certificate,
    DrillSession,
    Mode,
    Outcome,
    Question,
    ReviewCard,
    TrainingSettings,
)
from dealer_training.drills.targets import TIMED_MODES, speed_grade
from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.models import DrillSet, DrillSetItem
from games.judge import judge
from games.solve import solve
from games.stud.generate import generate

from . import rollups
from .mastery import Bars

SEED_PREFIX = "demo-progress"
DAYS = 49
QUESTIONS_PER_SESSION = 12
POOL_SEEDS = (3, 17, 29)
EXAM_TITLE = "スタッド系ゲーム ディーラー認定試験"
COHORT_NAME = "遅番シフト"

# Which engine question kind stands for a skill in the demo history.
SKILL_KIND: dict[str, str] = {
    Skill.ANTES: "pots",
    Skill.BRING_IN: "bring_in",
    Skill.RAZZ_ORDER: "bring_in",
    Skill.FIRST_TO_ACT: "next_action",
    Skill.BETTING: "next_action",
    Skill.STUB: "stub",
    Skill.STUB_COUNT: "stub_count",
    Skill.RULINGS: "ruling",
    Skill.DEALER_ERRORS: "dealer_error",
    Skill.SIDE_POTS: "pots",
    Skill.SHOWDOWN: "showdown_first",
}

F7S, FR, F7S8 = Variant.STUD_HIGH.value, Variant.RAZZ.value, Variant.STUD_8.value


@dataclass(frozen=True)
class Profile:
    units: Sequence[tuple[str, str]]
    practice_chance: Callable[[float], float]  # t in [0, 1): share of the seven weeks gone
    accuracy: Callable[[float, tuple[str, str]], float]
    speed: Callable[[float], float]  # time as a multiple of the skill's target


STRONG = Profile(
    units=[(skill.value, F7S) for skill in Skill if skill != Skill.RAZZ_ORDER]
    + [(Skill.BRING_IN, FR), (Skill.RAZZ_ORDER, FR), (Skill.FIRST_TO_ACT, FR), (Skill.SIDE_POTS, F7S8)],
    practice_chance=lambda t: 0.85,
    accuracy=lambda t, unit: 0.98,
    speed=lambda t: 0.55,
)
IMPROVING = Profile(
    units=[(Skill.ANTES, F7S), (Skill.BRING_IN, F7S), (Skill.FIRST_TO_ACT, F7S), (Skill.BRING_IN, FR)],
    practice_chance=lambda t: 0.45 + 0.45 * t,
    accuracy=lambda t, unit: min(0.97, 0.6 + 0.42 * t),
    speed=lambda t: 1.7 - 1.1 * t,
)
SLIPPING_UNITS = {(Skill.RAZZ_ORDER, FR), (Skill.SHOWDOWN, F7S8)}
SLIPPING = Profile(
    units=[
        (Skill.BRING_IN, F7S),
        (Skill.FIRST_TO_ACT, F7S),
        (Skill.RAZZ_ORDER, FR),
        (Skill.SHOWDOWN, F7S8),
    ],
    practice_chance=lambda t: 0.8,
    accuracy=lambda t, unit: 0.62 if t > 0.7 and unit in SLIPPING_UNITS else 0.96,
    speed=lambda t: 0.7,
)


def _pool() -> dict[tuple[str, str], list[tuple[dict[str, Any], dict[str, Any], str]]]:
    """Engine-generated documents with their answers, a few per question kind and game."""
    pool: dict[tuple[str, str], list[tuple[dict[str, Any], dict[str, Any], str]]] = {}
    for kind in sorted(set(SKILL_KIND.values())):
        for variant in (F7S, FR, F7S8):
            items = []
            for seed in POOL_SEEDS:
                document = generate(kind=kind, variant=variant, seed=seed)
                # The whole solution, as a drill stores it: the feedback page judges against it.
                items.append((document, solve(document), str(seed)))
            pool[(kind, variant)] = items
    return pool


@contextmanager
def _own_timestamps(*fields: Any) -> Iterator[None]:
    """Let bulk inserts keep the times given, for fields that stamp "now" on insert (auto_now_add).

    The demo writes a past history; the step runs in its own command process.
    """
    saved = [(f, f.auto_now_add) for f in fields]
    for f in fields:
        f.auto_now_add = False
    try:
        yield
    finally:
        for f, value in saved:
            f.auto_now_add = value


def _field(model: Any, name: str) -> Any:
    return model._meta.get_field(name)


class _Writer:
    """Collects sessions, questions and attempts, then writes them in bulk with their real times."""

    def __init__(self, organisation: Any, ruleset: str, bars: Bars) -> None:
        self.organisation = organisation
        self.ruleset = ruleset
        self.bars = bars
        self.pool = _pool()
        self.sessions: list[DrillSession] = []
        self.questions: list[list[Question]] = []
        self.attempts: list[list[Attempt]] = []

    def session(
        self,
        *,
        trainee: Any,
        mode: str,
        started: datetime,
        items: list[tuple[str, str, bool, int]],
        seed: str,
        drill_set: Any = None,
    ) -> DrillSession:
        """One finished sitting: ``items`` are (skill, variant, correct, time_ms). Written by flush()."""
        skills = {skill for skill, _, _, _ in items}
        variants = {variant for _, variant, _, _ in items}
        session = DrillSession(
            organisation=self.organisation,
            trainee=trainee,
            mode=mode,
            skill=skills.pop() if len(skills) == 1 else "",
            variant=variants.pop() if len(variants) == 1 else "",
            drill_set=drill_set,
            seed=seed,
            planned_count=len(items),
            started_at=started,
            outcome=Outcome.FINISHED,
        )
        rng = random.Random(seed)
        questions, attempts = [], []
        moment = started
        for position, (skill, variant, correct, time_ms) in enumerate(items):
            kind = SKILL_KIND[skill]
            options = self.pool[(kind, variant)]
            document, expected, doc_seed = rng.choice(options)
            if correct:
                answer = expected["answer"]
            else:
                others = [item[1]["answer"] for item in options if item[1]["answer"] != expected["answer"]]
                answer = others[0] if others else {}
            # Judged as a drill judges an answer when it stores it: the verdict, its version and
            # the right/wrong and score it gives.
            verdict = judge(expected, answer)
            questions.append(
                Question(
                    organisation=self.organisation,
                    trainee=trainee,
                    position=position,
                    skill=skill,
                    variant=variant,
                    kind=kind,
                    seed=doc_seed,
                    document=document,
                    expected=expected,
                    ruleset=self.ruleset,
                    issued_at=moment,
                )
            )
            # Marked fast, normal or slow as a drill marks it: in the timed modes only.
            speed = speed_grade(time_ms, self.bars.target_seconds(skill)) if mode in TIMED_MODES else ""
            attempts.append(
                Attempt(
                    organisation=self.organisation,
                    trainee=trainee,
                    mode=mode,
                    skill=skill,
                    variant=variant,
                    kind=kind,
                    ruleset=self.ruleset,
                    answer=answer,
                    correct=bool(verdict["correct"]),
                    score=float(verdict["score"]),
                    verdict=verdict,
                    judge_version=int(verdict["judge_version"]),
                    time_ms=time_ms,
                    speed=speed,
                    created_at=moment + timedelta(milliseconds=time_ms),
                )
            )
            moment += timedelta(milliseconds=time_ms + rng.randint(4000, 12000))
        session.finished_at = moment
        self.sessions.append(session)
        self.questions.append(questions)
        self.attempts.append(attempts)
        return session

    def flush(self) -> int:
        """Write everything collected; returns the number of attempts."""
        with _own_timestamps(
            _field(DrillSession, "started_at"), _field(Question, "issued_at"), _field(Attempt, "created_at")
        ):
            DrillSession.objects.bulk_create(self.sessions, batch_size=500)
            questions = []
            for session, items in zip(self.sessions, self.questions, strict=True):
                for question in items:
                    question.session = session
                    questions.append(question)
            Question.objects.bulk_create(questions, batch_size=500)
            attempts = []
            for session, q_items, a_items in zip(self.sessions, self.questions, self.attempts, strict=True):
                for question, attempt in zip(q_items, a_items, strict=True):
                    attempt.session = session
                    attempt.question = question
                    attempts.append(attempt)
            Attempt.objects.bulk_create(attempts, batch_size=500)
        self.sessions, self.questions, self.attempts = [], [], []
        return len(attempts)


def _practice(writer: _Writer, trainee: Any, profile: Profile, number: int, today: date) -> None:
    rng = random.Random(f"{SEED_PREFIX}-{number}")
    zone = rollups.local_zone()
    first = today - timedelta(days=DAYS - 1)
    unit_turn = 0
    for offset in range(DAYS):
        day = first + timedelta(days=offset)
        t = offset / DAYS
        if rng.random() > profile.practice_chance(t):
            continue
        start = datetime.combine(day, time(hour=rng.randint(10, 20), minute=rng.randint(0, 59)), tzinfo=zone)
        if day == today:
            # Today's practice happened an hour ago at most, never in the future.
            start = min(start, timezone.now().astimezone(zone) - timedelta(hours=1))
        for sitting in range(2):
            skill, variant = profile.units[unit_turn % len(profile.units)]
            unit_turn += 1
            target = writer.bars.target_ms(skill)
            items = [
                (
                    skill,
                    variant,
                    rng.random() < profile.accuracy(t, (skill, variant)),
                    max(900, round(target * profile.speed(t) * rng.uniform(0.7, 1.3))),
                )
                for _ in range(QUESTIONS_PER_SESSION)
            ]
            writer.session(
                trainee=trainee,
                mode=Mode.PRACTICE,
                started=start + timedelta(minutes=25 * sitting),
                items=items,
                seed=f"{SEED_PREFIX}-{number}-{offset}-{sitting}",
            )


def _exam_blueprint(organisation: Any, owner: Any) -> DrillSet:
    blueprint, created = DrillSet.objects.get_or_create(
        organisation=organisation,
        title=EXAM_TITLE,
        defaults={
            "description": "3種類のスタッドのブリングイン、ファーストアクション、サイドポット。",
            "is_exam": True,
            "pass_accuracy": 85,
            "pass_seconds": 12.0,
            "created_by": owner,
        },
    )
    if created:
        DrillSetItem.objects.bulk_create(
            [
                DrillSetItem(drill_set=blueprint, position=1, skill=Skill.BRING_IN, variant=F7S, count=5),
                DrillSetItem(drill_set=blueprint, position=2, skill=Skill.BRING_IN, variant=FR, count=5),
                DrillSetItem(drill_set=blueprint, position=3, skill=Skill.FIRST_TO_ACT, variant=F7S, count=5),
                DrillSetItem(drill_set=blueprint, position=4, skill=Skill.SIDE_POTS, variant=F7S8, count=5),
            ]
        )
    return blueprint


EXAM_UNITS = [(Skill.BRING_IN, F7S)] * 5 + [(Skill.BRING_IN, FR)] * 5 + [(Skill.FIRST_TO_ACT, F7S)] * 5
EXAM_UNITS += [(Skill.SIDE_POTS, F7S8)] * 5


def _exam(
    writer: _Writer, trainee: Any, number: int, blueprint: DrillSet, *, wrong: int, seconds: float, ago: int
) -> Any:
    # Seeded by the trainee's place among the demo trainees, never by a database id: the same
    # history on every database.
    rng = random.Random(f"{SEED_PREFIX}-exam-{number}")
    misses = set(rng.sample(range(len(EXAM_UNITS)), wrong))
    items: list[tuple[str, str, bool, int]] = [
        (skill, variant, i not in misses, round(seconds * 1000 * rng.uniform(0.8, 1.2)))
        for i, (skill, variant) in enumerate(EXAM_UNITS)
    ]
    day = timezone.localdate() - timedelta(days=ago)
    started = datetime.combine(day, time(hour=15), tzinfo=rollups.local_zone())
    return writer.session(
        trainee=trainee,
        mode=Mode.EXAM,
        started=started,
        items=items,
        seed=f"{SEED_PREFIX}-exam-{number}",
        drill_set=blueprint,
    )


def _review_cards(organisation: Any, trainee: Any, units: Sequence[tuple[str, str]]) -> None:
    """A few reviews due, unless the drills step already scheduled this trainee's reviews."""
    if ReviewCard.objects.filter(organisation=organisation, trainee=trainee).exists():
        return
    from fsrs import Card

    now = timezone.now()
    for i, (skill, variant) in enumerate(units):
        card = Card()
        due = now - timedelta(hours=2) if i % 2 == 0 else now + timedelta(days=2 + i)
        card.due = due
        ReviewCard.objects.create(
            organisation=organisation,
            trainee=trainee,
            skill=skill,
            variant=variant,
            card=card.to_dict(),
            due_at=due,
        )


@transaction.atomic
def seed(ctx: DemoContext) -> None:
    organisation = ctx.organisation
    trainees = list(ctx.trainees)
    if organisation is None or len(trainees) < 3:
        return
    cohort, _ = Cohort.objects.get_or_create(organisation=organisation, name=COHORT_NAME)
    cohort.members.add(
        *Membership.objects.filter(organisation=organisation, user__in=trainees, role=Role.TRAINEE)
    )
    if DrillSession.objects.filter(organisation=organisation, seed__startswith=SEED_PREFIX).exists():
        ctx.notes.append("Progress history for the demo trainees (already there)")
        return

    training = TrainingSettings.objects.filter(organisation=organisation).first() or TrainingSettings(
        organisation=organisation
    )
    writer = _Writer(organisation, organisation.ruleset, Bars.from_settings(training))
    today = timezone.localdate()
    for number, (trainee, profile) in enumerate(
        zip(trainees, (STRONG, IMPROVING, SLIPPING), strict=False), 1
    ):
        _practice(writer, trainee, profile, number, today)

    blueprint = _exam_blueprint(organisation, ctx.owner)
    strong, improving, slipping = trainees[:3]
    passed = _exam(writer, strong, 1, blueprint, wrong=1, seconds=5.5, ago=6)
    _exam(writer, improving, 2, blueprint, wrong=6, seconds=9.0, ago=3)
    _exam(writer, slipping, 3, blueprint, wrong=2, seconds=6.5, ago=18)
    count = writer.flush()
    passed.refresh_from_db()
    certificate = exam_record(session=passed)
    assert certificate is not None
    Certificate.objects.filter(pk=certificate.pk).update(
        issued_at=timezone.now() - timedelta(days=6),
        signed_off_by=ctx.owner,
        signed_off_at=timezone.now() - timedelta(days=5),
    )
    _review_cards(organisation, improving, IMPROVING.units)
    _review_cards(organisation, slipping, SLIPPING.units)

    for trainee in trainees:
        rollups.rollups_rebuild_trainee(organisation_id=organisation.pk, trainee_id=trainee.pk)
    ctx.notes.append(f"Progress history for the demo trainees: {count} attempts over {DAYS} days (created)")
