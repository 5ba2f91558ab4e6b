"""/contact in a real browser against the production build, with a real SMTP server.

P-CONT-1 form and validation toast, P-CONT-2 'Message Sent!' + both emails delivered + the
form returning after 5 s, P-CONT-4 contact panel; screenshots at 1280 and 390 px.
"""

from __future__ import annotations

import sqlite3
import time
import uuid
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    TEAM_ADDRESS,
    LiveApp,
    at_phone_width,
    next_frames,
    no_horizontal_overflow,
    screenshot,
    settled,
    toast,
    wait_for_app,
)
from tests.support.smtp_server import ReceivedMail, RecordingSMTPServer

REQUIRED_TOAST = "Please fill in all fields before submitting."
SENT_TOAST = "We've received your message and will get back to you within 24 hours."


def open_contact(page: Page, live_app: LiveApp) -> None:
    page.goto(live_app.path("/contact"))
    wait_for_app(page)
    expect(page.locator("#contact-name")).to_be_visible()


def stored_count(live_app: LiveApp) -> int:
    with sqlite3.connect(live_app.database) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM contact_messages").fetchone()[0])


def wait_for_mails(
    smtp: RecordingSMTPServer, match: Callable[[ReceivedMail], bool], count: int, timeout: float
) -> list[ReceivedMail]:
    """Mails matching `match` once at least `count` arrived (the server is shared)."""
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in smtp.received if match(m)]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def test_the_contact_page_from_empty_form_to_message_sent(page: Page, live_app: LiveApp) -> None:
    """P-CONT-1 the form, its validation toast and messages (P-SHELL-6: toasts one at a time,
    dark); P-CONT-4 the contact panel;
    P-CONT-2 'Message Sent!', both emails delivered, the form back after 5 s; screenshots at
    1280 and 390 px. Each rule of the validation: tests/pages/contact/test_state.py."""
    open_contact(page, live_app)
    expect(page).to_have_title("Contact | Unstuck")
    name = page.get_by_label("Name")
    email = page.get_by_label("Email")
    message = page.get_by_label("Message")
    expect(name).to_have_attribute("aria-required", "true")
    expect(email).to_have_attribute("type", "email")
    expect(message).to_have_attribute("rows", "5")
    expect(page.locator("#contact-message-count")).to_have_text("0 / 5,000")
    message.fill("Hello!")
    expect(page.locator("#contact-message-count")).to_have_text("6 / 5,000")

    # P-CONT-4: the general-inquiries address and three social placeholders.
    mail_link = page.locator("#contact-general-email")
    expect(mail_link).to_have_text(TEAM_ADDRESS)
    expect(mail_link).to_have_attribute("href", f"mailto:{TEAM_ADDRESS}")
    social = page.locator("#contact-social [aria-label]")
    expect(social).to_have_count(3)
    settled(page)
    no_horizontal_overflow(page)
    screenshot(page, "contact")
    at_phone_width(page, "contact", "#contact-submit")

    # P-CONT-1: an empty form (a name of blanks) stores nothing.
    message.fill("")
    before = stored_count(live_app)
    page.get_by_label("Name").fill("   ")
    page.get_by_role("button", name="Send Message").click()
    expect(toast(page, "Validation Error")).to_be_visible()
    expect(toast(page, REQUIRED_TOAST)).to_be_visible()
    expect(page.locator("#contact-name-error")).to_have_text("Name is required.")
    expect(page.locator("#contact-email-error")).to_have_text("Email is required.")
    expect(page.locator("#contact-message-error")).to_have_text("Message is required.")
    expect(page.get_by_label("Name")).to_be_focused()
    assert stored_count(live_app) == before

    # P-SHELL-6 (toasts): in a labelled region, one at a time, dark whatever the system's theme
    # (issue 17, item 2).
    expect(page.get_by_role("region", name="Notifications alt+T")).to_be_attached()
    page.get_by_label("Name").fill("Ada")
    page.get_by_role("button", name="Send Message").click()  # its toast replaces the first
    expect(page.get_by_label("Email")).to_be_focused()  # the server answered the second send
    expect(page.locator("[data-sonner-toast][data-visible='true']")).to_have_count(1)
    toaster = page.locator("[data-sonner-toaster]").first
    page.emulate_media(color_scheme="dark")
    expect(toaster).to_have_attribute("data-sonner-theme", "dark")
    page.emulate_media(color_scheme="light")
    next_frames(page)  # the media change has been heard
    expect(toaster).to_have_attribute("data-sonner-theme", "dark")

    # P-CONT-1: an email the browser accepts and we do not; the input is kept.
    page.get_by_label("Name").fill("Grace Hopper")
    page.get_by_label("Email").fill("grace@navy")  # the browser accepts it; we do not
    page.get_by_label("Message").fill("Keep this text.")
    page.get_by_role("button", name="Send Message").click()
    expect(page.locator("#contact-email-error")).to_have_text("Enter a valid email address.")
    expect(page.get_by_label("Email")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Name")).to_have_value("Grace Hopper")
    expect(page.get_by_label("Message")).to_have_value("Keep this text.")
    assert stored_count(live_app) == before

    # P-CONT-2: sent.
    sender = f"ada.{uuid.uuid4().hex[:8]}@example.com"
    before = stored_count(live_app)
    page.get_by_label("Name").fill("Ada Lovelace")
    page.get_by_label("Email").fill(sender)
    page.get_by_label("Message").fill("Can the Growth Engine help a B2B marketplace?")
    page.get_by_role("button", name="Send Message").click()

    panel = page.locator("#contact-sent")
    expect(panel).to_be_visible()
    shown_at = time.monotonic()
    expect(panel.get_by_role("heading", name="Message Sent!")).to_be_visible()
    expect(panel).to_contain_text(f"A confirmation email goes to {sender} (at most one a day).")
    # One check of the whole toast: it goes after a few seconds, which a loaded machine can
    # spend between two checks.
    expect(toast(page, "Message Sent!").filter(has_text=SENT_TOAST)).to_be_visible()
    assert stored_count(live_app) == before + 1
    screenshot(page, "contact-sent")

    # Both emails leave the outbox promptly (the submit wakes the worker).
    mails = wait_for_mails(
        live_app.smtp,
        lambda m: sender in (m.message["To"], m.message["Reply-To"]),
        count=2,
        timeout=15,
    )
    assert len(live_app.smtp.wait_for(2)) >= 2
    team = [m for m in mails if m.message["To"] == TEAM_ADDRESS]
    confirmation = [m for m in mails if m.message["To"] == sender]
    assert len(team) == 1 and len(confirmation) == 1
    assert team[0].rcpt_tos == [TEAM_ADDRESS]
    assert team[0].message["Reply-To"] == sender
    assert team[0].message["Subject"] == "[Unstuck] New contact message from Ada Lovelace"
    assert "Growth Engine help a B2B marketplace?" in team[0].message.get_content()
    assert confirmation[0].rcpt_tos == [sender]
    assert "within 24 hours" in confirmation[0].message.get_content()

    # The panel stays for 5 s, then the form returns, reset.
    name = page.get_by_label("Name")
    expect(name).to_be_visible(timeout=12_000)
    assert time.monotonic() - shown_at >= 4.0
    expect(panel).to_be_hidden()
    expect(name).to_have_value("")
    expect(page.get_by_label("Email")).to_have_value("")
    expect(page.get_by_label("Message")).to_have_value("")
    expect(page.get_by_role("button", name="Send Message")).to_be_enabled()
