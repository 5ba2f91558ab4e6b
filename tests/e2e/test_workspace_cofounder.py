"""Issue 14, items 8 and 9 in a real browser (production build): an AI tool page shows today's
AI allowance with the warning from 80 % and when it resets; the Co-Founder says which saved
idea it uses and offers the switch; the profile shows the allowance and the setting.
Screenshots at 1280 px, and each page's 390 px layout checked where it is open."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.services import workspace
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up, unique_email
from tests.e2e.conftest import LiveApp, at, at_phone_width, screenshot

IDEA = "Socks by subscription for busy parents"


def _seed(live_app: LiveApp, user_id: str) -> None:
    """170,000 of today's 200,000 tokens spent (85 %), and one scanned idea."""
    with app_db(live_app) as db:
        db.add(AiUsage(user_id=user_id, tool_name="Scanner", total_tokens=170_000))
        db.commit()
        keep = rules.KeepRun(tools.SCANNER.key, {"idea": IDEA}, IDEA)
        assert workspace.keep_run(db, user_id, keep, rules.as_json(SAMPLE_SCAN), sample=False)


def _allowance_and_cofounder(live_app: LiveApp, page: Page) -> None:
    user_id = sign_up(live_app, email=unique_email("allow"))
    _seed(live_app, user_id)
    sign_in_user(live_app, page, user_id, "/startup-viability-scanner")
    bar = page.locator("#ai-allowance")
    expect(bar).to_contain_text("Today's AI allowance")
    expect(bar).to_contain_text("You have used 85 % of today's AI allowance")
    expect(bar).to_contain_text("170,000 of 200,000 tokens used today, 30,000 left")
    expect(bar).to_contain_text("Resets at 00:00 UTC, in ")
    expect(page.get_by_role("progressbar", name="Today's AI allowance")).to_be_visible()
    screenshot(page, "allowance-scanner")
    at_phone_width(page, "allowance-scanner", "#ai-allowance")

    page.goto(live_app.path("/ai-cofounder"))
    expect(page).to_have_url(at(live_app, "/ai-cofounder"))
    panel = page.locator("#cofounder-idea-context")
    expect(panel).to_contain_text(f"Using your idea: {IDEA}")
    expect(page.get_by_label("Idea for this chat")).to_be_visible()
    switch = page.get_by_label("Use this idea in this chat")
    expect(switch).to_be_checked()
    expect(page.locator("#ai-allowance")).to_contain_text("85 %")
    screenshot(page, "cofounder-idea")
    at_phone_width(page, "cofounder-idea", "#cofounder-idea-context")
    switch.click()
    expect(panel).to_contain_text("Not using your saved work in this chat.")

    page.goto(live_app.path("/profile?tab=ai-personalization"))
    expect(page.locator("#ai-allowance")).to_contain_text("30,000 left")
    setting = page.get_by_label("Use my saved work in the AI Co-Founder")
    expect(setting).to_be_checked()
    screenshot(page, "profile-ai-allowance")
    at_phone_width(page, "profile-ai-allowance", "#ai-allowance")
    setting.click()
    expect(setting).not_to_be_checked()
    page.goto(live_app.path("/ai-cofounder"))
    expect(page.locator("#cofounder-idea-context")).to_contain_text(
        "Your saved work is not shared with the Co-Founder."
    )
    link = page.get_by_role("link", name="Use my saved work in the AI Co-Founder")
    expect(link).to_have_attribute("href", "/profile?tab=ai-personalization")


def test_allowance_on_a_tool_page_and_the_cofounder_uses_the_chosen_idea(
    live_app: LiveApp, page: Page
) -> None:
    _allowance_and_cofounder(live_app, page)
