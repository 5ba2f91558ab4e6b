"""Issue 15 in a real browser against the fake OpenAI-compatible server: the quality gate
(item 7) keeps a reply that echoes the prompt's placeholders, with an overall of 0 and three
categories left empty, off the page: after its one repair it is the Scanner's parse-failure
panel; a good reply then shows the app's overall score (item 6) and the confidence derived
from evidence with its explanation on every category card and in the overview (item 5)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveApp, screenshot
from tests.e2e.test_scanner import NAMES, open_scanner, reply, run_scan

PLACEHOLDER = "<two or three sentences: the verdict and the main reason>"


def template_echo() -> dict[str, Any]:
    """What a small model replied: the placeholder, an overall of 0, two categories of five."""
    echo = reply(0)
    echo["overallAssessment"] = PLACEHOLDER
    echo["categories"] = echo["categories"][:2]
    return echo


def test_a_template_echo_is_never_shown_and_confidence_says_why(
    live_app: LiveApp, page: Page
) -> None:
    open_scanner(live_app, page)
    live_app.ai.reply_json(template_echo()).reply_json(template_echo())
    run_scan(page)
    panel = page.locator(".scanner-error-panel")
    expect(panel).to_contain_text("Analysis parsing failed.", timeout=15_000)
    expect(page.get_by_text(PLACEHOLDER)).to_have_count(0)
    expect(page.locator(".scanner-score")).to_have_count(0)
    requests = live_app.ai.requests
    assert len(requests) == 2
    repair = requests[1]["messages"][-1]["content"]
    assert f'"{PLACEHOLDER}"' in repair and "overallScore is 0" in repair
    assert all(r["seed"] == requests[0]["seed"] for r in requests)

    # The model says 70 overall; the app shows the categories' average (58).
    live_app.ai.reply_json(reply(70))
    page.get_by_role("button", name="Retry Genesis Analysis").click()
    expect(page.locator(".scanner-score")).to_have_text("58", timeout=15_000)
    expect(panel).to_have_count(0)
    expect(page.locator(".scanner-confidence")).to_have_text(
        "Overall confidence: Low: no live sources; the model's own confidence was medium"
    )
    cards = page.locator(".category-card")
    expect(cards).to_have_count(len(NAMES))
    expect(cards.locator(".confidence")).to_have_text(["low"] * len(NAMES))
    expect(cards.first.locator(".confidence-note")).to_have_text(
        "Low: no live sources; the model's own confidence was high"
    )
    expect(cards.nth(2).locator(".confidence-note")).to_have_text(
        "Low: no live sources; the model's own confidence was low"
    )
    cards.first.scroll_into_view_if_needed()
    screenshot(page, "scanner-confidence-from-evidence")
