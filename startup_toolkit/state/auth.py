"""Who is signed in, resolved on the server from the HttpOnly session cookie.

The cookie travels with the websocket handshake; Reflex keeps it in `router.headers.cookie`
and never sends it to the browser. Every handler that touches private data asks
`signed_in_user_id(self)` (it re-checks the session, so a sign-out elsewhere takes effect at
once); methods starting with `_` cannot be called from the browser. The session table is read
in a worker thread: a slow query never stalls the other tabs of the worker.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote

import reflex as rx
from sqlmodel import Session

from startup_toolkit.db import run_in_session
from startup_toolkit.domain import oracle
from startup_toolkit.domain.cookies import token_from_cookie_header
from startup_toolkit.services import access, accounts, sessions
from startup_toolkit.services.accounts import AccountView
from startup_toolkit.state.private_state import (
    PrivateStateMixin,
    claim_private_state,
    forget_private_state,
)

F = TypeVar("F", bound=Callable[..., Any])

#: The success page's hint that this browser subscribed (never a grant of access).
SUBSCRIBED_FLAG_KEY = "isSubscribed"
#: Every name the app writes in the browser's localStorage, sessionStorage or a cookie that
#: page scripts can read: sign-out removes each from all three (issue 27, item 7), then clears
#: sessionStorage (Reflex's tab token). A key the app starts to write is added here, and only
#: here; tests/state/test_sign_out_storage.py scans the sources for writes of unlisted names.
#: The HttpOnly cookies (session, sign-in nonce) are the sign-out route's to delete.
BROWSER_STORAGE_KEYS: tuple[str, ...] = (SUBSCRIBED_FLAG_KEY, oracle.STORAGE_KEY)
#: Where a founder lands once their account is deleted: a page that says so (issue 28, item 11).
ACCOUNT_DELETED_PATH = "/account-deleted"


def clear_browser_storage_script(keys: tuple[str, ...] = BROWSER_STORAGE_KEYS) -> str:
    """JavaScript that forgets `keys` in every browser store and clears sessionStorage; each
    store on its own, so one the browser refuses does not keep the others."""
    names = json.dumps(list(keys))
    return (
        f"for (const k of {names}) {{"
        " try { localStorage.removeItem(k); } catch (e) {}"
        " try { sessionStorage.removeItem(k); } catch (e) {}"
        " document.cookie = k + '=; Max-Age=0; path=/; SameSite=Lax'; }"
        " try { sessionStorage.clear(); } catch (e) {}"
    )


def runs_access_guard(fn: F) -> F:
    """Marks a page's on_load handler that starts with `AuthState._access_redirect`: its page
    is gated as one that lists `AuthState.require_access` (the security tests find gated
    pages by either)."""
    fn.runs_access_guard = True  # type: ignore[attr-defined]
    return fn


@dataclass(frozen=True)
class _Visitor:
    """What the header shows of whoever holds the cookie (no view: signed out)."""

    view: AccountView | None = None
    has_access: bool = False


def _visitor(session: Session, token: str) -> _Visitor:
    user_id = sessions.resolve_session(session, token) if token else None
    view = accounts.cached_account_view(session, user_id) if user_id else None
    if view is None:
        return _Visitor()
    return _Visitor(view, access.may_use_tools(session, view.user_id))


def _user_id(session: Session, token: str) -> str | None:
    return sessions.resolve_session(session, token)


def session_token(state: rx.State) -> str:
    """The session cookie of the tab any state belongs to (router data is shared by the tree,
    so no other state has to be loaded for it)."""
    return token_from_cookie_header(state.router.headers.cookie)


class AuthState(PrivateStateMixin, rx.State):
    #: True once this tab's session was read: until then (the built page's first paint, a
    #: new tab) what depends on who is signed in is held back (components/held_back.py).
    checked: bool = False
    signed_in: bool = False
    user_name: str = ""
    user_email: str = ""
    user_initials: str = ""
    avatar_url: str = ""
    has_access: bool = False

    async def _refresh(self) -> str | None:
        token = session_token(self)
        visitor = await asyncio.to_thread(run_in_session, _visitor, token) if token else _Visitor()
        view = visitor.view
        user_id = view.user_id if view else None
        # What the tab shows of an account is that account's: none of it without a session
        # (first, as this state is private too).
        claim_private_state(self, user_id)
        self.checked = True
        self.signed_in = view is not None
        self.user_name = view.name if view else ""
        self.user_email = view.email if view else ""
        self.user_initials = view.initials if view else ""
        self.avatar_url = view.avatar_url if view else ""
        self.has_access = visitor.has_access
        return user_id

    @rx.event
    async def load(self) -> None:
        """Refresh the header's view of the user (every page mounts this)."""
        await self._refresh()

    def _login_redirect(self) -> rx.event.EventSpec:
        path = self.router.url.path.rstrip("/") or "/"  # prod serves /x as /x/
        query = self.router.url.query
        target = path + (f"?{query}" if query else "")
        return rx.redirect(f"/login?next={quote(target, safe='')}")

    @rx.event
    async def require_sign_in(self) -> rx.event.EventSpec | None:
        """on_load guard of signed-in pages (P-AUTH-1)."""
        if await self._refresh() is None:
            return self._login_redirect()
        return None

    async def _access_redirect(self) -> rx.event.EventSpec | None:
        """Where a visitor without access goes: sign-in (P-AUTH-1), then subscription
        (P-AUTH-2); None for a founder with access. A page's own load may call this instead
        of listing `require_access` first, to spare the tab an on_load event."""
        if await self._refresh() is None:
            return self._login_redirect()
        if not self.has_access:
            return rx.redirect("/pricing")
        return None

    @rx.event
    async def require_access(self) -> rx.event.EventSpec | None:
        """on_load guard of subscriber pages."""
        return await self._access_redirect()

    @rx.event
    async def redirect_if_signed_in(self) -> rx.event.EventSpec | None:
        """on_load of /login and /signup: a signed-in user goes straight to the dashboard."""
        if await self._refresh() is not None:
            return rx.redirect("/dashboard")
        return None

    @rx.event
    async def sign_out(self) -> rx.event.EventSpec:
        """Forget the account's page state on the server, end the session through the cookie
        route, then forget everything the browser keeps for the app (`BROWSER_STORAGE_KEYS`)
        and reload on the home page with a new tab token."""
        return await self._sign_out_to("/")

    async def _sign_out_to(self, landing: str) -> rx.event.EventSpec:
        """`sign_out`, landing on `landing` (a path of this site) instead of the home page."""
        if not landing.startswith("/") or "'" in landing or "\\" in landing:
            raise ValueError(f"not a plain path of this site: {landing!r}")
        await forget_private_state(self)
        return rx.call_script(
            "fetch('/api/auth/signout', {method: 'POST', credentials: 'same-origin'})"
            f".finally(() => {{ {clear_browser_storage_script()}"
            f" window.location.assign('{landing}'); }})"
        )


async def signed_in_user_id(state: rx.State) -> str | None:
    """The user id for any state's handler, from the server-side session (never the client);
    the session is read in a worker thread."""
    token = session_token(state)
    if not token:
        return None
    return await asyncio.to_thread(run_in_session, _user_id, token)
