from datetime import UTC, datetime, timedelta

from dealer_training.drills.models import TrainingSettings
from dealer_training.progress.mastery import Bars, Status, first_mastery, median, standing, window_of

T0 = datetime(2025, 4, 1, 10, 0, tzinfo=UTC)


def _history(results):
    return [(correct, time_ms, T0 + timedelta(minutes=i)) for i, (correct, time_ms) in enumerate(results)]


def test_median_of_an_odd_and_an_even_count():
    assert median([5, 1, 3]) == 3
    assert median([4, 1, 3, 2]) == 2.5


def test_bars_come_from_the_organisation_settings_with_targets_per_skill():
    settings = TrainingSettings(
        mastery_min_answers=20, mastery_window=10, mastery_accuracy=80, speed_targets={"stub": 12, "bad": "x"}
    )
    bars = Bars.from_settings(settings)
    assert (bars.min_answers, bars.window, bars.accuracy) == (20, 10, 80)
    assert bars.target_ms("stub") == 12000
    assert bars.target_ms("bring_in") == 6000  # the default target of that skill
    assert "bad" not in (bars.speed_targets or {})


def test_mastery_needs_enough_answers_accuracy_over_the_window_and_speed():
    bars = Bars(min_answers=30, window=30, accuracy=90)
    fast_and_right = window_of([[1, 3000]] * 30, window=30)
    mastered = standing(
        skill="bring_in",
        attempts=30,
        window_answers=fast_and_right.answers,
        window_correct=fast_and_right.correct,
        window_median_ms=fast_and_right.median_ms,
        mastered_at=None,
        bars=bars,
    )
    assert mastered.status == Status.MASTERED

    too_few = standing(
        skill="bring_in",
        attempts=29,
        window_answers=29,
        window_correct=29,
        window_median_ms=3000,
        mastered_at=None,
        bars=bars,
    )
    assert too_few.status == Status.PRACTISING
    assert not too_few.enough_answers

    too_slow = standing(
        skill="bring_in",
        attempts=40,
        window_answers=30,
        window_correct=30,
        window_median_ms=6001,
        mastered_at=None,
        bars=bars,
    )
    assert too_slow.status == Status.PRACTISING
    assert not too_slow.speed_ok

    just_at_the_bar = standing(
        skill="bring_in",
        attempts=40,
        window_answers=30,
        window_correct=27,
        window_median_ms=6000,
        mastered_at=None,
        bars=bars,
    )
    assert just_at_the_bar.status == Status.MASTERED  # 27/30 = 90 %, median at the target


def test_a_mastered_skill_whose_recent_accuracy_fell_is_slipping_but_a_slower_one_is_not():
    bars = Bars(min_answers=30, window=30, accuracy=90)
    once = T0
    slipping = standing(
        skill="stub",
        attempts=80,
        window_answers=30,
        window_correct=24,
        window_median_ms=5000,
        mastered_at=once,
        bars=bars,
    )
    assert slipping.status == Status.SLIPPING
    slower = standing(
        skill="stub",
        attempts=80,
        window_answers=30,
        window_correct=30,
        window_median_ms=20000,
        mastered_at=once,
        bars=bars,
    )
    assert slower.status == Status.PRACTISING


def test_no_answers_is_not_started():
    bars = Bars()
    assert (
        standing(
            skill="stub",
            attempts=0,
            window_answers=0,
            window_correct=0,
            window_median_ms=None,
            mastered_at=None,
            bars=bars,
        ).status
        == Status.NOT_STARTED
    )


def test_the_window_sums_only_the_newest_results():
    recent = [[0, 9000]] * 10 + [[1, 2000]] * 5
    window = window_of(recent, window=5)
    assert (window.answers, window.correct, window.median_ms) == (5, 5, 2000)


def test_first_mastery_is_the_answer_after_which_all_bars_were_met():
    bars = Bars(min_answers=10, window=10, accuracy=90)
    # Ten wrong answers, then right ones: the window reaches 9/10 right at answer 19.
    history = _history([(False, 3000)] * 10 + [(True, 3000)] * 15)
    reached = first_mastery(history, skill="bring_in", bars=bars)
    assert reached is not None
    assert reached.attempts == 19
    assert reached.at == T0 + timedelta(minutes=18)


def test_first_mastery_waits_for_the_median_time_to_reach_the_target():
    bars = Bars(min_answers=5, window=5, accuracy=80)
    history = _history([(True, 9000)] * 5 + [(True, 2000)] * 3)
    reached = first_mastery(history, skill="bring_in", bars=bars)  # target 6 s
    assert reached is not None
    assert reached.attempts == 8


def test_first_mastery_is_none_when_the_bars_were_never_met():
    bars = Bars(min_answers=5, window=5, accuracy=100)
    history = _history([(True, 1000), (False, 1000)] * 10)
    assert first_mastery(history, skill="bring_in", bars=bars) is None
