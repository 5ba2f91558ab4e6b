"""/notifications and /help-support in a real browser against the production build.

P-NOTE-1: loading text, newest first, icon and badge by type, local date-time, 'New' badge,
mark-read, delete, 'N unread', 'Mark all read', toasts, 'No notifications yet'.
P-HELP-1: tabs (Documentation default), How It Works (5 steps), FAQ (6, single-open),
Contact Support (-> /contact; Join Community is honest, not a dead button).
P-HELP-2: quick links (anchors, /profile, /manage-plans) and the AI tools guide.
P-BILL-2: the FAQ says major credit cards, and plans can be upgraded, downgraded or cancelled.
Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from playwright.sync_api import Browser, Locator, Page, expect

from startup_toolkit.models import UserNotification
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import LiveApp, at, at_phone_width, screenshot, settled, toast, wait_for_app

WELCOME_START = "Welcome to"
#: (type as stored, message, age); the sign-up welcome (success) is newer than all of them.
SEEDED = (
    ("info", "Your weekly report is ready", timedelta(days=1)),
    ("warning", "Your trial ends in 3 days", timedelta(days=2)),
    ("error", "Payment failed for your last invoice", timedelta(days=3)),
)
FIXED_MESSAGE = "A note from a fixed moment"
FIXED_AT = datetime(2025, 1, 15, 18, 30, tzinfo=UTC)  # 1:30 PM in New York (EST)


def seed(live_app: LiveApp, user_id: str) -> None:
    now = datetime.now(UTC)
    with app_db(live_app) as db:
        for type_, message, age in SEEDED:
            db.add(
                UserNotification(user_id=user_id, type=type_, message=message, created_at=now - age)
            )
        db.add(
            UserNotification(
                user_id=user_id, type="alert", message=FIXED_MESSAGE, created_at=FIXED_AT
            )
        )
        db.commit()


def item(page: Page, message: str) -> Locator:
    return page.locator(".note-item").filter(has_text=message)


def open_notifications(live_app: LiveApp, page: Page) -> str:
    """A new account with the seeded notifications, on /notifications (loaded)."""
    user_id = sign_up_and_sign_in(
        live_app, page, email=unique_email("notes"), next_path="/notifications"
    )
    seed(live_app, user_id)
    # A second sign-in: the one that created the account sends no notice (issue 17, item 6).
    sign_in_user(live_app, page, user_id, "/notifications")
    wait_for_app(page)
    # The seeded four, the sign-up welcome and the second sign-in's notice.
    expect(page.locator(".note-item")).to_have_count(6)
    return user_id


def test_signed_out_visitor_goes_to_login(live_app: LiveApp, page: Page) -> None:
    """P-AUTH-1 for these pages and the Tool Explorer (T-EXP-1)."""
    for route in ("/notifications", "/help-support", "/tool-explorer"):
        page.goto(live_app.path(route))
        wait_for_app(page)
        expect(page).to_have_url(at(live_app, f"/login?next=%2F{route[1:]}"))


def test_p_note_1_list_actions_and_toasts_then_p_help_1_2(
    live_app: LiveApp, browser: Browser
) -> None:
    """P-NOTE-1, in a browser whose local time zone is New York (dates are stored in UTC);
    then the help page (P-HELP-1, P-HELP-2, P-BILL-2)."""
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 900}, timezone_id="America/New_York"
    )
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    try:
        open_notifications(live_app, page)
        messages = page.locator(".note-item .note-message")
        expect(messages.nth(0)).to_contain_text("New sign-in")  # signed in after sign-up
        expect(messages.nth(1)).to_contain_text(WELCOME_START)
        expect(messages).to_have_text(
            [
                messages.nth(0).inner_text(),
                messages.nth(1).inner_text(),
                *[message for _, message, _ in SEEDED],
                FIXED_MESSAGE,
            ]
        )
        # Type badges (anything unknown is info) and every item starts unread.
        for message, label in (
            (WELCOME_START, "Success"),
            (SEEDED[0][1], "Info"),
            (SEEDED[1][1], "Warning"),
            (SEEDED[2][1], "Error"),
            (FIXED_MESSAGE, "Info"),
        ):
            expect(item(page, message).get_by_text(label, exact=True)).to_be_visible()
        expect(page.locator(".note-new")).to_have_count(6)
        expect(item(page, FIXED_MESSAGE).locator(".note-time")).to_have_text(
            "Jan 15, 2025 at 1:30 PM"
        )
        expect(page.locator(".note-unread-count")).to_have_text("6 unread")
        screenshot(page, "notifications")
        # At 390 px the list fits and the actions stay reachable.
        at_phone_width(page, "notifications", ".note-delete", ".note-unread-count")
        expect(page.get_by_role("button", name="Mark all read")).to_be_visible()

        # Mark one read.
        target = item(page, SEEDED[1][1])
        target.get_by_role("button", name=f"Mark as read: {SEEDED[1][1]}").click()
        expect(toast(page, "Notification marked as read")).to_be_visible()
        expect(target.locator(".note-new")).to_have_count(0)
        expect(target.get_by_role("button", name=f"Mark as read: {SEEDED[1][1]}")).to_have_count(0)
        expect(page.locator(".note-unread-count")).to_have_text("5 unread")

        # Delete one.
        doomed = item(page, SEEDED[2][1])
        doomed.get_by_role("button", name=f"Delete notification: {SEEDED[2][1]}").click()
        expect(toast(page, "Notification deleted")).to_be_visible()
        expect(doomed).to_have_count(0)
        expect(page.locator(".note-item")).to_have_count(5)
        expect(page.locator(".note-unread-count")).to_have_text("4 unread")

        # Mark all read: the badge and the button go away.
        page.get_by_role("button", name="Mark all read").click()
        expect(toast(page, "All notifications marked as read")).to_be_visible()
        expect(page.locator(".note-new")).to_have_count(0)
        expect(page.locator(".note-unread-count")).to_have_count(0)
        expect(page.get_by_role("button", name="Mark all read")).to_have_count(0)

        # Delete everything: the empty state.
        while page.locator(".note-item").count():
            before = page.locator(".note-item").count()
            page.locator(".note-item .note-delete").first.click()
            expect(page.locator(".note-item")).to_have_count(before - 1)
        expect(page.get_by_text("No notifications yet")).to_be_visible()
        screenshot(page, "notifications-empty")

        # A fresh load of an empty list shows the empty state too (not the loading text).
        page.reload()
        wait_for_app(page)
        expect(page.get_by_text("No notifications yet")).to_be_visible()
        expect(page.get_by_text("Loading notifications...")).to_have_count(0)

        # The same founder's help page.
        page.goto(live_app.path("/help-support"))
        wait_for_app(page)
        expect(page.get_by_role("tablist")).to_be_visible()
        _help_page(live_app, page)
    finally:
        ctx.close()


def _help_page(live_app: LiveApp, page: Page) -> None:
    """P-HELP-1 tabs, steps, FAQ single-open, contact; P-HELP-2 links and guide; P-BILL-2."""
    tabs = page.get_by_role("tab")
    expect(tabs).to_have_count(4)
    at_phone_width(page, "help-documentation")
    for index, name in enumerate(("Documentation", "How It Works", "FAQ", "Contact Support")):
        expect(tabs.nth(index)).to_have_accessible_name(name)
    expect(page.get_by_role("tab", name="Documentation")).to_have_attribute("aria-selected", "true")

    # P-HELP-2: quick links.
    links = page.locator(".help-quick-link")
    expect(links).to_have_count(4)
    for label, href in (
        ("Getting Started", r"^(/help-support/?)?#getting-started$"),
        ("AI Tools docs", r"^(/help-support/?)?#ai-tools$"),
        ("Account Settings", r"^/profile$"),
        ("Billing & Plans", r"^/manage-plans$"),
    ):
        expect(links.filter(has_text=label)).to_have_attribute("href", re.compile(href))
    for tool, category in (
        ("AI Co-Founder", "Strategy"),
        ("Funding Predictor", "Finance"),
        ("Growth Engine", "Growth"),
    ):
        card = page.locator(".help-guide-tool").filter(has_text=tool)
        expect(card).to_be_visible()
        expect(card.get_by_text(category, exact=True)).to_be_visible()
    screenshot(page, "help-documentation")
    links.filter(has_text="AI Tools docs").click()
    expect(page).to_have_url(re.compile(r"/help-support/?#ai-tools$"))
    expect(page.locator("#ai-tools")).to_be_in_viewport()

    # How It Works: five steps.
    page.get_by_role("tab", name="How It Works").click()
    expect(page.locator(".help-step-title")).to_have_text(
        [
            "Sign Up & Setup",
            "Choose Your Tools",
            "Input Your Data",
            "Get AI Analysis",
            "Implement & Iterate",
        ]
    )
    screenshot(page, "help-how-it-works")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "help-how-it-works")
    page.set_viewport_size({"width": 1280, "height": 900})

    # FAQ: six questions, one open at a time.
    page.get_by_role("tab", name="FAQ").click()
    items = page.locator(".help-faq-item")
    expect(items).to_have_count(6)
    first = items.nth(0)
    payment = page.locator(".help-faq-item[data-faq='payment']")
    plan = page.locator(".help-faq-item[data-faq='plan']")
    first.get_by_role("button").click()
    expect(first).to_have_attribute("data-state", "open")
    payment.get_by_role("button", name="What payment methods do you accept?").click()
    expect(payment).to_have_attribute("data-state", "open")
    expect(first).to_have_attribute("data-state", "closed")
    expect(payment.locator(".help-faq-answer")).to_contain_text("major credit cards")
    settled(page)
    screenshot(page, "help-faq")
    at_phone_width(page, "help-faq", ".help-faq-item")
    plan.get_by_role("button").click()
    expect(payment).to_have_attribute("data-state", "closed")
    expect(plan.locator(".help-faq-answer")).to_contain_text(
        "Plans can be upgraded, downgraded or cancelled"
    )
    plan.get_by_role("button").click()  # collapsible: closing the open one leaves none open
    expect(page.locator(".help-faq-item[data-state='open']")).to_have_count(0)

    # Contact Support: a real link, and no dead 'Join Community' button.
    page.get_by_role("tab", name="Contact Support").click()
    expect(page.locator("a.help-contact-link")).to_have_attribute("href", "/contact")
    expect(page.get_by_text("Community coming soon")).to_be_visible()
    expect(page.get_by_role("button", name="Join Community")).to_have_count(0)
    screenshot(page, "help-contact")
    at_phone_width(page, "help-contact", "a.help-contact-link")
    page.locator("a.help-contact-link").click()
    expect(page).to_have_url(at(live_app, "/contact"))
