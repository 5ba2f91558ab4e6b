"""Stripe, through the official SDK: the only module that imports `stripe`.

Every call returns plain dicts (or strings) and raises `PaymentsError` with a message fit for
a founder's eyes; the SDK's own exception stays in the log. `STRIPE_API_BASE` points the SDK
at another Stripe-compatible address (tests run a local one). Creates carry idempotency keys,
so a retried request never makes a second customer or checkout.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import stripe

from startup_toolkit.domain.json_limits import nesting_within
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

UNREACHABLE = "Payments are unreachable right now. Please try again in a minute."
MISCONFIGURED = "Payments are not set up correctly. Please contact support."
REJECTED = "The payment provider refused the request. Please contact support."
WEBHOOK_TOLERANCE_SECONDS = 300
#: How deep a webhook body may nest (Stripe's events are about ten levels deep); a deeper body
#: is refused before it is decoded (issue 27, item 8).
MAX_WEBHOOK_NESTING = 64
#: An event's `created` must fit the INTEGER columns it is stored in.
_MAX_CREATED = 2**31 - 1


class PaymentsError(Exception):
    """A Stripe call failed; `message` is safe to show, `kind` says what went wrong."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.message = message
        # "unreachable" | "misconfigured" | "rejected" | "missing" | "customer_missing"
        self.kind = kind


class WebhookSignatureError(Exception):
    """A webhook's body or Stripe-Signature header did not verify."""


class WebhookBodyError(WebhookSignatureError):
    """A signed webhook body that is no Stripe event we can read (issue 27, item 8)."""


@lru_cache(maxsize=4)
def _client(api_key: str, api_base: str) -> stripe.StripeClient:
    addresses: Any = {"api": api_base} if api_base else None
    # One retry on network errors and 409/5xx: safe because every create is idempotent.
    return stripe.StripeClient(api_key, base_addresses=addresses, max_network_retries=1)


def client() -> stripe.StripeClient:
    settings = get_settings()
    if not settings.stripe_secret_key:
        raise PaymentsError(MISCONFIGURED, "misconfigured")
    return _client(settings.stripe_secret_key, settings.stripe_api_base)


def _plain(obj: Any) -> dict[str, Any]:
    return obj.to_dict(recursive=True) if hasattr(obj, "to_dict") else dict(obj)


def _call(what: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except stripe.AuthenticationError:
        log.exception("Stripe refused the API key while trying to %s", what)
        raise PaymentsError(MISCONFIGURED, "misconfigured") from None
    except stripe.PermissionError:
        log.exception("The Stripe key may not %s", what)
        raise PaymentsError(MISCONFIGURED, "misconfigured") from None
    except stripe.InvalidRequestError as exc:
        log.warning("Stripe rejected a request to %s: %s", what, exc.user_message or exc)
        # Only a 404 means the object asked for is gone; a create naming an unknown price or
        # customer is a 400 with code resource_missing too, and that is a refusal.
        if exc.http_status == 404:
            raise PaymentsError(REJECTED, "missing") from None
        # The customer we remember is unknown to this Stripe account (deleted, or made with
        # the test key before the live one): the caller may make a new one.
        if getattr(exc, "code", None) == "resource_missing" and exc.param == "customer":
            raise PaymentsError(REJECTED, "customer_missing") from None
        raise PaymentsError(REJECTED, "rejected") from None
    except (stripe.APIConnectionError, stripe.RateLimitError, stripe.APIError):
        log.exception("Stripe was unreachable while trying to %s", what)
        raise PaymentsError(UNREACHABLE, "unreachable") from None
    except stripe.StripeError:
        log.exception("Stripe failed while trying to %s", what)
        raise PaymentsError(UNREACHABLE, "unreachable") from None


def create_customer(user_id: str, email: str, name: str, replacing: str = "") -> str:
    """A new Stripe customer for the user; the same user id always yields the same customer
    while Stripe remembers the idempotency key (24 h). `replacing` names a customer Stripe no
    longer knows, so the replacement gets a key of its own."""
    key = f"unstuck-customer-{user_id}" + (f"-after-{replacing}" if replacing else "")
    customer = _call(
        "create a customer",
        client().v1.customers.create,
        params={"email": email, "name": name, "metadata": {"user_id": user_id}},
        options={"idempotency_key": key},
    )
    return str(customer.id)


def create_checkout_session(
    *,
    customer_id: str,
    user_id: str,
    price_id: str,
    success_url: str,
    cancel_url: str,
    idempotency_key: str,
) -> dict[str, Any]:
    """A Checkout Session in subscription mode for the user (id and url)."""
    session = _call(
        "create a checkout session",
        client().v1.checkout.sessions.create,
        params={
            "mode": "subscription",
            "customer": customer_id,
            "client_reference_id": user_id,
            "line_items": [{"price": price_id, "quantity": 1}],
            "success_url": success_url,
            "cancel_url": cancel_url,
            "metadata": {"user_id": user_id, "price_id": price_id},
            "subscription_data": {"metadata": {"user_id": user_id}},
            "allow_promotion_codes": True,
        },
        options={"idempotency_key": idempotency_key},
    )
    return _plain(session)


def list_open_checkout_sessions(customer_id: str, limit: int = 10) -> list[dict[str, Any]]:
    """The customer's Checkout Sessions still open for payment, newest first."""
    page = _call(
        "list checkout sessions",
        client().v1.checkout.sessions.list,
        params={"customer": customer_id, "status": "open", "limit": limit},
    )
    return [_plain(session) for session in page.data]


def retrieve_checkout_session(session_id: str) -> dict[str, Any]:
    """The session with its subscription (and that subscription's payment method) expanded."""
    session = _call(
        "read a checkout session",
        client().v1.checkout.sessions.retrieve,
        session_id,
        params={"expand": ["subscription", "subscription.default_payment_method"]},
    )
    return _plain(session)


def retrieve_subscription(subscription_id: str) -> dict[str, Any]:
    subscription = _call(
        "read a subscription",
        client().v1.subscriptions.retrieve,
        subscription_id,
        params={"expand": ["default_payment_method"]},
    )
    return _plain(subscription)


def list_invoices(customer_id: str, limit: int) -> list[dict[str, Any]]:
    """The customer's newest invoices, newest first."""
    page = _call(
        "list invoices",
        client().v1.invoices.list,
        params={"customer": customer_id, "limit": limit},
    )
    return [_plain(invoice) for invoice in page.data]


def create_portal_session(customer_id: str, return_url: str) -> str:
    """A customer-portal URL where the customer manages the plan, card and invoices."""
    session = _call(
        "open the customer portal",
        client().v1.billing_portal.sessions.create,
        params={"customer": customer_id, "return_url": return_url},
    )
    return str(session.url)


def _signed_at(signature: str) -> int | None:
    """The `t=` timestamp of a Stripe-Signature header (None when absent or garbled)."""
    for part in signature.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            return int(value) if value.isdigit() else None
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _event_problem(event: Any) -> str | None:
    """Why a decoded body is not a Stripe event we can store (None when it is one)."""
    if not isinstance(event, dict):
        return "not an object"
    event_id, event_type, created = event.get("id"), event.get("type"), event.get("created")
    if not isinstance(event_id, str) or not 0 < len(event_id) <= 255:
        return "no event id"
    if not isinstance(event_type, str):
        return "no event type"
    if isinstance(created, bool) or not isinstance(created, int):
        return "no creation time"
    if not 0 <= created <= _MAX_CREATED:
        return "creation time out of range"
    data = event.get("data")
    if not isinstance(data, dict) or not isinstance(data.get("object"), dict):
        return "no data object"
    return None


def verify_webhook(payload: bytes, signature: str, secret: str) -> Mapping[str, Any]:
    """The event in a webhook body, after checking its signature and age: signed at most
    300 s ago and at most 300 s ahead of our clock (Stripe's SDK checks only the past). A
    body that is not a Stripe event (not UTF-8 or JSON, nested too deep, not an object, no
    id, type, time or data object) is refused like a bad signature."""
    try:
        body = payload.decode("utf-8")
        stripe.WebhookSignature.verify_header(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS)
    except (stripe.SignatureVerificationError, UnicodeDecodeError, ValueError) as exc:
        raise WebhookSignatureError(str(exc)) from None
    signed_at = _signed_at(signature)
    if signed_at is None or signed_at > time.time() + WEBHOOK_TOLERANCE_SECONDS:
        raise WebhookSignatureError("Timestamp is in the future")
    if not nesting_within(body, MAX_WEBHOOK_NESTING):
        raise WebhookBodyError("nested too deep")
    try:
        event = json.loads(body, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        raise WebhookBodyError(f"not JSON: {type(exc).__name__}") from None
    problem = _event_problem(event)
    if problem is not None:
        raise WebhookBodyError(problem)
    return event
