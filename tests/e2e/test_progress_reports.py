"""The progress pages in a browser: the cohort report with its htmx filters, an export, a trainee."""

import csv
import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE


@pytest.fixture
def demo_data(transactional_db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("seed_demo", verbosity=0)


def _log_in(page, email):
    page.goto("/accounts/login/")
    page.get_by_role("button", name="English").click()
    page.get_by_label("Email address").fill(email)
    page.get_by_label("Password").fill("dealer-demo-2024")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/o/demo-card-room/$"))


def _fits(page, viewport):
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_owner_filters_the_cohort_report_in_place(new_page, screenshot, demo_data, viewport):
    page = new_page(viewport=viewport, locale="en-US")
    _log_in(page, "owner@demo.example")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Progress report").click()
    expect(page.locator("h1")).to_have_text("Progress report")
    page.wait_for_load_state("load")  # htmx (a deferred script) is ready
    heatmap = page.locator("table.heatmap")
    expect(heatmap.locator("tbody tr")).to_have_count(3)
    # Numbers are printed in the cells, not only shown as colour.
    expect(heatmap.locator("td.heat .heat__acc").first).to_have_text(re.compile(r"^\d+%$"))
    expect(page.locator("#slipping-heading")).to_be_visible()
    expect(page.locator("section:has(#slipping-heading)")).to_contain_text("Razz order")
    screenshot(page, "report")
    _fits(page, viewport)

    page.evaluate("window.__same_page = true")  # survives an htmx swap, not a page load
    page.get_by_label("Game", exact=True).select_option("FR")
    expect(page).to_have_url(re.compile(r"variant=FR"))
    expect(page.locator(".report__scope")).to_contain_text("Razz")
    assert page.evaluate("window.__same_page === true"), "the filter reloaded the page instead of swapping"
    page.get_by_label("Period", exact=True).select_option("7")
    expect(page.locator(".report__scope")).to_contain_text("since")
    expect(page.locator("table.heatmap tbody tr")).to_have_count(3)
    screenshot(page, "report-razz-7-days")
    _fits(page, viewport)
    assert page.console_errors == []

    page.locator("table.heatmap tbody tr").first.get_by_role("link").click()
    expect(page.locator("#attempts-heading")).to_be_visible()
    expect(page.locator(".answer-list > li")).to_have_count(25)
    page.get_by_role("link", name="Older").click()
    expect(page.locator(".pager__where")).to_contain_text("Page 2 of")
    # Each answer shows its table small, and the answer in words, never the stored JSON.
    row = page.locator(".answer-row").first
    expect(row.locator(".mini-table .scard").first).to_be_visible()
    expect(row.locator(".answer-row__answers")).not_to_contain_text("{")
    screenshot(page, "trainee-detail")
    _fits(page, viewport)
    row.get_by_role("link", name="Question and answer").click()
    expect(page.locator("#correct-heading")).to_be_visible()
    expect(page.locator("[data-table]")).to_be_visible()
    screenshot(page, "trainee-answer")
    _fits(page, viewport)
    assert page.console_errors == []


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_the_certificate_prints_on_one_a4_page(new_page, screenshot, demo_data, locale):
    from dealer_training.drills.models import Certificate

    certificate = Certificate.objects.filter(signed_off_at__isnull=False).first()
    page = new_page(viewport=PHONE, locale=locale)
    page.goto(f"/certificates/{certificate.code}/")
    print_button = page.locator("[data-print]")
    expect(print_button).to_be_visible()  # shown once the script runs
    _fits(page, PHONE)
    screenshot(page, "certificate-phone")
    page.set_viewport_size(DESKTOP)
    page.emulate_media(media="print")
    expect(print_button).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator("[data-certificate]")).to_be_visible()
    screenshot(page, "certificate-print")
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    assert page.console_errors == []


def test_an_instructor_prepares_an_export_and_downloads_it(new_page, screenshot, demo_data):
    page = new_page(viewport=DESKTOP, locale="en-US")
    _log_in(page, "instructor@demo.example")
    page.goto("/o/demo-card-room/progress/exports/")  # goto waits for the load event
    page.get_by_label("Summary: one row per trainee, skill and game").check()
    page.get_by_role("button", name="Prepare the file").click()
    job = page.locator(".job").first
    expect(job).to_contain_text("Ready")
    screenshot(page, "export-ready")
    with page.expect_download() as download_info:
        job.get_by_role("link", name="Download CSV").click()
    download = download_info.value
    assert download.suggested_filename.startswith("demo-card-room-summary-")
    text = Path(download.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:4] == ["trainee_email", "trainee_name", "skill", "game"]
    assert {row[0] for row in rows[1:]} == {
        "trainee1@demo.example",
        "trainee2@demo.example",
        "trainee3@demo.example",
    }
    assert page.console_errors == []


def test_a_trainee_reads_their_progress_on_a_phone(new_page, screenshot, demo_data):
    page = new_page(viewport=PHONE, locale="en-US")
    _log_in(page, "trainee2@demo.example")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="My progress").click()
    expect(page.locator("h1")).to_have_text("My progress")
    page.wait_for_load_state("load")
    expect(page.locator("#history figure.chart svg")).to_have_count(2)
    page.get_by_label("Skill", exact=True).select_option("bring_in")
    expect(page.locator(".chart__legend").nth(1)).to_contain_text("target 6.0s")
    screenshot(page, "my-progress")
    _fits(page, PHONE)
    assert page.console_errors == []
