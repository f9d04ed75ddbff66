"""The "vary this" page: each variation with its up cards, its answer in words and what changed."""

import re

from django.urls import reverse

from dealer_training.scenarios.models import Scenario
from games.vary.compare import dealt_cards
from tests.scenarios.factories import make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}

STUD_TIE = {
    "variant": "F7S",
    "antes": [100, 100, 100, 100, 100],
    "bring_in": 200,
    "small_bet": 500,
    "big_bet": 1000,
    "starting_stacks": [10000, 10000, 10000, 10000, 10000],
    "actions": ["d dh p1 4c5d9h", "d dh p2 5c6c3c", "d dh p3 7s8sQd", "d dh p4 2c2hJs", "d dh p5 Td8h3d"],
    "_ruleset": "tda-2024",
    "_question": {"kind": "bring_in"},
}
CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA])([cdhs])(?![A-Za-z])")


def _vary(client, org, scenario, lang=EN, **data):
    url = reverse("scenarios:vary", args=[org.slug, scenario.pk])
    return client.post(url, {"count": 3, "changes": ["suits", "seats"], "seed": 4, **data}, **lang)


def test_each_variation_is_listed_with_its_up_cards_answer_and_what_changed(login_as, instructor, org):
    scenario = make_scenario(org, document=STUD_TIE, title="Stud bring-in: 3c vs 3d tie")
    response = _vary(login_as(instructor), org, scenario)
    assert response.status_code == 200
    html = response.content.decode()
    made = list(Scenario.objects.filter(varied_from=scenario).order_by("pk"))
    assert len(made) == 3
    assert html.count('class="variation"') == 3
    assert html.count('class="variation__seat') >= 15  # five seats each
    assert 'class="pcard pcard--' in html
    assert "Brings in" in html  # the answer in words
    assert "Changed from the original:" in html
    assert re.search(r"3rd street up cards of seats? [0-9, and]+ changed|Players moved to seats", html)
    for variation in made:
        assert variation.title in html or variation.title.replace("&", "&amp;") in html
        cards = set(dealt_cards(variation.current_version.document))
        named = {rank + suit for rank, suit in CARD.findall(variation.title)}
        assert named, variation.title
        assert named <= cards, variation.title


def test_a_bring_in_that_moves_says_from_which_seat_to_which(login_as, instructor, org):
    scenario = make_scenario(org, document=STUD_TIE, title="Stud bring-in: 3c vs 3d tie")
    html = _vary(login_as(instructor), org, scenario, count=6, changes=["suits"], seed=1).content.decode()
    assert "Bring-in moved from seat 2 to seat 5" in html


def test_the_page_speaks_japanese_and_titles_the_variations_in_the_authors_language(
    login_as, instructor, org
):
    scenario = make_scenario(org, document=STUD_TIE, title="スタッド：3cと3dのブリングイン")
    html = _vary(login_as(instructor), org, scenario, lang=JA).content.decode()
    assert "ブリングインする席" in html
    assert "元のハンドからの変更:" in html or "元のハンドからの変更：" in html
    titles = list(
        Scenario.objects.filter(varied_from=scenario).order_by("pk").values_list("title", flat=True)
    )
    assert titles
    assert all(t.endswith(f"（バリエーション {n}）") for n, t in enumerate(titles, start=1))


def test_asking_for_more_than_exist_makes_those_that_exist_and_says_so(login_as, instructor, org):
    document = dict(STUD_TIE, seat_count=5)  # a full table: only the suits can change
    scenario = make_scenario(org, document=document)
    response = _vary(login_as(instructor), org, scenario, count=40, changes=["suits"])
    assert response.status_code == 200
    made = Scenario.objects.filter(varied_from=scenario).count()
    assert 0 < made < 40
    assert f"Only {made} variations ask a different question" in response.content.decode()
    assert "(40 asked for)" in response.content.decode()


def test_earlier_variations_are_shown_with_their_cards_on_a_plain_visit(login_as, instructor, org):
    scenario = make_scenario(org, document=STUD_TIE)
    client = login_as(instructor)
    _vary(client, org, scenario)
    html = client.get(reverse("scenarios:vary", args=[org.slug, scenario.pk]), **EN).content.decode()
    assert "Earlier variations of this scenario:" in html
    assert html.count('class="variation"') == 3
    assert "Brings in" in html
