"""Page-wide rules: the Content Security Policy, no inline script, vendored htmx, the layout."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))

INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
HX_ON = re.compile(r"\bhx-on", re.IGNORECASE)


def test_the_templates_are_found():
    assert len(TEMPLATES) >= 15


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_have_no_inline_script_or_event_handler(path):
    text = path.read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.search(text), "inline <script>: move it to a file in static/js/"
    assert not EVENT_HANDLER.search(text), "inline on*= handler: the CSP blocks it"
    assert not HX_ON.search(text), "hx-on evaluates inline code: the CSP blocks it"
    assert ("http://" not in text and "https://" not in text) or path.name.endswith(".txt"), (
        "no CDN or remote asset"
    )


def test_the_inline_script_check_would_catch_one():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/x.js" defer></script>')
    assert EVENT_HANDLER.search('<button onclick="go()">')


@pytest.mark.parametrize("url", ["/accounts/login/", "/health/", "/join/", "/o/ginza/"])
def test_every_response_carries_a_content_security_policy_without_unsafe_inline(login_as, trainee, url):
    response = login_as(trainee).get(url)
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'none'"


def test_the_layout_loads_vendored_htmx_and_sends_the_csrf_token_with_htmx_requests(client, db):
    page = client.get("/accounts/login/").content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx-2\.min\.js" defer></script>', page)
    assert re.search(r"""<body hx-headers='\{"x-csrftoken": "[A-Za-z0-9]+"\}'>""", page)
    assert '<link rel="stylesheet" href="/static/css/app.css">' in page


def test_the_stylesheet_and_htmx_are_served_as_static_files(live_server):
    import urllib.request

    for path in ["/static/css/app.css", "/static/django_htmx/htmx-2.min.js", "/static/img/favicon.svg"]:
        with urllib.request.urlopen(live_server.url + path) as response:
            assert response.status == 200
            assert len(response.read()) > 100


def test_the_layout_offers_both_languages(client, db):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="language" value="ja"' in page
    assert 'name="language" value="en"' in page
    assert 'aria-pressed="true">English<' in page


def test_an_unknown_page_answers_404_in_the_site_layout(client, db):
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_messages_name_their_kind_in_words_not_only_in_colour(login_as, owner):
    response = login_as(owner).post(
        "/o/ginza/members/invites/", {"role": "trainee"}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert '<span class="message__kind">Done:</span>' in response.content.decode()


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "It works from a button on its page"), ("ja", "ページ上のボタンから使うアドレスで")],
)
def test_opening_a_buttons_address_as_a_page_says_so_with_its_405(login_as, trainee, language, text):
    client = login_as(trainee)
    url = reverse("drills:weak_skills", args=[trainee.organisation.slug])
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert text in response.content.decode()
    assert response["Content-Type"].startswith("text/html")
    # The button itself still works: its POST is not touched.
    assert client.post(url, HTTP_ACCEPT_LANGUAGE=language).status_code != 405
