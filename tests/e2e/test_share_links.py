"""Issue 14 in a real browser against the production build: a saved scan exported as Markdown
and PDF from the dashboard, shared as a read-only link that opens signed out (noindex, only
what was shared), then revoked, after which the link says so. Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from startup_toolkit.domain import scanner_export
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.models.base import utcnow
from startup_toolkit.services import saved_results
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up
from tests.e2e.conftest import LiveApp, screenshot, toast, wait_for_app

IDEA = "A marketplace that matches home cooks with office lunch orders."


def seed_scan(live_app: LiveApp, user_id: str) -> tuple[int, str]:
    """A saved scan, as the scanner's Save Results stores it."""
    title = scanner_export.result_title(SAMPLE_SCAN.overallScore)
    with app_db(live_app) as db:
        outcome = saved_results.save_result(
            db,
            user_id,
            SaveRequest(
                VIABILITY_SCANNER.name,
                title,
                scanner_export.save_content(SAMPLE_SCAN, IDEA),
                "analysis",
                scanner_export.to_html(SAMPLE_SCAN, IDEA),
                scanner_export.save_metadata(SAMPLE_SCAN, IDEA, utcnow()),
            ),
        )
    assert outcome.ok and outcome.result_id
    return outcome.result_id, title


def test_export_share_open_signed_out_and_revoke(
    live_app: LiveApp, page: Page, browser: Browser
) -> None:
    user_id = sign_up(live_app)
    rid, title = seed_scan(live_app, user_id)
    sign_in_user(live_app, page, user_id)
    card = page.locator(".saved-result").filter(has_text=title)
    expect(card).to_be_visible()
    expect(card.get_by_role("link", name=f"Open {title} in its tool")).to_have_attribute(
        "href", f"{VIABILITY_SCANNER.path}?result={rid}"
    )

    # Export: Markdown and PDF, named like the spec's downloads.
    card.get_by_role("button", name=f"Export {title}").click()
    with page.expect_download() as md:
        page.get_by_role("menuitem", name="Markdown (.md)").click()
    assert md.value.suggested_filename.endswith(".md")
    text = Path(md.value.path()).read_text(encoding="utf-8")
    assert title in text and SAMPLE_SCAN.categories[0].category in text
    card.get_by_role("button", name=f"Export {title}").click()
    with page.expect_download() as pdf:
        page.get_by_role("menuitem", name="PDF (.pdf)").click()
    assert pdf.value.suggested_filename.endswith(".pdf")
    pdf_text = "".join(p.extract_text() for p in PdfReader(pdf.value.path()).pages)
    assert SAMPLE_SCAN.categories[0].category in pdf_text

    # Share: a link that expires in 30 days, copied once.
    card.get_by_role("button", name=f"Share {title}").click()
    dialog = page.locator("#share-dialog")
    expect(dialog).to_contain_text(title)
    dialog.get_by_label("Link expires after").click()
    page.get_by_role("option", name="30 days").click()
    dialog.get_by_role("button", name="Create link").click()
    link_field = dialog.get_by_label("Share link")
    expect(link_field).to_have_value(re.compile(r"/shared/[A-Za-z0-9_-]{40,}$"))
    link = link_field.input_value()
    screenshot(page, "share-dialog")
    dialog.get_by_role("button", name="Close").first.click()
    links = page.locator("#shared-links")
    expect(links.locator(".share-link")).to_have_count(1)
    expect(links).to_contain_text("Active")

    # Signed out, in another browser: only what was shared, not indexed.
    stranger = browser.new_context(viewport={"width": 390, "height": 844})
    other = stranger.new_page()
    response = other.goto(link)
    assert response is not None
    wait_for_app(other)
    expect(other.get_by_role("heading", name=title)).to_be_visible()
    expect(other.locator('meta[name="robots"]')).to_have_attribute("content", "noindex, nofollow")
    expect(other.get_by_text(SAMPLE_SCAN.categories[0].category).first).to_be_visible()
    expect(other.get_by_role("link", name="Dashboard")).to_have_count(0)  # signed out
    screenshot(other, "shared-result-mobile")
    with other.expect_download() as shared_pdf:
        other.get_by_role("link", name="PDF").click()
    assert shared_pdf.value.suggested_filename.endswith(".pdf")

    # Revoke asks first (issue 28, item 11): Cancel keeps the link, Revoke ends it.
    links.get_by_role("button", name=f"Revoke the link to {title}").click()
    confirm = page.get_by_role("alertdialog")
    expect(confirm).to_contain_text("Revoke this link?")
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_have_count(0)
    expect(links).not_to_contain_text("Revoked")
    links.get_by_role("button", name=f"Revoke the link to {title}").click()
    page.get_by_role("alertdialog").locator("#confirm-revoke").click()
    # Revoked: the link says so.
    expect(toast(page, "Link revoked")).to_be_visible()
    expect(links).to_contain_text("Revoked")
    other.reload()
    wait_for_app(other)
    expect(other.locator("#shared-problem")).to_have_text("This link was revoked by its owner.")
    screenshot(other, "shared-revoked-mobile")
    stranger.close()
