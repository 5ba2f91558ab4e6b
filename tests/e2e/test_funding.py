"""/funding-predictor in a real browser against the production build, with the app's AI
provider pointed at the fake OpenAI-compatible server (`live_app.ai`).

T-FUND-1 (tabs, the spec's default metrics, field errors, phase labels), T-FUND-2 (headline,
amount, range, investors, analysis, key metrics, rewritten pitch, recommendations, Download
Report, the estimated analysis and its toast when the AI fails), T-AI-5 (Save Results).
Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.models.results import SavedResult
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import PHONE, LiveApp, at, screenshot, toast

ROUTE = "/funding-predictor"
XSS = '<img src=x onerror="window.__fundingXss=1">'
REPLY: dict[str, Any] = {
    "success": True,
    "amount": "$2.5M",
    "amountRange": "$1.5M - $3M",
    "investors": [
        {
            "name": f"Example Seed Fund {XSS}",
            "focus": "Vertical SaaS",
            "reason": "Leads seed rounds in healthcare software",
            "contactInfo": "https://seed.example.com",
        },
        {
            "name": "Clinic Angels",
            "focus": "Healthcare operators",
            "reason": "Angels who ran clinics",
            "contactInfo": "Not publicly listed",
        },
    ],
    "analysis": "Revenue is ahead of the seed benchmark and growth is strong.",
    "keyMetrics": {"revenue": "$960K ARR", "growthRate": "15% MoM", "marketPotential": 72},
    "rewrittenPitch": "We cut no-shows for physiotherapy clinics by a third.",
    "recommendations": ["Build a data room", "Line up warm introductions"],
}


def open_predictor(live_app: LiveApp, page: Page) -> str:
    user_id = sign_up_and_sign_in(live_app, page, email=unique_email("funding"), next_path=ROUTE)
    expect(page).to_have_url(at(live_app, ROUTE))
    expect(page.get_by_role("heading", level=1)).to_have_text("Funding Predictor")
    return user_id


def test_t_fund_1_t_fund_2_predict_read_download_save_then_an_estimate_at_390px(
    live_app: LiveApp, page: Page
) -> None:
    user_id = open_predictor(live_app, page)
    results_tab = page.get_by_role("tab", name="Prediction Results")
    expect(results_tab).to_be_disabled()
    # The spec's defaults, each field found by its label.
    expect(page.get_by_label("Monthly revenue (USD)")).to_have_value("50000")
    expect(page.get_by_label("Monthly expenses (USD)")).to_have_value("30000")
    expect(page.get_by_label("Monthly growth rate (%)")).to_have_value("15")
    expect(page.get_by_label("Customers")).to_have_value("500")
    expect(page.get_by_label("Team size")).to_have_value("5")
    expect(page.get_by_label("Market size (USD)")).to_have_value("1000000")
    expect(page.get_by_label("Funding stage")).to_contain_text("Seed")

    # Bad input: a message under the field, nothing sent, the input kept.
    page.get_by_label("Monthly growth rate (%)").fill("lots")
    page.get_by_role("button", name="Predict Funding").click()
    expect(page.locator("#funding-growth_rate-error")).to_have_text(
        "Monthly growth rate (%) must be a number."
    )
    expect(page.get_by_label("Monthly growth rate (%)")).to_have_value("lots")
    assert live_app.ai.requests == []

    page.get_by_label("Monthly growth rate (%)").fill("15")
    page.get_by_label("Monthly revenue (USD)").fill("$80k")
    page.get_by_label("Funding stage").click()
    page.get_by_role("option", name="Series A").click()
    page.get_by_label("Pitch summary (optional)").fill("We cut no-shows for clinics.")
    live_app.ai.slow(3.0, text=json.dumps(REPLY))
    page.get_by_role("button", name="Predict Funding").click()
    expect(page.locator("#funding-phase")).to_contain_text("Collecting Data")
    expect(page.locator("#funding-phase")).to_contain_text("Analyzing Market")

    expect(page.locator("#funding-headline")).to_have_text("Funding Likely", timeout=20_000)
    expect(toast(page, "Funding prediction complete!")).to_be_visible()
    expect(results_tab).to_have_attribute("aria-selected", "true")
    expect(page.locator("#funding-amount")).to_have_text("$2.5M")
    expect(page.locator("#funding-range")).to_have_text("$1.5M - $3M")
    expect(page.locator("#funding-revenue")).to_have_text("$960K ARR")
    expect(page.locator("#funding-market-potential")).to_have_text("72/100")
    # Issue 17, item 5: the gauge, and what the result rests on.
    expect(page.get_by_role("img", name="Market potential 72 out of 100")).to_be_visible()
    expect(page.locator(".funding-factor")).to_have_count(6)
    expect(page.locator("#funding-drivers")).to_contain_text("Strongest:")
    expect(page.locator(".funding-investor")).to_have_count(2)
    expect(page.locator(".funding-investor").first).to_contain_text(XSS)  # shown as text
    assert page.evaluate("() => window.__fundingXss") is None
    expect(page.locator("#funding-pitch-rewritten")).to_have_text(REPLY["rewrittenPitch"])
    expect(page.locator("#funding-recommendations li")).to_have_count(2)
    user_prompt = live_app.ai.requests[0]["messages"][-1]["content"]
    assert "Monthly revenue: $80K" in user_prompt and "Series A" in user_prompt
    screenshot(page, "funding-results")

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download Report").click()
    download = download_info.value
    assert re.fullmatch(r"funding-prediction-\d{13}\.json", download.suggested_filename)
    report = json.loads(download.path().read_text(encoding="utf-8"))
    assert report["headline"] == "Funding Likely" and report["basis"] == "ai"
    assert report["input"]["revenue"] == 80_000 and report["input"]["fundingStage"] == "series-a"

    page.get_by_role("button", name="Save Results").click()
    expect(toast(page, "Results saved to your dashboard!")).to_be_visible()
    with app_db(live_app) as db:
        (row,) = db.exec(select(SavedResult).where(SavedResult.user_id == user_id)).all()
    assert row.title == "Funding Prediction - Funding Likely ($2.5M)"

    # Input Metrics clears the result; the metrics stay as typed.
    page.get_by_role("tab", name="Input Metrics").click()
    expect(results_tab).to_be_disabled()
    expect(page.get_by_label("Monthly revenue (USD)")).to_have_value("$80k")

    # T-FUND-2 at 390 px: the AI fails; the estimate from the spec's revenue and Seed stage,
    # with no growth and a $5M market, is shown and labelled.
    page.set_viewport_size(PHONE)
    page.get_by_label("Monthly revenue (USD)").fill("50000")
    page.get_by_label("Funding stage").click()
    page.get_by_role("option", name="Seed", exact=True).click()
    live_app.ai.status(500).status(500).status(500)  # every attempt fails
    page.get_by_label("Monthly growth rate (%)").fill("0")
    page.get_by_label("Market size (USD)").fill("5M")
    page.get_by_role("button", name="Predict Funding").click()

    expect(toast(page, "Funding prediction complete with estimated analysis!")).to_be_visible(
        timeout=20_000
    )
    expect(page.locator("#funding-estimated")).to_contain_text("Estimated analysis")
    expect(page.locator("#funding-headline")).to_have_text("Needs Improvement")
    expect(page.locator("#funding-analysis")).to_contain_text("Estimated readiness score")
    expect(page.locator("#funding-range")).to_have_text("$1M - $4M")
    expect(page.locator("#funding-drivers")).to_contain_text("Weakest: monthly growth (0/30)")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the viewport"
    screenshot(page, "funding-estimate")
