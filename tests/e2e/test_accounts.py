"""Sign up, sign out, sign in, the signed-in header (at 1280 and 390 px), the protected-route
round trip and two-factor at sign-in, in two flows. What the forms' handlers decide (the
messages, the throttle, where a sign-in goes on to) is checked without a browser in
tests/pages/login/test_state.py, tests/pages/signup/test_state.py and tests/state/."""

from __future__ import annotations

import time
import uuid

import pyotp
from playwright.sync_api import Page, expect

from startup_toolkit.services import account_security, accounts
from tests.e2e.auth_helpers import app_db
from tests.e2e.conftest import PHONE, LiveApp, at, screenshot, wait_for_app

PASSWORD = "correct horse battery"


def _email() -> str:
    return f"founder-{uuid.uuid4().hex[:8]}@example.com"


def _sign_in(page: Page, email: str, password: str = PASSWORD) -> None:
    form = page.locator("#main form")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password").fill(password)
    form.get_by_role("button", name="Sign In", exact=True).click()


def test_sign_up_sign_out_sign_in_and_the_way_back(live_app: LiveApp, page: Page) -> None:
    """P-MISC-3, P-MISC-4 (the /login and /signup pages; after either: /dashboard),
    P-SHELL-4 (signed-in header), P-AUTH-3 (welcome), P-AUTH-1 (signed out -> /login?next=...;
    after signing in, back where one was going), P-SHELL-3 and P-SHELL-4 at 390 px (the
    signed-in mobile menu signs out)."""
    page.goto(live_app.path("/login"))
    wait_for_app(page)
    main = page.locator("#main")
    for text in (
        "Welcome Back",
        "AI-Powered",
        "Instant Access",
        "Trusted by 10,000+ entrepreneurs worldwide",
    ):
        expect(main.get_by_text(text, exact=True).first).to_be_visible()
    expect(main.get_by_role("link", name="See pricing")).to_have_attribute("href", "/pricing")
    screenshot(page, "login")
    create = main.get_by_role("link", name="Create an account")
    expect(create).to_have_attribute("href", "/signup")
    create.click()
    expect(page).to_have_url(at(live_app, "/signup"))
    for text in ("Start Your Journey", "Trusted by 10,000+ entrepreneurs worldwide"):
        expect(main.get_by_text(text, exact=True).first).to_be_visible()
    expect(main.get_by_text("10,000+ entrepreneurs", exact=False).first).to_be_visible()
    expect(main.get_by_text("AI business insights", exact=False)).to_be_visible()
    expect(main.get_by_text("Premium tools", exact=False)).to_be_visible()
    expect(main.get_by_role("link", name="Sign in")).to_have_attribute("href", "/login")
    expect(main.get_by_role("link", name="See pricing")).to_have_attribute("href", "/pricing")
    screenshot(page, "signup")

    # Sign up: straight to the dashboard, signed in.
    email = _email()
    page.get_by_label("Full name").fill("Ada Lovelace")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    wait_for_app(page)  # the dashboard is a full page load: let it hydrate before clicking
    header = page.locator("#site-header")
    expect(header.get_by_role("link", name="Dashboard")).to_be_visible()
    expect(header.get_by_role("button", name="Account menu")).to_be_visible()
    expect(header.get_by_role("link", name="Sign In")).to_have_count(0)
    expect(
        page.get_by_text("Welcome to Unstuck! Your dashboard is ready", exact=False)
    ).to_be_visible()
    expect(
        page.get_by_text("Account created and dashboard initialized", exact=False)
    ).to_be_visible()
    screenshot(page, "dashboard")

    # The session cookie is HttpOnly: page scripts cannot read it.
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert cookies["unstuck_session"]["httpOnly"] is True
    assert cookies["unstuck_session"]["sameSite"] == "Lax"
    assert "unstuck_session" not in page.evaluate("document.cookie")

    # Sign out from the account menu.
    page.evaluate("() => localStorage.setItem('isSubscribed', 'true')")
    # Issue 27, item 7: what the Oracle keeps of the founder's idea goes too.
    page.evaluate("() => localStorage.setItem('startupOracleData', '{\"businessIdea\": \"x\"}')")
    tab_token = page.evaluate("() => sessionStorage.getItem('token')")
    header.get_by_role("button", name="Account menu").click()
    page.get_by_role("menuitem", name="Sign out").click()
    expect(page).to_have_url(at(live_app, "/"))
    expect(page.locator("#site-header").get_by_role("link", name="Sign In")).to_be_visible()
    assert "unstuck_session" not in {c["name"] for c in page.context.cookies()}
    # Nothing of the account stays in the tab: a new state token, no subscribed hint.
    wait_for_app(page)
    assert page.evaluate("() => sessionStorage.getItem('token')") not in (None, tab_token)
    assert page.evaluate("() => localStorage.getItem('isSubscribed')") is None
    assert page.evaluate("() => localStorage.getItem('startupOracleData')") is None

    # P-AUTH-1: signed out, a protected page sends to /login with the way back; wrong details
    # are refused; the email in any case signs in and lands where one was going.
    page.goto(live_app.path("/dashboard?from=mail"))
    expect(page).to_have_url(at(live_app, "/login?next=%2Fdashboard%3Ffrom%3Dmail"))
    wait_for_app(page)
    _sign_in(page, email, "wrong password!")
    expect(page.get_by_role("alert")).to_have_text("Invalid email or password")
    _sign_in(page, "nobody-" + email)
    expect(page.get_by_role("alert")).to_have_text("Invalid email or password")
    _sign_in(page, email.upper())
    expect(page).to_have_url(at(live_app, "/dashboard?from=mail"), timeout=20_000)
    wait_for_app(page)
    expect(page.locator("#site-header").get_by_role("button", name="Account menu")).to_be_visible()

    # P-SHELL-3, P-SHELL-4 at 390 px: the signed-in menu, and signing out from it.
    page.set_viewport_size(PHONE)
    page.get_by_role("button", name="Open menu").click()
    menu = page.get_by_role("dialog")
    expect(menu.get_by_role("link", name="Dashboard")).to_be_visible()
    expect(menu.get_by_role("button", name="Sign out")).to_be_visible()
    screenshot(page, "mobile-menu-signed-in")
    menu.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(at(live_app, "/"))
    assert "unstuck_session" not in {c["name"] for c in page.context.cookies()}


def test_two_factor_sign_in_with_a_recovery_code_then_the_authenticator(
    live_app: LiveApp, page: Page
) -> None:
    """P-PROF-4 (two-factor at sign-in: password, then a TOTP code; a wrong code is refused);
    issue 27, item 9: a founder who lost the phone signs in with a saved recovery code; the
    code works once and the founder is told it was used."""
    email = _email()
    with app_db(live_app) as db:
        user_id = accounts.sign_up(db, "Two Factor", email, PASSWORD, PASSWORD).user_id
        assert user_id
        setup = account_security.begin_totp_setup(db, user_id).setup
        assert setup is not None
        totp = pyotp.TOTP(setup.secret)
        turned_on = account_security.confirm_totp(db, user_id, totp.now())
    assert turned_on.ok and len(turned_on.codes) == 10
    code = turned_on.codes[0]

    # The password is not enough: the code step, still signed out; a wrong code is refused.
    page.goto(live_app.path("/login"))
    wait_for_app(page)
    _sign_in(page, email)
    code_field = page.get_by_label("Authentication code")
    expect(code_field).to_be_visible()
    expect(page.locator("#site-header").get_by_role("link", name="Sign In")).to_be_visible()
    code_field.fill("000000" if totp.now() != "000000" else "111111")
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("alert")).to_be_visible()
    # A recovery code in its place, typed as printed or not: the same code.
    page.get_by_role("button", name="Use a recovery code").click()
    page.get_by_label("Recovery code").fill(code.upper().replace("-", " "))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    page.goto(live_app.path("/notifications"))
    wait_for_app(page)
    expect(page.get_by_text("A recovery code was used to sign in")).to_be_visible()
    expect(page.get_by_text("9 recovery codes left")).to_be_visible()

    # Signed out again: the used recovery code is refused, the authenticator's code signs in.
    page.context.clear_cookies()
    page.goto(live_app.path("/login"))
    wait_for_app(page)
    _sign_in(page, email)
    page.get_by_role("button", name="Use a recovery code").click()
    page.get_by_label("Recovery code").fill(code)
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("alert")).to_contain_text("Invalid verification code")
    expect(page).to_have_url(at(live_app, "/login"))
    page.get_by_role("button", name="Use your authenticator app").click()
    # The confirming code's time step is used up; the next step's code is within the window.
    page.get_by_label("Authentication code").fill(totp.at(time.time() + 30))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
