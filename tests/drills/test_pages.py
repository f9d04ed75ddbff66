"""The drill pages: access, fragments, bad answers, replays, secrecy of the answer, query counts."""

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from dealer_training.accounts.models import Role
from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.services import attempt_submit, current_question, session_start
from dealer_training.scenarios.choices import Skill
from tests.factories import MembershipFactory, OrganisationFactory

from .conftest import EN, HTMX, answer, urls
from .helpers import form_data

SKILL_GAMES = [
    (skill, game) for skill in Skill.values for game in ("F7S", "FR", "F7S/8") if skill != "razz_order"
] + [("razz_order", "FR")]


def test_the_drills_index_offers_skills_games_modes_and_the_hand_walk(client, trainee, org):
    client.force_login(trainee.user)
    html = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    assert "Practise a skill" in html
    assert 'value="speed"' in html
    # An exam is started only from an exam drill set, never from the free practice form.
    assert 'value="exam"' not in html
    assert "Hand walk" in html
    assert 'name="variant" value="FR"' in html


def test_starting_a_drill_redirects_to_its_first_question_and_htmx_gets_a_client_redirect(
    client, trainee, org
):
    client.force_login(trainee.user)
    url = reverse("drills:start", args=[org.slug])
    response = client.post(url, {"mode": "practice", "skill": "stub", "variant": "F7S"})
    session = DrillSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("drills:play", args=[org.slug, session.pk])
    response = client.post(url, {"mode": "speed", "skill": "stub"}, **HTMX)
    assert response.status_code == 200
    assert "HX-Redirect" in response.headers


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "nonsense"}, b"Select a valid choice"),
        ({"mode": "practice", "skill": "razz_order", "variant": "F7S"}, b"razz ordering is a razz skill"),
        ({"mode": "practice", "count": "999"}, b"less than or equal to 50"),
        ({"mode": "practice", "drill_set": "999999"}, b"This drill set does not exist"),
    ],
)
def test_a_drill_that_cannot_start_says_why_with_422_and_starts_nothing(client, trainee, org, data, message):
    client.force_login(trainee.user)
    response = client.post(reverse("drills:start", args=[org.slug]), data, **EN)
    assert response.status_code == 422
    assert message in response.content
    assert not DrillSession.objects.exists()


def test_the_question_page_is_a_full_page_and_the_answer_fragment_is_the_panel_and_the_marked_seats(
    client, trainee, org, issued
):
    question = issued(trainee, skill="bring_in", variant="F7S")
    client.force_login(trainee.user)
    page = client.get(urls(org, question)["play"], **EN).content.decode()
    assert "<html" in page
    assert 'id="question-main"' in page
    assert "Brings in" in page
    fragment = answer(client, org, question, htmx=True)
    assert fragment.status_code == 200
    html = fragment.content.decode()
    assert "<html" not in html
    # The table stays on the page; the seats the answer names are swapped into it (test_answer_swap).
    assert html.lstrip().startswith('<section class="drill__panel" id="question-panel"')
    assert fragment["HX-Retarget"] == "#question-panel"
    assert 'data-feedback="right"' in html
    assert "tseat--marked" in html


def test_a_plain_answer_post_redirects_to_the_answered_question(client, trainee, org, issued):
    question = issued(trainee, skill="stub", variant="F7S")
    client.force_login(trainee.user)
    response = answer(client, org, question, correct=False)
    assert response.status_code == 302
    assert response["Location"] == urls(org, question)["question"]
    html = client.get(response["Location"], **EN).content.decode()
    assert 'data-feedback="wrong"' in html
    assert "Correct answer" in html


@pytest.mark.parametrize(
    ("skill", "bad"),
    [
        ("bring_in", {"seat": "9", "amount": "200", "first_to_act": "1"}),
        ("bring_in", {"seat": "1", "amount": "two hundred", "first_to_act": "1"}),
        ("stub", {"stub": "3"}),
        ("rulings", {"ruling": "shrug"}),
        ("antes", {}),
        ("betting", {"seat": "1", "option": ["call"], "call": ""}),
    ],
)
def test_an_unreadable_answer_is_asked_again_with_422_and_nothing_is_stored(
    client, trainee, org, issued, skill, bad
):
    question = issued(trainee, skill=skill, variant="F7S")
    client.force_login(trainee.user)
    for extra in ({}, HTMX):
        response = client.post(urls(org, question)["answer"], bad, **EN, **extra)
        assert response.status_code == 422
        assert b"Check the answer" in response.content
    assert not Attempt.objects.exists()
    question.refresh_from_db()
    assert not hasattr(question, "attempt")


def test_a_second_submission_of_the_same_question_keeps_the_first_attempt(client, trainee, org, issued):
    question = issued(trainee, skill="bring_in", variant="FR")
    client.force_login(trainee.user)
    first = answer(client, org, question, correct=True, htmx=True)
    second = answer(client, org, question, correct=False, htmx=True)
    assert first.status_code == second.status_code == 200
    attempt = Attempt.objects.get()
    assert attempt.correct is True
    assert b'data-feedback="right"' in second.content


@pytest.mark.django_db(transaction=True)
def test_the_same_question_answered_twice_at_the_same_moment_yields_one_attempt():
    org = OrganisationFactory()
    trainee = MembershipFactory(organisation=org, role=Role.TRAINEE)
    session = session_start(
        organisation=org, trainee=trainee.user, mode="practice", skill="stub", variant="F7S"
    )
    question = current_question(session=session)
    data = form_data(question)
    barrier = threading.Barrier(4)
    statuses = []

    def post():
        client = Client()
        client.force_login(trainee.user)
        barrier.wait()
        statuses.append(client.post(urls(org, question)["answer"], data).status_code)
        connection.close()

    threads = [threading.Thread(target=post) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302] * 4
    assert Attempt.objects.filter(question=question).count() == 1


def test_another_trainees_session_and_question_are_not_found(client, trainee, org, issued):
    question = issued(trainee, skill="stub", variant="F7S")
    other = MembershipFactory(organisation=org, role=Role.TRAINEE)
    client.force_login(other.user)
    for name in ("play", "question", "result"):
        assert client.get(urls(org, question)[name]).status_code == 404
    assert client.post(urls(org, question)["answer"], form_data(question)).status_code == 404
    assert not Attempt.objects.exists()


def test_a_member_of_another_organisation_gets_404_and_anonymous_users_go_to_login(
    client, trainee, org, issued
):
    question = issued(trainee, skill="stub", variant="F7S")
    stranger = MembershipFactory(role=Role.OWNER)
    for name, url in urls(org, question).items():
        client.logout()
        response = client.get(url) if name != "answer" else client.post(url, {})
        assert response.status_code == 302, name
        assert "/login/" in response["Location"], name
        client.force_login(stranger.user)
        response = client.get(url) if name != "answer" else client.post(url, {})
        assert response.status_code == 404, name


def test_wrong_methods_answer_405(client, trainee, org, issued):
    question = issued(trainee, skill="stub", variant="F7S")
    client.force_login(trainee.user)
    assert client.get(urls(org, question)["answer"]).status_code == 405
    assert client.post(urls(org, question)["play"]).status_code == 405
    assert client.get(reverse("drills:start", args=[org.slug])).status_code == 405
    assert client.get(reverse("drills:deck", args=[org.slug])).status_code == 405


@pytest.mark.parametrize(("skill", "game"), SKILL_GAMES)
def test_the_question_page_never_holds_the_answer_before_it_is_given(
    client, trainee, org, start, skill, game
):
    client.force_login(trainee.user)
    session = start(trainee, skill=skill, variant=game, count=3)
    for _ in range(3):
        html = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
        question = Question.objects.get(session=session, attempt__isnull=True)
        expected = question.expected
        for language in ("en", "ja"):
            assert escape(expected["explanation"][language]) not in html
        assert "tseat--marked" not in html
        assert "Correct answer" not in html
        assert "data-feedback" not in html
        # The house rules in force are shown on purpose (they name RP-10 H, for one), and so is
        # the rule every stub question asks about (its procedure legend); the citations of this
        # answer must appear nowhere else.
        without_house_rules = re.sub(
            r'<details class="table-notes__rules">.*?</details>', "", html, flags=re.S
        )
        if question.kind == "stub":
            without_house_rules = re.sub(
                r"<legend>[^<]*<a [^>]*>TDA 2024 RP-10 H</a>[^<]*</legend>", "", without_house_rules
            )
        for rule in expected["rules"]:
            assert rule not in without_house_rules, rule
        attempt_submit(question=question, given={})


def test_the_question_page_of_an_authored_scenario_and_of_a_walk_holds_no_answer(
    client, trainee, org, start, instructor
):
    from dealer_training.scenarios.models import DrillSet
    from tests.scenarios.factories import add_item, make_scenario

    scenario = make_scenario(org, user=instructor.user)
    drill_set = DrillSet.objects.create(organisation=org, title="Kings")
    add_item(drill_set, scenario=scenario)
    client.force_login(trainee.user)
    for session in (start(trainee, drill_set=drill_set), start(trainee, mode="walk", variant="FR")):
        html = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
        question = Question.objects.get(session=session)
        assert escape(question.expected["explanation"]["en"]) not in html
        assert "tseat--marked" not in html


def _history(org, trainee, count):
    for i in range(count):
        skill = Skill.values[i % len(Skill.values)]
        game = "FR" if skill == "razz_order" else ("F7S", "FR", "F7S/8")[i % 3]
        session = session_start(
            organisation=org, trainee=trainee.user, mode="practice", skill=skill, variant=game
        )
        question = current_question(session=session)
        attempt_submit(question=question, given=form_data(question, correct=i % 3 != 0))


# At most this many queries per request on the question page and on the answer (the issue of a
# question, the session's lookup, the login's and the organisation's included), whatever the
# trainee's history and the room's pool of authored scenarios.
QUERY_LIMIT = 8


@pytest.mark.parametrize("earlier", [0, 60])
@pytest.mark.parametrize(
    "mode",
    [
        {"mode": "practice", "skill": "bring_in", "variant": "FR"},
        {"mode": "speed", "skill": "side_pots", "variant": "F7S/8"},
        {"mode": "review"},
        {"mode": "walk", "variant": "FR", "walk_level": "table_ready"},
        {"mode": "practice", "variant": "NT"},
    ],
    ids=["practice", "speed", "review", "walk", "holdem"],
)
@pytest.mark.django_db(transaction=True)
def test_the_question_and_answer_views_run_at_most_eight_queries_whatever_the_history(
    client, trainee, instructor, org, start, django_assert_max_num_queries, earlier, mode, monkeypatch
):
    """Counted as in production: each request in autocommit (no test transaction around it, so no
    savepoints), the follow-up tasks queued for a worker rather than run in the request."""
    from dealer_training.celery import app
    from tests.scenarios.factories import make_scenario

    monkeypatch.setitem(app.conf, "task_always_eager", False)

    _history(org, trainee, earlier)
    # A pool of authored scenarios of the drilled skills, so that some questions come from it.
    for n in range(3):
        make_scenario(org, user=instructor.user, title=f"Pool {n}")
    session = start(trainee, count=6, seed="pooled", **mode)  # a seed that draws from the pool
    client.force_login(trainee.user)
    # The first page of the organisation after logging in notes it in the login session (a write
    # made once per login, not per question).
    client.get(reverse("drills:index", args=[org.slug]))
    play = reverse("drills:play", args=[org.slug, session.pk])
    for n in range(6):
        # The first question loads as a page, the next ones as "Next question" swaps them in (htmx).
        next_by_htmx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "main"} if n else {}
        with django_assert_max_num_queries(QUERY_LIMIT):  # issues the next question
            page = client.get(play, **next_by_htmx)
        assert page.status_code == 200
        with django_assert_max_num_queries(QUERY_LIMIT):  # the question waiting
            client.get(play)
        question = Question.objects.get(session=session, attempt__isnull=True)
        with django_assert_max_num_queries(QUERY_LIMIT):
            response = answer(client, org, question, htmx=True)
        assert response.status_code == 200
    assert Attempt.objects.filter(session=session).count() == 6
    if mode["mode"] == "practice" and mode["variant"] == "FR":  # the pool was drawn from
        assert Question.objects.filter(session=session, scenario_version__isnull=False).exists()
    # The review schedule was left to the worker (queued, not run in the requests).
    assert Attempt.objects.filter(session=session, review_pending=True).count() == 6


def test_answering_works_while_the_broker_is_down_and_the_follow_ups_are_sent_when_it_is_back(
    client, trainee, org, issued, monkeypatch, django_capture_on_commit_callbacks, caplog
):
    from kombu.exceptions import OperationalError

    from dealer_training.drills import tasks as drill_tasks
    from dealer_training.drills.models import ReviewCard
    from dealer_training.infra.models import UnsentTask
    from dealer_training.infra.tasks import send_unsent
    from dealer_training.progress import tasks
    from dealer_training.progress.models import SkillProgress

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to the broker. Connection refused.")

    follow_ups = (tasks.rollup_refresh, drill_tasks.review_catch_up)
    real = {task.name: task.apply_async for task in follow_ups}
    for task in follow_ups:
        monkeypatch.setattr(task, "apply_async", broker_down)
    question = issued(trainee, skill="stub", variant="F7S")
    client.force_login(trainee.user)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = answer(client, org, question, htmx=True)
    assert response.status_code == 200
    assert b"data-feedback" in response.content
    assert len(callbacks) == 2
    assert Attempt.objects.filter(question=question).count() == 1
    assert "broker unreachable" in caplog.text
    assert sorted(UnsentTask.objects.values_list("task", flat=True)) == sorted(real)
    assert not SkillProgress.objects.exists()
    assert not ReviewCard.objects.exists()
    assert Attempt.objects.get(question=question).review_pending

    for task in follow_ups:  # the broker is back
        monkeypatch.setattr(task, "apply_async", real[task.name])
    assert send_unsent.apply().get() == 2
    assert not UnsentTask.objects.exists()
    assert SkillProgress.objects.get(trainee=trainee.user, skill="stub").attempts == 1
    assert ReviewCard.objects.get(trainee=trainee.user, skill="stub").last_review_at is not None
    assert not Attempt.objects.get(question=question).review_pending


def test_an_answer_queues_its_rollup_refresh_once_committed(
    client, trainee, org, issued, monkeypatch, django_capture_on_commit_callbacks
):
    from dealer_training.progress import tasks

    sent = []
    monkeypatch.setattr(tasks.rollup_refresh, "apply_async", lambda **kwargs: sent.append(kwargs["kwargs"]))
    question = issued(trainee, skill="stub", variant="F7S")
    client.force_login(trainee.user)
    with django_capture_on_commit_callbacks(execute=True):
        answer(client, org, question, htmx=True)
    assert [(s["skill"], s["variant"], s["trainee_id"]) for s in sent] == [("stub", "F7S", trainee.user.pk)]


def test_the_start_button_of_an_assignment_starts_its_drill_set_without_a_mode(
    client, trainee, org, instructor
):
    from dealer_training.scenarios.models import DrillSet
    from tests.scenarios.factories import add_item, assign

    drill_set = DrillSet.objects.create(organisation=org, title="Stubs")
    add_item(drill_set, skill="stub", variant="F7S", count=2)
    assign(drill_set, trainee=trainee.user)
    client.force_login(trainee.user)
    response = client.post(reverse("drills:start", args=[org.slug]), {"drill_set": drill_set.pk})
    session = DrillSession.objects.get()
    assert response.status_code == 302
    assert (session.mode, session.drill_set, session.planned_count) == ("practice", drill_set, 2)


@pytest.mark.parametrize("variant", ["F7S", "NT"])
def test_the_pots_form_has_a_row_for_every_pot_a_hand_can_make(client, trainee, org, start, variant):
    """Many short stacks make many pots: every one of them must be enterable, in stud and hold'em."""
    client.force_login(trainee.user)
    most = 0
    for n in range(40):
        kwargs = {"topic": "pots"} if variant == "NT" else {"skill": "side_pots"}
        session = start(trainee, variant=variant, seed=f"pots-{n}", count=1, **kwargs)
        question = current_question(session=session)
        if question.kind != "pots":
            continue
        pots = question.expected["answer"]["pots"]
        page = client.get(urls(org, question)["play"], **EN).content.decode()
        rows = len(re.findall(r'name="pots_amount_\d+"', page))
        seats = len(re.findall(r'name="pots_eligible_0"', page))
        assert rows >= max(len(pots), seats)
        if len(pots) > most:
            most = len(pots)
            response = answer(client, org, question, htmx=True)
            assert 'data-feedback="right"' in response.content.decode()
    assert most >= 3


def _correct_answer_box(html: str) -> str:
    start = html.index("data-compare")
    return html[start : html.index("</table>", start)]


@pytest.mark.parametrize("correct", [True, False])
def test_the_correct_answer_of_a_first_to_act_question_names_the_seat_and_no_empty_options_row(
    client, trainee, org, issued, correct
):
    client.force_login(trainee.user)
    question = issued(trainee, skill="first_to_act", variant="F7S", seed="first")
    assert question.fields == ["seat"]
    html = answer(client, org, question, correct=correct, htmx=True).content.decode()
    box = _correct_answer_box(html)
    assert re.findall(r'<th scope="row" class="answer-compare__label">(.*?)</th>', box) == ["Next to act"]
    assert "Options" not in box


def test_the_award_answer_sets_each_seats_chips_apart_from_its_seat_number():
    from django.utils import translation

    from dealer_training.scenarios.present import answer_lines
    from games.solve import solve
    from games.stud.generate import generate

    document = generate(kind="award", focus="odd_chips", variant="F7S/8", seed=2)
    answer = solve(document)["answer"]
    with translation.override("en"):
        lines = dict(answer_lines("F7S/8", "award", answer, ["awards"]))
    totals = lines["Chips received"]
    # "Seat 3 1,400" ran the seat number into the amount.
    assert totals == ", ".join(f"Seat {seat}: {amount:,}" for seat, amount in answer["awards"].items())
    assert re.search(r"Seat \d+: [\d,]+$", lines["Main pot"])


@pytest.mark.parametrize(("language", "word"), [("en", "Procedure"), ("ja", "手順")])
def test_the_stub_procedure_legend_names_the_rule_as_the_reference_does_and_links_to_it(
    client, trainee, org, issued, language, word
):
    from dealer_training.scenarios.citations import reference_url

    client.force_login(trainee.user)
    question = issued(trainee, skill="stub", variant="F7S")
    html = client.get(urls(org, question)["play"], HTTP_ACCEPT_LANGUAGE=language).content.decode()
    field = html.index('name="procedure"')
    start = html.rindex("<legend>", 0, field)
    legend = html[start : html.index("</legend>", start)]
    link = f'<a class="citation" href="{reference_url(org.slug, "TDA 2024 RP-10 H")}">TDA 2024 RP-10 H</a>'
    assert word in legend
    assert link in legend


def _seats(question):
    from games.table import table_view

    return [seat["seat"] for seat in table_view(question.document)["seats"]]


def _pots_question(issued, trainee, seats_wanted):
    for n in range(40):
        question = issued(trainee, skill="antes", variant="F7S", seed=f"eight-{n}")
        if len(_seats(question)) >= seats_wanted:
            return question
    raise AssertionError(f"no pots question with {seats_wanted} seats in 40 seeds")


def _rows(html):
    return re.findall(r'<div class="pot-row[^"]*" data-pot-row="(\d+)"( data-pot-extra)?>', html)


def test_the_pots_form_shows_the_main_pot_and_one_side_pot_and_keeps_the_other_rows_for_the_add_button(
    client, trainee, org, issued
):
    client.force_login(trainee.user)
    question = _pots_question(issued, trainee, 7)
    seats = len(_seats(question))
    html = client.get(urls(org, question)["play"], **EN).content.decode()
    rows = _rows(html)
    # Every row is in the page (the form works without the script), named as the parser reads it.
    assert [int(i) for i, _ in rows] == list(range(seats))
    assert [bool(extra) for _, extra in rows] == [False, False] + [True] * (seats - 2)
    assert len(re.findall(r'name="pots_eligible_0"', html)) == seats
    assert "Add a side pot" in html
    assert "data-pot-add" in html


def test_a_refused_pots_answer_comes_back_with_its_values_and_every_row_up_to_the_last_filled_one_shown(
    client, trainee, org, issued
):
    client.force_login(trainee.user)
    question = _pots_question(issued, trainee, 6)
    seats = _seats(question)
    data = {
        "pots_amount_0": "800",
        "pots_eligible_0": [str(s) for s in seats],
        "pots_eligible_3": [str(seats[1])],
    }
    response = client.post(urls(org, question)["answer"], data, **EN)
    assert response.status_code == 422
    html = response.content.decode()
    assert [bool(extra) for _, extra in _rows(html)] == [False] * 4 + [True] * (len(seats) - 4)
    assert re.search(r'name="pots_amount_0" [^>]* value="800"', html)
    ticked = re.findall(r'name="pots_eligible_(\d)" value="(\d)" aria-label="[^"]*" checked', html)
    assert ticked == [("0", str(s)) for s in seats] + [("3", str(seats[1]))]
    # The row that lacks its amount says so where it is.
    row = html[html.index('data-pot-row="3"') : html.index('data-pot-row="4"')]
    assert "Enter an amount." in row
    assert not Attempt.objects.filter(question=question).exists()
