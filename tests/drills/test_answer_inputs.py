"""The inputs of a fresh answer form are drawn once per process, memoized on the input, the page's
language, the organisation and the site's URL prefix; a form that shows a refused answer again
is drawn each time, with what was given and what was wrong."""

from __future__ import annotations

from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation

from dealer_training.drills import answer_form
from dealer_training.drills.answer_inputs import input_html
from dealer_training.drills.topics import answer_fields


def _inputs(kind: str = "next_action", seats: tuple[int, ...] = (1, 2, 5)) -> list[dict]:
    return answer_form.build("F7S", kind, answer_fields("F7S", kind), seats=seats, ranked=seats)


def _template_drawing(item: dict, **context: object) -> str:
    org = SimpleNamespace(slug="ginza")
    return render_to_string(
        item["template"], {"input": item, "current_org": org, "given": {}, "errors": {}, **context}
    )


def test_a_fresh_input_is_drawn_as_its_template_draws_it_once_per_language():
    drawn = {}
    for language in ("en", "ja"):
        with translation.override(language):
            for item in _inputs():
                html = input_html(item, org_slug="ginza")
                assert html == _template_drawing(item)
                assert input_html(item, org_slug="ginza") is html
            drawn[language] = input_html(_inputs()[1], org_slug="ginza")
    assert 'value="raise"' in drawn["en"]
    assert 'value="raise"' in drawn["ja"]
    assert drawn["en"] != drawn["ja"]


def test_inputs_over_other_seats_are_drawn_differently():
    with translation.override("en"):
        seat_field = input_html(_inputs(seats=(1, 2, 5))[0], org_slug="ginza")
        other_seats = input_html(_inputs(seats=(1, 3, 5))[0], org_slug="ginza")
    assert 'value="2"' in seat_field
    assert 'value="2"' not in other_seats
    assert 'value="3"' in other_seats


def test_a_refused_answer_is_drawn_with_what_was_given_never_from_the_memo():
    with translation.override("en"):
        options = _inputs()[1]
        fresh = input_html(options, org_slug="ginza")
        given, errors = {"call": "12x"}, {"call": "Not a whole number."}
        refused = input_html(options, org_slug="ginza", given=given, errors=errors)
        again = input_html(options, org_slug="ginza")
        assert refused == _template_drawing(options, given=given, errors=errors)
    assert 'value="12x"' in refused
    assert "Not a whole number." in refused
    assert 'value="12x"' not in fresh
    assert again is fresh


def test_a_fields_label_and_its_instruction_are_joined_in_the_pages_language():
    """The legend of a chips-by-seat, pots or ranking field joins its label and instruction with
    the language's colon (「：」 in Japanese, never an ASCII colon between Japanese words)."""
    legends = {}
    for kind in ("award", "pots", "best_hands"):
        for item in _inputs(kind):
            if item["template"].endswith(("chips_by_seat.html", "pots.html", "ranking.html")):
                for language in ("en", "ja"):
                    with translation.override(language):
                        html = _template_drawing(item)
                    legends[(item["template"], language)] = html.split("<legend>")[1].split("</legend>")[0]
    assert {template.rsplit("/", 1)[1] for template, _ in legends} == {
        "chips_by_seat.html",
        "pots.html",
        "ranking.html",
    }
    for (_template, language), legend in legends.items():
        if language == "ja":
            assert "：" in legend, legend
            assert ": " not in legend, legend
        else:
            assert ": " in legend, legend
