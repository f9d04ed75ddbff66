"""The scenario list, publishing and archiving, deleting, "vary this" and single-file exports."""

import json

import pytest
from django.urls import reverse

from dealer_training.scenarios.models import Scenario
from dealer_training.scenarios.selectors import published_scenarios
from games.solve import solve
from games.stud.phh import from_phh
from tests.factories import OrganisationFactory
from tests.scenarios.factories import fixture, make_scenario, record_attempt

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_the_list_shows_drafts_and_published_scenarios_but_not_archived_ones(login_as, instructor, org):
    make_scenario(org, title="Published one")
    make_scenario(org, title="Draft one", status="draft")
    make_scenario(org, title="Old one", status="archived")
    make_scenario(OrganisationFactory(), title="Another room's")
    html = login_as(instructor).get(reverse("scenarios:list", args=[org.slug]), **EN).content.decode()
    assert "Published one" in html
    assert "Draft one" in html
    assert "Old one" not in html
    assert "Another room&#x27;s" not in html
    assert "Another room's" not in html


def test_the_list_filters_by_status_game_skill_question_and_words_with_an_htmx_fragment(
    login_as, instructor, org
):
    make_scenario(org, title="Razz kings")
    make_scenario(org, document=fixture("stub-eight-handed-two-fold-fifth"), title="Short stub")
    client = login_as(instructor)
    url = reverse("scenarios:list", args=[org.slug])
    response = client.get(url, {"kind": "stub"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="results", **EN)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="results"')
    assert "Short stub" in html
    assert "Razz kings" not in html
    html = client.get(url, {"variant": "FR", "q": "kings"}, **EN).content.decode()
    assert "Razz kings" in html
    assert "Short stub" not in html
    html = client.get(url, {"status": "archived"}, **EN).content.decode()
    assert "No scenario matches" in html
    # Unknown filter values are ignored, not errors.
    assert client.get(url, {"status": "nonsense", "skill": "x"}, **EN).status_code == 200


def test_publish_back_to_draft_and_archive(login_as, instructor, org):
    scenario = make_scenario(org, status="draft")
    client = login_as(instructor)
    url = reverse("scenarios:status", args=[org.slug, scenario.pk])
    assert not published_scenarios(organisation=org).exists()
    response = client.post(url, {"status": "published", "revision": scenario.revision}, **EN)
    assert response.status_code == 302
    assert list(published_scenarios(organisation=org)) == [scenario]
    scenario.refresh_from_db()
    client.post(url, {"status": "draft", "revision": scenario.revision}, **EN)
    assert not published_scenarios(organisation=org).exists()
    scenario.refresh_from_db()
    client.post(url, {"status": "archived", "revision": scenario.revision}, **EN)
    scenario.refresh_from_db()
    assert scenario.status == "archived"


def test_a_status_change_from_an_old_page_is_refused(login_as, instructor, org):
    scenario = make_scenario(org, status="draft")
    client = login_as(instructor)
    response = client.post(
        reverse("scenarios:status", args=[org.slug, scenario.pk]),
        {"status": "published", "revision": scenario.revision - 1},
        follow=True,
        **EN,
    )
    assert "Someone else changed this scenario in the meantime." in response.content.decode()
    scenario.refresh_from_db()
    assert scenario.status == "draft"


def test_an_unknown_status_is_a_400(login_as, instructor, org):
    scenario = make_scenario(org)
    response = login_as(instructor).post(
        reverse("scenarios:status", args=[org.slug, scenario.pk]), {"status": "deleted"}
    )
    assert response.status_code == 400


def test_a_scenario_nobody_was_asked_can_be_deleted(login_as, instructor, org):
    scenario = make_scenario(org, status="draft")
    response = login_as(instructor).post(reverse("scenarios:delete", args=[org.slug, scenario.pk]))
    assert response.status_code == 302
    assert not Scenario.objects.exists()


def test_a_scenario_trainees_answered_is_archived_not_deleted(login_as, instructor, trainee, org):
    scenario = make_scenario(org)
    record_attempt(organisation=org, user=trainee.user, version=scenario.current_version)
    response = login_as(instructor).post(
        reverse("scenarios:delete", args=[org.slug, scenario.pk]), follow=True, **EN
    )
    assert "archive it instead" in response.content.decode()
    assert Scenario.objects.filter(pk=scenario.pk).exists()


def test_vary_this_saves_variations_the_engine_checked(login_as, instructor, org):
    scenario = make_scenario(org)
    client = login_as(instructor)
    url = reverse("scenarios:vary", args=[org.slug, scenario.pk])
    assert client.get(url, **EN).status_code == 200
    response = client.post(url, {"count": 4, "changes": ["suits", "seats"], "seed": 11}, **EN)
    assert response.status_code == 200
    variations = list(Scenario.objects.filter(varied_from=scenario).order_by("pk"))
    assert len(variations) == 4
    assert "4 variations saved." in response.content.decode()
    for variation in variations:
        assert variation.status == "draft"
        assert variation.title.startswith("Razz: two kings (")
        assert variation.current_version.answer == solve(variation.current_version.document)
        assert variation.current_version.document != scenario.current_version.document


def test_vary_this_twice_with_the_same_seed_makes_no_variation_again(login_as, instructor, org):
    scenario = make_scenario(org)
    client = login_as(instructor)
    url = reverse("scenarios:vary", args=[org.slug, scenario.pk])
    client.post(url, {"count": 2, "changes": ["suits"], "seed": 5, "publish": "on"}, **EN)
    client.post(url, {"count": 2, "changes": ["suits"], "seed": 5}, **EN)
    made = list(Scenario.objects.filter(varied_from=scenario).order_by("pk"))
    assert len(made) == 4
    facts = {(json.dumps(s.current_version.document, sort_keys=True)) for s in made}
    assert len(facts) == 4
    assert [s.status for s in made] == ["published", "published", "draft", "draft"]
    assert [s.title for s in made] == [f"Razz: two kings (variation {n})" for n in range(1, 5)]


def test_vary_this_answers_422_to_a_bad_form_and_says_when_nothing_can_vary(login_as, instructor, org):
    document = dict(fixture("razz-spade-king"), seats=[1, 2, 3, 4], seat_count=4)
    scenario = make_scenario(org, document=document)
    client = login_as(instructor)
    url = reverse("scenarios:vary", args=[org.slug, scenario.pk])
    response = client.post(url, {"count": 0, "changes": ["suits"]}, **EN)
    assert response.status_code == 422
    response = client.post(url, {"count": 3, "changes": ["seats"]}, HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 422
    assert (
        "The engine found no variation of this hand that asks a different question"
        in response.content.decode()
    )
    assert response.content.decode().lstrip().startswith('<div id="vary"')


@pytest.mark.parametrize("encoding", ["json", "phh"])
def test_a_single_scenario_exports_as_a_file_the_engine_reads(login_as, instructor, org, encoding):
    scenario = make_scenario(org, notes="Kings", tags=["razz"])
    response = login_as(instructor).get(
        reverse("scenarios:export_one", args=[org.slug, scenario.pk]), {"format": encoding}
    )
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    document = json.loads(text) if encoding == "json" else None
    result = solve(text) if encoding == "json" else solve(from_phh(text))
    assert result["answer"] == {"seat": 3, "amount": 200, "first_to_act": 3}
    if document:
        assert document["_title"] == "Razz: two kings"
        assert document["_skill"] == "bring_in"
        assert document["_tags"] == ["razz"]


def test_an_unknown_export_format_is_a_400(login_as, instructor, org):
    scenario = make_scenario(org)
    response = login_as(instructor).get(
        reverse("scenarios:export_one", args=[org.slug, scenario.pk]), {"format": "xml"}
    )
    assert response.status_code == 400


def test_drills_are_offered_only_published_scenarios_of_their_own_organisation(org):
    published = make_scenario(org, title="Published")
    make_scenario(org, title="Draft", status="draft")
    make_scenario(org, title="Archived", status="archived")
    make_scenario(OrganisationFactory(), title="Elsewhere")
    assert list(published_scenarios(organisation=org)) == [published]
    assert list(published_scenarios(organisation=org, skill="bring_in", variant="FR")) == [published]
    assert not published_scenarios(organisation=org, variant="F7S").exists()


def test_documents_that_differ_only_in_written_out_defaults_are_the_same_hand():
    from dealer_training.scenarios.engine import normalized, same_hand
    from tests.scenarios.factories import RAZZ_KINGS

    bare = {k: v for k, v in RAZZ_KINGS.items() if k not in ("seats", "seat_count")}
    plain = normalized(bare)
    spelled = normalized(dict(bare, seats=[1, 2, 3, 4], seat_count=4, _max_bets=5, _min_chip=1))
    assert plain != spelled
    assert same_hand(plain, spelled)
    assert same_hand(plain, dict(plain, _expected={"seat": 2}))
    assert not same_hand(plain, dict(plain, seat_count=8))
    assert not same_hand(plain, dict(plain, _max_bets=4))
