"""Issue 13, finding 3 (open redirect chain): `/login?next=/https://evil.example/login` ended
on the foreign site after sign-in, through the 404 page's hand-off. Every `next` payload kind
the review tried, over HTTP (the cookie route) and raw events (the login page), against the
production backend. The 404 page's hand-off itself is a browser matter:
tests/e2e/test_public_pages.py (it names the address and waits for a click)."""

from __future__ import annotations

from urllib.parse import quote

import httpx
import pytest

from startup_toolkit.pages.login import LoginState
from tests.security.conftest import ProdApp
from tests.security.test_login_csrf import SAME_ORIGIN, bind, sign_in_by_form
from tests.support.reflex_socket import delta_value

# The review's 14 kinds of `next` payload (and a few more), each meant to leave the site.
FOREIGN_NEXT = [
    "/https://evil.example/login",
    "/https:%2F%2Fevil.example/login",
    "/%68ttps://evil.example/login",
    "https://evil.example/login",
    "//evil.example/login",
    "///evil.example/login",
    "/\\evil.example/login",
    "/%2F%2Fevil.example/login",
    "/%5Cevil.example/login",
    "/\t/evil.example/login",
    "/%0A/evil.example/login",
    "/.//evil.example/login",
    "javascript:alert(document.domain)",
    "/javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/http:evil.example",
]


@pytest.mark.parametrize("payload", FOREIGN_NEXT)
def test_the_cookie_route_never_continues_to_another_site(
    prod: ProdApp, make_founder, payload: str
) -> None:
    """P-MISC-3: after sign-in the browser lands on /dashboard, whatever `next` said."""
    founder = make_founder()
    hand_over = sign_in_by_form(prod, founder.email, founder.password)
    url = hand_over.complete_url.split("&next=")[0] + "&next=" + quote(payload, safe="")
    with httpx.Client(base_url=prod.url, follow_redirects=False, timeout=15) as client:
        bind(client, hand_over.ticket)
        done = client.get(url, headers=SAME_ORIGIN)
    assert done.status_code == 303
    assert done.headers["location"] == "/dashboard", payload


@pytest.mark.parametrize(
    "payload", ["/https://evil.example/login", "//evil.example", "/%2F%2Fevil.example"]
)
def test_the_login_page_drops_a_foreign_next(prod: ProdApp, make_founder, payload: str) -> None:
    """The login page itself keeps only a local `next`, and its hand-over goes to /dashboard."""
    tab = prod.tab()
    try:
        updates = tab.open_page(f"/login?next={quote(payload, safe='')}")
        with pytest.raises(KeyError):  # kept on the server: the browser gets none of it
            delta_value(updates, LoginState.get_full_name(), "next_path")
    finally:
        tab.close()
    founder = make_founder()
    hand_over = sign_in_by_form(
        prod, founder.email, founder.password, f"?next={quote(payload, safe='')}"
    )
    assert hand_over.complete_url.endswith("&next=%2Fdashboard")


def test_a_local_next_is_kept(prod: ProdApp, make_founder) -> None:
    founder = make_founder()
    hand_over = sign_in_by_form(prod, founder.email, founder.password, "?next=%2Fprofile")
    with httpx.Client(base_url=prod.url, follow_redirects=False, timeout=15) as client:
        bind(client, hand_over.ticket)
        done = client.get(hand_over.complete_url, headers=SAME_ORIGIN)
    assert done.headers["location"] == "/profile"
