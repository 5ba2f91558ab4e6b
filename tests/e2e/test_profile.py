"""/profile and /settings in a real browser against the production build: two signed-in
flows, one through the Profile and AI Personalization tabs, one through the Security tab to
deleting the account. What each handler decides (messages, toasts, what a save stores, the
tab a query opens) is checked without a browser in tests/pages/profile/test_state.py.

P-AUTH-1 (signed out -> /login?next=...), P-PROF-1 (loading text, tabs via ?tab= and by
click without a reload), P-PROF-2 (profile saved and shown on a new load, read-only email,
avatar, Delete Account), P-PROF-3 (AI settings saved), P-PROF-4 (session timeout, login
notifications, two-factor with a real TOTP code), P-PROF-5 (change password), P-PROF-6 (free
plan card), P-PROF-7 (preferences), P-AUTH-5 (/settings); screenshots of each tab at 1280 and
390 px.
"""

from __future__ import annotations

import re

import httpx
import pyotp
from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.models import Profile, User, UserSecuritySettings
from startup_toolkit.models.base import utcnow
from tests.e2e.auth_helpers import (
    DEFAULT_PASSWORD,
    app_db,
    sign_up_and_sign_in,
    unique_email,
)
from tests.e2e.conftest import (
    LiveApp,
    at,
    at_phone_width,
    no_horizontal_overflow,
    screenshot,
    settled,
    toast,
    wait_for_app,
)

NEW_PASSWORD = "a brand new passphrase"


def signed_in(live_app: LiveApp, page: Page, query: str = "") -> tuple[str, str]:
    """A new account, signed in and on /profile (loaded); returns (user id, email)."""
    email = unique_email("profile")
    user_id = sign_up_and_sign_in(live_app, page, email=email, next_path=f"/profile{query}")
    expect(page.get_by_role("tablist")).to_be_visible()
    return user_id, email


def stored(live_app: LiveApp, model: type, user_id: str) -> object:
    """The row of `model` for `user_id` in the live app's database."""
    key = model.id if model is Profile else model.user_id  # type: ignore[attr-defined]
    with app_db(live_app) as db:
        return db.exec(select(model).where(key == user_id)).first()


def pick(page: Page, label: str, option: str) -> None:
    """Choose `option` in the Radix select labelled `label`."""
    page.get_by_label(label, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()


def open_tab(live_app: LiveApp, page: Page, value: str, label: str, card: str) -> None:
    """Click the tab `label`: the address says `?tab=value` and its card shows."""
    page.get_by_role("tab", name=label).click()
    expect(page).to_have_url(at(live_app, f"/profile?tab={value}"))
    expect(page.get_by_role("tab", name=label)).to_have_attribute("aria-selected", "true")
    expect(page.locator(card)).to_be_visible()


def laid_out(page: Page, value: str) -> None:
    """The open tab, once still: a screenshot, no sideways overflow at 1280 and at 390 px."""
    settled(page)
    screenshot(page, f"profile-{value}")
    no_horizontal_overflow(page)
    at_phone_width(page, f"profile-{value}")


def test_profile_and_ai_tabs_save_and_settings_leads_back(live_app: LiveApp, page: Page) -> None:
    """P-PROF-1 (loading text; a tab opened by its address, the others by click without a
    reload; each laid out at 390 px with no script error), P-PROF-3 (AI settings saved),
    P-PROF-2 (profile fields: a bad address explained, then saved and shown on a new load;
    read-only email, avatar), P-PROF-6 (free plan card), P-PROF-7 (preferences saved on
    change), P-AUTH-5 (/settings says where it goes and lands on /profile, keeping ?tab=)."""
    # Served before any script runs: what each page says until it is ready.
    html = httpx.get(live_app.path("/profile"), follow_redirects=True).text
    assert "Loading profile data..." in html  # shown until the settings are loaded
    html = httpx.get(live_app.path("/settings"), follow_redirects=True).text
    assert "Redirecting to profile settings..." in html

    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    _, email = signed_in(live_app, page, "?tab=ai-personalization")
    ai_tab = page.get_by_role("tab", name="AI Personalization")
    expect(ai_tab).to_have_attribute("aria-selected", "true")
    expect(page.locator("#ai-card")).to_be_visible()
    expect(page.locator("#profile-loading")).to_have_count(0)
    page.evaluate("window.__sameDocument = true")

    # P-PROF-3: the AI settings.
    expect(page.get_by_label("Response style", exact=True)).to_contain_text("Balanced")
    pick(page, "Response style", "Detailed")
    pick(page, "Industry focus", "SaaS")
    pick(page, "Communication tone", "Friendly")
    expect(page.locator("#ai-summary")).to_contain_text("detailed")
    page.get_by_role("button", name="Save AI Settings").click()
    expect(toast(page, "AI settings updated successfully")).to_be_visible()
    laid_out(page, "ai-personalization")

    # P-PROF-2: the profile, by a click on its tab.
    open_tab(live_app, page, "profile", "Profile", "#profile-card")
    card = page.locator("#profile-card")
    expect(page.get_by_label("Email", exact=True)).to_have_value(email)
    expect(page.get_by_label("Email", exact=True)).to_have_attribute("readonly", "")
    expect(page.locator("#profile-avatar")).to_contain_text("AL")  # initials fallback
    expect(page.get_by_label("Full name")).to_have_value("Ada Lovelace")
    # A bad address: the field says why, and what was typed stays.
    page.get_by_label("Company").fill("Analytical Engines")
    page.get_by_label("Website").fill("not a web address")
    card.get_by_role("button", name="Save Profile").click()
    expect(toast(page, "Failed to update profile")).to_be_visible()
    expect(page.locator("#profile-website-error")).to_have_text(
        "Website must be a web address starting with http:// or https://"
    )
    expect(page.get_by_label("Website")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Company")).to_have_value("Analytical Engines")
    page.get_by_label("Website").fill("analytical.example")
    page.get_by_label("Bio").fill("Building the first general-purpose computer.")
    page.get_by_label("Twitter handle").fill("@ada")
    card.get_by_role("button", name="Save Profile").click()
    expect(toast(page, "Profile updated successfully")).to_be_visible()
    expect(page.get_by_label("Website")).to_have_value("https://analytical.example")
    expect(page.locator("#profile-website-error")).to_have_count(0)

    # P-PROF-6: the free plan card.
    plan = page.locator("#subscription-card")
    expect(plan.locator("#subscription-plan-name")).to_have_text("Free Plan")
    expect(plan.locator("#subscription-price")).to_have_text("$0")
    # Issue 17, item 10: every tool is open here and nothing is sold: the card says what the
    # free plan includes (as the dashboard's badge does) and pitches no upgrade.
    expect(plan.locator("#subscription-plan-note")).to_have_text("All AI tools included")
    for feature in ("Access to all AI tools", "Limited document generation", "Community support"):
        expect(plan.locator("#subscription-features")).to_contain_text(feature)
    expect(plan.locator("#premium-plan-badge")).to_have_count(0)
    expect(plan.get_by_role("link", name="Upgrade")).to_have_count(0)

    # P-PROF-7: preferences save as they change.
    push = page.get_by_role("switch", name="Push notifications")
    expect(push).to_have_attribute("aria-checked", "false")
    push.click()
    expect(toast(page, "Preferences updated successfully")).to_be_visible()
    expect(push).to_have_attribute("aria-checked", "true")
    pick(page, "Theme", "Light")
    expect(page.get_by_label("Theme", exact=True)).to_contain_text("Light")
    laid_out(page, "profile")

    open_tab(live_app, page, "security", "Security", "#security-card")
    laid_out(page, "security")
    assert page.evaluate("window.__sameDocument") is True  # no reload

    # P-AUTH-5: /settings says where it is going and lands on /profile, a new load that shows
    # what was saved.
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => sessionStorage.setItem("
        "'sawRedirectText', String(document.body.innerText.includes("
        "'Redirecting to profile settings...'))))"
    )
    page.goto(live_app.path("/settings"))
    expect(page).to_have_url(at(live_app, "/profile"))
    expect(page.locator("#profile-card")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sawRedirectText')") == "true"
    expect(page.get_by_label("Company")).to_have_value("Analytical Engines")
    expect(page.get_by_label("Website")).to_have_value("https://analytical.example")
    expect(page.get_by_label("Bio")).to_have_value("Building the first general-purpose computer.")
    expect(page.get_by_label("Twitter handle")).to_have_value("ada")
    expect(page.get_by_role("switch", name="Push notifications")).to_have_attribute(
        "aria-checked", "true"
    )
    expect(page.get_by_label("Theme", exact=True)).to_contain_text("Light")
    open_tab(live_app, page, "ai-personalization", "AI Personalization", "#ai-card")
    expect(page.get_by_label("Response style", exact=True)).to_contain_text("Detailed")
    expect(page.get_by_label("Industry focus", exact=True)).to_contain_text("SaaS")
    expect(page.get_by_label("Communication tone", exact=True)).to_contain_text("Friendly")

    page.goto(live_app.path("/settings?tab=security"))
    expect(page).to_have_url(at(live_app, "/profile?tab=security"))
    expect(page.get_by_role("tab", name="Security")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#security-card")).to_be_visible()
    assert errors == [], errors


def test_security_settings_new_password_and_deleting_the_account(
    live_app: LiveApp, page: Page
) -> None:
    """P-PROF-4 (session timeout and login notifications save at once, turning notifications
    off asks for the password in a dialog (issue 13); two-factor turns on with a code from
    the shown secret and shows its recovery codes once), P-PROF-5 (change password: the
    dialog's message, then a reload with the new date), P-PROF-2 (Delete Account with the
    typed email and, since issue 13, the password: the old one is refused, the new one
    deletes; a page that says so, signed out), P-AUTH-1 (signed out: /profile and /settings
    -> /login?next=...)."""
    user_id, email = signed_in(live_app, page, "?tab=security")
    expect(page.get_by_role("tab", name="Security")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#security-card")).to_be_visible()

    # P-PROF-4: session timeout and login notifications.
    expect(page.locator("#password-last-changed")).to_have_text("Never")
    expect(page.get_by_label("Session timeout")).to_contain_text("30 days")
    pick(page, "Session timeout", "7 days")
    expect(toast(page, "Security settings updated successfully")).to_be_visible()
    notify = page.get_by_role("switch", name="Login notifications")
    expect(notify).to_have_attribute("aria-checked", "true")
    notify.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Turn off login notifications")
    dialog.get_by_label("Password", exact=True).fill("not my password")
    dialog.get_by_role("button", name="Turn off").click()
    expect(dialog.locator("#notifications-off-proof-error")).to_have_text("Incorrect password")
    assert stored(live_app, UserSecuritySettings, user_id).login_notifications is True  # type: ignore[attr-defined]
    dialog.get_by_label("Password", exact=True).fill(DEFAULT_PASSWORD)
    dialog.get_by_role("button", name="Turn off").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(notify).to_have_attribute("aria-checked", "false")

    # P-PROF-4: two-factor with a code from the secret the dialog shows.
    two_factor = page.get_by_role("switch", name="Two-factor authentication")
    two_factor.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("img")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    secret = dialog.locator("#totp-secret").inner_text().replace(" ", "")
    assert re.fullmatch(r"[A-Z2-7]{16,64}", secret)
    screenshot(page, "profile-two-factor-dialog")
    dialog.get_by_label("6-digit code").fill("000000")
    dialog.get_by_role("button", name="Verify and turn on").click()
    expect(dialog.locator("#totp-code-error")).to_have_text("Invalid verification code")
    assert stored(live_app, UserSecuritySettings, user_id).two_factor_enabled is False  # type: ignore[attr-defined]
    dialog.get_by_label("6-digit code").fill(pyotp.TOTP(secret).now())
    dialog.get_by_role("button", name="Verify and turn on").click()
    expect(toast(page, "Two-factor authentication enabled")).to_be_visible()
    # Issue 27, item 9: the new recovery codes are shown once, then the dialog closes.
    codes = page.get_by_role("dialog", name="Save your recovery codes")
    expect(codes.locator("#recovery-codes-list li")).to_have_count(10)
    codes.get_by_role("button", name="I have saved my codes").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(two_factor).to_have_attribute("aria-checked", "true")

    # P-PROF-5: change password; the dialog explains a mismatch, a change reloads the page.
    page.get_by_role("button", name="Change Password").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Current password").fill(DEFAULT_PASSWORD)
    dialog.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    dialog.get_by_label("Confirm new password").fill("something else entirely")
    dialog.get_by_role("button", name="Update Password").click()
    expect(dialog.locator("#password-confirm-password-error")).to_have_text(
        "New passwords do not match"
    )
    expect(toast(page, "Failed to change password")).to_be_visible()
    expect(dialog.get_by_label("New password", exact=True)).to_have_value(NEW_PASSWORD)
    dialog.get_by_label("Confirm new password").fill(NEW_PASSWORD)
    page.evaluate("window.__beforeReload = true")
    dialog.get_by_role("button", name="Update Password").click()
    page.wait_for_function("() => window.__beforeReload === undefined")  # the page reloaded
    wait_for_app(page)
    expect(toast(page, "Password changed successfully")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    today = utcnow().date()
    expect(page.locator("#password-last-changed")).to_have_text(
        f"{today:%B} {today.day}, {today.year}"
    )
    expect(page).to_have_url(at(live_app, "/profile?tab=security"))  # still signed in here
    # The reloaded page shows what the security settings saved.
    expect(page.get_by_label("Session timeout")).to_contain_text("7 days")
    expect(notify).to_have_attribute("aria-checked", "false")
    expect(two_factor).to_have_attribute("aria-checked", "true")

    # P-PROF-2: Delete Account needs the typed email and the (new) password.
    open_tab(live_app, page, "profile", "Profile", "#profile-card")
    page.get_by_role("button", name="Delete Account").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete your account?")
    proof = dialog.get_by_label("Password or authentication code", exact=True)  # two-factor on
    dialog.get_by_label(re.compile("Type your email")).fill("someone-else@example.com")
    proof.fill(NEW_PASSWORD)
    dialog.get_by_role("button", name="Delete Account").click()
    expect(dialog.locator("#delete-email-error")).to_have_text(
        "The email does not match your account"
    )
    dialog.get_by_label(re.compile("Type your email")).fill(email)
    proof.fill(DEFAULT_PASSWORD)  # the password before the change no longer works
    dialog.get_by_role("button", name="Delete Account").click()
    expect(dialog.locator("#delete-proof-error")).to_have_text(
        "Invalid verification code or password"
    )
    expect(dialog.locator("#delete-email-error")).to_have_count(0)
    with app_db(live_app) as db:
        assert db.get(User, user_id) is not None

    proof.fill(NEW_PASSWORD)
    dialog.get_by_role("button", name="Delete Account").click()
    # A page that says so (issue 28, item 11), signed out.
    expect(page).to_have_url(at(live_app, "/account-deleted"))
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Your account has been deleted")
    expect(page.get_by_role("link", name="Back Home")).to_have_attribute("href", "/")
    expect(page.locator("#site-header").get_by_role("link", name="Sign In")).to_be_visible()
    assert "unstuck_session" not in {c["name"] for c in page.context.cookies()}
    with app_db(live_app) as db:
        assert db.get(User, user_id) is None
        assert db.get(Profile, user_id) is None

    # P-AUTH-1: signed out, the settings pages send to /login with the way back.
    page.goto(live_app.path("/profile"))
    expect(page).to_have_url(at(live_app, "/login?next=%2Fprofile"))
    page.goto(live_app.path("/settings"))
    expect(page).to_have_url(at(live_app, "/login?next=%2Fsettings"))
