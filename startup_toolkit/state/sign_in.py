"""The last step of signing in (after /login or /signup): the browser hands over to the cookie
route, which sets the HttpOnly session cookie on a full-page navigation.

The tab first binds the one-time ticket to itself (`POST /api/auth/nonce` sets a short-lived
SameSite=Strict nonce cookie), so the ticket signs in this browser and no other."""

from __future__ import annotations

import json
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import in_worker
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import sessions

NONCE_ROUTE = "/api/auth/nonce"


def complete_url(ticket: str, next_path: str) -> str:
    """The cookie route's address for a one-time `ticket`, going on to a safe `next_path`."""
    target = quote(safe_next_path(next_path), safe="")
    return f"/api/auth/complete?ticket={quote(ticket)}&next={target}"


def hand_over_script(ticket: str, next_path: str) -> str:
    """JavaScript that binds `ticket` to this browser, then navigates to the cookie route
    (also when binding failed: the route then answers with the sign-in page)."""
    body = json.dumps(json.dumps({"ticket": ticket}))
    target = json.dumps(complete_url(ticket, next_path))
    return (
        f"(function(){{var go=function(){{window.location.assign({target})}};"
        f"fetch({json.dumps(NONCE_ROUTE)},{{method:'POST',credentials:'same-origin',"
        f"headers:{{'Content-Type':'application/json'}},body:{body}}}).then(go,go)}})()"
    )


async def complete_sign_in(user_id: str, next_path: str) -> EventSpec:
    """A one-time ticket (made in a worker thread), then the hand-over to the cookie route."""
    ticket = await in_worker(sessions.create_sign_in_ticket, user_id)
    return rx.call_script(hand_over_script(ticket, next_path))
