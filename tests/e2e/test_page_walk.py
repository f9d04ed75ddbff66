"""Every page a user reaches from the navigation fits a 375 px phone: nothing runs off the right
edge, in Japanese or in English; and no element id appears twice on a page (a label would name
another form's field). The pages are found, not listed: the main navigation of the
demo room's owner (who sees every page a role can open) and the links of each page it opens to
more pages of the room, two steps from the home page."""

import re
from urllib.parse import urlsplit

import pytest

from .conftest import LOGIN, PHONE, log_in

ORG_PAGES = re.compile(r"^/o/demo-card-room/")
REPEATED_IDS = """() => {
  const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}"""


def _room_links(page) -> list[str]:
    """The paths of the room's pages this page links to (no query, no fragment)."""
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    paths = {urlsplit(href).path for href in hrefs}
    return sorted(path for path in paths if ORG_PAGES.match(path))


def _is_page(page, path: str) -> bool:
    """Whether ``path`` answers with a page (not a file to download, such as an export)."""
    response = page.request.get(path)
    return response.ok and "text/html" in response.headers.get("content-type", "")


@pytest.mark.parametrize(("locale", "language"), [("ja-JP", "ja"), ("en-US", "en")], ids=["ja", "en"])
def test_no_page_two_steps_from_the_owners_home_runs_off_a_phone_screen_or_repeats_an_id(
    new_page, demo_data, locale, language
):
    page = new_page(viewport=PHONE, locale=locale)
    log_in(page, "owner@demo.example", LOGIN[language])
    level = [urlsplit(page.url).path]
    seen = set(level)
    wide = []
    repeated = []
    for step in range(3):
        found = set()
        for path in level:
            if not _is_page(page, path):
                continue
            page.goto(path)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                wide.append(f"{path}: {width} px")
            twice = page.evaluate(REPEATED_IDS)
            if twice:
                repeated.append(f"{path}: {twice}")
            if step < 2:
                found.update(link for link in _room_links(page) if link not in seen)
        seen |= found
        level = sorted(found)
    assert len(seen) > 20, sorted(seen)  # the walk reached the room's pages, not only its home page
    assert wide == []
    assert repeated == []
    assert page.console_errors == []
