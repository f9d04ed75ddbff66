"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live server.

Every test here is marked ``browser``. Screenshots go to test-artifacts/ (git-ignored). When
/usr/bin/chromium is missing the tests fail with an install hint; they never skip.

Tests wait on conditions (``expect``, ``wait_for_*``), never on fixed sleeps. Every wait has the one
generous limit below, set here once, so the tests pass on a loaded machine; a wait that is met
returns at once, so the limit costs nothing when the page is quick.
"""

import os
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}

# The demo data's password (seed_demo) and the room its users land in.
DEMO_PASSWORD = "dealer-demo-2024"
DEMO_ORG = "demo-card-room"

# The login page's labels in each language (log_in's ``labels``; tests merge them into their own).
LOGIN = {
    "en": {"email": "Email address", "password": "Password", "log_in": "Log in"},
    "ja": {"email": "メールアドレス", "password": "パスワード", "log_in": "ログイン"},
}

# How long any action, navigation or expect() waits for its condition before failing.
WAIT_MS = 60_000

# Playwright's sync API keeps an event loop running in this thread; Django would otherwise
# refuse ORM calls made by the test itself (the live server runs in its own thread).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: browser tests need Debian's Chromium (apt-get install -y chromium).",
            pytrace=False,
        )
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def demo_data(transactional_db):
    """The demo room, its users and scenarios (``seed_demo``), for tests that log in as them."""
    from django.core.management import call_command

    call_command("seed_demo", verbosity=0)


@pytest.fixture
def new_page(browser, live_server):
    """Factory: a fresh page (own cookies) at a viewport and language, with a base URL."""
    contexts = []

    def _new_page(*, viewport=DESKTOP, locale="ja-JP"):
        context = browser.new_context(
            viewport=viewport,
            locale=locale,
            base_url=live_server.url,
            extra_http_headers={"Accept-Language": locale},
        )
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        page.console_errors = []
        page.on(
            "console", lambda message: message.type == "error" and page.console_errors.append(message.text)
        )
        return page

    yield _new_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot(request):
    """Save a full-page screenshot as test-artifacts/<test name>-<label>.png."""
    ARTIFACTS.mkdir(exist_ok=True)

    def _screenshot(page, label):
        name = request.node.name.replace("[", "-").replace("]", "").replace("/", "-")
        path = ARTIFACTS / f"{name}-{label}.png"
        # caret="initial": hiding the caret of a focused input would inject a style the CSP refuses.
        page.screenshot(path=str(path), full_page=True, caret="initial")
        return path

    return _screenshot


def log_in(
    page: Page,
    email: str,
    labels: Mapping[str, str] = LOGIN["ja"],
    *,
    password: str = DEMO_PASSWORD,
    org: str = DEMO_ORG,
) -> None:
    """Log a user in through the login page, whose fields and button carry ``labels`` ("email",
    "password", "log_in", in the page's language: ``LOGIN``), and wait for the home page of the
    organisation ``org`` (the demo room's by default)."""
    page.goto("/accounts/login/")
    page.get_by_label(labels["email"]).fill(email)
    page.get_by_label(labels["password"]).fill(password)
    page.locator("main").get_by_role("button", name=labels["log_in"]).click()
    expect(page).to_have_url(re.compile(rf"/o/{org}/$"))
