"""Plain HTTP routes for billing: the spec's server functions and Stripe's webhook.

The signed-in user comes from the HttpOnly session cookie, never from the request body.

- GET  /api/billing/checkout            Subscribe's target (opened in a new tab): 303 to Stripe
                                         Checkout, or to /login, /dashboard or /pricing with a
                                         problem code.
- GET  /api/billing/portal              Manage's target: 303 to the Stripe customer portal.
- POST /api/billing/create-checkout     {url}            (P-BILL-1)
- GET  /api/billing/check-subscription  {subscribed, subscription_id, start_date,
                                         next_billing_date, payment_method, billing_history}
- POST /api/billing/customer-portal     {url}
- POST /api/stripe/webhook              Stripe events, signature checked (signed within 300 s,
                                         either way); a signed body that is no event: 400.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from startup_toolkit.db import run_in_session
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.urls import http_url_or_empty
from startup_toolkit.providers import stripe_api
from startup_toolkit.services import billing, sessions
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

MAX_WEBHOOK_BYTES = 512 * 1024
PRICING = "/pricing"
NO_STORE = {"Cache-Control": "no-store"}
#: What reading a signed event's odd fields may raise; such an event is a 400, not a 500.
_MALFORMED = (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError)


async def _user_id(request: Request) -> str | None:
    token = request.cookies.get(SESSION_COOKIE, "")
    if not token:
        return None
    return await run_in_threadpool(run_in_session, sessions.resolve_session, token)


def _redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303, headers=NO_STORE)


def _problem_redirect(code: str) -> RedirectResponse:
    return _redirect(f"{PRICING}?billing_error={quote(code)}")


def _json(body: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers=NO_STORE)


_STATUS_BY_PROBLEM = {
    "signed_out": 401,
    "subscribed": 409,
    "no_account": 404,
    "not_configured": 503,
    "unreachable": 503,
    "misconfigured": 503,
}


def _problem_json(error: billing.BillingError) -> JSONResponse:
    status = _STATUS_BY_PROBLEM.get(error.code, 502)
    return _json({"error": error.message, "code": error.code}, status)


async def _in_session(fn: Callable[..., Any], *args: Any) -> Any:
    return await run_in_threadpool(run_in_session, fn, *args)


async def open_checkout(request: Request) -> Response:
    mode = billing.checkout_mode()
    if mode == "link":
        link = http_url_or_empty(get_settings().checkout_url)
        return _redirect(link or PRICING)
    if mode == "none":
        return _problem_redirect("not_configured")
    return await _redirect_reply(request, billing.start_checkout, PRICING, _checkout_problem)


def _checkout_problem(code: str) -> RedirectResponse:
    return _redirect("/dashboard") if code == "subscribed" else _problem_redirect(code)


async def open_portal(request: Request) -> Response:
    return await _redirect_reply(request, billing.portal_url, "/profile", _problem_redirect)


async def _redirect_reply(
    request: Request,
    fn: Callable[..., str],
    back: str,
    problem: Callable[[str], RedirectResponse],
) -> Response:
    """303 to the address `fn(session, user_id)` gives the signed-in user; to /login (then
    back to `back`) when signed out, or to where `problem` sends a billing problem's code."""
    user_id = await _user_id(request)
    if user_id is None:
        return _redirect(f"/login?next={quote(back, safe='')}")
    try:
        url = await _in_session(fn, user_id)
    except billing.BillingError as exc:
        return problem(exc.code)
    return _redirect(url)


async def _url_reply(request: Request, fn: Callable[..., str]) -> Response:
    """{url} from `fn(session, user_id)` for the signed-in user, or the problem as JSON."""
    user_id = await _user_id(request)
    if user_id is None:
        return _problem_json(billing.BillingError("signed_out"))
    try:
        url = await _in_session(fn, user_id)
    except billing.BillingError as exc:
        return _problem_json(exc)
    return _json({"url": url})


async def create_checkout(request: Request) -> Response:
    return await _url_reply(request, billing.start_checkout)


async def check_subscription(request: Request) -> Response:
    user_id = await _user_id(request)
    if user_id is None:
        return _problem_json(billing.BillingError("signed_out"))
    status = await _in_session(billing.check_subscription, user_id)
    return _json(status.as_reply())


async def customer_portal(request: Request) -> Response:
    return await _url_reply(request, billing.portal_url)


async def _capped_body(request: Request, limit: int) -> bytes | None:
    """The request body, or None as soon as it grows past `limit` bytes."""
    # A chunked body declares no length: stop reading it rather than buffer all of it.
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def stripe_webhook(request: Request) -> Response:
    secret = get_settings().stripe_webhook_secret
    if not secret:
        return _json({"error": "Webhooks are not configured."}, 404)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_WEBHOOK_BYTES:
        return _json({"error": "Payload too large."}, 413)
    payload = await _capped_body(request, MAX_WEBHOOK_BYTES)
    if payload is None:
        return _json({"error": "Payload too large."}, 413)
    try:
        event = stripe_api.verify_webhook(
            payload, request.headers.get("stripe-signature", ""), secret
        )
    except stripe_api.WebhookBodyError:
        return _json({"error": "Malformed event."}, 400)
    except stripe_api.WebhookSignatureError:
        return _json({"error": "Invalid signature."}, 400)
    try:
        result = await _in_session(billing.handle_event, event)
    except (stripe_api.PaymentsError, SQLAlchemyError):
        log.exception("Stripe event %s could not be applied; Stripe will retry", event.get("id"))
        return _json({"error": "Temporarily unable to process the event."}, 503)
    except _MALFORMED as exc:
        # A signed event whose fields we cannot read: one line, no traceback (issue 27, item 8).
        log.warning("Stripe event %s refused as malformed (%s)", event["id"], type(exc).__name__)
        return _json({"error": "Malformed event."}, 400)
    return _json({"received": True, "result": result})


BILLING_ROUTES = [
    Route("/api/billing/checkout", open_checkout, methods=["GET"]),
    Route("/api/billing/portal", open_portal, methods=["GET"]),
    Route("/api/billing/create-checkout", create_checkout, methods=["POST"]),
    Route("/api/billing/check-subscription", check_subscription, methods=["GET", "POST"]),
    Route("/api/billing/customer-portal", customer_portal, methods=["POST"]),
    Route("/api/stripe/webhook", stripe_webhook, methods=["POST"]),
]
