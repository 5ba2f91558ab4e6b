"""Plain HTTP routes that own the session cookie (HttpOnly: page scripts never see it).

Sign-in: the login state checks the password and mints a one-time ticket; the tab's page then
posts it to `POST /api/auth/nonce` (JSON, same origin only), which binds the ticket to a nonce
kept in a short-lived SameSite=Strict, HttpOnly cookie, and goes to
`/api/auth/complete?ticket=...&next=...`; that route refuses cross-site requests, redeems the
ticket with the nonce, starts a session and sets the cookie. A ticket minted for one browser
therefore never signs in another (login CSRF). Sign-out: `POST /api/auth/signout` (same site
only) ends the session and clears it. Database work runs in a worker thread (`in_worker`),
never on the event loop.
"""

from __future__ import annotations

import json

from sqlmodel import Session
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from startup_toolkit.api.http_cookies import forget_cookie, set_cookie
from startup_toolkit.db import in_worker
from startup_toolkit.domain.cookies import (
    SESSION_COOKIE,
    SIGN_IN_NONCE_COOKIE,
    SIGN_IN_NONCE_PATH,
)
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import sessions
from startup_toolkit.settings import get_settings

NONCE_MAX_AGE_SECONDS = 2 * sessions.TICKET_TTL_SECONDS
MAX_NONCE_BODY = 1000
# Sec-Fetch-Site values a sign-in step accepts: this origin, or the user's own navigation
# (typed, bookmarked). Absent (older browsers, scripts) is accepted too: the nonce covers it.
_SAME_ORIGIN_FETCH = {"same-origin", "none"}


def client_address(request: Request) -> str:
    hops = get_settings().trusted_proxy_hops
    forwarded = [
        p.strip() for p in request.headers.get("x-forwarded-for", "").split(",") if p.strip()
    ]
    if hops and forwarded:
        return forwarded[-min(hops, len(forwarded))]
    return request.client.host if request.client else ""


def from_this_site(request: Request) -> bool:
    """False when the browser says another site (or a sibling subdomain) made the request."""
    site = request.headers.get("sec-fetch-site")
    return site is None or site in _SAME_ORIGIN_FETCH


def _forget_nonce(response: Response) -> None:
    forget_cookie(response, SIGN_IN_NONCE_COOKIE, path=SIGN_IN_NONCE_PATH, samesite="strict")


async def bind_nonce(request: Request) -> Response:
    """Bind the posted ticket to a new nonce cookie in this browser (once per ticket).

    JSON only: a page on another site cannot send it without a CORS preflight, which this
    app answers only for its own origin; a form post cannot send JSON at all."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if not from_this_site(request) or content_type != "application/json":
        return Response(status_code=403)
    body = await request.body()
    try:
        ticket = json.loads(body)["ticket"] if len(body) <= MAX_NONCE_BODY else None
    except (ValueError, KeyError, TypeError):
        ticket = None
    nonce = await in_worker(sessions.bind_sign_in_ticket, ticket)
    if nonce is None:
        return Response(status_code=400)
    response = Response(status_code=204)
    set_cookie(
        response,
        SIGN_IN_NONCE_COOKIE,
        nonce,
        path=SIGN_IN_NONCE_PATH,
        max_age=NONCE_MAX_AGE_SECONDS,
        samesite="strict",
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def _start_session(
    db: Session, ticket: str | None, nonce: str, user_agent: str, address: str
) -> tuple[str, int] | None:
    """Redeem the ticket with this browser's nonce: the new session's token and its lifetime
    in seconds, or None for a ticket that is unknown, used, expired or bound elsewhere."""
    user_id = sessions.redeem_sign_in_ticket(db, ticket, nonce)
    if user_id is None:
        return None
    token = sessions.create_session(db, user_id, user_agent, address)
    return token, sessions.session_lifetime_days(db, user_id) * 86400


async def complete_sign_in(request: Request) -> Response:
    if not from_this_site(request):
        # Another site sent the browser here: never sign it in, never spend the ticket.
        return RedirectResponse("/login", status_code=303)
    target = safe_next_path(request.query_params.get("next"))
    started = await in_worker(
        _start_session,
        request.query_params.get("ticket"),
        request.cookies.get(SIGN_IN_NONCE_COOKIE, ""),
        request.headers.get("user-agent", ""),
        client_address(request),
    )
    if started is None:
        response: Response = RedirectResponse("/login?expired=1", status_code=303)
        _forget_nonce(response)
        return response
    token, max_age = started
    response = RedirectResponse(target, status_code=303)
    set_cookie(response, SESSION_COOKIE, token, path="/", max_age=max_age, samesite="lax")
    _forget_nonce(response)
    response.headers["Cache-Control"] = "no-store"
    return response


async def sign_out(request: Request) -> Response:
    if not from_this_site(request):
        # Another site cannot sign the founder out (logout CSRF); the app's own page can.
        return Response(status_code=403)
    token = request.cookies.get(SESSION_COOKIE, "")
    if token:
        await in_worker(sessions.end_session, token)
    response = Response(status_code=204)
    forget_cookie(response, SESSION_COOKIE, path="/", samesite="lax")
    _forget_nonce(response)  # nothing of the founder's stays in the browser (issue 27, item 7)
    return response


AUTH_ROUTES = [
    Route("/api/auth/nonce", bind_nonce, methods=["POST"]),
    Route("/api/auth/complete", complete_sign_in, methods=["GET"]),
    Route("/api/auth/signout", sign_out, methods=["POST"]),
]
