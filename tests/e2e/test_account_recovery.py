"""Account recovery in a real browser (issue 13): /login -> 'Forgot password?' -> the form ->
the mail arrives at the local SMTP server -> its link -> a new password -> signed in with it."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.services import accounts
from tests.e2e.auth_helpers import app_db, unique_email
from tests.e2e.conftest import LiveApp, at, screenshot, wait_for_app

OLD_PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"


def _reset_link(live_app: LiveApp, address: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for mail in live_app.smtp.received:
            if address in mail.rcpt_tos:
                (link,) = re.findall(r"https?://\S+", mail.message.get_content())
                return link
        time.sleep(0.2)
    raise AssertionError(f"no reset mail for {address}")


def test_forgot_password_mail_link_new_password_sign_in(live_app: LiveApp, page: Page) -> None:
    """P-MISC-3 (/login, then /dashboard after signing in), P-PROF-5 (the password messages)."""
    email = unique_email("recover")
    with app_db(live_app) as db:
        assert accounts.sign_up(db, "Ada Lovelace", email, OLD_PASSWORD, OLD_PASSWORD).ok

    page.goto(live_app.path("/login"))
    wait_for_app(page)
    main = page.locator("#main")
    main.get_by_role("link", name="Forgot password?").click()
    expect(page).to_have_url(at(live_app, rules.FORGOT_PATH))
    expect(main.get_by_role("heading", name="Forgot your password?")).to_be_visible()

    main.get_by_label("Email").fill(email)
    main.get_by_role("button", name="Send reset link").click()
    expect(main.get_by_text(rules.SENT)).to_be_visible()
    screenshot(page, "forgot-password-sent")

    link = _reset_link(live_app, email)
    assert link.startswith(live_app.path(rules.OPEN_PATH + "?token="))
    page.goto(link)  # binds the link to this browser, then shows the page without the token
    expect(page).to_have_url(at(live_app, rules.RESET_PATH))
    wait_for_app(page)
    main.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    main.get_by_label("Confirm new password").fill(NEW_PASSWORD + " typo")
    main.get_by_role("button", name="Reset password").click()
    expect(main.get_by_text("New passwords do not match")).to_be_visible()
    main.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    main.get_by_role("button", name="Reset password").click()
    expect(main.get_by_text(rules.PASSWORD_RESET)).to_be_visible()
    screenshot(page, "reset-password-done")

    main.get_by_role("link", name="Sign in", exact=True).click()
    expect(page).to_have_url(at(live_app, "/login"))
    form = page.locator("#main form")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password").fill(NEW_PASSWORD)
    form.get_by_role("button", name="Sign In", exact=True).click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    wait_for_app(page)
    expect(page.get_by_text(rules.NOTIFICATION)).to_be_visible()
