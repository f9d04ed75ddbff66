"""Hold'em, Flush Code Hack and ten-card stud drilled in the browser's pages, judged by the engine."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from dealer_training.drills.answer_form import parse
from dealer_training.drills.models import Attempt, DrillSession, Question
from dealer_training.drills.other_games import GAMES
from dealer_training.drills.services import current_question, session_start
from dealer_training.drills.topics import answer_fields
from dealer_training.progress.models import SkillProgress
from dealer_training.scenarios.present import answer_lines
from games.generate_other import FOCUSES, generate_other
from games.judge import judge
from games.solve import solve
from games.stud.scenario import load_scenario
from tests.factories import MembershipFactory

from .conftest import EN, HTMX
from .helpers import other_form_data

TOPICS = [(game.code, topic.kind) for game in GAMES.values() for topic in game.topics]


def _start(client, org, game, kind, count=2):
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "practice", "variant": game, "topic": kind, "count": count},
    )
    assert response.status_code == 302, response.content
    return DrillSession.objects.filter(variant=game).latest("pk")


def _pending(session):
    return Question.objects.get(session=session, attempt__isnull=True)


@pytest.mark.parametrize("correct", [True, False])
@pytest.mark.parametrize(("game", "kind"), TOPICS)
def test_every_question_of_the_other_games_is_answered_through_its_form_and_judged(
    client, trainee, org, game, kind, correct
):
    client.force_login(trainee.user)
    session = _start(client, org, game, kind)
    for _ in range(2):
        page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN)
        assert page.status_code == 200
        question = _pending(session)
        assert (question.variant, question.kind) == (game, kind)
        html = page.content.decode()
        assert escape(question.expected["explanation"]["en"]) not in html  # nothing of the answer before it
        assert "tseat--marked" not in html
        response = client.post(
            reverse("drills:answer", args=[org.slug, question.pk]),
            other_form_data(question, correct=correct),
            **EN,
            **HTMX,
        )
        assert response.status_code == 200, response.content.decode()[-1500:]
        attempt = Attempt.objects.get(question=question)
        assert attempt.correct is correct, (attempt.answer, question.expected["answer"])
        assert f'data-feedback="{"right" if correct else "wrong"}"' in response.content.decode()
        # The explanation is shown whole; the rules it cites are links into the rules reference.
        shown = re.sub(r'<a class="citation" href="[^"]*">([^<]*)</a>', r"\1", response.content.decode())
        assert escape(question.expected["explanation"]["en"]) in shown


@pytest.mark.parametrize("game", list(GAMES))
def test_a_mixed_drill_of_a_game_asks_its_several_questions(client, trainee, org, game):
    client.force_login(trainee.user)
    session = _start(client, org, game, "", count=8)
    kinds = set()
    for _ in range(8):
        client.get(reverse("drills:play", args=[org.slug, session.pk]))
        question = _pending(session)
        kinds.add(question.kind)
        client.post(reverse("drills:answer", args=[org.slug, question.pk]), other_form_data(question))
    assert len(kinds) >= 2


@pytest.mark.parametrize(
    ("game", "kind", "bad"),
    [
        ("NT", "min_raise", {"seat": "1", "min_raise_to": "lots"}),
        ("FCH", "showdown_winner", {"winner": "9"}),
        ("T10S", "next_reveal", {}),
        ("T10S", "final_ranking", {"ranking_1": "x"}),
    ],
)
def test_an_unreadable_answer_of_another_game_is_422_and_nothing_is_stored(
    client, trainee, org, game, kind, bad
):
    client.force_login(trainee.user)
    session = _start(client, org, game, kind)
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    question = _pending(session)
    response = client.post(reverse("drills:answer", args=[org.slug, question.pk]), bad, **EN)
    assert response.status_code == 422
    assert not Attempt.objects.exists()


def test_another_trainees_question_of_another_game_is_not_found(client, trainee, org):
    client.force_login(trainee.user)
    session = _start(client, org, "NT", "pots")
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    question = _pending(session)
    client.force_login(MembershipFactory(organisation=org, role="trainee").user)
    assert client.get(reverse("drills:play", args=[org.slug, session.pk])).status_code == 404
    response = client.post(reverse("drills:answer", args=[org.slug, question.pk]), other_form_data(question))
    assert response.status_code == 404


@pytest.mark.parametrize(
    "data", [{"mode": "exam", "variant": "NT"}, {"mode": "practice", "variant": "NT", "topic": "x"}]
)
def test_the_other_games_start_only_as_practice_on_their_own_questions(client, trainee, org, data):
    client.force_login(trainee.user)
    assert client.post(reverse("drills:start", args=[org.slug]), data).status_code == 422
    assert not DrillSession.objects.exists()


def test_other_game_answers_count_in_the_progress_and_show_on_its_pages(
    client, trainee, instructor, org, django_capture_on_commit_callbacks
):
    client.force_login(trainee.user)
    session = _start(client, org, "FCH", "round_result")
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    question = _pending(session)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("drills:answer", args=[org.slug, question.pk]), other_form_data(question))
    assert Attempt.objects.filter(variant="FCH").count() == 1
    progress = SkillProgress.objects.get()
    assert (progress.skill, progress.variant, progress.attempts) == ("draw", "FCH", 1)
    for name in ("accounts:org_home", "drills:index"):
        assert client.get(reverse(name, args=[org.slug])).status_code == 200
    mine = client.get(reverse("progress:me", args=[org.slug]), **EN)
    assert "Flush Code Hack (five-card draw)" in mine.content.decode()
    assert "1 answer" in mine.content.decode()
    client.force_login(instructor.user)
    report = client.get(reverse("progress:cohort_report", args=[org.slug]), **EN)
    assert report.status_code == 200
    assert '<abbr title="Flush Code Hack (five-card draw)">Flush Code Hack</abbr>' in report.content.decode()
    assert client.get(reverse("progress:trainee_detail", args=[org.slug, trainee.user.pk])).status_code == 200


def test_the_ten_card_stud_deal_plays_step_by_step_to_the_result(client, trainee, org):
    client.force_login(trainee.user)
    url = reverse("drills:tenstud_deal", args=[org.slug])
    response = client.get(url)
    assert response.status_code == 302
    step = 0

    def table(html):
        return html[html.index("data-table") : html.index("</ul>", html.index("data-table"))]

    first = client.get(f"{url}?seed=fixed&step=3", **EN).content.decode()
    again = client.get(f"{url}?seed=fixed&step=3", **EN).content.decode()
    assert table(first) == table(again)  # the same seed, the same deal
    while True:
        html = client.get(f"{url}?seed=fixed&step={step}", **EN).content.decode()
        if "data-deal-result" in html:
            break
        assert f"step={step + 1}" in html
        if step:
            assert "reveals next" in html
        step += 1
        assert step < 30
    assert "Each player receives" in html
    assert client.get(f"{url}?seed=fixed&step={step + 1}").status_code == 404
    assert client.get(f"{url}?seed=fixed&step=-1").status_code == 400
    assert client.get(f"{url}?seed=bad%20seed&step=0").status_code == 400


def test_a_player_who_may_not_raise_is_answered_with_an_empty_amount(client, trainee, org):
    """TDA short all-in: the action is not reopened, so the minimum raise is "may not raise"."""
    client.force_login(trainee.user)
    for n in range(200):  # fixed seeds: the same questions on every run
        session = session_start(
            organisation=org,
            trainee=trainee.user,
            mode="practice",
            variant="NT",
            topic="min_raise",
            seed=f"mr{n}",
        )
        question = current_question(session=session)
        if question.expected["answer"]["min_raise_to"] is None:
            break
    else:
        pytest.fail("no hold'em question where the player may not raise in 200 seeds")
    url = reverse("drills:answer", args=[org.slug, question.pk])
    page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
    assert 'placeholder="none: leave empty"' in page  # the field allows none: left empty
    response = client.post(url, other_form_data(question, correct=True), **EN, **HTMX)
    html = response.content.decode()
    assert 'data-feedback="right"' in html
    row = re.search(r'data-field="min_raise_to" data-state="right">(.*?)</tr>', html, re.S)
    assert row is not None
    assert "Minimum raise to" in row.group(1)
    expected = r'answer-compare__expected[^>]*>\s*<span class="answer-compare__value">none</span>'
    assert re.search(expected, row.group(1))
    wrong = _start(client, org, "NT", "min_raise", count=1)
    other = current_question(session=wrong)
    data = other_form_data(other, correct=False)
    response = client.post(reverse("drills:answer", args=[org.slug, other.pk]), data, **EN, **HTMX)
    assert 'data-feedback="wrong"' in response.content.decode()


# The second betting phase has just ended (seat 3 called seat 4's raise): the draw comes next.
FCH_PHASE_JUST_OVER = {
    "variant": "FCH",
    "entry_fee": 200,
    "round": 5,
    "starting_stacks": [9600, 9600, 20000, 18400],
    "actions": [
        "d dh p1 7s6dKc7cQc", "d dh p2 Ts6c4c3s4d", "d dh p3 9cTcJs2dKd", "d dh p4 5s8d3d6sKh",
        "p1 cc", "p2 cc", "p3 cc", "p4 cc",
        "p1 sd Kc", "d dh p1 2h", "p2 sd", "p3 sd 9cJsKd", "d dh p3 2sQhJc", "p4 sd 8d6sKh", "d dh p4 9dJh4s",
        "p1 cc", "p2 cbr 500", "p3 cc", "p4 cbr 600", "p1 cc", "p2 cc", "p3 cc",
    ],
    "_question": {"kind": "phase_end"},
}  # fmt: skip
EVERYONE_ELSE_DROPS = {
    **FCH_PHASE_JUST_OVER,
    "actions": [*FCH_PHASE_JUST_OVER["actions"][:4], "p1 cbr 300", "p2 f", "p3 f", "p4 f"],
}


def _question_of(client, org, document):
    session = _start(client, org, "FCH", "phase_end", count=3)
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    question = _pending(session)
    Question.objects.filter(pk=question.pk).update(document=document, expected=solve(document), view=None)
    question.refresh_from_db()
    return session, question


def test_a_finished_betting_phase_is_answered_with_the_first_to_draw_as_the_form_asks(client, trainee, org):
    client.force_login(trainee.user)
    session, question = _question_of(client, org, FCH_PHASE_JUST_OVER)
    page = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
    assert "Phase complete" in page
    assert "once it is over: the first to draw" in page
    assert 'name="next" value="none"' in page  # nobody acts next when everyone else dropped
    url = reverse("drills:answer", args=[org.slug, question.pk])
    html = client.post(url, {"complete": "yes", "next": "1"}, **EN, **HTMX).content.decode()
    assert 'data-feedback="right"' in html
    assert "once it is over: the first to draw" in html
    # "Over, and nobody acts" is wrong: the draw comes next, and seat 1 draws first.
    client.get(reverse("drills:play", args=[org.slug, session.pk]))
    other = _pending(session)
    Question.objects.filter(pk=other.pk).update(
        document=FCH_PHASE_JUST_OVER, expected=question.expected, view=None
    )
    url = reverse("drills:answer", args=[org.slug, other.pk])
    html = client.post(url, {"complete": "yes", "next": "none"}, **EN, **HTMX).content.decode()
    assert 'data-feedback="wrong"' in html


def _dealer_reading(document):
    """What a dealer answers to the form's two questions, read off the round itself: is the
    phase over; who acts next (the next to bet, the first to draw, or nobody when everyone
    else dropped)."""
    scenario = load_scenario(document)
    state = scenario.replay()
    if state.phase in ("bet1", "bet2") and not state.betting_complete():
        return "no", str(scenario.seat(state.actor()))
    if state.phase == "over":
        return "yes", "none"
    return "yes", str(scenario.seat(state.in_round()[0]))


@pytest.mark.parametrize("focus", [*FOCUSES["FCH"]["phase_end"], "everyone_else_drops"])
def test_every_phase_end_question_is_judged_as_its_form_reads(focus):
    documents = (
        [EVERYONE_ELSE_DROPS]
        if focus == "everyone_else_drops"
        else [generate_other(kind="phase_end", variant="FCH", seed=s, focus=focus) for s in range(40)]
    )
    fields = answer_fields("FCH", "phase_end")
    for document in documents:
        complete, nxt = _dealer_reading(document)
        given = parse("FCH", "phase_end", fields, {"complete": complete, "next": nxt}, seats=[1, 2, 3, 4])
        verdict = judge(solve(document), given, fields=fields)
        assert verdict["correct"], (document["actions"], given, solve(document)["answer"])
        with translation.override("en"):
            lines = answer_lines("FCH", "phase_end", solve(document)["answer"], fields)
        shown = "Nobody" if nxt == "none" else f"Seat {nxt}"
        assert lines[-1][0].startswith("Next to act"), lines
        assert lines[-1][1] == shown, lines
