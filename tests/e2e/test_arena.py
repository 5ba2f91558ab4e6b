"""/startup-arena in a real browser against the production build.

T-ARENA-1: the join form, 'Missing information' with the missing fields named, rank 68 and
score 73 after joining. T-ARENA-2: leaderboard (your card, top five, Load More Rankings,
progress, score breakdown) and feed (like toggles, 'Empty post', a post on top after 1 s with
+2 points, rendered as text, trending topics, founders to follow). T-ARENA-3: challenges
(detail opens and closes, 'Already joined', your challenges, resources) and events (Register,
the November 2023 calendar, event types). Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.auth_helpers import sign_up_and_sign_in, unique_email
from tests.e2e.conftest import LiveApp, at, screenshot

ROUTE = "/startup-arena"
XSS = '<img src=x onerror="window.__arenaXss=1">'


def open_arena(live_app: LiveApp, page: Page) -> None:
    sign_up_and_sign_in(live_app, page, email=unique_email("arena"), next_path=ROUTE)
    expect(page).to_have_url(at(live_app, ROUTE))
    expect(page.get_by_role("heading", level=1)).to_have_text("Startup Arena")


def toast(page: Page, text: str) -> Any:
    return page.locator("[data-sonner-toast]").filter(has_text=text)


def enter(page: Page, company: str = "Nova Health") -> None:
    page.get_by_label("Company Name").fill(company)
    page.get_by_label("Industry").fill("HealthTech")
    page.get_by_label("Monthly Revenue").fill("$25,000")
    page.get_by_label("Active Users").fill("1,200")
    page.get_by_label("Monthly Growth %").fill("15%")
    page.get_by_role("button", name="Enter the Arena").click()
    try:
        expect(page.locator("#arena-rank")).to_have_text("#68")
    except AssertionError as exc:  # say what the page said instead
        toasts = page.locator("[data-sonner-toast]").all_inner_texts()
        raise AssertionError(f"not joined; toasts: {toasts}") from exc
    expect(page.locator("#arena-score")).to_have_text("73")


def no_overflow(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"page is {overflow}px wider than the viewport"


def test_t_arena_1_2_3_join_then_leaderboard_feed_challenges_and_events(
    live_app: LiveApp, page: Page
) -> None:
    open_arena(live_app, page)
    expect(page.locator("#arena-sample")).to_contain_text("Sample arena")
    expect(page.get_by_role("button", name="Save Results")).to_have_count(0)  # nothing to save
    expect(page.get_by_text("The Arena experience")).to_be_visible()
    expect(page.get_by_text("Prizes", exact=True)).to_be_visible()
    expect(page.get_by_label("Company Description (optional)")).to_be_visible()
    screenshot(page, "arena-join")

    # T-ARENA-1: missing information keeps what was typed and names the missing fields.
    page.get_by_label("Company Name").fill("Nova Health")
    page.get_by_label("Company Description (optional)").fill("Care plans for carers.")
    page.get_by_role("button", name="Enter the Arena").click()
    expect(toast(page, "Missing information")).to_be_visible()
    expect(toast(page, "Please fill all required fields")).to_be_visible()
    expect(page.locator("#arena-industry-error")).to_have_text("Industry is required.")
    expect(page.locator("#arena-growth-error")).to_have_text("Monthly Growth % is required.")
    expect(page.get_by_label("Industry")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Company Name")).to_have_value("Nova Health")
    expect(page.locator("#arena-company-error")).to_have_count(0)

    # Keyboard: the fields and the button are reached with Tab.
    page.get_by_label("Company Name").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Industry")).to_be_focused()

    enter(page)
    expect(toast(page, "Welcome to the Arena!")).to_be_visible()
    expect(page.locator("#arena-company")).to_have_text("Nova Health")
    card = page.locator("#arena-your-card")
    expect(card).to_contain_text("HealthTech")
    expect(card).to_contain_text("$25,000")

    # T-ARENA-2: leaderboard.
    expect(page.locator(".arena-leader")).to_have_count(5)
    expect(page.locator(".arena-leader").first).to_contain_text("#1")
    expect(page.locator("#arena-ranking-note")).to_have_text("Rankings update every 24 hours.")
    expect(page.get_by_role("progressbar")).to_be_visible()
    expect(page.locator("#arena-points-to-go")).to_have_text("14 points to go")
    expect(page.locator("#arena-breakdown")).to_contain_text("Starting score")
    page.get_by_role("button", name="Load More Rankings").click()
    expect(toast(page, "No more rankings in this sample")).to_be_visible()
    screenshot(page, "arena-leaderboard")

    # T-ARENA-2: feed.
    page.get_by_role("tab", name="Arena Feed").click()
    expect(page.locator("#arena-trending")).to_contain_text("#FundraisingTips")
    expect(page.locator("#arena-founders")).to_contain_text("Tomás Rivera")
    first = page.locator(".arena-post").first
    count = first.locator(".arena-like-count")
    likes = int(count.inner_text())
    like = first.locator("button[aria-pressed]")
    like.click()
    expect(count).to_have_text(str(likes + 1))
    expect(like).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#arena-score")).to_have_text("74")
    like.click()
    expect(count).to_have_text(str(likes))
    expect(like).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#arena-score")).to_have_text("74")  # an unlike keeps the score

    page.get_by_role("button", name="Post", exact=True).click()
    expect(toast(page, "Empty post")).to_be_visible()
    expect(toast(page, "Please write something to post")).to_be_visible()

    page.get_by_label("Share an update").fill(f"We hit 1,000 users! {XSS}")
    expect(page.locator("#arena-post-count")).to_contain_text("/ 500")
    page.get_by_role("button", name="Post", exact=True).click()
    top = page.locator(".arena-post").first
    expect(top.locator(".arena-post-content")).to_have_text(f"We hit 1,000 users! {XSS}")
    expect(top).to_contain_text("You")
    expect(top.locator(".arena-like-count")).to_have_text("0")
    expect(page.locator("#arena-score")).to_have_text("76")
    expect(page.get_by_label("Share an update")).to_have_value("")
    assert page.evaluate("() => window.__arenaXss") is None
    page.get_by_role("button", name="Follow Tomás Rivera").click()
    expect(page.get_by_role("button", name="Follow Tomás Rivera")).to_have_text("Following")
    screenshot(page, "arena-feed")

    # T-ARENA-3: challenges.
    page.get_by_role("tab", name="Challenges").click()
    expect(page.locator(".arena-challenge")).to_have_count(3)
    expect(page.locator(".arena-past-challenge")).to_have_count(2)
    mine = page.locator("#arena-your-challenges")
    expect(mine).to_contain_text("You have not joined a challenge yet.")
    page.get_by_role("button", name="View details of Customer Interview Marathon").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Customer Interview Marathon")
    expect(dialog).to_contain_text("75 points")
    dialog.get_by_role("button", name="Join Customer Interview Marathon").click()
    expect(toast(page, "Challenge joined")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(mine.locator(".arena-your-challenge")).to_have_count(1)
    expect(mine).to_contain_text("Customer Interview Marathon")
    page.get_by_role("button", name="Join Customer Interview Marathon").click()
    expect(toast(page, "Already joined")).to_be_visible()
    expect(mine.locator(".arena-your-challenge")).to_have_count(1)
    expect(page.get_by_role("link", name="Plan a growth experiment")).to_have_attribute(
        "href", "/growth-engine"
    )
    screenshot(page, "arena-challenges")

    # T-ARENA-3: events.
    page.get_by_role("tab", name="Events").click()
    expect(page.locator(".arena-event")).to_have_count(3)
    page.get_by_role("button", name="Register for Founder Pitch Night").click()
    expect(toast(page, "Registered")).to_be_visible()
    expect(page.get_by_role("button", name="Register for Founder Pitch Night")).to_have_text(
        "Registered"
    )
    calendar = page.locator("#arena-calendar")
    expect(calendar).to_contain_text("November 2023")
    expect(calendar.locator("tbody td:not([aria-hidden])")).to_have_count(30)
    expect(page.get_by_text("Event types")).to_be_visible()
    screenshot(page, "arena-events")


def test_t_arena_2_the_arena_fits_390px(live_app: LiveApp, mobile_page: Page) -> None:
    page = mobile_page
    open_arena(live_app, page)
    no_overflow(page)
    screenshot(page, "arena-join")
    enter(page, company="A Startup With A Rather Long Name That Keeps Going And Going")
    no_overflow(page)
    # Issue 17, item 11: the tab bar stays one line of one-line tabs (it scrolls instead).
    names = ("Leaderboard", "Arena Feed", "Challenges", "Events")
    boxes = [page.get_by_role("tab", name=n).bounding_box() for n in names]
    heights = {round(b["height"]) for b in boxes if b}
    tops = {round(b["y"]) for b in boxes if b}
    assert len(tops) == 1 and max(heights) <= 40, boxes
    screenshot(page, "arena-leaderboard")
    page.get_by_role("tab", name="Arena Feed").click()
    page.get_by_label("Share an update").fill("x" * 120)  # one long word must wrap
    page.get_by_role("button", name="Post", exact=True).click()
    expect(page.locator("#arena-score")).to_have_text("75")
    no_overflow(page)
    screenshot(page, "arena-feed")
    for name in ("Challenges", "Events"):
        page.get_by_role("tab", name=name).click()
        no_overflow(page)
    screenshot(page, "arena-events")
