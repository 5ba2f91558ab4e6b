"""A real HTTP server on 127.0.0.1 answering the Stripe REST endpoints Unstuck uses, with JSON
shaped like API version 2026-10-28.endive, so the official SDK works against it unchanged.

    with FakeStripeServer() as fake:
        client = stripe.StripeClient(fake.api_key, base_addresses={"api": fake.base_url})
        session = client.v1.checkout.sessions.create(params={...})
        sub = fake.complete_checkout(session.id)      # plays the customer paying
        fake.objects("customer")                      # what was created
        fake.requests_to("POST", "/v1/checkout")      # what was asked
        fake.fail_next(500)                           # the next /v1 request fails

Endpoints: POST /v1/customers, GET /v1/customers/{id}, POST /v1/checkout/sessions,
GET /v1/checkout/sessions/{id}, GET /v1/subscriptions/{id}, GET /v1/invoices (+ /{id}),
POST /v1/billing_portal/sessions, GET /v1/payment_methods/{id}, /v1/prices/{id},
/v1/products/{id}. `expand` works on every one (dotted paths, `data.` for lists).

Idempotency: a POST repeating an `Idempotency-Key` replays the first successful answer (with
`Idempotent-Replayed: true`); the same key with other parameters gets Stripe's 400
`idempotency_error`. Errors are not saved, so a retry after an injected failure runs for real.

Hosted pages (no auth, plain HTML): /c/pay/{id} (checkout; POST completes it and answers 303
to the success URL), /p/session/{id} (billing portal), /i/{id} (invoice).

When `webhook_url` and `webhook_secret` are both set, `complete_checkout` POSTs signed
checkout.session.completed, customer.subscription.created and invoice.paid events there.
"""

from __future__ import annotations

import base64
import copy
import html
import json
import re
import secrets
import string
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx
import stripe

from tests.support.http_peer import HttpPeer, PeerServer

API_VERSION = "2026-10-28.endive"
DAY = 24 * 60 * 60
PERIOD_SECONDS = 30 * DAY
KINDS = (
    "customer",
    "checkout.session",
    "subscription",
    "invoice",
    "billing_portal.session",
    "payment_method",
)
_PREFIX_KIND = (
    ("cs_test_", "checkout.session"),
    ("cus_", "customer"),
    ("sub_", "subscription"),
    ("in_", "invoice"),
    ("bps_", "billing_portal.session"),
    ("pm_", "payment_method"),
)
_ALNUM = string.ascii_letters + string.digits
_SYMBOLS = {"usd": "$", "eur": "€", "gbp": "£"}
DOC_URL = "https://stripe.com/docs/error-codes/"
#: The keys of Unstuck's /api/check-subscription answer (P-BILL-1), whatever the Stripe reply.
CHECK_SUBSCRIPTION_KEYS = {
    "subscribed",
    "subscription_id",
    "start_date",
    "next_billing_date",
    "payment_method",
    "billing_history",
}
#: That answer for a founder without a subscription: every key there, empty.
NOT_SUBSCRIBED: dict[str, Any] = {
    "subscribed": False,
    "subscription_id": None,
    "start_date": None,
    "next_billing_date": None,
    "payment_method": None,
    "billing_history": [],
}


def _id(prefix: str, length: int = 24) -> str:
    return prefix + "".join(secrets.choice(_ALNUM) for _ in range(length))


def _now() -> int:
    return int(time.time())


def decode_params(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Stripe's bracket form encoding (`a[b][0][c]=x`, `expand[]=y`) as nested dicts/lists."""
    root: dict[str, Any] = {}
    for key, value in pairs:
        base, _, rest = key.partition("[")
        parts = [base, *re.findall(r"\[([^\]]*)\]", "[" + rest)] if rest else [base]
        node = root
        for i, part in enumerate(parts):
            if part == "":
                part = str(len(node))
            if i == len(parts) - 1:
                node[part] = value
            else:
                child = node.get(part)
                if not isinstance(child, dict):
                    child = node[part] = {}
                node = child
    return _listify(root)


def _listify(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    items = {k: _listify(v) for k, v in node.items()}
    if items and all(k.isdigit() for k in items):
        return [items[k] for k in sorted(items, key=int)]
    return items


def money(amount: int, currency: str) -> str:
    """'$11.00' for usd; other currencies by symbol or code."""
    value = f"{amount / 100:.2f}"
    symbol = _SYMBOLS.get(currency.lower())
    return f"{symbol}{value}" if symbol else f"{value} {currency.upper()}"


def _mask(key: str) -> str:
    match = re.match(r"^((?:sk|rk|pk)_(?:test|live)_)(.*)$", key)
    prefix, rest = (match.group(1), match.group(2)) if match else ("", key)
    return prefix + "*" * max(0, len(rest) - 4) + rest[-4:]


@dataclass
class RecordedRequest:
    """One /v1 request; `params` is the decoded form body (POST) or query (GET)."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    params: dict[str, Any]
    status: int | None = None  # what the fake answered


@dataclass
class _Failure:
    status: int
    type: str
    message: str
    code: str | None
    param: str | None
    path_prefix: str | None
    should_retry: bool | None
    times: int
    method: str | None = None


@dataclass
class _Saved:
    method: str
    path: str
    params: dict[str, Any]
    status: int
    body: dict[str, Any]
    request_id: str


class StripeApiError(Exception):
    """An answer in Stripe's error envelope."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type: str = "invalid_request_error",
        code: str | None = None,
        param: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type
        self.code = code
        self.param = param

    def envelope(self, request_id: str) -> dict[str, Any]:
        error: dict[str, Any] = {"message": self.message, "type": self.type}
        if self.code:
            error["code"] = self.code
            error["doc_url"] = DOC_URL + self.code.replace("_", "-")
        if self.param:
            error["param"] = self.param
        error["request_log_url"] = f"https://dashboard.stripe.com/test/logs/{request_id}"
        return {"error": error}


def _missing(what: str, object_id: str, param: str = "id", status: int = 404) -> StripeApiError:
    return StripeApiError(
        status, f"No such {what}: '{object_id}'", code="resource_missing", param=param
    )


def _limit(params: dict[str, Any]) -> int:
    """A list call's `limit`, checked as Stripe does (1..100, default 10)."""
    try:
        limit = int(params.get("limit") or 10)
    except ValueError:
        raise StripeApiError(400, "Invalid integer: limit", param="limit") from None
    if not 1 <= limit <= 100:
        raise StripeApiError(
            400,
            f"This value must be greater than or equal to 1 and less than or equal to 100 "
            f"(it currently is '{limit}').",
            param="limit",
        )
    return limit


def _required(params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    if not isinstance(value, str) or not value:
        raise StripeApiError(
            400, f"Missing required param: {name}.", code="parameter_missing", param=name
        )
    return value


@dataclass
class _Answer:
    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)


class _Server(PeerServer):
    fake: FakeStripeServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_DELETE(self) -> None:
        self._serve("DELETE")

    def _serve(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        answer = self.server.fake._answer(method, self.path, headers, raw)
        try:
            self.send_response(answer.status)
            for name, value in answer.headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(answer.body)))
            self.end_headers()
            self.wfile.write(answer.body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass


class FakeStripeServer(HttpPeer):
    """Start with `start()` (or `with`), stop with `stop()`; see the module docstring."""

    def __init__(
        self,
        api_key: str = "sk_test_unstuck",
        price_id: str = "price_unstuck_monthly",
        unit_amount: int = 1100,
        currency: str = "usd",
        *,
        product_name: str = "Unstuck All-Access",
        port: int = 0,
    ) -> None:
        super().__init__(_Handler, port=port, server_class=_Server)
        self.api_key = api_key
        self.price_id = price_id
        self.unit_amount = unit_amount
        self.currency = currency
        self.product_name = product_name
        self.product_id = "prod_" + re.sub(r"[^A-Za-z0-9]", "", product_name)[:14]
        self.webhook_url: str | None = None
        self.webhook_secret: str | None = None
        self.deliveries: list[tuple[str, int | str]] = []
        self._created_at = _now()
        self._lock = threading.RLock()
        self._requests: list[RecordedRequest] = []
        self._failures: list[_Failure] = []
        self._saved: dict[str, _Saved] = {}
        self._objects: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in KINDS}
        self._subscription_metadata: dict[str, dict[str, Any]] = {}
        self._quantities: dict[str, int] = {}
        self._invoice_count = 0

    # -- lifecycle -----------------------------------------------------------------------------

    def reset(self) -> FakeStripeServer:
        """Forget requests, injected failures, idempotency keys, deliveries and every object
        (the webhook settings stay)."""
        with self._lock:
            self._requests.clear()
            self._failures.clear()
            self._saved.clear()
            for store in self._objects.values():
                store.clear()
            self._subscription_metadata.clear()
            self._quantities.clear()
            self._invoice_count = 0
            self.deliveries.clear()
        return self

    # -- observations --------------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every /v1 request, in order (hosted pages are not recorded)."""
        with self._lock:
            return list(self._requests)

    def requests_to(self, method: str, path_prefix: str) -> list[RecordedRequest]:
        with self._lock:
            return [
                r
                for r in self._requests
                if r.method == method.upper() and r.path.startswith(path_prefix)
            ]

    def objects(self, kind: str) -> list[dict[str, Any]]:
        """Copies of the stored objects of one kind ("customer", "checkout.session",
        "subscription", "invoice", "billing_portal.session", "payment_method"), oldest first."""
        if kind not in self._objects:
            raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
        with self._lock:
            return copy.deepcopy(list(self._objects[kind].values()))

    def get(self, object_id: str) -> dict[str, Any] | None:
        """A copy of any stored object (or the price/product) by id."""
        with self._lock:
            found = self._lookup(object_id)
            return copy.deepcopy(found) if found is not None else None

    # -- scripting -----------------------------------------------------------------------------

    def fail_next(
        self,
        status: int = 500,
        type: str = "api_error",
        message: str | None = None,
        code: str | None = None,
        times: int = 1,
        path_prefix: str | None = None,
        *,
        param: str | None = None,
        should_retry: bool | None = None,
        method: str | None = None,
    ) -> FakeStripeServer:
        """The next `times` /v1 requests (whose path starts with `path_prefix` and whose verb is
        `method`, if given) get this error envelope. `should_retry` sends
        `Stripe-Should-Retry`, which the SDK obeys."""
        default = {
            401: "Invalid API Key provided.",
            402: "Your card was declined.",
            429: "Too many requests hit the API too quickly.",
        }.get(status, "An unknown error occurred")
        with self._lock:
            self._failures.append(
                _Failure(
                    status,
                    type,
                    message or default,
                    code,
                    param,
                    path_prefix,
                    should_retry,
                    times,
                    method.upper() if method else None,
                )
            )
        return self

    def complete_checkout(
        self, session_id: str, brand: str = "visa", last4: str = "4242"
    ) -> dict[str, Any]:
        """Play the customer paying: the session becomes complete/paid, with a new card, an
        active subscription and one paid invoice. Returns the subscription. A session already
        complete returns its subscription again."""
        with self._lock:
            session = self._objects["checkout.session"].get(session_id)
            if session is None:
                raise KeyError(f"no checkout session {session_id!r}")
            if session["status"] == "complete":
                return copy.deepcopy(self._objects["subscription"][session["subscription"]])
            if session["status"] != "open":
                raise ValueError(f"checkout session {session_id} is {session['status']}")
            now = _now()
            customer = self._objects["customer"][session["customer"]]
            method = self._new_payment_method(customer, brand, last4, now)
            sub = self._new_subscription(
                customer["id"],
                method["id"],
                self._subscription_metadata.get(session_id, {}),
                self._quantities.get(session_id, 1),
                now,
            )
            invoice = self._new_invoice(sub, "paid", None, now, "subscription_create")
            session.update(
                status="complete",
                payment_status="paid",
                subscription=sub["id"],
                invoice=invoice["id"],
                customer_details={
                    "address": None,
                    "email": customer["email"],
                    "name": customer["name"],
                    "phone": None,
                    "tax_exempt": "none",
                    "tax_ids": [],
                },
            )
            events = []
            if self.webhook_url and self.webhook_secret:
                events = [
                    self.event("checkout.session.completed", session, now),
                    self.event("customer.subscription.created", sub, now),
                    self.event("invoice.paid", invoice, now),
                ]
            result = copy.deepcopy(sub)
        for event in events:  # outside the lock: the app may call back while handling one
            self.deliver(event)
        return result

    def set_subscription(self, sub_id: str, **fields: Any) -> dict[str, Any]:
        """Change a subscription's fields. `current_period_start/end` go to its item (endive);
        `status="canceled"` and `cancel_at_period_end` fill canceled_at/ended_at/cancel_at the
        way Stripe does unless given."""
        with self._lock:
            sub = self._objects["subscription"].get(sub_id)
            if sub is None:
                raise KeyError(f"no subscription {sub_id!r}")
            item = sub["items"]["data"][0]
            now = _now()
            for name in ("current_period_start", "current_period_end"):
                if name in fields:
                    item[name] = fields.pop(name)
            if "cancel_at_period_end" in fields:
                pending = bool(fields["cancel_at_period_end"])
                fields.setdefault("canceled_at", now if pending else None)
                fields.setdefault("cancel_at", item["current_period_end"] if pending else None)
                sub["cancellation_details"]["reason"] = (
                    "cancellation_requested" if pending else None
                )
            if fields.get("status") == "canceled":
                fields.setdefault("canceled_at", sub["canceled_at"] or now)
                fields.setdefault("ended_at", now)
                sub["cancellation_details"]["reason"] = (
                    sub["cancellation_details"]["reason"] or "cancellation_requested"
                )
            sub.update(fields)
            return copy.deepcopy(sub)

    def add_invoice(
        self,
        sub_id: str,
        status: str = "paid",
        amount: int | None = None,
        *,
        created: int | None = None,
        billing_reason: str = "subscription_cycle",
    ) -> dict[str, Any]:
        """A new invoice for the subscription (it becomes its latest_invoice)."""
        if status not in ("paid", "open", "draft", "void", "uncollectible"):
            raise ValueError(f"bad invoice status {status!r}")
        with self._lock:
            sub = self._objects["subscription"].get(sub_id)
            if sub is None:
                raise KeyError(f"no subscription {sub_id!r}")
            invoice = self._new_invoice(sub, status, amount, created or _now(), billing_reason)
            return copy.deepcopy(invoice)

    def event(
        self,
        type: str,
        obj: dict[str, Any],
        created: int | None = None,
        *,
        previous_attributes: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A Stripe event payload carrying a copy of `obj`."""
        data: dict[str, Any] = {"object": copy.deepcopy(obj)}
        if previous_attributes is not None:
            data["previous_attributes"] = previous_attributes
        return {
            "id": _id("evt_"),
            "object": "event",
            "api_version": API_VERSION,
            "created": created or _now(),
            "data": data,
            "livemode": False,
            "pending_webhooks": 1,
            "request": {"id": None, "idempotency_key": None},
            "type": type,
        }

    def sign(self, payload: str, secret: str, timestamp: int | None = None) -> str:
        """A `Stripe-Signature` header for this exact body."""
        return stripe.WebhookSignature.generate_signature_header(payload, secret, timestamp)

    def deliver(self, event: dict[str, Any]) -> int | str | None:
        """POST a signed event to `webhook_url` (None when no webhook is configured). The
        outcome (status code or error) is also appended to `deliveries`; never raises."""
        url, secret = self.webhook_url, self.webhook_secret
        if not url or not secret:
            return None
        payload = json.dumps(event, indent=2)
        outcome: int | str
        try:
            response = httpx.post(
                url,
                content=payload.encode(),
                headers={
                    "Content-Type": "application/json; charset=utf-8",
                    "Stripe-Signature": self.sign(payload, secret),
                    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                },
                timeout=30,
            )
            outcome = response.status_code
        except Exception as exc:  # a failed delivery is data for the test, not a crash
            outcome = f"{type(exc).__name__}: {exc}"
        with self._lock:
            self.deliveries.append((str(event.get("type")), outcome))
        return outcome

    # -- objects -------------------------------------------------------------------------------

    def _price(self) -> dict[str, Any]:
        return {
            "id": self.price_id,
            "object": "price",
            "active": True,
            "billing_scheme": "per_unit",
            "created": self._created_at,
            "currency": self.currency,
            "custom_unit_amount": None,
            "livemode": False,
            "lookup_key": None,
            "metadata": {},
            "nickname": None,
            "product": self.product_id,
            "recurring": {
                "interval": "month",
                "interval_count": 1,
                "meter": None,
                "trial_period_days": None,
                "usage_type": "licensed",
            },
            "tax_behavior": "unspecified",
            "tiers_mode": None,
            "transform_quantity": None,
            "type": "recurring",
            "unit_amount": self.unit_amount,
            "unit_amount_decimal": str(self.unit_amount),
        }

    def _product(self) -> dict[str, Any]:
        return {
            "id": self.product_id,
            "object": "product",
            "active": True,
            "created": self._created_at,
            "default_price": self.price_id,
            "description": None,
            "images": [],
            "livemode": False,
            "marketing_features": [],
            "metadata": {},
            "name": self.product_name,
            "package_dimensions": None,
            "shippable": None,
            "statement_descriptor": None,
            "tax_code": None,
            "type": "service",
            "unit_label": None,
            "updated": self._created_at,
            "url": None,
        }

    def _lookup(self, object_id: str) -> dict[str, Any] | None:
        if object_id == self.price_id:
            return self._price()
        if object_id == self.product_id:
            return self._product()
        for prefix, kind in _PREFIX_KIND:
            if object_id.startswith(prefix):
                return self._objects[kind].get(object_id)
        return None

    def _expandable(self, value: str) -> bool:
        return value in (self.price_id, self.product_id) or any(
            value.startswith(prefix) for prefix, _ in _PREFIX_KIND
        )

    def _new_payment_method(
        self, customer: dict[str, Any], brand: str, last4: str, now: int
    ) -> dict[str, Any]:
        method = {
            "id": _id("pm_"),
            "object": "payment_method",
            "allow_redisplay": "limited",
            "billing_details": {
                "address": {
                    "city": None,
                    "country": "US",
                    "line1": None,
                    "line2": None,
                    "postal_code": "94103",
                    "state": None,
                },
                "email": customer["email"],
                "name": customer["name"],
                "phone": None,
                "tax_id": None,
            },
            "card": {
                "brand": brand,
                "checks": {
                    "address_line1_check": None,
                    "address_postal_code_check": "pass",
                    "cvc_check": "pass",
                },
                "country": "US",
                "display_brand": brand,
                "exp_month": 12,
                "exp_year": time.gmtime(now).tm_year + 3,
                "fingerprint": _id("", 16),
                "funding": "credit",
                "generated_from": None,
                "last4": last4,
                "networks": {"available": [brand], "preferred": None},
                "regulated_status": "unregulated",
                "three_d_secure_usage": {"supported": True},
                "wallet": None,
            },
            "created": now,
            "customer": customer["id"],
            "livemode": False,
            "metadata": {},
            "type": "card",
        }
        self._objects["payment_method"][method["id"]] = method
        return method

    def _new_subscription(
        self,
        customer_id: str,
        method_id: str,
        metadata: dict[str, Any],
        quantity: int,
        now: int,
    ) -> dict[str, Any]:
        sub_id = _id("sub_")
        item = {
            "id": _id("si_", 14),
            "object": "subscription_item",
            "created": now,
            "current_period_end": now + PERIOD_SECONDS,
            "current_period_start": now,
            "discounts": [],
            "metadata": {},
            "price": self._price(),
            "quantity": quantity,
            "subscription": sub_id,
            "tax_rates": [],
        }
        sub = {
            "id": sub_id,
            "object": "subscription",
            "application": None,
            "application_fee_percent": None,
            "automatic_tax": {"disabled_reason": None, "enabled": False, "liability": None},
            "billing_cycle_anchor": now,
            "billing_mode": {"flexible": None, "type": "classic"},
            "cancel_at": None,
            "cancel_at_period_end": False,
            "canceled_at": None,
            "cancellation_details": {"comment": None, "feedback": None, "reason": None},
            "collection_method": "charge_automatically",
            "created": now,
            "currency": self.currency,
            "customer": customer_id,
            "days_until_due": None,
            "default_payment_method": method_id,
            "default_source": None,
            "description": None,
            "discounts": [],
            "ended_at": None,
            "invoice_settings": {"account_tax_ids": None, "issuer": {"type": "self"}},
            "items": {
                "object": "list",
                "data": [item],
                "has_more": False,
                "total_count": 1,
                "url": f"/v1/subscription_items?subscription={sub_id}",
            },
            "latest_invoice": None,
            "livemode": False,
            "metadata": dict(metadata),
            "next_pending_invoice_item_invoice": None,
            "pause_collection": None,
            "payment_settings": {
                "payment_method_options": None,
                "payment_method_types": None,
                "save_default_payment_method": "off",
            },
            "pending_setup_intent": None,
            "pending_update": None,
            "schedule": None,
            "start_date": now,
            "status": "active",
            "test_clock": None,
            "trial_end": None,
            "trial_start": None,
        }
        self._objects["subscription"][sub_id] = sub
        return sub

    def _new_invoice(
        self,
        sub: dict[str, Any],
        status: str,
        amount: int | None,
        created: int,
        billing_reason: str,
    ) -> dict[str, Any]:
        self._invoice_count += 1
        item = sub["items"]["data"][0]
        quantity = int(item["quantity"])
        amount = self.unit_amount * quantity if amount is None else amount
        customer = self._objects["customer"].get(sub["customer"]) or {}
        invoice_id = _id("in_")
        paid = status == "paid"
        finalized = None if status == "draft" else created
        period = {"start": item["current_period_start"], "end": item["current_period_end"]}
        unit = money(self.unit_amount, self.currency)
        line = {
            "id": _id("il_"),
            "object": "line_item",
            "amount": amount,
            "currency": self.currency,
            "description": f"{quantity} \u00d7 {self.product_name} (at {unit} / month)",
            "discount_amounts": [],
            "discountable": True,
            "discounts": [],
            "invoice": invoice_id,
            "livemode": False,
            "metadata": dict(sub["metadata"]),
            "parent": {
                "invoice_item_details": None,
                "subscription_item_details": {
                    "invoice_item": None,
                    "proration": False,
                    "proration_details": {"credited_items": None},
                    "subscription": sub["id"],
                    "subscription_item": item["id"],
                },
                "type": "subscription_item_details",
            },
            "period": period,
            "pretax_credit_amounts": [],
            "pricing": {
                "price_details": {"price": self.price_id, "product": self.product_id},
                "type": "price_details",
                "unit_amount_decimal": str(self.unit_amount),
            },
            "quantity": quantity,
            "taxes": [],
        }
        invoice = {
            "id": invoice_id,
            "object": "invoice",
            "account_country": "US",
            "account_name": "Unstuck",
            "amount_due": amount,
            "amount_overpaid": 0,
            "amount_paid": amount if paid else 0,
            "amount_remaining": 0 if paid else amount,
            "amount_shipping": 0,
            "attempt_count": 1 if paid else 0,
            "attempted": paid,
            "auto_advance": not paid and status == "open",
            "billing_reason": billing_reason,
            "collection_method": "charge_automatically",
            "created": created,
            "currency": self.currency,
            "customer": sub["customer"],
            "customer_email": customer.get("email"),
            "customer_name": customer.get("name"),
            "default_payment_method": None,
            "description": None,
            "discounts": [],
            "due_date": None,
            "effective_at": finalized,
            "ending_balance": 0 if finalized else None,
            "hosted_invoice_url": f"{self.base_url}/i/{invoice_id}",
            "invoice_pdf": f"{self.base_url}/i/{invoice_id}/pdf",
            "lines": {
                "object": "list",
                "data": [line],
                "has_more": False,
                "total_count": 1,
                "url": f"/v1/invoices/{invoice_id}/lines",
            },
            "livemode": False,
            "metadata": {},
            "next_payment_attempt": None,
            "number": None if status == "draft" else f"UNSTK-{self._invoice_count:04d}",
            "parent": {
                "quote_details": None,
                "subscription_details": {
                    "metadata": dict(sub["metadata"]),
                    "subscription": sub["id"],
                },
                "type": "subscription_details",
            },
            "period_end": period["end"],
            "period_start": period["start"],
            "starting_balance": 0,
            "status": status,
            "status_transitions": {
                "finalized_at": finalized,
                "marked_uncollectible_at": created if status == "uncollectible" else None,
                "paid_at": created if paid else None,
                "voided_at": created if status == "void" else None,
            },
            "subtotal": amount,
            "total": amount,
            "total_discount_amounts": [],
            "total_taxes": [],
            "webhooks_delivered_at": created,
        }
        self._objects["invoice"][invoice_id] = invoice
        sub["latest_invoice"] = invoice_id
        return invoice

    # -- API -----------------------------------------------------------------------------------

    def _routes(self) -> list[tuple[str, str, Callable[..., dict[str, Any]]]]:
        return [
            ("POST", r"/v1/customers", self._create_customer),
            ("GET", r"/v1/customers/(?P<id>[^/]+)", self._retrieve("customer")),
            ("POST", r"/v1/checkout/sessions", self._create_checkout_session),
            ("GET", r"/v1/checkout/sessions", self._list_checkout_sessions),
            ("GET", r"/v1/checkout/sessions/(?P<id>[^/]+)", self._retrieve("checkout.session")),
            ("GET", r"/v1/subscriptions/(?P<id>[^/]+)", self._retrieve("subscription")),
            ("GET", r"/v1/invoices", self._list_invoices),
            ("GET", r"/v1/invoices/(?P<id>[^/]+)", self._retrieve("invoice")),
            ("GET", r"/v1/payment_methods/(?P<id>[^/]+)", self._retrieve("payment_method")),
            ("GET", r"/v1/prices/(?P<id>[^/]+)", self._retrieve("price")),
            ("GET", r"/v1/products/(?P<id>[^/]+)", self._retrieve("product")),
            ("POST", r"/v1/billing_portal/sessions", self._create_portal_session),
        ]

    def _api(
        self, method: str, path: str, query: dict[str, str], headers: dict[str, str], raw: bytes
    ) -> _Answer:
        request_id = _id("req_", 14)
        base_headers = {
            "Content-Type": "application/json",
            "Request-Id": request_id,
            "Stripe-Version": headers.get("stripe-version") or API_VERSION,
        }
        pairs = parse_qsl(
            raw.decode("utf-8", "replace") if method == "POST" else urlsplit(path).query,
            keep_blank_values=True,
        )
        params = decode_params(pairs)
        route_path = urlsplit(path).path
        record = RecordedRequest(method, route_path, query, headers, params)

        def answer(status: int, body: dict[str, Any], **extra: str) -> _Answer:
            record.status = status
            data = json.dumps(body, indent=2).encode()
            return _Answer(status, data, {**base_headers, **extra})

        with self._lock:
            self._requests.append(record)
            try:
                self._authenticate(headers.get("authorization", ""))
            except StripeApiError as exc:
                return answer(exc.status, exc.envelope(request_id))
            failure = self._take_failure(method, route_path)
            if failure is not None:
                exc = StripeApiError(
                    failure.status,
                    failure.message,
                    type=failure.type,
                    code=failure.code,
                    param=failure.param,
                )
                extra = {}
                if failure.should_retry is not None:
                    extra["Stripe-Should-Retry"] = str(failure.should_retry).lower()
                return answer(exc.status, exc.envelope(request_id), **extra)
            key = headers.get("idempotency-key") if method == "POST" else None
            if key and key in self._saved:
                saved = self._saved[key]
                if (saved.method, saved.path, saved.params) != (method, route_path, params):
                    exc = StripeApiError(
                        400,
                        "Keys for idempotent requests can only be used with the same parameters "
                        "they were first used with. Try using a key other than "
                        f"'{key}' if you meant to execute a different request.",
                        type="idempotency_error",
                    )
                    return answer(exc.status, exc.envelope(request_id))
                return answer(
                    saved.status,
                    copy.deepcopy(saved.body),
                    **{"Idempotent-Replayed": "true", "Original-Request": saved.request_id},
                )
            try:
                body = self._route(method, route_path, params)
                body = self._expand(body, params.get("expand"))
            except StripeApiError as exc:
                return answer(exc.status, exc.envelope(request_id))
            if key:
                self._saved[key] = _Saved(
                    method, route_path, params, 200, copy.deepcopy(body), request_id
                )
            extra = {"Idempotency-Key": key} if key else {}
            return answer(200, body, **extra)

    def _authenticate(self, authorization: str) -> None:
        scheme, _, credential = authorization.partition(" ")
        if scheme.lower() == "basic":
            try:
                credential = base64.b64decode(credential).decode().partition(":")[0]
            except ValueError:
                credential = ""
        elif scheme.lower() != "bearer":
            credential = ""
        credential = credential.strip()
        if not credential:
            raise StripeApiError(
                401,
                "You did not provide an API key. You need to provide your API key in the "
                "Authorization header, using Bearer auth (e.g. 'Authorization: Bearer "
                "YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, "
                "or we can help at https://support.stripe.com/.",
            )
        if credential != self.api_key:
            raise StripeApiError(401, f"Invalid API Key provided: {_mask(credential)}")

    def _take_failure(self, method: str, path: str) -> _Failure | None:
        for failure in self._failures:
            if (failure.path_prefix is None or path.startswith(failure.path_prefix)) and (
                failure.method is None or failure.method == method
            ):
                failure.times -= 1
                if failure.times <= 0:
                    self._failures.remove(failure)
                return failure
        return None

    def _route(self, method: str, path: str, params: dict[str, Any]) -> dict[str, Any]:
        for verb, pattern, handler in self._routes():
            match = re.fullmatch(pattern, path)
            if verb == method and match is not None:
                return handler(params, **match.groupdict())
        raise StripeApiError(
            404,
            f"Unrecognized request URL ({method}: {path}). Please see https://stripe.com/docs or "
            "we can help at https://support.stripe.com/.",
        )

    def _retrieve(self, kind: str) -> Callable[..., dict[str, Any]]:
        def retrieve(params: dict[str, Any], id: str) -> dict[str, Any]:
            if kind == "price":
                found = self._price() if id == self.price_id else None
            elif kind == "product":
                found = self._product() if id == self.product_id else None
            else:
                found = self._objects[kind].get(id)
            if found is None:
                raise _missing({"payment_method": "PaymentMethod"}.get(kind, kind), id)
            return copy.deepcopy(found)

        return retrieve

    def _expand(self, body: dict[str, Any], expand: Any) -> dict[str, Any]:
        paths = [expand] if isinstance(expand, str) else expand or []
        if not isinstance(paths, list):
            raise StripeApiError(400, "Invalid array", param="expand")
        for path in paths:
            self._expand_path(body, str(path).split("."), str(path))
        return body

    def _expand_path(self, node: Any, parts: list[str], full: str) -> None:
        if not parts:
            return
        key, rest = parts[0], parts[1:]
        if isinstance(node, dict) and node.get("object") == "list" and key == "data":
            for item in node["data"]:
                self._expand_path(item, rest, full)
            return
        cannot = StripeApiError(400, f"This property cannot be expanded ({full}).")
        if not isinstance(node, dict) or key not in node:
            raise cannot
        value = node[key]
        if value is None:
            return
        if isinstance(value, str):
            if not self._expandable(value):
                raise cannot
            found = self._lookup(value)
            if found is None:
                return
            value = node[key] = copy.deepcopy(found)
        elif not isinstance(value, dict) or "id" not in value:
            raise cannot
        self._expand_path(value, rest, full)

    def _create_customer(self, params: dict[str, Any]) -> dict[str, Any]:
        customer = {
            "id": _id("cus_", 14),
            "object": "customer",
            "address": None,
            "balance": 0,
            "created": _now(),
            "currency": None,
            "default_source": None,
            "delinquent": False,
            "description": params.get("description"),
            "discount": None,
            "email": params.get("email"),
            "invoice_prefix": "UNSTK",
            "invoice_settings": {
                "custom_fields": None,
                "default_payment_method": None,
                "footer": None,
                "rendering_options": None,
            },
            "livemode": False,
            "metadata": dict(params.get("metadata") or {}),
            "name": params.get("name"),
            "next_invoice_sequence": 1,
            "phone": params.get("phone"),
            "preferred_locales": list(params.get("preferred_locales") or []),
            "shipping": None,
            "tax_exempt": "none",
            "test_clock": None,
        }
        self._objects["customer"][customer["id"]] = customer
        return copy.deepcopy(customer)

    def _create_checkout_session(self, params: dict[str, Any]) -> dict[str, Any]:
        mode = _required(params, "mode")
        if mode != "subscription":
            raise StripeApiError(
                400,
                f"This fake Stripe only supports mode=subscription, not '{mode}'.",
                param="mode",
            )
        customer_id = _required(params, "customer")
        if customer_id not in self._objects["customer"]:
            raise _missing("customer", customer_id, param="customer", status=400)
        items = params.get("line_items")
        if not isinstance(items, list) or not items or not isinstance(items[0], dict):
            raise StripeApiError(
                400,
                "Missing required param: line_items.",
                code="parameter_missing",
                param="line_items",
            )
        price = items[0].get("price")
        if price != self.price_id:
            raise _missing("price", str(price), param="line_items[0][price]", status=400)
        quantity = int(items[0].get("quantity") or 1)
        success_url = _required(params, "success_url")
        cancel_url = _required(params, "cancel_url")
        subscription_data = params.get("subscription_data") or {}
        now = _now()
        session_id = _id("cs_test_", 58)
        amount = self.unit_amount * quantity
        session = {
            "id": session_id,
            "object": "checkout.session",
            "allow_promotion_codes": params.get("allow_promotion_codes") == "true",
            "amount_subtotal": amount,
            "amount_total": amount,
            "billing_address_collection": None,
            "cancel_url": cancel_url,
            "client_reference_id": params.get("client_reference_id"),
            "created": now,
            "currency": self.currency,
            "customer": customer_id,
            "customer_creation": None,
            "customer_details": None,
            "customer_email": None,
            "expires_at": now + DAY,
            "invoice": None,
            "livemode": False,
            "locale": None,
            "metadata": dict(params.get("metadata") or {}),
            "mode": mode,
            "payment_intent": None,
            "payment_method_collection": "always",
            "payment_method_types": ["card"],
            "payment_status": "unpaid",
            "status": "open",
            "submit_type": None,
            "subscription": None,
            "success_url": success_url,
            "total_details": {"amount_discount": 0, "amount_shipping": 0, "amount_tax": 0},
            "ui_mode": "hosted",
            "url": f"{self.base_url}/c/pay/{session_id}",
        }
        self._objects["checkout.session"][session_id] = session
        self._subscription_metadata[session_id] = dict(subscription_data.get("metadata") or {})
        self._quantities[session_id] = quantity
        return copy.deepcopy(session)

    def _list_checkout_sessions(self, params: dict[str, Any]) -> dict[str, Any]:
        limit = _limit(params)
        order = {cs_id: n for n, cs_id in enumerate(self._objects["checkout.session"])}
        customer, status = params.get("customer"), params.get("status")
        sessions = sorted(
            (
                cs
                for cs in self._objects["checkout.session"].values()
                if (not customer or cs["customer"] == customer)
                and (not status or cs["status"] == status)
            ),
            key=lambda cs: (cs["created"], order[cs["id"]]),
            reverse=True,
        )
        return {
            "object": "list",
            "data": copy.deepcopy(sessions[:limit]),
            "has_more": len(sessions) > limit,
            "url": "/v1/checkout/sessions",
        }

    def _list_invoices(self, params: dict[str, Any]) -> dict[str, Any]:
        limit = _limit(params)
        order = {invoice_id: n for n, invoice_id in enumerate(self._objects["invoice"])}
        invoices = sorted(
            self._objects["invoice"].values(),
            key=lambda inv: (inv["created"], order[inv["id"]]),
            reverse=True,
        )
        customer, subscription = params.get("customer"), params.get("subscription")
        status = params.get("status")
        invoices = [
            inv
            for inv in invoices
            if (not customer or inv["customer"] == customer)
            and (
                not subscription
                or inv["parent"]["subscription_details"]["subscription"] == subscription
            )
            and (not status or inv["status"] == status)
        ]
        after = params.get("starting_after")
        if after:
            ids = [inv["id"] for inv in invoices]
            if after not in ids:
                raise _missing("invoice", after, param="starting_after", status=400)
            invoices = invoices[ids.index(after) + 1 :]
        return {
            "object": "list",
            "data": copy.deepcopy(invoices[:limit]),
            "has_more": len(invoices) > limit,
            "url": "/v1/invoices",
        }

    def _create_portal_session(self, params: dict[str, Any]) -> dict[str, Any]:
        customer_id = _required(params, "customer")
        if customer_id not in self._objects["customer"]:
            raise _missing("customer", customer_id, param="customer", status=400)
        session_id = _id("bps_")
        session = {
            "id": session_id,
            "object": "billing_portal.session",
            "configuration": "bpc_" + "UnstuckDefaultPortal",
            "created": _now(),
            "customer": customer_id,
            "flow": None,
            "livemode": False,
            "locale": None,
            "on_behalf_of": None,
            "return_url": params.get("return_url"),
            "url": f"{self.base_url}/p/session/{session_id}",
        }
        self._objects["billing_portal.session"][session_id] = session
        return copy.deepcopy(session)

    # -- HTTP ----------------------------------------------------------------------------------

    def _answer(self, method: str, target: str, headers: dict[str, str], raw: bytes) -> _Answer:
        url = urlsplit(target)
        if url.path == "/v1" or url.path.startswith("/v1/"):
            query = dict(parse_qsl(url.query, keep_blank_values=True))
            return self._api(method, target, query, headers, raw)
        return self._page(method, url.path, raw)

    def _page(self, method: str, path: str, raw: bytes) -> _Answer:
        if match := re.fullmatch(r"/c/pay/([^/]+)", path):
            return self._checkout_page(method, match.group(1), raw)
        if method == "GET" and (match := re.fullmatch(r"/p/session/([^/]+)", path)):
            with self._lock:
                session = copy.deepcopy(self._objects["billing_portal.session"].get(match[1]))
                customer = self._objects["customer"].get(session["customer"]) if session else None
            if session is None:
                return _html(404, "Not found", "<p>This portal session does not exist.</p>")
            who = (customer or {}).get("name") or (customer or {}).get("email") or ""
            return _html(
                200,
                "Billing portal",
                f"<p>Manage the Unstuck subscription of {html.escape(who)}.</p>"
                f'<p><a href="{html.escape(session["return_url"] or "/")}">Return to Unstuck</a>'
                "</p>",
            )
        if method == "GET" and (match := re.fullmatch(r"/i/([^/]+)(/pdf)?", path)):
            invoice = self.get(match[1]) if match[1].startswith("in_") else None
            if invoice is None:
                return _html(404, "Not found", "<p>This invoice does not exist.</p>")
            if match[2]:
                return _Answer(200, b"%PDF-1.4\n%fake\n", {"Content-Type": "application/pdf"})
            return _html(
                200,
                f"Invoice {invoice['number'] or invoice['id']}",
                f"<p>{money(invoice['amount_due'], invoice['currency'])} "
                f"({html.escape(invoice['status'])})</p>",
            )
        return _html(404, "Not found", "<p>There is no page here.</p>")

    def _checkout_page(self, method: str, session_id: str, raw: bytes) -> _Answer:
        session = self.get(session_id) if session_id.startswith("cs_") else None
        if session is None:
            return _html(404, "Not found", "<p>This checkout session does not exist.</p>")
        success = session["success_url"].replace("{CHECKOUT_SESSION_ID}", session_id)
        if method == "POST":
            if session["status"] == "open":
                form = dict(parse_qsl(raw.decode("utf-8", "replace")))
                digits = re.sub(r"\D", "", form.get("card", ""))
                brand = {"5": "mastercard", "3": "amex"}.get(digits[:1], "visa")
                self.complete_checkout(
                    session_id, brand, digits[-4:] if len(digits) >= 4 else "4242"
                )
            elif session["status"] != "complete":
                return _html(410, "Checkout expired", "<p>This checkout session has expired.</p>")
            return _Answer(303, b"", {"Location": success})
        if method != "GET":
            return _html(405, "Method not allowed", "")
        if session["status"] == "complete":
            return _html(
                200,
                "Payment complete",
                f'<p><a href="{html.escape(success)}">Return to Unstuck</a></p>',
            )
        price = f"{money(self.unit_amount, self.currency)} per month"
        action = html.escape(f"/c/pay/{session_id}")
        return _html(
            200,
            "Pay Unstuck",
            f"<p>{html.escape(self.product_name)}</p>"
            f'<p class="amount">{html.escape(price)}</p>'
            f'<form method="post" action="{action}" aria-label="Payment details">'
            '<label>Card number <input name="card" value="4242 4242 4242 4242" '
            'autocomplete="cc-number"></label>'
            '<button type="submit">Subscribe</button>'
            "</form>"
            f'<p><a href="{html.escape(session["cancel_url"])}">Cancel</a></p>',
        )


def _html(status: int, title: str, body: str) -> _Answer:
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title></head>"
        f"<body><main><h1>{html.escape(title)}</h1>{body}</main></body></html>"
    )
    return _Answer(status, page.encode(), {"Content-Type": "text/html; charset=utf-8"})
