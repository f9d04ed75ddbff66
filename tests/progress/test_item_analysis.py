"""Item analysis: share correct, median time, discrimination (item score against rest score),
the flag on items strong trainees miss more than weak ones, wrong answers, and the pages."""

import pytest
from django.urls import reverse

from dealer_training.progress.item_analysis import discrimination, item_stats, pearson, wrong_answers
from tests.factories import MembershipFactory, OrganisationFactory
from tests.scenarios.factories import make_scenario, record_attempt

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
WRONG = {"seat": 1, "amount": 200, "first_to_act": 1}


def _trainees(org, count):
    return [MembershipFactory(organisation=org, role="trainee").user for _ in range(count)]


def _others(org, user, correct, wrong):
    """Answers to generated questions that set the trainee's rest score."""
    for _ in range(correct):
        record_attempt(organisation=org, user=user, correct=True)
    for _ in range(wrong):
        record_attempt(organisation=org, user=user, correct=False)


def test_pearson_is_none_without_variation_and_signed_otherwise():
    assert pearson([(1, 0.5), (1, 0.7)]) is None
    assert pearson([(0, 0.2), (1, 0.8), (1, 0.9)]) > 0.9
    assert pearson([(1, 0.2), (0, 0.8), (0, 0.9)]) < -0.9


def test_discrimination_compares_the_item_with_the_rest_of_each_trainees_answers():
    # Three trainees: the strong ones (high rest score) got the item right.
    per_trainee = {1: (1, 1), 2: (1, 1), 3: (1, 0)}
    totals = {1: (11, 10), 2: (11, 9), 3: (11, 2)}
    assert discrimination(per_trainee, totals) > 0.9
    # Trainees with no other answer are left out; two trainees are too few.
    assert discrimination({1: (1, 1), 2: (1, 0), 3: (2, 1)}, {1: (5, 5), 2: (5, 0), 3: (2, 1)}) is None


@pytest.fixture
def inverted_item(org):
    """An item that the strong trainees miss and the weak ones get right (likely a bad item)."""
    scenario = make_scenario(org)
    version = scenario.current_version
    users = _trainees(org, 6)
    for i, user in enumerate(users):
        strong = i < 3
        _others(org, user, correct=9 if strong else 2, wrong=1 if strong else 8)
        for _ in range(2):
            record_attempt(
                organisation=org,
                user=user,
                version=version,
                correct=not strong,
                time_ms=4000 + 1000 * i,
                answer=WRONG if strong else None,
            )
    return scenario


def test_an_item_strong_trainees_miss_more_than_weak_ones_is_flagged(org, inverted_item):
    (stats,) = item_stats(organisation=org)
    assert (stats.attempts, stats.correct, stats.trainees) == (12, 6, 6)
    assert stats.share_correct == 0.5
    assert stats.median_ms == 6500
    assert stats.discrimination < -0.9
    assert stats.flagged


def test_a_good_item_is_not_flagged(org):
    scenario = make_scenario(org)
    for i, user in enumerate(_trainees(org, 6)):
        strong = i < 3
        _others(org, user, correct=9 if strong else 2, wrong=1 if strong else 8)
        record_attempt(organisation=org, user=user, version=scenario.current_version, correct=strong)
    (stats,) = item_stats(organisation=org)
    assert stats.discrimination > 0.9
    assert not stats.flagged


def test_statistics_are_per_version_and_can_be_combined(org, trainee):
    scenario = make_scenario(org)
    first = scenario.current_version
    record_attempt(organisation=org, user=trainee.user, version=first, correct=True, time_ms=3000)
    from dealer_training.scenarios.models import ScenarioVersion

    second = ScenarioVersion.objects.create(
        scenario=scenario, number=2, document=first.document, kind=first.kind, answer=first.answer
    )
    scenario.current_version = second
    scenario.save()
    for _ in range(3):
        record_attempt(organisation=org, user=trainee.user, version=second, correct=False, time_ms=9000)
    per_version = {s.version: s for s in item_stats(organisation=org)}
    assert (per_version[1].attempts, per_version[1].correct) == (1, 1)
    assert (per_version[2].attempts, per_version[2].correct) == (3, 0)
    (combined,) = item_stats(organisation=org, combine=True)
    assert (combined.version, combined.versions, combined.attempts, combined.correct) == (None, [1, 2], 4, 1)
    assert combined.median_ms == 9000


def test_the_most_common_wrong_answers_come_with_their_share(org, inverted_item):
    wrong = wrong_answers(scenario=inverted_item)
    assert wrong[1] == [{"answer": WRONG, "count": 6, "share": 1.0}]
    assert wrong[None][0]["count"] == 6


def test_another_organisations_attempts_never_count(org, inverted_item):
    other = OrganisationFactory()
    assert item_stats(organisation=other) == []


def test_the_list_page_sorts_with_an_htmx_fragment_and_flags_bad_items(
    login_as, instructor, org, inverted_item
):
    client = login_as(instructor)
    url = reverse("items:list", args=[org.slug])
    response = client.get(url, **EN)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Razz: two kings" in html
    assert "Check this item" in html
    assert "50%" in html
    assert "6.5 s" in html
    fragment = client.get(
        url, {"sort": "attempts", "dir": "desc"}, HTTP_HX_REQUEST="true", **EN
    ).content.decode()
    assert fragment.lstrip().startswith('<section id="items-table"')
    assert 'aria-sort="descending"' in fragment
    assert client.get(url, {"sort": "nonsense", "combine": "1"}, **EN).status_code == 200


def test_the_list_page_runs_a_fixed_number_of_queries(login_as, instructor, org):
    client = login_as(instructor)
    url = reverse("items:list", args=[org.slug])
    client.get(url)

    def queries():
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as context:
            client.get(url)
        return len(context.captured_queries)

    scenario = make_scenario(org)
    users = _trainees(org, 2)
    for user in users:
        record_attempt(organisation=org, user=user, version=scenario.current_version)
    few = queries()
    for _ in range(3):
        other = make_scenario(org, title="More")
        for user in _trainees(org, 3):
            record_attempt(organisation=org, user=user, version=other.current_version, correct=False)
    assert queries() == few


def test_the_detail_page_shows_each_version_and_the_wrong_answers(login_as, instructor, org, inverted_item):
    html = (
        login_as(instructor)
        .get(reverse("items:detail", args=[org.slug, inverted_item.pk]), **EN)
        .content.decode()
    )
    assert "All versions combined" in html
    assert "Version 1" in html
    assert "6 answers (100% of the wrong answers)" in html
    assert "Seat 1" in html  # the wrong answer, in words
    assert "Rules: TDA 2024 (tournament) (house rules)" in html  # whose rules it is asked under


def test_item_pages_are_for_staff_of_the_organisation_only(
    client, login_as, trainee, instructor, org, inverted_item
):
    list_url = reverse("items:list", args=[org.slug])
    detail_url = reverse("items:detail", args=[org.slug, inverted_item.pk])
    assert client.get(list_url).status_code == 302
    assert login_as(trainee).get(list_url).status_code == 403
    assert login_as(trainee).get(detail_url).status_code == 403
    elsewhere = make_scenario(OrganisationFactory())
    assert login_as(instructor).get(reverse("items:detail", args=[org.slug, elsewhere.pk])).status_code == 404
    assert login_as(instructor).post(list_url).status_code == 405
