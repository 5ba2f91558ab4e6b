"""`GET /api/auth/reset?token=...`: where a mailed reset link lands (issue 27, item 4).

The route binds the live link to the browser opening it: a fresh nonce in an HttpOnly,
SameSite=Strict cookie that only the event socket's handshake receives (its path), of which
the database keeps only the SHA-256, as sign-in tickets are bound (`api/auth.py`). It then
sends the browser on to `/reset-password` without the token, so the token never reaches the
page, its address bar or the tab's server state. The reset page's handler finishes a reset
only with that cookie: a second tab holding the same tab token, without the cookie, cannot.

A cross-site navigation is accepted on purpose: the link is clicked in a mail client or a
webmail page. Opening it again (in another browser, or after a mail scanner fetched it)
binds it to the newest browser.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from startup_toolkit.api.http_cookies import forget_cookie, set_cookie
from startup_toolkit.db import in_worker
from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE, RESET_NONCE_PATH
from startup_toolkit.services import account_recovery


async def open_reset_link(request: Request) -> Response:
    """Bind the link to this browser (or forget a previous binding), then show the page."""
    opened = await in_worker(account_recovery.open_link, request.query_params.get("token"))
    response = RedirectResponse(rules.RESET_PATH, status_code=303)
    response.headers["Cache-Control"] = "no-store"
    if opened is None:
        forget_cookie(response, RESET_NONCE_COOKIE, path=RESET_NONCE_PATH, samesite="strict")
        return response
    set_cookie(
        response,
        RESET_NONCE_COOKIE,
        opened.nonce,
        path=RESET_NONCE_PATH,
        max_age=opened.max_age,
        samesite="strict",
    )
    return response


RECOVERY_ROUTES = [Route(rules.OPEN_PATH, open_reset_link, methods=["GET"])]
