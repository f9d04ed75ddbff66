"""Factories for the drills rows that progress reads, and a helper to write many attempts fast."""

from collections.abc import Iterable
from datetime import datetime, timedelta

import factory
from django.utils import timezone

from dealer_training.accounts.models import Cohort
from dealer_training.drills.models import (
    Attempt,
    Certificate,
    DrillSession,
    Mode,
    Question,
    ReviewCard,
    TrainingSettings,
)
from dealer_training.scenarios.models import Assignment, DrillSet
from tests.factories import OrganisationFactory, UserFactory

DOCUMENT = {"format": "test"}


class TrainingSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TrainingSettings

    organisation = factory.SubFactory(OrganisationFactory)


class CohortFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Cohort

    organisation = factory.SubFactory(OrganisationFactory)
    name = factory.Sequence(lambda n: f"Cohort {n}")


class DrillSetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DrillSet

    organisation = factory.SubFactory(OrganisationFactory)
    title = factory.Sequence(lambda n: f"Drill set {n}")


class DrillSessionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DrillSession

    organisation = factory.SubFactory(OrganisationFactory)
    trainee = factory.SubFactory(UserFactory)
    mode = Mode.PRACTICE


class ReviewCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReviewCard

    organisation = factory.SubFactory(OrganisationFactory)
    trainee = factory.SubFactory(UserFactory)
    skill = "bring_in"
    variant = "F7S"
    card = factory.LazyFunction(dict)
    due_at = factory.LazyFunction(lambda: timezone.now() - timedelta(hours=1))


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    organisation = factory.SubFactory(OrganisationFactory)
    drill_set = factory.SubFactory(DrillSetFactory, organisation=factory.SelfAttribute("..organisation"))


class CertificateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Certificate

    organisation = factory.SubFactory(OrganisationFactory)
    trainee = factory.SubFactory(UserFactory)
    session = factory.SubFactory(
        DrillSessionFactory,
        organisation=factory.SelfAttribute("..organisation"),
        trainee=factory.SelfAttribute("..trainee"),
        mode=Mode.EXAM,
    )
    title = "Stud exam"
    accuracy = 95.0
    average_seconds = 5.0
    items = 20
    code = factory.Sequence(lambda n: f"verify-code-{n:06d}-abcdefghij")


def add_attempts(
    *,
    membership,
    results: Iterable[tuple[bool, int, datetime]],
    skill: str = "bring_in",
    variant: str = "F7S",
    mode: str = Mode.PRACTICE,
    session: DrillSession | None = None,
    answer=None,
) -> list[Attempt]:
    """Write one attempt per ``(correct, time_ms, created_at)`` (each with its question), in bulk."""
    results = list(results)
    organisation, trainee = membership.organisation, membership.user
    if session is None:
        session = DrillSession.objects.create(
            organisation=organisation, trainee=trainee, mode=mode, planned_count=len(results)
        )
    start = session.questions.count()
    questions = Question.objects.bulk_create(
        [
            Question(
                session=session,
                organisation=organisation,
                trainee=trainee,
                position=start + i + 1,
                skill=skill,
                variant=variant,
                kind="bring_in",
                seed=str(i),
                document=DOCUMENT,
                expected={"seat": 1},
                ruleset="tda-2024",
            )
            for i in range(len(results))
        ]
    )
    attempts = Attempt.objects.bulk_create(
        [
            Attempt(
                question=question,
                organisation=organisation,
                trainee=trainee,
                session=session,
                mode=mode,
                skill=skill,
                variant=variant,
                kind="bring_in",
                ruleset="tda-2024",
                answer=answer if answer is not None else {"seat": 1 if correct else 2},
                correct=correct,
                score=1.0 if correct else 0.0,
                time_ms=time_ms,
            )
            for question, (correct, time_ms, _) in zip(questions, results, strict=True)
        ]
    )
    # created_at is stamped on insert; give each attempt its own time.
    for attempt, (_, _, created_at) in zip(attempts, results, strict=True):
        attempt.created_at = created_at
    Attempt.objects.bulk_update(attempts, ["created_at"], batch_size=500)
    return attempts


def series(
    count: int, *, correct_every: int = 1, time_ms: int = 4000, start: datetime | None = None, step=None
):
    """``count`` results one minute apart ending now; every ``correct_every``-th one wrong if > 1."""
    step = step or timedelta(minutes=1)
    start = start or timezone.now() - step * count
    return [
        (not (correct_every > 1 and i % correct_every == correct_every - 1), time_ms, start + step * i)
        for i in range(count)
    ]
