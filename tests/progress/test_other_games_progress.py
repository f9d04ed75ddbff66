"""The other games (hold'em, Flush Code Hack, ten-card stud) in the progress reports: rollups,
the trainee's page, the staff's trainee page, the cohort heatmap and the summary export."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.progress import rollups
from dealer_training.progress.models import DailyRollup, SkillProgress
from dealer_training.progress.selectors import cohort_report, mastery_grid
from dealer_training.progress.selectors.common import bars_for

from .factories import TrainingSettingsFactory, add_attempts, series

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
HOLDEM = "Texas hold&#x27;em (no limit)"
DRAW = "Flush Code Hack (five-card draw)"


def url(name, org, **kwargs):
    return reverse(f"progress:{name}", kwargs={"org_slug": org.slug, **kwargs})


@pytest.fixture
def mixed(trainee):
    """A trainee with 12 hold'em answers (all right, 3 s), 8 Flush Code Hack answers (every
    second one wrong, 6 s) and 5 stud bring-in answers, over the last days, rolled up."""
    TrainingSettingsFactory(organisation=trainee.organisation, mastery_min_answers=10, mastery_window=10)
    start = timezone.now() - timedelta(days=3)
    step = timedelta(hours=1)
    add_attempts(
        membership=trainee,
        skill="holdem",
        variant="NT",
        results=series(12, time_ms=3000, start=start, step=step),
    )
    add_attempts(
        membership=trainee,
        skill="draw",
        variant="FCH",
        results=series(8, correct_every=2, time_ms=6000, start=start, step=step),
    )
    add_attempts(membership=trainee, results=series(5, start=start, step=step))
    rollups.rollups_rebuild_trainee(organisation_id=trainee.organisation_id, trainee_id=trainee.user_id)
    return trainee


def test_the_rollups_count_the_other_games_each_as_its_own_skill(mixed):
    progress = {(row.skill, row.variant): row for row in SkillProgress.objects.filter(trainee=mixed.user)}
    assert set(progress) == {("holdem", "NT"), ("draw", "FCH"), ("bring_in", "F7S")}
    assert (progress[("holdem", "NT")].attempts, progress[("holdem", "NT")].correct) == (12, 12)
    assert (progress[("draw", "FCH")].attempts, progress[("draw", "FCH")].correct) == (8, 4)
    assert progress[("holdem", "NT")].mastered_at is not None  # 10 answers, all right, under 10 s
    days = DailyRollup.objects.filter(trainee=mixed.user, variant="NT")
    assert sum(days.values_list("attempts", flat=True)) == 12
    assert rollups.trainees_with_rollup_work(organisation_id=mixed.organisation_id) == [mixed.user_id]


def test_an_answer_of_another_game_refreshes_its_rollup_as_it_is_recorded(trainee):
    (attempt,) = add_attempts(membership=trainee, skill="tenstud", variant="T10S", results=series(1))
    assert attempt.variant in rollups.REPORTED_GAMES
    rollups.rollup_refresh(
        **{**rollups.refresh_arguments(attempt), "day": rollups.local_day(attempt.created_at)}
    )
    assert SkillProgress.objects.get(trainee=trainee.user, skill="tenstud", variant="T10S").attempts == 1


def test_the_mastery_grid_lists_the_other_games_and_counts_the_practised_ones(mixed):
    grid = mastery_grid(
        organisation=mixed.organisation, trainee_id=mixed.user_id, bars=bars_for(mixed.organisation)
    )
    statuses = {row.skill: row.cells[0].status for row in grid.others}
    assert statuses == {"holdem": "mastered", "draw": "practising", "tenstud": "not_started"}
    assert grid.mastered == 1  # hold'em
    assert grid.practising == 2  # Flush Code Hack, and bring-in in stud high
    # 31 stud pairs (11 skills in 3 games; razz ordering belongs to razz only) and the two games
    # practised.
    assert grid.applicable == 33


def test_a_stud_only_trainee_keeps_the_stud_totals(trainee):
    grid = mastery_grid(
        organisation=trainee.organisation, trainee_id=trainee.user_id, bars=bars_for(trainee.organisation)
    )
    assert grid.applicable == 31
    assert [row.cells[0].status for row in grid.others] == ["not_started"] * 3


def test_the_trainee_sees_the_other_games_on_their_progress_page(login_as, mixed):
    client = login_as(mixed)
    page = client.get(url("me", mixed.organisation), **EN).content.decode()
    others = page[page.index("Mastery in the other games") :]
    assert HOLDEM in others
    assert DRAW in others
    assert "Ten-card stud, weakest reveals first" in others
    assert "100% of last 10" in others  # hold'em
    assert "50% of last 8" in others  # Flush Code Hack
    assert "12 answers" in others
    assert '1 <span class="stat__of">of 33</span>' in page  # mastered: hold'em
    japanese = client.get(url("me", mixed.organisation), **JA).content.decode()
    assert "テキサスホールデム（ノーリミット）" in japanese
    assert "Flush Code Hack（5枚ドロー）" in japanese
    assert "ほかのゲームの習得状況" in japanese


@pytest.mark.parametrize(("skill", "variant"), [("holdem", ""), ("", "FCH"), ("draw", "FCH")])
def test_the_history_chart_can_show_one_other_game(login_as, mixed, skill, variant):
    response = login_as(mixed).get(url("me", mixed.organisation), {"skill": skill, "variant": variant}, **EN)
    assert response.status_code == 200
    assert "No answers in the last 12 weeks" not in response.content.decode()


def test_staff_see_the_other_games_on_the_trainee_page(login_as, instructor, mixed):
    page = login_as(instructor).get(url("trainee_detail", mixed.organisation, trainee_id=mixed.user_id), **EN)
    assert page.status_code == 200
    body = page.content.decode()
    others = body[body.index("Mastery in the other games") :]
    assert HOLDEM in others
    assert DRAW in others
    assert "Page 1 of 1 (25 attempts)" in body


def test_the_cohort_heatmap_has_a_column_per_other_game(login_as, instructor, mixed):
    client = login_as(instructor)
    page = client.get(url("cohort_report", mixed.organisation), **EN).content.decode()
    head = page[page.index("<thead>", page.index("heatmap")) : page.index("</thead>", page.index("heatmap"))]
    assert f'<abbr title="{HOLDEM}">Hold&#x27;em</abbr>' in head
    assert f'<abbr title="{DRAW}">Flush Code Hack</abbr>' in head
    assert "Ten-card stud" in head
    row = page[page.index(mixed.user.display_name, page.index("<tbody>")) :]
    row = row[: row.index("</tr>")]
    assert "100%</span>" in row
    assert "3.0 s" in row
    assert "50%</span>" in row
    assert "6.0 s" in row
    assert "84%" in row  # all 25 answers: 21 right
    assert "25 answers" in row
    japanese = client.get(url("cohort_report", mixed.organisation), **JA).content.decode()
    assert "ホールデム" in japanese


def test_the_cohort_report_can_show_one_other_game(login_as, instructor, mixed):
    report = cohort_report(
        organisation=mixed.organisation,
        cohort=None,
        variant="FCH",
        start=timezone.localdate() - timedelta(days=27),
        exam_title="Exam",
    )
    assert [code for code, _ in report.skills] == ["draw"]
    (line,) = report.lines
    assert (line.attempts, line.accuracy) == (8, 50.0)
    response = login_as(instructor).get(url("cohort_report", mixed.organisation), {"variant": "NT"}, **EN)
    assert response.status_code == 200
    times = response.content.decode()
    assert HOLDEM in times[times.index("Time to mastery") :]


def test_a_stud_game_filter_keeps_the_other_games_out(mixed):
    report = cohort_report(
        organisation=mixed.organisation,
        cohort=None,
        variant="F7S",
        start=timezone.localdate() - timedelta(days=27),
        exam_title="Exam",
    )
    assert "holdem" not in dict(report.skills)
    assert report.lines[0].attempts == 5


def test_the_summary_export_lists_the_other_games(login_as, owner, mixed):
    today = timezone.localdate()
    response = login_as(owner).get(
        url("export_stream", owner.organisation),
        {"kind": "summary", "start": (today - timedelta(days=7)).isoformat(), "end": today.isoformat()},
    )
    text = b"".join(response.streaming_content).decode("utf-8")[1:]
    rows = list(csv.DictReader(io.StringIO(text)))
    by_key = {(row["skill"], row["game"]): row for row in rows}
    assert by_key[("holdem", "NT")]["attempts_all_time"] == "12"
    assert by_key[("holdem", "NT")]["status"] == "mastered"
    assert by_key[("draw", "FCH")]["accuracy_percent"] == "50.0"
    filtered = login_as(owner).get(
        url("export_stream", owner.organisation),
        {
            "kind": "summary",
            "variant": "FCH",
            "start": (today - timedelta(days=7)).isoformat(),
            "end": today.isoformat(),
        },
    )
    assert filtered.status_code == 200
    lines = b"".join(filtered.streaming_content).decode("utf-8").strip().splitlines()
    assert len(lines) == 2
    assert ",draw,FCH," in lines[1]


def test_a_slipping_game_is_named_once_in_the_review_lists(login_as, owner, mixed):
    later = timezone.now() - timedelta(hours=1)
    wrong = [(False, 3000, later + timedelta(minutes=i)) for i in range(6)]
    add_attempts(membership=mixed, skill="holdem", variant="NT", results=wrong)
    rollups.rollups_rebuild_trainee(organisation_id=mixed.organisation_id, trainee_id=mixed.user_id)
    page = login_as(mixed).get(url("me", mixed.organisation), **EN).content.decode()
    review = page[page.index("Worth a review") : page.index("Mastery by skill and game")]
    assert "Hold&#x27;em</span> ·" in " ".join(review.split())
    assert HOLDEM not in review
    home = login_as(owner).get(reverse("accounts:org_home", args=[owner.organisation.slug]), **EN)
    panel = home.content.decode()
    panel = panel[panel.index("Trainees to look at") :]
    assert "Hold&#x27;em</span>" in panel
    assert HOLDEM not in panel
