"""The rules reference page: every cited rule by rulebook, in both languages, with the drills that
exercise it, found by generating drills rather than by a list kept by hand."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from dealer_training.drills.reference import drill_lines, ruleset_note
from dealer_training.drills.rule_coverage import Use, rule_coverage
from games.core.citation_texts import designation, summary
from games.core.citations import BOOKS, CITATIONS
from games.solve import solve
from games.stud.generate import generate

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def _page(client, org, membership, headers):
    client.force_login(membership.user)
    response = client.get(reverse("rules:reference", args=[org.slug]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_reference_lists_every_cited_rule_by_rulebook_with_an_anchor_in_english(client, org, trainee):
    html = _page(client, org, trainee, EN)
    for code, book in BOOKS.items():
        assert f'id="book-{code}"' in html
        assert escape(book.title_en) in html
    for key, entry in CITATIONS.items():
        assert f'id="{entry.anchor}"' in html, key
        assert escape(designation(key, "en")) in html
        assert escape(summary(key, "en")) in html, key
    assert "RULES.md" not in html
    assert "Seed 00" not in html


def test_the_reference_reads_in_japanese(client, org, instructor):
    html = _page(client, org, instructor, JA)
    assert "ルール解説" in html
    assert "TDA 2024 ルール47-B" in html
    assert escape(summary("TDA 2024 RP-10 E", "ja")) in html
    assert "出題されるドリル" in html
    assert "Drilled in" not in html


def test_the_main_navigation_leads_every_role_to_the_reference(client, org, trainee, instructor, owner):
    url = reverse("rules:reference", args=[org.slug])
    for membership in (trainee, instructor, owner):
        client.force_login(membership.user)
        home = client.get(reverse("accounts:org_home", args=[org.slug]), **EN).content.decode()
        assert f'href="{url}"' in home


def test_each_entry_names_the_drills_whose_answers_cite_it(client, org, trainee):
    html = _page(client, org, trainee, EN)
    stub = html.split('id="tda-2024-rp-10-h"', 1)[1].split("</article>", 1)[0]
    assert "Stub count and the 7th-street shortage · Stub" in stub
    assert "Hand walk · Stub count" in stub
    fch = html.split('id="flush-code-hack-game-rules-3"', 1)[1].split("</article>", 1)[0]
    assert "Flush Code Hack (five-card draw) · The pot and eliminations" in fch


def test_a_rule_no_drill_cites_says_so(client, org, trainee):
    coverage = rule_coverage()
    uncited = [key for key in CITATIONS if key not in coverage]
    assert "Practice: the bring-in has acted" in uncited  # the engine cites it nowhere today
    html = _page(client, org, trainee, EN)
    entry = html.split(f'id="{CITATIONS[uncited[0]].anchor}"', 1)[1].split("</article>", 1)[0]
    assert "No drill cites this rule at present." in entry


def test_the_coverage_agrees_with_the_engines_answers():
    coverage = rule_coverage()
    assert set(coverage) <= set(CITATIONS)
    # A stub question cites RP-10 H; the stub skill drills stub questions in every stud game.
    assert "TDA 2024 RP-10 H" in solve(generate(kind="stub", variant="FR", seed="x"))["rules"]
    stub_uses = {(u.mode, u.skill, u.kind, u.variant) for u in coverage["TDA 2024 RP-10 H"]}
    assert {("skill", "stub", "stub", g) for g in ("F7S", "FR", "F7S/8")} <= stub_uses
    # Razz hands are never ranked by the stud high rankings; hold'em rules only in hold'em drills.
    assert all(u.variant != "FR" for u in coverage["Practice: hand rankings"] if u.kind == "best_hands")
    assert {u.variant for u in coverage["Hold'em rules §5"]} == {"NT"}


def test_a_rule_the_rule_sets_disagree_on_is_marked_with_the_rule_set_that_drills_it():
    # The open-pair option exists only under Robert's Rules (cash); TDA forbids it.
    coverage = rule_coverage()
    assert {u.ruleset for u in coverage["RRoP 7CS-4"]} == {"robert-cash"}
    with translation.override("en"):
        assert "Robert" in ruleset_note(coverage["RRoP 7CS-4"])
    assert ruleset_note(coverage["TDA 2024 Rule 21"]) == ""


def test_drill_lines_group_by_skill_and_question_and_list_the_games():
    uses = [
        Use("skill", "stub", "stub", "F7S", "tda-2024"),
        Use("skill", "stub", "stub", "FR", "robert-cash"),
        Use("walk", "stub", "stub", "F7S/8", "tda-2024"),
        Use("other", "NT", "pots", "NT", "tda-2024"),
    ]
    with translation.override("en"):
        lines = [(line.text, line.games) for line in drill_lines(uses)]
    assert lines == [
        ("Stub count and the 7th-street shortage · Stub", "Stud High, Razz"),
        ("Hand walk · Stub count and the 7th-street shortage", "Stud Hi-Lo (8 or better)"),
        ("Texas hold'em (no limit) · Main and side pots", ""),
    ]


def test_the_reference_answers_a_non_member_404_and_sends_the_anonymous_to_log_in(client, org, db):
    from tests.factories import MembershipFactory, OrganisationFactory

    url = reverse("rules:reference", args=[org.slug])
    assert client.get(url)["Location"].startswith(reverse("accounts:login"))
    stranger = MembershipFactory(organisation=OrganisationFactory(slug="elsewhere"))
    client.force_login(stranger.user)
    assert client.get(url).status_code == 404
