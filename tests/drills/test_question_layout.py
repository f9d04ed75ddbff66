"""The question page's frame: the clock in the panel's head with a drawn stopwatch (no glyph the
page's fonts may lack), its unit in the page's language, the answer form's head, inputs and
foot; an exam's time left in the same head."""

from pathlib import Path

from django.conf import settings
from django.urls import reverse

from dealer_training.drills.exams import exam_start
from dealer_training.drills.models import Mode
from dealer_training.scenarios.models import DrillSet
from tests.scenarios.factories import add_item

from .conftest import EN

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_speed_clock_sits_in_the_panel_head_with_a_drawn_stopwatch(client, trainee, org, start):
    session = start(trainee, mode=Mode.SPEED, skill="stub", variant="F7S")
    client.force_login(trainee.user)
    html = client.get(reverse("drills:play", args=[org.slug, session.pk]), **JA).content.decode()
    head = html[html.index('class="drill__panel-head"') : html.index("data-answer-form")]
    assert "data-clock " in head
    assert '<svg class="clock__over"' in head
    assert "秒" in head
    assert "⏱" not in html
    for part in ("answer-form__head", "answer-form__body", "answer-form__foot"):
        assert f'class="{part}"' in html


def test_no_stylesheet_or_keypad_draws_a_glyph_the_fonts_may_lack():
    for path in (STATIC / "css").glob("*.css"):
        assert "⏱" not in path.read_text(), path.name
    keypad = (Path(settings.BASE_DIR) / "templates/drills/_keypad_submit.html").read_text()
    assert "⌫" not in keypad


def test_an_exam_shows_its_time_limit_and_time_left_in_the_panel_head(client, trainee, org):
    exam = DrillSet.objects.create(organisation=org, title="Exam", is_exam=True, exam_minutes=20)
    add_item(exam, skill="bring_in", variant="F7S", count=2)
    session = exam_start(organisation=org, trainee=trainee.user, drill_set=exam, seed="x")
    client.force_login(trainee.user)
    html = client.get(reverse("drills:play", args=[org.slug, session.pk]), **EN).content.decode()
    head = html[html.index('class="drill__panel-head"') : html.index("data-answer-form")]
    assert "data-exam-ends" in head
    assert "data-ends-at=" in head
    assert "Time left:" in head
