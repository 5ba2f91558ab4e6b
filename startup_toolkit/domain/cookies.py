"""Reading the session cookie out of a raw `Cookie:` header (pure: no I/O)."""

from __future__ import annotations

from http.cookies import SimpleCookie

SESSION_COOKIE = "unstuck_session"
# The sign-in nonce that binds a one-time ticket to the browser that asked for it; sent only
# to the auth routes (its cookie path) and only from this site (SameSite=Strict).
SIGN_IN_NONCE_COOKIE = "unstuck_sign_in_nonce"
SIGN_IN_NONCE_PATH = "/api/auth"
# The reset nonce that binds an opened reset link to this browser (issue 27, item 4): read
# only by the event socket's handshake (Reflex's `/_event`), only from this site.
RESET_NONCE_COOKIE = "unstuck_reset"
RESET_NONCE_PATH = "/_event"


def cookie_from_header(header: str, name: str) -> str:
    """The value of cookie `name` in a raw `Cookie:` header ('' when absent or malformed)."""
    jar = SimpleCookie()
    try:
        jar.load(header or "")
    except Exception:  # a malformed header from the browser is just "no cookie"
        return ""
    morsel = jar.get(name)
    return morsel.value if morsel else ""


def token_from_cookie_header(header: str) -> str:
    """The session token in a raw `Cookie:` header ('' when absent or malformed)."""
    return cookie_from_header(header, SESSION_COOKIE)
