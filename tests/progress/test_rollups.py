"""Rollups: recomputed from attempts, upserted, one transaction per unit of work."""

from datetime import date, datetime, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.db import DatabaseError, transaction

from dealer_training.drills.models import Attempt
from dealer_training.drills.signals import attempt_recorded
from dealer_training.progress import rollups, tasks
from dealer_training.progress.models import DailyRollup, SkillProgress

from .factories import TrainingSettingsFactory, add_attempts, series

TOKYO = ZoneInfo("Asia/Tokyo")


def _snapshot(organisation):
    daily = sorted(
        DailyRollup.objects.filter(organisation=organisation).values_list(
            "trainee_id", "skill", "variant", "day", "attempts", "correct", "time_ms_total", "time_ms_median"
        )
    )
    progress = sorted(
        SkillProgress.objects.filter(organisation=organisation).values_list(
            "trainee_id",
            "skill",
            "variant",
            "attempts",
            "correct",
            "window_answers",
            "window_correct",
            "window_median_ms",
            "mastered_at",
            "attempts_to_mastery",
            "first_attempt_at",
            "last_attempt_at",
            "recent",
        )
    )
    return daily, progress


def _expected_daily(organisation):
    """What the daily rollups must say, counted straight from the attempts."""
    expected = {}
    for a in Attempt.objects.filter(organisation=organisation):
        key = (a.trainee_id, a.skill, a.variant, a.created_at.astimezone(TOKYO).date())
        n, ok, total = expected.get(key, (0, 0, 0))
        expected[key] = (n + 1, ok + (1 if a.correct else 0), total + a.time_ms)
    return expected


def _actual_daily(organisation):
    return {
        (r.trainee_id, r.skill, r.variant, r.day): (r.attempts, r.correct, r.time_ms_total)
        for r in DailyRollup.objects.filter(organisation=organisation)
    }


def test_a_day_is_the_local_calendar_day_of_the_organisation(trainee):
    # 23:30 in Tokyo on 1 April is 14:30 UTC the same day; 00:30 on 2 April is 15:30 UTC on 1 April.
    late = datetime(2025, 4, 1, 23, 30, tzinfo=TOKYO)
    early_next = datetime(2025, 4, 2, 0, 30, tzinfo=TOKYO)
    add_attempts(membership=trainee, results=[(True, 3000, late), (False, 5000, early_next)])
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    days = dict(DailyRollup.objects.filter(trainee=trainee.user).values_list("day", "attempts"))
    assert days == {date(2025, 4, 1): 1, date(2025, 4, 2): 1}


def test_refresh_builds_the_day_and_the_skill_progress_from_attempts(trainee):
    TrainingSettingsFactory(organisation=trainee.organisation, mastery_min_answers=10, mastery_window=10)
    results = series(12, correct_every=4, time_ms=3000)  # 9 of 12 right, 3 s each
    add_attempts(membership=trainee, results=results)
    day = rollups.local_day(results[-1][2])
    rollups.rollup_refresh(
        organisation_id=trainee.organisation_id,
        trainee_id=trainee.user_id,
        skill="bring_in",
        variant="F7S",
        day=day,
    )
    progress = SkillProgress.objects.get(trainee=trainee.user, skill="bring_in", variant="F7S")
    assert (progress.attempts, progress.correct) == (12, 9)
    assert progress.window_answers == 10
    assert progress.window_correct == sum(1 for correct, _, _ in results[-10:] if correct)
    assert progress.window_median_ms == 3000
    assert len(progress.recent) == 12
    assert progress.recent[-1] == [1 if results[-1][0] else 0, 3000]
    assert progress.first_attempt_at == results[0][2]
    assert progress.last_attempt_at == results[-1][2]
    today = DailyRollup.objects.get(trainee=trainee.user, day=day)
    same_day = [r for r in results if rollups.local_day(r[2]) == day]
    assert today.attempts == len(same_day)
    assert today.correct == sum(1 for r in same_day if r[0])


def test_running_a_refresh_twice_gives_the_same_rows_never_double(trainee):
    results = series(40, correct_every=5)
    add_attempts(membership=trainee, results=results)
    args = dict(
        organisation_id=trainee.organisation_id,
        trainee_id=trainee.user_id,
        skill="bring_in",
        variant="F7S",
        day=rollups.local_day(results[-1][2]),
    )
    rollups.rollup_refresh(**args)
    first = _snapshot(trainee.organisation)
    rollups.rollup_refresh(**args)
    assert _snapshot(trainee.organisation) == first
    assert SkillProgress.objects.get(trainee=trainee.user).attempts == 40


def test_a_rebuild_gives_exactly_what_refreshes_gave(trainee, org):
    from tests.factories import MembershipFactory

    other = MembershipFactory(organisation=org)
    start = datetime(2025, 3, 1, 9, 0, tzinfo=TOKYO)
    add_attempts(membership=trainee, results=series(50, step=timedelta(hours=7), start=start))
    add_attempts(
        membership=trainee, results=series(20, correct_every=3, start=start), skill="stub", variant="FR"
    )
    add_attempts(membership=other, results=series(15, step=timedelta(hours=30), start=start), skill="stub")
    for attempt in Attempt.objects.filter(organisation=org):
        rollups.rollup_refresh(
            **{**rollups.refresh_arguments(attempt), "day": rollups.local_day(attempt.created_at)}
        )
    by_refresh = _snapshot(org)
    DailyRollup.objects.all().delete()
    SkillProgress.objects.all().delete()
    for trainee_id in rollups.trainees_with_rollup_work(organisation_id=org.pk):
        rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee_id)
    assert _snapshot(org) == by_refresh
    assert _actual_daily(org) == _expected_daily(org)


def test_mastered_since_is_when_the_bars_were_first_met(trainee):
    TrainingSettingsFactory(organisation=trainee.organisation, mastery_min_answers=10, mastery_window=10)
    wrong = [(False, 3000, r[2]) for r in series(10, start=datetime(2025, 4, 1, tzinfo=TOKYO))]
    results = wrong + series(15, start=datetime(2025, 5, 1, tzinfo=TOKYO))
    add_attempts(membership=trainee, results=results)
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    progress = SkillProgress.objects.get(trainee=trainee.user)
    assert progress.attempts_to_mastery == 19
    assert progress.mastered_at == results[18][2]


def test_an_interrupted_rebuild_leaves_no_half_built_rollup_and_a_rerun_finishes_it(trainee, org):
    from tests.factories import MembershipFactory

    second = MembershipFactory(organisation=org)
    start = datetime(2025, 3, 1, 9, 0, tzinfo=TOKYO)
    add_attempts(membership=trainee, results=series(30, step=timedelta(hours=5), start=start))
    add_attempts(membership=second, results=series(30, step=timedelta(hours=5), start=start))
    for trainee_id in rollups.trainees_with_rollup_work(organisation_id=org.pk):
        rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee_id)
    # New attempts for the second trainee; their rebuild dies after writing the daily rows and
    # before the skill progress, as a worker killed mid-task would.
    add_attempts(membership=second, results=series(12, correct_every=2), skill="stub")
    before = _snapshot(org)

    real_upsert = rollups._upsert_progress

    def dies(rows):
        raise DatabaseError("worker lost")

    with mock.patch.object(rollups, "_upsert_progress", dies), pytest.raises(DatabaseError):
        rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=second.user_id)
    # Nothing of the interrupted unit was kept: the daily rows it wrote were rolled back.
    assert _snapshot(org) == before
    assert not DailyRollup.objects.filter(trainee=second.user, skill="stub").exists()

    assert rollups._upsert_progress is real_upsert
    rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=second.user_id)
    rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=second.user_id)  # and once more
    assert _actual_daily(org) == _expected_daily(org)
    progress = SkillProgress.objects.get(trainee=second.user, skill="stub")
    assert (progress.attempts, progress.correct) == (12, 6)


def test_an_interrupted_nightly_rebuild_keeps_every_finished_trainee_and_reruns_cleanly(trainee, org):
    from tests.factories import MembershipFactory

    others = [MembershipFactory(organisation=org) for _ in range(3)]
    start = datetime(2025, 3, 1, 9, 0, tzinfo=TOKYO)
    for membership in [trainee, *others]:
        add_attempts(membership=membership, results=series(25, step=timedelta(hours=9), start=start))
    victim = others[1].user_id
    real = rollups.rollups_rebuild_trainee

    def killed_at_victim(*, organisation_id, trainee_id, bars=None):
        if trainee_id == victim:
            raise RuntimeError("worker killed")  # not retried: the run simply stops here
        return real(organisation_id=organisation_id, trainee_id=trainee_id, bars=bars)

    with mock.patch.object(rollups, "rollups_rebuild_trainee", killed_at_victim):
        result = tasks.rollups_rebuild_all.apply(
            throw=False
        )  # eager: the fan-out runs inline and stops at the kill
    assert result.failed()
    built = set(SkillProgress.objects.filter(organisation=org).values_list("trainee_id", flat=True))
    assert victim not in built
    assert built == {m.user_id for m in [trainee, *others] if m.user_id < victim}  # done before it, whole
    tasks.rollups_rebuild_all.apply().get()
    assert _actual_daily(org) == _expected_daily(org)
    assert SkillProgress.objects.filter(organisation=org).count() == 4


def test_rows_whose_attempts_are_gone_are_removed_by_a_rebuild(trainee):
    attempts = add_attempts(membership=trainee, results=series(5), skill="stub")
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    assert SkillProgress.objects.filter(trainee=trainee.user, skill="stub").exists()
    Attempt.objects.filter(pk__in=[a.pk for a in attempts]).delete()  # an administrator's clean-up
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    assert not SkillProgress.objects.filter(trainee=trainee.user).exists()
    assert not DailyRollup.objects.filter(trainee=trainee.user).exists()


def test_a_recorded_attempt_queues_its_refresh_only_after_the_commit(
    trainee, django_capture_on_commit_callbacks
):
    with mock.patch.object(tasks.rollup_refresh, "apply_async") as apply_async:
        with django_capture_on_commit_callbacks(execute=False) as callbacks, transaction.atomic():
            [attempt] = add_attempts(membership=trainee, results=series(1))
            attempt_recorded.send(sender=Attempt, attempt=attempt)
            assert not apply_async.called
        assert len(callbacks) == 1
        callbacks[0]()
    apply_async.assert_called_once()
    assert apply_async.call_args.kwargs["kwargs"] == {
        "organisation_id": trainee.organisation_id,
        "trainee_id": trainee.user_id,
        "skill": "bring_in",
        "variant": "F7S",
        "day": rollups.local_day(attempt.created_at).isoformat(),
    }


def test_the_recorded_attempt_signal_builds_the_rollups_end_to_end(
    trainee, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        [attempt] = add_attempts(membership=trainee, results=series(1, time_ms=2500))
        attempt_recorded.send(sender=Attempt, attempt=attempt)
    progress = SkillProgress.objects.get(trainee=trainee.user)
    assert (progress.attempts, progress.correct, progress.window_median_ms) == (1, 1, 2500)
    assert DailyRollup.objects.get(trainee=trainee.user).attempts == 1


def test_new_bars_rebuild_the_organisation_so_mastery_dates_follow_them(
    trainee, django_capture_on_commit_callbacks
):
    settings = TrainingSettingsFactory(
        organisation=trainee.organisation, mastery_min_answers=10, mastery_window=10
    )
    add_attempts(membership=trainee, results=series(12))
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    assert SkillProgress.objects.get(trainee=trainee.user).mastered_at is not None
    with django_capture_on_commit_callbacks(execute=True):
        settings.mastery_min_answers = 50
        settings.save()
    progress = SkillProgress.objects.get(trainee=trainee.user)
    assert progress.mastered_at is None


def test_the_refresh_task_is_retried_after_a_database_error(trainee):
    results = series(3)
    add_attempts(membership=trainee, results=results)
    real = rollups.rollup_refresh
    calls = []

    def flaky(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise DatabaseError("server closed the connection unexpectedly")
        return real(**kwargs)

    with mock.patch.object(rollups, "rollup_refresh", flaky):
        tasks.rollup_refresh.apply(
            kwargs={
                "organisation_id": trainee.organisation_id,
                "trainee_id": trainee.user_id,
                "skill": "bring_in",
                "variant": "F7S",
                "day": rollups.local_day(results[-1][2]).isoformat(),
            },
            throw=False,
        ).get()
    assert len(calls) == 2
    assert SkillProgress.objects.get(trainee=trainee.user).attempts == 3


def test_the_tasks_retry_database_errors_with_backoff_and_ack_late():
    for task in (
        tasks.rollup_refresh,
        tasks.rollups_rebuild_trainee,
        tasks.rollups_rebuild_all,
        tasks.export_run,
    ):
        assert DatabaseError in task.autoretry_for
        assert task.retry_backoff
        assert task.acks_late
        assert task.max_retries >= 3


def test_the_nightly_rebuild_is_scheduled_with_celery_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["progress-rollups-rebuild-nightly"]
    assert entry["task"] == tasks.rollups_rebuild_all.name
