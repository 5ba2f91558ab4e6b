"""Signing a browser in without the /login form: the account is created through the service
in the live app's database, then a one-time sign-in ticket is bound to the browser by the
real `POST /api/auth/nonce` (its nonce cookie lands in the browser context) and swapped for
the HttpOnly session cookie by the real `/api/auth/complete` route (exactly what /login does).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

from playwright.sync_api import Page
from sqlmodel import Session

from startup_toolkit.db import make_engine
from startup_toolkit.services import accounts, sessions
from tests.e2e.conftest import LiveApp, wait_for_app

DEFAULT_PASSWORD = "correct horse battery"
DEFAULT_NAME = "Ada Lovelace"


def unique_email(prefix: str = "founder") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.com"


@contextmanager
def app_db(live_app: LiveApp) -> Iterator[Session]:
    """A session on the live app's own SQLite database (shared with the running server)."""
    engine = make_engine(live_app.database_url)
    try:
        with Session(engine, expire_on_commit=False) as db:
            yield db
    finally:
        engine.dispose()


def sign_in_user(
    live_app: LiveApp, page: Page, user_id: str, next_path: str = "/dashboard"
) -> None:
    """Give the browser a session for `user_id` and land on `next_path` (hydrated)."""
    with app_db(live_app) as db:
        ticket = sessions.create_sign_in_ticket(db, user_id)
    # page.request shares the browser context's cookies: the nonce cookie is the browser's.
    bound = page.request.post(live_app.path("/api/auth/nonce"), data={"ticket": ticket})
    assert bound.status == 204, bound.status
    page.goto(
        live_app.path(f"/api/auth/complete?ticket={quote(ticket)}&next={quote(next_path, safe='')}")
    )
    wait_for_app(page)


def sign_up_and_sign_in(
    live_app: LiveApp,
    page: Page,
    email: str | None = None,
    password: str = DEFAULT_PASSWORD,
    name: str = DEFAULT_NAME,
    next_path: str = "/dashboard",
) -> str:
    """Create an account (service sign-up, production password hashing) and sign the
    browser in to it; returns the new user's id."""
    user_id = sign_up(live_app, email, password, name)
    sign_in_user(live_app, page, user_id, next_path)
    return user_id


def sign_up(
    live_app: LiveApp,
    email: str | None = None,
    password: str = DEFAULT_PASSWORD,
    name: str = DEFAULT_NAME,
) -> str:
    """Create an account (service sign-up, production password hashing), the browser not
    signed in yet (seed its data, then `sign_in_user` where the test starts); its id."""
    with app_db(live_app) as db:
        result = accounts.sign_up(db, name, email or unique_email(), password, password)
    assert result.ok and result.user_id, result
    return result.user_id
