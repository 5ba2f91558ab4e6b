"""Issue 13, finding 4 (login CSRF): `/api/auth/complete?ticket=` sent from another site, or
with a ticket minted in another browser, must never sign the browser in. Driven over raw
Socket.IO (the sign-in form's event) and HTTP against the production backend."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import httpx
from sqlmodel import select

from startup_toolkit.domain.cookies import SESSION_COOKIE, SIGN_IN_NONCE_COOKIE
from startup_toolkit.models.accounts import UserSession
from startup_toolkit.pages.login import LoginState
from startup_toolkit.services import sessions
from startup_toolkit.state.auth import AuthState
from tests.security.conftest import ProdApp
from tests.support.reflex_socket import delta_value

SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}


@dataclass
class HandOver:
    """What the sign-in form's script tells the browser to do."""

    ticket: str
    complete_url: str  # /api/auth/complete?ticket=...&next=...
    script: str


def sign_in_by_form(prod: ProdApp, email: str, password: str, query: str = "") -> HandOver:
    """Sign in on /login through the raw event, as the page's form does; the hand-over."""
    tab = prod.tab()
    try:
        tab.open_page("/login" + query)
        tab.emit(
            f"{LoginState.get_full_name()}.sign_in",
            {"form": {"email": email, "password": password}},
            "/login",
        )
        updates = tab.receive_until(
            lambda u: any(e.get("name") == "_call_script" for e in u.get("events") or [])
        )
    finally:
        tab.close()
    (script,) = [
        e["payload"]["javascript_code"]
        for u in updates
        for e in u.get("events") or []
        if e.get("name") == "_call_script"
    ]
    url = re.search(r"location\.assign\([\"']([^\"']+)[\"']\)", script)
    assert url, script
    ticket = parse_qs(urlsplit(url.group(1)).query)["ticket"][0]
    return HandOver(ticket, url.group(1), script)


def bind(client: httpx.Client, ticket: str, **headers: str) -> httpx.Response:
    """POST the ticket to the nonce route as the page's script does."""
    return client.post(
        "/api/auth/nonce",
        json={"ticket": ticket},
        headers={**SAME_ORIGIN, **headers},
    )


def browser(prod: ProdApp) -> httpx.Client:
    return httpx.Client(base_url=prod.url, follow_redirects=False, timeout=15)


def test_the_browser_that_asked_is_signed_in(prod: ProdApp, make_founder) -> None:
    """The whole hand-over: bind (nonce cookie: HttpOnly, SameSite=Strict, short-lived, only
    for the auth routes), then the cookie route signs this browser in and drops the nonce."""
    founder = make_founder()
    hand_over = sign_in_by_form(prod, founder.email, founder.password)
    assert "/api/auth/nonce" in hand_over.script and "application/json" in hand_over.script
    with browser(prod) as client:
        bound = bind(client, hand_over.ticket)
        assert bound.status_code == 204, prod.backend.tail()
        set_cookie = bound.headers["set-cookie"].lower()
        assert set_cookie.startswith(SIGN_IN_NONCE_COOKIE)
        for attribute in ("httponly", "samesite=strict", "path=/api/auth", "max-age=120"):
            assert attribute in set_cookie
        done = client.get(hand_over.complete_url, headers=SAME_ORIGIN)
        assert done.status_code == 303 and done.headers["location"] == "/dashboard"
        token = done.cookies.get(SESSION_COOKIE)
        assert token
        forgotten = [
            c for c in done.headers.get_list("set-cookie") if c.startswith(SIGN_IN_NONCE_COOKIE)
        ]
        assert len(forgotten) == 1 and "max-age=0" in forgotten[0].lower()
    tab = prod.tab(f"{SESSION_COOKIE}={token}")
    try:
        updates = tab.open_page("/dashboard")
        assert delta_value(updates, AuthState.get_full_name(), "signed_in") is True
    finally:
        tab.close()


def test_a_cross_site_request_never_signs_in(prod: ProdApp, make_founder) -> None:
    """`Sec-Fetch-Site: cross-site` (a link or redirect on another site) is refused, even with
    a bound ticket and its nonce; the ticket is not spent by the refusal."""
    attacker = make_founder("Mallory")
    hand_over = sign_in_by_form(prod, attacker.email, attacker.password)
    with browser(prod) as client:
        assert bind(client, hand_over.ticket).status_code == 204
        for site in ("cross-site", "same-site"):
            refused = client.get(hand_over.complete_url, headers={"Sec-Fetch-Site": site})
            assert refused.status_code == 303
            assert refused.headers["location"].startswith("/login")
            assert SESSION_COOKIE not in refused.cookies
        done = client.get(hand_over.complete_url, headers=SAME_ORIGIN)
        assert done.headers["location"] == "/dashboard" and done.cookies.get(SESSION_COOKIE)


def test_a_ticket_minted_in_another_browser_is_refused(prod: ProdApp, make_founder) -> None:
    """The attacker signs in, binds the ticket in their own browser and sends the link to a
    victim whose browser sends no Sec-Fetch-Site (an older browser): still no session."""
    attacker = make_founder("Mallory")
    hand_over = sign_in_by_form(prod, attacker.email, attacker.password)
    with browser(prod) as attackers, browser(prod) as victims:
        assert bind(attackers, hand_over.ticket).status_code == 204
        refused = victims.get(hand_over.complete_url)
        assert refused.status_code == 303
        assert refused.headers["location"] == "/login?expired=1"
        assert SESSION_COOKIE not in refused.cookies
        # The victim's own (unrelated) nonce does not help either.
        victim = make_founder("Victor")
        own = sign_in_by_form(prod, victim.email, victim.password)
        assert bind(victims, own.ticket).status_code == 204
        second = sign_in_by_form(prod, attacker.email, attacker.password)
        assert bind(attackers, second.ticket).status_code == 204
        refused = victims.get(second.complete_url)
        assert refused.headers["location"] == "/login?expired=1"
        assert SESSION_COOKIE not in refused.cookies


def test_an_unbound_ticket_is_refused(prod: ProdApp, make_founder) -> None:
    """A ticket nobody bound (the attacker stops their own page's script and sends the bare
    link) signs in nobody."""
    attacker = make_founder("Mallory")
    hand_over = sign_in_by_form(prod, attacker.email, attacker.password)
    with browser(prod) as victims:
        refused = victims.get(hand_over.complete_url)
        assert refused.headers["location"] == "/login?expired=1"
        assert SESSION_COOKIE not in refused.cookies


def test_the_nonce_route_takes_only_same_origin_json_once(prod: ProdApp, make_founder) -> None:
    """A form post (no preflight) or a cross-site fetch cannot bind a ticket; a ticket binds
    to one browser only; junk is refused."""
    founder = make_founder()
    hand_over = sign_in_by_form(prod, founder.email, founder.password)
    with browser(prod) as client, browser(prod) as other:
        form = client.post(
            "/api/auth/nonce", data={"ticket": hand_over.ticket}, headers=SAME_ORIGIN
        )
        assert form.status_code == 403
        cross = bind(client, hand_over.ticket, **{"Sec-Fetch-Site": "cross-site"})
        assert cross.status_code == 403
        for junk in ("", "nope", "x" * 5000):
            assert bind(client, junk).status_code == 400
        assert (
            client.post(
                "/api/auth/nonce",
                content=b"{not json",
                headers={"content-type": "application/json"},
            ).status_code
            == 400
        )
        assert bind(client, hand_over.ticket).status_code == 204
        assert bind(other, hand_over.ticket).status_code == 400
        assert SIGN_IN_NONCE_COOKIE not in other.cookies


def test_another_site_cannot_sign_the_founder_out(prod: ProdApp, make_founder) -> None:
    """Sign-out CSRF (noticed in the review's wake): a post to /api/auth/signout from another
    site leaves the session alive; the app's own page signs out."""
    founder = make_founder()
    cookie = {"Cookie": founder.cookie}
    for site in ("cross-site", "same-site"):
        answer = httpx.post(
            f"{prod.url}/api/auth/signout", headers={**cookie, "Sec-Fetch-Site": site}, timeout=10
        )
        assert answer.status_code == 403
        assert SESSION_COOKIE not in answer.headers.get("set-cookie", "")
    assert _session_rows(prod, founder.token) == 1
    own = httpx.post(f"{prod.url}/api/auth/signout", headers={**cookie, **SAME_ORIGIN}, timeout=10)
    assert own.status_code == 204
    assert _session_rows(prod, founder.token) == 0


def _session_rows(prod: ProdApp, token: str) -> int:
    """The server's rows for this session token (read from the table, not a cache)."""
    digest = sessions.hash_token(token)
    with prod.db() as db:
        return len(db.exec(select(UserSession).where(UserSession.token_hash == digest)).all())
