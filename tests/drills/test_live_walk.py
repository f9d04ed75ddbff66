"""The live table of a hand walk: levels chosen and kept, hints by level, the moves the page plays
(never the answer before it is given), and the hand going on after a right and a wrong answer."""

import json
import re

import pytest
from django.test import TestCase
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from dealer_training.drills.models import DrillSession, Question
from dealer_training.drills.present import marked_seats, walk_action_text
from dealer_training.drills.services import _walk_steps, attempt_submit, current_question
from dealer_training.drills.walk_levels import LEVELS, error_rate_of
from dealer_training.scenarios.labels import EVENT_TYPES, RULINGS
from games.api import action_after, walk

from .conftest import EN, HTMX, answer, urls
from .helpers import form_data

DATA = re.compile(r'<script id="live-data" type="application/json">(.*?)</script>', re.S)


def _page(client, org, session):
    return client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()


def _data(html):
    found = DATA.search(html)
    assert found, "the page carries no live-table data"
    return json.loads(found[1])


def _walk(client, trainee, org, start, level, variant="F7S", seed="live-1"):
    client.force_login(trainee.user)
    return start(trainee, mode="walk", variant=variant, walk_level=level, seed=seed)


def test_the_walk_form_offers_every_level_with_practice_chosen(client, trainee, org):
    client.force_login(trainee.user)
    html = client.get(reverse("drills:index", args=[org.slug]), **EN).content.decode()
    form = html[html.index('class="walk-form"') :]
    for code in LEVELS:
        assert f'name="walk_level" value="{code}"' in form
    assert 'name="walk_level" value="practice" checked' in form
    assert "Table-ready" in form


@pytest.mark.parametrize(
    ("sent", "kept"), [("learn", "learn"), ("table_ready", "table_ready"), (None, "practice")]
)
def test_a_walk_keeps_the_level_it_was_started_at(client, trainee, org, sent, kept):
    client.force_login(trainee.user)
    data = {"mode": "walk", "variant": "FR", **({"walk_level": sent} if sent else {})}
    response = client.post(reverse("drills:start", args=[org.slug]), data)
    assert response.status_code == 302
    assert DrillSession.objects.get().walk_level == kept


def test_an_unknown_level_is_refused_with_422_and_starts_nothing(client, trainee, org):
    client.force_login(trainee.user)
    response = client.post(
        reverse("drills:start", args=[org.slug]),
        {"mode": "walk", "variant": "F7S", "walk_level": "expert"},
        **EN,
    )
    assert response.status_code == 422
    assert b"Level" in response.content
    assert not DrillSession.objects.exists()


def test_the_levels_raise_the_share_of_irregularities_and_an_old_walk_has_none():
    rates = [LEVELS[code].error_rate for code in ("learn", "guided", "practice", "table_ready")]
    assert rates == sorted(rates)
    assert rates[0] == 0
    assert error_rate_of("") == 0.0


def test_learn_shows_the_rule_and_the_seats_before_answering_and_practice_shows_no_hint(
    client, trainee, org, start
):
    learn = _walk(client, trainee, org, start, "learn")
    html = _page(client, org, learn)
    assert "Dealer decision required" in html
    assert "data-live-hint data-live-hint-seats" in html
    assert "Look at:" in html
    assert "data-live-hint-button" not in html
    practice = _walk(client, trainee, org, start, "practice", seed="live-2")
    html = _page(client, org, practice)
    assert "Dealer decision required" in html
    assert "data-live-hint" not in html
    assert "Look at:" not in html


def test_a_hint_never_names_the_answer_a_step_asks(client, trainee, org, start):
    """Action and round-over steps read the same hint: which one a step is would be the answer."""
    session = _walk(client, trainee, org, start, "learn")
    hints = {}
    for _ in range(session.planned_count):
        question = current_question(session=session)
        if question is None:
            break
        html = _page(client, org, session)
        hint = html[
            html.index("data-live-hint-seats") : html.index("</div>", html.index("data-live-hint-seats"))
        ]
        hints.setdefault(question.walk_stage, set()).add(
            re.sub(r'data-live-hint-seats="[^"]*"|Look at:.*', "", hint)
        )
        assert escape(question.expected["explanation"]["en"]) not in html
        answer(client, org, question)
    assert hints["action"] == hints["round_over"]


@pytest.mark.parametrize(("lang", "look"), [("en", "Look at: Seat "), ("ja", "見るべき席：")])
def test_the_hint_shows_the_engines_rule_and_seats_in_the_pages_language(
    client, trainee, org, start, lang, look
):
    from games.api import hint, table_view

    session = _walk(client, trainee, org, start, "learn", variant="FR", seed="live-4")
    stages = set()
    for _ in range(session.planned_count):
        question = current_question(session=session)
        if question is None:
            break
        html = client.get(
            reverse("drills:play", args=[org.slug, session.pk]), HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
        part = html[
            html.index("data-live-hint-seats") : html.index("</div>", html.index("data-live-hint-seats"))
        ]
        tip = hint(table_view(question.document), stage=question.walk_stage, game="FR")
        for text in tip.texts(lang):
            assert f"<p>{escape(text)}</p>" in part, (question.walk_stage, text)
        assert f'data-live-hint-seats="{" ".join(str(s) for s in tip.seats)}"' in part
        assert look in part
        stages.add(question.walk_stage)
        answer(client, org, question)
    assert {"antes", "bring_in", "action", "award"} <= stages


def test_guided_shows_the_hint_only_on_request_and_records_it(client, trainee, org, start):
    session = _walk(client, trainee, org, start, "guided")
    html = _page(client, org, session)
    question = Question.objects.get(session=session)
    assert "data-live-hint-button" in html
    assert "Look at:" not in html
    hint_url = reverse("drills:hint", args=[org.slug, question.pk])
    response = client.post(hint_url, **EN, **HTMX)
    assert response.status_code == 200
    assert b"Look at:" in response.content
    question.refresh_from_db()
    assert question.hint_shown_at is not None
    assert question.aided
    html = _page(client, org, session)
    assert "Look at:" in html
    assert "data-live-hint-button" not in html
    response = answer(client, org, question, htmx=True)
    assert b"Answered with a hint" in response.content
    # The next question starts without its hint; asking without htmx comes back to the page.
    following = current_question(session=session)
    assert not following.aided
    response = client.post(reverse("drills:hint", args=[org.slug, following.pk]))
    assert response.status_code == 302
    following.refresh_from_db()
    assert following.hint_shown_at is not None


def test_a_right_answer_made_with_a_hint_comes_back_for_review_sooner(client, trainee, org, start):
    from dealer_training.drills.models import ReviewCard
    from tests.factories import MembershipFactory

    other = MembershipFactory(organisation=org, role=trainee.role)
    due = {}
    for member, hinted in ((trainee, True), (other, False)):
        session = start(member, mode="walk", variant="F7S", walk_level="guided", seed="live-7")
        question = current_question(session=session)
        if hinted:
            client.force_login(member.user)
            client.post(reverse("drills:hint", args=[org.slug, question.pk]))
        with TestCase.captureOnCommitCallbacks(execute=True):
            attempt_submit(question=question, given=form_data(question), now=question.issued_at)
        due[hinted] = ReviewCard.objects.get(trainee=member.user).due_at
    assert due[True] < due[False]


def test_a_hint_asked_after_the_answer_or_at_a_level_without_hints_is_not_recorded(
    client, trainee, org, start
):
    session = _walk(client, trainee, org, start, "guided")
    question = current_question(session=session)
    answer(client, org, question)
    client.post(reverse("drills:hint", args=[org.slug, question.pk]))
    question.refresh_from_db()
    assert question.hint_shown_at is None
    assert not question.aided
    practice = _walk(client, trainee, org, start, "practice", seed="live-3")
    question = current_question(session=practice)
    response = client.post(reverse("drills:hint", args=[org.slug, question.pk]), **EN)
    assert response.status_code == 409
    question.refresh_from_db()
    assert question.hint_shown_at is None
    assert client.get(reverse("drills:hint", args=[org.slug, question.pk])).status_code == 405


def test_another_trainee_cannot_ask_for_a_hint(client, trainee, org, start):
    from tests.factories import MembershipFactory

    session = _walk(client, trainee, org, start, "guided")
    question = current_question(session=session)
    other = MembershipFactory(organisation=org, role=trainee.role)
    client.force_login(other.user)
    assert client.post(reverse("drills:hint", args=[org.slug, question.pk])).status_code == 404
    question.refresh_from_db()
    assert question.hint_shown_at is None


def test_the_first_step_puts_the_antes_in_and_pitches_every_seat_its_cards(client, trainee, org, start):
    session = _walk(client, trainee, org, start, "practice")
    data = _data(_page(client, org, session))
    moves = data["events"]
    question = Question.objects.get(session=session)
    seats = len(question.document["starting_stacks"])
    assert moves[0]["t"] == "antes"
    assert len(moves[0]["seats"]) >= seats - 1
    deals = [m for m in moves if m["t"] == "deal"]
    assert [m["seat"] for m in deals] == list(range(1, seats + 1))
    assert all(m["down"] == 2 and m["up"] == 1 for m in deals)
    assert data["level"] == "practice"
    assert data["push"] == []


@pytest.mark.parametrize(("variant", "seed"), [("F7S", "live-1"), ("FR", "live-9"), ("F7S/8", "live-5")])
def test_the_page_data_never_holds_the_answer_before_it_is_given(client, trainee, org, start, variant, seed):
    session = _walk(client, trainee, org, start, "table_ready", variant=variant, seed=seed)
    seen_chips = 0
    for _ in range(session.planned_count):
        question = current_question(session=session)
        if question is None:
            break
        html = _page(client, org, session)
        data = _data(html)
        text = json.dumps(data)
        stop = {"stop"} if question.walk_stage == "dealer_error" else set()
        assert set(data) == {"level", "pace", "events", "push"} | stop
        assert data["push"] == []
        assert "answer" not in text
        assert "expected" not in text
        assert escape(question.expected["explanation"]["en"]) not in html
        moves = [m for m in data["events"] if m.get("seat") is not None and m["t"] != "deal"]
        seen_chips += sum(1 for m in moves if m["t"] == "chips")
        if question.walk_action:
            # The action the player takes once this decision is made is not on the page yet.
            _record, seat, _street = action_after(question.document, question.walk_action)
            assert not moves or moves[-1]["seat"] != seat, question.walk_stage
        assert answer(client, org, question).status_code == 302
        after = _data(client.get(urls(org, question)["question"], **EN).content.decode())
        assert after["events"] == []
        if question.walk_stage == "award":
            # Once answered, the pot goes to the seats the correct answer names.
            assert after["push"]
            assert after["push"] == marked_seats(question)
    assert seen_chips > 0
    assert DrillSession.objects.get(pk=session.pk).finished_at is not None


def test_right_and_wrong_answers_both_go_on_with_the_hand(client, trainee, org, start):
    session = _walk(client, trainee, org, start, "practice")
    first = current_question(session=session)
    response = answer(client, org, first, correct=False, htmx=True)
    html = response.content.decode()
    assert 'data-feedback="wrong"' in html
    assert "Correct answer" in html
    second = current_question(session=session)
    assert second.position == 1
    assert second.walk_stage == "bring_in"
    # The hand went on as it was dealt: the next decision's table is the one the right answer leads to.
    assert second.document["actions"][: len(first.document["actions"])] == first.document["actions"]
    response = answer(client, org, second, htmx=True)
    assert 'data-feedback="right"' in response.content.decode()
    third = current_question(session=session)
    assert third.position == 2
    assert "Dealer decision required" in _page(client, org, session)


def test_table_ready_runs_the_clock_and_counts_down_after_a_right_answer_only(client, trainee, org, start):
    session = _walk(client, trainee, org, start, "table_ready")
    html = _page(client, org, session)
    assert "data-clock" in html
    question = current_question(session=session)
    right = answer(client, org, question, htmx=True).content.decode()
    assert "data-live-auto=" in right
    assert "data-live-stop" in right
    following = current_question(session=session)
    wrong = answer(client, org, following, correct=False, htmx=True).content.decode()
    assert "data-live-auto=" not in wrong
    practice = _walk(client, trainee, org, start, "practice", seed="live-4")
    assert "data-clock" not in _page(client, org, practice)


def test_a_stage_the_page_does_not_know_is_asked_as_a_stop_of_the_hand(client, trainee, org, start):
    session = _walk(client, trainee, org, start, "learn")
    question = current_question(session=session)
    Question.objects.filter(pk=question.pk).update(walk_stage="dealer_error")
    html = _page(client, org, session)
    assert "Stop the hand" in html
    assert "Dealer decision required" not in html
    assert "data-answer-form" in html
    assert "Compare what just happened" in html


def test_the_walk_narration_ends_each_sentence_as_its_language_does(trainee, org, start):
    session = start(trainee, mode="walk", variant="F7S", seed="live-1")
    for _ in range(session.planned_count):
        question = current_question(session=session)
        if question.walk_action:
            break
        attempt_submit(question=question, given={})
    with translation.override("ja"):
        text = walk_action_text(question)
    assert text.endswith("。")
    assert not text.endswith(".")
    with translation.override("en"):
        assert walk_action_text(question).endswith(".")


def test_a_walk_has_its_level_s_share_of_dealer_errors_and_its_steps_follow_from_the_session(
    trainee, org, start
):
    counts = {}
    for level in ("learn", "guided", "practice", "table_ready"):
        session = start(trainee, mode="walk", variant="F7S", walk_level=level, seed="errors-1")
        steps = _walk_steps(org, "F7S", "errors-1", level)
        assert session.planned_count == len(steps)
        plain = _walk_steps(org, "F7S", "errors-1", "")
        assert [s.stage for s in steps if s.stage != "dealer_error"] == [s.stage for s in plain]
        counts[level] = sum(1 for s in steps if s.stage == "dealer_error")
        for position, step in enumerate(steps[:12]):
            question = current_question(session=session)
            assert question.position == position
            assert question.walk_stage == step.stage
            assert question.document == step.document
            attempt_submit(question=question, given=form_data(question, correct=position % 2 == 0))
    assert counts["learn"] == 0
    assert counts["table_ready"] > 0
    # A walk made before the levels (no level) keeps the steps it was started with: no errors.
    assert error_rate_of("") == 0.0
    old = _walk_steps(org, "F7S", "errors-1", "")
    assert not [s for s in old if s.stage == "dealer_error"]
    assert len(walk(variant="F7S", seed="errors-1")) == len(
        [s for s in walk(variant="F7S", seed="errors-1", error_rate=0.3) if s.stage != "dealer_error"]
    )


def _outside_the_form(html):
    """The page less its answer form (whose choices list every error and remedy by name)."""
    start = html.index("data-answer-form")
    start = html.rindex("<form", 0, start)
    return html[:start] + html[html.index("</form>", start) :]


@pytest.mark.parametrize("level", ["guided", "practice", "table_ready"])
def test_a_dealer_error_is_drawn_by_its_facts_and_never_named_before_the_answer(
    client, trainee, org, start, level
):
    stops = 0
    for n, variant in enumerate(("F7S", "FR", "F7S/8")):
        session = _walk(client, trainee, org, start, level, variant=variant, seed=f"stop-{n}")
        for _ in range(session.planned_count):
            question = current_question(session=session)
            if question is None:
                break
            html = _page(client, org, session)
            data = _data(html)
            if question.walk_stage != "dealer_error":
                assert "stop" not in data
                assert "data-live-stop-say" not in html
                assert answer(client, org, question).status_code == 302
                continue
            stops += 1
            expected = question.expected["answer"]
            assert "Stop the hand" in html
            assert "Dealer decision required" not in html
            said = re.search(r"<p class=\"live-stop-say\" data-live-stop-say>(.*?)</p>", html, re.S)
            assert said is not None
            assert said[1].strip()
            shown = _outside_the_form(html)
            text = json.dumps(data)
            for code in (expected["error"], expected["remedy"]):
                assert code not in shown, (code, question.walk_stage)
                assert code not in text
            for label in (EVENT_TYPES[expected["error"]], RULINGS[expected["remedy"]]):
                assert escape(str(label)) not in shown
                assert str(label) not in text
            assert escape(question.expected["explanation"]["en"]) not in html
            assert set(data["stop"]) <= {"seat", "street", "card", "action", "held", "say", "push"}
            # Answered: the feedback names the error and the remedy, and the hand goes on.
            feedback = answer(client, org, question, htmx=True).content.decode()
            assert 'data-feedback="right"' in feedback
            assert escape(str(EVENT_TYPES[expected["error"]])) in feedback
            assert escape(str(RULINGS[expected["remedy"]])) in feedback
            following = current_question(session=session)
            if following is not None:
                assert following.walk_stage != "dealer_error"
                assert following.document["actions"] == question.document["actions"]
        assert DrillSession.objects.get(pk=session.pk).finished_at is not None
    assert stops > 0
