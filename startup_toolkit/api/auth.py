"""Plain HTTP routes that own the session cookie (HttpOnly: page scripts never see it).

Sign-in: the login state checks the password and sends the tab to
`/api/auth/complete?ticket=...&next=...`; this route redeems the one-time ticket, starts a
session and sets the cookie. Sign-out: `POST /api/auth/signout` ends the session and clears it.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from startup_toolkit.db import session_scope
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.redirects import safe_next_path
from startup_toolkit.services import sessions
from startup_toolkit.settings import get_settings


def client_address(request: Request) -> str:
    hops = get_settings().trusted_proxy_hops
    forwarded = [
        p.strip() for p in request.headers.get("x-forwarded-for", "").split(",") if p.strip()
    ]
    if hops and forwarded:
        return forwarded[-min(hops, len(forwarded))]
    return request.client.host if request.client else ""


def _secure() -> bool:
    return get_settings().public_base_url.startswith("https://")


async def complete_sign_in(request: Request) -> Response:
    target = safe_next_path(request.query_params.get("next"))
    with session_scope() as db:
        user_id = sessions.redeem_sign_in_ticket(db, request.query_params.get("ticket"))
        if user_id is None:
            return RedirectResponse("/login?expired=1", status_code=303)
        token = sessions.create_session(
            db, user_id, request.headers.get("user-agent", ""), client_address(request)
        )
        max_age = sessions.session_lifetime_days(db, user_id) * 86400
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=max_age,
        httponly=True,
        samesite="lax",
        secure=_secure(),
        path="/",
    )
    response.headers["Cache-Control"] = "no-store"
    return response


async def sign_out(request: Request) -> Response:
    token = request.cookies.get(SESSION_COOKIE, "")
    if token:
        with session_scope() as db:
            sessions.end_session(db, token)
    response = Response(status_code=204)
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=_secure()
    )
    return response


AUTH_ROUTES = [
    Route("/api/auth/complete", complete_sign_in, methods=["GET"]),
    Route("/api/auth/signout", sign_out, methods=["POST"]),
]
