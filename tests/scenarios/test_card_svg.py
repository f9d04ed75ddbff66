"""Cards are drawn once per process: a face is memoized on its suit, text and name (the name is
in the page's language), a back on its name."""

from __future__ import annotations

from django.utils import translation

from dealer_training.scenarios.card_svg import back_svg, backs_svg, face_svg, faces_svg
from dealer_training.scenarios.labels import card_info


def _face(code: str, language: str) -> str:
    with translation.override(language):
        return face_svg(card_info(code))


def test_a_card_face_is_drawn_once_per_card_and_language():
    with translation.override("en"):
        assert face_svg(card_info("As")) is face_svg(card_info("As"))
    assert 'aria-label="A of spades"' in _face("As", "en")
    assert 'aria-label="スペードのA"' in _face("As", "ja")
    assert _face("As", "en").replace("A of spades", "スペードのA") == _face("As", "ja")


def test_different_cards_are_drawn_differently():
    ace, ten = _face("As", "en"), _face("Th", "en")
    assert 'class="scard scard--spades"' in ace
    assert 'class="scard scard--hearts"' in ten
    assert ">10</text>" in ten
    assert ">♥</text>" in ten
    assert ace != ten


def test_a_card_back_is_named_in_the_page_language():
    with translation.override("en"):
        english = back_svg()
        assert backs_svg(3) == english * 3
    with translation.override("ja"):
        japanese = back_svg()
    assert 'aria-label="Down card"' in english
    assert 'aria-label="ダウンカード"' in japanese


def test_faces_are_drawn_side_by_side_in_order():
    with translation.override("en"):
        cards = [card_info("As"), card_info("Th")]
        assert faces_svg(cards) == face_svg(cards[0]) + face_svg(cards[1])
        assert faces_svg([]) == ""
