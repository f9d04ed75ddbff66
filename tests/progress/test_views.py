"""The progress pages: access, fragments, bad input, and a constant number of queries."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dealer_training.drills.models import Mode
from dealer_training.progress import rollups
from tests.factories import MembershipFactory

from .factories import (
    AssignmentFactory,
    CertificateFactory,
    CohortFactory,
    DrillSessionFactory,
    DrillSetFactory,
    ReviewCardFactory,
    TrainingSettingsFactory,
    add_attempts,
    series,
)

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def url(name, org, **kwargs):
    return reverse(f"progress:{name}", kwargs={"org_slug": org.slug, **kwargs})


def _practice(membership, *, skills=("bring_in", "stub"), count=35, days=10, wrong_every=0):
    """Attempts spread over ``days`` days in a few skills, then the rollups built."""
    start = timezone.now() - timedelta(days=days)
    step = timedelta(days=days) / count
    for skill in skills:
        add_attempts(
            membership=membership,
            skill=skill,
            results=series(count, correct_every=wrong_every, time_ms=3000, start=start, step=step),
        )
    rollups.rollups_rebuild_trainee(organisation_id=membership.organisation_id, trainee_id=membership.user_id)


# --- anonymous, wrong role, wrong method ---------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("me", {}),
        ("cohort_report", {}),
        ("certificates", {}),
        ("exports", {}),
        ("export_stream", {}),
        ("trainee_detail", {"trainee_id": 1}),
        ("export_status", {"pk": 1}),
        ("export_download", {"pk": 1}),
    ],
)
def test_anonymous_visitors_are_sent_to_the_login_page(client, org, name, kwargs):
    response = client.get(url(name, org, **kwargs))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize("name", ["cohort_report", "certificates", "exports", "export_stream"])
def test_trainees_may_not_open_the_staff_pages(login_as, trainee, name):
    assert login_as(trainee).get(url(name, trainee.organisation)).status_code == 403


def test_trainee_detail_is_for_staff_only(login_as, trainee):
    response = login_as(trainee).get(url("trainee_detail", trainee.organisation, trainee_id=trainee.user_id))
    assert response.status_code == 403


def test_my_progress_is_for_trainees(login_as, instructor):
    assert login_as(instructor).get(url("me", instructor.organisation)).status_code == 403


@pytest.mark.parametrize("name", ["me", "cohort_report", "certificates"])
def test_members_of_another_organisation_get_404(login_as, other_owner, org, name):
    assert login_as(other_owner).get(url(name, org)).status_code == 404


@pytest.mark.parametrize(
    ("who", "name", "method"),
    [
        ("trainee", "me", "post"),
        ("owner", "cohort_report", "post"),
        ("owner", "certificates", "post"),
        ("owner", "export_stream", "post"),
        ("owner", "exports", "put"),
        ("owner", "exports", "delete"),
    ],
)
def test_wrong_methods_answer_405(login_as, request, who, name, method):
    membership = request.getfixturevalue(who)
    response = getattr(login_as(membership), method)(url(name, membership.organisation))
    assert response.status_code == 405


# --- my progress ---------------------------------------------------------------------------------


def test_my_progress_shows_mastery_streak_reviews_history_and_certificates(login_as, trainee):
    TrainingSettingsFactory(
        organisation=trainee.organisation, mastery_min_answers=30, speed_targets={"stub": 2}
    )
    _practice(trainee)
    ReviewCardFactory(organisation=trainee.organisation, trainee=trainee.user)
    CertificateFactory(
        organisation=trainee.organisation,
        trainee=trainee.user,
        title="Stud basics",
        signed_off_at=timezone.now(),
    )
    page = login_as(trainee).get(url("me", trainee.organisation), **EN).content.decode()
    assert "My progress" in page
    assert "Mastered" in page  # bring-in: 35 right at 3 s
    assert "▲" in page  # stub: 3 s is slower than its 2 s target
    assert "Reviews due" in page
    assert ">1<" in page
    assert "Stud basics" in page
    assert "Verification page" in page
    assert "<svg" in page
    assert "polyline" in page
    assert "days in a row" in page or "Practised today" in page


def test_a_new_trainee_sees_calm_empty_states(login_as, trainee):
    page = login_as(trainee).get(url("me", trainee.organisation), **EN).content.decode()
    assert "No practice yet" in page
    assert "No certificates yet" in page
    assert "No answers in the last 12 weeks" in page


def test_the_history_filter_answers_with_the_chart_fragment(login_as, trainee):
    _practice(trainee)
    response = login_as(trainee).get(
        url("me", trainee.organisation), {"skill": "stub", "variant": "F7S"}, **HTMX, **EN
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="history"')
    assert "<html" not in body
    assert "Dashed line: target 8.0 s" not in body  # the stub target is 10 s
    assert "Dashed line: target 10.0 s" in body


def test_a_bad_history_filter_answers_422_with_a_message(login_as, trainee):
    response = login_as(trainee).get(url("me", trainee.organisation), {"skill": "juggling"}, **HTMX, **EN)
    assert response.status_code == 422
    assert "Choose a skill from the list." in response.content.decode()


def test_a_trainee_sees_only_their_own_progress(login_as, trainee, second_trainee):
    _practice(second_trainee, skills=("side_pots",))
    page = login_as(trainee).get(url("me", trainee.organisation), **EN).content.decode()
    assert "No practice yet" in page
    assert "mastery__cell--practising" not in page
    assert "mastery__cell--mastered" not in page


# --- cohort report -------------------------------------------------------------------------------


def test_the_cohort_report_shows_the_heatmap_with_numbers_slipping_due_and_exams(
    login_as, owner, trainee, org
):
    TrainingSettingsFactory(organisation=org, mastery_min_answers=10, mastery_window=10)
    # Mastered bring-in, then ten answers of which four wrong: slipping.
    start = timezone.now() - timedelta(days=3)
    add_attempts(membership=trainee, results=series(12, start=start))
    add_attempts(membership=trainee, results=series(10, correct_every=2, start=start + timedelta(days=1)))
    rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee.user_id)
    ReviewCardFactory(organisation=org, trainee=trainee.user)
    blueprint = DrillSetFactory(organisation=org, title="Floor exam", is_exam=True, pass_accuracy=80)
    exam = DrillSessionFactory(
        organisation=org, trainee=trainee.user, mode=Mode.EXAM, drill_set=blueprint, planned_count=10
    )
    add_attempts(membership=trainee, session=exam, mode=Mode.EXAM, results=series(10, correct_every=5))
    exam.finished_at = timezone.now()
    exam.save()
    page = login_as(owner).get(url("cohort_report", org), **EN).content.decode()
    assert trainee.user.display_name in page
    assert "77%" in page  # 17 of 22 right in the period, printed in the cell
    assert "Slipping" in page
    assert "↓" in page
    assert "1 review due" in page
    assert "Floor exam" in page
    assert "80%" in page
    assert "Passed" in page
    assert "Time to mastery" in page


def test_the_cohort_filter_answers_with_the_report_fragment(login_as, owner, trainee, second_trainee, org):
    cohort = CohortFactory(organisation=org, name="Night shift")
    cohort.members.add(second_trainee)
    _practice(trainee)
    response = login_as(owner).get(
        url("cohort_report", org), {"cohort": cohort.pk, "variant": "FR", "period": "7"}, **HTMX, **EN
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="report"')
    assert "Second Trainee" in body
    assert trainee.user.display_name not in body


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"cohort": "999999"}, "Choose a cohort from the list."),
        ({"cohort": "abc"}, "Choose a cohort from the list."),
        ({"variant": "holdem"}, "Choose a game from the list."),
        ({"period": "3"}, "Choose a period from the list."),
    ],
)
def test_bad_report_filters_answer_422_with_a_message(login_as, owner, org, params, message):
    response = login_as(owner).get(url("cohort_report", org), params, **HTMX, **EN)
    assert response.status_code == 422
    assert message in response.content.decode()


def test_a_cohort_of_another_organisation_is_refused(login_as, owner, other_org):
    foreign = CohortFactory(organisation=other_org)
    response = login_as(owner).get(url("cohort_report", owner.organisation), {"cohort": foreign.pk}, **EN)
    assert response.status_code == 422


def test_the_report_lists_assignments_due_and_drops_finished_ones(login_as, instructor, trainee, org):
    cohort = CohortFactory(organisation=org)
    cohort.members.add(trainee)
    due_soon = AssignmentFactory(
        organisation=org,
        cohort=cohort,
        drill_set__title="Razz week",
        due_at=timezone.now() + timedelta(days=2),
    )
    done = AssignmentFactory(
        organisation=org,
        trainee=trainee.user,
        drill_set__title="Stub drill",
        due_at=timezone.now() - timedelta(days=1),
    )
    DrillSessionFactory(
        organisation=org, trainee=trainee.user, drill_set=done.drill_set, finished_at=timezone.now()
    )
    page = login_as(instructor).get(url("cohort_report", org), **EN).content.decode()
    assert due_soon.drill_set.title in page
    assert "Stub drill" not in page


# --- trainee detail ------------------------------------------------------------------------------


def test_trainee_detail_shows_their_progress_and_paginated_attempts(login_as, instructor, trainee):
    _practice(trainee, skills=("bring_in",), count=30)
    client = login_as(instructor)
    page = client.get(url("trainee_detail", trainee.organisation, trainee_id=trainee.user_id), **EN)
    assert page.status_code == 200
    body = page.content.decode()
    assert "Mastery by skill and game" in body
    assert "Page 1 of 2 (30 attempts)" in body
    assert "Generated question: Bring-in" in body
    # The answer given reads as the question's fields, not as the stored JSON.
    assert "Brings in</dt><dd>Seat " in body
    assert "seat: " not in body
    fragment = client.get(
        url("trainee_detail", trainee.organisation, trainee_id=trainee.user_id),
        {"page": 2, "part": "attempts"},
        **HTMX,
        **EN,
    )
    assert fragment.status_code == 200
    text = fragment.content.decode()
    assert text.lstrip().startswith('<div id="attempts"')
    assert "Page 2 of 2" in text


def test_a_missing_page_of_attempts_is_404(login_as, owner, trainee):
    response = login_as(owner).get(
        url("trainee_detail", trainee.organisation, trainee_id=trainee.user_id), {"page": "x"}
    )
    assert response.status_code == 404


def test_a_trainee_of_another_organisation_is_404(login_as, owner, other_org):
    stranger = MembershipFactory(organisation=other_org)
    response = login_as(owner).get(url("trainee_detail", owner.organisation, trainee_id=stranger.user_id))
    assert response.status_code == 404


def test_trainee_detail_shows_only_attempts_in_this_organisation(login_as, owner, trainee, other_org):
    elsewhere = MembershipFactory(organisation=other_org, user=trainee.user)
    add_attempts(membership=elsewhere, results=series(3), answer={"elsewhere": True})
    body = (
        login_as(owner)
        .get(url("trainee_detail", owner.organisation, trainee_id=trainee.user_id), **EN)
        .content.decode()
    )
    assert "elsewhere" not in body
    assert "No attempts yet." in body


# --- queries do not grow with the data -----------------------------------------------------------


def _queries(client, path, params=None):
    client.get(path, params or {})  # the first visit also stores the organisation in the session
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, params or {})
        assert response.status_code == 200
    return len(captured)


def _grow(org, trainees, *, n):
    """Practice, a due review, a finished exam with its certificate and an assignment due, per trainee.

    ``n`` scales the amount; every kind of row exists at every size, so only the size differs.
    """
    cohort = CohortFactory(organisation=org)
    for membership in trainees:
        _practice(membership, skills=("bring_in", "stub", "side_pots")[:n], count=10 * n, days=5 * n)
        ReviewCardFactory(organisation=org, trainee=membership.user, skill=("bring_in", "", "stub")[n - 1])
        exam = DrillSessionFactory(organisation=org, trainee=membership.user, mode=Mode.EXAM, planned_count=5)
        add_attempts(membership=membership, session=exam, mode=Mode.EXAM, results=series(5))
        exam.finished_at = timezone.now()
        exam.save()
        CertificateFactory(organisation=org, trainee=membership.user, session=exam)
    cohort.members.add(*trainees)
    AssignmentFactory(organisation=org, cohort=cohort, due_at=timezone.now() + timedelta(days=1))
    AssignmentFactory(organisation=org, trainee=trainees[0].user, due_at=timezone.now() - timedelta(days=1))


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("cohort_report", {}),
        ("cohort_report", {"period": "all", "variant": "F7S"}),
        ("certificates", {}),
        ("exports", {}),
    ],
)
def test_staff_pages_run_the_same_number_of_queries_at_two_data_sizes(
    login_as, owner, org, django_assert_num_queries, name, params
):
    _grow(org, [MembershipFactory(organisation=org) for _ in range(2)], n=1)
    client = login_as(owner)
    path = url(name, org)
    expected = _queries(client, path, params)
    _grow(org, [MembershipFactory(organisation=org) for _ in range(6)], n=3)
    with django_assert_num_queries(expected):
        client.get(path, params)


@pytest.mark.parametrize("name", ["me", "home"])
def test_trainee_pages_run_the_same_number_of_queries_at_two_data_sizes(
    login_as, trainee, org, django_assert_num_queries, name
):
    path = reverse("accounts:org_home", kwargs={"org_slug": org.slug}) if name == "home" else url("me", org)
    client = login_as(trainee)
    _grow(org, [trainee], n=1)
    expected = _queries(client, path)
    _grow(org, [trainee], n=3)
    with django_assert_num_queries(expected):
        client.get(path)


def test_the_trainee_detail_runs_the_same_number_of_queries_at_two_data_sizes(
    login_as, owner, trainee, org, django_assert_num_queries
):
    client = login_as(owner)
    path = url("trainee_detail", org, trainee_id=trainee.user_id)
    _grow(org, [trainee], n=1)
    expected = _queries(client, path)
    _grow(org, [trainee], n=3)
    with django_assert_num_queries(expected):
        client.get(path)


def test_the_staff_home_panel_runs_the_same_number_of_queries_at_two_data_sizes(
    login_as, owner, org, django_assert_num_queries
):
    TrainingSettingsFactory(organisation=org, mastery_min_answers=5, mastery_window=5)
    client = login_as(owner)
    path = reverse("accounts:org_home", kwargs={"org_slug": org.slug})
    _grow(org, [MembershipFactory(organisation=org)], n=1)
    expected = _queries(client, path)
    _grow(org, [MembershipFactory(organisation=org) for _ in range(5)], n=3)
    with django_assert_num_queries(expected):
        response = client.get(path, **EN)
    assert "Trainees to look at" in response.content.decode()


# --- navigation ----------------------------------------------------------------------------------


def test_trainees_see_my_progress_and_staff_see_the_report_pages_in_the_menu(login_as, trainee, instructor):
    home = reverse("accounts:org_home", kwargs={"org_slug": trainee.organisation.slug})
    trainee_page = login_as(trainee).get(home, **EN).content.decode()
    assert url("me", trainee.organisation) in trainee_page
    assert url("cohort_report", trainee.organisation) not in trainee_page
    staff_page = login_as(instructor).get(home, **EN).content.decode()
    for name in ("cohort_report", "certificates", "exports"):
        assert url(name, instructor.organisation) in staff_page
    assert url("me", instructor.organisation) not in staff_page


def test_the_trainee_home_panel_summarises_progress(login_as, trainee):
    _practice(trainee)
    ReviewCardFactory(organisation=trainee.organisation, trainee=trainee.user)
    page = (
        login_as(trainee)
        .get(reverse("accounts:org_home", kwargs={"org_slug": trainee.organisation.slug}), **EN)
        .content.decode()
    )
    assert "Your progress" in page
    assert "Reviews due" in page
    assert url("me", trainee.organisation) in page
