"""The menus every page draws are drawn once per process: the language buttons per language, the
organisation's menu per set of links and language; another input draws differently."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy

from dealer_training.accounts.menus import language_buttons_html, nav_html
from dealer_training.accounts.nav import NavLink


def test_the_language_buttons_press_the_page_language_once_per_language():
    with translation.override("en"):
        english = language_buttons_html()
        assert language_buttons_html() is english
    with translation.override("ja"):
        japanese = language_buttons_html()
    assert 'value="en" lang="en"\n                  aria-pressed="true"' in english
    assert 'value="ja" lang="ja"\n                  aria-pressed="true"' in japanese
    assert ">Language<" in english
    assert ">言語<" in japanese


def test_the_menu_is_drawn_once_per_links_and_language():
    links = [
        NavLink(url="/o/ginza/drills/", label=gettext_lazy("Drills"), current=True),
        NavLink(url="/o/ginza/progress/", label=gettext_lazy("Progress"), current=False),
    ]
    with translation.override("en"):
        english = nav_html(links)
        assert nav_html(list(links)) is english
        elsewhere = nav_html([NavLink(url="/o/shibuya/drills/", label=gettext_lazy("Drills"), current=False)])
    with translation.override("ja"):
        japanese = nav_html(links)
    assert '<a href="/o/ginza/drills/" aria-current="page">Drills</a>' in english
    assert '<a href="/o/ginza/progress/">Progress</a>' in english
    assert 'aria-label="Main"' in english
    assert 'aria-label="メイン"' in japanese
    assert ">Drills<" not in japanese
    assert 'href="/o/shibuya/drills/">Drills</a>' in elsewhere
    assert "/o/ginza/" not in elsewhere
