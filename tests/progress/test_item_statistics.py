"""Psychometric item analysis of an exam: facility, the discrimination index, point-biserial and
corrected item-total correlations, efficiency, KR-20 and the SEM, checked against a separate
straightforward recomputation (the statistics module) on a small hand-made exam; the flags; the
exam's page and the flags on the items page."""

import math
import statistics
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.progress.psychometrics import analyse, group_size, histogram
from dealer_training.progress.selectors.exam_items import exam_analysis, item_flags
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import DrillSetFactory, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
WRONG = {"seat": 1, "amount": 200, "first_to_act": 1}

# Eight sittings by six items. Item 1 (authored) and items 2-4 work; item 5 is answered right only
# by the weakest sittings (negative discrimination); everyone gets item 6 right. The upper and
# lower 27 % (two sittings each) are rows A-B and G-H, with no tie at either cut.
MATRIX = [
    [1, 1, 1, 1, 0, 1],  # A 5
    [1, 1, 1, 1, 0, 1],  # B 5
    [1, 1, 1, 0, 0, 1],  # C 4
    [1, 1, 0, 1, 0, 1],  # D 4
    [1, 0, 1, 0, 1, 1],  # E 4
    [1, 1, 0, 0, 1, 1],  # F 4
    [1, 0, 0, 0, 1, 1],  # G 3
    [0, 0, 0, 0, 1, 1],  # H 2
]


def _recomputed(matrix):
    """The figures by their textbook formulas, one at a time."""
    n, k = len(matrix), len(matrix[0])
    totals = [sum(row) for row in matrix]
    columns = [[row[j] for row in matrix] for j in range(k)]
    p = [sum(c) / n for c in columns]
    kr20 = k / (k - 1) * (1 - sum(pi * (1 - pi) for pi in p) / statistics.pvariance(totals))
    sem = statistics.pstdev(totals) * math.sqrt(1 - kr20)
    g = round(0.27 * n)
    ranked = sorted(range(n), key=lambda i: totals[i])
    lower, upper = ranked[:g], ranked[-g:]
    items = []
    for j, column in enumerate(columns):
        varies = 0 < sum(column) < n
        items.append(
            {
                "p": p[j],
                "sd": math.sqrt(p[j] * (1 - p[j])),
                "d": sum(column[i] for i in upper) / g - sum(column[i] for i in lower) / g,
                "rpb": statistics.correlation(column, totals) if varies else None,
                "rit": statistics.correlation(column, [t - x for t, x in zip(totals, column, strict=True)])
                if varies
                else None,
            }
        )
    return kr20, sem, items


def _sit(org, drill_set, row, *, scenario, outcome="finished", finished=True):
    user = MembershipFactory(organisation=org, role="trainee").user
    session = DrillSession.objects.create(
        organisation=org,
        trainee=user,
        mode="exam",
        drill_set=drill_set,
        planned_count=len(row),
        finished_at=timezone.now() if finished else None,
        ends_at=None if finished else timezone.now() + timedelta(minutes=30),
        outcome=outcome if finished else "",
    )
    for position, right in enumerate(row):
        version = scenario.current_version if position == 0 else None
        question = Question.objects.create(
            session=session,
            organisation=org,
            trainee=user,
            position=position,
            skill="bring_in",
            variant="F7S",
            kind=version.kind if version else "bring_in",
            scenario_version=version,
            document={},
            expected={},
            ruleset="tda-2024",
        )
        answer = (version.answer if right else WRONG) if version is not None else {"seat": 3 if right else 5}
        Attempt.objects.create(
            question=question,
            organisation=org,
            trainee=user,
            session=session,
            scenario_version=version,
            mode="exam",
            skill="bring_in",
            variant="F7S",
            kind=question.kind,
            ruleset="tda-2024",
            answer=answer,
            correct=bool(right),
            time_ms=5000,
        )
    return session


@pytest.fixture
def exam(org):
    drill_set = DrillSetFactory(organisation=org, title="Stud floor exam", is_exam=True)
    scenario = make_scenario(org)
    for row in MATRIX:
        _sit(org, drill_set, row, scenario=scenario)
    # Never counted: an abandoned sitting, one still running, another organisation's.
    _sit(org, drill_set, [0, 0, 0, 0, 0, 0], scenario=scenario, outcome="abandoned")
    _sit(org, drill_set, [1, 1, 1, 1, 1, 1], scenario=scenario, finished=False)
    other = OrganisationFactory()
    _sit(other, drill_set, [0, 0, 0, 0, 0, 0], scenario=make_scenario(other))
    return drill_set


def test_the_selectors_figures_match_a_separate_recomputation(org, exam):
    analysis = exam_analysis(drill_set=exam)
    kr20, sem, expected = _recomputed(MATRIX)
    assert (analysis.test.n, analysis.test.k) == (8, 6)
    assert analysis.test.kr20 == pytest.approx(kr20)
    assert analysis.test.sem == pytest.approx(sem)
    assert analysis.test.sd == pytest.approx(statistics.pstdev([sum(r) for r in MATRIX]))
    assert analysis.test.distribution == [0, 0, 1, 1, 4, 2, 0]
    assert [i.position for i in analysis.items] == [1, 2, 3, 4, 5, 6]
    for item, want in zip(analysis.items, expected, strict=True):
        f = item.figures
        assert f.facility == pytest.approx(want["p"])
        assert f.sd == pytest.approx(want["sd"])
        assert f.discrimination == pytest.approx(want["d"])
        if want["rpb"] is None:
            assert f.point_biserial is None
            assert f.item_rest is None
        else:
            assert f.point_biserial == pytest.approx(want["rpb"])
            assert f.item_rest == pytest.approx(want["rit"])


def test_kr20_is_cronbachs_alpha_for_right_or_wrong_items():
    test, _ = analyse(MATRIX)
    k = len(MATRIX[0])
    item_variances = sum(statistics.pvariance([row[j] for row in MATRIX]) for j in range(k))
    alpha = k / (k - 1) * (1 - item_variances / statistics.pvariance([sum(r) for r in MATRIX]))
    assert test.kr20 == pytest.approx(alpha)


def test_efficiency_is_d_over_the_largest_d_the_facility_allows():
    _, items = analyse(MATRIX)
    g, n = group_size(8), 8
    assert g == 2
    # Item 4: right 3 times in 8; at best both of the upper group and none of the lower.
    assert items[3].correct == 3
    assert items[3].d_max == pytest.approx(1.0)
    # Item 1: right 7 times; at least one of the lower group is right, so D_max = (2 - 1) / 2.
    assert items[0].d_max == pytest.approx((min(g, 7) - max(0, 7 - (n - g))) / g) == pytest.approx(0.5)
    assert items[0].efficiency == pytest.approx(items[0].discrimination / 0.5)
    assert items[5].efficiency is None  # everyone right: nothing to separate


def test_a_crafted_negatively_discriminating_item_and_an_item_everyone_gets_right_are_flagged(org, exam):
    analysis = exam_analysis(drill_set=exam)
    flags = {item.position: item_flags(item.figures) for item in analysis.items}
    assert analysis.items[4].figures.discrimination == pytest.approx(-1.0)
    assert "negative" in flags[5]
    assert flags[6] == ["easy"]
    assert flags[2] == flags[3] == flags[4] == []


def test_too_few_sittings_are_said_to_be_too_few_and_empty_exams_have_no_figures():
    test, items = analyse([])
    assert (test.n, test.kr20, test.sem, items) == (0, None, None, [])
    test, _ = analyse(MATRIX)
    assert test.too_few


def test_the_histogram_scales_bars_to_the_tallest():
    chart = histogram([0, 1, 4, 2])
    heights = [bar.height for bar in chart["bars"]]
    assert heights[0] == 0
    assert heights[2] == max(heights)
    assert heights[1] == pytest.approx(heights[2] / 4, abs=0.1)


def test_the_exam_page_shows_the_figures_the_key_and_the_distractors(login_as, instructor, org, exam):
    client = login_as(instructor)
    url = reverse("items:exam", args=[org.slug, exam.pk])
    html = client.get(url, **EN).content.decode()
    kr20, sem, _ = _recomputed(MATRIX)
    assert f'data-stat="kr20">{kr20:.3f}<' in html
    assert f'data-stat="sem">{sem:.2f}<' in html
    assert "data-too-few" in html
    assert "<svg" in html
    assert "<rect" in html
    assert 'style="' not in html
    assert "Key (the correct answer)" in html
    assert "Seat 1" in html  # the wrong answer, in words
    assert "{&#x27;" not in html  # the key too, never a raw mapping
    assert 'data-flag="negative"' in html
    filtered = client.get(url, {"flag": "easy"}, **EN).content.decode()
    assert filtered.count('data-item="') == 1
    assert client.get(url, {"flag": "nonsense"}, **EN).status_code == 200
    japanese = client.get(url, **JA).content.decode()
    for term in ("正答率", "識別力指数", "点双列相関", "信頼性係数 KR-20", "測定の標準誤差"):
        assert term in japanese


def test_the_items_page_lists_the_exams_and_the_flagged_items_with_filters(login_as, instructor, org, exam):
    client = login_as(instructor)
    url = reverse("items:list", args=[org.slug])
    html = client.get(url, **EN).content.decode()
    assert "Stud floor exam" in html
    assert 'data-flagged-item="5"' in html
    assert 'data-flagged-item="6"' in html
    negative = client.get(url, {"flag": "negative"}, **EN).content.decode()
    assert 'data-flagged-item="5"' in negative
    assert 'data-flagged-item="6"' not in negative


def test_exam_pages_are_for_staff_of_the_organisation_only(client, login_as, trainee, instructor, org, exam):
    url = reverse("items:exam", args=[org.slug, exam.pk])
    assert client.get(url).status_code == 302
    assert login_as(trainee).get(url).status_code == 403
    elsewhere = DrillSetFactory(organisation=OrganisationFactory(), is_exam=True)
    assert login_as(instructor).get(reverse("items:exam", args=[org.slug, elsewhere.pk])).status_code == 404
    practice = DrillSetFactory(organisation=org)
    assert login_as(instructor).get(reverse("items:exam", args=[org.slug, practice.pk])).status_code == 404


def test_the_scenario_item_page_marks_the_key_above_the_wrong_answers(login_as, instructor, org, exam):
    scenario = exam.organisation.scenarios.get()
    html = (
        login_as(instructor).get(reverse("items:detail", args=[org.slug, scenario.pk]), **EN).content.decode()
    )
    assert "Key (the correct answer)" in html
    assert "{&#x27;" not in html  # the key in words, never a raw mapping
    assert html.index("Key (the correct answer)") < html.index(
        "Most common wrong answers", html.index("Version 1")
    )


def test_the_exam_page_runs_the_same_queries_for_more_sittings(login_as, instructor, org, exam):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = login_as(instructor)
    url = reverse("items:exam", args=[org.slug, exam.pk])
    client.get(url)

    def queries():
        with CaptureQueriesContext(connection) as context:
            client.get(url)
        return len(context.captured_queries)

    few = queries()
    scenario = org.scenarios.get()
    for row in MATRIX:
        _sit(org, exam, row, scenario=scenario)
    assert queries() == few
