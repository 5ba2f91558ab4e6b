"""/tool-explorer in a real browser against the production build (T-EXP-1).

Signed out -> /login; signed in: every tool, the flagship Viability Scanner first (issue 28,
item 9), with icon, category and description, search
(as you type), category filters, 'No tools found', and Launch Tool logging
'Launched {tool} from Tool Explorer' in the app's database before opening the tool.
Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect
from sqlmodel import select

from startup_toolkit.models import UserActivity
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import LiveApp, at, at_phone_width, screenshot
from tests.support.tool_pages import TOOL_NAMES

ROUTE = "/tool-explorer"


def cards(page: Page) -> Locator:
    return page.locator("article.explorer-card")


def open_signed_in(live_app: LiveApp, page: Page) -> str:
    user_id = sign_up_and_sign_in(live_app, page, email=unique_email("explorer"), next_path=ROUTE)
    expect(page).to_have_url(at(live_app, ROUTE))
    expect(cards(page)).to_have_count(len(TOOL_NAMES))
    return user_id


def _filters_at_phone_width(page: Page) -> None:
    """At 390 px the category filters still narrow the list and bring it back."""
    page.get_by_role("button", name="Finance", exact=True).click()
    expect(cards(page)).to_have_count(1)
    page.get_by_role("button", name="All", exact=True).click()
    expect(cards(page)).to_have_count(len(TOOL_NAMES))


def test_t_exp_1_search_filters_empty_state_and_launch(live_app: LiveApp, page: Page) -> None:
    """T-EXP-1: the list, search as you type, category filters (at 390 px too), 'No tools
    found', and Launch Tool logging the launch before opening the tool."""
    user_id = open_signed_in(live_app, page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("right tool")
    expect(cards(page).locator("h2")).to_have_text(TOOL_NAMES)
    for name in TOOL_NAMES:
        card = cards(page).filter(has=page.get_by_role("heading", name=name, exact=True))
        expect(card.locator("svg").first).to_be_visible()  # the tool's icon
        expect(card.get_by_role("button", name=f"Launch Tool: {name}")).to_be_visible()
    expect(cards(page).first).to_contain_text("Strategy")
    expect(page.get_by_text("AI-generated results may vary.")).to_be_visible()
    screenshot(page, "tool-explorer")
    at_phone_width(page, "tool-explorer", "article.explorer-card", check=_filters_at_phone_width)

    # Search matches names and descriptions, case-insensitively, as you type.
    search = page.get_by_label("Search tools")
    search.fill("INCUBATOR")
    expect(cards(page)).to_have_count(1)
    expect(cards(page).locator("h2")).to_have_text(["Idea Incubator"])
    search.fill("pitch")
    expect(cards(page)).to_have_count(1)
    expect(cards(page).locator("h2")).to_have_text(["Funding Predictor"])
    search.fill("")
    expect(cards(page)).to_have_count(len(TOOL_NAMES))

    # Category filters.
    filters = page.get_by_role("group", name="Filter by category")
    for label in ("All", "Strategy", "Finance", "Growth", "Innovation", "Analytics"):
        expect(filters.get_by_role("button", name=label, exact=True)).to_be_visible()
    expected = {
        "Strategy": ["Startup Viability Scanner", "AI Co-Founder"],
        "Finance": ["Funding Predictor"],
        "Growth": ["Growth Engine", "Startup Arena"],
        "Innovation": ["Idea Incubator"],
        "Analytics": ["Startup Oracle"],
    }
    for label, names in expected.items():
        button = filters.get_by_role("button", name=label, exact=True)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(cards(page)).to_have_count(len(names))
        expect(cards(page).locator("h2")).to_have_text(names)

    # Search and category together: nothing in Analytics mentions 'pitch'.
    search.fill("pitch")
    expect(cards(page)).to_have_count(0)
    expect(page.get_by_role("heading", name="No tools found")).to_be_visible()
    screenshot(page, "tool-explorer-empty")
    page.get_by_role("button", name="Show all tools").click()
    expect(cards(page)).to_have_count(len(TOOL_NAMES))
    expect(search).to_have_value("")
    expect(filters.get_by_role("button", name="All", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.get_by_text("No tools found")).to_have_count(0)

    page.get_by_role("button", name="Launch Tool: Growth Engine").click()
    expect(page).to_have_url(at(live_app, "/growth-engine"))
    with app_db(live_app) as db:
        rows = db.exec(
            select(UserActivity).where(
                UserActivity.user_id == user_id, UserActivity.tool_name == "Growth Engine"
            )
        ).all()
    assert [r.action for r in rows] == ["Launched Growth Engine from Tool Explorer"]


def test_issue_28_item_9_the_menus_explore_all_tools_lists_the_flagship(
    live_app: LiveApp, page: Page
) -> None:
    """The header's 'Explore all tools' opens the Explorer with every tool the menu lists, and
    the flagship launches from it."""
    user_id = sign_up_and_sign_in(
        live_app, page, email=unique_email("explorer-all"), next_path="/dashboard"
    )
    expect(page).to_have_url(at(live_app, "/dashboard"))
    page.locator("#site-header").get_by_role("button", name="Tools").click()
    menu = page.get_by_role("menu")
    for name in TOOL_NAMES:
        expect(menu.get_by_role("menuitem", name=name)).to_be_visible()
    menu.get_by_role("menuitem", name="Explore all tools").click()
    expect(page).to_have_url(at(live_app, ROUTE))
    expect(cards(page).locator("h2")).to_have_text(TOOL_NAMES)
    page.get_by_role("button", name="Launch Tool: Startup Viability Scanner").click()
    expect(page).to_have_url(at(live_app, "/startup-viability-scanner"))
    with app_db(live_app) as db:
        rows = db.exec(
            select(UserActivity).where(
                UserActivity.user_id == user_id,
                UserActivity.tool_name == "Startup Viability Scanner",
            )
        ).all()
    assert [r.action for r in rows] == ["Launched Startup Viability Scanner from Tool Explorer"]
