"""/growth-engine in a real browser against the production build, with the app's AI provider
pointed at the fake OpenAI-compatible server (`live_app.ai`).

T-GROW-1: the form (budget default 200), 'Missing information', the result tabs Growth
Blueprint, Trend Radar and Budget Allocation, New Strategy, Download Blueprint, the failure
toast with the sample strategy (40/25/15/10/10); T-AI-5 Save Results. Screenshots at 1280 and
390 px.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.models.results import SavedResult
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import PHONE, LiveApp, assert_fully_in_view, at, screenshot, toast

ROUTE = "/growth-engine"
XSS = '<img src=x onerror="window.__growthXss=1">'
PRODUCT = "A booking app that cuts no-shows for physiotherapy clinics."
AUDIENCE = "Owners of independent clinics with 2-10 staff."
REPLY: dict[str, Any] = {
    "summary": f"Win clinics through local communities and referrals. {XSS}",
    "growthSteps": [
        {
            "action": "Publish a no-show cost calculator",
            "expectedImpact": "Inbound leads",
            "kpi": "Calculator uses",
            "estimatedGrowth": "+15% signups",
        },
        {"action": "Join two clinic owner groups", "kpi": "Demos booked"},
        {"action": "Add a referral reward", "kpi": "Referral rate"},
    ],
    "marketTrends": [
        {"trend": "Online booking", "momentum": 85, "relevance": "Patients expect it"},
        {"trend": "Deposits", "momentum": 55, "relevance": "Cuts no-shows"},
        {"trend": "AI receptionists", "momentum": 40, "relevance": "New competitors"},
    ],
    "timeline": {"week1": "Groups", "week2": "Calculator", "week3": "Referrals", "week4": "Review"},
    "budgetAllocation": [
        {"channel": "Community", "percentage": 60},
        {"channel": "Content", "percentage": 40},
    ],
}


def open_engine(live_app: LiveApp, page: Page) -> str:
    user_id = sign_up_and_sign_in(live_app, page, email=unique_email("growth"), next_path=ROUTE)
    expect(page).to_have_url(at(live_app, ROUTE))
    expect(page.get_by_role("heading", level=1)).to_have_text("Growth Engine")
    return user_id


def test_t_grow_1_generate_read_download_save_start_again_then_the_sample_at_390px(
    live_app: LiveApp, page: Page
) -> None:
    user_id = open_engine(live_app, page)
    expect(page.get_by_label("Monthly budget (USD)")).to_have_value("200")

    page.get_by_label("Product description").fill(PRODUCT)
    page.get_by_role("button", name="Generate Growth Strategy").click()
    expect(toast(page, "Missing information")).to_be_visible()
    expect(page.locator("#growth-audience-error")).to_have_text("Describe your target audience.")
    expect(page.get_by_label("Product description")).to_have_value(PRODUCT)
    assert live_app.ai.requests == []

    page.get_by_label("Target audience").fill(AUDIENCE)
    page.get_by_label("Monthly budget (USD)").fill("1,000")
    live_app.ai.slow(2.0, text=json.dumps(REPLY))
    page.get_by_role("button", name="Generate Growth Strategy").click()
    expect(page.locator("#growth-generating")).to_be_visible()

    expect(toast(page, "Growth strategy generated!")).to_be_visible(timeout=20_000)
    expect(page.locator("#growth-summary")).to_contain_text(XSS)  # shown as text
    assert page.evaluate("() => window.__growthXss") is None
    expect(page.locator(".growth-step")).to_have_count(3)
    expect(page.locator(".growth-step").first).to_contain_text("KPI: Calculator uses")
    expect(page.locator("#growth-timeline")).to_contain_text("Week 4")
    screenshot(page, "growth-blueprint")

    page.get_by_role("tab", name="Trend Radar").click()
    expect(page.locator(".growth-trend")).to_have_count(3)
    expect(page.locator(".growth-trend").first).to_contain_text("High momentum")
    expect(page.get_by_role("img", name=re.compile("Trend momentum out of 100"))).to_be_visible()

    page.get_by_role("tab", name="Budget Allocation").click()
    table = page.locator("#growth-budget-table")
    expect(table).to_contain_text("Community")
    expect(table.get_by_role("row").nth(1)).to_contain_text("60%")
    expect(table.get_by_role("row").nth(1)).to_contain_text("$600")
    screenshot(page, "growth-budget")

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download Blueprint").click()
    download = download_info.value
    assert re.fullmatch(r"growth-blueprint-\d{13}\.md", download.suggested_filename)
    text = download.path().read_text(encoding="utf-8")
    assert text.startswith("# Growth Blueprint - $1,000/month")
    assert "| Content | 40% | $400 |" in text

    page.get_by_role("button", name="Save Results").click()
    expect(toast(page, "Results saved to your dashboard!")).to_be_visible()
    with app_db(live_app) as db:
        (row,) = db.exec(select(SavedResult).where(SavedResult.user_id == user_id)).all()
    assert row.title == "Growth Blueprint - $1,000/month"

    page.get_by_role("button", name="New Strategy").click()
    expect(page.get_by_label("Product description")).to_have_value(PRODUCT)
    expect(page.get_by_role("button", name="Save Results")).to_be_disabled()

    # T-GROW-1 at 390 px: when the AI fails, the sample strategy shows.
    page.set_viewport_size(PHONE)
    page.get_by_label("Monthly budget (USD)").fill("200")  # the default again
    live_app.ai.status(500).status(500).status(500)
    page.get_by_label("Product description").fill(PRODUCT)
    page.get_by_label("Target audience").fill(AUDIENCE)
    page.get_by_role("button", name="Generate Growth Strategy").click()

    expect(toast(page, "Strategy generation failed")).to_be_visible(timeout=20_000)
    expect(page.locator("#growth-sample")).to_contain_text("Sample strategy")
    assert_fully_in_view(page, "[role=tab]")
    page.get_by_role("tab", name="Budget Allocation").click()
    rows = page.locator("#growth-budget-table").get_by_role("row")
    expect(rows).to_have_count(6)  # header + the five channels
    expect(rows.nth(1)).to_contain_text("40%")
    expect(rows.nth(1)).to_contain_text("$80")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the viewport"
    screenshot(page, "growth-sample")
