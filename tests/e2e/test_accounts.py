"""Sign up, sign out, sign in, the signed-in header and the protected-route round trip."""

from __future__ import annotations

import uuid

from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveApp, at, screenshot, wait_for_app

PASSWORD = "correct horse battery"


def _email() -> str:
    return f"founder-{uuid.uuid4().hex[:8]}@example.com"


def _sign_up(live_app: LiveApp, page: Page, email: str, name: str = "Ada Lovelace") -> None:
    page.goto(live_app.path("/signup"))
    wait_for_app(page)
    page.get_by_label("Full name").fill(name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Confirm password").fill(PASSWORD)
    page.get_by_role("button", name="Create Account").click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    wait_for_app(page)  # the dashboard is a full page load: let it hydrate before clicking


def _sign_in(page: Page, email: str, password: str = PASSWORD) -> None:
    form = page.locator("#main form")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password").fill(password)
    form.get_by_role("button", name="Sign In", exact=True).click()


def test_login_and_signup_pages(live_app: LiveApp, page: Page) -> None:
    """P-MISC-3, P-MISC-4"""
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
    expect(main.get_by_role("link", name="Create an account")).to_have_attribute("href", "/signup")
    expect(main.get_by_role("link", name="See pricing")).to_have_attribute("href", "/pricing")
    screenshot(page, "login")
    page.goto(live_app.path("/signup"))
    wait_for_app(page)
    for text in ("Start Your Journey", "Trusted by 10,000+ entrepreneurs worldwide"):
        expect(main.get_by_text(text, exact=True).first).to_be_visible()
    expect(main.get_by_text("10,000+ entrepreneurs", exact=False).first).to_be_visible()
    expect(main.get_by_text("AI business insights", exact=False)).to_be_visible()
    expect(main.get_by_text("Premium tools", exact=False)).to_be_visible()
    expect(main.get_by_role("link", name="Sign in")).to_have_attribute("href", "/login")
    expect(main.get_by_role("link", name="See pricing")).to_have_attribute("href", "/pricing")
    screenshot(page, "signup")


def test_sign_up_sign_out_sign_in(live_app: LiveApp, page: Page) -> None:
    """P-MISC-3 (after either: /dashboard), P-SHELL-4 (signed-in header), P-AUTH-3 (welcome)."""
    email = _email()
    _sign_up(live_app, page, email)
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

    page.goto(live_app.path("/login"))
    wait_for_app(page)
    _sign_in(page, email, "wrong password!")
    expect(page.get_by_role("alert")).to_have_text("Invalid email or password")
    _sign_in(page, "nobody-" + email)
    expect(page.get_by_role("alert")).to_have_text("Invalid email or password")
    _sign_in(page, email.upper())
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    expect(page.locator("#site-header").get_by_role("button", name="Account menu")).to_be_visible()


def test_protected_route_goes_to_login_and_comes_back(live_app: LiveApp, page: Page) -> None:
    """P-AUTH-1: signed out -> /login?next=...; after signing in, back where one was going."""
    email = _email()
    _sign_up(live_app, page, email)
    page.context.clear_cookies()
    page.goto(live_app.path("/dashboard"))
    expect(page).to_have_url(at(live_app, "/login?next=%2Fdashboard"))
    page.goto(live_app.path("/dashboard?from=mail"))
    expect(page).to_have_url(at(live_app, "/login?next=%2Fdashboard%3Ffrom%3Dmail"))
    wait_for_app(page)
    _sign_in(page, email)
    expect(page).to_have_url(at(live_app, "/dashboard?from=mail"), timeout=20_000)


def test_mobile_menu_signed_in(live_app: LiveApp, mobile_page: Page) -> None:
    """P-SHELL-3, P-SHELL-4 at 390 px"""
    page = mobile_page
    _sign_up(live_app, page, _email(), name="Grace Hopper")
    page.get_by_role("button", name="Open menu").click()
    menu = page.get_by_role("dialog")
    expect(menu.get_by_role("link", name="Dashboard")).to_be_visible()
    expect(menu.get_by_role("button", name="Sign out")).to_be_visible()
    screenshot(page, "mobile-menu-signed-in")
    menu.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(at(live_app, "/"))


def test_sign_in_asks_for_the_authenticator_code_when_two_factor_is_on(
    live_app: LiveApp, page: Page
) -> None:
    """P-PROF-4 (two-factor at sign-in): password, then a TOTP code; a wrong code is refused."""
    import time

    import pyotp

    from startup_toolkit.services import account_security, accounts
    from tests.e2e.auth_helpers import app_db

    email = _email()
    with app_db(live_app) as db:
        user_id = accounts.sign_up(db, "Two Factor", email, PASSWORD, PASSWORD).user_id
        assert user_id
        setup = account_security.begin_totp_setup(db, user_id).setup
        assert setup is not None
        totp = pyotp.TOTP(setup.secret)
        assert account_security.confirm_totp(db, user_id, totp.now()).ok
    page.goto(live_app.path("/login"))
    wait_for_app(page)
    _sign_in(page, email)
    code_field = page.get_by_label("Authentication code")
    expect(code_field).to_be_visible()
    expect(page.locator("#site-header").get_by_role("link", name="Sign In")).to_be_visible()
    code_field.fill("000000" if totp.now() != "000000" else "111111")
    page.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("alert")).to_be_visible()
    # The confirming code's time step is used up; the next step's code is within the window.
    code_field.fill(totp.at(time.time() + 30))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)


def test_a_recovery_code_signs_in_once_in_place_of_the_authenticator(
    live_app: LiveApp, page: Page
) -> None:
    """Issue 27, item 9: a founder who lost the phone signs in with a saved recovery code;
    the code works once and the founder is told it was used."""
    import pyotp

    from startup_toolkit.services import account_security, accounts
    from tests.e2e.auth_helpers import app_db

    email = _email()
    with app_db(live_app) as db:
        user_id = accounts.sign_up(db, "Lost Phone", email, PASSWORD, PASSWORD).user_id
        assert user_id
        setup = account_security.begin_totp_setup(db, user_id).setup
        assert setup is not None
        turned_on = account_security.confirm_totp(db, user_id, pyotp.TOTP(setup.secret).now())
    assert turned_on.ok and len(turned_on.codes) == 10
    code = turned_on.codes[0]

    def sign_in_with(recovery_code: str) -> None:
        page.goto(live_app.path("/login"))
        wait_for_app(page)
        _sign_in(page, email)
        page.get_by_role("button", name="Use a recovery code").click()
        page.get_by_label("Recovery code").fill(recovery_code)
        page.get_by_role("button", name="Verify").click()

    sign_in_with(code.upper().replace("-", " "))  # typed as printed or not: the same code
    expect(page).to_have_url(at(live_app, "/dashboard"), timeout=20_000)
    page.goto(live_app.path("/notifications"))
    wait_for_app(page)
    expect(page.get_by_text("A recovery code was used to sign in")).to_be_visible()
    expect(page.get_by_text("9 recovery codes left")).to_be_visible()

    page.context.clear_cookies()
    sign_in_with(code)  # used once: refused
    expect(page.get_by_role("alert")).to_contain_text("Invalid verification code")
    expect(page).to_have_url(at(live_app, "/login"))
