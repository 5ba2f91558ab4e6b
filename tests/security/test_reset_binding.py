"""Issue 27, item 4 on the production backend: a password reset finishes only in the browser
that opened the link (account recovery behind P-MISC-3's /login has no checklist ID of its
own; its password rules are P-PROF-5's).

The review's attack, with raw HTTP and Socket.IO: the victim opens the mailed link (the route
binds it with an HttpOnly, SameSite=Strict cookie and shows the form in a tab), then closes
the tab; the attacker, holding the tab token from a proxy log but not the cookie, connects with
it and sends `set_new_password`. Refused with a clear message; the password and the link are
unchanged, and the victim's browser can still finish the reset.
"""

from __future__ import annotations

import httpx
from sqlmodel import select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE, RESET_NONCE_PATH
from startup_toolkit.models.accounts import User
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.pages.account_recovery import ResetPasswordState
from startup_toolkit.services import account_recovery
from tests.security.conftest import Founder, ProdApp
from tests.support.reflex_socket import Tab, delta_value, reconnect

RESET = ResetPasswordState.get_full_name()
ATTACKER_PASSWORD = "the attacker's new password"
NEW_PASSWORD = "the founder's new password"


def issue(prod: ProdApp, founder: Founder) -> str:
    """A live reset link for the founder, as mailed (the operator's way, same link)."""
    with prod.db() as db:
        token = account_recovery.issue_link(db, founder.email)
    assert token
    return rules.reset_link(prod.url, token)


def open_in_browser(prod: ProdApp, link: str) -> httpx.Response:
    """The browser's request for the mailed link (from a mail client: no Sec-Fetch-Site)."""
    with httpx.Client(follow_redirects=False, timeout=15) as client:
        return client.get(link)


def password_hash(prod: ProdApp, founder: Founder) -> str:
    with prod.db() as db:
        user = db.get(User, founder.user_id)
        assert user
        return user.password_hash


def reset_row(prod: ProdApp, founder: Founder) -> PasswordReset:
    with prod.db() as db:
        return db.exec(select(PasswordReset).where(PasswordReset.user_id == founder.user_id)).one()


def form(password: str) -> dict[str, dict[str, str]]:
    return {"form": {"new": password, "confirm": password}}


def test_the_link_binds_a_strict_http_only_cookie_and_drops_the_token(
    prod: ProdApp, make_founder
) -> None:
    """The route's answer: to the bare reset page (no token in the address), a nonce cookie
    only the event socket receives, HttpOnly, SameSite=Strict, living as long as the link; a
    dead link sets none (and clears an old one)."""
    founder = make_founder()
    opened = open_in_browser(prod, issue(prod, founder))
    assert opened.status_code == 303, prod.backend.tail()
    assert opened.headers["location"] == rules.RESET_PATH
    assert opened.headers["cache-control"] == "no-store"
    set_cookie = opened.headers["set-cookie"].lower()
    assert set_cookie.startswith(RESET_NONCE_COOKIE)
    for attribute in ("httponly", "samesite=strict", f"path={RESET_NONCE_PATH}"):
        assert attribute in set_cookie
    max_age = int(set_cookie.split("max-age=")[1].split(";")[0])
    assert 0 < max_age <= rules.LINK_MINUTES * 60

    forged = open_in_browser(prod, rules.reset_link(prod.url, "A" * 43))
    assert forged.headers["location"] == rules.RESET_PATH
    assert not forged.cookies.get(RESET_NONCE_COOKIE)
    assert "max-age=0" in forged.headers["set-cookie"].lower()


def test_the_tab_token_without_the_browsers_cookie_cannot_reset(
    prod: ProdApp, make_founder
) -> None:
    founder = make_founder()
    opened = open_in_browser(prod, issue(prod, founder))
    nonce = opened.cookies.get(RESET_NONCE_COOKIE)
    assert nonce, prod.backend.tail()
    browser_cookie = f"{RESET_NONCE_COOKIE}={nonce}"
    before = password_hash(prod, founder)

    victim = Tab(prod.url, cookie=browser_cookie).connect()
    try:
        assert delta_value(victim.open_page(rules.RESET_PATH), RESET, "stage") == "form"
    finally:
        victim.close()  # the victim closes the tab; its token is in a proxy log

    attacker = reconnect(prod.url, victim.token)  # no cookie
    try:
        refused = attacker.send(
            f"{RESET}.set_new_password", rules.RESET_PATH, **form(ATTACKER_PASSWORD)
        )
        assert delta_value(refused, RESET, "stage") == "invalid"
        assert delta_value(refused, RESET, "invalid_reason") == rules.OPEN_IN_THIS_BROWSER
        # A page load first (hydrate, then the page's load) changes nothing either.
        assert delta_value(attacker.open_page(rules.RESET_PATH), RESET, "stage") == "invalid"
        again = attacker.send(
            f"{RESET}.set_new_password", rules.RESET_PATH, **form(ATTACKER_PASSWORD)
        )
        assert delta_value(again, RESET, "invalid_reason") == rules.OPEN_IN_THIS_BROWSER
    finally:
        attacker.close()
    assert password_hash(prod, founder) == before
    assert reset_row(prod, founder).used_at is None

    # The browser that opened the link still finishes the reset, in the same tab.
    back = reconnect(prod.url, victim.token, browser_cookie)
    try:
        assert delta_value(back.open_page(rules.RESET_PATH), RESET, "stage") == "form"
        done = back.send(f"{RESET}.set_new_password", rules.RESET_PATH, **form(NEW_PASSWORD))
        assert delta_value(done, RESET, "stage") == "done", prod.backend.tail()
    finally:
        back.close()
    assert password_hash(prod, founder) != before
    assert reset_row(prod, founder).used_at is not None
