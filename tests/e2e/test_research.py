"""Issue 15 in a real browser: the Viability Scanner with live research on (its own app,
AI_WEB_RESEARCH=on) against the fake AI server. The progress line while researching, figures
citing pages read as links (new tab, rel noopener noreferrer), an invented source marked
"Unverified source" and never a link, the Sources panel, and the fallback note when research
fails. The Funding Predictor and the Growth Engine (same app: each build costs minutes): the
research progress, cited range, benchmarks, investors and trends, the Sources panel, the
fallback note. Screenshots at 1280 and 390 px."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    LiveApp,
    at_phone_width,
    no_horizontal_overflow,
    screenshot,
)
from tests.e2e.test_funding import REPLY as FUNDING_REPLY
from tests.e2e.test_funding import open_predictor
from tests.e2e.test_growth import AUDIENCE, PRODUCT, open_engine
from tests.e2e.test_growth import REPLY as GROWTH_REPLY
from tests.e2e.test_scanner import open_scanner, reply, run_scan
from tests.support.ai_server import WebPage

PAGES = [
    WebPage(
        "Physiotherapy software market report 2024",
        "https://www.marketdata.example/physio-software",
        "The physiotherapy practice software market was worth $1.2B in 2024.",
    ),
    WebPage(
        "Clinic no-shows grow 9% a year",
        "https://clinicnews.example/no-shows?utm_source=feed",
        "Practice software grows at 9% CAGR.",
    ),
    WebPage("Acme Scheduling raises $20M", "https://startups.example/acme", "Series B."),
]


def cited_reply() -> dict[str, Any]:
    scan = copy.deepcopy(reply(66, (81, 58, 64, 77, 50)))  # the app's average: 66
    scan["competitors"][0]["sources"] = [3]
    scan["marketInsights"] = {
        "size": {"value": "$1.2B (2024)", "sources": [1]},
        "growthRate": {"value": "9% CAGR", "sources": [2]},
        "keyTrends": [
            {"text": "Telehealth keeps growing", "source": "https://www.invented.example/report"},
            {"text": "Deposits are accepted", "sources": [9]},
        ],
        "challenges": [{"text": "Clinics resist new software", "sources": []}],
    }
    return scan


@pytest.fixture(autouse=True)
def _fresh_script(research_app: LiveApp) -> None:
    research_app.ai.reset()


def test_a_scan_with_research_links_verified_sources_then_one_without_says_so(
    research_app: LiveApp, page: Page
) -> None:
    open_scanner(research_app, page)
    research_app.ai.research_slow(2.0, PAGES)
    research_app.ai.slow(2.5, text=json.dumps(cited_reply()))
    run_scan(page)
    progress = page.locator(".research-progress")
    expect(progress).to_have_text("Searching the web ...", timeout=5_000)
    expect(progress).to_have_text("Searching the web ... 3 sources read", timeout=10_000)
    screenshot(page, "research-progress")
    expect(page.locator(".scanner-score")).to_have_text("66", timeout=20_000)
    # the research call, then the JSON call with the pages as evidence
    research_call, json_call = research_app.ai.requests
    assert research_call["tools"] == [{"type": "browser_search"}]
    assert "[1] Physiotherapy software market report 2024" in json_call["messages"][-1]["content"]

    expect(page.locator(".research-fallback")).to_have_count(0)
    panel = page.locator(".scanner-sources")
    expect(panel.get_by_role("heading", name="Sources")).to_be_visible()
    items = panel.locator("li")
    expect(items).to_have_count(3)
    expect(items.first).to_contain_text("Physiotherapy software market report 2024")
    expect(items.first).to_contain_text("marketdata.example")
    expect(items.first).to_contain_text("read 20")
    first_link = panel.locator("a.sources-panel-link").first
    expect(first_link).to_have_attribute("href", "https://www.marketdata.example/physio-software")
    expect(first_link).to_have_attribute("target", "_blank")
    expect(first_link).to_have_attribute("rel", "noopener noreferrer")
    screenshot(page, "research-results")
    at_phone_width(page, "research-results", ".scanner-sources li")

    page.get_by_role("tab", name="Market").click()
    market = page.locator(".scanner-market")
    size = market.locator(".market-figure").first
    size_link = size.locator("a.source-link")
    expect(size_link).to_have_text("Physiotherapy software market report 2024")
    expect(size_link).to_have_attribute("href", "https://www.marketdata.example/physio-software")
    expect(size_link).to_have_attribute("rel", "noopener noreferrer")
    expect(size_link).to_have_attribute("target", "_blank")
    growth = market.locator(".market-figure").nth(1)
    expect(growth.locator("a.source-link")).to_have_text("Clinic no-shows grow 9% a year")
    # an invented URL and an invented number: marked, never links
    unverified = market.locator(".source-unverified")
    expect(unverified).to_have_count(2)
    expect(unverified.first).to_have_text("Unverified source")
    assert market.locator("a[href*='invented.example']").count() == 0
    expect(market).to_contain_text("No recent data/source available")
    screenshot(page, "research-market")
    at_phone_width(page, "research-market", ".scanner-market .market-figure")

    page.get_by_role("tab", name="Competitors").click()
    acme = page.locator(".competitor-card").first
    expect(acme.locator("a.source-link")).to_have_text("Acme Scheduling raises $20M")

    # When research fails, the next scan says so.
    page.get_by_role("button", name="New Scan").click()
    research_app.ai.research_error(400)
    research_app.ai.slow(1.5, text=json.dumps(reply(58)))
    run_scan(page)
    expect(page.locator(".scanner-score")).to_have_text("58", timeout=20_000)
    note = page.locator(".research-fallback")
    expect(note).to_have_text(
        "Live research was not available: figures come from the model's knowledge and are "
        "unverified"
    )
    expect(page.locator(".scanner-sources")).to_have_count(0)
    page.get_by_role("tab", name="Market").click()
    expect(page.locator(".scanner-market")).to_contain_text("Unverified source")
    assert page.locator(".scanner-market a.source-link").count() == 0
    screenshot(page, "research-fallback")


# --- Funding Predictor and Growth Engine --------------------------------------------------------

FUNDING_PAGES = [
    WebPage(
        "Seed rounds in healthcare software, 2024",
        "https://www.vcdata.example/seed-health-2024",
        "The median seed round in healthcare SaaS was $3.1M in 2024.",
    ),
    WebPage("Example Seed Fund: portfolio", "https://seed.example.com/portfolio", "Leads seed."),
]


def cited_prediction() -> dict[str, Any]:
    prediction = copy.deepcopy(FUNDING_REPLY)
    prediction["amountSources"] = [1]
    prediction["benchmarks"] = [
        {"text": "Median seed round in healthcare SaaS: $3.1M (2024)", "sources": [1]},
        {"text": "Seed valuations rose 12% in 2024", "source": "https://invented.example/vc"},
        {"text": "Seed investors look for 15% monthly growth", "sources": []},
    ]
    prediction["investors"][0]["sources"] = [2]
    return prediction


def test_a_funding_prediction_with_research_cites_the_pages_read(
    research_app: LiveApp, page: Page
) -> None:
    open_predictor(research_app, page)
    research_app.ai.research_slow(2.0, FUNDING_PAGES)
    research_app.ai.slow(2.5, text=json.dumps(cited_prediction()))
    page.get_by_role("button", name="Predict Funding").click()
    progress = page.locator(".research-progress")
    expect(progress).to_have_text("Searching the web ... 2 sources read", timeout=10_000)
    screenshot(page, "funding-research-progress")
    expect(page.locator("#funding-headline")).to_have_text("Funding Likely", timeout=20_000)
    research_call, _ = research_app.ai.requests
    assert research_call["tools"] == [{"type": "browser_search"}]
    assert "Funding stage sought: Seed" in research_call["messages"][-1]["content"]

    expect(page.locator(".research-fallback")).to_have_count(0)
    range_link = page.locator("a.source-link").first
    expect(range_link).to_have_text("Seed rounds in healthcare software, 2024")
    expect(range_link).to_have_attribute("href", "https://www.vcdata.example/seed-health-2024")
    expect(range_link).to_have_attribute("rel", "noopener noreferrer")
    benchmarks = page.locator("#funding-benchmarks .funding-benchmark")
    expect(benchmarks).to_have_count(3)
    expect(benchmarks.nth(0).locator("a.source-link")).to_have_count(1)
    expect(benchmarks.nth(1).locator(".source-unverified")).to_have_text("Unverified source")
    expect(benchmarks.nth(2)).to_contain_text("No recent data/source available")
    assert page.locator("a[href*='invented.example']").count() == 0
    investor = page.locator(".funding-investor").first
    expect(investor.locator("a.source-link")).to_have_text("Example Seed Fund: portfolio")
    panel = page.locator(".funding-sources")
    expect(panel.locator("li")).to_have_count(2)
    expect(panel.locator("li").first).to_contain_text("vcdata.example")
    screenshot(page, "funding-research-results")

    # the next prediction's research fails: it still ends, and says so
    page.get_by_role("button", name="New Prediction").click()
    research_app.ai.research_error(400)
    research_app.ai.reply_json(FUNDING_REPLY)
    page.get_by_role("button", name="Predict Funding").click()
    expect(page.locator("#funding-headline")).to_have_text("Funding Likely", timeout=20_000)
    expect(page.locator(".research-fallback")).to_contain_text("Live research was not available")
    expect(page.locator(".funding-sources")).to_have_count(0)
    assert page.locator("a.source-link").count() == 0


def cited_strategy() -> dict[str, Any]:
    strategy = copy.deepcopy(GROWTH_REPLY)
    strategy["summary"] = "Win clinics through local communities and referrals."
    strategy["marketTrends"][0]["sources"] = [1]
    strategy["marketTrends"][1]["source"] = "https://invented.example/deposits"
    strategy["growthSteps"][0]["sources"] = [2]
    strategy["benchmarks"] = [{"text": "Clinic software CAC on paid search: $120", "sources": [2]}]
    return strategy


GROWTH_PAGES = [
    WebPage("Online booking trends 2025", "https://www.health.example/booking", "74% online."),
    WebPage("Clinic marketing benchmarks", "https://bench.example/clinics", "CAC $120."),
]


def test_a_growth_strategy_with_research_on_a_phone(
    research_app: LiveApp, mobile_page: Page
) -> None:
    page = mobile_page
    open_engine(research_app, page)
    research_app.ai.research(GROWTH_PAGES, shape="search")
    research_app.ai.slow(2.5, text=json.dumps(cited_strategy()))
    page.get_by_label("Product description").fill(PRODUCT)
    page.get_by_label("Target audience").fill(AUDIENCE)
    page.get_by_role("button", name="Generate Growth Strategy").click()
    expect(page.locator(".research-progress")).to_have_text(
        "Searching the web ... 2 sources read", timeout=10_000
    )
    expect(page.locator("#growth-summary")).to_contain_text("local communities", timeout=20_000)
    expect(page.locator(".research-fallback")).to_have_count(0)
    step = page.locator(".growth-step").first
    expect(step.locator("a.source-link")).to_have_text("Clinic marketing benchmarks")
    expect(page.locator(".growth-sources li")).to_have_count(2)
    no_horizontal_overflow(page)
    screenshot(page, "growth-research-blueprint")

    page.get_by_role("tab", name="Trend Radar").click()
    trends = page.locator(".growth-trend")
    expect(trends).to_have_count(3)
    link = trends.first.locator("a.source-link")
    expect(link).to_have_text("Online booking trends 2025")
    expect(link).to_have_attribute("href", "https://www.health.example/booking")
    expect(trends.nth(1).locator(".source-unverified")).to_have_text("Unverified source")
    expect(trends.nth(2)).to_contain_text("No recent data/source available")
    no_horizontal_overflow(page)
    screenshot(page, "growth-research-trends")

    page.get_by_role("tab", name="Budget Allocation").click()
    benchmark = page.locator("#growth-benchmarks .growth-benchmark").first
    expect(benchmark.locator("a.source-link")).to_have_text("Clinic marketing benchmarks")
    no_horizontal_overflow(page)
    screenshot(page, "growth-research-budget")
