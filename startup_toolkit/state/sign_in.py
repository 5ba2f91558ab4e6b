"""The last step of signing in (after /login or /signup): the browser hands over to the cookie
route, which sets the HttpOnly session cookie on a full-page navigation."""

from __future__ import annotations

from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import in_worker
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import sessions


def complete_url(ticket: str, next_path: str) -> str:
    """The cookie route's address for a one-time `ticket`, going on to a safe `next_path`."""
    target = quote(safe_next_path(next_path), safe="")
    return f"/api/auth/complete?ticket={quote(ticket)}&next={target}"


async def complete_sign_in(user_id: str, next_path: str) -> EventSpec:
    """A one-time ticket (made in a worker thread), then the full-page navigation to use it."""
    ticket = await in_worker(sessions.create_sign_in_ticket, user_id)
    return rx.call_script(f"window.location.assign({complete_url(ticket, next_path)!r})")
