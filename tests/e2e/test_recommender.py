"""The home page's tool recommender, signed out, against the app's fake AI server."""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page, expect

from startup_toolkit.domain import recommender as rules
from tests.e2e.conftest import LiveApp, screenshot, wait_for_app

IDEA = "A marketplace that matches retired engineers with hardware startups for mentoring."


def _open(page: Page, live_app: LiveApp, tab: str = "Early Stage") -> Locator:
    page.goto(live_app.path("/#tools"))
    wait_for_app(page)
    tools = page.locator("#tools")
    tools.get_by_role("tab", name=tab).click()
    return tools.get_by_role("tabpanel")


def _reply(*items: tuple[str, int, str]) -> dict[str, object]:
    return {"tools": [{"id": i, "score": s, "matchReason": r} for i, s, r in items]}


def test_t_rec_1_2_validation_progress_ranked_results_and_a_failed_request(
    live_app: LiveApp, page: Page
) -> None:
    """T-REC-1: stage-dependent label, min 10 characters (warning, disabled), progress text.
    T-REC-2: name, description, reason, match %, Launch; > 20 kept, best first; New Analysis
    keeps the text; a failed request says so beside the stage's fallback tools. (An unreadable
    reply's three tools: tests/state/test_recommender_state.py.)"""
    panel = _open(page, live_app)
    field = panel.get_by_label("Describe your startup idea")
    button = panel.get_by_role("button", name="Get AI-Powered Recommendations")
    field.fill("too short")
    expect(panel.get_by_text(rules.TOO_SHORT)).to_be_visible()
    expect(button).to_be_disabled()
    field.fill("   padded    ")  # 6 characters once trimmed
    expect(button).to_be_disabled()
    field.fill(IDEA)
    expect(panel.get_by_text(rules.TOO_SHORT)).to_have_count(0)
    expect(button).to_be_enabled()
    reply = _reply(
        ("growth-engine", 35, "You need a first channel."),
        ("startup-viability-scanner", 92, "Validate demand before building."),
        ("startup-oracle", 20, "Not above the threshold."),
        ("idea-incubator", 64, "Stress-test the two-sided market."),
    )
    live_app.ai.slow(1.5, "```json\n" + json.dumps(reply) + "\n```")
    button.click()
    expect(panel.get_by_role("button", name="Analyzing Your Idea...")).to_be_disabled()
    expect(panel.get_by_text("AI-Recommended Tools")).to_be_visible(timeout=15_000)
    cards = panel.locator(".tool-card")
    expect(cards).to_have_count(3)
    expect(cards.nth(0)).to_contain_text("Startup Viability Scanner")
    expect(cards.nth(0)).to_contain_text("92% match")
    expect(cards.nth(0)).to_contain_text("Validate demand before building.")
    expect(cards.nth(1)).to_contain_text("Idea Incubator")
    expect(cards.nth(2)).to_contain_text("Growth Engine")
    expect(cards.nth(0).get_by_role("link", name="Launch")).to_have_attribute(
        "href", "/startup-viability-scanner"
    )
    sent = live_app.ai.requests[-1]
    assert IDEA in sent["messages"][-1]["content"]
    assert sent["temperature"] == 0.2
    screenshot(page, "recommender-results")
    panel.get_by_role("button", name="New Analysis").click()
    expect(panel.get_by_label("Describe your startup idea")).to_have_value(IDEA)

    # The request fails (every retry too): the message and the Growth Stage's own tools.
    for _ in range(3):
        live_app.ai.status(500)
    page.locator("#tools").get_by_role("tab", name="Growth Stage").click()
    panel = page.locator("#tools").get_by_role("tabpanel")
    panel.get_by_label("Describe your business and its current traction").fill(IDEA)
    panel.get_by_role("button", name="Get AI-Powered Recommendations").click()
    expect(panel.get_by_text(rules.REQUEST_FAILED)).to_be_visible(timeout=20_000)
    cards = panel.locator(".tool-card")
    expect(cards).to_have_count(3)
    for card, name in zip(
        cards.all(), ("Growth Engine", "Startup Oracle", "Funding Predictor"), strict=True
    ):
        expect(card).to_contain_text(name)
    expect(cards.nth(2)).to_contain_text("75% match")
